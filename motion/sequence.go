package motion

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// AnimationSource resolves animation ids for a Sequence (the DAT cache).
type AnimationSource interface {
	Animation(id uint32) *dat.Animation
}

// AnimationMap is an AnimationSource over a plain map.
type AnimationMap map[uint32]*dat.Animation

// Animation returns the animation with the id, or nil.
func (m AnimationMap) Animation(id uint32) *dat.Animation { return m[id] }

// HookSink receives the animation hooks a Sequence fires (the owning
// object's animation-hook list, CPhysicsObj::add_anim_hook).
type HookSink interface {
	AddAnimHook(h *dat.AnimHook)
}

// AnimDoneHook is the hook a Sequence fires when a non-cyclic node's frames
// are exhausted (retail's static AnimDoneHook).
var AnimDoneHook = dat.AnimHook{Type: dat.HookAnimationDone, Direction: dat.HookBoth}

// maxAdvances bounds the node boundaries one Update may cross, so absurd
// framerates cannot stall a tick (divergence MA-03).
const maxAdvances = 256

// Sequence is CSequence: a doubly linked list of nodes, the cyclic tail
// starting at FirstCyclic, the playing node and frame, and the velocity and
// omega accumulators that drive root motion.
type Sequence struct {
	// What a tick's Update reads comes first, in 72 bytes (see
	// PartArray's layout).
	head        *Node
	currAnim    *Node
	firstCyclic *Node
	// FrameNumber is the playback position within the current node.
	FrameNumber float64
	// Velocity and Omega are the accumulators apply_physics integrates.
	Velocity, Omega physics.Vec3
	// Hooks receives fired hooks (may be nil).
	Hooks HookSink

	tail  *Node
	free  *Node
	count int
	used  int // how many inline nodes have been handed out
	// PlacementFrame is the pose sampled when no node is current.
	PlacementFrame *dat.AnimFrame
	// adopt is set by ClearPhysics while a node is current: that node
	// (a link of the previous transition still playing) takes the physics
	// of the first motion the new transition adds, so the new motion's
	// velocity and omega apply at once (seed 004 Q2/Q7, divergence MA-01).
	adopt bool

	inline [4]Node // the first nodes live inside the sequence (locality)

	// Anims resolves animation ids.
	Anims AnimationSource
}

// Head returns the first node, or nil.
func (s *Sequence) Head() *Node { return s.head }

// Tail returns the last node, or nil.
func (s *Sequence) Tail() *Node { return s.tail }

// FirstCyclic returns the first node of the cyclic tail, or nil.
func (s *Sequence) FirstCyclic() *Node { return s.firstCyclic }

// CurrAnim returns the playing node, or nil.
func (s *Sequence) CurrAnim() *Node { return s.currAnim }

// Len returns the number of nodes.
func (s *Sequence) Len() int { return s.count }

// HasAnims reports whether the node list is non-empty (CSequence::has_anims).
func (s *Sequence) HasAnims() bool { return s.head != nil }

// Contains reports whether n is a member of the node list.
func (s *Sequence) Contains(n *Node) bool { return n != nil && n.owner == s }

// setCurr makes n the playing node, handing the accumulators over from the
// old node's physics to the new one's (divergence MA-01).
func (s *Sequence) setCurr(n *Node) {
	if old := s.currAnim; old != nil {
		s.Velocity = s.Velocity.Sub(old.Velocity)
		s.Omega = s.Omega.Sub(old.Omega)
	}
	if n != nil {
		s.Velocity = s.Velocity.Add(n.Velocity)
		s.Omega = s.Omega.Add(n.Omega)
	}
	s.currAnim = n
}

func (s *Sequence) newNode() *Node {
	if n := s.free; n != nil {
		s.free = n.next
		*n = Node{}
		return n
	}
	if s.used < len(s.inline) {
		s.used++
		return &s.inline[s.used-1]
	}
	return &Node{}
}

func (s *Sequence) unlink(n *Node) {
	if n.prev != nil {
		n.prev.next = n.next
	} else {
		s.head = n.next
	}
	if n.next != nil {
		n.next.prev = n.prev
	} else {
		s.tail = n.prev
	}
	s.count--
	*n = Node{next: s.free}
	s.free = n
}

// AppendAnimation appends a node for ad (CSequence::append_animation).
func (s *Sequence) AppendAnimation(ad dat.AnimData) *Node {
	return s.appendAnimation(ad, physics.Vec3{}, physics.Vec3{})
}

// appendAnimation inserts at the tail, makes the node the new FirstCyclic
// and, on an idle sequence, starts it at its starting frame. A node without
// an animation is dropped and nil returned.
func (s *Sequence) appendAnimation(ad dat.AnimData, vel, omega physics.Vec3) *Node {
	var anim *dat.Animation
	if s.Anims != nil {
		anim = s.Anims.Animation(ad.AnimID)
	}
	n := s.newNode()
	if !n.set(ad, anim) {
		*n = Node{next: s.free}
		s.free = n
		return nil
	}
	n.Velocity, n.Omega = vel, omega
	if prev := s.currAnim; s.adopt {
		s.adopt = false
		if prev != nil {
			prev.Velocity, prev.Omega = vel, omega
			s.CombinePhysics(vel, omega)
		}
	}
	n.owner = s
	n.prev = s.tail
	if s.tail != nil {
		s.tail.next = n
	} else {
		s.head = n
	}
	s.tail = n
	s.count++
	s.firstCyclic = n
	if s.currAnim == nil {
		s.setCurr(s.head)
		s.FrameNumber = s.currAnim.StartingFrame()
	}
	return n
}

