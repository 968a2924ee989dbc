package managers

import (
	"github.com/dereth/dereth/motion"
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// mtDt is the tick of the MoveTo rig: one animation frame.
const mtDt = 1.0 / 30

// mtSample is the rig's record of one tick.
type mtSample struct {
	cmd, aux      uint32
	forward, turn uint32
	forwardSpeed  float32
	turnSpeed     float32
	heading       float32
	origin        physics.Vec3
}

// mtRig runs the real animation machine under a MoveToManager, integrating
// the sequence's root motion into the object's frame.
type mtRig struct {
	t       *testing.T
	o       *motion.Object
	m       *MoveToManager
	now     float64
	done    []motion.WeenieError
	targets map[uint32]physics.Position
	trace   []mtSample
}

// mtWeenie is a creature with no run rate of its own, so the interpreter
// runs at MyRunRate.
type mtWeenie struct{}

func (mtWeenie) IsCreature() bool            { return true }
func (mtWeenie) IsThePlayer() bool           { return false }
func (mtWeenie) InqRunRate() (float32, bool) { return 0, false }

func newMoveToRig(t *testing.T) *mtRig {
	t.Helper()
	r := &mtRig{t: t, o: newTestObject(), targets: map[uint32]physics.Position{}}
	r.m = NewMoveToManager(&ObjectMoveTo{Obj: r.o, Host: r})
	mm(r.o).SetMoveTo(r.m)
	return r
}

// The rig is its MoveTo's host (MoveToHost): its targets, its clock, and
// completions recorded in done.
func (r *mtRig) TargetPosition(g uint32) (physics.Position, bool) {
	p, ok := r.targets[g]
	return p, ok
}
func (r *mtRig) CurrentTime() float64                        { return r.now }
func (r *mtRig) MoveToDone(_ uint32, err motion.WeenieError) { r.done = append(r.done, err) }
func (r *mtRig) HeadingSet(uint32)                           {}

// doneHost is a MoveTo host with no targets and a clock at 0 that records
// completions.
type doneHost struct{ done *[]motion.WeenieError }

func (doneHost) TargetPosition(uint32) (physics.Position, bool) { return physics.Position{}, false }
func (doneHost) CurrentTime() float64                           { return 0 }
func (h doneHost) MoveToDone(_ uint32, err motion.WeenieError)  { *h.done = append(*h.done, err) }
func (h doneHost) HeadingSet(uint32)                            {}

// at is a position in the rig's cell.
func (r *mtRig) at(x, y float32) physics.Position {
	return physics.Position{Cell: r.o.Phys.Position.Cell, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y}, Orientation: physics.IdentityQuat}}
}

// step is one object update in schedule order: sequence update, frame
// combine, hooks, MovementManager::UseTime, then the completion poll.
func (r *mtRig) step() {
	r.now += mtDt
	f := physics.IdentityFrame
	r.o.Parts.Update(mtDt, &f)
	fr := physics.Combine(r.o.Phys.Position.Frame, f)
	fr.Orientation = fr.Orientation.Normalize()
	r.o.Phys.Position.Frame = fr
	r.o.ProcessHooks(nil)
	r.m.UseTime()
	r.o.Parts.HandleMovement()
	s := &r.o.Interp().Interpreted
	r.trace = append(r.trace, mtSample{
		cmd: r.m.CurrentCommand, aux: r.m.AuxCommand,
		forward: s.ForwardCommand, turn: s.TurnCommand,
		forwardSpeed: s.ForwardSpeed, turnSpeed: s.TurnSpeed,
		heading: motion.FrameHeading(r.o.Phys.Position.Frame), origin: r.o.Phys.Position.Frame.Origin,
	})
}

// run steps until the move reports or max ticks pass; it fails the test
// when the move never reports.
func (r *mtRig) run(max int) {
	r.t.Helper()
	for i := 0; i < max && len(r.done) == 0; i++ {
		r.step()
	}
	if len(r.done) == 0 {
		r.t.Fatalf("move did not finish in %d ticks (at %+v, heading %.2f, cmd %s, pending %v)", max,
			r.o.Phys.Position.Frame.Origin, motion.FrameHeading(r.o.Phys.Position.Frame), motioncmd.Name(r.m.CurrentCommand), r.m.Pending)
	}
}

