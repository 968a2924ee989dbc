// Package stream keeps the landblocks around the player resident (seed 003
// §2): a Near ring (terrain, statics, scenery, EnvCells, objects) and a
// Far ring (terrain only), built on worker goroutines and published only
// at the simulation's frame boundary (Streamer.Publish). Every Load,
// Promote, Demote and Unload, and every build completion, carries a
// generation token; a hard recenter (teleport), a dungeon collapse
// (entering EnvCell space) and a dungeon expansion advance it, so an old
// completion is dropped even when its landblock id overlaps the new
// region. Demotion and unload share one teardown path.
//
// WorldRevealReady is the one reveal predicate: the login reveal and the
// portal exit both wait on it (docs/streaming.md). The package does not
// import ebiten; the world adapter (world.go) publishes into a
// systems.World.
package stream

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Tier is how much of a landblock is resident.
type Tier uint8

// Tiers, in increasing order.
const (
	None Tier = iota // not resident
	Far              // terrain only
	Near             // terrain, statics, scenery, EnvCells, objects
)

func (t Tier) String() string {
	switch t {
	case Far:
		return "far"
	case Near:
		return "near"
	}
	return "none"
}

// Gen is a streaming generation token.
type Gen uint32

// Op is a streaming operation.
type Op uint8

// Operations. Load and Promote are built on a worker; Demote and Unload
// run at the frame boundary through the one teardown path.
const (
	OpLoad Op = iota
	OpPromote
	OpDemote
	OpUnload
)

func (o Op) String() string {
	return [...]string{"load", "promote", "demote", "unload"}[o]
}

// Request is one streaming operation on a landblock (0xXXYY0000) for a
// tier, stamped with the generation that issued it.
type Request struct {
	Op    Op
	Block uint32
	Tier  Tier
	Gen   Gen
	// seq is the issue order (worker mode): Publish applies the workers'
	// completions in it, not in the order the goroutines finished.
	seq uint64
}

// Static is a placed object of a Near build: a Setup (0x02…) or GfxObj
// (0x01…) at a landblock-local frame, with the stable guid it is
// published under, as collision takes it.
type Static = collision.Static

// Build is a worker's product: a landblock's terrain and, for Near, its
// statics, scenery and EnvCells — the one build of the landblock that
// collision, the ground, spawning and the renderer all consume. A Build is
// immutable once delivered.
type Build struct {
	// Landblock is what collision, the ground and the renderer read:
	// the block, its heights and terrain words, its statics and scenery
	// (Near) and its EnvCells (Near).
	collision.Landblock
	Tier Tier
}

// newBuild is an empty build of block at tier.
func newBuild(block uint32, tier Tier) *Build {
	return &Build{Landblock: collision.Landblock{Block: block & 0xFFFF0000}, Tier: tier}
}

// TerrainOnly returns the terrain-only build a fresh Far load would have
// made from the same data, without a second DAT read (seed 003 §2: a Near
// finishing after its block was demoted).
func (b *Build) TerrainOnly() *Build {
	f := newBuild(b.Block, Far)
	f.Heights, f.Terrain = b.Heights, b.Terrain
	return f
}

// HasCell reports whether the build holds EnvCell id.
func (b *Build) HasCell(id uint32) bool { return b.EnvCell(id) != nil }

// Result is a completed build (or its error), carrying its request.
type Result struct {
	Req   Request
	Build *Build
	Err   error
}

// Source builds landblocks (on worker goroutines: it must be safe for
// concurrent use) and answers whether a destination can be hydrated.
type Source interface {
	Build(req Request) (*Build, error)
	// Hydratable reports whether the cell's data exists: its LandBlock for
	// an outdoor cell, its EnvCell for an indoor one.
	Hydratable(cell uint32) bool
	// Dungeon reports whether indoor cell id is dungeon space (an EnvCell
	// not seen from outside): entering it collapses the ring.
	Dungeon(cell uint32) bool
}

