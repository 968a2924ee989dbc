package motion

import (
	"math"
	"testing"
)

var fuzzCommands = [...]uint32{
	Ready, WalkForward, WalkBackwards, RunForward, Dead, TurnRight, TurnLeft,
	SideStepRight, SideStepLeft, AttackHigh1, NonCombat, HandCombat, Falling, Jump, 0, 0x12345678,
}

var fuzzSpeeds = [...]float32{
	1, 0.6, -0.65, 0, 0.0001, -1, 2.5, 3, 1e6, -1e6,
	float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e-30, 0.5, 4,
}

// checkInvariants asserts what no command sequence may break.
func checkInvariants(t *testing.T, o *Object, step int) {
	t.Helper()
	s := &o.Parts.Sequence
	if c := s.CurrAnim(); c != nil && !s.Contains(c) {
		t.Fatalf("step %d: curr_anim is not in the node list", step)
	}
	if fc := s.FirstCyclic(); fc != nil && !s.Contains(fc) {
		t.Fatalf("step %d: first_cyclic is not in the node list", step)
	}
	if s.CurrAnim() != nil && !s.HasAnims() {
		t.Fatalf("step %d: curr_anim set on an empty list", step)
	}
	if s.HasAnims() && (s.CurrAnim() == nil || s.FirstCyclic() == nil) {
		t.Fatalf("step %d: non-empty list without curr_anim/first_cyclic", step)
	}
	n := 0
	for nd := s.Head(); nd != nil; nd = nd.Next() {
		if nd.Next() != nil && nd.Next().Prev() != nd {
			t.Fatalf("step %d: broken links", step)
		}
		n++
	}
	if n != s.Len() || n > 4096 {
		t.Fatalf("step %d: node count %d (Len %d)", step, n, s.Len())
	}
	m := o.Parts.Manager
	if m.AnimationCounter > 1<<30 || len(m.Pending) > 1<<16 || len(o.Interp().Pending) > 1<<16 {
		t.Fatalf("step %d: queue counters ran away: counter %d, pending %d/%d", step, m.AnimationCounter, len(m.Pending), len(o.Interp().Pending))
	}
}

func FuzzMotionInterp(f *testing.F) {
	f.Add([]byte{0x01, 0x10, 0x20, 0x30, 0x80, 0x03, 0x90})
	f.Add([]byte{0x01, 0x03, 0x01, 0x03, 0x01, 0x20, 0x90, 0x91, 0x92})
	f.Add([]byte{0x31, 0x42, 0x53, 0x64, 0x75, 0x86, 0x97, 0xa8, 0xb9, 0xca, 0xdb, 0xec, 0xfd})
	f.Fuzz(runFuzzOps)
}

// runFuzzOps interprets ops as a command/speed/stop/tick sequence and checks
// the invariants after every step.
func runFuzzOps(t *testing.T, ops []byte) {
	{
		if len(ops) > 512 {
			ops = ops[:512]
		}
		o := newTestObject()
		p := DefaultParams()
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i], ops[i+1]
			cmd := fuzzCommands[arg&0xF]
			speed := fuzzSpeeds[arg>>4]
			p.Speed = speed
			switch op % 12 {
			case 0:
				s := ims(cmd, speed)
				o.Interp().MoveToInterpretedState(s)
			case 1:
				s := ims(WalkForward, speed)
				s.SideStepCommand, s.SideStepSpeed = SideStepRight, speed
				s.TurnCommand, s.TurnSpeed = TurnRight, -speed
				s.Actions = []Action{{Motion: AttackHigh1, Speed: speed, Stamp: uint16(arg) << 8}}
				o.Interp().MoveToInterpretedState(s)
			case 2:
				o.Interp().DoInterpretedMotion(cmd, &p)
			case 3:
				o.Interp().StopInterpretedMotion(cmd, &p)
			case 4:
				o.Interp().StopCompletely()
			case 5:
				o.Interp().PerformMovement(MovementRawCommand, cmd, &p)
			case 6:
				o.Interp().PerformMovement(MovementStopRawCommand, cmd, &p)
			case 7:
				tick(o, float64(arg)/64)
			case 8:
				o.Parts.HandleEnterWorld()
			case 9:
				o.Phys.Transient ^= 1 << (arg % 2)
			case 10:
				if o.Phys.Position.Cell == 0 {
					o.Phys.Position.Cell = 1
				} else {
					o.Phys.Position.Cell = 0
				}
			case 11:
				o.Phys.Autonomous = !o.Phys.Autonomous
				o.Interp().SetHoldRun(arg&1 == 1, true)
			}
			checkInvariants(t, o, i/2)
		}
	}
}