// settle steps n ticks and returns how far the object moved and turned.
func (r *mtRig) settle(n int) (moved, turned float32) {
	start := r.o.Phys.Position.Frame
	for i := 0; i < n; i++ {
		r.step()
	}
	end := r.o.Phys.Position.Frame
	return end.Origin.Sub(start.Origin).Len(), mtAngle(motion.FrameHeading(start), motion.FrameHeading(end))
}

func (r *mtRig) expectDone(want motion.WeenieError) {
	r.t.Helper()
	if len(r.done) != 1 || r.done[0] != want {
		r.t.Fatalf("done = %#x, want [%#x]", r.done, want)
	}
	if r.m.IsMovingTo() {
		r.t.Fatalf("still moving to after completion")
	}
}

// distTo is the distance from the object to p.
func (r *mtRig) distTo(p physics.Position) float32 { return dat.GlobalDistance(r.o.Phys.Position, p) }

// firstIndex is the first trace index satisfying f, or -1.
func (r *mtRig) firstIndex(f func(mtSample) bool) int {
	for i, s := range r.trace {
		if f(s) {
			return i
		}
	}
	return -1
}

// mtAngle is the unsigned difference of two headings, 0..180.
func mtAngle(a, b float32) float32 {
	d := float32(math.Mod(math.Abs(float64(a-b)), 360))
	if d > 180 {
		d = 360 - d
	}
	return d
}

func TestMoveToFlagsRoundTrip(t *testing.T) {
	p := motion.DecodeMoveToFlags(motion.MoveParamDefault)
	if !p.CanWalk || !p.CanRun || !p.CanSidestep || !p.CanWalkBackwards || p.CanCharge ||
		p.FailWalk || p.UseFinalHeading || p.Sticky || p.MoveAway || !p.MoveTowards || !p.UseSpheres ||
		!p.SetHoldKey || p.Autonomous || !p.ModifyRawState || !p.ModifyInterpretedState ||
		!p.CancelMoveTo || !p.StopCompletely || p.DisableJumpDuringLink {
		t.Fatalf("0x1EE0F decoded to %+v", p)
	}
	for bit := uint32(1); bit <= motion.MoveParamDisableJumpDuringLink; bit <<= 1 {
		q := motion.DecodeMoveToFlags(bit)
		if got := q.Flags(); got != bit {
			t.Errorf("bit %#x round-trips to %#x", bit, got)
		}
	}
	if got := p.Flags(); got != motion.MoveParamDefault {
		t.Errorf("default flags round-trip to %#x", got)
	}
	d := motion.DefaultMoveToParams()
	if d.DistanceToObject != 0.6 || d.FailDistance != math.MaxFloat32 || d.Speed != 1 || d.WalkRunThreshold != 15 {
		t.Errorf("defaults %+v", d)
	}
	tp := motion.NewTurnToParams(motion.MoveParamStopCompletely, 1.5, 270)
	if !tp.StopCompletely || tp.CanWalk || tp.Speed != 1.5 || tp.DesiredHeading != 270 {
		t.Errorf("turn-to params %+v", tp)
	}
}

