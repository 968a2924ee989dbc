package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestSetPlacementFrameReportsAMissingFrame: CPartArray::SetPlacementFrame
// fails, leaving no placement frame, when the Setup has neither the key
// nor the default placement.
func TestSetPlacementFrameReportsAMissingFrame(t *testing.T) {
	setup := &dat.Setup{Parts: make([]uint32, 2), PlacementFrames: map[int32]dat.AnimFrame{}}
	pa := NewPartArray(setup, nil, AnimationMap{})
	if pa.SetPlacementFrame(5) || pa.Sequence.PlacementFrame != nil {
		t.Fatal("SetPlacementFrame without any placement frame succeeded")
	}
	setup.PlacementFrames[dat.PlacementDefault] = dat.AnimFrame{Frames: make([]physics.Frame, 2)}
	if !pa.SetPlacementFrame(5) || pa.Sequence.PlacementFrame == nil {
		t.Fatal("SetPlacementFrame falls back to the default placement")
	}
}

// TestInitDefaults: CPartArray::InitDefaults plays the Setup's default
// animation as the only node at 30 frames/s over its whole range; a Setup
// without one (id 0) leaves the sequence alone.
func TestInitDefaults(t *testing.T) {
	anims := AnimationMap{animReady: testAnim(animReady, 4, 2), animWalk: testAnim(animWalk, 6, 2)}
	setup := &dat.Setup{Parts: make([]uint32, 2)}
	pa := NewPartArray(setup, nil, anims)
	pa.Sequence.AppendAnimation(dat.AnimData{AnimID: animWalk, HighFrame: -1, Framerate: 10})
	pa.InitDefaults()
	if pa.Sequence.Len() != 1 || pa.Sequence.head.Anim.ID != animWalk {
		t.Fatal("InitDefaults without a default animation changed the sequence")
	}
	setup.DefaultAnimation = animReady
	pa.InitDefaults()
	n := pa.Sequence.head
	if pa.Sequence.Len() != 1 || n.Anim.ID != animReady || n.Framerate != 30 || n.LowFrame != 0 || n.HighFrame != 3 {
		t.Fatalf("default animation node: %d nodes, %+v", pa.Sequence.Len(), n)
	}
}

// TestFirstPresentationStartsFromTheRestPose: parts the AnimFrame does not
// cover take the placement frame on first presentation, and the identity
// where the placement frame has no entry (seed 002: trailing parts keep
// their previous pose, the rest pose at first).
func TestFirstPresentationStartsFromTheRestPose(t *testing.T) {
	rest := physics.Frame{Origin: physics.Vec3{Z: 2}, Orientation: physics.IdentityQuat}
	setup := &dat.Setup{Parts: make([]uint32, 3), PlacementFrames: map[int32]dat.AnimFrame{
		dat.PlacementDefault: {Frames: []physics.Frame{rest}},
	}}
	pa := NewPartArray(setup, nil, AnimationMap{})
	if !pa.UpdateParts() {
		t.Fatal("the first UpdateParts must present")
	}
	f := pa.Poses.Frames
	if f[0] != rest || f[1] != physics.IdentityFrame || f[2] != physics.IdentityFrame {
		t.Fatalf("first poses %v; want the rest pose, then the identity", f)
	}
}
