package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// wallAssets serves the sample portal plus GfxObjs built in the test.
type wallAssets struct {
	*DatAssets
	gfx map[uint32]*dat.GfxObj
}

func (a wallAssets) GfxObj(id uint32) (*dat.GfxObj, error) {
	if g, ok := a.gfx[id]; ok {
		return g, nil
	}
	return a.DatAssets.GfxObj(id)
}

// boxGfxObj is a GfxObj whose physics geometry is the box lo..hi: six
// outward quads under a one-leaf physics BSP.
func boxGfxObj(id uint32, lo, hi physics.Vec3) *dat.GfxObj {
	v := func(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }
	corners := []physics.Vec3{v(lo.X, lo.Y, lo.Z), v(hi.X, lo.Y, lo.Z), v(hi.X, hi.Y, lo.Z), v(lo.X, hi.Y, lo.Z),
		v(lo.X, lo.Y, hi.Z), v(hi.X, lo.Y, hi.Z), v(hi.X, hi.Y, hi.Z), v(lo.X, hi.Y, hi.Z)}
	g := &dat.GfxObj{ID: id, Flags: dat.GfxObjHasPhysics}
	for i, c := range corners {
		g.Vertices = append(g.Vertices, dat.Vertex{Key: uint16(i), Origin: c})
	}
	leaf := &dat.BSPNode{Tag: "LEAF"}
	for i, f := range [][]int16{{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {2, 3, 7, 6}, {1, 2, 6, 5}, {0, 4, 7, 3}} {
		g.PhysicsPolygons = append(g.PhysicsPolygons, dat.Polygon{Key: uint16(i), Stippling: 0xC, SidesType: dat.SidesClockwise, VertexIDs: f})
		leaf.Polys = append(leaf.Polys, uint16(i))
	}
	g.PhysicsBSP = leaf
	return g
}

const groundZ = 80

// collideWorld is the sample world on flat ground at z 80, with static
// boxes (lo..hi, landblock-local, each turned by its heading in degrees
// about its centre) spawned as HasPhysicsBSP objects.
func collideWorld(t *testing.T, boxes ...[3]physics.Vec3) *World {
	t.Helper()
	w, _ := sampleWorld(t)
	w.Trace = nil
	a := wallAssets{DatAssets: w.Assets.(*DatAssets), gfx: map[uint32]*dat.GfxObj{}}
	w.Assets = a
	w.Ground = flatLand(groundZ)
	for i, b := range boxes {
		id := uint32(0x01FF0000 + i)
		c := b[0].Add(b[1]).Scale(0.5)
		half := b[1].Sub(c)
		a.gfx[id] = boxGfxObj(id, half.Scale(-1), half)
		s := &dat.Setup{ID: 0x02FF0000 + uint32(i), Flags: dat.SetupHasPhysicsBSP, Parts: []uint32{id}}
		rad := float64(b[2].X) * math.Pi / 180
		q := physics.Quat{W: float32(math.Cos(rad / 2)), Z: float32(math.Sin(rad / 2))}
		if _, err := w.Spawn(archetypes.Desc{GUID: 0x7F000000 + uint32(i), Cell: 0xA9B40012, Static: true,
			Frame: physics.Frame{Origin: c, Orientation: q}, State: physics.StateStatic | physics.StateHasPhysicsBSP, Setup: s}); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// walker puts a sample human at (x, y) on the ground, facing heading
// (degrees, 0 north, clockwise), walking forward as a remote creature
// does: CreateObject standing, then UpdateMotion WalkForward.
func walker(t *testing.T, w *World, guid uint32, x, y, heading float32) {
	t.Helper()
	walkerAt(t, w, guid, physics.Vec3{X: x, Y: y, Z: groundZ}, heading)
}

// walkerAt is walker at a given height.
func walkerAt(t *testing.T, w *World, guid uint32, at physics.Vec3, heading float32) {
	t.Helper()
	m := human(guid, motion.Ready)
	rad := -float64(heading) * math.Pi / 180
	m.Physics.Position.Frame = physics.Frame{Origin: at,
		Orientation: physics.Quat{W: float32(math.Cos(rad / 2)), Z: float32(math.Sin(rad / 2))}}
	viaBytes(t, w, m)
	um := &protocol.UpdateMotion{Guid: guid, InstanceSequence: 1, MovementSequence: 1}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = motion.WalkForward
	viaBytes(t, w, um)
}

func origin(w *World, guid uint32) physics.Vec3 { return w.Object(guid).Phys.Position.Frame.Origin }

// tickMove bounds a walker's move in one 0.05 s tick (walking, about
// 3.3 units/s). The retail transition refuses the step that would touch
// an obstacle and keeps the last clear one (it never moves up to the
// contact), so a walker stops up to one step short of touching.
const tickMove = 0.2

// stoppedBefore reports whether got stopped at the touch at, not nearer
// (and so not past), and at most one tick's move short of it.
func stoppedBefore(got, touch float32) bool {
	return got <= touch+0.01 && got >= touch-tickMove
}

// TestWalkingIntoAWallStopsAtRadiusAndKeepsAnimating: a remote creature
// driven by UpdateMotion WalkForward north into a wall stops with its
// sphere (radius 0.45) short of the wall face (at most a tick's move),
// while its walk cycle keeps
// playing and its command stays WalkForward; cached_velocity drops to 0.
func TestWalkingIntoAWallStopsAtRadiusAndKeepsAnimating(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 100 { // 5 s at 2 units/s: 10 units, twice the way
		w.Step(0.05)
	}
	o := w.Object(0x50000001)
	at := o.Phys.Position.Frame.Origin
	if !stoppedBefore(at.Y, 45-0.45) || math.Abs(float64(at.X-60)) > 1e-3 {
		t.Fatalf("stopped at %+v, want y just short of 44.55 (wall 45 - radius 0.45), x 60", at)
	}
	if v := o.Phys.CachedVelocity; v.Len() > 0.05 {
		t.Errorf("cached_velocity %+v against the wall, want ~0", v)
	}
	if o.Movement.Interp.Interpreted.ForwardCommand != motion.WalkForward {
		t.Errorf("forward command %#x, want WalkForward", o.Movement.Interp.Interpreted.ForwardCommand)
	}
	f0 := o.Parts.Sequence.FrameNumber
	w.Step(0.05)
	if o.Parts.Sequence.FrameNumber == f0 {
		t.Error("the walk cycle stopped playing against the wall")
	}
}

// TestWallSlideIsTheTangentialComponent: walking north into a wall turned
// 45° keeps only the component along the wall: speed·cos 45°.
func TestWallSlideIsTheTangentialComponent(t *testing.T) {
	// Free walk speed first.
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	for range 20 {
		w.Step(0.05)
	}
	a := origin(w, 0x50000001)
	for range 20 {
		w.Step(0.05)
	}
	free := origin(w, 0x50000001).Sub(a).Len() // units per second
	if free < 1 {
		t.Fatalf("free walk %v units/s: the fixture does not walk", free)
	}
	// A long thin wall through (60, 43) along the north-east diagonal.
	w = collideWorld(t, [3]physics.Vec3{{X: 40, Y: 42.5, Z: 79}, {X: 80, Y: 43.5, Z: 85}, {X: 45}})
	walker(t, w, 0x50000001, 60, 38, 0)
	for range 60 {
		w.Step(0.05)
	}
	a = origin(w, 0x50000001)
	for range 20 {
		w.Step(0.05)
	}
	d := origin(w, 0x50000001).Sub(a)
	want := float32(free * float32(math.Cos(math.Pi/4)))
	if math.Abs(float64(d.Len()-want)) > 0.05*float64(free) {
		t.Fatalf("slid %v units/s along the wall, want %v (free %v × cos 45°)", d.Len(), want, free)
	}
	// Along the wall: north-east for a wall turned 45° anticlockwise.
	if dir := d.Normalize(); dir.X < 0.69 || dir.Y < 0.69 || math.Abs(float64(dir.Z)) > 0.01 {
		t.Fatalf("slide direction %+v, want along the 45° wall", dir)
	}
}

// TestCreaturesWalkingIntoEachOtherStop: two creatures walking head-on
// stop with their spheres touching (centres 0.9 apart) and stay there.
func TestCreaturesWalkingIntoEachOtherStop(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	walker(t, w, 0x50000002, 60, 46, 180)
	for range 100 {
		w.Step(0.05)
	}
	a, b := origin(w, 0x50000001), origin(w, 0x50000002)
	gap := b.Sub(a)
	if math.Abs(float64(gap.Y-0.9)) > 0.02 || math.Abs(float64(gap.X)) > 0.01 {
		t.Fatalf("centres %+v apart, want 0.9 north (two radii of 0.45)", gap)
	}
}

// TestBroadPhaseCoversTheWholeLandblock: creatures meeting anywhere in a
// landblock — near its far corner too, and across its north edge — stop
// against each other: the broad phase's query reaches every one of its
// cells and its neighbour's.
func TestBroadPhaseCoversTheWholeLandblock(t *testing.T) {
	for _, at := range [][2]float32{{10, 10}, {100, 60}, {60, 150}, {185, 180}, {100, 191.5}} {
		w := collideWorld(t)
		walker(t, w, 0x50000001, at[0], at[1]-3, 0)
		walker(t, w, 0x50000002, at[0], at[1]+3, 180)
		for range 60 {
			w.Step(0.05)
		}
		a, b := w.Object(0x50000001).Phys.Position, w.Object(0x50000002).Phys.Position
		if gap := b.Frame.Origin.Add(dat.BlockOffset(a.Cell, b.Cell)).Sub(a.Frame.Origin); math.Abs(float64(gap.Y-0.9)) > 0.02 {
			t.Fatalf("meeting at %v: centres %+v apart, want 0.9 north", at, gap)
		}
	}
}

// TestLedgeLeavesTheGroundAndLandsOnce: walking off a 2-unit platform the
// creature leaves the ground, falls under gravity and lands on the
// terrain once.
func TestLedgeLeavesTheGroundAndLandsOnce(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 30, Z: 78}, {X: 70, Y: 42, Z: 82}})
	walkerAt(t, w, 0x50000001, physics.Vec3{X: 60, Y: 38, Z: 82}, 0)
	o := w.Object(0x50000001)
	w.Step(0.05) // it lands on the platform
	if !o.Phys.Transient.Has(physics.TransientOnWalkable) || o.Phys.Position.Frame.Origin.Z < 81.99 {
		t.Fatalf("setup: not standing on the platform at %+v", o.Phys.Position.Frame.Origin)
	}
	leaves, lands, low := 0, 0, float32(100)
	was := true
	for range 100 {
		w.Step(0.05)
		on := o.Phys.Transient.Has(physics.TransientOnWalkable)
		if on != was {
			if on {
				lands++
			} else {
				leaves++
			}
		}
		was = on
		low = min(low, o.Phys.Position.Frame.Origin.Z)
	}
	at := o.Phys.Position.Frame.Origin
	if leaves != 1 || lands != 1 {
		t.Fatalf("left the ground %d times, landed %d times; want once each", leaves, lands)
	}
	if math.Abs(float64(at.Z-groundZ)) > 0.01 || low < groundZ-0.01 || at.Y < 43 {
		t.Fatalf("ended at %+v (lowest z %v), want on the terrain at z 80 past the ledge", at, low)
	}
}

