package collision

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The golden cases of the retail transition. Every expected value was
// worked out by hand from ACE's port (7b47913: Physics/Animation/
// Transition.cs, SpherePath.cs, ObjectInfo.cs, Collision/CollisionInfo.cs,
// BSP/BSPTree.cs, BSPNode.cs, BSPLeaf.cs, Polygon.cs, Sphere.cs,
// Common/LandCell.cs), before the test was run; the derivation is in each
// case's comment. Common ground:
//
//   - the walker is one sphere of radius r = 0.5 at (0, 0, 0.5), step up
//     0.6 (or 0.3 where said), step down 1.5; on walkable ground its
//     contact plane is the ground's;
//   - CalcNumSteps: ceil(|offset| / r) steps of offset/steps (a 4-unit
//     move is 8 steps of 0.5);
//   - a sphere touches a polygon when its centre is within r − ε (ε =
//     0.0002) of the plane and the centre's projection is inside the
//     polygon or within √((r−ε)² − dp²) of an edge
//     (polygon_hits_sphere_precise);
//   - on the terrain only the low point (the first sphere's bottom) is
//     tested, against the triangle under it (ValidateWalkable): within ±ε
//     of the plane sets the contact plane, below it lifts the check
//     position onto it (when walkable, stepping down, or not on walkable
//     ground) or refuses it (Adjusted without a move, three times, then
//     ValidateTransition goes back to the current position);
//   - a step that ends with no contact plane steps down by r/2 = 0.25 (a
//     single sphere whose step down 1.5 is over its diameter);
//   - box(lo, hi) is six outward quads; its side at x = lo.X faces −x.
type golden struct {
	name    string
	m       func() *Mover
	contact bool // on the ground at from.Z (contact plane z = from.Z)
	env     flatEnv
	from    physics.Vec3
	to      physics.Vec3
	want    physics.Vec3
	onWalk  bool
	blocked bool
	state   TransitionState
	// stationary is the FramesStationaryFall count after the move.
	stationary uint8
	tol        float32
}

func stepper(up float32) func() *Mover {
	return func() *Mover {
		m := walker()
		m.StepUpHeight = up
		return m
	}
}

func edgeSlider() *Mover {
	m := walker()
	m.EdgeSlide = true
	return m
}

func faller() *Mover {
	m := walker()
	m.OnWalkable = false
	m.Gravity = true
	return m
}

func creature(guid uint32, x, y float32) Obstacle {
	return Obstacle{GUID: guid, Frame: physics.Frame{Origin: v3(x, y, 0), Orientation: physics.IdentityQuat}, Scale: 1,
		Spheres: []dat.Sphere{{Origin: v3(0, 0, 0.5), Radius: 0.5}}}
}

func wallEast() Obstacle { return box(9, v3(20, 0, 0), v3(21, 100, 5)) }

