package testbed

import (
	"fmt"
	"runtime"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/scenery"
	"github.com/dereth/dereth/stream"
)

// Portal is a portal object: walking within Radius of it (or using it)
// sends the local player to Dest through TeleportPlayer.
type Portal struct {
	GUID   uint32
	Dest   physics.Position
	Radius float32
}

// DefaultPortalRadius is how close the player must walk to a portal.
const DefaultPortalRadius float32 = 2

func (s *Scenario) installStream() {
	fns := map[string]lua.LGFunction{
		"stream":         s.luaStream,
		"land":           s.luaLand,
		"stream_run":     s.luaStreamRun,
		"stream_build":   s.luaStreamBuild,
		"loaded":         s.luaLoaded,
		"reveal_ready":   s.luaRevealReady,
		"teleport":       s.luaTeleport,
		"portal":         s.luaPortal,
		"use_portal":     s.luaUsePortal,
		"travel":         s.luaTravel,
		"set_position":   s.luaSetPosition,
		"stream_wait":    s.luaStreamWait,
		"sample_portals": s.luaSamplePortals,
		"sample_outfits": s.luaSampleOutfits,
	}
	for name, fn := range fns {
		fns[name] = func(L *lua.LState) int {
			s.host.Check(L, callCost)
			return fn(L)
		}
	}
	s.host.SetGlobalTable("world", fns)
}

// Stream returns the scenario's streamer (nil until world.stream or
// StartStream).
func (s *Scenario) Stream() *stream.Adapter { return s.stream }

// StartStream turns landblock streaming on over the scenario's cell DAT
// (or src when non-nil), replacing any earlier streamer. When a local player is set, its position becomes
// the login destination behind the reveal barrier.
func (s *Scenario) StartStream(cfg stream.Config, src stream.Source) error {
	if s.stream != nil {
		s.stopStream()
	}
	if src == nil {
		if s.cell == nil || s.portal == nil {
			return fmt.Errorf("streaming needs a cell and a portal DAT (or synthetic=)")
		}
		ds, err := stream.DatSourceOf(s.portal, s.cell)
		if err != nil {
			return err
		}
		src = ds
	}
	a, err := stream.Attach(s.World, cfg, src)
	if err != nil {
		return err
	}
	if s.host != nil {
		// Publication spawns inside a frame, where no instruction is
		// counted: each object is charged as a spawned one is, so a
		// limit stops a huge ring mid-publication.
		a.Charge = func(n int) error { return s.host.Charge(int64(n) * streamSpawnCost) }
	}
	a.Lockstep = s.lockstep
	s.stream = a
	return s.beginLogin()
}

// stopStream turns streaming off: the workers stop, the objects it
// spawned leave the world, the ground is the cell DAT's again.
func (s *Scenario) stopStream() {
	for _, list := range s.stream.Objects {
		for _, g := range list {
			s.World.Remove(g)
		}
	}
	s.stream.Close()
	s.stream = nil
	s.World.Stream = nil
	s.World.Ground = nil
	if s.terrain != nil {
		s.World.Ground = s.terrain
	}
}

// beginLogin holds the player's position behind the barrier once both a
// player and streaming exist.
func (s *Scenario) beginLogin() error {
	if s.stream == nil || s.World.PlayerGUID == 0 {
		return nil
	}
	e, ok := s.World.Entity(s.World.PlayerGUID)
	if !ok || !s.scratch.Resolve(s.World.ECS, e) {
		return nil
	}
	return s.World.SmartBox.BeginLogin(s.scratch.Phys.Position)
}

// world.stream{near=1, far=3, workers=2, manual=false, render_ready=true,
// synthetic={min_x=, min_y=, max_x=, max_y=, statics={id,...},
// dungeon=block, dungeon_cells=N}} turns streaming on. manual=true queues
// builds until world.stream_run (deterministic scenarios); synthetic
// streams generated landblocks instead of the cell DAT.
func (s *Scenario) luaStream(L *lua.LState) int {
	a := args{L, L.OptTable(1, L.NewTable()), "world.stream"}
	a.only("near", "far", "workers", "manual", "render_ready", "synthetic")
	cfg := stream.DefaultConfig
	cfg.NearRadius = int(a.num("near", float64(cfg.NearRadius)))
	cfg.FarRadius = int(a.num("far", float64(cfg.FarRadius)))
	cfg.Workers = int(a.num("workers", float64(cfg.Workers)))
	if a.boolean("manual", false) {
		cfg.Workers = 0
	}
	// Build workers past the machine's cores only starve the script's
	// own goroutine (64 CPU-bound workers on 2 cores left it a 65th of
	// the time, so a limit was noticed a minute late): at most one fewer
	// than GOMAXPROCS, and at least one, run.
	if cfg.Workers <= stream.MaxWorkers { // more is refused by stream.Attach
		cfg.Workers = min(cfg.Workers, max(1, runtime.GOMAXPROCS(0)-1))
	}
	cfg.RenderReadyOnPublish = a.boolean("render_ready", true)
	var src stream.Source
	if sa, ok := a.sub("synthetic"); ok {
		src = syntheticArg(L, sa, "world.stream")
	}
	if err := s.StartStream(cfg, src); err != nil {
		L.RaiseError("world.stream: %v", err)
	}
	return 0
}