// TestStepsThroughTheSchedule: the sample human (StepUpHeight 0.4) walks
// north onto a ledge across its path; one lower than the step height is
// climbed (it ends on top, past the edge), and so is one of 0.5: retail's
// step up lifts the sphere by up to 1.5 × StepUpHeight
// (adjust_sphere_to_plane's interp ≥ −0.5); a 0.7 one blocks it short
// of the riser.
func TestStepsThroughTheSchedule(t *testing.T) {
	tests := []struct {
		name    string
		height  float32
		climbed bool
	}{
		{"0.3 is climbed", 0.3, true},
		{"0.5 is climbed", 0.5, true},
		{"0.7 blocks", 0.7, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 42, Z: 79}, {X: 70, Y: 60, Z: groundZ + tc.height}})
			walker(t, w, 0x50000001, 60, 40, 0)
			for range 60 {
				w.Step(0.05)
			}
			at := origin(w, 0x50000001)
			if tc.climbed {
				if math.Abs(float64(at.Z-(groundZ+tc.height))) > 0.01 || at.Y < 44 {
					t.Fatalf("at %+v, want on the ledge top z %v past y 44", at, groundZ+tc.height)
				}
				return
			}
			if !stoppedBefore(at.Y, 42-0.45) || math.Abs(float64(at.Z-groundZ)) > 0.01 {
				t.Fatalf("at %+v, want blocked short of y 41.55 on the ground", at)
			}
		})
	}
}