// Sink is the publication owner: it installs what the streamer publishes
// and tears it down. All calls come from the simulation goroutine, at the
// frame boundary.
type Sink interface {
	// PublishTerrain installs the terrain render slot and terrain physics.
	PublishTerrain(b *Build)
	// PublishNear installs statics, scenery, EnvCells, lights and scripts
	// of a Near build whose terrain is already published.
	PublishNear(b *Build)
	// TeardownNear retires everything PublishNear installed.
	TeardownNear(block uint32)
	// TeardownTerrain retires the terrain.
	TeardownTerrain(block uint32)
}

// Event kinds the Observer sees.
const (
	EventRequest  = "request"  // an operation issued (Op, Tier, Gen)
	EventPublish  = "publish"  // a completion published at Tier
	EventDrop     = "drop"     // a completion dropped (Reason)
	EventTeardown = "teardown" // a block torn down to Tier
	EventGen      = "gen"      // the generation advanced (Reason)
	EventError    = "error"    // a build failed (Reason: the error)
)

// Drop reasons.
const (
	DropStaleGeneration = "stale_generation"  // issued by an older generation
	DropNotWanted       = "not_wanted"        // the block left the ring
	DropStaleFar        = "stale_far"         // a Far completion for a published or pending Near
	DropDuplicate       = "duplicate"         // the tier is already published
	NearAfterDemote     = "near_after_demote" // Publish reason: published terrain-only
)

// Event is one streaming event for the trace.
type Event struct {
	Kind   string
	Op     Op
	Block  uint32
	Tier   Tier
	Gen    Gen
	Reason string
}

// Slot is one landblock's residency.
type Slot struct {
	Block uint32
	// Want is the tier the current ring wants.
	Want Tier
	// Published is the tier installed in the world.
	Published Tier
	// Pending is the tier of the outstanding build (None: none) and
	// PendingGen its generation.
	Pending    Tier
	PendingGen Gen
	// Gen is the generation of the latest publication.
	Gen Gen
	// Build is the published build (terrain-only when Far).
	Build *Build
	// RenderReady: the renderer uploaded what the block needs;
	// Collision: its terrain (and Near statics) are registered for
	// collision.
	RenderReady, Collision bool
	// Absent: the data has no such landblock (nothing to wait for).
	Absent bool
	// Err is the last build error.
	Err error
}

// Config sets the ring sizes and the workers.
type Config struct {
	// NearRadius and FarRadius are Chebyshev radii in landblocks around
	// the centre (FarRadius ≥ NearRadius).
	NearRadius, FarRadius int
	// Workers is the number of build goroutines; 0 is manual mode: builds
	// wait until RunPending (tests and conformance scenarios).
	Workers int
	// RenderReadyOnPublish marks a block render-ready when it is
	// published (headless: there is no renderer to wait for).
	RenderReadyOnPublish bool
}

// Bounds of a Config (a ring of at most 33×33 landblocks, 64 workers)
// and of the queues.
const (
	MaxRadius  = 16
	MaxWorkers = 64
	// MaxQueued bounds the build queue (older generations' requests are
	// forgotten past it) and the injected completions awaiting Publish.
	MaxQueued = 4096
)

// DefaultConfig is the viewer's and dereth run's ring: a 3×3 Near ring
// inside a 7×7 Far ring.
var DefaultConfig = Config{NearRadius: 1, FarRadius: 3, Workers: 2, RenderReadyOnPublish: true}

// Streamer keeps the ring resident. Update, Recenter, Publish and the
// queries are for the simulation goroutine; workers only build and hand
// back results.
type Streamer struct {
	cfg  Config
	src  Source
	sink Sink
	// Observer, when set, sees every streaming event.
	Observer func(Event)

	gen       Gen
	genAtomic atomic.Uint32
	centered  bool
	center    uint32
	collapsed bool
	slots     map[uint32]*Slot

	mu     sync.Mutex
	cond   *sync.Cond
	queue  []Request // worker queue (async) or pending builds (manual)
	done   []Result  // completions awaiting the frame boundary
	seq    uint64    // the last request's issue number (under mu)
	closed bool
	// inflight counts requests queued or being built (not yet delivered).
	inflight int
	wg       sync.WaitGroup
	scratch  []uint32
}

