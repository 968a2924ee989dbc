package managers

import (
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// moverRig is a bare creature with gravity and a MovementManager whose
// MoveToManager reports completions into done.
type moverRig struct {
	o    *motion.Object
	mm   *MovementManager
	done []motion.WeenieError
}

// The rig is its MoveTo's host: no targets, a clock at 0, completions
// recorded in done.
func (r *moverRig) TargetPosition(uint32) (physics.Position, bool) { return physics.Position{}, false }
func (r *moverRig) CurrentTime() float64                           { return 0 }
func (r *moverRig) MoveToDone(_ uint32, err motion.WeenieError)    { r.done = append(r.done, err) }
func (r *moverRig) HeadingSet(uint32)                              {}

func newMoverRig(withMoveTo bool) *moverRig {
	r := &moverRig{o: motion.NewObject(physics.NewObject(1), nil)}
	r.o.Phys.Position.Cell = 0x01010001
	r.o.Phys.State = physics.StateGravity
	r.o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	r.mm = &MovementManager{}
	r.mm.Init(r.o)
	r.mm.MakeInterp()
	if withMoveTo {
		r.mm.SetMoveTo(NewMoveToManager(&ObjectMoveTo{Obj: r.o, Radius: 0.5, Height: 1.8, Host: r}))
	}
	return r
}

// TestMovementManagerEmpty pins the manager before anything was made:
// every event is dropped, it has no work and no parts.
func TestMovementManagerEmpty(t *testing.T) {
	var mm MovementManager
	mm.Init(nil)
	mm.HitGround()
	mm.LeaveGround()
	mm.UseTime()
	mm.MotionDone(true)
	mm.CancelMoveTo(motion.ErrActionCancelled)
	mm.HandleExitWorld()
	if mm.HasWork() || mm.Interp != nil || mm.CurrentInterp() != nil || mm.MoveTo != nil || mm.Object() != nil {
		t.Fatalf("empty manager: work %v interp %v moveto %v object %v", mm.HasWork(), mm.Interp, mm.MoveTo, mm.Object())
	}
}

// TestMovementManagerLinks pins MovementManager::Create and get_minterp:
// the object's movement link is the manager, the interpreter is made once
// and is the object's.
func TestMovementManagerLinks(t *testing.T) {
	r := newMoverRig(false)
	in := r.mm.MakeInterp()
	if r.o.Movement != motion.Movement(r.mm) || r.mm.Object() != r.o {
		t.Fatal("the object and its manager do not point at each other")
	}
	if in == nil || in != r.mm.MakeInterp() || in != r.mm.CurrentInterp() || in != r.o.Interp() || in != r.mm.Interp {
		t.Fatal("MakeInterp did not make one interpreter, the object's")
	}
}

// TestMovementManagerFansOut pins MovementManager's fan-out: each event
// reaches the interpreter and, where retail sends it there too, the
// MoveToManager.
func TestMovementManagerFansOut(t *testing.T) {
	action := motion.MotionNode{ContextID: 1, Motion: motion.AttackHigh1}
	for _, tc := range []struct {
		name  string
		event func(r *moverRig)
		check func(t *testing.T, r *moverRig)
	}{
		{"LeaveGround launches the interpreter's jump", func(r *moverRig) {
			r.mm.Interp.JumpExtent = 1
			r.mm.LeaveGround()
		}, func(t *testing.T, r *moverRig) {
			if r.o.Phys.Velocity.Z <= 0 || r.mm.Interp.JumpExtent != 0 {
				t.Fatalf("velocity %v extent %v, want a jump", r.o.Phys.Velocity, r.mm.Interp.JumpExtent)
			}
		}},
		{"MotionDone pops the interpreter's head", func(r *moverRig) {
			r.mm.Interp.Pending = []motion.MotionNode{{ContextID: 1, Motion: motion.Ready}, action}
			r.mm.MotionDone(true)
		}, func(t *testing.T, r *moverRig) {
			if len(r.mm.Interp.Pending) != 1 || r.mm.Interp.Pending[0] != action {
				t.Fatalf("pending %v, want the action only", r.mm.Interp.Pending)
			}
		}},
		{"HandleExitWorld drops the interpreter's queue", func(r *moverRig) {
			r.mm.Interp.Pending = []motion.MotionNode{action}
			r.mm.HandleExitWorld()
		}, func(t *testing.T, r *moverRig) {
			if len(r.mm.Interp.Pending) != 0 {
				t.Fatalf("pending %v, want none", r.mm.Interp.Pending)
			}
		}},
		{"CancelMoveTo ends the MoveTo with the error", func(r *moverRig) {
			r.mm.MoveTo.MoveToPosition(physics.Position{Cell: 0x01010001, Frame: physics.Frame{Origin: physics.Vec3{Y: 20}, Orientation: physics.IdentityQuat}}, motion.DefaultMoveToParams())
			if !r.mm.HasWork() {
				panic("a MoveTo in progress is work")
			}
			r.mm.CancelMoveTo(motion.ErrObjectGone)
		}, func(t *testing.T, r *moverRig) {
			if len(r.done) != 1 || r.done[0] != motion.ErrObjectGone || r.mm.MoveTo.IsMovingTo() || r.mm.HasWork() {
				t.Fatalf("done %v moving %v work %v, want ended with ObjectGone", r.done, r.mm.MoveTo.IsMovingTo(), r.mm.HasWork())
			}
		}},
		{"HitGround continues the MoveTo: no legs left, it ends", func(r *moverRig) {
			r.mm.MoveTo.MovementType = motion.MovementMoveToPosition
			r.mm.HitGround()
		}, func(t *testing.T, r *moverRig) {
			if len(r.done) != 1 || r.done[0] != motion.ErrNone || r.mm.MoveTo.IsMovingTo() {
				t.Fatalf("done %v moving %v, want the move ended on landing", r.done, r.mm.MoveTo.IsMovingTo())
			}
		}},
		{"UseTime runs the MoveTo's head leg", func(r *moverRig) {
			m := r.mm.MoveTo
			m.MovementType, m.Initialized, m.CurrentCommand = motion.MovementTurnToHeading, true, motion.TurnRight
			m.Pending = []MoveToNode{{Type: motion.MovementTurnToHeading, Heading: 350}}
			r.mm.UseTime()
		}, func(t *testing.T, r *moverRig) {
			h := motion.FrameHeading(r.o.Phys.Position.Frame)
			if len(r.done) != 1 || r.done[0] != motion.ErrNone || h < 349.9 || h > 350.1 {
				t.Fatalf("done %v heading %v, want the turn past 350 snapped and the move ended", r.done, h)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newMoverRig(true)
			tc.event(r)
			tc.check(t, r)
		})
	}
}

// TestMovementManagerRefusesMoveToTypes pins PerformMovement's routing:
// the MoveTo types (6–9) are not performed through it.
func TestMovementManagerRefusesMoveToTypes(t *testing.T) {
	r := newMoverRig(true)
	for _, mt := range []motion.MovementType{motion.MovementMoveToObject, motion.MovementMoveToPosition, motion.MovementTurnToObject, motion.MovementTurnToHeading} {
		if err := r.mm.PerformMovement(mt, 0, &motion.Params{}); err != motion.ErrGeneralMovementFailure {
			t.Fatalf("type %d: %#x, want GeneralMovementFailure", mt, uint32(err))
		}
	}
	if r.mm.HasWork() {
		t.Fatal("a refused MoveTo left work")
	}
}
