package stream

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenery"
)

// Synthetic is a Source of a rectangle of generated landblocks (rolling
// terrain, the same statics in every Near block, optionally one dungeon
// landblock of EnvCells): the conformance scenarios and benchmarks stream
// it without any DAT.
type Synthetic struct {
	// MinX..MaxX, MinY..MaxY is the landblock rectangle that exists.
	MinX, MinY, MaxX, MaxY int
	// Statics are the Setup (or GfxObj) ids placed in every Near block.
	Statics []uint32
	// Scenery is how many scenery objects (SceneryID, ids 0x8XXYYIII from
	// scenery.ObjectID) every Near block gets; past 4096 the build fails.
	Scenery   int
	SceneryID uint32
	// DungeonBlock is a landblock (0xXXYY0000, 0: none) whose DungeonCells
	// EnvCells 0xXXYY0100… are dungeon space.
	DungeonBlock uint32
	DungeonCells int
}

func (s *Synthetic) has(block uint32) bool {
	x, y := dat.BlockXY(block)
	return x >= s.MinX && x <= s.MaxX && y >= s.MinY && y <= s.MaxY
}

// Height is the synthetic terrain height at global vertex (gx, gy).
func Height(gx, gy int) float32 {
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	return 20 + float32(6*float32(math.Sin(float64(gx)*0.31)*math.Cos(float64(gy)*0.27)))
}

// Build implements Source.
func (s *Synthetic) Build(req Request) (*Build, error) {
	block := req.Block & 0xFFFF0000
	if !s.has(block) {
		return nil, fmt.Errorf("stream: synthetic landblock 0x%04X: %w", block>>16, dat.ErrNotFound)
	}
	b := newBuild(block, req.Tier)
	bx, by := dat.BlockXY(block)
	for i := range dat.VerticesPerSide {
		for j := range dat.VerticesPerSide {
			b.Heights[i*dat.VerticesPerSide+j] = Height(bx*8+i, by*8+j)
			b.Terrain[i*dat.VerticesPerSide+j] = dat.TerrainWord(0, 1, 0)
		}
	}
	if req.Tier == Near {
		for i, id := range s.Statics {
			g, err := StaticGUID(StaticClass, block, i)
			if err != nil {
				return nil, err
			}
			x, y := float32(24+24*(i%6)), float32(24+24*(i/6%6))
			z := dat.TerrainHeight(block, &b.Heights, x, y)
			b.Statics = append(b.Statics, Static{GUID: g, ID: id, Cell: dat.CellAt(block, x, y),
				Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: z}, Orientation: physics.IdentityQuat}})
		}
		for i := range s.Scenery {
			g, err := scenery.ObjectID(block, i)
			if err != nil {
				return nil, fmt.Errorf("stream: synthetic scenery of landblock 0x%04X: %w", block>>16, err)
			}
			x, y := float32(4+i%46*4), float32(100+i/46%20*4)
			st := Static{GUID: g, ID: s.SceneryID, Cell: dat.CellAt(block, x, y),
				Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: dat.TerrainHeight(block, &b.Heights, x, y)}, Orientation: physics.IdentityQuat}}
			b.Scenery = append(b.Scenery, st)
		}
		if block == s.DungeonBlock {
			for i := range s.DungeonCells {
				b.Cells = append(b.Cells, &dat.EnvCell{ID: block | uint32(0x100+i), EnvironmentID: 0x0D000001,
					Position: physics.Frame{Origin: physics.Vec3{X: float32(10 * i), Y: 0, Z: -50}, Orientation: physics.IdentityQuat}})
			}
		}
	}
	return b, nil
}

// Hydratable implements Source.
func (s *Synthetic) Hydratable(cell uint32) bool {
	if !s.has(cell & 0xFFFF0000) {
		return false
	}
	if dat.IsOutdoorCell(cell) {
		return true
	}
	return cell&0xFFFF0000 == s.DungeonBlock && int(cell&0xFFFF)-0x100 < s.DungeonCells
}

// Dungeon implements Source.
func (s *Synthetic) Dungeon(cell uint32) bool {
	return s.DungeonBlock != 0 && cell&0xFFFF0000 == s.DungeonBlock
}