// New returns a streamer over src publishing into sink and starts its
// workers.
func New(cfg Config, src Source, sink Sink) (*Streamer, error) {
	if cfg.NearRadius < 0 || cfg.FarRadius < cfg.NearRadius || cfg.FarRadius > MaxRadius || cfg.Workers < 0 || cfg.Workers > MaxWorkers {
		return nil, fmt.Errorf("stream: bad ring: near %d, far %d, workers %d (want 0 ≤ near ≤ far ≤ %d, 0 ≤ workers ≤ %d)",
			cfg.NearRadius, cfg.FarRadius, cfg.Workers, MaxRadius, MaxWorkers)
	}
	s := &Streamer{cfg: cfg, src: src, sink: sink, slots: map[uint32]*Slot{}}
	s.cond = sync.NewCond(&s.mu)
	for range cfg.Workers {
		s.wg.Add(1)
		go s.worker()
	}
	return s, nil
}

// Close stops the workers (pending builds are abandoned).
func (s *Streamer) Close() {
	s.mu.Lock()
	s.closed = true
	s.inflight -= len(s.queue)
	s.queue = nil
	s.cond.Broadcast()
	s.mu.Unlock()
	s.wg.Wait()
}

// Config returns the ring configuration.
func (s *Streamer) Config() Config { return s.cfg }

// Hydratable reports whether the source holds the cell's data.
func (s *Streamer) Hydratable(cell uint32) bool { return s.src.Hydratable(cell) }

// Source is what the streamer builds from.
func (s *Streamer) Source() Source { return s.src }

// Gen is the current generation.
func (s *Streamer) Gen() Gen { return s.gen }

// Center is the ring's centre landblock and whether it has one.
func (s *Streamer) Center() (uint32, bool) { return s.center, s.centered }

// Collapsed reports whether the ring is collapsed to a dungeon landblock.
func (s *Streamer) Collapsed() bool { return s.collapsed }

// Slot returns the residency of block (0xXXYY0000), nil when unknown.
func (s *Streamer) Slot(block uint32) *Slot { return s.slots[block&0xFFFF0000] }

// Resident lists the known slots in block order.
func (s *Streamer) Resident() []*Slot {
	out := make([]*Slot, 0, len(s.slots))
	for _, sl := range s.slots {
		out = append(out, sl)
	}
	slices.SortFunc(out, func(a, b *Slot) int { return int(a.Block>>16) - int(b.Block>>16) })
	return out
}

// Len is the number of landblocks with a slot (wanted or published).
func (s *Streamer) Len() int { return len(s.slots) }

func (s *Streamer) emit(e Event) {
	if s.Observer != nil {
		s.Observer(e)
	}
}

func (s *Streamer) advance(reason string) {
	s.gen++
	s.genAtomic.Store(uint32(s.gen))
	s.emit(Event{Kind: EventGen, Gen: s.gen, Reason: reason})
}

// Update follows the focus (the player's position) without a hard
// recenter: walking moves the ring one landblock at a time within the
// generation. Entering dungeon space collapses the ring to the dungeon's
// landblock and leaving it expands the ring again; both advance the
// generation.
func (s *Streamer) Update(focus physics.Position) {
	if focus.Cell == 0 || !dat.CellInRange(focus.Cell&0xFFFF) {
		return
	}
	block := focus.Cell & 0xFFFF0000
	collapse := !dat.IsOutdoorCell(focus.Cell) && s.src.Dungeon(focus.Cell)
	switch {
	case !s.centered:
		s.advance("first")
	case collapse && !s.collapsed:
		s.advance("collapse")
	case !collapse && s.collapsed:
		s.advance("expand")
	case block == s.center:
		return
	}
	s.centered, s.center, s.collapsed = true, block, collapse
	s.reconcile()
}

// Recenter is a hard recenter (a teleport or login destination): the
// generation advances, so every outstanding build is stale, and the ring
// is rebuilt around dest. Published blocks the new ring still wants stay.
func (s *Streamer) Recenter(dest physics.Position) {
	if dest.Cell == 0 || !dat.CellInRange(dest.Cell&0xFFFF) {
		return
	}
	s.advance("recenter")
	s.centered, s.center = true, dest.Cell&0xFFFF0000
	s.collapsed = !dat.IsOutdoorCell(dest.Cell) && s.src.Dungeon(dest.Cell)
	s.reconcile()
}

