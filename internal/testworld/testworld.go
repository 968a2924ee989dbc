// Package testworld builds the viewer's test world from the embedded
// sample DATs through the real spawn path: the player, an NPC walking, a
// corpse, a door opening and the windmill, near (145, 125) of landblock
// 0xA9B4, on the grass north-east of the house. Tests, benchmarks and the window test share it.
package testworld

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/systems"
)

// Guids of the test world.
const (
	Player   = 0x50000001
	Walker   = 0x80000010
	Corpse   = 0x80000011
	Door     = 0x80000012
	Windmill = 0x80000013
)

// Sample is the opened sample world; Assets resolves setups, tables,
// scripts and animations as main's loader does.
type Sample struct {
	Portal, Cell *dat.Container
	Land         *dat.LandDefs
	Assets       *systems.DatAssets
}

// Open opens the embedded sample DATs.
func Open() (*Sample, error) {
	p, err := sampleworld.Portal()
	if err != nil {
		return nil, err
	}
	c, err := sampleworld.Cell()
	if err != nil {
		return nil, err
	}
	r, err := p.Region(dat.RegionID)
	if err != nil {
		return nil, err
	}
	return &Sample{Portal: p, Cell: c, Land: &r.LandDefs, Assets: systems.NewDatAssets(p)}, nil
}

// Place returns the cell and frame standing on the terrain at
// landblock-local (x, y) of block 0xA9B4, facing heading.
func (s *Sample) Place(x, y float32, heading float64) (uint32, physics.Frame, error) {
	lb, err := s.Cell.LandBlock(sampleworld.BlockSW)
	if err != nil {
		return 0, physics.Frame{}, err
	}
	fr := physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: s.Land.TerrainZ(lb, x, y)}, Orientation: physics.Heading(heading)}
	return dat.CellAt(sampleworld.BlockSW, x, y), fr, nil
}

// Spawn creates an object of an archetype template from a sample Setup
// (and motion table, 0 for none) standing at (x, y).
func (s *Sample) Spawn(w *systems.World, guid uint32, template string, setup, mt uint32, x, y float32, heading float64) (*components.View, error) {
	d, err := archetypes.FromTemplate(template)
	if err != nil {
		return nil, err
	}
	d.GUID = guid
	if d.Cell, d.Frame, err = s.Place(x, y, heading); err != nil {
		return nil, err
	}
	if d.Setup, err = s.Assets.Setup(setup); err != nil {
		return nil, err
	}
	if mt != 0 {
		if d.MotionTable, err = s.Assets.MotionTable(mt); err != nil {
			return nil, err
		}
	}
	d.Anims = s.Assets
	return w.Spawn(d)
}

// World builds the five-object test world and steps it a few frames so
// every pose is published.
func (s *Sample) World() (*systems.World, error) {
	w := systems.NewWorld()
	w.Assets = s.Assets
	type spec struct {
		guid      uint32
		template  string
		setup, mt uint32
		x, y      float32
		heading   float64
	}
	specs := []spec{
		{Player, "player", sampleworld.HumanSetup, sampleworld.HumanMotionTable, 150, 130, 3 * math.Pi / 4},
		{Walker, "creature", sampleworld.HumanSetup, sampleworld.HumanMotionTable, 141, 127, math.Pi / 2},
		{Corpse, "corpse", sampleworld.HumanSetup, sampleworld.HumanMotionTable, 146, 122, 0.3},
		{Door, "door", sampleworld.DoorSetup, sampleworld.DoorMotionTable, 141, 120, 3 * math.Pi / 4},
		{Windmill, "static", sampleworld.WindmillSetup, 0, 130, 118, math.Pi / 4},
	}
	for _, sp := range specs {
		if _, err := s.Spawn(w, sp.guid, sp.template, sp.setup, sp.mt, sp.x, sp.y, sp.heading); err != nil {
			return nil, fmt.Errorf("testworld: spawn 0x%08X: %w", sp.guid, err)
		}
	}
	w.PlayerGUID = Player
	p := motion.DefaultParams()
	w.Interp(w.Object(Player))
	w.Interp(w.Object(Walker)).DoInterpretedMotion(motion.WalkForward, &p)
	w.Interp(w.Object(Corpse)).DoInterpretedMotion(motion.Dead, &p)
	w.Interp(w.Object(Door)).DoInterpretedMotion(motion.On, &p)
	for i := 0; i < 5; i++ {
		w.Step(1.0 / 60)
	}
	return w, nil
}

