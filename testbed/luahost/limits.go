package luahost

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Default limits applied when Options leaves a field at zero.
const (
	DefaultBudget  int64         = 50_000_000
	DefaultTimeout time.Duration = 10 * time.Second
	// DefaultMemory is how much the Go heap may grow during one run.
	DefaultMemory int64 = 256 << 20
	// DefaultMaxString is the longest string a script may build.
	DefaultMaxString int64 = 16 << 20
)

// Memory sampling: the heap is read every memEvery instructions, and
// whenever strings (or threads) worth sampleBytes were built since the
// last reading.
const (
	memEvery    = 1 << 14
	sampleBytes = 4 << 20
)

// baseReuse is how long one heap reading serves as the base of the runs
// that arm after it.
const baseReuse = 5 * time.Millisecond

// MaxCallDepth is how deep Lua calls may nest (Lua functions, Go functions
// and metamethods alike); deeper raises "stack overflow". Each thread
// (the script's and every coroutine's) holds a call stack this deep.
const MaxCallDepth = 256

// Stack and traceback bounds.
const (
	// registryInitial, registryMax and registryGrowStep size each thread's
	// value stack (16 bytes a slot): it starts small and grows on demand
	// up to registryMax, past which a script gets "registry overflow".
	registryInitial  = 1024
	registryMax      = 1 << 16
	registryGrowStep = 1024
	// maxResults bounds what unpack may return (Lua 5.1's LUAI_MAXCSTACK).
	maxResults = 8000
	// maxTraceback bounds ScriptError.Traceback: gopher-lua reports each
	// tail call as a level of its own, so an endless tail recursion has
	// millions.
	maxTraceback = 32
	// threadBytes is about what a new thread (a coroutine) allocates: its
	// call stack and initial value stack.
	threadBytes = MaxCallDepth*80 + registryInitial*16
)

// Sentinel errors. A *ScriptError returned by RunFile wraps one of them
// (test with errors.Is) when the failure has a known kind; a plain runtime
// error raised by the script wraps none.
var (
	// ErrBudget: the script ran more VM instructions than Options.Budget.
	ErrBudget = errors.New("instruction budget exhausted")
	// ErrTimeout: the script ran longer than Options.Timeout. Errors that
	// wrap it also match context.DeadlineExceeded.
	ErrTimeout = errors.New("wall-clock limit exceeded")
	// ErrExpectation: an expect.* assertion failed.
	ErrExpectation = errors.New("expectation failed")
	// ErrSandbox: the script touched os/io/debug/package, loadfile, or tried
	// to load a file outside the script folder.
	ErrSandbox = errors.New("sandbox violation")
	// ErrSyntax: the script (or a module it loaded) does not compile.
	ErrSyntax = errors.New("syntax error")
	// ErrMemory: the script grew the heap past Options.Memory, or tried
	// to build a string longer than Options.MaxString.
	ErrMemory = errors.New("memory limit exceeded")
)

// limitError is what limits.Err returns once a limit has tripped. Its text
// is the user-facing message; errors.Is matches its kind (ErrBudget or
// ErrTimeout, the latter also context.DeadlineExceeded).
type limitError struct {
	kind error
	msg  string
}

func (e *limitError) Error() string { return e.msg }

func (e *limitError) Is(target error) bool {
	return target == e.kind || (e.kind == ErrTimeout && target == context.DeadlineExceeded)
}