// want returns the tier the ring wants for block.
func (s *Streamer) want(block uint32) Tier {
	if !s.centered {
		return None
	}
	if s.collapsed {
		if block == s.center {
			return Near
		}
		return None
	}
	d := ringDistance(s.center, block)
	switch {
	case d <= s.cfg.NearRadius:
		return Near
	case d <= s.cfg.FarRadius:
		return Far
	}
	return None
}

func ringDistance(a, b uint32) int {
	ax, ay := dat.BlockXY(a)
	bx, by := dat.BlockXY(b)
	return max(abs(ax-bx), abs(ay-by))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// reconcile issues the operations that take the slots to the ring: it
// unloads blocks that left it, demotes, loads and promotes, nearest first.
func (s *Streamer) reconcile() {
	s.scratch = s.scratch[:0]
	for b := range s.slots {
		s.scratch = append(s.scratch, b)
	}
	slices.Sort(s.scratch)
	for _, b := range s.scratch {
		sl := s.slots[b]
		switch w := s.want(b); {
		case w == None:
			s.emit(Event{Kind: EventRequest, Op: OpUnload, Block: b, Gen: s.gen})
			s.teardown(sl, None)
		case w == Far && sl.Want == Near:
			sl.Want = Far
			s.emit(Event{Kind: EventRequest, Op: OpDemote, Block: b, Tier: Far, Gen: s.gen})
			if sl.Published == Near {
				s.teardown(sl, Far)
			}
		default:
			sl.Want = w
		}
	}
	// Loads and promotions, nearest first, then by id.
	cx, cy := dat.BlockXY(s.center)
	r := s.cfg.FarRadius
	if s.collapsed {
		r = 0
	}
	type cand struct {
		b uint32
		d int
	}
	var cands []cand
	for x := cx - r; x <= cx+r; x++ {
		for y := cy - r; y <= cy+r; y++ {
			if x < 0 || y < 0 || x > 0xFE || y > 0xFE {
				continue
			}
			b := uint32(x)<<24 | uint32(y)<<16
			cands = append(cands, cand{b, ringDistance(s.center, b)})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return a.d - b.d })
	for _, c := range cands {
		w := s.want(c.b)
		if w == None {
			continue
		}
		sl := s.slots[c.b]
		if sl == nil {
			sl = &Slot{Block: c.b}
			s.slots[c.b] = sl
		}
		sl.Want = w
		switch {
		case sl.Published >= w:
			sl.Gen = s.gen // resident already: it carries into the generation
			continue
		case sl.Absent && sl.Gen == s.gen:
			continue // the data has no such landblock
		case sl.Pending >= w && sl.PendingGen == s.gen:
			continue // the build in flight serves
		}
		op := OpLoad
		if sl.Published == Far && w == Near {
			op = OpPromote
		}
		s.issue(sl, Request{Op: op, Block: c.b, Tier: w, Gen: s.gen})
	}
}

func (s *Streamer) issue(sl *Slot, req Request) {
	sl.Pending, sl.PendingGen = req.Tier, req.Gen
	s.emit(Event{Kind: EventRequest, Op: req.Op, Block: req.Block, Tier: req.Tier, Gen: req.Gen})
	s.mu.Lock()
	if len(s.queue) >= MaxQueued {
		// Bounded: requests of older generations would only be dropped;
		// forget them (recentring every frame cannot grow the queue).
		kept := s.queue[:0]
		for _, q := range s.queue {
			if q.Gen == s.gen {
				kept = append(kept, q)
			}
		}
		s.inflight -= len(s.queue) - len(kept)
		clear(s.queue[len(kept):])
		s.queue = kept
	}
	s.seq++
	req.seq = s.seq
	s.queue = append(s.queue, req)
	s.inflight++
	s.cond.Signal()
	s.mu.Unlock()
}

// teardown is the one teardown path of demotion (to Far) and unload (to
// None): a Near block's statics, scenery, EnvCells, lights and scripts go
// first, then — on unload — the terrain and the residency itself.
func (s *Streamer) teardown(sl *Slot, to Tier) {
	if sl.Published == Near {
		s.sink.TeardownNear(sl.Block)
		sl.Published = Far
		if sl.Build != nil {
			sl.Build = sl.Build.TerrainOnly()
		}
	}
	if to == None {
		if sl.Published == Far {
			s.sink.TeardownTerrain(sl.Block)
		}
		sl.Published = None
		sl.Build = nil
		sl.RenderReady, sl.Collision = false, false
		delete(s.slots, sl.Block)
	}
	sl.Want = min(sl.Want, to)
	s.emit(Event{Kind: EventTeardown, Block: sl.Block, Tier: to, Gen: s.gen})
}

// worker builds queued requests, skipping those an advanced generation
// made stale (their completion is still delivered, and dropped, so the
// trace shows it).
func (s *Streamer) worker() {
	defer s.wg.Done()
	for {
		s.mu.Lock()
		for len(s.queue) == 0 && !s.closed {
			s.cond.Wait()
		}
		if s.closed {
			s.mu.Unlock()
			return
		}
		req := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		res := Result{Req: req}
		if Gen(s.genAtomic.Load()) == req.Gen {
			res.Build, res.Err = s.src.Build(req)
		}
		s.deliver(res, true)
	}
}

// RunPending builds every queued request now, on the calling goroutine,
// in the order issued (manual mode; in worker mode the workers own the
// queue and RunPending does nothing). The completions wait for Publish.
func (s *Streamer) RunPending() int {
	if s.cfg.Workers > 0 {
		return 0
	}
	s.mu.Lock()
	q := s.queue
	s.queue = nil
	s.mu.Unlock()
	for _, req := range q {
		b, err := s.src.Build(req)
		s.deliver(Result{Req: req, Build: b, Err: err}, true)
	}
	return len(q)
}

// WaitBuilt blocks until every issued request has been built and
// delivered (worker mode), or timeout passes; it reports whether the
// workers caught up. The simulation never calls it: tests and headless
// scripts that want every build in before the next frame do.
func (s *Streamer) WaitBuilt(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for {
		s.mu.Lock()
		n := s.inflight
		if s.cfg.Workers == 0 {
			n = 0
		}
		s.mu.Unlock()
		if n == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(50 * time.Microsecond)
	}
}

// Queued returns the requests waiting for a build (manual mode).
func (s *Streamer) Queued() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queue)
}

