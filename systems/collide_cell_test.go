package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// facing orders a quad's corners so that its normal points along n.
func facing(n physics.Vec3, q [4]physics.Vec3) [4]physics.Vec3 {
	if q[1].Sub(q[0]).Cross(q[2].Sub(q[0])).Dot(n) < 0 {
		q[1], q[3] = q[3], q[1]
	}
	return q
}

// quad is the axis-aligned rectangle between corners a and b (which share
// one coordinate), facing n.
func quad(n, a, b physics.Vec3) [4]physics.Vec3 {
	v := func(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }
	switch {
	case a.X == b.X:
		return facing(n, [4]physics.Vec3{v(a.X, a.Y, a.Z), v(a.X, b.Y, a.Z), v(a.X, b.Y, b.Z), v(a.X, a.Y, b.Z)})
	case a.Y == b.Y:
		return facing(n, [4]physics.Vec3{v(a.X, a.Y, a.Z), v(b.X, a.Y, a.Z), v(b.X, a.Y, b.Z), v(a.X, a.Y, b.Z)})
	}
	return facing(n, [4]physics.Vec3{v(a.X, a.Y, a.Z), v(b.X, a.Y, a.Z), v(b.X, b.Y, a.Z), v(a.X, b.Y, a.Z)})
}

// quadsGfxObj is a GfxObj whose physics geometry is the quads, one-sided,
// under one physics BSP leaf.
func quadsGfxObj(id uint32, quads [][4]physics.Vec3) *dat.GfxObj {
	g := &dat.GfxObj{ID: id, Flags: dat.GfxObjHasPhysics}
	leaf := &dat.BSPNode{Tag: "LEAF"}
	for i, q := range quads {
		ids := make([]int16, 4)
		for k, c := range q {
			key := uint16(len(g.Vertices))
			g.Vertices = append(g.Vertices, dat.Vertex{Key: key, Origin: c})
			ids[k] = int16(key)
		}
		g.PhysicsPolygons = append(g.PhysicsPolygons, dat.Polygon{Key: uint16(i), Stippling: 0xC, SidesType: dat.SidesClockwise, VertexIDs: ids})
		leaf.Polys = append(leaf.Polys, uint16(i))
	}
	g.PhysicsBSP = leaf
	return g
}

const (
	houseCell  = 0xA9B40100
	houseShell = 0x01FE0001
	houseCrate = 0x01FE0002
)

var (
	up, down             = physics.Vec3{Z: 1}, physics.Vec3{Z: -1}
	northN, southN       = physics.Vec3{Y: 1}, physics.Vec3{Y: -1}
	eastN, westN         = physics.Vec3{X: 1}, physics.Vec3{X: -1}
	v3s                  = func(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }
	houseLo, houseHi     = v3s(50, 50, groundZ), v3s(60, 60, groundZ+4)
	doorX0, doorX1, door = float32(54), float32(56), float32(groundZ + 3)
)

// envAssets adds a portal DAT's Environments to the wall assets.
type envAssets struct {
	wallAssets
	portal *dat.Container
}

func (a envAssets) Environment(id uint32) (*dat.Environment, error) { return a.portal.Environment(id) }

// keyed adds quads to a vertex list and returns them as polygons keyed
// from key.
func keyed(verts *[]dat.Vertex, key uint16, quads ...[4]physics.Vec3) []dat.Polygon {
	var out []dat.Polygon
	for i, q := range quads {
		ids := make([]int16, 4)
		for k, c := range q {
			vk := uint16(len(*verts))
			*verts = append(*verts, dat.Vertex{Key: vk, Origin: c})
			ids[k] = int16(vk)
		}
		out = append(out, dat.Polygon{Key: key + uint16(i), Stippling: 0xC, SidesType: dat.SidesClockwise, VertexIDs: ids})
	}
	return out
}

// cellBSP is a cell BSP whose positive chain is the planes, ending in a
// leaf.
func cellBSP(planes ...dat.Plane) *dat.BSPNode {
	n := &dat.BSPNode{Tag: "LEAF"}
	for i := len(planes) - 1; i >= 0; i-- {
		n = &dat.BSPNode{Tag: "BPIn", Plane: planes[i], Pos: n}
	}
	return n
}

const houseEnv = 0x0D0000F0

// houseWorld is collideWorld with a house in the DATs dereth's writer
// makes: the cell DAT's LandBlockInfo names a building (a 10 × 10 × 4
// shell, a GfxObj with a physics BSP, at x, y 50..60 on the ground, with a
// door 2 wide and 3 high in the middle of its south wall) whose portal
// opens into EnvCell 0xA9B40100; the portal DAT's Environment holds that
// cell's CellStruct: a room of the same size whose walls, floor and
// ceiling face inwards, a cell BSP of its six planes and its door portal,
// which opens outside. The World finds all of it by itself: the building
// when a move first reaches the landblock, the cell when a move reaches
// its building's portal.
func houseWorld(t *testing.T) *World { return houseWorldWith(t, false) }