// syntheticArg reads a synthetic={...} table: generated landblocks.
func syntheticArg(L *lua.LState, sa args, fn string) *stream.Synthetic {
	syn := &stream.Synthetic{MinX: int(sa.num("min_x", 0)), MinY: int(sa.num("min_y", 0)),
		MaxX: int(sa.num("max_x", 254)), MaxY: int(sa.num("max_y", 254)),
		DungeonBlock: sa.u32("dungeon", 0), DungeonCells: int(sa.num("dungeon_cells", 0)),
		Scenery: int(sa.num("scenery", 0)), SceneryID: sa.u32("scenery_setup", 0)}
	if syn.Scenery < 0 || syn.Scenery > 2*scenery.MaxPerLandblock || syn.DungeonCells < 0 || syn.DungeonCells > stream.MaxPerBlock {
		L.RaiseError("%s: synthetic.scenery must be 0..%d and dungeon_cells 0..%d", fn, 2*scenery.MaxPerLandblock, stream.MaxPerBlock)
	}
	if t := sa.table("statics"); t != nil {
		for i := 1; i <= t.Len(); i++ {
			n, ok := t.RawGetInt(i).(lua.LNumber)
			if !ok {
				L.RaiseError("%s: synthetic.statics are setup ids", fn)
			}
			syn.Statics = append(syn.Statics, uint32(n))
		}
	}
	return syn
}

// world.land{synthetic={...}} makes the world, without streaming, stand
// on generated landblocks (the synthetic table of world.stream), each
// built on first use as streaming would build it Near (stream.Sync: a
// streamer of radius 0, synchronous). Streaming, if on, stops.
func (s *Scenario) luaLand(L *lua.LState) int {
	a := args{L, L.OptTable(1, L.NewTable()), "world.land"}
	sa, ok := a.sub("synthetic")
	if !ok {
		L.RaiseError("world.land: synthetic={...} is required")
	}
	syn := syntheticArg(L, sa, "world.land")
	if s.stream != nil {
		s.stopStream()
	}
	s.terrain = stream.NewSync(syn)
	s.World.Ground = s.terrain
	return 0
}

// world.stream_run() builds every queued request now (manual mode); their
// completions publish at the next frame boundary. Returns the count.
func (s *Scenario) luaStreamRun(L *lua.LState) int {
	st := s.needStream(L, "world.stream_run")
	L.Push(lua.LNumber(st.RunPending()))
	return 1
}

// world.stream_build{block=, tier="near"|"far", gen=} builds a landblock
// outside the queue and delivers its completion stamped with gen (default
// the current generation): a duplicate or stale completion on demand.
func (s *Scenario) luaStreamBuild(L *lua.LState) int {
	st := s.needStream(L, "world.stream_build")
	a := tableArg(L, 1, "world.stream_build")
	tier := stream.Near
	switch a.str("tier", "near") {
	case "near":
	case "far":
		tier = stream.Far
	default:
		L.RaiseError("world.stream_build: tier is \"near\" or \"far\"")
	}
	req := stream.Request{Op: stream.OpLoad, Block: a.u32("block", 0) & 0xFFFF0000, Tier: tier, Gen: stream.Gen(a.u32("gen", uint32(st.Gen())))}
	b, err := st.Source().Build(req)
	if err := st.Deliver(stream.Result{Req: req, Build: b, Err: err}); err != nil {
		L.RaiseError("world.stream_build: %v", err)
	}
	return 0
}

func (s *Scenario) needStream(L *lua.LState, fn string) *stream.Adapter {
	if s.stream == nil {
		L.RaiseError("%s: streaming is off (call world.stream{} first)", fn)
	}
	return s.stream
}

