package sampleworld

import (
	"bytes"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld/world"
)

func open(t *testing.T) (portal, cell *dat.Container) {
	t.Helper()
	p, err := Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Cell()
	if err != nil {
		t.Fatal(err)
	}
	return p, c
}

// TestEmbeddedMatchesWorld checks the committed DATs hold exactly the
// objects the world package describes (same ids, types and sizes); run
// `go generate ./sampleworld` when it fails.
func TestEmbeddedMatchesWorld(t *testing.T) {
	p, c := open(t)
	for _, tc := range []struct {
		c    *dat.Container
		objs []any
	}{{p, world.PortalObjects()}, {c, world.CellObjects()}} {
		if tc.c.Len() != len(tc.objs) {
			t.Errorf("%s: %d objects, world has %d", tc.c.Name(), tc.c.Len(), len(tc.objs))
		}
		for _, o := range tc.objs {
			id, data, err := dat.Encode(o)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := tc.c.Lookup(id)
			if !ok || int(e.Size) != len(data) {
				t.Errorf("%s: object 0x%08X missing or of another size; regenerate", tc.c.Name(), id)
			}
		}
	}
	if n := len(PortalBytes()) + len(CellBytes()); n > 2<<20 {
		t.Errorf("sample DATs are %d bytes, over 2 MiB (issue 27)", n)
	}
}

// TestEveryObjectDecodes reads every object back through the public API.
func TestEveryObjectDecodes(t *testing.T) {
	p, c := open(t)
	if p.Dataset() != dat.DatasetPortal || c.Dataset() != dat.DatasetCell {
		t.Fatalf("datasets %v, %v", p.Dataset(), c.Dataset())
	}
	for _, cont := range []*dat.Container{p, c} {
		for _, e := range cont.Entries() {
			if dat.TypeOf(e.ID, cont.Dataset()) == dat.TypeUnknown {
				t.Errorf("%s: object 0x%08X has no known type", cont.Name(), e.ID)
			}
			if _, err := cont.Object(e.ID); err != nil {
				t.Error(err)
			}
		}
	}
}

func TestHuman(t *testing.T) {
	p, _ := open(t)
	s, err := p.Setup(HumanSetup)
	if err != nil {
		t.Fatal(err)
	}
	if s.NumParts() < 10 || s.Flags&dat.SetupHasParent == 0 || len(s.ParentIndex) != s.NumParts() {
		t.Fatalf("human: %d parts, flags 0x%X", s.NumParts(), s.Flags)
	}
	roots := 0
	for i, par := range s.ParentIndex {
		switch {
		case par >= uint32(s.NumParts()):
			roots++
		case par >= uint32(i):
			t.Errorf("part %d's parent %d does not precede it", i, par)
		}
	}
	if roots != 1 {
		t.Errorf("%d root parts, want 1", roots)
	}
	if f, ok := s.Placement(dat.PlacementDefault); !ok || len(f.Frames) != s.NumParts() {
		t.Fatal("no placement frame 0 for every part")
	}
	if s.DefaultMotionTable != HumanMotionTable {
		t.Errorf("default motion table 0x%08X", s.DefaultMotionTable)
	}
	for _, id := range s.Parts {
		if _, err := p.GfxObj(id); err != nil {
			t.Error(err)
		}
	}

	mt, err := p.MotionTable(HumanMotionTable)
	if err != nil {
		t.Fatal(err)
	}
	if mt.DefaultStyle != NonCombat || mt.StyleDefaults[NonCombat] != Ready {
		t.Fatalf("style 0x%08X default 0x%08X", mt.DefaultStyle, mt.StyleDefaults[NonCombat])
	}
	k := func(m uint32) uint32 { return dat.MotionKey(NonCombat, m) }
	for _, m := range []uint32{Ready, WalkForward, RunForward, Dead} {
		if mt.Cycles[k(m)] == nil {
			t.Errorf("no cycle for 0x%08X", m)
		}
	}
	if v := mt.Cycles[k(WalkForward)].Velocity.Y; v < 3.1 || v > 3.15 {
		t.Errorf("walk velocity %v", v)
	}
	if v := mt.Cycles[k(RunForward)].Velocity.Y; v != 4 {
		t.Errorf("run velocity %v", v)
	}
	if m := mt.Modifiers[k(TurnRight)]; m == nil || m.Flags&dat.MotionHasOmega == 0 || m.Omega.Z == 0 {
		t.Error("TurnRight modifier without omega z")
	}
	if m := mt.Modifiers[k(SideStepRight)]; m == nil || m.Velocity.X == 0 {
		t.Error("SideStepRight modifier without velocity x")
	}
	for _, l := range [][2]uint32{{Ready, WalkForward}, {WalkForward, Ready}, {WalkForward, RunForward},
		{RunForward, WalkForward}, {RunForward, Ready}, {Ready, Dead}} {
		md := mt.Links[k(l[0])][l[1]]
		if md == nil || len(md.Anims) == 0 {
			t.Errorf("no link 0x%08X → 0x%08X", l[0], l[1])
			continue
		}
		checkAnim(t, p, md.Anims[0].AnimID, s.NumParts())
	}
	for _, md := range mt.Cycles {
		checkAnim(t, p, md.Anims[0].AnimID, s.NumParts())
	}
}

