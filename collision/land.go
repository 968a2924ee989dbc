package collision

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Static is a static obstacle of a landblock as package stream builds it:
// a LandBlockInfo object or building, an EnvCell's static object, or a
// piece of procedural scenery. The same list is what the world spawns and
// draws, so what is drawn collides and nothing else does.
type Static struct {
	// GUID is the stable guid the static is published under (0x7XXYYIII,
	// scenery 0x8XXYYIII).
	GUID uint32
	// ID is its Setup (0x02…) or GfxObj (0x01…).
	ID uint32
	// Cell is the cell it stands in (an EnvCell for an EnvCell's static).
	Cell uint32
	// Frame places it, landblock-local.
	Frame physics.Frame
	// Scale is its uniform scale (0: 1).
	Scale float32
	// Cells are the EnvCells a building's portals open into (full ids).
	Cells []uint32
	// Building marks a LandBlockInfo building (drawn with the terrain
	// where statics are not world objects; a Setup stab is an object).
	Building bool
}

// Landblock is one resident landblock as package stream built it, read
// once: its terrain heights and words and, for a Near landblock, its
// statics, its scenery and its EnvCells. Collision, the ground and the
// renderer all read it. A Landblock is immutable once published; a
// landblock built again is a new Landblock.
type Landblock struct {
	// Block is the landblock, 0xXXYY0000.
	Block uint32
	// Heights are the vertex heights through the Region's height table.
	Heights Heights
	// Terrain are the vertex terrain words (road, type, scene).
	Terrain [dat.VerticesPerSide * dat.VerticesPerSide]uint16
	// Statics are the LandBlockInfo objects and buildings and the
	// EnvCells' static objects; Scenery the procedural objects.
	Statics []Static
	Scenery []Static
	// Cells are the landblock's EnvCells.
	Cells []*dat.EnvCell
}

// EnvCell returns the landblock's EnvCell id, nil when it has none.
func (l *Landblock) EnvCell(id uint32) *dat.EnvCell {
	for _, c := range l.Cells {
		if c.ID == id {
			return c
		}
	}
	return nil
}
