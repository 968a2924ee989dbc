// Package streamtest builds a streaming test world with dereth's own DAT
// writer: a strip of outdoor landblocks (gentle terrain, a tower and a
// wall in each), a dungeon landblock of EnvCells, and the sample world's
// portal DAT (its humanoid, door and meshes). Tests and benchmarks write
// it to a temporary folder as client_portal.dat and client_cell_1.dat.
package streamtest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
)

// The world's layout.
const (
	// MinX..MaxX × MinY..MaxY are the outdoor landblocks.
	MinX, MaxX = 0x20, 0x3A
	MinY, MaxY = 0x40, 0x42
	// Dungeon is the dungeon landblock; DungeonCells its EnvCells
	// 0x0100… (not seen from outside).
	Dungeon      = 0x30300000
	DungeonCells = 3
	// StaticsPerBlock is how many LandBlockInfo objects each outdoor
	// landblock holds.
	StaticsPerBlock = 2
)

// Block is landblock (x, y)'s id 0xXXYY0000.
func Block(x, y int) uint32 { return uint32(x)<<24 | uint32(y)<<16 }

// heightIndex is the height-table index of global vertex (gx, gy): a
// gentle swell (the sample Region's table is 2 m a step at the bottom).
func heightIndex(gx, gy int) uint8 {
	// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
	return uint8(10 + float64(2*math.Sin(float64(gx)*0.2)*math.Cos(float64(gy)*0.23)))
}

func frame(x, y, z float32, heading float64) physics.Frame {
	h := heading / 2
	return physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: z},
		Orientation: physics.Quat{W: float32(math.Cos(h)), Z: float32(-math.Sin(h))}}
}

// CellDAT encodes the world's cell DAT.
func CellDAT() ([]byte, error) {
	b := dat.NewBuilder(dat.DatasetCell)
	add := func(o any) error {
		if err := b.AddObject(o); err != nil {
			return fmt.Errorf("streamtest: %w", err)
		}
		return nil
	}
	land := func(block uint32, objects bool) *dat.LandBlock {
		lb := &dat.LandBlock{ID: block | dat.BlockCellPart, HasObjects: objects}
		bx, by := dat.BlockXY(block)
		for i := range dat.VerticesPerSide {
			for j := range dat.VerticesPerSide {
				k := i*dat.VerticesPerSide + j
				lb.Heights[k] = heightIndex(bx*8+i, by*8+j)
				road := uint16(0)
				if j == 4 {
					road = 1 // a road along the strip's middle
				}
				lb.Terrain[k] = dat.TerrainWord(road, 1, 0)
			}
		}
		return lb
	}
	for x := MinX; x <= MaxX; x++ {
		for y := MinY; y <= MaxY; y++ {
			blk := Block(x, y)
			if err := add(land(blk, true)); err != nil {
				return nil, err
			}
			info := &dat.LandBlockInfo{ID: blk | dat.LandBlockInfoPart, Objects: []dat.Stab{
				{ID: sampleworld.TowerGfxObj, Frame: frame(40, 30, 20, 0)},
				{ID: sampleworld.WallGfxObj, Frame: frame(150, 160, 20, math.Pi/2)},
			}}
			if err := add(info); err != nil {
				return nil, err
			}
		}
	}
	if err := add(land(Dungeon, true)); err != nil {
		return nil, err
	}
	info := &dat.LandBlockInfo{ID: Dungeon | dat.LandBlockInfoPart, NumCells: DungeonCells}
	if err := add(info); err != nil {
		return nil, err
	}
	for i := range DungeonCells {
		c := &dat.EnvCell{ID: Dungeon | uint32(0x100+i), EnvironmentID: 0x0D000001,
			Surfaces: []uint32{0x08000001}, Position: frame(float32(20*i), 0, -40, 0),
			Flags: dat.EnvCellHasStaticObjs, StaticObjects: []dat.Stab{{ID: sampleworld.WallGfxObj, Frame: frame(float32(20*i), 5, -40, 0)}}}
		if err := add(c); err != nil {
			return nil, err
		}
	}
	return b.Bytes()
}

// Write writes client_portal.dat (the sample world's) and client_cell_1.dat
// into dir.
func Write(dir string) error {
	cell, err := CellDAT()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "client_cell_1.dat"), cell, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "client_portal.dat"), sampleworld.PortalBytes(), 0o644)
}

// Open builds the world in memory: the sample portal and the cell DAT.
func Open() (portal, cell *dat.Container, err error) {
	b, err := CellDAT()
	if err != nil {
		return nil, nil, err
	}
	if portal, err = sampleworld.Portal(); err != nil {
		return nil, nil, err
	}
	cell, err = dat.OpenBytes(b, "streamtest:cell")
	return portal, cell, err
}
