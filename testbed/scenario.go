package testbed

import (
	"io"
	"path/filepath"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed/luahost"
)

// DefaultStep is the frame length world.advance uses when none is given.
const DefaultStep = 1.0 / 30

// Options configures a Scenario.
type Options struct {
	// Trace, when set, also receives every trace event (dereth run --trace).
	Trace systems.Tracer
	// Stdout receives print output.
	Stdout io.Writer
	// Budget and Timeout (seconds) bound the script: luahost's defaults
	// when zero, no limit when negative.
	Budget  int64
	Timeout float64
	// Memory and MaxString bound the heap growth of a run and the longest
	// string, in bytes (luahost defaults when zero).
	Memory, MaxString int64
	// Portal resolves setup, motion-table, animation and script ids a
	// script does not define inline (the sample world or a retail DAT).
	Portal *dat.Container
	// Cell holds the landblocks world.ground reads.
	Cell *dat.Container
	// Viewer is true when a window drives the world (world.headless is
	// then false and the script should not advance time itself).
	Viewer bool
	// StreamLockstep makes every streamer the scenario starts wait for
	// its builds at each frame boundary (stream.Adapter.Lockstep): a
	// screenshot run, the same picture every run.
	StreamLockstep bool
	// TraceEvents bounds the in-memory trace world.trace reads (a ring of
	// the newest events): 0 is systems.DefaultRecorderLimit headless and no
	// recording at all in the viewer, negative is no recording.
	TraceEvents int
}

// Scenario is one headless run: a world, the data scripts define, the
// trace recorder and the sandboxed Lua host.
type Scenario struct {
	World  *systems.World
	Rec    *systems.Recorder
	Anims  motion.AnimationMap
	Setups map[uint32]*dat.Setup
	Tables map[uint32]*dat.MotionTable

	// Err is the first error a timer callback raised (the viewer shows it).
	Err    error
	timers []*timer
	// Status is the script's last world.status line (the viewer's HUD
	// shows it).
	Status string
	// portal and cell are the DATs world.find_setups and world.find_place
	// search (nil: none).
	portal, cell *dat.Container
	// place is world.set_default_place's.
	place defaultPlace

	// Input is the local player's controller world.input drives; it runs
	// at the start of every frame once a script has called world.input.
	Input   control.Controller
	keys    control.Keys
	inputOn bool
	// recording is true when Rec receives the trace.
	recording bool
	// scratch is the read-only queries' view (peek).
	scratch components.View
	// commandNames interns the command names queries return; nums boxes
	// the numbers they return.
	commandNames map[uint32]lua.LValue
	nums         numberSlab

	// stream is the landblock streamer (world.stream); Portals are the
	// portal objects (world.portal).
	stream  *stream.Adapter
	Portals []Portal
	// lockstep is Options.StreamLockstep, for every streamer started.
	lockstep bool
	// terrain is the cell DAT's landblocks built on first use (the land of
	// a world that does not stream; world.ground reads it whether or not
	// the landblock is resident).
	terrain *stream.Sync

	host *luahost.Host
	// onCapture maps a hook to the hooks to append when it is captured
	// (re-entrant append, seed 000 case 8).
	onCapture map[*dat.AnimHook][]dat.AnimHook
}

// New returns a scenario whose scripts may load files from dir.
func New(dir string, opts Options) *Scenario {
	s := &Scenario{
		World: systems.NewWorld(), Rec: &systems.Recorder{Limit: opts.TraceEvents},
		Anims: motion.AnimationMap{}, Setups: map[uint32]*dat.Setup{}, Tables: map[uint32]*dat.MotionTable{},
		onCapture: map[*dat.AnimHook][]dat.AnimHook{},
		portal:    opts.Portal, cell: opts.Cell, lockstep: opts.StreamLockstep,
	}
	var tracers systems.Tee
	if opts.TraceEvents > 0 || opts.TraceEvents == 0 && !opts.Viewer {
		tracers = append(tracers, s.Rec)
		s.recording = true
	}
	if opts.Trace != nil {
		tracers = append(tracers, opts.Trace)
	}
	switch len(tracers) {
	case 0: // tracing off: the schedules build no events at all
	case 1:
		s.World.Trace = tracers[0]
	default:
		s.World.Trace = tracers
	}
	to := luahost.Options{Dir: dir, Budget: opts.Budget, Stdout: opts.Stdout, Memory: opts.Memory, MaxString: opts.MaxString}
	if opts.Timeout != 0 { // negative: no wall-clock limit
		to.Timeout = secondsDuration(opts.Timeout)
	}
	s.host = luahost.New(to)
	a := assets{s: s}
	if opts.Portal != nil {
		a.dat = systems.NewDatAssets(opts.Portal)
	}
	s.World.Assets = a
	if opts.Cell != nil && opts.Portal != nil {
		if src, err := stream.DatSourceOf(opts.Portal, opts.Cell); err == nil {
			s.terrain = stream.NewSync(src)
			s.World.Ground = s.terrain
		}
	}
	s.World.Timers = s
	s.World.Watch = s
	s.install()
	s.installHelpers()
	s.installSampleIDs()
	s.installStream()
	world := s.host.State().GetGlobal("world").(*lua.LTable)
	world.RawSetString("headless", lua.LBool(!opts.Viewer))
	world.RawSetString("api_version", lua.LNumber(APIVersion))
	world.RawSetString("reason", s.reasonTable())
	return s
}