func TestMoveToHeadingHelpers(t *testing.T) {
	cell := uint32(0x01010001)
	pos := func(c uint32, x, y float32) physics.Position {
		return physics.Position{Cell: c, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y}, Orientation: physics.IdentityQuat}}
	}
	for _, c := range []struct {
		name     string
		to       physics.Position
		heading  float32
		distance float32
	}{
		{"north", pos(cell, 0, 5), 0, 5},
		{"east", pos(cell, 5, 0), 90, 5},
		{"south", pos(cell, 0, -5), 180, 5},
		{"west", pos(cell, -5, 0), 270, 5},
		{"north-east", pos(cell, 3, 3), 45, float32(math.Sqrt(18))},
		{"next landblock north", pos(0x01020001, 0, -2), 0, 190},
		{"next landblock east", pos(0x02010001, -2, 0), 90, 190},
		{"same spot", pos(cell, 0, 0), 0, 0},
	} {
		from := pos(cell, 0, 0)
		if got := motion.PositionHeading(from, c.to); mtAngle(got, c.heading) > 1e-3 {
			t.Errorf("%s: heading %v, want %v", c.name, got, c.heading)
		}
		if got := dat.GlobalDistance(from, c.to); math.Abs(float64(got-c.distance)) > 1e-3 {
			t.Errorf("%s: distance %v, want %v", c.name, got, c.distance)
		}
	}
	for _, h := range []float32{0, 1, 45, 90, 179.5, 180, 270, 359} {
		f := physics.IdentityFrame
		motion.SetFrameHeading(&f, h)
		if got := motion.FrameHeading(f); mtAngle(got, h) > 1e-3 || got < 0 || got >= 360 {
			t.Errorf("heading %v round-trips to %v", h, got)
		}
	}
	// A right turn (negative omega about z) raises the heading.
	f := physics.IdentityFrame
	f.Rotate(physics.Vec3{Z: -math.Pi / 2})
	if got := motion.FrameHeading(f); mtAngle(got, 90) > 1e-3 {
		t.Errorf("quarter right turn heads %v, want 90", got)
	}
	for _, c := range []struct {
		h1, h2 float32
		motion uint32
		diff   float32
		passed bool
	}{
		{90, 0, motion.TurnRight, 90, true},
		{0, 90, motion.TurnRight, 270, false},
		{0, 90, motion.TurnLeft, 90, true},
		{10, 350, motion.TurnRight, 20, true},
		{350, 10, motion.TurnRight, 340, false},
		{350, 10, motion.TurnLeft, 20, true},
	} {
		if got := headingDiff(c.h1, c.h2, c.motion); math.Abs(float64(got-c.diff)) > 1e-3 {
			t.Errorf("heading_diff(%v, %v, %s) = %v, want %v", c.h1, c.h2, motioncmd.Name(c.motion), got, c.diff)
		}
		if got := headingGreater(c.h1, c.h2, c.motion); got != c.passed {
			t.Errorf("heading_greater(%v, %v, %s) = %v, want %v", c.h1, c.h2, motioncmd.Name(c.motion), got, c.passed)
		}
	}
	if d := motion.CylinderDistance(0.5, 2, pos(cell, 0, 0), 0.5, 2, pos(cell, 0, 4)); math.Abs(float64(d-3)) > 1e-4 {
		t.Errorf("cylinder distance %v, want 3", d)
	}
}

func TestMoveToPositionAhead(t *testing.T) {
	for _, c := range []struct {
		name     string
		y        float32
		distance float32
	}{
		{"short", 4, 0.6},
		{"medium", 10, 0.6},
		{"wide tolerance", 10, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			target := r.at(0, c.y)
			p := motion.DefaultMoveToParams()
			p.DistanceToObject = c.distance
			r.m.MoveToPosition(target, p)
			if !r.m.IsMovingTo() {
				t.Fatal("not moving after MoveToPosition")
			}
			r.run(600)
			r.expectDone(motion.ErrNone)
			d := r.distTo(target)
			if d > c.distance || d < c.distance-0.3 {
				t.Errorf("stopped %.3f from the target, want within (%.1f-0.3, %.1f]", d, c.distance, c.distance)
			}
			if i := r.firstIndex(func(s mtSample) bool { return s.cmd == motion.TurnRight || s.cmd == motion.TurnLeft || s.aux != 0 }); i >= 0 {
				t.Errorf("turned at tick %d for a target straight ahead", i)
			}
			if r.firstIndex(func(s mtSample) bool { return s.forward == motion.WalkForward }) < 0 {
				t.Error("never walked")
			}
			if f := r.o.Interp().Interpreted.ForwardCommand; f != motion.Ready {
				t.Errorf("forward command %s after arrival, want Ready", motioncmd.Name(f))
			}
			if moved, _ := r.settle(60); moved > 1e-4 {
				t.Errorf("moved %.4f after arrival", moved)
			}
		})
	}
}