// world.loaded() lists the resident landblocks: {block=, tier=, gen=,
// pending=, render_ready=, collision=, objects=} in block order, plus
// .gen, the current generation, on the list itself.
func (s *Scenario) luaLoaded(L *lua.LState) int {
	t := L.NewTable()
	if s.stream == nil {
		t.RawSetString("gen", lua.LNumber(0))
		L.Push(t)
		return 1
	}
	for i, sl := range s.stream.Resident() {
		e := L.CreateTable(0, 7)
		e.RawSetString("block", lua.LNumber(sl.Block))
		e.RawSetString("tier", lua.LString(sl.Published.String()))
		e.RawSetString("want", lua.LString(sl.Want.String()))
		e.RawSetString("gen", lua.LNumber(sl.Gen))
		e.RawSetString("pending", lua.LString(sl.Pending.String()))
		e.RawSetString("render_ready", lua.LBool(sl.RenderReady))
		e.RawSetString("collision", lua.LBool(sl.Collision))
		e.RawSetString("objects", lua.LNumber(len(s.stream.Objects[sl.Block])))
		t.RawSetInt(i+1, e)
	}
	t.RawSetString("gen", lua.LNumber(s.stream.Gen()))
	L.Push(t)
	return 1
}

// positionArg reads {cell=, origin={x,y,z}, heading=}.
func positionArg(L *lua.LState, n int, ctx string) physics.Position {
	a := tableArg(L, n, ctx)
	if !a.has("cell") {
		L.RaiseError("%s: a position needs a cell", ctx)
	}
	p := physics.Position{Cell: a.u32("cell", 0), Frame: physics.Frame{Origin: a.vec("origin"), Orientation: headingFrame(a.num("heading", 0))}}
	if !dat.CellInRange(p.Cell & 0xFFFF) {
		L.RaiseError("%s: cell 0x%08X is not a landblock, outdoor cell or EnvCell", ctx, p.Cell)
	}
	return p
}

// world.reveal_ready(position) is WorldRevealReady (true without
// streaming: everything is resident).
func (s *Scenario) luaRevealReady(L *lua.LState) int {
	p := positionArg(L, 1, "world.reveal_ready")
	ready := true
	if s.stream != nil {
		ready = s.stream.WorldRevealReady(p)
	}
	L.Push(lua.LBool(ready))
	return 1
}

// world.teleport(guid, position): the local player travels through
// portal space (TeleportPlayer behind the reveal barrier); any other
// object is placed at once (SetPositionSimple).
func (s *Scenario) luaTeleport(L *lua.LState) int {
	g := uint32(L.CheckNumber(1))
	p := positionArg(L, 2, "world.teleport")
	if err := s.World.SmartBox.Teleport(g, p); err != nil {
		L.RaiseError("world.teleport: %v", err)
	}
	return 0
}

// world.portal(guid, destination[, radius]) makes object guid a portal:
// the local player walking within radius (default 2 m) of it, or
// world.use_portal(guid), teleports it to destination. The object becomes
// Ethereal, as retail's portals are: a solid one would stop the player at
// its collision spheres, short of the radius.
func (s *Scenario) luaPortal(L *lua.LState) int {
	o := s.obj(L, 1)
	p := positionArg(L, 2, "world.portal")
	r := float32(L.OptNumber(3, lua.LNumber(DefaultPortalRadius)))
	if r <= 0 || r > 100 {
		L.RaiseError("world.portal: radius must be in (0, 100], got %v", r)
	}
	o.Phys.State |= physics.StateEthereal
	s.World.Moved(o.Phys.GUID) // ethereal: its body leaves
	s.Portals = append(s.Portals, Portal{GUID: o.Phys.GUID, Dest: p, Radius: r})
	return 0
}

// world.use_portal(guid) uses a portal now.
func (s *Scenario) luaUsePortal(L *lua.LState) int {
	if err := s.UsePortal(uint32(L.CheckNumber(1))); err != nil {
		L.RaiseError("world.use_portal: %v", err)
	}
	return 0
}

// world.travel() is the local player's arrival step: "" (none),
// "awaiting", "loading" or "committed".
func (s *Scenario) luaTravel(L *lua.LState) int {
	L.Push(lua.LString(s.World.SmartBox.TravelState()))
	return 1
}

// UsePortal sends the local player through portal guid.
func (s *Scenario) UsePortal(guid uint32) error {
	for _, p := range s.Portals {
		if p.GUID == guid {
			return s.World.SmartBox.Teleport(s.World.PlayerGUID, p.Dest)
		}
	}
	return fmt.Errorf("0x%08X is not a portal", guid)
}