func goldenCases() []golden {
	return []golden{
		// 5 units: 10 steps of (0.3, 0.4, 0). Each check position's low
		// point is on the flat terrain (dist 0): contact plane, OK.
		{name: "open ground", m: walker, contact: true, from: v3(10, 10, 0), to: v3(13, 14, 0), want: v3(13, 14, 0), onWalk: true, state: StateOK},
		// 8 steps of 0.5 towards the face x = 20. At x 19.5 the centre is
		// r from the face (> r − ε): no touch. At x 20 it touches and the
		// move goes into it: step_sphere_up → StepUp → StepDown(0.6)
		// without lowering; find_walkable finds no walkable polygon (the
		// top at z 5 is out of reach), the terrain gives the contact, the
		// placement insertion collides with the face → StepUpSlide →
		// slide_sphere: direction = n × up = (0, 1, 0), the step (0.5, 0,
		// 0) has no part along it → Collided. ValidateTransition goes back
		// to 19.5, sliding normal (−1, 0, 0); the next step's AdjustOffset
		// keeps only (0, −1, 0)·offset = 0 → the move ends.
		{name: "wall head on", m: walker, contact: true, env: flatEnv{obs: []Obstacle{wallEast()}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(19.5, 50, 0), onWalk: true, blocked: true, state: StateCollided},
		// 3 units at 45° from x 19.4: 6 steps of (0.35355, 0.35355). The
		// first check (19.7536, 50.3536) touches the face (0.2464 < r);
		// step up fails as above; slide_sphere keeps the step's part
		// along (0, 1, 0): offset (0, 0.35355) − step = (−0.35355, 0) →
		// check (19.4, 50.35355), Slid; re-inserted clear (0.6 from the
		// face) → OK. Sliding normal (−1, 0, 0): the other 5 steps are cut
		// to (0, 0.35355). End (19.4, 52.1213): it stays 0.6 off the wall
		// (retail slides from the last clear position, it never moves up
		// to the face).
		{name: "wall at 45° slides", m: walker, contact: true, env: flatEnv{obs: []Obstacle{wallEast()}}, from: v3(19.4, 50, 0), to: v3(19.4+2.1213203, 52.12132, 0), want: v3(19.4, 52.12132, 0), onWalk: true, blocked: true, state: StateSlid, tol: 2e-4},
		// An inside corner: faces x = 20 and y = 60. 2√2 diagonally: 6
		// steps of (1/3, 1/3). Step 5 (19.667, 59.667) touches both
		// (0.333 < r); the first wall slides the check along itself, into
		// the second, whose slide direction is perpendicular to what is
		// left of the step → Collided; back to (19.333, 59.333). Step 6
		// slides along the last collision normal straight into the other
		// wall → Collided again. The same end whichever wall is first.
		{name: "inside corner", m: walker, contact: true, env: flatEnv{obs: []Obstacle{wallEast(), box(10, v3(0, 60, 0), v3(30, 61, 5))}}, from: v3(18, 58, 0), to: v3(20, 60, 0), want: v3(19.333334, 59.333334, 0), onWalk: true, blocked: true, state: StateCollided, tol: 2e-4},
		// Steps (box from x 20 up to z h) walked at from x 18, 8 steps of
		// 0.5. At x 20 the centre (z 0.5) touches the riser; StepUp's
		// find_walkable meets the top (dp = 0.5 − h within r − ε) and
		// adjust_sphere_to_plane lifts the sphere along −movement (0, 0,
		// −0.6) by iDist = (r − dp)/0.6 = h/0.6 of it: interp = 1 − h/0.6
		// must stay ≥ −0.5. h 0.2, 0.4, 0.6: 0.67, 0.33, 0 → climbed; the
		// placement insertion is clear (the riser's top edge is r from the
		// centre); the later steps step down onto the top. End (22, 50, h).
		{name: "step 0.2", m: walker, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.2))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.2), onWalk: true, state: StateOK},
		{name: "step 0.4", m: walker, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.4))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.4), onWalk: true, state: StateOK},
		{name: "step 0.6", m: walker, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.6))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.6), onWalk: true, state: StateOK},
		// With step up 0.3 the lift may be 1.5 × 0.3 = 0.45 (interp ≥
		// −0.5): 0.2 (interp 0.33) and 0.4 (−0.33) are climbed, 0.6 (−1)
		// is not: the placement collides with the riser, slide → Collided
		// at 19.5 as head on.
		{name: "step 0.2 with step up 0.3", m: stepper(0.3), contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.2))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.2), onWalk: true, state: StateOK},
		{name: "step 0.4 with step up 0.3", m: stepper(0.3), contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.4))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.4), onWalk: true, state: StateOK},
		{name: "step 0.6 with step up 0.3", m: stepper(0.3), contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.6))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(19.5, 50, 0), onWalk: true, blocked: true, state: StateCollided},
		// A 1.0 step: its top is r above the centre (|dp| > r − ε), out of
		// the sphere's reach whatever the step up: blocked at 19.5.
		{name: "step 1.0", m: walker, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 1))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(19.5, 50, 0), onWalk: true, blocked: true, state: StateCollided},
		// Terrain rising 1 per unit east of x 96 (normal z 0.7071 ≥
		// FloorZ 0.6642). From x 94.2: steps 1–3 flat. Step 4 (96.2, 0):
		// the low point is 0.2 under the slope → lifted to z 0.2, contact
		// = slope. Steps 5–8: AdjustOffset projects (0.5, 0, 0) into the
		// slope's plane (offset − n·(n·offset) = (0.25, 0, 0.25)), first
		// lifting the check so the centre is r from the plane (zd =
		// 0.2071); the low point is then 0.2071 over the slope, the step
		// down (0.25) brings it back onto it. Each step gains 0.25: end
		// (97.2, 50, 1.2).
		{name: "walkable slope up", m: walker, contact: true, env: flatEnv{ramp: 1}, from: v3(94.2, 50, 0), to: v3(98.2, 50, 0), want: v3(97.2, 50, 1.2), onWalk: true, state: StateAdjusted, tol: 1e-3},
		// Rising 1.2 (normal z 0.6402 < FloorZ): at step 4 the low point is
		// 0.24 under a plane not walkable for a walker: ValidateWalkable
		// neither takes the contact nor lifts, Adjusted three times →
		// ValidateTransition back to (95.7, 50, 0) (its last contact plane
		// still touches) with collision normal +z, whose horizontal part
		// is no sliding normal; every later step does the same.
		{name: "steep slope up", m: walker, contact: true, env: flatEnv{ramp: 1.2}, from: v3(94.2, 50, 0), to: v3(98.2, 50, 0), want: v3(95.7, 50, 0), onWalk: true, blocked: true, state: StateAdjusted},
		// Falling 0.5 per unit (normal z 0.894): at 96.2 the low point is
		// 0.1 over the slope → no contact → step down 0.25 → lifted 0.15
		// onto it (interp 0.4). Later steps: AdjustOffset snaps (0.5, 0, 0)
		// to the plane, (0.5, 0, −0.25), after lifting the check so the
		// centre is r from it; the step down puts the low point back on the
		// slope. End (98.2, 50, −1.1).
		// (The adjustments are all the step down's: the steps' own
		// insertions are OK.)
		{name: "walkable slope down", m: walker, contact: true, env: flatEnv{ramp: -0.5}, from: v3(94.2, 50, 0), to: v3(98.2, 50, 0), want: v3(98.2, 50, -1.1), onWalk: true, state: StateOK, tol: 1e-3},
		// Falling 1.2 per unit: at 96.2 the step down (0.25) reaches the
		// steep plane (0.24 below) and takes it as contact (step down
		// accepts any plane), but its normal z 0.64 < FloorZ fails
		// StepDown; EdgeSlide without the EdgeSlide state restores the
		// check position → OK without contact: the walker leaves the ground
		// at (96.2, 50, 0) and goes on level: end (98.2, 50, 0).
		{name: "steep drop walked off", m: walker, contact: true, env: flatEnv{ramp: -1.2}, from: v3(94.2, 50, 0), to: v3(98.2, 50, 0), want: v3(98.2, 50, 0), onWalk: false, state: StateOK},
		// The same with EdgeSlide: the steep contact plane sends EdgeSlide
		// to CliffSlide (crease of the steep and the last plane: normal
		// (1, 0, 0), the collision normal (−1, 0, 0) against the step)
		// whose offset SetEdgeSlide's restore drops; three attempts →
		// Adjusted → back to (95.7, 50, 0), sliding normal (−1, 0, 0):
		// nothing of the later steps is left. It stays on the top.
		{name: "cliff slide", m: edgeSlider, contact: true, env: flatEnv{ramp: -1.2}, from: v3(94.2, 50, 0), to: v3(98.2, 50, 0), want: v3(95.7, 50, 0), onWalk: true, blocked: true, state: StateAdjusted},
		// A platform (x 10…26, top z 2), 8 steps east from 25: the step to
		// 26 still steps down onto the top (the centre's projection is on
		// its edge); at 26.5 the lowered sphere misses the top (0.5 off
		// the edge), StepDown fails, no EdgeSlide: OK without contact.
		// Level on: end (29, 50, 2), in the air.
		{name: "ledge walked off", m: walker, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(10, 0, 0), v3(26, 100, 2))}}, from: v3(25, 50, 2), to: v3(29, 50, 2), want: v3(29, 50, 2), onWalk: false, state: StateOK},
		// With EdgeSlide, east from 25.5 (2 steps): the step to 26 is
		// taken (walkable check: the half-radius sphere is over the top);
		// at 26.5 StepDown fails; EdgeSlide steps down at the current
		// position to find the top as the walkable polygon,
		// PrecipiceSlide: the crossed edge's inward normal (−1, 0, 0);
		// slide_sphere along (0, 1, 0) keeps nothing → Collided → back at
		// 26, on the top.
		{name: "edge slide east", m: edgeSlider, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(10, 0, 0), v3(26, 100, 2))}}, from: v3(25.5, 50, 2), to: v3(26.5, 50, 2), want: v3(26, 50, 2), onWalk: true, blocked: true, state: StateCollided},
		// North-east by (1.25, 1.25) (|offset| 1.768: 4 steps of (0.3125,
		// 0.3125)): step 2 ends (26.125, 50.625): 0.125 beyond the edge,
		// within the walkable check's half radius 0.25 → taken. Step 3
		// (26.4375, 50.9375): the lowered sphere misses the top (0.4375²
		// > (r − ε)² − 0.25²), StepDown fails; EdgeSlide steps down at the
		// current position to find the top as the walkable polygon,
		// PrecipiceSlide on its edge x = 26 (normal (−1, 0, 0)) slides the
		// check to (26.125, 50.9375) → Slid, re-inserted OK. Step 4
		// slides along the edge: end (26.125, 51.25, 2).
		{name: "edge slide north-east", m: edgeSlider, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(10, 0, 0), v3(26, 100, 2))}}, from: v3(25.5, 50, 2), to: v3(26.75, 51.25, 2), want: v3(26.125, 51.25, 2), onWalk: true, blocked: true, state: StateSlid},
		// Falling from 3.2 towards 2.5 onto terrain at 3: 2 steps of
		// −0.35. Step 1's low point is 0.15 under the ground: lifted to 3,
		// contact (not on walkable: any plane), collision normal +z.
		// Step 2: AdjustOffset removes the part into the contact plane:
		// nothing left. Landed at 3.
		{name: "landing on terrain", m: faller, env: flatEnv{z: 3}, from: v3(50, 50, 3.2), to: v3(50, 50, 2.5), want: v3(50, 50, 3), onWalk: true, state: StateAdjusted},
		// Falling past a box's edge (x 10…20, top z 1) with the centre 0.45
		// beyond it, from 1.5 to 0.5 (2 steps of −0.5): after step 2 the
		// centre is at z 1.0 and touches the top (dp 0, the edge 0.45
		// from the centre) moving into it → SetCollide; find_walkable then puts the centre r over
		// the top's plane (adjust_sphere_to_plane: iDist 1, interp 0) →
		// contact, walkable; the placement insertion is clear → landed at
		// z 1, still 0.45 beyond the edge. That is where step 1 ended:
		// check = current, so ValidateTransition counts a stationary frame
		// (FramesStationaryFall 1).
		{name: "landing on an edge", m: faller, env: flatEnv{obs: []Obstacle{box(9, v3(10, 0, 0), v3(20, 100, 1))}}, from: v3(20.45, 50, 1.5), to: v3(20.45, 50, 0.5), want: v3(20.45, 50, 1), onWalk: true, state: StateAdjusted, stationary: 1},
		// 0.5 beyond the edge the top is r away from the centre: no touch;
		// the side face is r away too: it falls by.
		{name: "falling past an edge", m: faller, env: flatEnv{obs: []Obstacle{box(9, v3(10, 0, 0), v3(20, 100, 1))}}, from: v3(20.5, 50, 1.5), to: v3(20.5, 50, 0.5), want: v3(20.5, 50, 0.5), onWalk: false, state: StateOK},
		// Another creature (sphere r 0.5 at (12, 10, 0.5)), 6 steps of
		// 0.5: at 11.5 the spheres overlap (radsum 1 − ε); walking,
		// StepSphereUp: step up 0.6 < radsum − disp.z = 1 → slide_sphere
		// with normal (−1, 0, 0) → nothing along (0, 1, 0) → Collided,
		// back to 11.
		{name: "creature head on", m: walker, contact: true, env: flatEnv{obs: []Obstacle{creature(2, 12, 10)}}, from: v3(10, 10, 0), to: v3(13, 10, 0), want: v3(11, 10, 0), onWalk: true, blocked: true, state: StateCollided},
		// Glancing at 0.4 off its axis: step 3 (11.5, 9.6) overlaps; normal
		// from its centre to the current centre (−1, −0.4) normalised
		// (−0.92848, −0.37139); along (−0.37139, 0.92848) the step keeps
		// −0.18570 of it: check (11.06897, 9.42759), clear → Slid. The
		// sliding normal then keeps cutting each step to (0.06897,
		// −0.17241): steps 4–6 end at (11.27586, 8.91035).
		{name: "creature glancing", m: walker, contact: true, env: flatEnv{obs: []Obstacle{creature(2, 12, 10)}}, from: v3(10, 9.6, 0), to: v3(13, 9.6, 0), want: v3(11.275862, 8.910345, 0), onWalk: true, blocked: true, state: StateSlid, tol: 2e-4},
		// A creature (r 0.5) whose sphere the walker's already overlaps
		// (centres 0.6 apart), the walker moving 1 west, away from it (2
		// steps of 0.5): the checks (9.5, 10) and (9, 10) are 1.1 and 1.6
		// from its centre, clear (the current position is not tested).
		{name: "overlapping creature walked away from", m: walker, contact: true, env: flatEnv{obs: []Obstacle{creature(2, 10.6, 10)}}, from: v3(10, 10, 0), to: v3(9, 10, 0), want: v3(9, 10, 0), onWalk: true, state: StateOK},
		// The same, moving 1 north across it: the check (10, 10.5) is
		// 0.781 from its centre (overlaps); on the ground, step up 0.6 <
		// radsum − disp.z = 1 → SlideSphere from its centre: normal
		// (−1, 0, 0), crease with the ground (0, 1, 0), the step (0, 0.5,
		// 0) keeps all of itself: the check does not move → Slid, and
		// again each attempt (insertIntoCell 3 × TransitionalInsert 3):
		// the insertion ends Slid and ValidateTransition goes back to
		// (10, 10) holding the contact plane (StopVelocity); sliding normal
		// (−1, 0, 0). Step 2's offset is along it (angle 0, not < 0: the
		// sliding normal is dropped) and meets the same: stuck.
		{name: "overlapping creature walked across", m: walker, contact: true, env: flatEnv{obs: []Obstacle{creature(2, 10.6, 10)}}, from: v3(10, 10, 0), to: v3(10, 11, 0), want: v3(10, 10, 0), onWalk: true, blocked: true, state: StateSlid},
		// A CylSphere (radius 0.3, height 2, standing at (12, 10, 0)), 3
		// east from 10.2 (6 steps of 0.5): radsum = 0.3 − ε + 0.5 =
		// 0.7998. The check 11.2 is 0.8 from the axis (0.64 > 0.63968):
		// clear; 11.7 is 0.3 from it: hit, on the ground with step up 0.6
		// < r + h − disp.z = 2 → cylinder SlideSphere: the current centre
		// is outside radsum, normal (−1, 0, 0); nothing of the step along
		// (0, 1, 0) → Collided, back to 11.2: stopped the radius sum
		// from the axis.
		{name: "cylinder stop distance", m: walker, contact: true, env: flatEnv{obs: []Obstacle{{GUID: 3, Frame: physics.Frame{Origin: v3(12, 10, 0), Orientation: physics.IdentityQuat}, Scale: 1, Cyls: []dat.CylSphere{{Radius: 0.3, Height: 2}}}}}, from: v3(10.2, 10, 0), to: v3(13.2, 10, 0), want: v3(11.2, 10, 0), onWalk: true, blocked: true, state: StateCollided},
		// An edge slider climbing the 0.4 step onto the platform: the
		// step up's step down is exempt from the edge check (StepUp), and
		// each later step's step down onto the top finds its walkable
		// polygon under the half-radius check sphere (CheckWalkable):
		// as without edge slide, (22, 50, 0.4).
		{name: "edge slide onto a platform", m: edgeSlider, contact: true, env: flatEnv{obs: []Obstacle{box(9, v3(20, 0, 0), v3(30, 100, 0.4))}}, from: v3(18, 50, 0), to: v3(22, 50, 0), want: v3(22, 50, 0.4), onWalk: true, state: StateOK},
	}
}