// reasonTable is world.reason: every trace drop reason by its own name;
// reading a name that is not a reason is an error, so a typo cannot
// silently match nothing.
func (s *Scenario) reasonTable() *lua.LTable {
	L := s.host.State()
	t := L.NewTable()
	for _, r := range systems.Reasons {
		t.RawSetString(string(r), lua.LString(r))
	}
	meta := L.NewTable()
	meta.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(2)
		L.RaiseError("world.reason: no drop reason %q%s (known: %s)", name, luahost.Suggestion(name, strings.Split(reasonNames(), ", ")), reasonNames())
		return 0
	}))
	L.SetMetatable(t, meta)
	return t
}

func reasonNames() string {
	names := make([]string, len(systems.Reasons))
	for i, r := range systems.Reasons {
		names[i] = string(r)
	}
	return strings.Join(names, ", ")
}

// Close releases the Lua state.
func (s *Scenario) Close() {
	if s.stream != nil {
		s.stream.Close()
	}
	s.host.Close()
}

// RunFile runs a scenario script; the error names the script's file:line.
func (s *Scenario) RunFile(path string) error { return s.host.RunFile(path) }

// Expectations reports how many expect.* calls passed and failed.
func (s *Scenario) Expectations() (passed, failed int) { return s.host.Expectations() }

// Run runs the script at path in its own folder.
func Run(path string, opts Options) (*Scenario, error) {
	s := New(filepath.Dir(path), opts)
	return s, s.RunFile(path)
}

func (s *Scenario) install() {
	fns := map[string]lua.LGFunction{
		"animation":        s.luaAnimation,
		"setup":            s.luaSetup,
		"motion_table":     s.luaMotionTable,
		"script":           s.luaScript,
		"spawn":            s.luaSpawn,
		"delete":           s.luaDelete,
		"step":             s.luaStep,
		"advance":          s.luaAdvance,
		"advance_to":       s.luaAdvanceTo,
		"now":              func(L *lua.LState) int { L.Push(s.nums.box(s.World.Now)); return 1 },
		"set_clock":        s.luaSetClock,
		"set_update_time":  s.luaSetUpdateTime,
		"update_object":    s.luaUpdateObject,
		"move":             s.luaMove,
		"do_motion":        s.luaDoMotion,
		"stop_motion":      s.luaStopMotion,
		"set_state":        s.luaSetState,
		"set_transient":    s.luaSetTransient,
		"set_cell":         s.luaSetCell,
		"attach":           s.luaAttach,
		"hide":             s.luaHide,
		"unhide":           s.luaUnhide,
		"play_script":      s.luaPlayScript,
		"add_physics_hook": s.luaAddPhysicsHook,
		"add_anim_hook":    s.luaAddAnimHook,
		"interpolate_to":   s.luaInterpolateTo,
		"position":         s.luaPosition,
		"collisions":       s.luaCollisions,
		"motion_state":     s.luaMotionState,
		"queues":           s.luaQueues,
		"sequence":         s.luaSequence,
		"part":             s.luaPart,
		"revision":         s.luaRevision,
		"particles":        s.luaParticles,
		"state":            s.luaStateQuery,
		"trace":            s.luaTrace,
		"trace_clear":      func(L *lua.LState) int { s.Rec.Reset(); return 0 },
		"stages":           s.luaStages,
		"command":          s.luaCommand,
		"ground":           s.luaGround,
		"every":            s.luaEvery,
		"send":             s.luaSend,
		"set_player":       s.luaSetPlayer,
		"after":            s.luaAfter,
		"input":            s.luaInput,
		"outbound":         s.luaOutbound,
		"jump":             s.luaJump,
	}
	// Every call is charged to the budget and sees a tripped limit at once.
	for name, fn := range fns {
		fns[name] = func(L *lua.LState) int {
			s.host.Check(L, callCost)
			return fn(L)
		}
	}
	s.host.SetGlobalTable("world", fns)
}

func (s *Scenario) obj(L *lua.LState, n int) *components.View {
	g := uint32(L.CheckNumber(n))
	o := s.World.Object(g)
	if o == nil {
		L.RaiseError("no object 0x%08X", g)
	}
	return o
}

func tableArg(L *lua.LState, n int, ctx string) args {
	return args{L, L.CheckTable(n), ctx}
}

