package luahost

import (
	"testing"
	"time"
)

// BenchmarkLoop measures the cost of the budget context: the same Lua loop
// counting to 1e6 on one Host, with the limits context detached
// ("no-context", gopher-lua's plain mainLoop) and installed ("budget",
// mainLoopWithContext calling limits.Done per instruction).
func BenchmarkLoop(b *testing.B) {
	const src = "local n = 0\nfor i = 1, 1000000 do n = n + 1 end\nreturn n\n"
	for _, mode := range []string{"no-context", "budget"} {
		b.Run(mode, func(b *testing.B) {
			h := New(Options{Dir: b.TempDir(), Budget: -1, Timeout: time.Hour})
			defer h.Close()
			L := h.State()
			fn, err := L.LoadString(src)
			if err != nil {
				b.Fatal(err)
			}
			if mode == "no-context" {
				L.RemoveContext()
			}
			h.lim.arm()
			defer h.lim.disarm()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				L.Push(fn)
				if err := L.PCall(0, 1, nil); err != nil {
					b.Fatal(err)
				}
				if n := L.ToInt(-1); n != 1000000 {
					b.Fatalf("loop returned %d", n)
				}
				L.Pop(1)
			}
			b.StopTimer()
			if mode == "budget" {
				instr := float64(h.lim.used()) / float64(b.N)
				b.ReportMetric(instr, "instr/op")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/instr, "ns/instr")
			}
		})
	}
}

// BenchmarkDone isolates the per-instruction check the VM performs with the
// budget context installed: one Done call in a non-blocking select.
func BenchmarkDone(b *testing.B) {
	lim := newLimits(-1, time.Hour, 0, 0)
	lim.arm()
	defer lim.disarm()
	b.ReportAllocs()
	n := 0
	for range b.N {
		select {
		case <-lim.Done():
			b.Fatal("limits tripped")
		default:
			n++
		}
	}
	if n != b.N {
		b.Fatal("lost iterations")
	}
}
