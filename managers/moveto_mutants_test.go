package managers

import (
	"github.com/dereth/dereth/motion"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// These tests pin MoveToManager rules that the mutation run of
// docs/testing.md found unpinned (each names the mutant it was written
// for). They drive the real animation machine through the MoveTo rig and
// place the mover by hand where a rule's boundary needs an exact value.
// The mutants' keys are managers/moveto.go's lines as of the move from
// motion/ (5106d6a); docs/testing.md lists them with their old lines.

// awayParams is a move away from the target: MoveAway without
// MoveTowards, walking only (no hold-key run), no final heading.
func awayParams(minDistance float32) motion.MoveToParams {
	p := motion.DefaultMoveToParams()
	p.MoveTowards, p.MoveAway, p.CanRun = false, true, false
	p.MinDistance = minDistance
	return p
}

// untilLegWalking steps until the MoveToPosition leg walks with no motion
// pending (the opening turn leg and the walk's link done).
func (r *mtRig) untilLegWalking() {
	r.t.Helper()
	for i := 0; i < 300; i++ {
		if len(r.m.Pending) > 0 && r.m.Pending[0].Type == motion.MovementMoveToPosition &&
			r.m.CurrentCommand == motion.WalkForward && !r.o.Interp().MotionsPending() {
			return
		}
		r.step()
	}
	r.t.Fatalf("the walking leg never started (cmd %s, pending %v)", motioncmd.Name(r.m.CurrentCommand), r.m.Pending)
}

// face turns the mover in place to heading h.
func (r *mtRig) face(h float32) { motion.SetFrameHeading(&r.o.Phys.Position.Frame, h) }

// TestMoveAwaySteeringWrapsTheHeading pins HandleMoveToPosition's steering
// on a leg moving away (mutants moveto.go:387 `heading -= 360` dropped,
// `-=` → `+=`, 360 → 361): the wanted heading is 180 + the bearing to the
// target, taken mod 360 before the ±20° band is tested. The target lies due
// west (bearing 270), so the mover wants to face 90; facing 69.5, it is
// 20.5° off — outside the band — and must steer right. Unwrapped (450 −
// 69.5) the difference would be past 340 and the mover would not steer;
// wrapped by 361 it would be 19.5°, inside the band.
func TestMoveAwaySteeringWrapsTheHeading(t *testing.T) {
	r := newMoveToRig(t)
	r.m.MoveToPosition(r.at(-200, 0), awayParams(400))
	r.untilLegWalking()
	r.face(69.5)
	r.m.UseTime()
	cur := r.o.Phys.Position
	want := motion.PositionHeading(cur, r.m.CurrentTargetPosition) + 180 - 360
	diff := want - motion.FrameHeading(cur.Frame)
	if diff <= 20 || diff > 21 {
		t.Fatalf("setup: heading error %v, want just outside the 20° band", diff)
	}
	if r.m.AuxCommand != motion.TurnRight || r.o.Interp().Interpreted.TurnCommand != motion.TurnRight {
		t.Fatalf("aux %s, interpreted turn %s; want TurnRight: the move-away heading 180 + 270 wraps to 90, %.2f° right of the mover",
			motioncmd.Name(r.m.AuxCommand), motioncmd.Name(r.o.Interp().Interpreted.TurnCommand), diff)
	}
}

// TestSteeringStopsWhileMotionsPending pins HandleMoveToPosition's else
// branch (mutant moveto.go:403 `m.stopAuxCommand(p)` dropped): while
// motions are pending the steering turn is stopped, not kept.
func TestSteeringStopsWhileMotionsPending(t *testing.T) {
	r := newMoveToRig(t)
	r.m.MoveToPosition(r.at(0, 30), motion.DefaultMoveToParams())
	r.untilLegWalking()
	r.face(300) // 60° left of the target: steer right
	r.m.UseTime()
	if r.m.AuxCommand != motion.TurnRight {
		t.Fatalf("setup: aux %s, want TurnRight", motioncmd.Name(r.m.AuxCommand))
	}
	p := motion.DefaultParams()
	if err := r.o.Interp().DoInterpretedMotion(motion.SideStepRight, &p); err != motion.ErrNone || !r.o.Interp().MotionsPending() {
		t.Fatalf("setup: sidestep %v, pending %v", err, r.o.Interp().Pending)
	}
	r.m.UseTime()
	if r.m.AuxCommand != 0 || r.o.Interp().Interpreted.TurnCommand != 0 {
		t.Fatalf("aux %s, interpreted turn %s with motions pending; want the steering turn stopped",
			motioncmd.Name(r.m.AuxCommand), motioncmd.Name(r.o.Interp().Interpreted.TurnCommand))
	}
}

// TestArrivalAtExactlyTheDistance pins HandleMoveToPosition's arrival test
// at its boundaries (mutants moveto.go:414 `dist <= distance_to_object` →
// `<` and `dist >= min_distance` → `>`): a leg toward the target ends at
// exactly distance_to_object, one away from it at exactly min_distance.
// The mover is put at (3, 4) from a target at the origin: exactly 5.
func TestArrivalAtExactlyTheDistance(t *testing.T) {
	for _, tt := range []struct {
		name  string
		start physics.Vec3
		p     motion.MoveToParams
	}{
		{"toward, at distance_to_object", physics.Vec3{Y: 20}, func() motion.MoveToParams {
			p := motion.DefaultMoveToParams()
			p.DistanceToObject = 5
			return p
		}()},
		{"away, at min_distance", physics.Vec3{Y: 1}, awayParams(5)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newMoveToRig(t)
			r.o.Phys.Position.Frame.Origin = tt.start
			r.m.MoveToPosition(r.at(0, 0), tt.p)
			r.untilLegWalking()
			r.o.Phys.Position.Frame.Origin = physics.Vec3{X: 3, Y: 4}
			if d := r.m.currentDistance(); d != 5 {
				t.Fatalf("setup: distance %v, want exactly 5", d)
			}
			r.m.UseTime()
			if len(r.done) != 1 || r.done[0] != motion.ErrNone || len(r.m.Pending) != 0 {
				t.Fatalf("done %v, pending %v; want the move finished at exactly 5", r.done, r.m.Pending)
			}
		})
	}
}