// world.animation{id=, frames=N, parts=P, pos_frames={{x,y,z},...}, hooks={[frame]={hook,...}}}
func (s *Scenario) luaAnimation(L *lua.LState) int {
	a := tableArg(L, 1, "world.animation")
	id := a.u32("id", 0)
	frames, parts := int(a.num("frames", 1)), int(a.num("parts", 1))
	if frames < 1 || frames > 10000 || parts < 0 || parts > 256 {
		L.RaiseError("world.animation 0x%08X: frames must be 1..10000 and parts 0..256", id)
	}
	s.host.Reserve(L, int64(frames)*int64(parts+1)*32)
	s.host.Check(L, int64(frames)*int64(parts+1))
	anim := &dat.Animation{ID: id, NumParts: uint32(parts), PartFrames: make([]dat.AnimFrame, frames)}
	for f := range anim.PartFrames {
		anim.PartFrames[f].Frames = make([]physics.Frame, parts)
		for p := range anim.PartFrames[f].Frames {
			// part p of frame f sits at (f, p, 0) so poses are recognisable
			anim.PartFrames[f].Frames[p] = physics.Frame{Origin: physics.Vec3{X: float32(f), Y: float32(p)}, Orientation: physics.IdentityQuat}
		}
	}
	if pf := a.table("pos_frames"); pf != nil {
		anim.Flags |= dat.AnimationPosFrames
		anim.PosFrames = make([]physics.Frame, frames)
		for f := range anim.PosFrames {
			anim.PosFrames[f] = physics.IdentityFrame
			if t, ok := pf.RawGetInt(f + 1).(*lua.LTable); ok {
				anim.PosFrames[f].Origin = vecOf(L, t, "world.animation.pos_frames")
			}
		}
	}
	if hk := a.table("hooks"); hk != nil {
		hk.ForEach(func(k, v lua.LValue) {
			f, ok := k.(lua.LNumber)
			list, ok2 := v.(*lua.LTable)
			if !ok || !ok2 || int(f) < 0 || int(f) >= frames {
				L.RaiseError("world.animation 0x%08X: hooks are {[frame]={hook,...}} with frame 0..%d", id, frames-1)
			}
			ha := args{L, list, "world.animation.hooks"}
			for i := 1; i <= list.Len(); i++ {
				e, ok := list.RawGetInt(i).(*lua.LTable)
				if !ok {
					L.RaiseError("world.animation 0x%08X: hook %d must be a table", id, i)
				}
				anim.PartFrames[int(f)].Hooks = append(anim.PartFrames[int(f)].Hooks, args{L, e, ha.ctx}.hook())
			}
		})
	}
	s.Anims[id] = anim
	L.Push(lua.LNumber(id))
	return 1
}

// world.setup{id=, parts=N, default_animation=, default_script=, default_scale={x,y,z}}
func (s *Scenario) luaSetup(L *lua.LState) int {
	a := tableArg(L, 1, "world.setup")
	id := a.u32("id", 0)
	n := int(a.num("parts", 1))
	if n < 1 || n > 256 {
		L.RaiseError("world.setup 0x%08X: parts must be 1..256", id)
	}
	st := &dat.Setup{ID: id, Parts: make([]uint32, n),
		DefaultAnimation: a.u32("default_animation", 0), DefaultScript: a.u32("default_script", 0),
		PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: make([]physics.Frame, n)}}}
	for i := range st.Parts {
		st.Parts[i] = 0x01000001 + uint32(i)
		st.PlacementFrames[0].Frames[i] = physics.Frame{Origin: physics.Vec3{X: -1, Y: -float32(i), Z: 7}, Orientation: physics.IdentityQuat}
	}
	if a.has("default_scale") {
		sc := a.vec("default_scale")
		st.Flags |= dat.SetupHasDefaultScale
		for range st.Parts {
			st.DefaultScale = append(st.DefaultScale, sc)
		}
	}
	s.Setups[id] = st
	L.Push(lua.LNumber(id))
	return 1
}

// world.motion_table{id=, default_style=, style_defaults={[style]=substate},
// cycles={{style=, motion=, anims=, velocity=, omega=}}, modifiers={...},
// links={{style=, from=, to=, anims=, velocity=}}}
func (s *Scenario) luaMotionTable(L *lua.LState) int {
	a := tableArg(L, 1, "world.motion_table")
	id := a.u32("id", 0)
	mt := &dat.MotionTable{ID: id, DefaultStyle: a.command("default_style"), StyleDefaults: map[uint32]uint32{},
		Cycles: map[uint32]*dat.MotionData{}, Modifiers: map[uint32]*dat.MotionData{}, Links: map[uint32]map[uint32]*dat.MotionData{}}
	if mt.DefaultStyle == 0 {
		mt.DefaultStyle = motion.NonCombat
	}
	if sd := a.table("style_defaults"); sd != nil {
		sd.ForEach(func(k, v lua.LValue) {
			mt.StyleDefaults[command(L, k, "style_defaults key")] = command(L, v, "style_defaults value")
		})
	} else {
		mt.StyleDefaults[mt.DefaultStyle] = motion.Ready
	}
	style := func(e args) uint32 {
		if st := e.command("style"); st != 0 {
			return st
		}
		return mt.DefaultStyle
	}
	a.list("cycles", func(_ int, e args) { mt.Cycles[dat.MotionKey(style(e), e.command("motion"))] = e.motionData() })
	a.list("modifiers", func(_ int, e args) { mt.Modifiers[dat.MotionKey(style(e), e.command("motion"))] = e.motionData() })
	a.list("links", func(_ int, e args) {
		k := dat.MotionKey(style(e), e.command("from"))
		if mt.Links[k] == nil {
			mt.Links[k] = map[uint32]*dat.MotionData{}
		}
		mt.Links[k][e.command("to")] = e.motionData()
	})
	s.Tables[id] = mt
	L.Push(lua.LNumber(id))
	return 1
}

