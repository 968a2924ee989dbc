package systems

import (
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// Frame step names (schedule "frame" in the trace), in frame order.
const (
	// FrameRunTimers runs the frame timers (World.Timers: the testbed's
	// scenario timers and input), after the clock advanced.
	FrameRunTimers = "Frame::timers"
	// FrameStreamBoundary publishes finished landblock builds around the
	// player or the travel destination and opens the arrival barrier.
	FrameStreamBoundary = "Frame::stream_boundary"
	// FrameBodySync brings the collision bodies of the objects changed
	// outside a transition since the last sync to their positions
	// (syncBodies).
	FrameBodySync      = "Frame::body_sync"
	FrameOrdinary      = "Frame::ordinary"
	FrameStatic        = "Frame::static"
	FramePresenter     = "Frame::presenter"
	FrameChildren      = "Frame::children"
	FrameDeferredHooks = "Frame::deferred_hooks"
	FrameEffects       = "Frame::attached_effects"
	FrameParticles     = "Frame::particles"
	// FrameRevealBoundary reveals the world to a player whose arrival
	// committed and whose simulation has run since.
	FrameRevealBoundary = "Frame::reveal_boundary"
	// FrameDraw marks the hand-off to the renderer, which draws what the
	// presenter published after Step returns.
	FrameDraw = "Frame::draw"
)

// FrameStep is one named step of the frame: its name, the condition it
// needs (nil: always) and its body (nil for a trace-only marker). A step
// whose condition fails neither runs nor is traced, as a stage whose gate
// fails.
type FrameStep struct {
	Name string
	When func(w *World) bool
	Run  func(w *World)
}

func (s FrameStep) stepName() string { return s.Name }

// frameSteps is one frame in the order of seed 002, with the boundaries
// dereth adds around it (frame timers, the stream and reveal boundaries,
// the body sync). docs/schedule.md lists it (TestScheduleDocMatchesTable).
var frameSteps = []FrameStep{
	{FrameRunTimers, hasTimers, runTimers},
	{FrameStreamBoundary, streams, streamBoundary},
	{FrameBodySync, collides, syncBodies},
	{FrameOrdinary, nil, ordinaryTick},
	{FrameStatic, nil, staticTick},
	{FramePresenter, nil, present},
	{FrameChildren, nil, updateChildren},
	{FrameDeferredHooks, nil, drainDeferred},
	{FrameEffects, nil, attachEffects},
	{FrameParticles, nil, collectParticles},
	{FrameRevealBoundary, arrivalCommitted, revealBoundary},
	{FrameDraw, nil, nil},
}

// frameWhen spells each frame step's condition as docs/schedule.md does.
var frameWhen = map[string]string{
	FrameRunTimers:      "frame timers are set",
	FrameStreamBoundary: "a streamer is set",
	FrameBodySync:       "collision is on",
	FrameRevealBoundary: "a streamer is set, an arrival committed",
}

func hasTimers(w *World) bool        { return w.Timers != nil }
func runTimers(w *World)             { w.Timers.RunTimers() }
func streams(w *World) bool          { return w.Stream != nil }
func collides(w *World) bool         { return w.resolver() != nil }
func arrivalCommitted(w *World) bool { return w.Stream != nil && w.SmartBox.travel.committed }

// FrameSchedule is the frame's ordered step list. Frames returns a fresh
// copy of the retail frame; contributors insert their own steps (sound,
// weather, a network apply step) before or after a named one.
type FrameSchedule struct {
	Steps  []FrameStep
	retail []FrameStep
}

// Frames returns a fresh copy of the frame schedule.
func Frames() *FrameSchedule {
	return &FrameSchedule{Steps: append([]FrameStep(nil), frameSteps...), retail: frameSteps}
}

// isRetail reports whether f runs the retail frame's steps and no other:
// the same names, conditions and bodies in the same order (no
// contributor step inserted, none replaced).
func (f *FrameSchedule) isRetail() bool {
	if len(f.Steps) != len(f.retail) {
		return false
	}
	for i := range f.Steps {
		a, b := &f.Steps[i], &f.retail[i]
		if a.Name != b.Name || funcPC(a.When) != funcPC(b.When) || funcPC(a.Run) != funcPC(b.Run) {
			return false
		}
	}
	return true
}

// Insert adds a contributor step at slot (Before or After a step name).
// The name must not be one of the frame's own.
func (f *FrameSchedule) Insert(slot Slot, st FrameStep) (err error) {
	f.Steps, err = insertNamed("schedule frame", f.Steps, f.retail, slot, st)
	return err
}

// Validate checks that every frame step is present once and in order; an
// error names the two steps that are out of order.
func (f *FrameSchedule) Validate() error { return validateNamed("schedule frame", f.Steps, f.retail) }

// Step advances the physics clock by dt and runs one frame: every step of
// w.Frame in order, each traced before it runs. Drawing is the caller's,
// after Step returns.
func (w *World) Step(dt float64) {
	w.FrameNo++
	w.Now += dt
	for i := range w.Frame.Steps {
		st := &w.Frame.Steps[i]
		if st.When != nil && !st.When(w) {
			continue
		}
		if w.Trace != nil {
			w.emit(Event{Frame: w.FrameNo, Kind: KindStage, Schedule: "frame", Stage: st.Name})
		}
		if st.Run != nil {
			st.Run(w)
		}
	}
}

// ordinaryTick runs update_object over the object table, in table order.
// The table is read live: an object removed during the tick (by a hook's
// observer) is not updated after its removal, and the removal of the last
// object ends the walk instead of updating a destroyed entity.
//
// In a table of aheadFrom objects or more, each update first asks the
// processor for the next object's first lines (Columns.Ahead), so that
// they arrive while this one runs; nothing else changes.
func ordinaryTick(w *World) {
	ahead := len(w.Objects) >= aheadFrom
	for i := 0; i < len(w.Objects); i++ {
		if ahead && i+2 < len(w.Objects) {
			w.cols.Ahead(w.Objects[i+1], w.Objects[i+2])
		}
		w.UpdateObject(w.Objects[i])
	}
}

// aheadFrom is the table length from which ordinaryTick asks ahead. Below
// it a table's objects stay in the caches from one frame to the next and
// asking ahead only costs (about 90 instructions an object); above it their
// lines come from memory each frame, and arrive in time when asked for a
// whole update ahead. Measured on a 1 MB L2 (docs/performance.md, "Issue
// 26 (round 10: the next object asked for ahead)"): the crossover lies
// between 2,000 and 5,000 objects, collision on or off.
const aheadFrom = 4096

// staticTick runs animate_static_object over the static workset, read
// live as ordinaryTick reads the object table.
func staticTick(w *World) {
	for i := 0; i < len(w.Static); i++ {
		w.AnimateStaticObject(w.Static[i])
	}
}

// updateChildren places the children of the objects the presenter listed.
func updateChildren(w *World) {
	for _, e := range w.parents {
		w.updateChildrenOf(components.PhysicsObj.Get(w.ECS.Entry(e)))
	}
	w.parents = w.parents[:0]
}

// present samples every ordinary part array's current frame without
// advancing time and publishes what changed (the live presenter): the
// poses when UpdateParts rebuilt them, the root when the object moved.
// Static objects rebuilt theirs in UpdatePartsInternal; they are only
// published.
//
// On its way it lists the ordinary objects with attached children, in
// table order, for the children step that follows (nothing runs in
// between to attach or detach one), so that step does not walk the whole
// table again.
func present(w *World) {
	w.parents = w.parents[:0]
	for _, e := range w.Objects {
		entry := w.cols.Entry(e)
		row := w.cols.Row(entry)
		p := w.cols.PhysicsObj(row)
		if len(p.Children) > 0 {
			w.parents = append(w.parents, e)
		}
		pres := w.cols.Presentation(row)
		if pres == nil {
			continue
		}
		pa := w.cols.PartArray(row)
		pa.Scale = p.ScaleVec()
		pa.UpdateParts()
		publish(pres, p, pa)
	}
	staticPresented.Each(w.ECS, func(entry *donburi.Entry) {
		if pa := components.PartArray.Get(entry); pa.Poses.Presented {
			publish(components.Presentation.Get(entry), components.PhysicsObj.Get(entry), pa)
		}
	})
}

// The frame passes in which no object sees another's result run as donburi
// queries, in whatever order donburi keeps its archetypes; the passes
// whose order is retail's walk the object table (docs/architecture.md,
// "Where order matters").
var (
	// staticPresented: static objects with a published presentation.
	staticPresented = donburi.NewQuery(filter.Contains(components.StaticAnimating, components.Presentation, components.PartArray))
	// withParticles: objects, ordinary or static, with a ParticleManager.
	withParticles = donburi.NewQuery(filter.Contains(components.ParticleManager))
)

// publish copies the root and, when UpdateParts rebuilt them, the part
// poses into the Presentation, bumping its revision when anything changed.
func publish(pres *components.PresentationData, p *physics.Object, pa *motion.PartArray) {
	if !pa.Poses.Changed && pres.Root == p.Position {
		return
	}
	pres.Root = p.Position
	if pa.Poses.Changed {
		v, r := &pa.Poses.Visual, &pa.Poses.Rigid
		if len(pres.Visual) == len(*v) && len(pres.Rigid) == len(*r) {
			// Hand the fresh poses over and take the published ones back
			// as the part array's next buffers: UpdateParts rewrites every
			// matrix whenever it rebuilds, so nothing is copied.
			pres.Visual, *v = *v, pres.Visual
			pres.Rigid, *r = *r, pres.Rigid
		} else {
			pres.Visual = append(pres.Visual[:0], *v...)
			pres.Rigid = append(pres.Rigid[:0], *r...)
		}
		pa.Poses.Changed = false
	}
	pres.Revision++
}

// drainDeferred runs the deferred animation hooks FIFO, after the poses are
// published (TS-50). It never calls AnimationDone and never polls motions.
func drainDeferred(w *World) {
	for i := 0; i < len(w.deferred); i++ {
		d := w.deferred[i]
		if w.drain.Resolve(w.ECS, d.e) {
			w.executeHook(&w.drain, d.hook, true)
		}
	}
	clear(w.deferred)
	w.deferred = w.deferred[:0]
}

// executeHook performs a non-AnimDone hook's effect on its object.
func (w *World) executeHook(o *components.View, h *dat.AnimHook, deferred bool) {
	o.Complete(w.ECS)
	if w.Trace != nil {
		phase := PhaseScript
		if deferred {
			phase = PhaseDeferred
		}
		w.emit(Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindHook, Hook: h.Type.String(), Phase: phase})
	}
	switch h.Type {
	case dat.HookCreateParticle, dat.HookCreateBlockingParticle:
		components.AddParticleManager(w.ECS, o).CreateParticleEmitter(h.ID, h.EmitterID, h.Part, h.Offset, w.EmitterInfo(h.ID))
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
		w.Moved(o.Phys.GUID) // its body leaves, or comes back

	case dat.HookNoDraw:
		if h.On {
			o.Phys.State |= physics.StateNoDraw
		} else {
			o.Phys.State &^= physics.StateNoDraw
		}
	case dat.HookSetOmega:
		o.Phys.Omega = h.Vector
	}
	if w.HookObserver != nil {
		w.HookObserver.HookExecuted(o.Phys.GUID, h, deferred)
	}
}

