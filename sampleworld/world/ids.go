// Package world describes dereth's sample world as Go values and builds the
// sample portal and cell DATs from them with the dat writer. Package
// sampleworld embeds the built files; sampleworld/gen writes them.
package world

// Portal object ids of the sample world.
const (
	// Textures (RenderSurfaces 0x06…; SurfaceTexture 0x05… with the same
	// low bits lists each) and the palettes of the paletted ones.
	TexGrass     = 0x06000001
	TexLushGrass = 0x06000002
	TexDirt      = 0x06000003
	TexRock      = 0x06000004
	TexSand      = 0x06000005
	TexSnow      = 0x06000006
	TexWater     = 0x06000007
	TexStoneWall = 0x06000010
	TexWood      = 0x06000011
	TexRoof      = 0x06000012
	TexCloth     = 0x06000013
	TexSkin      = 0x06000014

	// Surfaces: textured except leaves (a solid colour).
	SurfaceStone  = 0x08000001
	SurfaceWood   = 0x08000002
	SurfaceSkin   = 0x08000003
	SurfaceCloth  = 0x08000004
	SurfaceRoof   = 0x08000005
	SurfaceLeaves = 0x08000006

	// More surfaces, all textured with the generated textures: rock,
	// the portal swirl (water, luminous, slightly translucent), flame
	// (sand, luminous) and foliage (lush grass) for the scenery.
	SurfaceRock    = 0x08000007
	SurfacePortal  = 0x08000008
	SurfaceFlame   = 0x08000009
	SurfaceFoliage = 0x0800000A

	// Building-like GfxObjs.
	HouseGfxObj     = 0x01000100
	TowerGfxObj     = 0x01000101
	WallGfxObj      = 0x01000102
	TownHouseGfxObj = 0x01000103 // 8×6×3.5 shell with a real doorway (a hollow building)

	// Scenery GfxObjs (parts of the scenery Setups).
	TrunkGfxObj  = 0x01000040
	CanopyGfxObj = 0x01000041
	PineGfxObj   = 0x01000042
	RockGfxObj   = 0x01000043
	BushGfxObj   = 0x01000044

	// Portal, torch and pillar GfxObjs.
	PortalRingGfxObj  = 0x01000050
	PortalSwirlGfxObj = 0x01000051
	TorchGfxObj       = 0x01000052
	PillarGfxObj      = 0x01000053

	// Scenery Setups: trees and rocks collide (a cylinder or a sphere),
	// bushes do not (no shapes).
	TreeSetup = 0x02000020
	PineSetup = 0x02000021
	RockSetup = 0x02000022
	BushSetup = 0x02000023

	// PortalSetup is the portal object: a ring and a turning swirl (default
	// animation AnimPortalSwirl), a purple light, ethereal-sized cylinder.
	PortalSetup = 0x02000030
	// TorchSetup is a wall torch with a light (the dungeon's lights).
	TorchSetup = 0x02000031

	// Scenes (0x12…) the Region's scene types list.
	SceneBushes = 0x12000001 // sparse bushes: the only scenery of the original 2×2 area's terrain types
	SceneForest = 0x12000002 // broadleaf trees, pines and bushes
	ScenePines  = 0x12000003 // dense pines
	SceneMeadow = 0x12000004 // bushes and the odd tree
	SceneRocks  = 0x12000005 // rocks aligned to the slope

	// Environments: the house's two cells, the town house's room, the
	// dungeon's rooms and corridor.
	EnvTownHouse = 0x0D000002
	EnvDungeon   = 0x0D000003

	// Human part GfxObjs.
	PelvisGfxObj   = 0x01000010
	TorsoGfxObj    = 0x01000011
	HeadGfxObj     = 0x01000012
	UpperArmGfxObj = 0x01000013
	ForearmGfxObj  = 0x01000014
	ThighGfxObj    = 0x01000015
	ShinGfxObj     = 0x01000016

	DoorGfxObj        = 0x01000020
	WindmillTowerGfx  = 0x01000031
	WindmillBladesGfx = 0x01000030

	// Setups.
	HumanSetup    = 0x02000001
	DoorSetup     = 0x02000002
	WindmillSetup = 0x02000003

	// Motion tables.
	HumanMotionTable = 0x09000001
	DoorMotionTable  = 0x09000002

	// Human animations (11 parts).
	AnimReady         = 0x03000001
	AnimWalkForward   = 0x03000002
	AnimRunForward    = 0x03000003
	AnimDead          = 0x03000004
	AnimTurnRight     = 0x03000005
	AnimSideStepRight = 0x03000006
	AnimReadyToWalk   = 0x03000007
	AnimWalkToReady   = 0x03000008
	AnimWalkToRun     = 0x03000009
	AnimRunToWalk     = 0x0300000A
	AnimRunToReady    = 0x0300000B
	AnimReadyToDead   = 0x0300000C

	// Door animations (1 part).
	AnimDoorClosed  = 0x03000020
	AnimDoorOpen    = 0x03000021
	AnimDoorOpening = 0x03000022
	AnimDoorClosing = 0x03000023

	// The windmill's default animation (its blades turn).
	AnimWindmill = 0x03000030
	// The portal's default animation (its swirl turns).
	AnimPortalSwirl = 0x03000040

	// Physics scripts.
	ScriptSparkle  = 0x33000001 // CreateParticle ×2, then StopParticle
	ScriptHide     = 0x33000002 // Transparent ramp 0→1, then NoDraw on
	ScriptWindmill = 0x33000003 // the windmill's default script: smoke
	ScriptUnhide   = 0x33000004 // NoDraw off, Transparent ramp 1→0

	// The human's script table and its script types.
	HumanScriptTable  = 0x34000001
	ScriptTypeSparkle = 1
	ScriptTypeHide    = 2
	ScriptTypeUnhide  = 3

	// Sounds are referenced but not stored (the sample has no sounds);
	// the emitters are stored (particles.go), and so is the house's
	// Environment (structures 0 and 1).
	SoundFootstep   = 0x0A000001
	SoundRunStep    = 0x0A000002
	SoundThud       = 0x0A000003
	SoundDoorCreak  = 0x0A000010
	EmitterSparkle  = 0x32000002
	EmitterSmoke    = 0x32000001
	EmitterDust     = 0x32000003
	Environment     = 0x0D000001
	Region          = 0x13000000
	IterationObject = 0xFFFF0001
)