// checkAnim reads an animation and checks its part count and that the
// engine-generated AnimationDone never appears as an authored hook.
func checkAnim(t *testing.T, p *dat.Container, id uint32, parts int) *dat.Animation {
	t.Helper()
	a, err := p.Animation(id)
	if err != nil {
		t.Fatal(err)
	}
	if int(a.NumParts) != parts || a.NumFrames() == 0 {
		t.Errorf("animation 0x%08X: %d parts, %d frames", id, a.NumParts, a.NumFrames())
	}
	for _, f := range a.PartFrames {
		for _, h := range f.Hooks {
			if h.Type == dat.HookAnimationDone {
				t.Errorf("animation 0x%08X has an authored AnimationDone hook", id)
			}
		}
	}
	return a
}

func TestHooksPresent(t *testing.T) {
	p, _ := open(t)
	types := map[dat.HookType]bool{}
	for _, e := range p.Entries() {
		if dat.TypeOf(e.ID, dat.DatasetPortal) != dat.TypeAnimation {
			continue
		}
		a := checkAnim(t, p, e.ID, int(mustAnim(t, p, e.ID).NumParts))
		for _, f := range a.PartFrames {
			for _, h := range f.Hooks {
				types[h.Type] = true
			}
		}
	}
	if !types[dat.HookSound] || !types[dat.HookCreateParticle] {
		t.Errorf("animation hook types %v; want Sound and CreateParticle", types)
	}
}

func mustAnim(t *testing.T, p *dat.Container, id uint32) *dat.Animation {
	a, err := p.Animation(id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestDoorAndWindmill(t *testing.T) {
	p, _ := open(t)
	door, err := p.Setup(DoorSetup)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := p.MotionTable(door.DefaultMotionTable)
	if err != nil {
		t.Fatal(err)
	}
	k := func(m uint32) uint32 { return dat.MotionKey(NonCombat, m) }
	if mt.Cycles[k(On)] == nil || mt.Cycles[k(Off)] == nil || mt.Links[k(Off)][On] == nil || mt.Links[k(On)][Off] == nil {
		t.Error("door table lacks On/Off cycles or links")
	}
	w, err := p.Setup(WindmillSetup)
	if err != nil {
		t.Fatal(err)
	}
	if w.DefaultAnimation == 0 || w.DefaultScript == 0 || w.DefaultMotionTable != 0 {
		t.Fatalf("windmill: animation 0x%08X script 0x%08X table 0x%08X", w.DefaultAnimation, w.DefaultScript, w.DefaultMotionTable)
	}
	checkAnim(t, p, w.DefaultAnimation, w.NumParts())
	if _, err := p.PhysicsScript(w.DefaultScript); err != nil {
		t.Error(err)
	}
}

func TestScripts(t *testing.T) {
	p, _ := open(t)
	has := func(id uint32, ht dat.HookType) bool {
		s, err := p.PhysicsScript(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.Entries {
			if e.Hook.Type == ht {
				return true
			}
		}
		return false
	}
	if !has(ScriptSparkle, dat.HookCreateParticle) {
		t.Error("sparkle script has no CreateParticle")
	}
	if !has(ScriptHide, dat.HookNoDraw) || !has(ScriptHide, dat.HookTransparent) {
		t.Error("hide script is not Hidden-style")
	}
	tbl, err := p.PhysicsScriptTable(HumanScriptTable)
	if err != nil || len(tbl.Scripts) == 0 {
		t.Fatalf("script table: %v", err)
	}
}

func TestLand(t *testing.T) {
	p, c := open(t)
	r, err := p.Region(Region)
	if err != nil {
		t.Fatal(err)
	}
	types, heights := map[uint16]bool{}, map[uint8]bool{}
	for _, id := range []uint32{BlockSW, BlockSE, BlockNW, BlockNE} {
		lb, err := c.LandBlock(id)
		if err != nil {
			t.Fatal(err)
		}
		for i := range lb.Terrain {
			types[dat.TerrainWordType(lb.Terrain[i])] = true
			heights[lb.Heights[i]] = true
		}
		if lb.HasObjects {
			li, err := c.LandBlockInfo(dat.BlockInfoID(id))
			if err != nil {
				t.Fatal(err)
			}
			for i := uint32(0); i < li.NumCells; i++ {
				if _, err := c.EnvCell(id&0xFFFF0000 | (0x100 + i)); err != nil {
					t.Error(err)
				}
			}
			for _, o := range li.Objects {
				if _, err := p.Object(o.ID); err != nil {
					t.Error(err)
				}
			}
		}
	}
	if len(types) < 4 || len(heights) < 40 {
		t.Errorf("terrain not varied: %d types, %d heights", len(types), len(heights))
	}
	// Shared edges: column 8 of SW is column 0 of SE.
	sw, _ := c.LandBlock(BlockSW)
	se, _ := c.LandBlock(BlockSE)
	for j := 0; j < 9; j++ {
		if r.LandDefs.VertexZ(sw, 8, j) != r.LandDefs.VertexZ(se, 0, j) {
			t.Fatalf("seam mismatch at row %d", j)
		}
	}
	li, _ := c.LandBlockInfo(InfoSW)
	if len(li.Buildings) == 0 || len(li.Buildings[0].Portals) == 0 {
		t.Error("no building with portals")
	}
}

func TestBytesAreDATs(t *testing.T) {
	for _, b := range [][]byte{PortalBytes(), CellBytes()} {
		if !bytes.Equal(b[dat.HeaderOffset:dat.HeaderOffset+4], []byte{0x42, 0x54, 0, 0}) {
			t.Error("embedded file lacks the DAT magic")
		}
	}
}