// limits is the context.Context installed on the Lua state with
// LState.SetContext. gopher-lua v1.1.2 has no debug hooks, but its
// mainLoopWithContext (vm.go) evaluates
//
//	select { case <-L.ctx.Done(): L.RaiseError(L.ctx.Err().Error()) ... default: <execute> }
//
// before every VM instruction, so each Done call is one instruction: Done
// decrements an atomic counter and, when it crosses zero, closes the done
// channel. The wall-clock deadline closes the same channel from a timer, so
// neither limit needs polling, and Go functions that block on
// L.Context().Done() are released when either limit trips.
//
// The per-instruction cost is one atomic add plus a non-blocking receive on an
// open channel (see BenchmarkLoop). The counter is atomic so Done stays safe
// to call from any goroutine, as the context contract requires.
//
// One limits value lives as long as the Host; arm resets it for each RunFile
// so coroutine threads created earlier keep sharing it.
type limits struct {
	remaining atomic.Int64
	done      atomic.Pointer[chan struct{}]

	budget  int64         // instructions per arm; math.MaxInt64 when disabled
	timeout time.Duration // per arm; <= 0 when disabled

	memLimit  int64 // heap growth per arm in bytes; <= 0 when disabled
	maxString int64 // longest string; math.MaxInt64 when disabled

	memMu   sync.Mutex
	memBase uint64    // heap bytes at arm
	baseAt  time.Time // when memBase was read
	gcFloor uint64    // no forced collection while the heap is below this
	pending int64     // bytes built since the last heap reading
	sample  []metrics.Sample

	mu       sync.Mutex
	err      error
	deadline time.Time
	timer    *time.Timer
	gen      uint64
	// timeoutMsg is the wall-clock limit's message, made with the timer.
	timeoutMsg string
	// timerSet: the timer will fire (it is not reset while set).
	timerSet bool
}

func newLimits(budget int64, timeout time.Duration, memory, maxString int64) *limits {
	switch {
	case budget == 0:
		budget = DefaultBudget
	case budget < 0:
		budget = math.MaxInt64
	}
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	if memory == 0 {
		memory = DefaultMemory
	}
	switch {
	case maxString == 0:
		maxString = DefaultMaxString
	case maxString < 0:
		maxString = math.MaxInt64
	}
	c := &limits{budget: budget, timeout: timeout, memLimit: memory, maxString: maxString,
		sample: []metrics.Sample{{Name: heapMetric}}}
	ch := make(chan struct{})
	c.done.Store(&ch)
	c.remaining.Store(budget)
	return c
}

// arm starts a fresh budget and wall-clock window. It allocates nothing
// unless the last window tripped (its done channel was closed): the timer
// is made once and reset, so a callback per message stays cheap.
func (c *limits) arm() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if c.err != nil {
		ch := make(chan struct{})
		c.done.Store(&ch)
	}
	c.err = nil
	c.remaining.Store(c.budget)
	c.deadline = time.Time{}
	now := time.Now()
	if c.memLimit > 0 {
		c.memMu.Lock()
		// Reading the heap costs about a microsecond; callbacks that
		// follow one another within baseReuse share one reading (the
		// base can only be lower than the heap now: stricter).
		if c.baseAt.IsZero() || now.Sub(c.baseAt) >= baseReuse {
			c.memBase, c.baseAt = c.heapBytes(), now
		}
		c.gcFloor, c.pending = 0, 0
		c.memMu.Unlock()
	}
	if c.timeout > 0 {
		c.deadline = now.Add(c.timeout)
		switch {
		case c.timer == nil:
			c.timeoutMsg = fmt.Sprintf("wall-clock limit of %v exceeded", c.timeout)
			c.timer = time.AfterFunc(c.timeout, c.fire)
			c.timerSet = true
		case !c.timerSet:
			c.timer.Reset(c.timeout)
			c.timerSet = true
		}
		// A timer already set fires no later than this deadline (it was
		// set for an earlier one) and sets itself again for this one.
	}
}

// fire is the wall-clock timer: it trips the current window when its
// deadline has passed, sets itself again for a window still running, and
// otherwise rests until the next arm. The timer is thus not reset on
// every arm (callbacks of a few microseconds would pay more for it than
// for their Lua); a window is stopped within a few milliseconds of its
// deadline all the same.
func (c *limits) fire() {
	c.mu.Lock()
	gen, dl := c.gen, c.deadline
	now := time.Now()
	switch {
	case dl.IsZero():
		c.timerSet = false
		c.mu.Unlock()
		return
	case now.Before(dl):
		c.timer.Reset(dl.Sub(now))
		c.mu.Unlock()
		return
	}
	c.timerSet = false
	c.mu.Unlock()
	c.trip(gen, &limitError{kind: ErrTimeout, msg: c.timeoutMsg})
}

// disarm ends the window: the wall-clock timer has nothing to watch (it
// rests when it next fires). A limit that already tripped stays tripped
// until the next arm.
func (c *limits) disarm() {
	c.mu.Lock()
	c.deadline = time.Time{}
	c.mu.Unlock()
}

// used reports how many instructions the current window has consumed.
func (c *limits) used() int64 {
	n := c.budget - c.remaining.Load()
	if n > c.budget {
		return c.budget
	}
	return n
}

