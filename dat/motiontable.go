package dat

import "github.com/dereth/dereth/physics"

// AnimData is one clip reference of a MotionData: play frames low..high of
// an animation at framerate (negative plays backward, high -1 = last frame).
type AnimData struct {
	AnimID    uint32  `json:"anim_id"`
	LowFrame  int32   `json:"low_frame"`
	HighFrame int32   `json:"high_frame"`
	Framerate float32 `json:"framerate"`
}

// MotionData flag bits.
const (
	MotionHasVelocity = 0x1
	MotionHasOmega    = 0x2
)

// MotionData bitfield bits read by the motion table logic.
const (
	// MotionClearModifiers (bit 0x1): entering this cycle drops every
	// modifier, and modifiers cannot be layered on it.
	MotionClearModifiers = 0x1
	// MotionOnlyFromDefault (bit 0x2): the cycle may only be entered from the
	// style's default substate (CMotionTable::is_allowed).
	MotionOnlyFromDefault = 0x2
)

// MotionData is a cycle, modifier or link: its clips and the velocity and
// omega it contributes while it plays.
type MotionData struct {
	Bitfield uint8        `json:"bitfield"`
	Flags    uint8        `json:"flags"`
	Anims    []AnimData   `json:"anims"`
	Velocity physics.Vec3 `json:"velocity"`
	Omega    physics.Vec3 `json:"omega"`
}

// MotionTable is a 0x09xxxxxx MotionTable. Cycles are keyed
// (style<<16)|(substate&0xFFFFFF); modifiers (style<<16)|(motion&0xFFFFFF)
// with a fallback to motion&0xFFFFFF; links by (style<<16)|(from&0xFFFFFF)
// and then by the full target command.
type MotionTable struct {
	ID            uint32                            `json:"id"`
	DefaultStyle  uint32                            `json:"default_style"`
	StyleDefaults map[uint32]uint32                 `json:"style_defaults"`
	Cycles        map[uint32]*MotionData            `json:"cycles"`
	Modifiers     map[uint32]*MotionData            `json:"modifiers"`
	Links         map[uint32]map[uint32]*MotionData `json:"links"`
}

// MotionKey returns the table key (style<<16)|(motion&0xFFFFFF), computed in
// u32 as retail does.
func MotionKey(style, motion uint32) uint32 { return style<<16 | motion&0xFFFFFF }