// Deliver hands a completion to the frame boundary; safe from any
// goroutine. Beyond MaxQueued completions waiting for the boundary it
// refuses (an injected completion; workers' are bounded by the queue).
func (s *Streamer) Deliver(r Result) error {
	s.mu.Lock()
	n := len(s.done)
	s.mu.Unlock()
	if n >= MaxQueued {
		return fmt.Errorf("stream: %d completions already wait for the frame boundary", n)
	}
	s.deliver(r, false)
	return nil
}

func (s *Streamer) deliver(r Result, issued bool) {
	s.mu.Lock()
	if !issued {
		s.seq++
		r.Req.seq = s.seq // an injected completion sorts by when it came
	}
	s.done = append(s.done, r)
	if issued {
		s.inflight--
	}
	s.mu.Unlock()
}

// Publish is the frame boundary: every completion delivered since the
// last call is accepted or dropped by its generation and tier, in
// delivery order (worker mode: in the order the requests were issued). It returns how many were published.
func (s *Streamer) Publish() int {
	s.mu.Lock()
	done := s.done
	s.done = nil
	s.mu.Unlock()
	if s.cfg.Workers > 0 {
		// Workers finish in any order; publishing in issue order keeps the
		// world (spawn order, the trace) the same from run to run.
		slices.SortStableFunc(done, func(a, b Result) int { return cmp.Compare(a.Req.seq, b.Req.seq) })
	}
	n := 0
	for i := range done {
		if s.apply(&done[i]) {
			n++
		}
	}
	return n
}

func (s *Streamer) drop(r *Result, reason string) bool {
	s.emit(Event{Kind: EventDrop, Op: r.Req.Op, Block: r.Req.Block, Tier: r.Req.Tier, Gen: r.Req.Gen, Reason: reason})
	return false
}