// Motion commands used by the sample tables.
const (
	NonCombat     = 0x8000003D
	Ready         = 0x41000003
	WalkForward   = 0x45000005
	RunForward    = 0x44000007
	Dead          = 0x40000011
	TurnRight     = 0x6500000D
	SideStepRight = 0x6500000F
	On            = 0x4000000B
	Off           = 0x4000000C
)

// Human part indices (the Setup's parts, ParentIndex in brackets).
const (
	PartPelvis    = iota // root
	PartTorso            // [pelvis]
	PartHead             // [torso]
	PartLUpperArm        // [torso]
	PartLForearm         // [left upper arm]
	PartRUpperArm        // [torso]
	PartRForearm         // [right upper arm]
	PartLThigh           // [pelvis]
	PartLShin            // [left thigh]
	PartRThigh           // [pelvis]
	PartRShin            // [right thigh]
	NumHumanParts
)

// Cell ids of the 2×2-landblock area.
const (
	BlockSW = 0xA9B4FFFF
	BlockSE = 0xAAB4FFFF
	BlockNW = 0xA9B5FFFF
	BlockNE = 0xAAB5FFFF

	InfoSW = 0xA9B4FFFE // house, windmill, door, walls; two EnvCells
	InfoNE = 0xAAB5FFFE // tower and walls

	HouseCell0 = 0xA9B40100
	HouseCell1 = 0xA9B40101
)

// OrigBlocks lists the original 2×2 area's landblocks; LandBlocks lists
// them all.
var OrigBlocks = []uint32{BlockSW, BlockSE, BlockNW, BlockNE}
