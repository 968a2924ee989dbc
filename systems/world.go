package systems

import (
	"fmt"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// PlayerDistance is the radius around the player inside which objects stay
// Active (update_object's view-distance refresh).
const PlayerDistance = 96

// World is the simulation: the donburi world, the physics clock, the object
// table in iteration order, the static_animating_objects workset, the two
// schedules, the deferred hook queue and the trace.
type World struct {
	ECS donburi.World
	// Now is the current physics time (Timer::cur_time).
	Now float64
	// FrameNo counts orchestrator frames.
	FrameNo int

	Objects []*components.Object
	Static  []*components.Object
	byGUID  map[uint32]*components.Object

	Ordinary    *Schedule
	StaticSched *Schedule

	// Trace receives events; nil is tracing off.
	Trace Tracer
	// PlayerGUID names the local player (0: none, every object stays Active).
	PlayerGUID uint32
	// Scripts resolves physics-script ids for CallPES and PlayEffect
	// before the Assets are asked.
	Scripts map[uint32]*managers.Script
	// Draw is the frame's final step (the viewer's hook; nil headless).
	Draw func(w *World)
	// Assets resolves the DAT ids inbound messages name.
	Assets Assets
	// LoseControlToServer is told when the server moves the local player.
	LoseControlToServer func()
	// Ground, when set, is the terrain height under an outdoor point
	// (TerrainGround builds one from the DATs).
	Ground func(cell uint32, x, y float32) (float32, bool)
	// BeforeStep, when set, runs at the start of every frame after the clock
	// advanced (scenario timers).
	BeforeStep func()
	// OnHook observes every executed non-AnimDone hook (after the trace).
	OnHook func(o *components.Object, h *dat.AnimHook, deferred bool)

	// Particles are the live particles' positions, gathered for draw.
	Particles []physics.Vec3

	deferred []deferredHook
	tick     Tick
}

type deferredHook struct {
	obj  *components.Object
	hook *dat.AnimHook
}

// NewWorld returns an empty world with the retail schedules.
func NewWorld() *World {
	return &World{
		ECS:         donburi.NewWorld(),
		byGUID:      map[uint32]*components.Object{},
		Ordinary:    Ordinary(),
		StaticSched: Static(),
		Scripts:     map[uint32]*managers.Script{},
	}
}

// Object returns the object with the guid, or nil.
func (w *World) Object(guid uint32) *components.Object { return w.byGUID[guid] }

// Add registers an object built by the archetypes package: it joins the
// static workset when o.Static, the object table otherwise, and gets its
// hook and trace bindings.
func (w *World) Add(o *components.Object) error {
	if _, dup := w.byGUID[o.Phys.GUID]; dup {
		return fmt.Errorf("systems: object 0x%08X already exists", o.Phys.GUID)
	}
	w.byGUID[o.Phys.GUID] = o
	if o.Static {
		w.Static = append(w.Static, o)
	} else {
		w.Objects = append(w.Objects, o)
	}
	w.bind(o)
	return nil
}

// Remove destroys the object (DeleteObject).
func (w *World) Remove(guid uint32) bool {
	o := w.byGUID[guid]
	if o == nil {
		return false
	}
	delete(w.byGUID, guid)
	w.Objects = removeObj(w.Objects, o)
	w.Static = removeObj(w.Static, o)
	kept := w.deferred[:0]
	for _, d := range w.deferred {
		if d.obj != o {
			kept = append(kept, d)
		}
	}
	w.deferred = kept
	if w.ECS.Valid(o.Entity) {
		w.ECS.Remove(o.Entity)
	}
	return true
}

func removeObj(list []*components.Object, o *components.Object) []*components.Object {
	for i, x := range list {
		if x == o {
			copy(list[i:], list[i+1:])
			list[len(list)-1] = nil
			return list[:len(list)-1]
		}
	}
	return list
}

// bind wires the per-object closures once (no allocation per tick).
func (w *World) bind(o *components.Object) {
	o.DeferHook = func(h *dat.AnimHook) { w.deferred = append(w.deferred, deferredHook{o, h}) }
	o.RunHook = func(h *dat.AnimHook) { w.executeHook(o, h, false) }
	if m := o.Motion; m != nil {
		m.OnHook = func(h *dat.AnimHook) {
			if w.Trace != nil {
				w.Trace.Event(&Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindHook, Hook: h.Type.String(), Phase: "capture"})
			}
		}
		m.OnMotionDone = func(motion uint32, success bool) {
			if w.Trace != nil {
				w.Trace.Event(&Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindMotionDone, Motion: motion, Success: success})
			}
		}
	}
	if o.Parts != nil && o.Parts.Manager != nil {
		o.Parts.Manager.OnQueue = func(motion, n uint32) {
			if w.Trace != nil {
				w.Trace.Event(&Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindQueue, Detail: "pending_animations", Motion: motion, Ticks: n})
			}
		}
	}
}

