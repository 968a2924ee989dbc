package motion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

func describePoses(pa *PartArray) string {
	var b strings.Builder
	p := &pa.Poses
	fmt.Fprintf(&b, "parts %d presented %v changed %v scale %s", len(p.Frames), p.Presented, p.Changed, v3(pa.Scale))
	for i, f := range p.Frames {
		fmt.Fprintf(&b, " [%d %s %s t%s]", i, v3(f.Origin), g(float64(f.Orientation.Z)), v3(physics.Vec3{X: p.Visual[i][3][0], Y: p.Visual[i][3][1], Z: p.Visual[i][3][2]}))
	}
	return b.String()
}

// TestJournalPartArray pins CPartArray: its defaults (object scale 1, no
// Setup, no motion table), SetPlacementFrame's fallback to key 0,
// InitDefaults' default animation (framerate 30, every frame; divergence
// MA-11), the manager forwards without a motion table, and UpdateParts'
// rest pose, authored-prefix copy and unchanged-sample skip (seed 002).
func TestJournalPartArray(t *testing.T) {
	var b strings.Builder
	bare := NewPartArray(nil, nil, nil)
	fmt.Fprintf(&b, "bare: parts %d scale %s placement %v manager %v\n", bare.NumParts(), v3(bare.Scale), bare.SetPlacementFrame(0), bare.Manager == nil)
	bare.InitDefaults()
	fmt.Fprintf(&b, "bare: do %#x stop %#x stopall %#x\n", uint32(bare.DoInterpretedMotion(WalkForward, DefaultParams())),
		uint32(bare.StopInterpretedMotion(WalkForward, DefaultParams())), uint32(bare.StopCompletelyInternal()))
	bare.AnimationDone(true)
	bare.CheckForCompletedMotions()
	bare.HandleMovement()
	bare.HandleEnterWorld()
	bare.InitializeMotionTables()

	anims, mt, setup := richTable()
	setup.PlacementFrames[3] = dat.AnimFrame{Frames: []physics.Frame{{Origin: physics.Vec3{Z: 9}, Orientation: physics.IdentityQuat}}}
	pa := NewPartArray(setup, mt, anims)
	fmt.Fprintf(&b, "new: parts %d scale %s state %s placement %v\n", pa.NumParts(), v3(pa.Scale), describeState(&pa.Manager.State), pa.Sequence.PlacementFrame != nil)
	fmt.Fprintf(&b, "placement 3: %v frames %d; placement 7 (falls back to 0): %v frames %d\n", pa.SetPlacementFrame(3), len(pa.Sequence.PlacementFrame.Frames),
		pa.SetPlacementFrame(7), len(pa.Sequence.PlacementFrame.Frames))
	fmt.Fprintf(&b, "update %v: %s\n", pa.UpdateParts(), describePoses(pa))
	fmt.Fprintf(&b, "update again %v\n", pa.UpdateParts())
	pa.Scale = physics.Vec3{X: 2, Y: 2, Z: 2}
	fmt.Fprintf(&b, "rescaled %v: %s\n", pa.UpdateParts(), describePoses(pa))
	short := testAnim(0x03000300, 2, 2)
	anims[0x03000300] = short
	pa.Sequence.AppendAnimation(dat.AnimData{AnimID: 0x03000300, HighFrame: -1, Framerate: 30})
	pa.Sequence.FrameNumber = 1
	fmt.Fprintf(&b, "a two-part frame %v: %s\n", pa.UpdateParts(), describePoses(pa))
	pa.Setup.Parts = append(pa.Setup.Parts, 0)
	fmt.Fprintf(&b, "a part more %v: %s\n", pa.UpdateParts(), describePoses(pa))
	setup.DefaultAnimation = animSleep
	pa.InitDefaults()
	fmt.Fprintf(&b, "InitDefaults: seq%s\n", describeSeq(&pa.Sequence))
	pa.Setup = nil
	fmt.Fprintf(&b, "no setup: parts %d placement %v (placement cleared %v)\n", pa.NumParts(), pa.SetPlacementFrame(0), pa.Sequence.PlacementFrame == nil)
	pa.InitDefaults()
	fmt.Fprintf(&b, "InitDefaults without a setup: seq%s\n", describeSeq(&pa.Sequence))
	noRest := NewPartArray(&dat.Setup{Parts: make([]uint32, 2)}, nil, anims)
	fmt.Fprintf(&b, "no rest pose %v: %s\n", noRest.UpdateParts(), describePoses(noRest))
	(&journal{b: b}).check(t, "partarray")
}