func TestMoveToPositionBehindTurnsFirst(t *testing.T) {
	for _, c := range []struct {
		name string
		x, y float32
		turn uint32
	}{
		{"behind right", 3, -8, motion.TurnRight},
		{"behind left", -3, -8, motion.TurnLeft},
		{"right", 8, 0, motion.TurnRight},
		{"left", -8, 1, motion.TurnLeft},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			target := r.at(c.x, c.y)
			bearing := motion.PositionHeading(r.o.Phys.Position, target)
			r.m.MoveToPosition(target, motion.DefaultMoveToParams())
			r.run(900)
			r.expectDone(motion.ErrNone)
			first := r.firstIndex(func(s mtSample) bool { return s.cmd != 0 })
			if first < 0 || r.trace[first].cmd != c.turn {
				t.Fatalf("first command %v, want %s", r.trace[max(first, 0)].cmd, motioncmd.Name(c.turn))
			}
			wantSign := float32(1)
			if c.turn == motion.TurnLeft {
				wantSign = -1
			}
			turning := r.firstIndex(func(s mtSample) bool { return s.turn == motion.TurnRight })
			if turning < 0 || r.trace[turning].turnSpeed*wantSign <= 0 {
				t.Fatalf("interpreted turn never ran the %s way", motioncmd.Name(c.turn))
			}
			walk := r.firstIndex(func(s mtSample) bool { return s.cmd == motion.WalkForward })
			if walk < first {
				t.Fatalf("walked at tick %d before turning at %d", walk, first)
			}
			if r.trace[walk].turn != 0 {
				t.Errorf("still turning when the walk began")
			}
			if e := mtAngle(r.trace[walk].heading, bearing); e > 0.5 {
				t.Errorf("walk began %.2f° off the bearing %.2f", e, bearing)
			}
			if d := r.distTo(target); d > 0.6 {
				t.Errorf("stopped %.3f from the target", d)
			}
		})
	}
}

func TestMoveToPositionWalkOrRun(t *testing.T) {
	for _, c := range []struct {
		name             string
		y                float32
		canWalk, canRun  bool
		weenie           bool
		runRate          float32
		wantRun          bool
		wantForwardSpeed float32
	}{
		{"near walks", 10, true, true, false, 0, false, 1},
		{"far runs", 30, true, true, false, 0, true, 1},
		{"far without run walks", 30, true, false, false, 0, false, 1},
		{"near without walk runs", 5, false, true, false, 0, true, 1},
		{"wire run rate", 30, true, true, true, 1.5, true, 1.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			if c.weenie {
				r.o.WeenieObj = mtWeenie{}
			}
			target := r.at(0, c.y)
			p := motion.DefaultMoveToParams()
			p.CanWalk, p.CanRun, p.RunRate = c.canWalk, c.canRun, c.runRate
			r.m.MoveToPosition(target, p)
			r.run(1200)
			r.expectDone(motion.ErrNone)
			ran := r.firstIndex(func(s mtSample) bool { return s.forward == motion.RunForward })
			walked := r.firstIndex(func(s mtSample) bool { return s.forward == motion.WalkForward })
			if c.wantRun {
				if ran < 0 || walked >= 0 {
					t.Fatalf("run at %d, walk at %d; want run only", ran, walked)
				}
				if got := r.trace[ran].forwardSpeed; math.Abs(float64(got-c.wantForwardSpeed)) > 1e-5 {
					t.Errorf("run speed %v, want %v", got, c.wantForwardSpeed)
				}
			} else if walked < 0 || ran >= 0 {
				t.Fatalf("run at %d, walk at %d; want walk only", ran, walked)
			}
			if d := r.distTo(target); d > 0.6 {
				t.Errorf("stopped %.3f from the target", d)
			}
		})
	}
}

