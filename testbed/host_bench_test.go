package testbed

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkHostCalls times the common host calls from Lua: each iteration
// runs a loop of 20,000 calls in one script (the scenario setup is part of
// the time), so ns/call is per call including the loop's own
// instructions, and allocs/op includes the setup's (empty_loop shows
// them). The _into variants pass the previous call's table back to be
// refilled.
func BenchmarkHostCalls(b *testing.B) {
	portal, cell := sampleDATs(b)
	for _, c := range []struct{ name, call string }{
		{"empty_loop", "local _ = i"},
		{"world.position", "local p = world.position(g)"},
		{"world.position_into", "p = world.position(g, p)"},
		{"world.motion_state", "local m = world.motion_state(g)"},
		{"world.motion_state_into", "m = world.motion_state(g, m)"},
		{"world.now", "local t = world.now()"},
		{"expect.eq", "expect.eq(i, i)"},
		{"expect.near", "expect.near(1.0, 1.0, 0.1)"},
	} {
		b.Run(c.name, func(b *testing.B) {
			dir := b.TempDir()
			src := fmt.Sprintf(`local g = world.spawn{archetype = "creature", guid = 0x50000001, setup = 0x02000001, cell = 0xA9B40001, origin = {10, 10, 60}}
world.move(g, {forward = "WalkForward"})
world.step()
local p, m
for i = 1, 20000 do %s end`, c.call)
			path := filepath.Join(dir, "b.lua")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				s, err := Run(path, Options{Portal: portal, Cell: cell, TraceEvents: -1})
				if err != nil {
					b.Fatal(err)
				}
				s.Close()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/20000, "ns/call")
		})
	}
}