// world.script{id=, hooks={{time=, type=, ...}}}
func (s *Scenario) luaScript(L *lua.LState) int {
	a := tableArg(L, 1, "world.script")
	sc := &managers.Script{ID: a.u32("id", 0)}
	a.list("hooks", func(_ int, e args) {
		sc.Hooks = append(sc.Hooks, managers.ScriptHook{Time: e.num("time", 0), Hook: e.hook()})
	})
	s.World.Scripts[sc.ID] = sc
	L.Push(lua.LNumber(sc.ID))
	return 1
}

var managerNames = map[string]archetypes.Managers{
	"movement": archetypes.WithMovement, "position": archetypes.WithPosition, "target": archetypes.WithTarget,
	"detection": archetypes.WithDetection, "particle": archetypes.WithParticle, "script": archetypes.WithScript,
	"physics_hooks": archetypes.WithPhysicsHooks,
}

// world.spawn{archetype=, guid=, cell=, origin=, heading=, setup=, motion_table=,
// state=, transient=, managers=, inactive=, static=, scale=, motion={...}}
func (s *Scenario) luaSpawn(L *lua.LState) int {
	s.host.Check(L, spawnCost)
	a := tableArg(L, 1, "world.spawn")
	a.only("archetype", "guid", "cell", "origin", "heading", "setup", "motion_table", "state", "transient", "managers",
		"inactive", "static", "scale", "autonomous", "velocity", "omega", "look", "motion")
	arch := a.str("archetype", "creature")
	d, err := archetypes.FromTemplate(arch)
	if err != nil {
		L.RaiseError("world.spawn: %v%s (known: %s)", err, luahost.Suggestion(arch, keys(archetypes.Templates)), names(archetypes.Templates))
	}
	d.GUID = a.u32("guid", 0)
	if d.GUID == 0 {
		d.GUID = s.freeGUID()
	}
	d.Cell, d.Frame.Origin = s.spawnPlace(a)
	d.Frame.Orientation = headingFrame(a.num("heading", 0))
	if a.has("state") {
		d.State = a.state("state")
	}
	if a.has("transient") {
		d.Transient = a.transient("transient")
	}
	if a.has("managers") {
		d.Managers = 0
		for _, n := range a.strings("managers") {
			m, ok := managerNames[n]
			if !ok {
				L.RaiseError("world.spawn: unknown manager %q%s (known: %s)", n, luahost.Suggestion(n, keys(managerNames)), names(managerNames))
			}
			d.Managers |= m
		}
	}
	d.Inactive = a.boolean("inactive", false)
	d.Static = a.boolean("static", d.Static)
	d.Scale = float32(a.num("scale", 1))
	if d.Scale <= 0 || d.Scale > systems.MaxSpeed {
		L.RaiseError("world.spawn: scale must be in (0, %v], got %v", systems.MaxSpeed, d.Scale)
	}
	d.Autonomous = a.boolean("autonomous", d.Autonomous)
	d.Velocity, d.Omega = a.vec("velocity"), a.vec("omega")
	var err2 error
	if id := a.u32("setup", 0); id != 0 {
		if d.Setup, err2 = s.World.Assets.Setup(id); err2 != nil {
			L.RaiseError("world.spawn: setup 0x%08X: %v", id, err2)
		}
	}
	mtID := a.u32("motion_table", 0)
	if mtID == 0 && d.Setup != nil && !a.has("motion_table") {
		mtID = d.Setup.DefaultMotionTable
	}
	if mtID != 0 {
		if d.MotionTable, err2 = s.World.Assets.MotionTable(mtID); err2 != nil {
			L.RaiseError("world.spawn: motion table 0x%08X: %v", mtID, err2)
		}
	}
	d.Anims = s.World.Assets
	if l, ok := a.sub("look"); ok {
		d.Look = lookFrom(l)
	}
	if m, ok := a.sub("motion"); ok {
		d.Movement = interpretedState(m)
	}
	o, err := s.World.Spawn(d)
	if err != nil {
		L.RaiseError("world.spawn: %v", err)
	}
	L.Push(lua.LNumber(o.Phys.GUID))
	return 1
}

// HookCaptured appends the hooks world.add_anim_hook asked for when h is
// captured (re-entrant append, seed 000 case 8); the world traced it
// first (motion.Observer).
func (s *Scenario) HookCaptured(guid uint32, h *dat.AnimHook) {
	extra := s.onCapture[h]
	if len(extra) == 0 {
		return
	}
	o := s.World.Object(guid)
	if o == nil {
		return
	}
	for i := range extra {
		nh := extra[i]
		o.Motion.AddAnimHook(&nh)
	}
}

// MotionQueued is part of motion.Observer; the scenario ignores it.
func (s *Scenario) MotionQueued(guid, m, n uint32) {}

// MotionCompleted is part of motion.Observer; the scenario ignores it.
func (s *Scenario) MotionCompleted(guid, m uint32, success bool) {}