func TestMoveToPositionFailDistance(t *testing.T) {
	for _, fail := range []float32{1.5, 3, 6} {
		r := newMoveToRig(t)
		start := r.o.Phys.Position
		target := r.at(0, 20)
		p := motion.DefaultMoveToParams()
		p.FailDistance = fail
		r.m.MoveToPosition(target, p)
		r.run(900)
		r.expectDone(motion.ErrYouChargedTooFar)
		travelled := dat.GlobalDistance(start, r.o.Phys.Position)
		if travelled <= fail || travelled > fail+0.5 {
			t.Errorf("fail %.1f: gave up after %.3f units", fail, travelled)
		}
		if f := r.o.Interp().Interpreted.ForwardCommand; f != motion.Ready {
			t.Errorf("fail %.1f: forward %s after failing, want Ready", fail, motioncmd.Name(f))
		}
		if len(r.m.Pending) != 0 {
			t.Errorf("fail %.1f: %d legs left", fail, len(r.m.Pending))
		}
	}
}

func TestMoveToPositionMoveAway(t *testing.T) {
	for _, c := range []struct {
		name     string
		y        float32
		min      float32
		wantMove bool // whether any forward motion is expected
	}{
		{"close ahead", 1, 4, true},
		{"close behind", -1.5, 5, true},
		{"already far", 6, 4, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			target := r.at(0, c.y)
			p := motion.DefaultMoveToParams()
			p.MoveTowards, p.MoveAway, p.MinDistance = false, true, c.min
			r.m.MoveToPosition(target, p)
			r.run(900)
			r.expectDone(motion.ErrNone)
			d := r.distTo(target)
			moved := r.firstIndex(func(s mtSample) bool { return s.forward == motion.WalkForward || s.forward == motion.RunForward }) >= 0
			if moved != c.wantMove {
				t.Fatalf("moved = %v, want %v", moved, c.wantMove)
			}
			if c.wantMove && (d < c.min || d > c.min+0.5) {
				t.Errorf("stopped %.3f from the target, want just beyond %.1f", d, c.min)
			}
		})
	}
}

func TestTurnToHeading(t *testing.T) {
	for _, c := range []struct {
		name    string
		start   float32
		heading float32
		turn    uint32
	}{
		{"quarter right", 0, 90, motion.TurnRight},
		{"quarter left", 0, 270, motion.TurnLeft},
		{"about face", 0, 180, motion.TurnRight},
		{"across north right", 350, 20, motion.TurnRight},
		{"across north left", 20, 340, motion.TurnLeft},
		{"nudge", 100, 101, motion.TurnRight},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			motion.SetFrameHeading(&r.o.Phys.Position.Frame, c.start)
			r.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamDefault, 1, c.heading))
			r.run(600)
			r.expectDone(motion.ErrNone)
			first := r.firstIndex(func(s mtSample) bool { return s.cmd != 0 })
			if first < 0 || r.trace[first].cmd != c.turn {
				t.Fatalf("turn command %v, want %s", r.trace[max(first, 0)].cmd, motioncmd.Name(c.turn))
			}
			if got := motion.FrameHeading(r.o.Phys.Position.Frame); mtAngle(got, c.heading) > 0.01 {
				t.Errorf("heading %.3f, want %.1f", got, c.heading)
			}
			if tc := r.o.Interp().Interpreted.TurnCommand; tc != 0 {
				t.Errorf("turn command %s after finishing", motioncmd.Name(tc))
			}
			if moved, turned := r.settle(60); turned > 1e-3 || moved > 1e-4 {
				t.Errorf("turned %.4f° and moved %.4f after finishing", turned, moved)
			}
		})
	}
}

func TestTurnToObject(t *testing.T) {
	for _, c := range []struct {
		name    string
		x, y    float32
		desired float32
		want    float32
	}{
		{"east", 10, 0, 0, 90},
		{"east plus 45", 10, 0, 45, 135},
		{"south-west", -5, -5, 0, 225},
		{"north wraps", 0, 10, 300, 300},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			r.targets[7] = r.at(c.x, c.y)
			r.m.TurnToObject(7, motion.NewTurnToParams(motion.MoveParamDefault, 1, c.desired))
			r.run(600)
			r.expectDone(motion.ErrNone)
			if got := motion.FrameHeading(r.o.Phys.Position.Frame); mtAngle(got, c.want) > 0.01 {
				t.Errorf("heading %.3f, want %.1f", got, c.want)
			}
			if r.firstIndex(func(s mtSample) bool { return s.forward != motion.Ready }) >= 0 {
				t.Error("walked during a turn-to")
			}
		})
	}
	r := newMoveToRig(t)
	r.m.TurnToObject(99, motion.NewTurnToParams(motion.MoveParamDefault, 1, 0))
	r.expectDone(motion.ErrNoObject)
}