// UpdateObject is CPhysicsObj::update_object (0x00515D10): the early
// returns, the view-distance refresh, then the quantum clock — FrameEpsilon
// rebase, HugeQuantum discard, MaxQuantum subdivision, MinQuantum remainder
// kept, all with strict comparisons.
func (w *World) UpdateObject(o *components.Object) {
	p := o.Phys
	if p.Parent != 0 || p.Position.Cell == 0 || p.State.Has(physics.StateFrozen) {
		p.Transient &^= physics.TransientActive
		w.traceStage(o, w.Ordinary.Name, StageUpdateObject, 0)
		return
	}
	w.refreshActive(o)
	elapsed := w.Now - p.UpdateTime
	w.traceStage(o, w.Ordinary.Name, StageUpdateObject, elapsed)
	if elapsed <= physics.FrameEpsilon || elapsed > physics.HugeQuantum {
		p.UpdateTime = w.Now
		return
	}
	for elapsed > physics.MaxQuantum {
		p.UpdateTime += physics.MaxQuantum
		w.updateObjectInternal(o, physics.MaxQuantum)
		elapsed -= physics.MaxQuantum
	}
	if elapsed > physics.MinQuantum {
		p.UpdateTime = w.Now
		w.updateObjectInternal(o, elapsed)
	}
}

// updateObjectInternal is CPhysicsObj::UpdateObjectInternal for one quantum.
func (w *World) updateObjectInternal(o *components.Object, dt float64) {
	t := &w.tick
	*t = Tick{Dt: dt, Delta: physics.IdentityFrame, Candidate: o.Phys.Position.Frame}
	w.Ordinary.run(w, o, t)
}

// AnimateStaticObject is CPhysicsObj::animate_static_object (0x00513DF0):
// FrameEpsilon and HugeQuantum only, the whole elapsed time to the part
// array.
func (w *World) AnimateStaticObject(o *components.Object) {
	p := o.Phys
	if p.Position.Cell == 0 {
		return
	}
	elapsed := w.Now - p.UpdateTime
	w.traceStage(o, w.StaticSched.Name, StageAnimateStatic, elapsed)
	if elapsed <= physics.FrameEpsilon || elapsed > physics.HugeQuantum {
		p.UpdateTime = w.Now
		return
	}
	t := &w.tick
	*t = Tick{Dt: elapsed, Delta: physics.IdentityFrame, Candidate: p.Position.Frame}
	w.StaticSched.run(w, o, t)
	p.UpdateTime = w.Now
}

func (w *World) traceStage(o *components.Object, sched, stage string, dt float64) {
	if w.Trace != nil {
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindStage, Schedule: sched, Stage: stage, Dt: dt})
	}
}

// refreshActive keeps objects within PlayerDistance of the player Active.
func (w *World) refreshActive(o *components.Object) {
	if w.PlayerGUID == 0 || o.Phys.GUID == w.PlayerGUID {
		return
	}
	pl := w.byGUID[w.PlayerGUID]
	if pl == nil {
		return
	}
	if GlobalDistance(o.Phys.Position, pl.Phys.Position) <= PlayerDistance {
		o.Phys.Transient |= physics.TransientActive
	} else {
		o.Phys.Transient &^= physics.TransientActive
	}
}

// GlobalDistance is the distance between two outdoor positions, placing
// landblock (x, y) at (192x, 192y).
func GlobalDistance(a, b physics.Position) float32 {
	ga, gb := globalOrigin(a), globalOrigin(b)
	return ga.Sub(gb).Len()
}

func globalOrigin(p physics.Position) physics.Vec3 {
	lx, ly := float32(p.Cell>>24), float32(p.Cell>>16&0xFF)
	return p.Frame.Origin.Add(physics.Vec3{X: lx * 192, Y: ly * 192})
}

// updateChildrenOf places each attached child at its parent frame.
func (w *World) updateChildrenOf(o *components.Object) {
	for _, g := range o.Phys.Children {
		c := w.byGUID[g]
		if c == nil {
			continue
		}
		c.Phys.Position.Cell = o.Phys.Position.Cell
		c.Phys.Position.Frame = physics.Combine(o.Phys.Position.Frame, c.Phys.ParentFrame)
	}
}

// SetHidden is CPhysicsObj::set_hidden plus the SetState tail of seed 003
// §1: on hiding, the typed Hidden PES (pes, 0 for none) is queued and
// CPartArray::HandleEnterWorld moves the cursor off any link; the pose is
// then sampled, never advanced, while Hidden.
func (w *World) SetHidden(o *components.Object, hidden bool, pes uint32) {
	if !hidden {
		o.Phys.State &^= physics.StateHidden
		return
	}
	o.Phys.State |= physics.StateHidden
	if pes != 0 {
		w.PlayScript(o, pes, 0)
	}
	if o.Parts != nil {
		o.Parts.HandleEnterWorld()
	}
}

// Interp returns the object's interpreter, creating the MovementManager and
// CMotionInterp on first use (CPhysicsObj::unpack_movement,
// MovementManager::move_to_interpreted_state).
func (w *World) Interp(o *components.Object) *motion.Interp {
	if o.Movement == nil {
		o.Movement = &components.MovementManagerData{}
		components.Set(w.ECS, o.Entity, components.MovementManager, o.Movement)
	}
	if o.Movement.Interp == nil && o.Motion != nil {
		o.Movement.Interp = o.Motion.MakeInterp()
	}
	return o.Movement.Interp
}

// Spawn builds an object through the one initializer and adds it.
func (w *World) Spawn(d archetypes.Desc) (*components.Object, error) {
	o, err := archetypes.Build(w.ECS, d)
	if err != nil {
		return nil, err
	}
	o.Phys.UpdateTime = w.Now
	if err := w.Add(o); err != nil {
		w.ECS.Remove(o.Entity)
		return nil, err
	}
	if o.Parts != nil && o.Parts.Setup != nil && o.Parts.Setup.DefaultScript != 0 {
		w.PlayScript(o, o.Parts.Setup.DefaultScript, 0) // CPhysicsObj::InitDefaults
	}
	return o, nil
}