func interpretedState(m args) *motion.InterpretedState {
	st := motion.DefaultInterpretedState()
	m.only("style", "forward", "forward_speed", "sidestep", "sidestep_speed", "turn", "turn_speed", "actions")
	if m.has("style") {
		st.CurrentStyle = m.command("style")
	}
	if m.has("forward") {
		st.ForwardCommand = m.command("forward")
	}
	st.ForwardSpeed = float32(m.speed("forward_speed"))
	st.SideStepCommand = m.command("sidestep")
	st.SideStepSpeed = float32(m.speed("sidestep_speed"))
	st.TurnCommand = m.command("turn")
	st.TurnSpeed = float32(m.speed("turn_speed"))
	m.list("actions", func(_ int, e args) {
		e.only("motion", "speed", "stamp", "autonomous")
		st.Actions = append(st.Actions, motion.Action{Motion: e.command("motion"), Speed: float32(e.speed("speed")),
			Stamp: uint16(e.num("stamp", 0)), Autonomous: e.boolean("autonomous", false)})
	})
	return &st
}

func (s *Scenario) luaDelete(L *lua.LState) int {
	L.Push(lua.LBool(s.World.Remove(uint32(L.CheckNumber(1)))))
	return 1
}

func (s *Scenario) luaStep(L *lua.LState) int {
	s.frame(L, "world.step", durationArg(L, 1, DefaultStep, true, false, "world.step", "dt"))
	return 0
}

// world.advance(seconds [, step]) runs frames of step until seconds pass.
func (s *Scenario) luaAdvance(L *lua.LState) int {
	s.advance(L, "world.advance", durationArg(L, 1, 0, false, false, "world.advance", "seconds"),
		durationArg(L, 2, DefaultStep, true, true, "world.advance", "step"))
	return 0
}

// world.advance_to(t [, step]) advances the clock to t.
func (s *Scenario) luaAdvanceTo(L *lua.LState) int {
	t := numberArg(L, 1, 0, false, "world.advance_to", "time")
	if t < s.World.Now {
		L.RaiseError("world.advance_to: %v is before now (%v)", t, s.World.Now)
	}
	s.advance(L, "world.advance_to", t-s.World.Now, durationArg(L, 2, DefaultStep, true, true, "world.advance_to", "step"))
	return 0
}

// advance runs frames of step until total seconds passed (the last one
// shorter). The loop is counted: frame refuses a step that no longer
// advances the clock, and at most total/step+1 frames run.
func (s *Scenario) advance(L *lua.LState, fn string, total, step float64) {
	if total/step > 1e6 {
		L.RaiseError("%s: %v s in steps of %v s is more than 1e6 frames", fn, total, step)
	}
	end := s.World.Now + total
	for n := int(total/step) + 1; n > 0 && s.World.Now+step <= end+1e-9; n-- {
		s.frame(L, fn, step)
	}
	if rest := end - s.World.Now; rest > 1e-9 && s.World.Now+rest > s.World.Now {
		s.frame(L, fn, rest)
	}
}

func (s *Scenario) luaSetClock(L *lua.LState) int {
	s.World.Now = durationArg(L, 1, 0, false, false, "world.set_clock", "time")
	return 0
}

func (s *Scenario) luaSetUpdateTime(L *lua.LState) int {
	s.obj(L, 1).Phys.UpdateTime = numberArg(L, 2, 0, false, "world.set_update_time", "time")
	return 0
}

// world.update_object(guid) runs one object's schedule at the current clock.
func (s *Scenario) luaUpdateObject(L *lua.LState) int {
	o := s.obj(L, 1)
	if o.Static {
		s.World.AnimateStaticObject(o.Entity)
	} else {
		s.World.UpdateObject(o.Entity)
	}
	return 0
}

// world.move(guid, {style=, forward=, ...}) applies an interpreted motion
// state through MoveToInterpretedState, exactly as a wire UpdateMotion does.
func (s *Scenario) luaMove(L *lua.LState) int {
	o := s.obj(L, 1)
	st := interpretedState(tableArg(L, 2, "world.move"))
	s.World.Interp(o).MoveToInterpretedState(st)
	return 0
}

func (s *Scenario) luaDoMotion(L *lua.LState) int {
	o := s.obj(L, 1)
	p := motion.DefaultParams()
	p.Speed = float32(speedArg(L, 3, "world.do_motion"))
	r := s.World.Interp(o).DoInterpretedMotion(command(L, L.Get(2), "world.do_motion"), &p)
	L.Push(lua.LNumber(r))
	return 1
}

func (s *Scenario) luaStopMotion(L *lua.LState) int {
	o := s.obj(L, 1)
	p := motion.DefaultParams()
	r := s.World.Interp(o).StopInterpretedMotion(command(L, L.Get(2), "world.stop_motion"), &p)
	L.Push(lua.LNumber(r))
	return 1
}

func (s *Scenario) luaSetState(L *lua.LState) int {
	o := s.obj(L, 1)
	o.Phys.State = bitsOf(L, L.CheckTable(2), stateNames, "world.set_state", "state bit")
	s.World.Moved(o.Phys.GUID)
	return 0
}

func (s *Scenario) luaSetTransient(L *lua.LState) int {
	s.obj(L, 1).Phys.Transient = bitsOf(L, L.CheckTable(2), transientNames, "world.set_transient", "transient bit")
	return 0
}

