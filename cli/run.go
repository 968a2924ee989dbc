package cli

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed"
	"github.com/dereth/dereth/testbed/luahost"
)

// Run implements `dereth run [--dat DIR] [--trace FILE] [--quiet]
// [--budget N] [--timeout S] SCRIPT.lua`: run a scenario headless on the
// sample world or the retail DATs in DIR, then print a per-object summary. The exit status is 1 with
// the message on stderr when an expectation fails or the script errs, 2
// on misuse.
func Run(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("run", "dereth run [--dat DIR] [--trace FILE] [--trace-kinds K,...] [--trace-events N] [--quiet] [--budget N] [--timeout S] SCRIPT.lua")
	datDir := fs.String("dat", "", "folder `DIR` with retail client_portal.dat and client_cell_1.dat (default: the embedded sample world)")
	tracePath := fs.String("trace", "", "write the stage trace as JSON Lines to `FILE`")
	traceKinds := fs.String("trace-kinds", "", "write only the events of these comma-separated `KINDS` to --trace (e.g. travel,stream; default: all)")
	quiet := fs.Bool("quiet", false, "do not print the per-object summary")
	budget := fs.Int64("budget", 0, "stop the script after `N` Lua instructions (0: 50,000,000)")
	timeout := fs.Float64("timeout", 0, "stop the script after `S` seconds of wall-clock time (0: 10, negative: no limit)")
	traceEvents := fs.Int("trace-events", systems.DefaultRecorderLimit, "keep the newest `N` trace events for world.trace (0: no in-memory trace)")
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return fs.Fail(stderr, "want one SCRIPT.lua, got %d arguments", fs.NArg())
	}
	if math.IsNaN(*timeout) || math.IsInf(*timeout, 0) {
		return fs.Fail(stderr, "--timeout must be a finite number of seconds, got %v", *timeout)
	}
	var kinds map[systems.Kind]bool
	if *traceKinds != "" {
		var err error
		if kinds, err = kindSet(*traceKinds); err != nil {
			return fs.Fail(stderr, "%v", err)
		}
	}
	portal, cell, err := OpenDATs(*datDir)
	if err != nil {
		fmt.Fprintf(stderr, "dereth run: %v\n", err)
		return 1
	}
	opts := testbed.Options{Stdout: stdout, Portal: portal, Cell: cell, Budget: *budget, Timeout: *timeout, TraceEvents: *traceEvents}
	if *traceEvents == 0 {
		opts.TraceEvents = -1
	}
	var traceFile *os.File
	var jsonl *systems.JSONL
	var buf *bufio.Writer
	if *tracePath != "" {
		traceFile, err = os.Create(*tracePath)
		if err != nil {
			fmt.Fprintf(stderr, "dereth run: %v\n", err)
			return 1
		}
		defer traceFile.Close()
		buf = bufio.NewWriterSize(traceFile, 1<<16)
		defer buf.Flush() // a failed script's trace is written too
		jsonl = systems.NewJSONL(buf)
		opts.Trace = jsonl
		if kinds != nil {
			opts.Trace = kindFilter{kinds, jsonl}
		}
	} else if *traceKinds != "" {
		return fs.Fail(stderr, "--trace-kinds needs --trace FILE")
	}
	s, err := testbed.Run(fs.Arg(0), opts)
	defer s.Close()
	if err == nil {
		err = s.Err
	}
	if err != nil {
		fmt.Fprintf(stderr, "dereth run: %v\n", err)
		return 1
	}
	if jsonl != nil && jsonl.Err == nil {
		jsonl.Err = buf.Flush()
	}
	if jsonl != nil && jsonl.Err != nil {
		fmt.Fprintf(stderr, "dereth run: trace %s: %v\n", *tracePath, jsonl.Err)
		return 1
	}
	if !*quiet {
		Summary(stdout, s)
	}
	return 0
}

// Summary prints one line per object, in guid order: guid, archetype,
// cell and origin, motion state, sequence and queue sizes, particles.
func Summary(w io.Writer, s *testbed.Scenario) {
	passed, failed := s.Expectations()
	fmt.Fprintf(w, "t=%.3fs frames=%d objects=%d expectations: %d passed, %d failed\n",
		s.World.Now, s.World.FrameNo, len(s.World.Objects)+len(s.World.Static), passed, failed)
	if s.Status != "" {
		fmt.Fprintf(w, "status: %s\n", s.Status)
	}
	var all []*components.View
	for _, list := range [2][]donburi.Entity{s.World.Objects, s.World.Static} {
		for _, e := range list {
			all = append(all, components.Resolve(s.World.ECS, e))
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Phys.GUID < all[j].Phys.GUID })
	for _, o := range all {
		fmt.Fprintln(w, summaryLine(o))
	}
}

func summaryLine(o *components.View) string {
	p := o.Phys
	line := fmt.Sprintf("0x%08X %-8s cell 0x%08X origin (%.2f, %.2f, %.2f)", p.GUID, o.Name,
		p.Position.Cell, p.Position.Frame.Origin.X, p.Position.Frame.Origin.Y, p.Position.Frame.Origin.Z)
	if o.Parts != nil && o.Parts.Manager != nil {
		st := o.Parts.Manager.State
		line += fmt.Sprintf(" %s/%s x%.2f nodes %d pending %d", motioncmd.Name(st.Style),
			motioncmd.Name(st.Substate), st.SubstateMod, o.Parts.Sequence.Len(), len(o.Parts.Manager.Pending))
	}
	if o.Movement != nil && o.Movement.Interp != nil {
		line += fmt.Sprintf(" motions %d", len(o.Movement.Interp.Pending))
	}
	if o.Particle != nil {
		line += fmt.Sprintf(" particles %d", o.Particle.Count())
	}
	return line
}

// kindFilter passes on only the events of the kinds in set (dereth run
// --trace-kinds).
type kindFilter struct {
	set  map[systems.Kind]bool
	next systems.Tracer
}

// Event hands e on when its kind is wanted.
func (f kindFilter) Event(e *systems.Event) {
	if f.set[e.Kind] {
		f.next.Event(e)
	}
}

// kindSet parses a comma-separated list of event kinds; a kind the world
// does not trace is an error naming the closest ones (a typo would
// otherwise write an empty trace).
func kindSet(list string) (map[systems.Kind]bool, error) {
	set := map[systems.Kind]bool{}
	known := make([]string, len(systems.Kinds))
	for i, k := range systems.Kinds {
		known[i] = string(k)
	}
	for _, k := range strings.Split(list, ",") {
		if k = strings.TrimSpace(k); k == "" {
			continue
		}
		if !slices.Contains(known, k) {
			return nil, fmt.Errorf("--trace-kinds: no event kind %q%s (kinds: %s)", k, luahost.Suggestion(k, known), strings.Join(known, ", "))
		}
		set[systems.Kind(k)] = true
	}
	return set, nil
}