// Crowd builds a world of n humans on a grid around (96, 96), for
// benchmarks: each turns while standing, walking or running, so every one
// animates and walks in a small circle, staying in view.
func (s *Sample) Crowd(n int) (*systems.World, error) {
	w := systems.NewWorld()
	w.Assets = s.Assets
	side := int(math.Ceil(math.Sqrt(float64(n))))
	cmds := []uint32{motion.WalkForward, motion.RunForward, motion.Ready}
	for i := 0; i < n; i++ {
		// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
		x := 96 + float32(float32(i%side-side/2)*1.6)
		y := 96 + float32(float32(i/side-side/2)*1.6)
		o, err := s.Spawn(w, 0x80001000+uint32(i), "creature", sampleworld.HumanSetup, sampleworld.HumanMotionTable, x, y, float64(i)*0.7)
		if err != nil {
			return nil, err
		}
		p := motion.DefaultParams()
		w.Interp(o).DoInterpretedMotion(cmds[i%len(cmds)], &p)
		w.Interp(o).DoInterpretedMotion(motion.TurnRight, &p)
	}
	for i := 0; i < 5; i++ {
		w.Step(1.0 / 60)
	}
	return w, nil
}

// Ids of the DAT set OtherDATs builds.
const (
	OtherHumanSetup    = 0x02000101 // the sample's human, renumbered
	OtherDoorSetup     = 0x02000102
	OtherWindmillSetup = 0x02000103
	OtherBlock         = 0x7F7F0000 // the sample's landblock 0xA9B4, moved
)

// OtherDATs builds a portal and a cell DAT that hold the sample world's
// things under other ids, as a user's own DATs would: every Setup
// renumbered (0x020000NN → 0x020001NN, see OtherHumanSetup) and the
// south-west landblock moved to OtherBlock, alone. A script that hard-codes
// the sample's ids fails on them; one that discovers what the DATs hold
// (world.find_setups, world.find_place) does not. noLand leaves the cell
// DAT without any landblock.
func OtherDATs(noLand bool) (portal, cell []byte, err error) {
	p, err := sampleworld.Portal()
	if err != nil {
		return nil, nil, err
	}
	c, err := sampleworld.Cell()
	if err != nil {
		return nil, nil, err
	}
	pb := dat.NewBuilder(p.Dataset())
	for _, e := range p.Entries() {
		data, err := p.Read(e.ID)
		if err != nil {
			return nil, nil, err
		}
		if dat.TypeOf(e.ID, p.Dataset()) != dat.TypeSetup {
			pb.Add(e.ID, data)
			continue
		}
		st, err := dat.DecodeSetup(e.ID, data)
		if err != nil {
			return nil, nil, err
		}
		st.ID += 0x100
		if err := pb.AddObject(st); err != nil {
			return nil, nil, fmt.Errorf("setup 0x%08X: %w", e.ID, err)
		}
	}
	cb := dat.NewBuilder(c.Dataset())
	if !noLand {
		lb, err := c.LandBlock(sampleworld.BlockSW)
		if err != nil {
			return nil, nil, err
		}
		lb.ID = dat.BlockID(OtherBlock)
		if err := cb.AddObject(lb); err != nil {
			return nil, nil, fmt.Errorf("landblock: %w", err)
		}
	}
	if portal, err = pb.Bytes(); err != nil {
		return nil, nil, err
	}
	if cell, err = cb.Bytes(); err != nil {
		return nil, nil, err
	}
	return portal, cell, nil
}
