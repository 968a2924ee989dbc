package dat

import "github.com/dereth/dereth/physics"

// HookType is an AnimationHook's type word (dat-format.md §3.2).
type HookType uint32

// The animation hook types.
const (
	HookNoOp                   HookType = 0
	HookSound                  HookType = 1
	HookSoundTable             HookType = 2
	HookAttack                 HookType = 3
	HookAnimationDone          HookType = 4
	HookReplaceObject          HookType = 5
	HookEthereal               HookType = 6
	HookTransparentPart        HookType = 7
	HookLuminous               HookType = 8
	HookLuminousPart           HookType = 9
	HookDiffuse                HookType = 10
	HookDiffusePart            HookType = 11
	HookScale                  HookType = 12
	HookCreateParticle         HookType = 13
	HookDestroyParticle        HookType = 14
	HookStopParticle           HookType = 15
	HookNoDraw                 HookType = 16
	HookDefaultScript          HookType = 17
	HookDefaultScriptPart      HookType = 18
	HookCallPES                HookType = 19
	HookTransparent            HookType = 20
	HookSoundTweaked           HookType = 21
	HookSetOmega               HookType = 22
	HookTextureVelocity        HookType = 23
	HookTextureVelocityPart    HookType = 24
	HookSetLight               HookType = 25
	HookCreateBlockingParticle HookType = 26
)

var hookNames = [...]string{
	"NoOp", "Sound", "SoundTable", "Attack", "AnimationDone", "ReplaceObject",
	"Ethereal", "TransparentPart", "Luminous", "LuminousPart", "Diffuse",
	"DiffusePart", "Scale", "CreateParticle", "DestroyParticle", "StopParticle",
	"NoDraw", "DefaultScript", "DefaultScriptPart", "CallPES", "Transparent",
	"SoundTweaked", "SetOmega", "TextureVelocity", "TextureVelocityPart",
	"SetLight", "CreateBlockingParticle",
}

// String returns the hook type's retail name.
func (t HookType) String() string {
	if int(t) < len(hookNames) {
		return hookNames[t]
	}
	return "Unknown"
}

// HookDir is the playback direction a hook fires in.
type HookDir int32

// The hook directions (dat-format.md §3.2).
const (
	HookBackward HookDir = -1
	HookBoth     HookDir = 0
	HookForward  HookDir = 1
)

// AnimHook is one authored animation hook. Which payload fields are
// meaningful depends on Type (dat-format.md §3.2); the rest stay zero.
type AnimHook struct {
	Type      HookType `json:"type"`
	Direction HookDir  `json:"direction"`
	// Part is the part index of the *Part hooks, Attack, ReplaceObject,
	// CreateParticle and DefaultScriptPart.
	Part uint32 `json:"part_index,omitempty"`
	// ID is the sound, sound type, GfxObj, emitter info or physics script id.
	ID uint32 `json:"id,omitempty"`
	// EmitterID names the emitter of the particle hooks.
	EmitterID uint32 `json:"emitter_id,omitempty"`
	// Start, End and Time are the ramp of the translucency, luminosity,
	// diffuse and scale hooks; CallPES keeps its pause in Time.
	Start float32 `json:"start,omitempty"`
	End   float32 `json:"end,omitempty"`
	Time  float32 `json:"time,omitempty"`
	// On is the flag of the Ethereal, NoDraw and SetLight hooks.
	On bool `json:"on,omitempty"`
	// Offset is the particle emitter's frame relative to its part.
	Offset physics.Frame `json:"offset"`
	// Vector is SetOmega's axis, or (u, v, 0) for the texture-velocity hooks.
	Vector physics.Vec3 `json:"vector"`
	// Attack is the Attack hook's cone.
	Attack *AttackCone `json:"attack,omitempty"`
	// Priority, Probability and Volume are SoundTweaked's tweaks.
	Priority    float32 `json:"priority,omitempty"`
	Probability float32 `json:"probability,omitempty"`
	Volume      float32 `json:"volume,omitempty"`
}

// AttackCone is the Attack hook's strike area (ACE AttackCone).
type AttackCone struct {
	LeftX  float32 `json:"left_x"`
	LeftY  float32 `json:"left_y"`
	RightX float32 `json:"right_x"`
	RightY float32 `json:"right_y"`
	Radius float32 `json:"radius"`
	Height float32 `json:"height"`
}

// AnimFrame is one AnimationFrame: a frame per part (the authored prefix,
// possibly shorter than the Setup's part count) and the hooks on it.
type AnimFrame struct {
	Frames []physics.Frame `json:"frames"`
	Hooks  []AnimHook      `json:"hooks"`
}

// Animation flag bits.
const AnimationPosFrames = 0x1

// Animation is a 0x03xxxxxx Animation: per-frame part frames, root-motion
// pos frames when flagged, and hooks.
type Animation struct {
	ID         uint32          `json:"id"`
	Flags      uint32          `json:"flags"`
	NumParts   uint32          `json:"num_parts"`
	PosFrames  []physics.Frame `json:"pos_frames"`
	PartFrames []AnimFrame     `json:"part_frames"`
}

// NumFrames returns the animation's frame count.
func (a *Animation) NumFrames() int { return len(a.PartFrames) }