// houseWorldWith is houseWorld, with a crate (a 1 × 1 × 1 box GfxObj with
// a physics BSP) on the room's floor at x 54.5..55.5, y 54..55 as the
// EnvCell's static object when crate is set.
func houseWorldWith(t *testing.T, crate bool) *World {
	t.Helper()
	w := collideWorld(t)
	lo, hi := houseLo, houseHi
	shell := quadsGfxObj(houseShell, [][4]physics.Vec3{
		quad(up, v3s(lo.X, lo.Y, hi.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(northN, v3s(lo.X, hi.Y, lo.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(eastN, v3s(hi.X, lo.Y, lo.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(westN, v3s(lo.X, lo.Y, lo.Z), v3s(lo.X, hi.Y, hi.Z)),
		quad(southN, v3s(lo.X, lo.Y, lo.Z), v3s(doorX0, lo.Y, hi.Z)),
		quad(southN, v3s(doorX1, lo.Y, lo.Z), v3s(hi.X, lo.Y, hi.Z)),
		quad(southN, v3s(doorX0, lo.Y, door), v3s(doorX1, lo.Y, hi.Z)),
	})
	// The room, in its own space: its frame puts its corner at lo.
	sz := hi.Sub(lo)
	dx0, dx1, dz := doorX0-lo.X, doorX1-lo.X, door-lo.Z
	cs := dat.CellStruct{}
	cs.PhysicsPolygons = keyed(&cs.Vertices, 0,
		quad(up, v3s(0, 0, 0), v3s(sz.X, sz.Y, 0)),
		quad(down, v3s(0, 0, sz.Z), v3s(sz.X, sz.Y, sz.Z)),
		quad(southN, v3s(0, sz.Y, 0), v3s(sz.X, sz.Y, sz.Z)),
		quad(westN, v3s(sz.X, 0, 0), v3s(sz.X, sz.Y, sz.Z)),
		quad(eastN, v3s(0, 0, 0), v3s(0, sz.Y, sz.Z)),
		quad(northN, v3s(0, 0, 0), v3s(dx0, 0, sz.Z)),
		quad(northN, v3s(dx1, 0, 0), v3s(sz.X, 0, sz.Z)),
		quad(northN, v3s(dx0, 0, dz), v3s(dx1, 0, sz.Z)),
	)
	leaf := &dat.BSPNode{Tag: "LEAF", Solid: 1}
	for _, p := range cs.PhysicsPolygons {
		leaf.Polys = append(leaf.Polys, p.Key)
	}
	cs.PhysicsBSP = leaf
	cs.Polygons = keyed(&cs.Vertices, 100, quad(northN, v3s(dx0, 0, 0), v3s(dx1, 0, dz)))
	cs.Portals = []uint16{100}
	cs.CellBSP = cellBSP(dat.Plane{Normal: up}, dat.Plane{Normal: down, D: sz.Z}, dat.Plane{Normal: northN},
		dat.Plane{Normal: southN, D: sz.Y}, dat.Plane{Normal: eastN}, dat.Plane{Normal: westN, D: sz.X})

	envCell := &dat.EnvCell{ID: houseCell, EnvironmentID: houseEnv, Position: physics.Frame{Origin: lo, Orientation: physics.IdentityQuat},
		Portals: []dat.CellPortal{{PolygonID: 100, OtherCellID: 0xFFFF}}}
	if crate {
		envCell.Flags |= dat.EnvCellHasStaticObjs
		envCell.StaticObjects = []dat.Stab{{ID: houseCrate, Frame: physics.Frame{Origin: v3s(55, 54.5, groundZ), Orientation: physics.IdentityQuat}}}
	}
	portal := dat.NewBuilder(dat.DatasetPortal)
	cells := dat.NewBuilder(dat.DatasetCell)
	for _, o := range []struct {
		b   *dat.Builder
		obj any
	}{
		{portal, shell},
		{portal, &dat.Environment{ID: houseEnv, Cells: map[uint32]dat.CellStruct{0: cs}}},
		{portal, boxGfxObj(houseCrate, v3s(-0.5, -0.5, 0), v3s(0.5, 0.5, 1))},
		{cells, envCell},
		{cells, &dat.LandBlockInfo{ID: 0xA9B4FFFE, NumCells: 1, Buildings: []dat.BuildInfo{{
			ModelID: houseShell, Frame: physics.IdentityFrame,
			Portals: []dat.BuildingPortal{{OtherCellID: houseCell & 0xFFFF}},
		}}}},
	} {
		if err := o.b.AddObject(o.obj); err != nil {
			t.Fatal(err)
		}
	}
	open := func(b *dat.Builder, name string) *dat.Container {
		raw, err := b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		c, err := dat.OpenBytes(raw, name)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	pc, cc := open(portal, "house_portal.dat"), open(cells, "house_cell.dat")
	a := w.Assets.(wallAssets)
	for _, id := range []uint32{houseShell, houseCrate} {
		g, err := pc.GfxObj(id)
		if err != nil {
			t.Fatal(err)
		}
		a.gfx[id] = g
	}
	w.Assets = envAssets{wallAssets: a, portal: pc}
	land := flatLand(groundZ)
	st, ecs, err := datLandblock(cc, 0xA9B40000)
	if err != nil {
		t.Fatal(err)
	}
	land.set(0xA9B40000, st, ecs)
	w.Ground = land
	return w
}

// walkerInCell is walker placed in a given cell.
func walkerInCell(t *testing.T, w *World, guid, cell uint32, at physics.Vec3, heading float32) {
	t.Helper()
	m := human(guid, motion.Ready)
	rad := -float64(heading) * math.Pi / 180
	m.Physics.Position = protocol.Position{Cell: cell, Frame: physics.Frame{Origin: at,
		Orientation: physics.Quat{W: float32(math.Cos(rad / 2)), Z: float32(math.Sin(rad / 2))}}}
	viaBytes(t, w, m)
	um := &protocol.UpdateMotion{Guid: guid, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um)
}

// TestEnteringABuildingThroughItsDoorChangesCell: a creature walking
// north through the house's door is in the outdoor cell while its first
// sphere's centre is south of the door plane (y 50) and in EnvCell
// 0xA9B40100 from the tick it crosses it; inside, the room's north wall
// stops it short of the radius (y 59.55) on the room's floor, and the outbound
// AutonomousPosition carries the EnvCell and that position.
func TestEnteringABuildingThroughItsDoorChangesCell(t *testing.T) {
	w := houseWorld(t)
	walker(t, w, 0x50000001, 55, 46, 0)
	o := w.Object(0x50000001)
	crossed := 0
	for range 150 {
		w.Step(0.05)
		p := o.Phys.Position
		inside := p.Cell == houseCell
		if inside != (p.Frame.Origin.Y >= 50) {
			t.Fatalf("cell 0x%08X at y %v: the cell does not follow the door plane y 50", p.Cell, p.Frame.Origin.Y)
		}
		if inside && crossed == 0 {
			crossed = w.FrameNo
		}
	}
	if crossed == 0 {
		t.Fatal("never entered the house")
	}
	p := o.Phys.Position
	if p.Cell != houseCell || !stoppedBefore(p.Frame.Origin.Y, 59.55) || math.Abs(float64(p.Frame.Origin.Z-groundZ)) > 0.01 {
		t.Fatalf("ended in 0x%08X at %+v, want 0x%08X short of y 59.55 on the floor", p.Cell, p.Frame.Origin, uint32(houseCell))
	}
	c := w.Collisions(0x50000001)
	if c == nil || len(c.Hits) == 0 || c.Hits[0].Kind != collision.HitCell || c.Hits[0].Cell != houseCell {
		t.Fatalf("last contacts %+v, want the room's north wall", c)
	}
	w.PlayerGUID = 0x50000001
	var ob Outbound
	ap := roundTrip(t, ob.AutonomousPosition(o))
	if ap.Position.Cell != houseCell || ap.Position.Frame.Origin != p.Frame.Origin {
		t.Fatalf("AutonomousPosition in 0x%08X at %+v, want the room at %+v", ap.Position.Cell, ap.Position.Frame.Origin, p.Frame.Origin)
	}
}

// TestLeavingABuildingThroughItsDoor: a creature in the room walking
// south leaves through the door into the outdoor cell under it, and one
// walking south beside the door is stopped by the room's south wall.
func TestLeavingABuildingThroughItsDoor(t *testing.T) {
	w := houseWorld(t)
	walkerInCell(t, w, 0x50000001, houseCell, v3s(55, 55, groundZ), 180)
	walkerInCell(t, w, 0x50000002, houseCell, v3s(52, 55, groundZ), 180)
	for range 100 {
		w.Step(0.05)
	}
	a, b := w.Object(0x50000001).Phys.Position, w.Object(0x50000002).Phys.Position
	if !dat.IsOutdoorCell(a.Cell) || a.Frame.Origin.Y > 49 || a.Cell != dat.CellAt(a.Cell, a.Frame.Origin.X, a.Frame.Origin.Y) {
		t.Fatalf("through the door: 0x%08X at %+v, want the outdoor cell south of the house", a.Cell, a.Frame.Origin)
	}
	if b.Cell != houseCell || !stoppedBefore(-b.Frame.Origin.Y, -50.45) {
		t.Fatalf("beside the door: 0x%08X at %+v, want the room, stopped short of y 50.45", b.Cell, b.Frame.Origin)
	}
}

// TestShellBlocksOutsideAndRemoveLandblockDropsIt: outside, beside the
// door, the house shell stops a walker short of the radius (y 49.55); once the
// landblock is built again without its statics (after the first tick
// published it), the same walk passes, and building it again with them
// blocks again.
func TestShellBlocksOutsideAndRemoveLandblockDropsIt(t *testing.T) {
	for _, tc := range []struct {
		name    string
		stream  func(w *World)
		blocked bool
	}{
		{"published from the build", func(w *World) {}, true},
		{"built again without statics", func(w *World) {
			w.Ground.(*testLand).set(0xA9B40000, nil, nil)
			w.ForgetLandblock(0xA9B40000)
		}, false},
		{"built again without statics, then with them", func(w *World) {
			land := w.Ground.(*testLand)
			old := land.Landblock(0xA9B40000)
			land.set(0xA9B40000, nil, nil)
			w.Step(0.05)
			land.set(0xA9B40000, old.Statics, old.Cells)
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := houseWorld(t)
			walker(t, w, 0x50000001, 52, 46, 0)
			w.Step(0.05)
			tc.stream(w)
			for range 60 {
				w.Step(0.05)
			}
			y := origin(w, 0x50000001).Y
			if blocked := stoppedBefore(y, 49.55); blocked != tc.blocked {
				t.Fatalf("y %v: blocked %v, want %v", y, blocked, tc.blocked)
			}
		})
	}
}

// TestEnvCellStaticObjectBlocks: a crate standing in the room as the
// EnvCell's static object stops a creature walking in through the door
// short of its radius (the crate's south face at y 54: y 53.55), in the
// EnvCell.
func TestEnvCellStaticObjectBlocks(t *testing.T) {
	w := houseWorldWith(t, true)
	walker(t, w, 0x50000001, 55, 46, 0)
	for range 100 {
		w.Step(0.05)
	}
	p := w.Object(0x50000001).Phys.Position
	if p.Cell != houseCell || !stoppedBefore(p.Frame.Origin.Y, 53.55) {
		t.Fatalf("in 0x%08X at %+v, want 0x%08X stopped short of y 53.55 by the crate", p.Cell, p.Frame.Origin, uint32(houseCell))
	}
	c := w.Collisions(0x50000001)
	if c == nil || len(c.Hits) == 0 || c.Hits[0].Kind != collision.HitObject {
		t.Fatalf("contacts %+v, want the crate", c)
	}
}

// TestCollisionTraceEvents: the trace records each contact of a
// transition as a collision event naming what was hit: the house's shell
// ("static 0x01FE0001", its GfxObj), the room's wall ("cell
// 0xA9B40100"), another creature ("object 0x50000003") and a landing on
// the terrain ("terrain"); standing on the ground records nothing.
func TestCollisionTraceEvents(t *testing.T) {
	w := houseWorld(t)
	rec := &Recorder{}
	w.Trace = rec
	walker(t, w, 0x50000001, 52, 46, 0) // into the shell beside the door
	walker(t, w, 0x50000002, 55, 46, 0) // through the door into the room's north wall
	walker(t, w, 0x50000003, 70, 40, 0) // head-on with the next one
	walker(t, w, 0x50000004, 70, 46, 180)
	walkerAt(t, w, 0x50000005, v3s(80, 30, groundZ+1), 0) // dropped: lands
	for range 150 {
		w.Step(0.05)
	}
	got := map[uint32]map[string]int{}
	for _, e := range rec.Events {
		if e.Kind != KindCollision {
			continue
		}
		if got[e.Obj] == nil {
			got[e.Obj] = map[string]int{}
		}
		got[e.Obj][e.Detail]++
	}
	want := map[uint32]string{
		0x50000001: "static 0x01FE0001",
		0x50000002: "cell 0xA9B40100",
		0x50000003: "object 0x50000004",
		0x50000004: "object 0x50000003",
		0x50000005: "terrain",
	}
	for g, d := range want {
		if got[g][d] == 0 {
			t.Errorf("0x%08X: collision events %v, want %q among them", g, got[g], d)
		}
	}
	if n := got[0x50000005]["terrain"]; n != 1 {
		t.Errorf("the dropped creature has %d terrain events, want 1 (its landing; standing is no contact)", n)
	}
}
