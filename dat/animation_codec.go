package dat

import "github.com/dereth/dereth/physics"

// Hook payload layouts: dat-format.md §3.2.

const hookHeadSize = 8

func (d *decoder) hook() AnimHook {
	h := AnimHook{Type: HookType(d.u32()), Direction: HookDir(d.i32())}
	if d.err != nil {
		return h
	}
	switch h.Type {
	case HookSound, HookSoundTable:
		h.ID = d.u32()
	case HookAttack:
		h.Part = d.u32()
		h.Attack = &AttackCone{LeftX: d.f32(), LeftY: d.f32(), RightX: d.f32(), RightY: d.f32(), Radius: d.f32(), Height: d.f32()}
	case HookAnimationDone, HookDefaultScript:
	case HookReplaceObject:
		h.Part = uint32(d.u16())
		h.ID = d.packedID(0x01000000)
	case HookEthereal, HookNoDraw, HookSetLight:
		h.On = d.u32() != 0
	case HookTransparentPart, HookLuminousPart, HookDiffusePart:
		h.Part = d.u32()
		h.Start, h.End, h.Time = d.f32(), d.f32(), d.f32()
	case HookLuminous, HookDiffuse, HookTransparent:
		h.Start, h.End, h.Time = d.f32(), d.f32(), d.f32()
	case HookScale:
		h.End, h.Time = d.f32(), d.f32()
	case HookCreateParticle, HookCreateBlockingParticle:
		h.ID = d.u32()
		h.Part = d.u32()
		h.Offset = d.frame()
		h.EmitterID = d.u32()
	case HookDestroyParticle, HookStopParticle:
		h.EmitterID = d.u32()
	case HookDefaultScriptPart:
		h.Part = d.u32()
	case HookCallPES:
		h.ID = d.u32()
		h.Time = d.f32()
	case HookSoundTweaked:
		h.ID = d.u32()
		h.Priority, h.Probability, h.Volume = d.f32(), d.f32(), d.f32()
	case HookSetOmega:
		h.Vector = d.vec()
	case HookTextureVelocity:
		h.Vector.X, h.Vector.Y = d.f32(), d.f32()
	case HookTextureVelocityPart:
		h.Part = d.u32()
		h.Vector.X, h.Vector.Y = d.f32(), d.f32()
	default:
		d.Off -= hookHeadSize
		d.failf("unknown animation hook type %d", uint32(h.Type))
	}
	return h
}

func boolU32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func (e *encoder) hook(h AnimHook) {
	e.u32(uint32(h.Type))
	e.i32(int32(h.Direction))
	switch h.Type {
	case HookSound, HookSoundTable:
		e.u32(h.ID)
	case HookAttack:
		e.u32(h.Part)
		a := h.Attack
		if a == nil {
			a = &AttackCone{}
		}
		for _, f := range []float32{a.LeftX, a.LeftY, a.RightX, a.RightY, a.Radius, a.Height} {
			e.f32(f)
		}
	case HookAnimationDone, HookDefaultScript:
	case HookReplaceObject:
		if h.Part > 0xFFFF {
			e.failf("ReplaceObject part %d does not fit a u16", h.Part)
		}
		e.u16(uint16(h.Part))
		e.packedID(h.ID, 0x01000000)
	case HookEthereal, HookNoDraw, HookSetLight:
		e.u32(boolU32(h.On))
	case HookTransparentPart, HookLuminousPart, HookDiffusePart:
		e.u32(h.Part)
		e.f32(h.Start)
		e.f32(h.End)
		e.f32(h.Time)
	case HookLuminous, HookDiffuse, HookTransparent:
		e.f32(h.Start)
		e.f32(h.End)
		e.f32(h.Time)
	case HookScale:
		e.f32(h.End)
		e.f32(h.Time)
	case HookCreateParticle, HookCreateBlockingParticle:
		e.u32(h.ID)
		e.u32(h.Part)
		e.frame(h.Offset)
		e.u32(h.EmitterID)
	case HookDestroyParticle, HookStopParticle:
		e.u32(h.EmitterID)
	case HookDefaultScriptPart:
		e.u32(h.Part)
	case HookCallPES:
		e.u32(h.ID)
		e.f32(h.Time)
	case HookSoundTweaked:
		e.u32(h.ID)
		e.f32(h.Priority)
		e.f32(h.Probability)
		e.f32(h.Volume)
	case HookSetOmega:
		e.vec(h.Vector)
	case HookTextureVelocity:
		e.f32(h.Vector.X)
		e.f32(h.Vector.Y)
	case HookTextureVelocityPart:
		e.u32(h.Part)
		e.f32(h.Vector.X)
		e.f32(h.Vector.Y)
	default:
		e.failf("unknown animation hook type %d", uint32(h.Type))
	}
}

// animFrame reads an AnimationFrame with numParts part frames (§3.1).
func (d *decoder) animFrame(numParts int) AnimFrame {
	var f AnimFrame
	if n := d.count(uint64(numParts), 28, "part frame"); n > 0 {
		f.Frames = make([]physics.Frame, n)
		for i := range f.Frames {
			f.Frames[i] = d.frame()
		}
	}
	if n := d.count(uint64(d.u32()), hookHeadSize, "hook"); n > 0 {
		f.Hooks = make([]AnimHook, n)
		for i := range f.Hooks {
			f.Hooks[i] = d.hook()
		}
	}
	return f
}

func (e *encoder) animFrame(f AnimFrame, numParts int) {
	if len(f.Frames) != numParts {
		e.failf("animation frame has %d part frames, want %d", len(f.Frames), numParts)
		return
	}
	for _, fr := range f.Frames {
		e.frame(fr)
	}
	e.count(len(f.Hooks))
	for _, h := range f.Hooks {
		e.hook(h)
	}
}

// DecodeAnimation decodes a 0x03 Animation (§4.3).
func DecodeAnimation(id uint32, data []byte) (*Animation, error) {
	d := newDecoder("Animation", id, data)
	a := &Animation{ID: d.u32(), Flags: d.u32(), NumParts: d.u32()}
	numFrames := uint64(d.u32())
	parts := d.count(uint64(a.NumParts), 28, "part")
	if a.Flags&AnimationPosFrames != 0 {
		if n := d.count(numFrames, 28, "pos frame"); n > 0 {
			a.PosFrames = make([]physics.Frame, n)
			for i := range a.PosFrames {
				a.PosFrames[i] = d.frame()
			}
		}
	}
	if n := d.count(numFrames, parts*28+4, "animation frame"); n > 0 {
		a.PartFrames = make([]AnimFrame, n)
		for i := range a.PartFrames {
			a.PartFrames[i] = d.animFrame(parts)
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return a, nil
}

// EncodeAnimation encodes an Animation.
func EncodeAnimation(a *Animation) ([]byte, error) {
	e := newEncoder("Animation", a.ID, 16+len(a.PartFrames)*(int(a.NumParts)*28+4))
	e.u32(a.ID)
	e.u32(a.Flags)
	e.u32(a.NumParts)
	e.count(len(a.PartFrames))
	if a.Flags&AnimationPosFrames != 0 {
		if len(a.PosFrames) != len(a.PartFrames) {
			e.failf("%d pos frames for %d frames", len(a.PosFrames), len(a.PartFrames))
		}
		for _, f := range a.PosFrames {
			e.frame(f)
		}
	} else if len(a.PosFrames) != 0 {
		e.failf("pos frames without the PosFrames flag")
	}
	for _, f := range a.PartFrames {
		e.animFrame(f, int(a.NumParts))
	}
	return e.result()
}