func (c *limits) trip(gen uint64, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || c.err != nil {
		return
	}
	c.err = err
	close(*c.done.Load())
}

// tripped returns the limit error of the current window, or nil.
func (c *limits) tripped() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Done implements context.Context; the Lua VM calls it once per instruction.
func (c *limits) Done() <-chan struct{} {
	switch n := c.remaining.Add(-1); {
	case n == -1:
		c.tripBudget()
	case n&(memEvery-1) == 0:
		c.checkMemory(0)
	}
	return *c.done.Load()
}

func (c *limits) tripBudget() {
	c.mu.Lock()
	gen := c.gen
	c.mu.Unlock()
	c.trip(gen, &limitError{kind: ErrBudget, msg: fmt.Sprintf("instruction budget of %d exhausted", c.budget)})
}

// charge counts n instructions of work done outside the VM (a long Go
// function, a pattern match), reads the heap when a sampling point is
// passed, and returns the tripped limit, if any.
func (c *limits) charge(n int64) error {
	after := c.remaining.Add(-n)
	before := after + n
	switch {
	case before >= 0 && after < 0:
		c.tripBudget()
	case before/memEvery != after/memEvery:
		c.checkMemory(0)
	}
	return c.tripped()
}

// reserve is called before building n bytes (a string, a thread): a string
// longer than maxString is refused at once, and the heap is read (with
// the n bytes to come) once sampleBytes were reserved since the last
// reading.
func (c *limits) reserve(n int64, what string) error {
	if err := c.tripped(); err != nil {
		return err
	}
	if n > c.maxString && what != "" {
		return &limitError{kind: ErrMemory, msg: fmt.Sprintf("%s: a string of %d bytes is longer than the %s limit", what, n, byteSize(c.maxString))}
	}
	if c.memLimit <= 0 {
		return nil
	}
	c.memMu.Lock()
	c.pending += n
	due := c.pending >= sampleBytes
	c.memMu.Unlock()
	if due {
		return c.checkMemory(n)
	}
	return nil
}

// heapMetric is the runtime/metrics name of the bytes held by heap
// objects, live or not yet swept; reading it does not stop the world.
const heapMetric = "/memory/classes/heap/objects:bytes"

// heapBytes reads heapMetric; callers hold memMu.
func (c *limits) heapBytes() uint64 {
	metrics.Read(c.sample)
	if c.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return c.sample[0].Value.Uint64()
}

// checkMemory trips the memory limit when the heap grew by more than
// memLimit since arm, counting extra bytes about to be built. The heap
// also holds garbage, so before tripping it collects and reads again; a
// heap found under the limit that way is not collected again until it
// grew by another quarter of the limit.
func (c *limits) checkMemory(extra int64) error {
	if c.memLimit <= 0 {
		return nil
	}
	c.memMu.Lock()
	defer c.memMu.Unlock()
	c.pending = 0
	over := func(heap uint64) bool {
		grown := int64(0)
		if heap > c.memBase {
			grown = int64(heap - c.memBase)
		}
		return grown+extra > c.memLimit
	}
	heap := c.heapBytes()
	if !over(heap) || heap < c.gcFloor {
		return nil
	}
	runtime.GC()
	heap = c.heapBytes()
	if !over(heap) {
		c.gcFloor = heap + uint64(c.memLimit/4)
		return nil
	}
	c.mu.Lock()
	gen := c.gen
	c.mu.Unlock()
	err := &limitError{kind: ErrMemory, msg: fmt.Sprintf("memory limit of %s exceeded", byteSize(c.memLimit))}
	c.trip(gen, err)
	return c.tripped()
}

// byteSize formats a byte count for messages: "16 MiB", "300 KiB", "12 bytes".
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Err implements context.Context.
func (c *limits) Err() error { return c.tripped() }

// Deadline implements context.Context.
func (c *limits) Deadline() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.deadline, !c.deadline.IsZero()
}

// Value implements context.Context; the limits context carries no values.
func (c *limits) Value(any) any { return nil }

// view is the non-counting face of limits returned by Host.Context: Done
// returns the same channel without charging an instruction.
type view struct{ *limits }

// Done implements context.Context without counting.
func (v view) Done() <-chan struct{} { return *v.done.Load() }