func TestMoveToObject(t *testing.T) {
	t.Run("still target with radius", func(t *testing.T) {
		r := newMoveToRig(t)
		r.targets[7] = r.at(0, 10)
		r.m.MoveToObject(7, 0.5, 1, motion.DefaultMoveToParams())
		r.run(600)
		r.expectDone(motion.ErrNone)
		// UseSpheres: the gap between cylinders, so the centres end ≤ 1.1 apart.
		if d := r.distTo(r.targets[7]); d > 1.1 || d < 0.8 {
			t.Errorf("centres %.3f apart, want (0.8, 1.1]", d)
		}
	})
	t.Run("target moves", func(t *testing.T) {
		r := newMoveToRig(t)
		r.targets[7] = r.at(0, 10)
		r.m.MoveToObject(7, 0, 0, motion.DefaultMoveToParams())
		for i := 0; i < 60; i++ {
			r.step()
		}
		r.targets[7] = r.at(4, 12)
		r.run(900)
		r.expectDone(motion.ErrNone)
		if d := r.distTo(r.targets[7]); d > 0.6 {
			t.Errorf("stopped %.3f from the moved target", d)
		}
		if r.firstIndex(func(s mtSample) bool { return s.aux == motion.TurnRight }) < 0 {
			t.Error("never steered toward the moved target")
		}
	})
	t.Run("target gone", func(t *testing.T) {
		r := newMoveToRig(t)
		r.targets[7] = r.at(0, 10)
		r.m.MoveToObject(7, 0, 0, motion.DefaultMoveToParams())
		for i := 0; i < 30; i++ {
			r.step()
		}
		delete(r.targets, 7)
		r.step()
		r.expectDone(motion.ErrObjectGone)
	})
	t.Run("unknown target", func(t *testing.T) {
		r := newMoveToRig(t)
		r.m.MoveToObject(8, 0, 0, motion.DefaultMoveToParams())
		r.expectDone(motion.ErrNoObject)
	})
}

func TestMoveToCancel(t *testing.T) {
	for _, c := range []struct {
		name   string
		cancel func(r *mtRig)
		want   motion.WeenieError
	}{
		{"CancelMoveTo", func(r *mtRig) { r.m.CancelMoveTo(motion.ErrActionCancelled) }, motion.ErrActionCancelled},
		{"CancelMoveTo other error", func(r *mtRig) { r.m.CancelMoveTo(motion.ErrObjectGone) }, motion.ErrObjectGone},
		{"interp StopCompletely", func(r *mtRig) { r.o.Interp().StopCompletely() }, motion.ErrActionCancelled},
		{"new move", func(r *mtRig) { r.m.MoveToPosition(r.o.Phys.Position, motion.DefaultMoveToParams()) }, motion.ErrActionCancelled},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			target := r.at(0, 12)
			r.m.MoveToPosition(target, motion.DefaultMoveToParams())
			for i := 0; i < 45; i++ {
				r.step()
			}
			if r.o.Interp().Interpreted.ForwardCommand != motion.WalkForward {
				t.Fatalf("not walking before the cancel")
			}
			c.cancel(r)
			if len(r.done) == 0 || r.done[0] != c.want {
				t.Fatalf("done = %#x, want %#x first", r.done, c.want)
			}
			if f := r.o.Interp().Interpreted.ForwardCommand; f != motion.Ready {
				t.Errorf("forward %s after cancel", motioncmd.Name(f))
			}
			r.settle(15) // the stop link plays out
			if moved, _ := r.settle(60); moved > 1e-4 {
				t.Errorf("moved %.4f after the cancel", moved)
			}
			if r.m.IsMovingTo() {
				t.Error("still moving to after the cancel")
			}
		})
	}
	// A user motion issued through the interpreter cancels the move.
	r := newMoveToRig(t)
	r.m.MoveToPosition(r.at(0, 20), motion.DefaultMoveToParams())
	for i := 0; i < 20; i++ {
		r.step()
	}
	p := motion.DefaultParams()
	r.o.Interp().DoMotion(motion.SideStepRight, &p)
	r.expectDone(motion.ErrActionCancelled)
	// An idle manager ignores a cancel.
	r.m.CancelMoveTo(motion.ErrActionCancelled)
	if len(r.done) != 1 {
		t.Errorf("idle cancel reported: %#x", r.done)
	}
}

