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
	"github.com/dereth/dereth/physobj"
)

// PlayerDistance is the radius around the player inside which objects stay
// Active (update_object's view-distance refresh).
const PlayerDistance float32 = 96 // 96f (seed 004: the player_distance gate)

// PlayerControl is told when the server moves the local player
// (CommandInterpreter::LoseControlToServer).
type PlayerControl interface {
	LoseControlToServer()
}

// FrameTimers run at the start of every frame, after the clock advanced
// (the testbed's scenario timers).
type FrameTimers interface {
	RunTimers()
}

// HookObserver sees every executed non-AnimDone hook, after the trace.
type HookObserver interface {
	HookExecuted(guid uint32, h *dat.AnimHook, deferred bool)
}

// World is what is truly world-level: the donburi world that stores every
// object fact, the physics clock, the object table and the static workset
// (ordered entity lists), the two schedules, the frame orchestrator's
// deferred-hook queue and the trace. Per-object algorithms live in package
// physobj and work on a components.View resolved from the ECS.
type World struct {
	ECS donburi.World
	// Now is the current physics time (Timer::cur_time).
	Now float64
	// FrameNo counts orchestrator frames.
	FrameNo int

	// Objects is the object table in iteration order: creation order,
	// except that a removal moves the last object into the freed place
	// (O(1); divergence OT-01).
	Objects []donburi.Entity
	// Static is static_animating_objects, in the same order rules.
	Static []donburi.Entity
	byGUID map[uint32]slot

	Ordinary    *Schedule
	StaticSched *Schedule
	// Frame is the frame step list World.Step runs.
	Frame *FrameSchedule

	// Trace receives events; nil is tracing off.
	Trace Tracer
	// PlayerGUID names the local player (0: none, every object stays Active).
	PlayerGUID uint32
	// Scripts resolves physics-script ids for CallPES and PlayEffect
	// before the Assets are asked.
	Scripts map[uint32]*managers.Script
	// Assets resolves the DAT ids inbound messages name.
	Assets Assets
	// Ground is the world's landblocks (Land): the terrain under outdoor
	// points and what collides, as package stream builds them; nil: no
	// terrain and no collision.
	Ground Land
	// Control, when set, is told when the server moves the local player.
	Control PlayerControl
	// Timers, when set, run at the start of every frame.
	Timers FrameTimers
	// HookObserver, when set, sees every executed non-AnimDone hook.
	HookObserver HookObserver
	// Watch, when set, also observes every object's animation machine,
	// after the trace.
	Watch motion.Observer

	// Particles are the live particles' positions, gathered for draw.
	Particles []physics.Vec3
	// Stream, when set, keeps landblocks resident around the player and
	// gates the login and portal reveals (residency.go, teleport.go).
	Stream Residency
	// StreamFocus, when set, is where streaming centres while there is no
	// local player (nor a travel under way): the viewer sets it to what
	// its camera looks at, so a spawn script without a player still gets
	// ground. Unset, such a world streams nothing.
	StreamFocus func() physics.Position
	// SmartBox applies the server's messages to the world and runs the
	// local player's login and portal arrivals (smartbox.go).
	SmartBox SmartBox

	// streamFocus is where the last frame boundary centred streaming;
	// streamFocused that one has run.
	streamFocus   physics.Position
	streamFocused bool
	// emitterInfos remembers EmitterInfo's answers.
	emitterInfos map[uint32]*dat.ParticleEmitterInfo

	deferred []deferredHook
	// event is the one trace event emit hands out.
	event Event
	// parents are the ordinary objects with children, listed by the
	// presenter for the children step of the same frame.
	parents []donburi.Entity
	player  playerRef
	// collide is the transition sweep's state (collide.go); noCollide
	// turns the sweep off.
	collide   *collider
	noCollide bool
	tick      Tick
	// direct caches whether the ordinary schedule is the table the direct
	// path was generated from (ordinaryIsDirect).
	direct struct {
		checked, ok bool
		now         float64
	}
	// cur is the object being updated; drain the one whose deferred hook
	// runs. Both are scratch views, resolved from the ECS per use.
	cur, drain components.View
	// cols reads the physics state, part array and presentation of the
	// objects the tick and the presenter walk straight from the ECS's
	// storage (bound to ECS in NewWorld).
	cols components.Columns
	// runHook and deferHook are bound once so the stages do not allocate.
	runHook, deferHook func(*dat.AnimHook)
}

// slot is where an object lives: its entity and its index in Objects or
// Static.
type slot struct {
	e      donburi.Entity
	idx    int
	static bool
}

// playerRef is the local player's physics state, looked up once per frame
// (and again when the player, or the set of objects, changed).
type playerRef struct {
	guid  uint32
	p     *physics.Object
	valid bool
}

type deferredHook struct {
	e    donburi.Entity
	hook *dat.AnimHook
}