// TestAutonomousPositionAfterABlockedMove: what goes out to the server
// after walking into a wall is the blocked position, not the candidate.
func TestAutonomousPositionAfterABlockedMove(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	walker(t, w, 0x50000001, 60, 40, 0)
	w.PlayerGUID = 0x50000001
	for range 100 {
		w.Step(0.05)
	}
	o := w.Object(0x50000001)
	var ob Outbound
	ap := roundTrip(t, ob.AutonomousPosition(o))
	if y := ap.Position.Frame.Origin.Y; y != o.Phys.Position.Frame.Origin.Y || !stoppedBefore(y, 44.55) || ap.Position.Cell != o.Phys.Position.Cell {
		t.Fatalf("AutonomousPosition at cell 0x%08X y %v, want the blocked y %v (short of 44.55) in 0x%08X", ap.Position.Cell, y, o.Phys.Position.Frame.Origin.Y, o.Phys.Position.Cell)
	}
}

// TestEdgeSlideCreatureStaysOnThePlatform: a creature whose PhysicsState
// has EdgeSlide walking north off a platform (top z 82, north edge y 42)
// stays on top with its centre over it or within half its radius of the
// edge (CheckWalkables' half-size sphere still touches the top), walking on (its motion is not
// stopped); one without EdgeSlide walks off and lands below.
func TestEdgeSlideCreatureStaysOnThePlatform(t *testing.T) {
	for _, edge := range []bool{true, false} {
		w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 30, Z: 78}, {X: 70, Y: 42, Z: 82}})
		m := human(0x50000001, motion.Ready)
		if edge {
			m.Physics.State |= uint32(physics.StateEdgeSlide)
		}
		m.Physics.Position.Frame = physics.Frame{Origin: physics.Vec3{X: 60, Y: 38, Z: 82}, Orientation: physics.IdentityQuat}
		viaBytes(t, w, m)
		um := &protocol.UpdateMotion{Guid: 0x50000001, InstanceSequence: 1, MovementSequence: 1}
		um.Movement.State.Flags = protocol.IMSForwardCommand
		um.Movement.State.ForwardCommand = motion.WalkForward
		viaBytes(t, w, um)
		o := w.Object(0x50000001)
		for range 100 {
			w.Step(0.05)
		}
		at := o.Phys.Position.Frame.Origin
		on := o.Phys.Transient.Has(physics.TransientOnWalkable)
		if edge && (at.Y > 42+0.45/2 || at.Y < 41.5 || math.Abs(float64(at.Z-82)) > 0.01 || !on) {
			t.Fatalf("EdgeSlide: at %+v on walkable %v, want on the top (z 82) with y in [41.5, 42.225]", at, on)
		}
		if !edge && (math.Abs(float64(at.Z-groundZ)) > 0.01 || at.Y < 43) {
			t.Fatalf("no EdgeSlide: at %+v, want down on the terrain past the edge", at)
		}
	}
}

