package control

import (
	"testing"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// serverMovement applies a server-driven (not autonomous) 0xF74C moving the
// local player: seed 004 Q1's SetObjectMovement stores
// last_move_was_autonomous = 0, unpacks it and reports the lost control.
func serverMovement(t *testing.T, w *systems.World, fwd uint32) {
	t.Helper()
	ut := &w.Object(w.PlayerGUID).Phys.UpdateTimes
	um := &protocol.UpdateMotion{Guid: w.PlayerGUID, InstanceSequence: ut[protocol.SeqInstance],
		MovementSequence: ut[protocol.SeqMovement] + 1, ServerControlSequence: ut[protocol.SeqServerControl] + 1}
	um.Movement.State.Flags = protocol.IMSForwardCommand
	um.Movement.State.ForwardCommand = fwd
	if err := w.SmartBox.UpdateMotion(um); err != nil {
		t.Fatal(err)
	}
}

// TestRunReleaseAfterServerMovementWalks is the live client's bug: after
// the server had moved the player (seed 004 Q1: a non-autonomous movement
// clears last_move_was_autonomous and calls LoseControlToServer), holding
// W with Shift and then releasing Shift kept the player running, because
// apply_current_movement took the interpreted path (seed 004 Q2: only an
// autonomous player applies its raw state) and replayed the interpreted
// RunForward. A movement key press takes control back
// (CommandInterpreter::TakeControlFromServer, divergence CT-01), so
// releasing Run goes through apply_raw_movement and walks.
func TestRunReleaseAfterServerMovementWalks(t *testing.T) {
	for _, wired := range []bool{false, true} {
		w := testWorld(t)
		pl := w.Object(testworld.Player)
		var c Controller
		if wired {
			w.Control = &c
		}
		step := func(k Keys) {
			c.Update(w, k)
			for range 20 {
				w.Step(1.0 / 60)
			}
		}
		step(Keys{Forward: true})
		serverMovement(t, w, motion.Ready)
		in := pl.Movement.Interp
		if pl.Phys.Autonomous || in.Interpreted.ForwardCommand != motion.Ready || (wired && c.own) {
			t.Fatalf("wired %v: the server movement left autonomous %v, forward %s, own %v", wired, pl.Phys.Autonomous,
				motioncmd.Name(in.Interpreted.ForwardCommand), c.own)
		}
		step(Keys{})
		step(Keys{Forward: true, Run: true})
		if !pl.Phys.Autonomous || in.Interpreted.ForwardCommand != motion.RunForward || in.Raw.CurrentHoldKey != motion.HoldKeyRun {
			t.Fatalf("wired %v: W+Shift: autonomous %v, interpreted %s, hold %d", wired, pl.Phys.Autonomous,
				motioncmd.Name(in.Interpreted.ForwardCommand), in.Raw.CurrentHoldKey)
		}
		step(Keys{Forward: true})
		if in.Interpreted.ForwardCommand != motion.WalkForward || in.Raw.ForwardCommand != motion.WalkForward || in.Raw.CurrentHoldKey != motion.HoldKeyNone {
			t.Fatalf("wired %v: Shift released with W held: interpreted %s, raw %s, hold %d; want WalkForward, WalkForward, none", wired,
				motioncmd.Name(in.Interpreted.ForwardCommand), motioncmd.Name(in.Raw.ForwardCommand), in.Raw.CurrentHoldKey)
		}
		last := c.Log.Recent()[len(c.Log.Recent())-1]
		var back protocol.MoveToState
		if _, err := protocol.DecodeMoveToState(last.Bytes, &back); err != nil {
			t.Fatal(err)
		}
		if back.Raw.ForwardCommand != motion.WalkForward || back.Raw.CurrentHoldKey != uint32(motion.HoldKeyNone) {
			t.Fatalf("wired %v: the MoveToState after the release sends forward %s hold %d", wired, motioncmd.Name(back.Raw.ForwardCommand), back.Raw.CurrentHoldKey)
		}
	}
}

// TestServerControlKeepsTheServerMotionUntilAKeyPress: a key release or
// the Run key alone does not take control back (only a movement key
// press does, CommandInterpreter::MovePlayer → TakeControlFromServer), so
// the server's motion stays.
func TestServerControlKeepsTheServerMotionUntilAKeyPress(t *testing.T) {
	w := testWorld(t)
	pl := w.Object(testworld.Player)
	var c Controller
	w.Control = &c
	c.Update(w, Keys{Forward: true})
	w.Step(1.0 / 60)
	serverMovement(t, w, motion.WalkForward)
	c.Update(w, Keys{Forward: true, Run: true})
	w.Step(1.0 / 60)
	if pl.Phys.Autonomous || c.own {
		t.Fatal("the Run key alone took control from the server")
	}
	c.Update(w, Keys{Forward: true, Run: true, TurnLeft: true})
	w.Step(1.0 / 60)
	in := pl.Movement.Interp
	if !pl.Phys.Autonomous || !c.own || in.Interpreted.ForwardCommand != motion.RunForward || in.Interpreted.TurnCommand != motion.TurnRight {
		t.Fatalf("a turn press: autonomous %v own %v forward %s turn %s; want the held W and Shift reissued with the turn",
			pl.Phys.Autonomous, c.own, motioncmd.Name(in.Interpreted.ForwardCommand), motioncmd.Name(in.Interpreted.TurnCommand))
	}
}
