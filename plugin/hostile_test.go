package plugin

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/cputime"
	"github.com/dereth/dereth/testbed/luahost"
)

// hostile are the acceptance's hostile plugins, each beside the others
// and a well-behaved one.
var hostile = map[string]string{
	"looper":  "on('HearSpeech', function() while true do end end)",
	"bomb":    "every(0.1, function() local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 2^20) .. i end end)",
	"spammer": "every(0.01, function() for i = 1, 100 do say('spam') end end)", // 10,000 a second
	"thrower": "on('HearSpeech', function() error('always') end)\nevery(0.05, function() error('timer too') end)",
}

// TestHostilePluginsAreStopped: the endless loop and the memory bomb are
// disabled at their limits, the thrower at its first error, the spammer
// is throttled to RateLimit a second and keeps running; the good plugin
// sees every message.
func TestHostilePluginsAreStopped(t *testing.T) {
	h := newHarness(t, true)
	for _, name := range []string{"looper", "bomb", "spammer", "thrower"} {
		h.mustLoad(t, name, hostile[name])
	}
	good := h.mustLoad(t, "good", "n = 0\non('HearSpeech', function() n = n + 1 end)\nevery(1, function() print(n) end)")
	var worst time.Duration
	for f := 0; f <= 5*30; f++ {
		start := time.Now()
		now := float64(f) / 30
		h.m.Message(now, "server", speech(t, "hi", "A", 1))
		h.m.Tick(now)
		if d := time.Since(start); d > worst {
			worst = d
			t.Logf("frame %d: %v", f, d)
		}
	}
	kinds := map[string]error{"looper": luahost.ErrBudget, "bomb": luahost.ErrMemory}
	for _, p := range h.m.Plugins() {
		switch p.Name {
		case "looper", "bomb":
			if !errors.Is(p.Disabled(), kinds[p.Name]) {
				t.Errorf("%s: disabled %v, want %v", p.Name, p.Disabled(), kinds[p.Name])
			}
		case "thrower":
			if p.Disabled() == nil || !strings.Contains(p.Disabled().Error(), "thrower.lua:1: always") {
				t.Errorf("thrower: %v", p.Disabled())
			}
		case "spammer":
			// 5 s of session time: the burst, then RateLimit a second
			// (its timer runs once a frame: 3,000 attempts a second).
			if p.Disabled() != nil || p.Actions < RateBurst+5*RateLimit-1 || p.Actions > RateBurst+5*RateLimit || p.Throttled < 14000 {
				t.Errorf("spammer: disabled %v, %d actions, %d throttled", p.Disabled(), p.Actions, p.Throttled)
			}
		}
	}
	if good.Disabled() != nil || strings.Join(h.texts("plugin_print"), ",") != "31,61,91,121,151" {
		t.Errorf("good: %v, printed %q", good.Disabled(), h.texts("plugin_print"))
	}
}

// loadHostile loads the hostile plugins beside a follow-bot-like one.
func loadHostile(b *testing.B) *harness {
	h := newHarness(b, true)
	for _, name := range []string{"looper", "bomb", "spammer", "thrower"} {
		h.mustLoad(b, name, hostile[name])
	}
	h.mustLoad(b, "bot", "every(2, function() say('following') end)\non('HearSpeech', function(m) local s = m.sender_name end)")
	return h
}

// BenchmarkHostileFrame is one frame (a message and the timers) with the
// hostile plugins loaded beside a follow-bot-like one, once the hostile
// ones were stopped or throttled: the steady cost they add to a frame
// (cpu-ns/frame is the thread's CPU time; under callgrind, tools/perf's
// instructions per frame).
func BenchmarkHostileFrame(b *testing.B) {
	h := loadHostile(b)
	msg := speech(b, "hi", "A", 1)
	h.m.Message(0, "server", msg)
	h.m.Tick(0) // the first frame: BenchmarkHostileFirstFrame
	f := 1
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		now := float64(f) / 30
		h.m.Message(now, "server", msg)
		h.m.Tick(now)
		f++
	}
	cpu.Report(b, 1, "ns/frame")
}

// BenchmarkHostileFirstFrame is the worst frame: the first, in which the
// looper runs to its instruction budget (DefaultLimits.Budget) and is
// disabled, the thrower throws, the bomb's first timer is not due yet
// and the spammer starts its burst. Loading the plugins is not timed.
func BenchmarkHostileFirstFrame(b *testing.B) {
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		cpu.Pause()
		b.StopTimer()
		h := loadHostile(b)
		msg := speech(b, "hi", "A", 1)
		b.StartTimer()
		cpu.Resume()
		h.m.Message(0, "server", msg)
		h.m.Tick(0)
	}
	cpu.Report(b, 1, "ns/frame")
}
