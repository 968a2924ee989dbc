package motion

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestNodeSetClampsTheFrameRange pins AnimSequenceNode::set_animation_id's
// clamps (ACE-derived; seed 004 Q3 relies on a node playing its authored
// range from get_starting_frame): a negative high frame (−1 in the DAT)
// or one past the end means the last frame, a negative low frame 0, a low
// frame past the end the last, and a low frame above the high one lifts
// the high one. An animation without frames leaves no node.
func TestNodeSetClampsTheFrameRange(t *testing.T) {
	six := testAnim(1, 6, 1)
	one := testAnim(2, 1, 1)
	for _, tt := range []struct {
		name           string
		anim           *dat.Animation
		low, high      int32
		ok             bool
		wantLo, wantHi int
	}{
		{"whole", six, 0, -1, true, 0, 5},
		{"high 0 stays 0", six, 0, 0, true, 0, 0},
		{"high past the end", six, 0, 6, true, 0, 5},
		{"high at the end", six, 0, 5, true, 0, 5},
		{"low negative", six, -1, 3, true, 0, 3},
		{"low past the end", six, 9, -1, true, 5, 5},
		{"low above high", six, 4, 2, true, 4, 4},
		{"one frame", one, 0, -1, true, 0, 0},
		{"no frames", &dat.Animation{}, 0, -1, false, 0, -1},
		{"no animation", nil, 0, -1, false, 0, -1},
	} {
		var n Node
		ok := n.set(dat.AnimData{LowFrame: tt.low, HighFrame: tt.high, Framerate: 30}, tt.anim)
		if ok != tt.ok || n.LowFrame != tt.wantLo || n.HighFrame != tt.wantHi {
			t.Errorf("%s: set = %v, frames %d..%d; want %v, %d..%d", tt.name, ok, n.LowFrame, n.HighFrame, tt.ok, tt.wantLo, tt.wantHi)
		}
	}
}

// TestNodeStartingAndEndingFrames pins get_starting_frame and
// get_ending_frame: a framerate of 0 or more plays low → high+1−ε, a
// negative one high+1−ε → low (ε is FrameEpsilon, seed 000's
// 0.000199999995f).
func TestNodeStartingAndEndingFrames(t *testing.T) {
	top := 6 - physics.FrameEpsilon
	for _, tt := range []struct {
		rate       float32
		start, end float64
	}{
		{30, 2, top},
		{0.5, 2, top},
		{0, 2, top},
		{-0.5, top, 2},
		{-30, top, 2},
	} {
		n := Node{LowFrame: 2, HighFrame: 5, Framerate: tt.rate}
		if s, e := n.StartingFrame(), n.EndingFrame(); s != tt.start || e != tt.end {
			t.Errorf("framerate %v: starting %v ending %v, want %v %v", tt.rate, s, e, tt.start, tt.end)
		}
	}
}

// TestNodeFrameAccessors: get_part_frame and get_pos_frame answer nil and
// the identity outside the animation (below 0, at the length, without an
// animation) and the frame inside; an animation carries root motion only
// when it has at least one pos frame.
func TestNodeFrameAccessors(t *testing.T) {
	a := testAnim(1, 3, 1)
	a.PosFrames = []physics.Frame{{Origin: physics.Vec3{X: 1}, Orientation: physics.IdentityQuat}}
	n := Node{Anim: a}
	if n.PartFrame(-1) != nil || n.PartFrame(3) != nil || n.PartFrame(2) != &a.PartFrames[2] || n.PartFrame(0) != &a.PartFrames[0] {
		t.Error("PartFrame outside/inside the animation")
	}
	if n.PosFrame(-1) != physics.IdentityFrame || n.PosFrame(1) != physics.IdentityFrame || n.PosFrame(0) != a.PosFrames[0] {
		t.Error("PosFrame outside/inside the pos frames")
	}
	var none Node
	if none.PartFrame(0) != nil || none.PosFrame(0) != physics.IdentityFrame || none.hasPosFrames() {
		t.Error("a node without an animation has no frames")
	}
	if !n.hasPosFrames() {
		t.Error("one pos frame is root motion")
	}
	if (&Node{Anim: testAnim(1, 3, 1)}).hasPosFrames() {
		t.Error("no pos frames is no root motion")
	}
}

// TestFrameIndex: a frame number's index is its floor; NaN and both
// infinities map to frame 0, and the index saturates at the int32 range.
func TestFrameIndex(t *testing.T) {
	for _, tt := range []struct {
		f    float64
		want int
	}{
		{2.7, 2}, {-0.5, -1}, {math.NaN(), 0}, {math.Inf(1), 0}, {math.Inf(-1), 0},
		{1e12, math.MaxInt32}, {-1e12, math.MinInt32},
	} {
		if got := frameIndex(tt.f); got != tt.want {
			t.Errorf("frameIndex(%v) = %d, want %d", tt.f, got, tt.want)
		}
	}
}