// TestArrivalRemovesTheLegFirst pins the arrival's RemovePendingActionsHead
// (mutant moveto.go:415 dropped): the finished leg leaves the queue before
// BeginNextNode. A move both toward (distance_to_object 5) and away
// (min_distance 3) that arrives well inside min_distance is done; kept,
// the leg would start again and walk backwards.
func TestArrivalRemovesTheLegFirst(t *testing.T) {
	r := newMoveToRig(t)
	p := motion.DefaultMoveToParams()
	p.MoveTowards, p.MoveAway, p.CanRun = true, true, false
	p.DistanceToObject, p.MinDistance = 5, 3
	r.m.MoveToPosition(r.at(0, 20), p)
	r.untilLegWalking()
	r.o.Phys.Position.Frame.Origin = physics.Vec3{Y: 19}
	r.m.UseTime()
	if len(r.done) != 1 || r.done[0] != motion.ErrNone || r.m.IsMovingTo() {
		t.Fatalf("done %v, moving %v, cmd %s; want the move finished on arrival",
			r.done, r.m.IsMovingTo(), motioncmd.Name(r.m.CurrentCommand))
	}
}

// TestArrivalStopsTheSteeringTurn pins the arrival's stop_aux_command
// (mutant moveto.go:418 dropped): a mover that steers on the tick it
// arrives stops turning at once, before the final-heading leg starts.
func TestArrivalStopsTheSteeringTurn(t *testing.T) {
	r := newMoveToRig(t)
	p := motion.DefaultMoveToParams()
	p.UseFinalHeading, p.DesiredHeading = true, 90
	r.m.MoveToPosition(r.at(0, 30), p)
	r.untilLegWalking()
	// 0.3 west of the target, facing 300: the target lies east (bearing
	// 90), 150° to the right, so the arrival tick's steering turns right
	// (nothing is pending) before the arrival test.
	r.o.Phys.Position.Frame.Origin = physics.Vec3{X: -0.3, Y: 30}
	r.face(300)
	r.m.UseTime()
	if len(r.m.Pending) != 1 || r.m.Pending[0].Type != motion.MovementTurnToHeading {
		t.Fatalf("setup: pending %v, want only the final heading leg", r.m.Pending)
	}
	if r.m.AuxCommand != 0 || r.o.Interp().Interpreted.TurnCommand != 0 {
		t.Fatalf("after arrival: aux %s, interpreted turn %s; want the steering turn stopped",
			motioncmd.Name(r.m.AuxCommand), motioncmd.Name(r.o.Interp().Interpreted.TurnCommand))
	}
}

