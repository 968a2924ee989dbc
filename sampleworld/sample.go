// Package sampleworld embeds dereth's sample world: a portal and a cell DAT built
// by the dat writer from the Go description in sampleworld/world, read
// through exactly the same code as retail DATs. Regenerate with
// `go generate ./sampleworld`; README.md lists the ids.
package sampleworld

import (
	_ "embed"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
)

//go:generate go run ./gen

//go:embed portal.dat
var portalDAT []byte

//go:embed cell.dat
var cellDAT []byte

// File names the embedded DATs are opened under (they label errors).
const (
	PortalName = "sample:portal"
	CellName   = "sample:cell"
)

// PortalBytes returns the embedded portal DAT (shared: do not modify).
func PortalBytes() []byte { return portalDAT }

// CellBytes returns the embedded cell DAT (shared: do not modify).
func CellBytes() []byte { return cellDAT }

// Portal opens the embedded portal DAT.
func Portal() (*dat.Container, error) {
	return dat.OpenBytes(portalDAT, PortalName)
}

// Cell opens the embedded cell DAT.
func Cell() (*dat.Container, error) {
	return dat.OpenBytes(cellDAT, CellName)
}

// Ids of the sample world (see README.md and package world).
const (
	HumanSetup       = world.HumanSetup
	HumanMotionTable = world.HumanMotionTable
	HumanScriptTable = world.HumanScriptTable
	DoorSetup        = world.DoorSetup
	DoorMotionTable  = world.DoorMotionTable
	WindmillSetup    = world.WindmillSetup

	HouseGfxObj = world.HouseGfxObj
	TowerGfxObj = world.TowerGfxObj
	WallGfxObj  = world.WallGfxObj
	DoorGfxObj  = world.DoorGfxObj

	AnimReady         = world.AnimReady
	AnimWalkForward   = world.AnimWalkForward
	AnimRunForward    = world.AnimRunForward
	AnimDead          = world.AnimDead
	AnimTurnRight     = world.AnimTurnRight
	AnimSideStepRight = world.AnimSideStepRight
	AnimReadyToWalk   = world.AnimReadyToWalk
	AnimWalkToReady   = world.AnimWalkToReady
	AnimWalkToRun     = world.AnimWalkToRun
	AnimRunToWalk     = world.AnimRunToWalk
	AnimRunToReady    = world.AnimRunToReady
	AnimReadyToDead   = world.AnimReadyToDead
	AnimDoorClosed    = world.AnimDoorClosed
	AnimDoorOpen      = world.AnimDoorOpen
	AnimDoorOpening   = world.AnimDoorOpening
	AnimDoorClosing   = world.AnimDoorClosing
	AnimWindmill      = world.AnimWindmill

	ScriptSparkle  = world.ScriptSparkle
	ScriptHide     = world.ScriptHide
	ScriptUnhide   = world.ScriptUnhide
	ScriptWindmill = world.ScriptWindmill

	Region = world.Region

	BlockSW    = world.BlockSW
	BlockSE    = world.BlockSE
	BlockNW    = world.BlockNW
	BlockNE    = world.BlockNE
	InfoSW     = world.InfoSW
	InfoNE     = world.InfoNE
	HouseCell0 = world.HouseCell0
	HouseCell1 = world.HouseCell1

	NumHumanParts = world.NumHumanParts

	// The bigger world (README.md): the town, the dungeon, the portals and
	// the objects procedural scenery places.
	TownBlock           = world.TownBlock
	TownInfo            = world.TownInfo
	TownHouseCell0      = world.TownHouseCell0
	TownHouseGfxObj     = world.TownHouseGfxObj
	DungeonBlock        = world.DungeonBlock
	DungeonInfo         = world.DungeonInfo
	DungeonEntryCell    = world.DungeonEntryCell
	DungeonCorridorCell = world.DungeonCorridorCell
	DungeonHallCell     = world.DungeonHallCell
	Environment         = world.Environment
	EnvTownHouse        = world.EnvTownHouse
	EnvDungeon          = world.EnvDungeon
	PortalSetup         = world.PortalSetup
	TorchSetup          = world.TorchSetup
	TreeSetup           = world.TreeSetup
	PineSetup           = world.PineSetup
	RockSetup           = world.RockSetup
	BushSetup           = world.BushSetup

	TownPortalCell           = world.TownPortalCell
	TownPortalX              = world.TownPortalX
	TownPortalY              = world.TownPortalY
	TownPortalHeading        = world.TownPortalHeading
	TownPortalDestCell       = world.TownPortalDestCell
	DungeonPortalCell        = world.DungeonPortalCell
	DungeonPortalDestCell    = world.DungeonPortalDestCell
	SpawnCell                = world.SpawnCell
	SpawnX                   = world.SpawnX
	SpawnY                   = world.SpawnY
	SpawnHeading             = world.SpawnHeading
	WorldX0                  = world.WorldX0
	WorldY0                  = world.WorldY0
	WorldSide                = world.WorldSide
	DungeonPortalDestHeading = world.DungeonPortalDestHeading
)

// Blocks lists the sample's outdoor landblocks 0xXXYYFFFF: WorldSide ×
// WorldSide from (WorldX0, WorldY0), x-major. The dungeon's landblock
// DungeonBlock is not among them.
var Blocks = world.LandBlocks()

// DungeonCells lists the dungeon's EnvCells (entry room, corridor, hall).
var DungeonCells = []uint32{DungeonEntryCell, DungeonCorridorCell, DungeonHallCell}

// TownPortalPosition is where the town portal object (PortalSetup) stands.
func TownPortalPosition() physics.Position { return world.TownPortalPosition() }

// TownPortalDestination is where the town portal sends the player: the
// dungeon's entry room.
func TownPortalDestination() physics.Position { return world.TownPortalDestination() }

// DungeonPortalPosition is where the dungeon portal object stands (the hall).
func DungeonPortalPosition() physics.Position { return world.DungeonPortalPosition() }

// DungeonPortalDestination is where the dungeon portal sends the player:
// outside, south of the town portal.
func DungeonPortalDestination() physics.Position { return world.DungeonPortalDestination() }

// SpawnPosition is the default spawn script's player position.
func SpawnPosition() physics.Position { return world.SpawnPosition() }

// Motion commands of the sample tables.
const (
	NonCombat     = world.NonCombat
	Ready         = world.Ready
	WalkForward   = world.WalkForward
	RunForward    = world.RunForward
	Dead          = world.Dead
	TurnRight     = world.TurnRight
	SideStepRight = world.SideStepRight
	On            = world.On
	Off           = world.Off
)
