package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// oneFrame is a one-frame animation whose pos frame moves +X by 1 and
// whose frame carries a hook in both directions.
func oneFrame(id uint32) *dat.Animation {
	a := testAnim(id, 1, 1)
	a.PosFrames = []physics.Frame{{Origin: physics.Vec3{X: 1}, Orientation: physics.IdentityQuat}}
	a.PartFrames[0].Hooks = []dat.AnimHook{{Type: dat.HookSound, Direction: dat.HookBoth}}
	return a
}

// TestSequenceUpdateCrossesAtMost256Boundaries pins divergence MA-03: one
// update crosses at most 256 node boundaries (a one-frame cycle at 30
// frames/s over 10 s would cross 300); every crossing combines the pos
// frame once. Without a hook sink the crossed hooks go nowhere.
func TestSequenceUpdateCrossesAtMost256Boundaries(t *testing.T) {
	s := &Sequence{Anims: AnimationMap{1: oneFrame(1)}}
	s.AppendAnimation(dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: 30})
	f := physics.IdentityFrame
	s.Update(10, &f)
	if f.Origin.X != maxAdvances || maxAdvances != 256 {
		t.Fatalf("crossed %v frames, want the cap of 256", f.Origin.X)
	}
}

// TestSequenceLeftoverOfExactlyOneSecond: time left after a node is
// exhausted plays on in the next node, whatever its size; only a leftover
// of exactly 0 ends the update (CSequence::update_internal, MA-02).
func TestSequenceLeftoverOfExactlyOneSecond(t *testing.T) {
	s := &Sequence{Anims: AnimationMap{1: oneFrame(1)}}
	s.AppendAnimation(dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: 1})
	f := physics.IdentityFrame
	s.Update(2, &f) // frame 0 crossed, 1 s left over, frame 0 crossed again
	if f.Origin.X != 2 {
		t.Fatalf("crossed %v frames in 2 s at 1 frame/s, want 2", f.Origin.X)
	}
}

// TestSequenceFramerateAtTheEpsilon: a framerate of exactly FrameEpsilon
// (seed 000's 0.000199999995f, compared in float32) is no framerate: a
// crossed frame carries no velocity and exhausting the node leaves no time
// over; the same for −FrameEpsilon played backwards. With no framerate,
// time of exactly FrameEpsilon applies no velocity either.
func TestSequenceFramerateAtTheEpsilon(t *testing.T) {
	eps := physics.FrameEpsilon32
	run := func(rate float32, dt float64) physics.Frame {
		a := testAnim(1, 1, 1)
		if rate != 0 {
			a = oneFrame(1)
		}
		s := &Sequence{Anims: AnimationMap{1: a}}
		s.AppendAnimation(dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: rate})
		s.CombinePhysics(physics.Vec3{Y: 1}, physics.Vec3{})
		f := physics.IdentityFrame
		s.Update(dt, &f)
		return f
	}
	if f := run(eps, 2/physics.FrameEpsilon); f.Origin != (physics.Vec3{X: 1}) {
		t.Errorf("framerate ε forwards: %v, want one crossing (X 1) and no velocity", f.Origin)
	}
	if f := run(-eps, 2/physics.FrameEpsilon); f.Origin != (physics.Vec3{X: -1}) {
		t.Errorf("framerate −ε backwards: %v, want one crossing (X −1) and no velocity", f.Origin)
	}
	if f := run(0, physics.FrameEpsilon); f.Origin != (physics.Vec3{}) {
		t.Errorf("no framerate, dt ε: %v, want no velocity", f.Origin)
	}
	if f := run(0, 0.5); f.Origin != (physics.Vec3{Y: 0.5}) {
		t.Errorf("no framerate, dt 0.5: %v, want the velocity for 0.5 s", f.Origin)
	}
}

// TestSequenceBackwardTimeWrapsToTheTail pins the negative-time branch of
// CSequence::advance_to_next_animation (ACE-derived): leaving the head
// backwards continues in the tail at its ending frame, with the time
// left over; apricot then drops the consumed head.
func TestSequenceBackwardTimeWrapsToTheTail(t *testing.T) {
	s := &Sequence{Anims: AnimationMap{1: testAnim(1, 3, 1), 2: testAnim(2, 3, 1)}}
	s.AppendAnimation(dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: 16})
	b := s.AppendAnimation(dat.AnimData{AnimID: 2, HighFrame: -1, Framerate: 16})
	s.Update(-0.09375, nil) // 1.5 frames back: out of the head, 1.5 frames into the tail
	if s.currAnim != b || s.FrameNumber != b.EndingFrame()-1.5 || s.Len() != 1 {
		t.Fatalf("current %p (tail %p) frame %v len %d; want the tail at %v, one node", s.currAnim, b, s.FrameNumber, s.Len(), b.EndingFrame()-1.5)
	}
}

// TestSequenceClearDropsThePlacementFrame: CSequence::clear empties the
// nodes, the physics and the placement frame.
func TestSequenceClearDropsThePlacementFrame(t *testing.T) {
	s := &Sequence{Anims: AnimationMap{1: testAnim(1, 3, 1)}}
	s.PlacementFrame = &dat.AnimFrame{}
	s.AppendAnimation(dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: 16})
	s.CombinePhysics(physics.Vec3{Y: 1}, physics.Vec3{Z: 1})
	s.Clear()
	if s.PlacementFrame != nil || s.Len() != 0 || s.Velocity != (physics.Vec3{}) || s.Omega != (physics.Vec3{}) {
		t.Fatalf("after Clear: placement %v, %d nodes, velocity %v omega %v", s.PlacementFrame, s.Len(), s.Velocity, s.Omega)
	}
}

// TestFreshSequenceKeepsItsFirstNodesInline: a new sequence's first four
// nodes need no allocation (they live inside the Sequence).
func TestFreshSequenceKeepsItsFirstNodesInline(t *testing.T) {
	anims := AnimationMap{1: testAnim(1, 3, 1)}
	seqs := make([]Sequence, 64)
	i := 0
	ad := dat.AnimData{AnimID: 1, HighFrame: -1, Framerate: 30}
	allocs := testing.AllocsPerRun(50, func() {
		s := &seqs[i]
		i++
		s.Anims = anims
		for range 4 {
			s.AppendAnimation(ad)
		}
	})
	if allocs != 0 {
		t.Fatalf("a fresh sequence's first four nodes allocate %v times", allocs)
	}
}