func runGolden(t *testing.T, tc golden) {
	t.Helper()
	env := tc.env
	r := NewResolver(&env)
	m := tc.m()
	var c Contact
	if tc.contact {
		c = Contact{Valid: true, Plane: Plane{N: v3(0, 0, 1), D: -tc.from.Z}}
	}
	res, got := r.Transition(m, at(tc.from.X, tc.from.Y, tc.from.Z), tc.to, c)
	tol := tc.tol
	if tol == 0 {
		tol = 1e-4
	}
	o := res.Origin
	if !near(o.X, tc.want.X, tol) || !near(o.Y, tc.want.Y, tol) || !near(o.Z, tc.want.Z, tol) {
		t.Errorf("end %+v, want %+v ±%v", o, tc.want, tol)
	}
	if res.OnWalkable != tc.onWalk || res.Blocked != tc.blocked || res.State != tc.state {
		t.Errorf("on walkable %v blocked %v state %v, want %v %v %v", res.OnWalkable, res.Blocked, res.State, tc.onWalk, tc.blocked, tc.state)
	}
	if got.StationaryFall != tc.stationary {
		t.Errorf("FramesStationaryFall %d, want %d", got.StationaryFall, tc.stationary)
	}
	// ValidateTransition calls ObjectInfo::StopVelocity when a step's
	// insertion failed and it went back to the current position holding a
	// last known contact plane: the cases whose derivation above ends
	// "back to" a position from the ground.
	if want := stopsVelocity[tc.name]; res.StopVelocity != want {
		t.Errorf("StopVelocity %v, want %v", res.StopVelocity, want)
	}
}