// NewWorld returns an empty world with the retail schedules.
func NewWorld() *World {
	w := &World{
		ECS:         donburi.NewWorld(),
		byGUID:      map[uint32]slot{},
		Ordinary:    Ordinary(),
		StaticSched: Static(),
		Frame:       Frames(),
		Scripts:     map[uint32]*managers.Script{},
	}
	w.SmartBox.w = w
	w.cols.Bind(w.ECS)
	w.runHook = func(h *dat.AnimHook) { w.executeHook(&w.cur, h, false) }
	w.deferHook = func(h *dat.AnimHook) { w.deferred = append(w.deferred, deferredHook{w.cur.Entity, h}) }
	return w
}

// Entity returns the entity of the object with the guid.
func (w *World) Entity(guid uint32) (donburi.Entity, bool) {
	s, ok := w.byGUID[guid]
	return s.e, ok
}

// Object resolves the object with the guid from the ECS for changes, or
// returns nil. Its managers are woken, since the caller may give any of
// them work: the next update loads them all and puts back to sleep those
// with nothing to do. The view is the caller's scratch; read-only code
// (the renderer) resolves its own with components.View.Resolve.
func (w *World) Object(guid uint32) *components.View {
	s, ok := w.byGUID[guid]
	if !ok {
		return nil
	}
	v := components.Resolve(w.ECS, s.e)
	v.Wake(physics.WorkAll)
	return v
}

// Len is the number of live objects.
func (w *World) Len() int { return len(w.byGUID) }

// Spawn is the one spawn path: the archetypes initializer builds the
// object (set_description, MovementData while detached, enter_world,
// HandleEnterWorld), then it joins the object table or the static
// workset, its clock starts now, it is linked to its parent, and its
// Setup's default script plays (CPhysicsObj::InitDefaults). CreateObject,
// the Lua world.spawn and the viewer all end here.
func (w *World) Spawn(d archetypes.Desc) (*components.View, error) {
	if _, dup := w.byGUID[d.GUID]; dup {
		return nil, fmt.Errorf("systems: object 0x%08X already exists", d.GUID)
	}
	v, err := archetypes.Build(w.ECS, d, (*machineTrace)(w))
	if err != nil {
		return nil, err
	}
	v.Phys.UpdateTime = w.Now
	if d.Parent == 0 {
		w.enterWorld(v)
	}
	if v.Static {
		w.byGUID[d.GUID] = slot{e: v.Entity, idx: len(w.Static), static: true}
		w.Static = append(w.Static, v.Entity)
	} else {
		w.byGUID[d.GUID] = slot{e: v.Entity, idx: len(w.Objects)}
		w.Objects = append(w.Objects, v.Entity)
	}
	w.Moved(d.GUID) // its body, if enter_world placed none, joins at the sync
	w.player.valid = false
	if d.Parent != 0 {
		if pv := w.Object(d.Parent); pv != nil {
			pv.Phys.Children = append(pv.Phys.Children, d.GUID)
		}
	}
	if v.Parts != nil && v.Parts.Setup != nil && v.Parts.Setup.DefaultScript != 0 {
		w.PlayScript(v, v.Parts.Setup.DefaultScript, 0)
	}
	return v, nil
}

// Remove destroys the object (DeleteObject) in constant time: it leaves
// the object table or the static workset (the last object takes its
// place), its deferred hooks are dropped and its entity with every
// component goes.
func (w *World) Remove(guid uint32) bool {
	s, ok := w.byGUID[guid]
	if !ok {
		return false
	}
	e := s.e
	delete(w.byGUID, guid)
	if w.collide != nil {
		delete(w.collide.contacts, guid)
	}
	list := &w.Objects
	if s.static {
		list = &w.Static
	}
	last := len(*list) - 1
	if s.idx != last {
		moved := (*list)[last]
		(*list)[s.idx] = moved
		g := components.PhysicsObj.Get(w.ECS.Entry(moved)).GUID
		w.byGUID[g] = slot{e: moved, idx: s.idx, static: s.static}
	}
	*list = (*list)[:last]
	w.player.valid = false
	w.dropBody(guid)
	kept := w.deferred[:0]
	for _, d := range w.deferred {
		if d.e != e {
			kept = append(kept, d)
		}
	}
	clear(w.deferred[len(kept):])
	w.deferred = kept
	if w.ECS.Valid(e) {
		w.ECS.Remove(e)
	}
	return true
}

// Verify checks the one-owner rule for every object: the guid index and
// the object lists name live entities, and every retail link inside an
// object's components points at that object's own components.
func (w *World) Verify() error {
	seen := 0
	for k, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for i, e := range list {
			if err := components.Verify(w.ECS, e); err != nil {
				return err
			}
			g := components.PhysicsObj.Get(w.ECS.Entry(e)).GUID
			if w.byGUID[g] != (slot{e: e, idx: i, static: k == 1}) {
				return fmt.Errorf("systems: guid index for 0x%08X does not name its entity and place", g)
			}
			seen++
		}
	}
	if seen != len(w.byGUID) {
		return fmt.Errorf("systems: %d objects listed, %d indexed by guid", seen, len(w.byGUID))
	}
	return nil
}