// ClearPhysics zeroes the accumulators and the physics every node carries
// (CSequence::clear_physics). A node still playing takes the physics the
// next motion adds (see adopt).
func (s *Sequence) ClearPhysics() {
	s.Velocity, s.Omega = physics.Vec3{}, physics.Vec3{}
	for n := s.head; n != nil; n = n.next {
		n.Velocity, n.Omega = physics.Vec3{}, physics.Vec3{}
	}
	s.adopt = s.currAnim != nil
}

// combineFirst adds the physics of a motion that appended no node; as the
// first motion of a transition it is what the playing node adopts, so no
// later node is adopted.
func (s *Sequence) combineFirst(vel, omega physics.Vec3) {
	s.adopt = false
	s.CombinePhysics(vel, omega)
}

// ClearAnimations empties the node list (CSequence::clear_animations).
func (s *Sequence) ClearAnimations() {
	s.adopt = false
	s.setCurr(nil)
	for s.head != nil {
		s.unlink(s.head)
	}
	s.firstCyclic = nil
	s.FrameNumber = 0
}

// Clear empties the list and the physics (CSequence::clear).
func (s *Sequence) Clear() {
	s.ClearAnimations()
	s.ClearPhysics()
	s.PlacementFrame = nil
}

// CombinePhysics adds to the accumulators (combine_motion's effect).
func (s *Sequence) CombinePhysics(vel, omega physics.Vec3) {
	s.Velocity = s.Velocity.Add(vel)
	s.Omega = s.Omega.Add(omega)
}

// SubtractPhysics subtracts from the accumulators (subtract_motion's effect).
func (s *Sequence) SubtractPhysics(vel, omega physics.Vec3) {
	s.Velocity = s.Velocity.Sub(vel)
	s.Omega = s.Omega.Sub(omega)
}

// RemoveCyclicAnims drops FirstCyclic and everything after it; a removed
// current node hands playback to its predecessor at its ending frame
// (CSequence::remove_cyclic_anims).
func (s *Sequence) RemoveCyclicAnims() {
	for n := s.firstCyclic; n != nil; {
		next := n.next
		if n == s.currAnim {
			s.setCurr(n.prev)
			if s.currAnim != nil {
				s.FrameNumber = s.currAnim.EndingFrame()
			} else {
				s.FrameNumber = 0
			}
		}
		s.unlink(n)
		n = next
	}
	s.firstCyclic = s.tail
}

// RemoveAllLinkAnimations drops every node before FirstCyclic. If the
// current node was one of them, playback moves to FirstCyclic at its
// starting frame (CSequence::remove_all_link_animations, seed 003 §1).
func (s *Sequence) RemoveAllLinkAnimations() {
	s.RemoveLinkAnimations(math.MaxInt)
}

// RemoveLinkAnimations drops up to count link nodes immediately before
// FirstCyclic (CSequence::remove_link_animations).
func (s *Sequence) RemoveLinkAnimations(count int) {
	for i := 0; i < count && s.firstCyclic != nil && s.firstCyclic.prev != nil; i++ {
		link := s.firstCyclic.prev
		if link == s.currAnim {
			s.setCurr(s.firstCyclic)
			s.FrameNumber = s.currAnim.StartingFrame()
		}
		s.unlink(link)
	}
}

// Apricot deletes consumed nodes from the head up to the current node or
// FirstCyclic, whichever comes first (CSequence::apricot).
func (s *Sequence) Apricot() {
	for n := s.head; n != nil && n != s.currAnim && n != s.firstCyclic; n = s.head {
		s.unlink(n)
	}
}

// MultiplyCyclicAnimationFr scales the framerate of FirstCyclic and every
// node after it (CSequence::multiply_cyclic_animation_fr).
func (s *Sequence) MultiplyCyclicAnimationFr(m float32) {
	for n := s.firstCyclic; n != nil; n = n.next {
		n.MultiplyFramerate(m)
	}
}

// CurrFrameNumber returns the current frame index
// (CSequence::get_curr_frame_number).
func (s *Sequence) CurrFrameNumber() int { return frameIndex(s.FrameNumber) }

// GetCurrAnimFrame samples the current pose without advancing time: the
// current node's AnimFrame, or the placement frame when idle
// (CSequence::get_curr_animframe).
func (s *Sequence) GetCurrAnimFrame() *dat.AnimFrame {
	if s.currAnim == nil {
		return s.PlacementFrame
	}
	return s.currAnim.PartFrame(s.CurrFrameNumber())
}