// apply is the publication owner's decision for one completion (seed 003
// §2).
func (s *Streamer) apply(r *Result) bool {
	req := r.Req
	if req.Gen != s.gen {
		return s.drop(r, DropStaleGeneration)
	}
	sl := s.slots[req.Block]
	if sl == nil || sl.Want == None {
		return s.drop(r, DropNotWanted)
	}
	if sl.Pending == req.Tier && sl.PendingGen == req.Gen {
		sl.Pending = None
	}
	if r.Err != nil {
		sl.Err = r.Err
		if errors.Is(r.Err, dat.ErrNotFound) {
			sl.Absent, sl.Gen = true, s.gen
		}
		s.emit(Event{Kind: EventError, Op: req.Op, Block: req.Block, Tier: req.Tier, Gen: req.Gen, Reason: r.Err.Error()})
		return false
	}
	b := r.Build
	if b == nil {
		return s.drop(r, DropStaleGeneration) // a worker skipped it
	}
	reason := ""
	switch req.Tier {
	case Far:
		if sl.Published == Near || sl.Pending == Near {
			return s.drop(r, DropStaleFar)
		}
		if sl.Published == Far {
			return s.drop(r, DropDuplicate)
		}
	case Near:
		if sl.Published == Near {
			return s.drop(r, DropDuplicate)
		}
		if sl.Want == Far {
			if sl.Published == Far {
				return s.drop(r, DropDuplicate)
			}
			b, reason = b.TerrainOnly(), NearAfterDemote
		}
	}
	if sl.Published == None {
		s.sink.PublishTerrain(b)
		sl.Published, sl.Build = Far, b
		sl.Collision = true
	}
	if b.Tier == Near {
		s.sink.PublishNear(b)
		sl.Published, sl.Build = Near, b
	}
	sl.Gen, sl.Absent, sl.Err = s.gen, false, nil
	sl.RenderReady = s.cfg.RenderReadyOnPublish
	s.emit(Event{Kind: EventPublish, Op: req.Op, Block: req.Block, Tier: sl.Published, Gen: req.Gen, Reason: reason})
	return true
}

// SetRenderReady records that the renderer uploaded everything block
// needs for the generation gen (a stale generation is ignored).
func (s *Streamer) SetRenderReady(block uint32, gen Gen) {
	if sl := s.slots[block&0xFFFF0000]; sl != nil && gen == s.gen && sl.Published != None {
		sl.RenderReady = true
	}
}

// WorldRevealReady is seed 003 §2's reveal predicate for dest, the one
// both the login reveal and the portal exit wait on:
//
//   - a destination whose data cannot be hydrated is ready, so the loud
//     unhydratable-placement path reports it;
//   - indoor: the destination's landblock Near and render-ready, with the
//     destination EnvCell in its build;
//   - outdoor: every landblock of the near ring around dest Near,
//     render-ready and collision-resident (a landblock the data does not
//     hold has nothing to wait for).
//
// The ring must be centred on dest's landblock.
func (s *Streamer) WorldRevealReady(dest physics.Position) bool {
	if dest.Cell == 0 || !dat.CellInRange(dest.Cell&0xFFFF) || !s.src.Hydratable(dest.Cell) {
		return true
	}
	block := dest.Cell & 0xFFFF0000
	if !s.centered || s.center != block {
		return false
	}
	if !dat.IsOutdoorCell(dest.Cell) {
		sl := s.slots[block]
		return sl != nil && sl.Published == Near && sl.RenderReady && sl.Build != nil && sl.Build.HasCell(dest.Cell)
	}
	cx, cy := dat.BlockXY(block)
	r := s.cfg.NearRadius
	for x := cx - r; x <= cx+r; x++ {
		for y := cy - r; y <= cy+r; y++ {
			if x < 0 || y < 0 || x > 0xFE || y > 0xFE {
				continue
			}
			sl := s.slots[uint32(x)<<24|uint32(y)<<16]
			if sl == nil {
				return false
			}
			if sl.Absent && sl.Gen == s.gen {
				continue
			}
			if sl.Published != Near || !sl.RenderReady || !sl.Collision {
				return false
			}
		}
	}
	return true
}
