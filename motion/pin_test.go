package motion

import "testing"

// TestRetailConstants pins the retail values of the command class masks
// (the top byte of a motion command), the WeenieError codes the machine
// returns, the MoveTo error codes and movement types (ACE), and the
// MoveTo tolerances.
func TestRetailConstants(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uint32
	}{
		{"MaskStyle", MaskStyle, 0x80000000}, {"MaskSubState", MaskSubState, 0x40000000},
		{"MaskModifier", MaskModifier, 0x20000000}, {"MaskAction", MaskAction, 0x10000000},
		{"MaskUI", MaskUI, 0x08000000}, {"MaskToggle", MaskToggle, 0x04000000},
		{"MaskChatEmote", MaskChatEmote, 0x02000000}, {"MaskMappable", MaskMappable, 0x01000000},
		{"ErrNone", uint32(ErrNone), 0x00}, {"ErrNoAnimationTable", uint32(ErrNoAnimationTable), 0x07},
		{"ErrNoPhysicsObject", uint32(ErrNoPhysicsObject), 0x08}, {"ErrNoMotionInterpreter", uint32(ErrNoMotionInterpreter), 0x0B},
		{"ErrYouCantJumpWhileInTheAir", uint32(ErrYouCantJumpWhileInTheAir), 0x24},
		{"ErrActionCancelled", uint32(ErrActionCancelled), 0x36}, {"ErrObjectGone", uint32(ErrObjectGone), 0x37},
		{"ErrNoObject", uint32(ErrNoObject), 0x38}, {"ErrYouChargedTooFar", uint32(ErrYouChargedTooFar), 0x3D},
		{"ErrCantCrouchInCombat", uint32(ErrCantCrouchInCombat), 0x3F}, {"ErrCantSitInCombat", uint32(ErrCantSitInCombat), 0x40},
		{"ErrCantLieDownInCombat", uint32(ErrCantLieDownInCombat), 0x41}, {"ErrCantChatEmoteInCombat", uint32(ErrCantChatEmoteInCombat), 0x42},
		{"ErrNoMtableData", uint32(ErrNoMtableData), 0x43}, {"ErrTooManyActions", uint32(ErrTooManyActions), 0x45},
		{"ErrGeneralMovementFailure", uint32(ErrGeneralMovementFailure), 0x47},
		{"ErrYouCantJumpFromThisPosition", uint32(ErrYouCantJumpFromThisPosition), 0x48},
		{"ErrCantJumpLoadedDown", uint32(ErrCantJumpLoadedDown), 0x49},
		{"MovementMoveToObject", uint32(MovementMoveToObject), 6}, {"MovementMoveToPosition", uint32(MovementMoveToPosition), 7},
		{"MovementTurnToObject", uint32(MovementTurnToObject), 8}, {"MovementTurnToHeading", uint32(MovementTurnToHeading), 9},
		{"HoldKeyInvalid", uint32(HoldKeyInvalid), 0}, {"HoldKeyNone", uint32(HoldKeyNone), 1}, {"HoldKeyRun", uint32(HoldKeyRun), 2},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
	if MoveToEpsilon != float32(0.0002) || MoveToTurnBand != 20 || MoveToProgressRate != 0.25 {
		t.Errorf("MoveTo tolerances %v %v %v", MoveToEpsilon, MoveToTurnBand, MoveToProgressRate)
	}
}
