package systems

import (
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
)

// Frame orchestrator step names (schedule "frame" in the trace).
const (
	FrameOrdinary      = "Frame::ordinary"
	FrameStatic        = "Frame::static"
	FramePresenter     = "Frame::presenter"
	FrameChildren      = "Frame::children"
	FrameDeferredHooks = "Frame::deferred_hooks"
	FrameEffects       = "Frame::attached_effects"
	FrameParticles     = "Frame::particles"
	FrameDraw          = "Frame::draw"
)

// Step advances the physics clock by dt and runs one frame in the order of
// seed 002: ordinary tick, static tick, presenter, equipped-child update,
// deferred hook drain, attached effects and lights, particles, draw.
func (w *World) Step(dt float64) {
	w.FrameNo++
	w.Now += dt
	if w.BeforeStep != nil {
		w.BeforeStep()
	}
	w.frameStep(FrameOrdinary)
	for _, o := range w.Objects {
		w.UpdateObject(o)
	}
	w.frameStep(FrameStatic)
	for _, o := range w.Static {
		w.AnimateStaticObject(o)
	}
	w.frameStep(FramePresenter)
	w.present()
	w.frameStep(FrameChildren)
	for _, o := range w.Objects {
		if len(o.Phys.Children) > 0 {
			w.updateChildrenOf(o)
		}
	}
	w.frameStep(FrameDeferredHooks)
	w.drainDeferred()
	w.frameStep(FrameEffects)
	w.attachEffects()
	w.frameStep(FrameParticles)
	w.collectParticles()
	w.frameStep(FrameDraw)
	if w.Draw != nil {
		w.Draw(w)
	}
}

func (w *World) frameStep(name string) {
	if w.Trace != nil {
		w.Trace.Event(&Event{Frame: w.FrameNo, Kind: KindStage, Schedule: "frame", Stage: name})
	}
}

// present samples every ordinary part array's current frame without
// advancing time and publishes the poses (the live presenter). Static
// objects rebuilt theirs in UpdatePartsInternal; they are only published.
func (w *World) present() {
	for _, o := range w.Objects {
		if o.Parts == nil || o.Pres == nil {
			continue
		}
		o.Parts.Scale = o.Phys.ScaleVec()
		o.Parts.UpdateParts()
		publish(o)
	}
	for _, o := range w.Static {
		if o.Parts == nil || o.Pres == nil || !o.Parts.Poses.Presented {
			continue
		}
		publish(o)
	}
}

// publish copies the part poses into the Presentation and bumps its revision.
func publish(o *components.Object) {
	p := o.Pres
	p.Root = o.Phys.Position
	p.Visual = append(p.Visual[:0], o.Parts.Poses.Visual...)
	p.Rigid = append(p.Rigid[:0], o.Parts.Poses.Rigid...)
	p.Revision++
}

// drainDeferred runs the deferred animation hooks FIFO, after the poses are
// published (TS-50). It never calls AnimationDone and never polls motions.
func (w *World) drainDeferred() {
	for i := 0; i < len(w.deferred); i++ {
		d := w.deferred[i]
		w.executeHook(d.obj, d.hook, true)
	}
	clear(w.deferred)
	w.deferred = w.deferred[:0]
}

// executeHook performs a non-AnimDone hook's effect on its object.
func (w *World) executeHook(o *components.Object, h *dat.AnimHook, deferred bool) {
	if w.Trace != nil {
		phase := "script"
		if deferred {
			phase = "deferred"
		}
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindHook, Hook: h.Type.String(), Phase: phase})
	}
	switch h.Type {
	case dat.HookCreateParticle, dat.HookCreateBlockingParticle:
		w.particleManager(o).CreateParticleEmitter(h.ID, h.EmitterID, h.Part, h.Offset)
	case dat.HookStopParticle:
		if o.Particle != nil {
			o.Particle.StopParticleEmitter(h.EmitterID)
		}
	case dat.HookDestroyParticle:
		if o.Particle != nil {
			o.Particle.DestroyParticleEmitter(h.EmitterID)
		}
	case dat.HookCallPES:
		w.PlayScript(o, h.ID, float64(h.Time))
	case dat.HookDefaultScript:
		if o.Parts != nil && o.Parts.Setup != nil {
			w.PlayScript(o, o.Parts.Setup.DefaultScript, 0)
		}
	case dat.HookTransparent, dat.HookTransparentPart:
		if o.Pres != nil {
			o.Pres.Translucency = h.End
		}
	case dat.HookEthereal:
		if h.On {
			o.Phys.State |= physics.StateEthereal
		} else {
			o.Phys.State &^= physics.StateEthereal
		}
	case dat.HookNoDraw:
		if h.On {
			o.Phys.State |= physics.StateNoDraw
		} else {
			o.Phys.State &^= physics.StateNoDraw
		}
	case dat.HookSetOmega:
		o.Phys.Omega = h.Vector
	}
	if w.OnHook != nil {
		w.OnHook(o, h, deferred)
	}
}

// PlayScript queues physics script id on o after delay seconds (PlayEffect,
// CallPES); unknown ids are ignored.
func (w *World) PlayScript(o *components.Object, id uint32, delay float64) bool {
	s := w.Script(id)
	if s == nil {
		return false
	}
	if o.Script == nil {
		o.Script = &managers.ScriptManager{}
		components.Set(w.ECS, o.Entity, components.ScriptManager, o.Script)
	}
	o.Script.AddScript(s, delay)
	return true
}

func (w *World) particleManager(o *components.Object) *managers.ParticleManager {
	if o.Particle == nil {
		o.Particle = &managers.ParticleManager{}
		components.Set(w.ECS, o.Entity, components.ParticleManager, o.Particle)
	}
	return o.Particle
}

// attachEffects places every emitter at its part's rigid pose.
func (w *World) attachEffects() {
	for _, list := range [2][]*components.Object{w.Objects, w.Static} {
		for _, o := range list {
			if o.Particle == nil {
				continue
			}
			root := o.Phys.Position.Frame
			for _, e := range o.Particle.Emitters {
				base := root
				if o.Pres != nil && int(e.Part) < len(o.Pres.Rigid) {
					m := o.Pres.Rigid[e.Part]
					base.Origin = root.LocalToGlobal(physics.Vec3{X: m[3][0], Y: m[3][1], Z: m[3][2]})
				}
				e.World = physics.Combine(base, e.Offset)
			}
		}
	}
}

// collectParticles gathers every live particle's position (cell-relative)
// into Particles for the draw step. The particles themselves advanced in
// their objects' ParticleManager slots.
func (w *World) collectParticles() {
	w.Particles = w.Particles[:0]
	for _, list := range [2][]*components.Object{w.Objects, w.Static} {
		for _, o := range list {
			if o.Particle == nil {
				continue
			}
			for _, e := range o.Particle.Emitters {
				for _, pt := range e.Particles {
					w.Particles = append(w.Particles, e.World.LocalToGlobal(pt.Offset))
				}
			}
		}
	}
}

// Script resolves a physics-script id through Scripts, then the Assets
// (a missing or corrupt script resolves to nil and is remembered).
func (w *World) Script(id uint32) *managers.Script {
	if s, ok := w.Scripts[id]; ok {
		return s
	}
	if w.Assets == nil || id == 0 {
		return nil
	}
	var s *managers.Script
	if ps, err := w.Assets.PhysicsScript(id); err == nil {
		s = &managers.Script{ID: id}
		for _, e := range ps.Entries {
			s.Hooks = append(s.Hooks, managers.ScriptHook{Time: e.StartTime, Hook: e.Hook})
		}
	}
	w.Scripts[id] = s
	return s
}
