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
		g.PhysicsPolygons = append(g.PhysicsPolygons, dat.Polygon{Key: uint16(i), SidesType: dat.SidesClockwise, VertexIDs: ids})
		leaf.Polys = append(leaf.Polys, uint16(i))
	}
	g.PhysicsBSP = leaf
	return g
}

const (
	houseCell  = 0xA9B40100
	houseShell = 0x01FE0001
)

var (
	up, down             = physics.Vec3{Z: 1}, physics.Vec3{Z: -1}
	northN, southN       = physics.Vec3{Y: 1}, physics.Vec3{Y: -1}
	eastN, westN         = physics.Vec3{X: 1}, physics.Vec3{X: -1}
	v3s                  = func(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }
	houseLo, houseHi     = v3s(50, 50, groundZ), v3s(60, 60, groundZ+4)
	doorX0, doorX1, door = float32(54), float32(56), float32(groundZ + 3)
)

// houseWorld is collideWorld with a house published as a landblock's
// building: a 10 × 10 × 4 shell (a GfxObj with a physics BSP) at x, y
// 50..60 on the ground, with a door 2 wide and 3 high in the middle of its
// south wall, whose portal opens into EnvCell 0xA9B40100: a room of the
// same size whose walls, floor and ceiling face inwards, its own door
// portal opening outside.
func houseWorld(t *testing.T) *World {
	t.Helper()
	w := collideWorld(t)
	a := w.Assets.(wallAssets)
	lo, hi := houseLo, houseHi
	a.gfx[houseShell] = quadsGfxObj(houseShell, [][4]physics.Vec3{
		quad(up, v3s(lo.X, lo.Y, hi.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(northN, v3s(lo.X, hi.Y, lo.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(eastN, v3s(hi.X, lo.Y, lo.Z), v3s(hi.X, hi.Y, hi.Z)),
		quad(westN, v3s(lo.X, lo.Y, lo.Z), v3s(lo.X, hi.Y, hi.Z)),
		quad(southN, v3s(lo.X, lo.Y, lo.Z), v3s(doorX0, lo.Y, hi.Z)),
		quad(southN, v3s(doorX1, lo.Y, lo.Z), v3s(hi.X, lo.Y, hi.Z)),
		quad(southN, v3s(doorX0, lo.Y, door), v3s(doorX1, lo.Y, hi.Z)),
	})
	w.AddLandblockCollision(&dat.LandBlockInfo{ID: 0xA9B4FFFE, NumCells: 1, Buildings: []dat.BuildInfo{{
		ModelID: houseShell, Frame: physics.IdentityFrame,
		Portals: []dat.BuildingPortal{{OtherCellID: houseCell & 0xFFFF}},
	}}})
	// The room, in its own space: its frame puts its corner at lo.
	s := hi.Sub(lo)
	dx0, dx1, dz := doorX0-lo.X, doorX1-lo.X, door-lo.Z
	poly := func(q [4]physics.Vec3) collision.Poly { return collision.NewPoly(q[:], false) }
	w.AddCellCollision(&collision.Cell{
		ID:    houseCell,
		Frame: physics.Frame{Origin: lo, Orientation: physics.IdentityQuat},
		Shape: collision.NewPolyShape([]collision.Poly{
			poly(quad(up, v3s(0, 0, 0), v3s(s.X, s.Y, 0))),
			poly(quad(down, v3s(0, 0, s.Z), v3s(s.X, s.Y, s.Z))),
			poly(quad(southN, v3s(0, s.Y, 0), v3s(s.X, s.Y, s.Z))),
			poly(quad(westN, v3s(s.X, 0, 0), v3s(s.X, s.Y, s.Z))),
			poly(quad(eastN, v3s(0, 0, 0), v3s(0, s.Y, s.Z))),
			poly(quad(northN, v3s(0, 0, 0), v3s(dx0, 0, s.Z))),
			poly(quad(northN, v3s(dx1, 0, 0), v3s(s.X, 0, s.Z))),
			poly(quad(northN, v3s(dx0, 0, dz), v3s(dx1, 0, s.Z))),
		}),
		Inside: []collision.Plane{{N: up}, {N: down, D: s.Z}, {N: northN}, {N: southN, D: s.Y}, {N: eastN}, {N: westN, D: s.X}},
		Portals: []collision.Portal{{Other: collision.OutsideCell,
			Poly: poly(quad(northN, v3s(dx0, 0, 0), v3s(dx1, 0, dz)))}},
	})
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
// stops it at the radius (y 59.55) on the room's floor, and the outbound
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
	if p.Cell != houseCell || math.Abs(float64(p.Frame.Origin.Y-59.55)) > 0.01 || math.Abs(float64(p.Frame.Origin.Z-groundZ)) > 0.01 {
		t.Fatalf("ended in 0x%08X at %+v, want 0x%08X at y 59.55 on the floor", p.Cell, p.Frame.Origin, uint32(houseCell))
	}
	c := w.Collisions(0x50000001)
	if c == nil || len(c.Hits) == 0 || c.Hits[0].Kind != collision.HitCell || c.Hits[0].Cell != houseCell {
		t.Fatalf("last contacts %+v, want the room's north wall", c)
	}
	w.PlayerGUID = 0x50000001
	var ob Outbound
	ap := roundTrip(t, ob.AutonomousPosition(o))
	if ap.Position.Cell != houseCell || math.Abs(float64(ap.Position.Frame.Origin.Y-59.55)) > 0.01 {
		t.Fatalf("AutonomousPosition in 0x%08X at %+v, want the room at y 59.55", ap.Position.Cell, ap.Position.Frame.Origin)
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
	if b.Cell != houseCell || math.Abs(float64(b.Frame.Origin.Y-50.45)) > 0.01 {
		t.Fatalf("beside the door: 0x%08X at %+v, want the room at y 50.45", b.Cell, b.Frame.Origin)
	}
}

// TestShellBlocksOutsideAndRemoveLandblockDropsIt: outside, beside the
// door, the house shell stops a walker at the radius (y 49.55); with the
// landblock's collision removed, the same walk passes.
func TestShellBlocksOutsideAndRemoveLandblockDropsIt(t *testing.T) {
	for _, removed := range []bool{false, true} {
		w := houseWorld(t)
		if removed {
			w.RemoveLandblockCollision(0xA9B40000)
		}
		walker(t, w, 0x50000001, 52, 46, 0)
		for range 60 {
			w.Step(0.05)
		}
		y := origin(w, 0x50000001).Y
		if blocked := math.Abs(float64(y-49.55)) < 0.01; blocked == removed {
			t.Fatalf("removed %v: y %v, want blocked at 49.55 only while the landblock is published", removed, y)
		}
	}
}