// PlayScript queues physics script id on o after delay seconds (PlayEffect,
// CallPES); unknown ids are ignored.
func (w *World) PlayScript(o *components.View, id uint32, delay float64) bool {
	s := w.Script(id)
	if s == nil {
		return false
	}
	components.AddScriptManager(w.ECS, o).AddScript(s, delay)
	return true
}

// attachEffects places every emitter at its part's rigid pose.
func attachEffects(w *World) {
	withParticles.Each(w.ECS, func(entry *donburi.Entry) {
		pm := components.ParticleManager.Get(entry)
		if len(pm.Emitters) == 0 {
			return
		}
		root := components.PhysicsObj.Get(entry).Position.Frame
		var rigid []physics.Mat4
		if entry.HasComponent(components.Presentation) {
			rigid = components.Presentation.Get(entry).Rigid
		}
		for _, em := range pm.Emitters {
			base := root
			if int(em.Part) < len(rigid) {
				m := rigid[em.Part]
				base.Origin = root.LocalToGlobal(physics.Vec3{X: m[3][0], Y: m[3][1], Z: m[3][2]})
			}
			em.World, em.Placed = physics.Combine(base, em.Offset), true
		}
	})
}

// collectParticles gathers every live particle's position (cell-relative)
// into Particles for the draw step. The particles themselves advanced in
// their objects' ParticleManager.
func collectParticles(w *World) {
	w.Particles = w.Particles[:0]
	withParticles.Each(w.ECS, func(entry *donburi.Entry) {
		for _, em := range components.ParticleManager.Get(entry).Emitters {
			for i := range em.Particles {
				w.Particles = append(w.Particles, em.Position(&em.Particles[i]))
			}
		}
	})
}

// EmitterInfo resolves a ParticleEmitterInfo id through the Assets when
// they read emitters (EmitterInfoer); nil (the default emitter) when they
// do not or the info is missing or corrupt. Answers are remembered.
func (w *World) EmitterInfo(id uint32) *dat.ParticleEmitterInfo {
	if p, ok := w.emitterInfos[id]; ok {
		return p
	}
	var p *dat.ParticleEmitterInfo
	if a, ok := w.Assets.(EmitterInfoer); ok && id != 0 {
		p, _ = a.ParticleEmitterInfo(id)
	}
	if w.emitterInfos == nil {
		w.emitterInfos = map[uint32]*dat.ParticleEmitterInfo{}
	}
	w.emitterInfos[id] = p
	return p
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