// stopsVelocity names the golden cases that go back to the current
// position from a contact plane (ObjectInfo::StopVelocity).
var stopsVelocity = map[string]bool{
	"wall head on": true, "inside corner": true, "step 0.6 with step up 0.3": true, "step 1.0": true,
	"steep slope up": true, "cliff slide": true, "edge slide east": true, "creature head on": true,
	"overlapping creature walked across": true, "cylinder stop distance": true,
}

func TestTransitionGolden(t *testing.T) {
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) { runGolden(t, tc) })
	}
}

// TestFramesStationaryFall: a faller (gravity, not in contact) over a
// creature's head (its sphere centre 1 below the faller's) moving 0.2
// down: the check overlaps (0.8 < radsum); LandOnSphere → SetCollide with
// normal +z; creatures are not stood on (the collide pass passes them),
// no contact plane → reset: Collided, back where it was, collision normal
// +z. ValidateTransition counts the stationary frame: 1, then 2 (the
// sliding normal, +z flattened, is zero and cuts nothing), then 3, which
// gives it a contact plane through its sphere's bottom (z 1: D = r − c.z
// = 0.5 − 1.5): it stands on the creature, on walkable ground.
func TestFramesStationaryFall(t *testing.T) {
	r := NewResolver(&flatEnv{obs: []Obstacle{creature(2, 10, 10)}})
	m := faller()
	var c Contact
	for frame, want := range []uint8{1, 2, 3} {
		res, got := r.Transition(m, at(10, 10, 1), v3(10, 10, 0.8), c)
		if res.Origin != v3(10, 10, 1) || got.StationaryFall != want || res.State != StateCollided {
			t.Fatalf("frame %d: end %+v FramesStationaryFall %d state %v, want (10, 10, 1) %d Collided", frame+1, res.Origin, got.StationaryFall, res.State, want)
		}
		if want < 3 && (got.Valid || res.OnWalkable) {
			t.Fatalf("frame %d: contact %+v on walkable %v before the third frame", frame+1, got, res.OnWalkable)
		}
		c = got
		m.OnWalkable = res.OnWalkable
	}
	if !c.Valid || c.Plane.N != v3(0, 0, 1) || !near(c.Plane.D, -1, 1e-6) || !m.OnWalkable {
		t.Fatalf("after three frames contact %+v on walkable %v, want the plane z = 1 and on walkable", c, m.OnWalkable)
	}
}
