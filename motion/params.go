package motion

// HoldKey is the retail hold-key state (none / run).
type HoldKey uint32

// The hold keys.
const (
	HoldKeyInvalid HoldKey = 0
	HoldKeyNone    HoldKey = 1
	HoldKeyRun     HoldKey = 2
)

// Params is MovementParameters: how a motion is applied. The zero value is
// not the retail default; use DefaultParams.
type Params struct {
	SetHoldKey             bool
	Autonomous             bool
	ModifyRawState         bool
	ModifyInterpretedState bool
	CancelMoveTo           bool
	DisableJumpDuringLink  bool

	Speed          float32
	ContextID      uint32
	HoldKeyToApply HoldKey
	ActionStamp    uint16
}

// DefaultParams returns the retail MovementParameters defaults for a motion.
func DefaultParams() Params {
	return Params{
		SetHoldKey:             true,
		ModifyRawState:         true,
		ModifyInterpretedState: true,
		CancelMoveTo:           true,
		Speed:                  1,
		HoldKeyToApply:         HoldKeyInvalid,
	}
}

// Action is one queued server action (ActionNode): a command, its speed and
// the 16-bit stamp that orders it.
type Action struct {
	Motion     uint32
	Speed      float32
	Stamp      uint16
	Autonomous bool
}

// InterpretedState is InterpretedMotionState: the commands the motion table
// is asked to play, as the wire carries them.
type InterpretedState struct {
	CurrentStyle    uint32
	ForwardCommand  uint32
	ForwardSpeed    float32
	SideStepCommand uint32
	SideStepSpeed   float32
	TurnCommand     uint32
	TurnSpeed       float32
	Actions         []Action
}

// DefaultInterpretedState returns NonCombat, Ready, speeds 1.
func DefaultInterpretedState() InterpretedState {
	return InterpretedState{CurrentStyle: NonCombat, ForwardCommand: Ready, ForwardSpeed: 1, SideStepSpeed: 1, TurnSpeed: 1}
}

// CopyMovementFrom overwrites style and the three command slots, leaving
// actions alone (InterpretedMotionState::copy_movement_from, 0x0051E750).
func (s *InterpretedState) CopyMovementFrom(o *InterpretedState) {
	s.CurrentStyle = o.CurrentStyle
	s.ForwardCommand, s.ForwardSpeed = o.ForwardCommand, o.ForwardSpeed
	s.SideStepCommand, s.SideStepSpeed = o.SideStepCommand, o.SideStepSpeed
	s.TurnCommand, s.TurnSpeed = o.TurnCommand, o.TurnSpeed
}

// ApplyMotion records a motion in its slot (InterpretedMotionState::ApplyMotion).
func (s *InterpretedState) ApplyMotion(motion uint32, p *Params) {
	switch {
	case motion == TurnRight:
		s.TurnCommand, s.TurnSpeed = motion, p.Speed
	case motion == SideStepRight:
		s.SideStepCommand, s.SideStepSpeed = motion, p.Speed
	case motion&MaskSubState != 0:
		s.ForwardCommand, s.ForwardSpeed = motion, p.Speed
	case motion&MaskStyle != 0:
		s.ForwardCommand, s.CurrentStyle = Ready, motion
	case motion&MaskAction != 0:
		s.Actions = append(s.Actions, Action{motion, p.Speed, p.ActionStamp, p.Autonomous})
	}
}

// RemoveMotion clears a motion's slot (InterpretedMotionState::RemoveMotion).
func (s *InterpretedState) RemoveMotion(motion uint32) {
	switch {
	case motion == TurnRight:
		s.TurnCommand = 0
	case motion == SideStepRight:
		s.SideStepCommand = 0
	case motion&MaskSubState != 0:
		if s.ForwardCommand == motion {
			s.ForwardCommand, s.ForwardSpeed = Ready, 1
		}
	case motion&MaskStyle != 0:
		if s.CurrentStyle == motion {
			s.CurrentStyle = NonCombat
		}
	}
}

// RemoveAction drops the oldest action.
func (s *InterpretedState) RemoveAction() {
	if len(s.Actions) > 0 {
		s.Actions = append(s.Actions[:0], s.Actions[1:]...)
	}
}

// RawState is RawMotionState: the player's own input commands with their
// hold keys, before adjust_motion turns them into interpreted commands.
type RawState struct {
	CurrentHoldKey  HoldKey
	CurrentStyle    uint32
	ForwardCommand  uint32
	ForwardHoldKey  HoldKey
	ForwardSpeed    float32
	SideStepCommand uint32
	SideStepHoldKey HoldKey
	SideStepSpeed   float32
	TurnCommand     uint32
	TurnHoldKey     HoldKey
	TurnSpeed       float32
	Actions         []Action
}

// DefaultRawState returns the RawMotionState defaults.
func DefaultRawState() RawState {
	return RawState{
		CurrentHoldKey: HoldKeyNone, CurrentStyle: NonCombat,
		ForwardCommand: Ready, ForwardSpeed: 1, SideStepSpeed: 1, TurnSpeed: 1,
	}
}

func (p *Params) holdKey() HoldKey {
	if p.SetHoldKey {
		return HoldKeyInvalid
	}
	return p.HoldKeyToApply
}

// ApplyMotion records a raw command (RawMotionState::ApplyMotion).
func (s *RawState) ApplyMotion(motion uint32, p *Params) {
	switch {
	case motion == TurnRight || motion == TurnLeft:
		s.TurnCommand, s.TurnHoldKey, s.TurnSpeed = motion, p.holdKey(), p.Speed
	case motion == SideStepRight || motion == SideStepLeft:
		s.SideStepCommand, s.SideStepHoldKey, s.SideStepSpeed = motion, p.holdKey(), p.Speed
	case motion&MaskSubState != 0:
		if motion != RunForward {
			s.ForwardCommand, s.ForwardHoldKey, s.ForwardSpeed = motion, p.holdKey(), p.Speed
		}
	case motion&MaskStyle != 0:
		if s.CurrentStyle != motion {
			s.ForwardCommand, s.CurrentStyle = Ready, motion
		}
	case motion&MaskAction != 0:
		s.Actions = append(s.Actions, Action{motion, p.Speed, p.ActionStamp, p.Autonomous})
	}
}

// RemoveMotion clears a raw command (RawMotionState::RemoveMotion).
func (s *RawState) RemoveMotion(motion uint32) {
	switch {
	case motion == TurnRight || motion == TurnLeft:
		s.TurnCommand = 0
	case motion == SideStepRight || motion == SideStepLeft:
		s.SideStepCommand = 0
	case motion&MaskSubState != 0:
		if motion == s.ForwardCommand {
			s.ForwardCommand, s.ForwardSpeed = Ready, 1
		}
	case motion&MaskStyle != 0:
		if motion == s.CurrentStyle {
			s.CurrentStyle = NonCombat
		}
	}
}

// RemoveAction drops the oldest raw action.
func (s *RawState) RemoveAction() {
	if len(s.Actions) > 0 {
		s.Actions = append(s.Actions[:0], s.Actions[1:]...)
	}
}