func (s *Scenario) luaSetCell(L *lua.LState) int {
	o := s.obj(L, 1)
	o.Phys.Position.Cell = uint32(L.CheckNumber(2))
	s.World.Moved(o.Phys.GUID)
	return 0
}

// world.attach(child, parent) parents child to parent at its current offset.
func (s *Scenario) luaAttach(L *lua.LState) int {
	c, p := s.obj(L, 1), s.obj(L, 2)
	c.Phys.Parent = p.Phys.GUID
	c.Phys.ParentFrame = physics.IdentityFrame
	p.Phys.Children = append(p.Phys.Children, c.Phys.GUID)
	s.World.Moved(c.Phys.GUID) // attached: its body leaves
	return 0
}

func (s *Scenario) luaHide(L *lua.LState) int {
	s.World.SetHidden(s.obj(L, 1), true, uint32(L.OptNumber(2, 0)))
	return 0
}

func (s *Scenario) luaUnhide(L *lua.LState) int {
	s.World.SetHidden(s.obj(L, 1), false, 0)
	return 0
}

func (s *Scenario) luaPlayScript(L *lua.LState) int {
	ok := s.World.PlayScript(s.obj(L, 1), uint32(L.CheckNumber(2)), durationArg(L, 3, 0, true, false, "world.play_script", "delay"))
	L.Push(lua.LBool(ok))
	return 1
}

// countedHook completes after a given number of executions and traces each.
type countedHook struct {
	s     *Scenario
	name  string
	after int
	runs  int
}

func (h *countedHook) Execute(o *physics.Object) bool {
	h.runs++
	done := h.runs >= h.after
	detail := "incomplete"
	if done {
		detail = "complete"
	}
	if tr := h.s.World.Trace; tr != nil {
		tr.Event(&systems.Event{Frame: h.s.World.FrameNo, Obj: o.GUID, Kind: systems.KindHook, Hook: h.name, Phase: systems.PhasePhysics, Detail: detail})
	}
	return done
}

// world.add_physics_hook(guid, {name=, complete_after=N})
func (s *Scenario) luaAddPhysicsHook(L *lua.LState) int {
	o := s.obj(L, 1)
	a := tableArg(L, 2, "world.add_physics_hook")
	if o.Hooks == nil {
		L.RaiseError("world.add_physics_hook: object 0x%08X has no physics_hooks manager", o.Phys.GUID)
	}
	o.Hooks.Hooks = append(o.Hooks.Hooks, &countedHook{s: s, name: a.str("name", "physics"), after: int(a.num("complete_after", 1))})
	return 0
}

// world.add_anim_hook(guid, hook [, {append={hook,...}}]) appends a hook to
// the object's animation-hook list, as a firing frame would; the hooks in
// append are appended when it is captured.
func (s *Scenario) luaAddAnimHook(L *lua.LState) int {
	o := s.obj(L, 1)
	h := tableArg(L, 2, "world.add_anim_hook").hook()
	hp := &h
	if L.GetTop() >= 3 {
		tableArg(L, 3, "world.add_anim_hook").list("append", func(_ int, e args) {
			s.onCapture[hp] = append(s.onCapture[hp], e.hook())
		})
	}
	o.Motion.AddAnimHook(hp)
	return 0
}

func (s *Scenario) luaInterpolateTo(L *lua.LState) int {
	o := s.obj(L, 1)
	if o.Position == nil {
		L.RaiseError("world.interpolate_to: object 0x%08X has no position manager", o.Phys.GUID)
	}
	o.Position.InterpolateTo(physics.Position{Cell: o.Phys.Position.Cell, Frame: physics.Frame{Origin: vecOf(L, L.CheckTable(2), "origin"), Orientation: physics.IdentityQuat}})
	return 0
}

func (s *Scenario) push(L *lua.LState, v any) int {
	L.Push(luahost.ToLua(L, v))
	return 1
}

func vecList(v physics.Vec3) []any { return []any{float64(v.X), float64(v.Y), float64(v.Z)} }

func quatList(q physics.Quat) []any {
	return []any{float64(q.W), float64(q.X), float64(q.Y), float64(q.Z)}
}

// world.position(guid [, into]) builds its table directly (no Go map, no
// conversion): it is the query scripts call most. Given the table of an
// earlier call as into, it fills that table again in place and returns
// it, allocating nothing.
func (s *Scenario) luaPosition(L *lua.LState) int {
	p := s.peek(L, 1).Phys
	f := p.Position.Frame
	t := intoTable(L, 2, 5)
	t.RawSetString("cell", s.nums.box(float64(p.Position.Cell)))
	s.setVec(L, t, "origin", f.Origin)
	q := fieldTable(L, t, "rotation", 4)
	q.RawSetInt(1, s.nums.box(float64(f.Orientation.W)))
	q.RawSetInt(2, s.nums.box(float64(f.Orientation.X)))
	q.RawSetInt(3, s.nums.box(float64(f.Orientation.Y)))
	q.RawSetInt(4, s.nums.box(float64(f.Orientation.Z)))
	s.setVec(L, t, "velocity", p.Velocity)
	t.RawSetString("heading", s.nums.box(float64(motion.FrameHeading(f))))
	L.Push(t)
	return 1
}