// Update advances the sequence by dt seconds, folding root motion into
// frame (may be nil): update_internal when nodes exist, else apply_physics
// (CSequence::update).
func (s *Sequence) Update(dt float64, frame *physics.Frame) {
	if s.head != nil {
		s.updateInternal(dt, frame)
		s.Apricot()
	} else if frame != nil {
		s.applyPhysics(frame, dt, dt)
	}
}

// applyPhysics integrates the accumulators over |quantum| seconds, signed
// like sign (CSequence::apply_physics).
func (s *Sequence) applyPhysics(frame *physics.Frame, quantum, sign float64) {
	q := math.Abs(quantum)
	if sign < 0 {
		q = -q
	}
	frame.Origin = frame.Origin.Add(s.Velocity.Scale(float32(q)))
	frame.Rotate(s.Omega.Scale(float32(q)))
}

// executeHooks hands every hook of af whose direction is Both or dir to the
// sink (CSequence::execute_hooks).
func (s *Sequence) executeHooks(af *dat.AnimFrame, dir dat.HookDir) {
	if af == nil || s.Hooks == nil {
		return
	}
	for i := range af.Hooks {
		if d := af.Hooks[i].Direction; d == dat.HookBoth || d == dir {
			s.Hooks.AddAnimHook(&af.Hooks[i])
		}
	}
}

// crossFrame applies what leaving frame i of the current node does: its pos
// frame, one frame's worth of velocity, and its hooks.
func (s *Sequence) crossFrame(n *Node, i int, dt float64, frame *physics.Frame, dir dat.HookDir) {
	if frame != nil {
		if n.hasPosFrames() {
			if dir == dat.HookForward {
				*frame = physics.Combine(*frame, n.PosFrame(i))
			} else {
				*frame = physics.Subtract(*frame, n.PosFrame(i))
			}
		}
		if abs32(n.Framerate) > physics.FrameEpsilon32 {
			s.applyPhysics(frame, float64(1/n.Framerate), dt)
		}
	}
	s.executeHooks(n.PartFrame(i), dir)
}

// updateInternal is CSequence::update_internal: advance the frame number by
// framerate·dt, fire each crossed frame, and when a node is exhausted move
// on with the leftover time (ACE-derived arithmetic, divergence MA-02).
func (s *Sequence) updateInternal(dt float64, frame *physics.Frame) {
	if s.currAnim == nil {
		s.setCurr(s.head)
		s.FrameNumber = s.currAnim.StartingFrame()
	}
	for advances := 0; advances < maxAdvances; advances++ {
		n := s.currAnim
		if math.IsNaN(s.FrameNumber) || math.IsInf(s.FrameNumber, 0) {
			s.FrameNumber = n.StartingFrame()
		}
		lo, hi := n.lo(), n.hi()
		rate := float64(n.Framerate) // exact: the float32 comparisons below are unchanged
		// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
		step := float64(rate * dt)
		last := min(max(frameIndex(s.FrameNumber), lo), hi)
		s.FrameNumber += step
		leftover := 0.0
		done := false

		switch {
		case step > 0:
			target := frameIndex(s.FrameNumber)
			if target > hi {
				if off := s.FrameNumber - float64(hi) - 1; off > 0 && math.Abs(rate) > physics.FrameEpsilon {
					leftover = off / rate
				}
				s.FrameNumber = float64(hi)
				target = hi + 1
				done = true
			}
			for ; last < target; last++ {
				s.crossFrame(n, last, dt, frame, dat.HookForward)
			}
		case step < 0:
			target := frameIndex(s.FrameNumber)
			if target < lo {
				if off := s.FrameNumber - float64(lo); off < 0 && math.Abs(rate) > physics.FrameEpsilon {
					leftover = off / rate
				}
				s.FrameNumber = float64(lo)
				target = lo - 1
				done = true
			}
			for ; last > target; last-- {
				s.crossFrame(n, last, dt, frame, dat.HookBackward)
			}
		default:
			if frame != nil && math.Abs(dt) > physics.FrameEpsilon {
				s.applyPhysics(frame, dt, dt)
			}
		}

		if !done {
			return
		}
		if s.Hooks != nil && s.head != s.firstCyclic {
			s.Hooks.AddAnimHook(&AnimDoneHook)
		}
		s.advanceToNextAnimation(dt)
		dt = leftover
		if math.IsNaN(dt) || dt == 0 {
			return
		}
	}
}

// advanceToNextAnimation moves playback to the next node (or wraps to
// FirstCyclic) when time runs forward, to the previous one (or the tail)
// when it runs backward (CSequence::advance_to_next_animation).
func (s *Sequence) advanceToNextAnimation(dt float64) {
	n := s.currAnim
	if dt >= 0 {
		next := n.next
		if next == nil {
			next = s.firstCyclic
		}
		s.setCurr(next)
		s.FrameNumber = next.StartingFrame()
		return
	}
	prev := n.prev
	if prev == nil {
		prev = s.tail
	}
	s.setCurr(prev)
	s.FrameNumber = prev.EndingFrame()
}