// AnimateStaticObject is CPhysicsObj::animate_static_object (0x00513DF0)
// for entity e: FrameEpsilon and HugeQuantum only, the whole elapsed time
// to the part array.
func (w *World) AnimateStaticObject(e donburi.Entity) {
	entry := w.ECS.Entry(e)
	p := components.PhysicsObj.Get(entry)
	if p.Position.Cell == 0 {
		return
	}
	elapsed, ok := physobj.AnimateStaticAdmit(p, w.Now)
	w.traceStage(p.GUID, w.StaticSched.Name, StageAnimateStatic, elapsed)
	if !ok {
		return
	}
	w.cur.ResolveActive(&w.cols, e, p, w.cols.PartArray(w.cols.Row(entry)), w.Trace != nil)
	w.cur.Static = true
	t := &w.tick
	*t = Tick{Dt: elapsed, Delta: physics.IdentityFrame, Candidate: p.Position.Frame}
	pos, scale, parent, state := p.Position, p.Scale, p.Parent, p.State
	w.StaticSched.run(w, &w.cur, t)
	if p.Position != pos || p.Scale != scale || p.Parent != parent || p.State != state {
		w.Moved(p.GUID) // turned by its omega, or a stage changed it: no transition placed its body
	}
	w.cur.Sleep()
	p.UpdateTime = w.Now
}

func (w *World) traceStage(guid uint32, sched, stage string, dt float64) {
	if w.Trace != nil {
		w.emit(Event{Frame: w.FrameNo, Obj: guid, Kind: KindStage, Schedule: sched, Stage: stage, Dt: dt})
	}
}

// localPlayer returns the local player's physics state, nil for none. The
// pointer is donburi's, stable for the object's life; it is looked up
// again only after PlayerGUID or the set of objects changed.
func (w *World) localPlayer() *physics.Object {
	if !w.player.valid || w.player.guid != w.PlayerGUID {
		w.player = playerRef{guid: w.PlayerGUID, valid: true}
		if s, ok := w.byGUID[w.PlayerGUID]; ok && w.PlayerGUID != 0 {
			w.player.p = components.PhysicsObj.Get(w.ECS.Entry(s.e))
		}
	}
	return w.player.p
}

// refreshActive keeps objects within PlayerDistance of the player Active.
func (w *World) refreshActive(p *physics.Object) {
	if w.PlayerGUID == 0 || p.GUID == w.PlayerGUID {
		return
	}
	pl := w.localPlayer()
	if pl == nil {
		return
	}
	if dat.GlobalDistance(p.Position, pl.Position) <= PlayerDistance {
		p.Transient |= physics.TransientActive
	} else {
		p.Transient &^= physics.TransientActive
	}
}

// updateChildrenOf places each attached child at its parent frame
// (CPhysicsObj::UpdateChildrenInternal).
func (w *World) updateChildrenOf(p *physics.Object) {
	for _, g := range p.Children {
		s, ok := w.byGUID[g]
		if !ok {
			continue
		}
		c := components.PhysicsObj.Get(w.ECS.Entry(s.e))
		c.Position.Cell = p.Position.Cell
		c.Position.Frame = physics.Combine(p.Position.Frame, c.ParentFrame)
		if c.Parent == 0 {
			// Not attached (a new object under a removed child's guid):
			// a body of its own to move. An attached child has none.
			w.Moved(g)
		}
	}
}

// SetHidden is CPhysicsObj::set_hidden plus the SetState tail of seed 003
// §1: on hiding, the typed Hidden PES (pes, 0 for none) is queued and
// CPartArray::HandleEnterWorld moves the cursor off any link; the pose is
// then sampled, never advanced, while Hidden.
func (w *World) SetHidden(v *components.View, hidden bool, pes uint32) {
	if hidden && pes != 0 {
		w.PlayScript(v, pes, 0)
	}
	physobj.SetHidden(v, hidden)
}

// SetPositionInternal places the object hard at p and moves its attached
// children with it.
func (w *World) SetPositionInternal(v *components.View, p physics.Position) {
	physobj.SetPositionInternal(v, p)
	w.Moved(v.Phys.GUID)
	w.updateChildrenOf(v.Phys)
}

// Movement returns the object's MovementManager, adding the component on
// first use (CPhysicsObj::unpack_movement creates it lazily).
func (w *World) Movement(v *components.View) *managers.MovementManager {
	return components.AddMovementManager(w.ECS, v)
}

// Interp returns the object's interpreter, creating the MovementManager and
// CMotionInterp on first use (MovementManager::get_minterp).
func (w *World) Interp(v *components.View) *motion.Interp {
	return w.Movement(v).MakeInterp()
}