// intoTable is the optional table argument n a query fills in place, or
// a fresh table with room for fields keys.
func intoTable(L *lua.LState, n, fields int) *lua.LTable {
	if L.GetTop() >= n && L.Get(n) != lua.LNil {
		return L.CheckTable(n)
	}
	return L.CreateTable(0, fields)
}

// fieldTable is t[key] when it is a table (an earlier call's, filled
// again), else a fresh array table of n stored there.
func fieldTable(L *lua.LState, t *lua.LTable, key string, n int) *lua.LTable {
	if old, ok := t.RawGetString(key).(*lua.LTable); ok {
		return old
	}
	nt := L.CreateTable(n, 0)
	t.RawSetString(key, nt)
	return nt
}

// setVec stores v as the array {x, y, z} at t[key].
func (s *Scenario) setVec(L *lua.LState, t *lua.LTable, key string, v physics.Vec3) {
	a := fieldTable(L, t, key, 3)
	a.RawSetInt(1, s.nums.box(float64(v.X)))
	a.RawSetInt(2, s.nums.box(float64(v.Y)))
	a.RawSetInt(3, s.nums.box(float64(v.Z)))
}

// vecTable is {x, y, z} as a Lua array.
func vecTable(L *lua.LState, v physics.Vec3) *lua.LTable {
	t := L.CreateTable(3, 0)
	t.RawSetInt(1, lua.LNumber(v.X))
	t.RawSetInt(2, lua.LNumber(v.Y))
	t.RawSetInt(3, lua.LNumber(v.Z))
	return t
}

// peek resolves the object at argument n read-only into the scenario's
// scratch view: for queries, which change nothing and so wake nothing
// and allocate no view.
func (s *Scenario) peek(L *lua.LState, n int) *components.View {
	g := uint32(L.CheckNumber(n))
	e, ok := s.World.Entity(g)
	if !ok || !s.scratch.Resolve(s.World.ECS, e) {
		L.RaiseError("no object 0x%08X", g)
	}
	return &s.scratch
}

// world.motion_state(guid [, into]) builds its table directly, command
// names interned (commandValue); like world.position it refills an
// earlier call's table in place, allocating nothing. A field with nothing
// to report is nil.
func (s *Scenario) luaMotionState(L *lua.LState) int {
	o := s.peek(L, 1)
	t := intoTable(L, 2, 11)
	if o.Parts != nil && o.Parts.Manager != nil {
		st := &o.Parts.Manager.State
		t.RawSetString("style", s.commandValue(st.Style))
		t.RawSetString("substate", s.commandValue(st.Substate))
		t.RawSetString("substate_mod", s.nums.box(float64(st.SubstateMod)))
		mods := fieldTable(L, t, "modifiers", len(st.Modifiers))
		for i, m := range st.Modifiers {
			mods.RawSetInt(i+1, s.commandValue(m.ID))
		}
		for i := mods.MaxN(); i > len(st.Modifiers); i-- {
			mods.RawSetInt(i, lua.LNil)
		}
		t.RawSetString("actions", s.nums.box(float64(len(st.Actions))))
		s.setVec(L, t, "velocity", o.Parts.Sequence.Velocity)
		s.setVec(L, t, "omega", o.Parts.Sequence.Omega)
	} else {
		for _, k := range [...]string{"style", "substate", "substate_mod", "modifiers", "actions", "velocity", "omega"} {
			t.RawSetString(k, lua.LNil)
		}
	}
	if o.Movement != nil && o.Movement.Interp != nil {
		is := &o.Movement.Interp.Interpreted
		t.RawSetString("forward", s.commandValue(is.ForwardCommand))
		t.RawSetString("forward_speed", s.nums.box(float64(is.ForwardSpeed)))
		t.RawSetString("sidestep", s.commandValue(is.SideStepCommand))
		t.RawSetString("turn", s.commandValue(is.TurnCommand))
	} else {
		for _, k := range [...]string{"forward", "forward_speed", "sidestep", "turn"} {
			t.RawSetString(k, lua.LNil)
		}
	}
	L.Push(t)
	return 1
}

// commandValue is a command's name as a Lua string, nil for 0; names are
// interned per scenario so a query does not allocate them again.
func (s *Scenario) commandValue(c uint32) lua.LValue {
	if c == 0 {
		return lua.LNil
	}
	if v, ok := s.commandNames[c]; ok {
		return v
	}
	if s.commandNames == nil {
		s.commandNames = map[uint32]lua.LValue{}
	}
	v := lua.LValue(lua.LString(motioncmd.Name(c)))
	s.commandNames[c] = v
	return v
}

func (s *Scenario) luaQueues(L *lua.LState) int {
	o := s.peek(L, 1)
	out := map[string]any{"pending_animations": []any{}, "pending_motions": []any{}, "animation_counter": 0}
	if o.Parts != nil && o.Parts.Manager != nil {
		var pa []any
		for _, n := range o.Parts.Manager.Pending {
			pa = append(pa, map[string]any{"motion": motioncmd.Name(n.Motion), "ticks": n.NumAnims})
		}
		out["pending_animations"], out["animation_counter"] = pa, o.Parts.Manager.AnimationCounter
	}
	if o.Movement != nil && o.Movement.Interp != nil {
		var pm []any
		for _, n := range o.Movement.Interp.Pending {
			pm = append(pm, map[string]any{"motion": motioncmd.Name(n.Motion)})
		}
		out["pending_motions"] = pm
	}
	return s.push(L, out)
}