// TestCachedVelocityAcrossALandblockEdge: cached_velocity is the real
// displacement over dt even on the tick a walker crosses into the next
// landblock (its origin jumps from y ≈ 192 to ≈ 0 there): it stays the
// walk speed, north.
func TestCachedVelocityAcrossALandblockEdge(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 100, 189, 0)
	o := w.Object(0x50000001)
	for range 5 { // under way
		w.Step(0.05)
	}
	for range 20 {
		w.Step(0.05)
		if v := o.Phys.CachedVelocity; v.Y < 1 || v.Y > 5 || math.Abs(float64(v.X)) > 1e-3 {
			t.Fatalf("at 0x%08X %+v cached_velocity %+v, want the walk speed north", o.Phys.Position.Cell, o.Phys.Position.Frame.Origin, v)
		}
	}
	if o.Phys.Position.Cell>>16 != 0xA9B5 {
		t.Fatalf("ended in 0x%08X, want the next landblock north (0xA9B5)", o.Phys.Position.Cell)
	}
}

// TestNoSpheresNoSweep: an object whose Setup has no spheres is not swept
// (seed 004 Q5: set_frame): walking north it passes through the wall a
// creature with spheres stops at, still standing on the terrain.
func TestNoSpheresNoSweep(t *testing.T) {
	w := collideWorld(t, [3]physics.Vec3{{X: 50, Y: 45, Z: 79}, {X: 70, Y: 46, Z: 85}})
	setup, mt, anims := humanoid(nil)
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell, d.Setup, d.MotionTable, d.Anims = 0x50000009, 0xA9B40012, setup, mt, anims
	d.Frame = physics.Frame{Origin: physics.Vec3{X: 60, Y: 40, Z: groundZ}, Orientation: physics.IdentityQuat}
	d.Transient |= physics.TransientContact | physics.TransientOnWalkable
	d.State |= physics.StateGravity
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	st := motion.DefaultInterpretedState()
	st.ForwardCommand = motion.WalkForward
	w.Interp(o).MoveToInterpretedState(&st)
	for range 100 {
		w.Step(0.05)
	}
	at := origin(w, 0x50000009)
	if at.Y < 47 || math.Abs(float64(at.Z-groundZ)) > 1e-3 {
		t.Fatalf("at %+v, want through the wall (y > 47) on the terrain", at)
	}
	if c := w.Collisions(0x50000009); c != nil && len(c.Hits) > 0 {
		t.Fatalf("contacts %+v, want none: it was not swept", c.Hits)
	}
}
