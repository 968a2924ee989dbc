package testbed

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/testbed/luahost"
)

// The script fuzzer builds chunks from a small grammar of host calls
// (world.*) and library calls (string, table, coroutine, load, ..) whose
// arguments come from a pool of hostile values: NaN, ±Inf, huge and tiny
// numbers, long strings, backtracking patterns. Each statement runs in a
// pcall so one error does not end the chunk. A run must not panic, must
// end within a second of its wall-clock limit, must fail only with a
// *luahost.ScriptError naming a file:line, and must leave every object's
// position and velocity finite.

var (
	fuzzNums = []string{"0", "1", "-1", "0.5", "3", "1/30", "0/0", "1/0", "-1/0", "1e17", "1e-300", "2^32", "1e8", "-1e9", "65535", "1e300"}
	fuzzStrs = []string{`""`, `"x"`, `("a"):rep(3000)`, `".-.-.-.-b"`, `"%"`, `"("`, `"[a-"`, `"%b()"`, `"(a*)*b"`,
		`"%1"`, `"^(.-)$"`, `"%d+"`, `"47F70000 01010050 0100 0000"`, `"return 1 .. 2"`}
	fuzzVecs  = []string{"{0, 0, 0}", "{1, 2, 3}", "{0/0, 0, 0}", "{1/0, 0, 0}", "{0, 1e300, 0}", "{-1e5, 5, 1}"}
	fuzzFuncs = []string{"print", `function() error("e") end`, "function() world.step() end", "function(...) return ... end",
		"function() local s = 'x' for i = 1, 30 do s = s .. s end end"}
	fuzzGUIDs = []string{"0x50000001", "0x50000002", "0", "0/0"}
	fuzzCmds  = []string{`"WalkForward"`, `"RunForward"`, `"TurnRight"`, `"Ready"`, `"Nope"`, "0x45000005", "0/0"}

	// fuzzStmts are the statement templates: N number, S string, V vector,
	// F function, G guid, C motion command.
	fuzzStmts = []string{
		"world.step(N)", "world.advance(N, N)", "world.advance_to(N)", "world.set_clock(N)",
		"world.every(N, F)", "world.after(N, F)", "world.set_update_time(G, N)",
		`world.spawn{guid = G, cell = 0x01010001, setup = 0x02000001, origin = V, velocity = V, heading = N, scale = N, motion = {forward = C, forward_speed = N}}`,
		"world.move(G, {forward = C, forward_speed = N, turn = C, turn_speed = N})",
		"world.do_motion(G, C, N)", "world.position(G)", "world.interpolate_to(G, V)", "world.play_script(G, N, N)",
		`world.send{type = "UpdatePosition", guid = G, instance = 1, position_sequence = N, cell = 0xA9B40012, origin = V, velocity = V}`,
		`world.send{type = "VectorUpdate", guid = G, instance = 1, vector_sequence = N, velocity = V, omega = V}`,
		"world.send(S)", "world.trace()", "world.ground(0xA9B40000, N, N)", "world.collisions(G)", "world.delete(G)",
		"string.rep(S, N)", "string.format(S, N, S)", "S:gsub(S, S, N)", "S:gsub(S, F)", "S:find(S, N)", "S:match(S, N)",
		"for w in S:gmatch(S) do end", "table.concat({S, N, S}, S, N, N)", "unpack({1, 2, 3}, N, N)",
		"local x = S .. N .. S", "select(N, 1, 2, 3)", "tostring(N)", "math.floor(N)", "string.char(N)", "string.byte(S, N, N)",
		"loadstring(S)", "pcall(error, S)", "coroutine.wrap(F)()", "setmetatable({}, {__concat = F}) .. S",
		"S:upper():lower():reverse()", "string.sub(S, N, N)", "expect.error(F, S)", "load(F)",
		"world.stream{near = N, far = N, manual = true, synthetic = {statics = {0x02000001}, dungeon = 0x65650000, dungeon_cells = N}}",
		"world.stream_run()", "world.set_player(G)", "world.loaded()", "world.travel()",
		"world.teleport(G, {cell = 0x64640025, origin = V, heading = N})", "world.teleport(G, {cell = 0x65650101, origin = V})",
		"world.reveal_ready({cell = 0x64640025, origin = V})", `world.stream_build{block = 0x64640000, tier = "near", gen = N}`,
		"world.set_position(G, {cell = 0x65640025, origin = V})", "world.portal(G, {cell = 0x64640025, origin = V}, N)", "world.use_portal(G)",
	}
)

