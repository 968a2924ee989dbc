package motion

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Node is one AnimSequenceNode: an animation clip in a Sequence's node list.
// A node keeps its identity for as long as it is in the list.
type Node struct {
	Anim *dat.Animation
	// Framerate is frames per second, a float as AnimSequenceNode's is;
	// negative plays backward.
	Framerate float32
	LowFrame  int
	HighFrame int
	// Velocity and Omega are the physics of the MotionData that appended the
	// node, scaled by its speed; they apply while the node is current
	// (divergence MA-01).
	Velocity, Omega physics.Vec3

	prev, next *Node
	owner      *Sequence
}

// Next returns the following node, or nil at the tail.
func (n *Node) Next() *Node { return n.next }

// Prev returns the preceding node, or nil at the head.
func (n *Node) Prev() *Node { return n.prev }

// set resolves the node's animation and clamps its frame range
// (AnimSequenceNode::set_animation_id). It reports whether the node has an
// animation with at least one frame.
func (n *Node) set(ad dat.AnimData, anim *dat.Animation) bool {
	n.Anim = anim
	n.Framerate = ad.Framerate
	n.LowFrame, n.HighFrame = int(ad.LowFrame), int(ad.HighFrame)
	if anim == nil || anim.NumFrames() == 0 {
		return false
	}
	last := anim.NumFrames() - 1
	if n.HighFrame < 0 || n.HighFrame > last {
		n.HighFrame = last
	}
	if n.LowFrame < 0 {
		n.LowFrame = 0
	}
	if n.LowFrame > last {
		n.LowFrame = last
	}
	if n.LowFrame > n.HighFrame {
		n.HighFrame = n.LowFrame
	}
	return true
}

// lo and hi are the node's frame range whichever way round a negative
// multiply_framerate left LowFrame and HighFrame.
func (n *Node) lo() int { return min(n.LowFrame, n.HighFrame) }
func (n *Node) hi() int { return max(n.LowFrame, n.HighFrame) }

// StartingFrame is where playback enters the node
// (AnimSequenceNode::get_starting_frame).
func (n *Node) StartingFrame() float64 {
	if n.Framerate >= 0 {
		return float64(n.lo())
	}
	return float64(n.hi()+1) - physics.FrameEpsilon
}

// EndingFrame is where playback leaves the node
// (AnimSequenceNode::get_ending_frame).
func (n *Node) EndingFrame() float64 {
	if n.Framerate >= 0 {
		return float64(n.hi()+1) - physics.FrameEpsilon
	}
	return float64(n.lo())
}

// PartFrame returns the AnimFrame at index i, or nil outside the animation.
func (n *Node) PartFrame(i int) *dat.AnimFrame {
	if n.Anim == nil || i < 0 || i >= len(n.Anim.PartFrames) {
		return nil
	}
	return &n.Anim.PartFrames[i]
}

// PosFrame returns the root-motion frame at index i, or the identity.
func (n *Node) PosFrame(i int) physics.Frame {
	if n.Anim == nil || i < 0 || i >= len(n.Anim.PosFrames) {
		return physics.IdentityFrame
	}
	return n.Anim.PosFrames[i]
}

// hasPosFrames reports whether the animation carries root motion.
func (n *Node) hasPosFrames() bool { return n.Anim != nil && len(n.Anim.PosFrames) > 0 }

// MultiplyFramerate scales the node's framerate; a negative multiplier also
// swaps LowFrame and HighFrame (AnimSequenceNode::multiply_framerate).
func (n *Node) MultiplyFramerate(m float32) {
	if m < 0 {
		n.LowFrame, n.HighFrame = n.HighFrame, n.LowFrame
	}
	n.Framerate *= m
}

// frameIndex converts a frame number to an index, mapping non-finite values
// to the node's first frame so a corrupt number can never index wildly.
func frameIndex(f float64) int {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	fl := math.Floor(f)
	if fl > math.MaxInt32 {
		return math.MaxInt32
	}
	if fl < math.MinInt32 {
		return math.MinInt32
	}
	return int(fl)
}