// refusing removes motions from the rig's table, so that the interpreter
// refuses them.
func (r *mtRig) refusing(motions ...uint32) {
	mt := r.o.Parts.Manager.Table.MotionTable
	for _, m := range motions {
		delete(mt.Cycles, dat.MotionKey(motion.NonCombat, m))
		delete(mt.Modifiers, dat.MotionKey(motion.NonCombat, m))
	}
}

// TestRefusedLegMotionCancels pins BeginMoveForward's and
// BeginTurnToHeading's cancel when the leg's motion is refused (mutants
// moveto.go:359 and :454 `m.CancelMoveTo(err)` dropped): the move ends at
// once with the interpreter's error instead of waiting forever.
func TestRefusedLegMotionCancels(t *testing.T) {
	t.Run("forward leg", func(t *testing.T) {
		r := newMoveToRig(t)
		r.refusing(motion.WalkForward, motion.RunForward)
		r.m.MoveToPosition(r.at(0, 30), motion.DefaultMoveToParams())
		r.run(300)
		if r.done[0] != motion.ErrNoMtableData || r.m.IsMovingTo() {
			t.Fatalf("done %v, moving %v; want the move cancelled with the refusal 0x%X", r.done, r.m.IsMovingTo(), motion.ErrNoMtableData)
		}
	})
	t.Run("turn leg", func(t *testing.T) {
		r := newMoveToRig(t)
		r.refusing(motion.TurnRight)
		p := motion.DefaultMoveToParams()
		p.DesiredHeading = 90
		r.m.TurnToHeading(p)
		r.run(300)
		if r.done[0] != motion.ErrNoMtableData || r.m.IsMovingTo() {
			t.Fatalf("done %v, moving %v; want the turn cancelled with the refusal 0x%X", r.done, r.m.IsMovingTo(), motion.ErrNoMtableData)
		}
	})
}

// TestSteeringBandEdgesAreExclusive pins the ±20° steering band's edges
// (mutants moveto.go:390 `diff > 20` → `>=` and `diff < 340` → `<=`):
// a heading error of exactly 20° or exactly 340° is inside the band (no
// steering); one float32 step further out steers. The target is due north
// of the mover (bearing exactly 0) and SetFrameHeading(340) and (20) read
// back exactly; 0.001° further out (a few float32 steps of the error near
// 340) steers.
func TestSteeringBandEdgesAreExclusive(t *testing.T) {
	for _, tt := range []struct {
		name   string
		facing float32
		want   uint32
	}{
		{"exactly 20° right", 340, 0},
		{"past 20° right", 339.999, motion.TurnRight},
		{"exactly 20° left (340)", 20, 0},
		{"past 20° left", 20.001, motion.TurnLeft},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newMoveToRig(t)
			r.m.MoveToPosition(r.at(0, 30), motion.DefaultMoveToParams())
			r.untilLegWalking()
			r.o.Phys.Position.Frame.Origin = physics.Vec3{Y: 1}
			r.face(tt.facing)
			if h := motion.PositionHeading(r.o.Phys.Position, r.m.CurrentTargetPosition); h != 0 {
				t.Fatalf("setup: bearing %v, want exactly 0", h)
			}
			if tt.want == 0 && motion.FrameHeading(r.o.Phys.Position.Frame) != tt.facing {
				t.Fatalf("setup: heading %v, want exactly %v", motion.FrameHeading(r.o.Phys.Position.Frame), tt.facing)
			}
			r.m.UseTime()
			if r.m.AuxCommand != tt.want {
				t.Fatalf("facing %v: aux %s, want %s", tt.facing, motioncmd.Name(r.m.AuxCommand), motioncmd.Name(tt.want))
			}
		})
	}
}