// fuzzChunk turns data into a chunk: each pair of bytes picks a statement
// and the values filling its slots.
func fuzzChunk(data []byte) string {
	var b strings.Builder
	pick := func(list []string, i *int) string {
		v := 0
		if *i < len(data) {
			v = int(data[*i])
		}
		*i++
		return list[v%len(list)]
	}
	for i := 0; i < len(data) && i < 64; {
		stmt := pick(fuzzStmts, &i)
		var s strings.Builder
		for _, c := range stmt {
			switch c {
			case 'N':
				s.WriteString(pick(fuzzNums, &i))
			case 'S':
				s.WriteString("(" + pick(fuzzStrs, &i) + ")")
			case 'V':
				s.WriteString(pick(fuzzVecs, &i))
			case 'F':
				s.WriteString("(" + pick(fuzzFuncs, &i) + ")")
			case 'G':
				s.WriteString(pick(fuzzGUIDs, &i))
			case 'C':
				s.WriteString(pick(fuzzCmds, &i))
			default:
				s.WriteRune(c)
			}
		}
		fmt.Fprintf(&b, "pcall(function() %s end)\n", s.String())
	}
	return b.String()
}

// runFuzzChunk runs one chunk and checks the fuzzer's invariants.
func runFuzzChunk(t *testing.T, chunk string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "fuzz.lua")
	if err := os.WriteFile(path, []byte(chunk), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{Portal: fuzzPortal, Budget: 300_000, Timeout: 1, Memory: 64 << 20, MaxString: 1 << 20, Stdout: discard{}}
	start := time.Now()
	s, err := Run(path, opts)
	defer s.Close()
	if d := time.Since(start); d > slack*2*time.Second {
		t.Fatalf("ran %v (limit 1 s):\n%s", d, chunk)
	}
	if err != nil {
		var se *luahost.ScriptError
		if !errors.As(err, &se) || !strings.HasPrefix(se.Message, path+":") {
			t.Fatalf("error %T %q does not name a script line:\n%s", err, err, chunk)
		}
	}
	for _, e := range s.World.Objects {
		p := components.Resolve(s.World.ECS, e).Phys
		if !p.Position.Frame.Origin.Finite() || !p.Velocity.Finite() {
			t.Fatalf("object 0x%08X: origin %v velocity %v:\n%s", p.GUID, p.Position.Frame.Origin, p.Velocity, chunk)
		}
	}
	if !finite(s.World.Now) {
		t.Fatalf("clock %v:\n%s", s.World.Now, chunk)
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

var fuzzPortal = func() *dat.Container {
	p, err := sampleworld.Portal()
	if err != nil {
		panic(err)
	}
	return p
}()

// FuzzScript runs chunks built from the fuzz input (see fuzzChunk). The
// seed corpus runs in the normal test; `go test -fuzz FuzzScript
// ./testbed` explores further.
func FuzzScript(f *testing.F) {
	// One seed per statement template, with each value slot walking its
	// pool, plus a few mixed chunks.
	for i := range fuzzStmts {
		seed := []byte{byte(i)}
		for k := range 8 {
			seed = append(seed, byte(i*7+k))
		}
		f.Add(seed)
	}
	r := rand.New(rand.NewPCG(18, 18))
	for range 8 {
		seed := make([]byte, 48)
		for k := range seed {
			seed[k] = byte(r.IntN(256))
		}
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		runFuzzChunk(t, fuzzChunk(data))
	})
}