func TestMoveToFinalHeading(t *testing.T) {
	for _, c := range []struct {
		name    string
		object  bool
		desired float32
		want    float32
	}{
		{"position absolute 90", false, 90, 90},
		{"position absolute 200", false, 200, 200},
		{"object relative 180", true, 180, 180},
		{"object relative 270", true, 270, 270},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			target := r.at(0, 5)
			p := motion.DefaultMoveToParams()
			p.UseFinalHeading, p.DesiredHeading = true, c.desired
			if c.object {
				r.targets[7] = target
				r.m.MoveToObject(7, 0, 0, p)
			} else {
				r.m.MoveToPosition(target, p)
			}
			r.run(900)
			r.expectDone(motion.ErrNone)
			if d := r.distTo(target); d > 0.6 {
				t.Errorf("stopped %.3f from the target", d)
			}
			if got := motion.FrameHeading(r.o.Phys.Position.Frame); mtAngle(got, c.want) > 0.01 {
				t.Errorf("final heading %.3f, want %.1f", got, c.want)
			}
			lastWalk := -1
			for i, s := range r.trace {
				if s.cmd == motion.WalkForward {
					lastWalk = i
				}
			}
			turn := r.firstIndex(func(s mtSample) bool { return s.cmd == motion.TurnRight || s.cmd == motion.TurnLeft })
			if lastWalk < 0 || turn <= lastWalk {
				t.Errorf("final turn at tick %d, last walk at %d; want the turn after arriving", turn, lastWalk)
			}
		})
	}
}

func TestMoveToWaitsForContact(t *testing.T) {
	r := newMoveToRig(t)
	r.o.Phys.Transient &^= physics.TransientContact
	target := r.at(8, 0)
	r.m.MoveToPosition(target, motion.DefaultMoveToParams())
	for i := 0; i < 30; i++ {
		r.step()
	}
	if i := r.firstIndex(func(s mtSample) bool { return s.cmd != 0 }); i >= 0 {
		t.Fatalf("issued %s off the ground", motioncmd.Name(r.trace[i].cmd))
	}
	r.o.Phys.Transient |= physics.TransientContact
	r.m.HitGround()
	if r.m.CurrentCommand != motion.TurnRight {
		t.Fatalf("HitGround began %s, want TurnRight", motioncmd.Name(r.m.CurrentCommand))
	}
	r.run(900)
	r.expectDone(motion.ErrNone)
	if d := r.distTo(target); d > 0.6 {
		t.Errorf("stopped %.3f from the target", d)
	}
}

// mtStickyWorld records StickTo calls.
type mtStickyWorld struct {
	*ObjectMoveTo
	stuck []uint32
}

func (w *mtStickyWorld) StickTo(guid uint32, radius, height float32) { w.stuck = append(w.stuck, guid) }

func TestMoveToSticky(t *testing.T) {
	for _, c := range []struct {
		name      string
		object    bool
		wantStuck bool
	}{
		{"object sticks", true, true},
		{"position never sticks", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newMoveToRig(t)
			w := &mtStickyWorld{ObjectMoveTo: r.m.World.(*ObjectMoveTo)}
			r.m.World = w
			target := r.at(0, 4)
			p := motion.DefaultMoveToParams()
			p.Sticky = true
			if c.object {
				r.targets[7] = target
				r.m.MoveToObject(7, 0, 0, p)
			} else {
				r.m.MoveToPosition(target, p)
			}
			r.run(600)
			r.expectDone(motion.ErrNone)
			if got := len(w.stuck) == 1 && w.stuck[0] == 7; got != c.wantStuck {
				t.Errorf("stuck to %v, want stuck = %v", w.stuck, c.wantStuck)
			}
		})
	}
}