// TestFinalTurnStartsAfterATurnLeg pins HandleTurnToHeading's reset of the
// current command when a turn leg ends (mutant moveto.go:482
// `m.CurrentCommand = 0` dropped): a MoveToPosition whose move leg is
// skipped (the mover was brought within reach during the opening turn)
// goes from the opening turn straight to the final-heading turn, which
// waits for the stop's pending motion and then starts its own turn. Left
// at the old TurnRight, the final leg would never issue its turn.
func TestFinalTurnStartsAfterATurnLeg(t *testing.T) {
	r := newMoveToRig(t)
	r.face(270)
	p := motion.DefaultMoveToParams()
	p.UseFinalHeading, p.DesiredHeading = true, 90
	r.m.MoveToPosition(r.at(0, 30), p)
	for i := 0; i < 30 && r.m.CurrentCommand != motion.TurnRight; i++ {
		r.step()
	}
	if len(r.m.Pending) != 3 || r.m.CurrentCommand != motion.TurnRight {
		t.Fatalf("setup: pending %v, cmd %s; want the opening turn (right, 270 → 0) under way",
			r.m.Pending, motioncmd.Name(r.m.CurrentCommand))
	}
	r.o.Phys.Position.Frame.Origin = physics.Vec3{Y: 29.8} // within 0.6 of the target
	r.run(600)
	if r.done[0] != motion.ErrNone {
		t.Fatalf("done %v, want success", r.done)
	}
	if h := motion.FrameHeading(r.o.Phys.Position.Frame); h != 90 {
		t.Fatalf("final heading %v, want 90", h)
	}
}

// TestNoSteeringTurnNothingStopped pins stop_aux_command's guard (mutant
// moveto.go:671 `AuxCommand != 0` → `!= 1`): with no steering turn there
// is nothing to stop. Stopping command 0 is not harmless for a mover
// outside any cell: every stop there also removes the link animations
// (CMotionInterp::StopInterpretedMotion), which would cut the walk's
// opening link and complete its pending motion early.
func TestNoSteeringTurnNothingStopped(t *testing.T) {
	r := newMoveToRig(t)
	r.m.MoveToPosition(r.at(0, 10), motion.DefaultMoveToParams()) // near enough to walk: ready→walk link
	for i := 0; i < 300 && !(len(r.m.Pending) > 0 && r.m.Pending[0].Type == motion.MovementMoveToPosition); i++ {
		r.step()
	}
	in := r.o.Interp()
	if !in.MotionsPending() || r.m.AuxCommand != 0 {
		t.Fatalf("setup: pending %v, aux %s; want the walk's link still playing, no steering", in.Pending, motioncmd.Name(r.m.AuxCommand))
	}
	pending, nodes := len(in.Pending), len(nodeAnims(&r.o.Parts.Sequence))
	r.o.Phys.Position.Cell = 0
	r.m.UseTime()
	if len(in.Pending) != pending || len(nodeAnims(&r.o.Parts.Sequence)) != nodes {
		t.Fatalf("pending %d → %d, sequence nodes %d → %d; want nothing stopped",
			pending, len(in.Pending), nodes, len(nodeAnims(&r.o.Parts.Sequence)))
	}
}