func (s *Scenario) luaSequence(L *lua.LState) int {
	o := s.peek(L, 1)
	if o.Parts == nil {
		return s.push(L, map[string]any{"nodes": []any{}})
	}
	seq := &o.Parts.Sequence
	var nodes []any
	curr, fc := 0, 0
	i := 0
	for n := seq.Head(); n != nil; n = n.Next() {
		i++
		nodes = append(nodes, map[string]any{"anim": n.Anim.ID, "low": n.LowFrame, "high": n.HighFrame, "framerate": n.Framerate})
		if n == seq.CurrAnim() {
			curr = i
		}
		if n == seq.FirstCyclic() {
			fc = i
		}
	}
	return s.push(L, map[string]any{"nodes": nodes, "curr": curr, "first_cyclic": fc, "frame": seq.FrameNumber})
}

// world.part(guid, i) is part i's published pose frame (0-based).
func (s *Scenario) luaPart(L *lua.LState) int {
	o := s.peek(L, 1)
	i := L.CheckInt(2)
	if o.Parts == nil || i < 0 || i >= len(o.Parts.Poses.Frames) {
		L.RaiseError("world.part: object 0x%08X has no part %d", o.Phys.GUID, i)
	}
	f := o.Parts.Poses.Frames[i]
	return s.push(L, map[string]any{"origin": vecList(f.Origin), "rotation": quatList(f.Orientation)})
}

func (s *Scenario) luaRevision(L *lua.LState) int {
	o := s.peek(L, 1)
	if o.Pres == nil {
		return s.push(L, 0)
	}
	return s.push(L, o.Pres.Revision)
}

func (s *Scenario) luaParticles(L *lua.LState) int {
	o := s.peek(L, 1)
	if o.Particle == nil {
		return s.push(L, map[string]any{"emitters": 0, "particles": 0})
	}
	return s.push(L, map[string]any{"emitters": len(o.Particle.Emitters), "particles": o.Particle.Count()})
}

func (s *Scenario) luaStateQuery(L *lua.LState) int {
	o := s.peek(L, 1)
	var tr []any
	for n, b := range transientNames {
		if o.Phys.Transient.Has(b) {
			tr = append(tr, n)
		}
	}
	return s.push(L, map[string]any{"state": stateList(o.Phys.State), "active": o.Phys.Transient.Has(physics.TransientActive), "transient": tr})
}

func eventMap(e systems.Event) map[string]any {
	m := map[string]any{"frame": e.Frame, "obj": e.Obj, "kind": string(e.Kind), "dt": e.Dt}
	for k, v := range map[string]string{"schedule": e.Schedule, "stage": e.Stage, "hook": e.Hook, "phase": string(e.Phase),
		"message": e.Message, "reason": string(e.Reason), "detail": e.Detail} {
		if v != "" {
			m[k] = v
		}
	}
	if e.Kind == systems.KindMotionDone || e.Kind == systems.KindQueue {
		m["motion"] = motioncmd.Name(e.Motion)
		m["success"], m["ticks"] = e.Success, e.Ticks
	}
	return m
}

// world.trace([guid]) returns the recorded events (of one object, plus the
// frame steps, when guid is given).
func (s *Scenario) luaTrace(L *lua.LState) int {
	s.needTrace(L, "world.trace")
	g := uint32(L.OptNumber(1, 0))
	out := make([]any, 0, len(s.Rec.Events))
	for _, e := range s.Rec.Events {
		if g == 0 || e.Obj == g || e.Schedule == "frame" {
			out = append(out, eventMap(e))
		}
	}
	return s.push(L, out)
}

// needTrace raises an error naming fn when nothing is being recorded.
func (s *Scenario) needTrace(L *lua.LState, fn string) {
	if !s.recording {
		L.RaiseError("%s: tracing is off (in the viewer, dereth view --trace-events N records the newest N events)", fn)
	}
}

// world.stages(guid [, schedule]) returns the object's stage names in order.
func (s *Scenario) luaStages(L *lua.LState) int {
	s.needTrace(L, "world.stages")
	g := uint32(L.CheckNumber(1))
	sched := L.OptString(2, "")
	var out []any
	for _, e := range s.Rec.Events {
		if e.Kind == systems.KindStage && e.Obj == g && (sched == "" || e.Schedule == sched) {
			out = append(out, e.Stage)
		}
	}
	return s.push(L, out)
}

// world.command(name) returns the 32-bit command for a retail name.
func (s *Scenario) luaCommand(L *lua.LState) int {
	return s.push(L, command(L, L.Get(1), "world.command"))
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// world.set_player(guid) makes guid the local player: the viewer's input
// drives it through the raw-motion path and objects beyond 96 units of it
// go inactive.
func (s *Scenario) luaSetPlayer(L *lua.LState) int {
	o := s.obj(L, 1)
	o.Phys.Autonomous = true
	s.World.PlayerGUID = o.Phys.GUID
	if err := s.beginLogin(); err != nil {
		L.RaiseError("world.set_player: %v", err)
	}
	return 0
}