// NearestPortal is the portal nearest the local player within reach
// (four times its radius: the viewer's use key), 0 for none.
func (s *Scenario) NearestPortal() uint32 {
	pl, ok := s.position(s.World.PlayerGUID)
	if !ok {
		return 0
	}
	best, bestD := uint32(0), float32(0)
	for _, p := range s.Portals {
		at, ok := s.position(p.GUID)
		if !ok {
			continue
		}
		if d := dat.GlobalDistance(pl, at); d <= 4*p.Radius && (best == 0 || d < bestD) {
			best, bestD = p.GUID, d
		}
	}
	return best
}

func (s *Scenario) position(guid uint32) (physics.Position, bool) {
	e, ok := s.World.Entity(guid)
	if !ok || guid == 0 || !s.scratch.Resolve(s.World.ECS, e) {
		return physics.Position{}, false
	}
	return s.scratch.Phys.Position, s.scratch.Phys.Position.Cell != 0
}

// walkIntoPortals runs at the start of every frame: a local player (not
// already travelling) within a portal's radius uses it.
func (s *Scenario) walkIntoPortals() {
	if len(s.Portals) == 0 || s.World.SmartBox.InPortalSpace() {
		return
	}
	pl, ok := s.position(s.World.PlayerGUID)
	if !ok {
		return
	}
	for _, p := range s.Portals {
		at, ok := s.position(p.GUID)
		if ok && dat.GlobalDistance(pl, at) <= p.Radius {
			if err := s.World.SmartBox.Teleport(s.World.PlayerGUID, p.Dest); err != nil && s.Err == nil {
				s.Err = fmt.Errorf("portal 0x%08X: %w", p.GUID, err)
			}
			return
		}
	}
}

// world.set_position(guid, position) places an object hard
// (SetPositionInternal): no teleport, no generation change — a walk of
// any length in one step, for streaming scenarios.
func (s *Scenario) luaSetPosition(L *lua.LState) int {
	o := s.obj(L, 1)
	s.World.SetPositionInternal(o, positionArg(L, 2, "world.set_position"))
	return 0
}

// world.stream_wait([seconds]) waits (wall clock, default 10 s, at most
// 60) until the workers have built every issued request; their
// completions publish at the next frame boundary. Returns false on
// timeout. The script's own time limit is checked while it waits.
func (s *Scenario) luaStreamWait(L *lua.LState) int {
	st := s.needStream(L, "world.stream_wait")
	sec := float64(L.OptNumber(1, 10))
	if sec <= 0 || sec > 60 {
		L.RaiseError("world.stream_wait: seconds must be in (0, 60], got %v", sec)
	}
	deadline := time.Now().Add(secondsDuration(sec))
	for !st.WaitBuilt(10 * time.Millisecond) {
		s.host.Check(L, callCost)
		s.host.CheckMemory(L) // the workers build for the script
		if time.Now().After(deadline) {
			L.Push(lua.LFalse)
			return 1
		}
	}
	s.host.CheckMemory(L)
	L.Push(lua.LTrue)
	return 1
}

// world.sample_portals() lists the sample world's portal pair — {setup=,
// cell=, origin=, heading=, destination={cell=, origin=, heading=}} for
// the town portal (to the dungeon) and the dungeon portal (back) — when
// the DATs are the sample's, else an empty list.
func (s *Scenario) luaSamplePortals(L *lua.LState) int {
	t := L.NewTable()
	if s.portal == nil || s.cell == nil {
		L.Push(t)
		return 1
	}
	if _, err := s.portal.Setup(sampleworld.PortalSetup); err != nil {
		L.Push(t)
		return 1
	}
	if _, err := s.cell.EnvCell(sampleworld.DungeonPortalCell); err != nil {
		L.Push(t)
		return 1
	}
	pos := func(p physics.Position, heading float64) *lua.LTable {
		e := L.CreateTable(0, 3)
		e.RawSetString("cell", lua.LNumber(p.Cell))
		e.RawSetString("origin", vecTable(L, p.Frame.Origin))
		e.RawSetString("heading", lua.LNumber(heading))
		return e
	}
	for i, p := range []struct {
		at, dest         physics.Position
		heading, destDeg float64
	}{
		{sampleworld.TownPortalPosition(), sampleworld.TownPortalDestination(), sampleworld.TownPortalHeading, world.TownPortalDestHeading},
		{sampleworld.DungeonPortalPosition(), sampleworld.DungeonPortalDestination(), world.DungeonPortalHeading, sampleworld.DungeonPortalDestHeading},
	} {
		e := pos(p.at, p.heading)
		e.RawSetString("setup", lua.LNumber(sampleworld.PortalSetup))
		e.RawSetString("destination", pos(p.dest, p.destDeg))
		t.RawSetInt(i+1, e)
	}
	L.Push(t)
	return 1
}
