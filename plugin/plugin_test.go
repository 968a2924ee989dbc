package plugin

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/protocol/schema"
)

// speech is a Communication_HearSpeech from the catalogue.
func speech(t testing.TB, text, sender string, guid uint32) protocol.Message {
	d, ok := protocol.Describe(schema.TopLevel, 0x02BB)
	if !ok {
		t.Fatal("no HearSpeech in the catalogue")
	}
	return &protocol.Generic{Desc: d, Values: protocol.Object{{Key: "message", Value: text}, {Key: "sender_name", Value: sender},
		{Key: "sender_id", Value: protocol.Hex(guid)}, {Key: "type", Value: uint32(2)}}}
}

// harness is a Manager whose outputs are collected.
type harness struct {
	m      *Manager
	out    []Output
	stderr bytes.Buffer
	sent   [][]byte
	dir    string
}

func newHarness(t testing.TB, send bool) *harness {
	h := &harness{dir: t.TempDir()}
	opts := Options{Out: func(o Output) { h.out = append(h.out, o) }, Stderr: &h.stderr}
	if send {
		opts.Send = func(b []byte) { h.sent = append(h.sent, append([]byte(nil), b...)) }
	}
	h.m = New(opts)
	t.Cleanup(h.m.Close)
	return h
}

func (h *harness) load(t testing.TB, name, src string) (*Plugin, error) {
	path := filepath.Join(h.dir, name+".lua")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return h.m.Load(path)
}

func (h *harness) mustLoad(t testing.TB, name, src string) *Plugin {
	p, err := h.load(t, name, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (h *harness) texts(event string) []string {
	var out []string
	for _, o := range h.out {
		if o.Event == event {
			out = append(out, o.Text)
		}
	}
	return out
}

func TestHandlerSeesFieldsByReplayNames(t *testing.T) {
	h := newHarness(t, false)
	h.mustLoad(t, "chat", `
on("HearSpeech", function(m, info)
  print(info.name, info.dir, m.sender_name, m.message, string.format("0x%08X", m.sender_id), m.type)
end)`)
	h.m.Message(1.5, "server", speech(t, "hello there", "Buddy", 0x50000002))
	got := h.texts("plugin_print")
	want := "Communication_HearSpeech\tserver\tBuddy\thello there\t0x50000002\t2"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("printed %q, want %q", got, want)
	}
}

func TestOnNames(t *testing.T) {
	for _, tc := range []struct{ name, err string }{
		{"Communication_HearSpeech", ""},
		{"CreateObject", ""},
		{"UpdateMotion", "no message"}, // the catalogue calls it Movement_SetObjectMovement
		{"SetObjectMovement", ""},
		{"enter_world", ""},
		{"NoSuchThing", "no message, event or action is named"},
		{"CreateObjekt", `no message, event or action is named "CreateObjekt"; did you mean "CreateObject"`},
		{"enter_wrold", `did you mean "enter_world"?`},
	} {
		h := newHarness(t, false)
		_, err := h.load(t, "p", `on("`+tc.name+`", function() end)`)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("on(%q): %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "p.lua:1:")):
			t.Errorf("on(%q): error %v, want %q at p.lua:1", tc.name, err, tc.err)
		}
	}
}

// TestFailingPluginIsDisabledAlone: a plugin that writes to its read-only
// message, one that loops forever and one that errors are each disabled
// with their file:line; the well-behaved one keeps receiving.
func TestFailingPluginIsDisabledAlone(t *testing.T) {
	h := newHarness(t, false)
	h.mustLoad(t, "writer", "on('HearSpeech', function(m)\n  m.message = 'x'\nend)")
	h.mustLoad(t, "looper", "on('HearSpeech', function(m)\n  while true do end\nend)")
	h.mustLoad(t, "thrower", "on('HearSpeech', function(m)\n  error('boom')\nend)")
	good := h.mustLoad(t, "good", "n = 0\non('HearSpeech', function(m) n = n + 1; print(n) end)")
	start := time.Now()
	for i := range 3 {
		h.m.Message(float64(i), "server", speech(t, "hi", "A", 1))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("three messages took %v", d)
	}
	if got := h.texts("plugin_print"); strings.Join(got, ",") != "1,2,3" {
		t.Errorf("good plugin printed %q", got)
	}
	dis := h.texts("plugin_disabled")
	want := []string{"writer.lua:2: message tables are read-only", "looper.lua:2: instruction budget of 100000 exhausted", "thrower.lua:2: boom"}
	if len(dis) != 3 {
		t.Fatalf("disabled %q", dis)
	}
	for i, w := range want {
		if !strings.Contains(dis[i], w) {
			t.Errorf("disabled[%d] = %q, want it to contain %q", i, dis[i], w)
		}
	}
	if good.Disabled() != nil || !strings.Contains(h.stderr.String(), "dereth: plugin looper disabled: ") {
		t.Errorf("good: %v; stderr %q", good.Disabled(), h.stderr.String())
	}
}

func TestReadOnlyTablesIterate(t *testing.T) {
	h := newHarness(t, false)
	h.mustLoad(t, "it", `
on("HearSpeech", function(m)
  local keys = {}
  for k in pairs(m) do keys[#keys+1] = k end
  table.sort(keys)
  print(table.concat(keys, ","))
  local ok = pcall(function() rawset(m, "a", 1) end)
  print(tostring(ok), getmetatable(m))
end)`)
	h.m.Message(0, "server", speech(t, "hi", "A", 1))
	got := h.texts("plugin_print")
	if len(got) != 2 || got[0] != "message,sender_id,sender_name,type" || got[1] != "false\tread-only" {
		t.Errorf("printed %q", got)
	}
}

func TestTimersOnSessionClock(t *testing.T) {
	h := newHarness(t, false)
	h.mustLoad(t, "tm", `
every(1, function() print("every", now()) end)
after(2.5, function() print("after", now()) end)
local c = every(0.5, function() print("never") end)
c.cancel()`)
	for f := 0; f <= 3*30; f++ {
		h.m.Tick(float64(f) / 30)
	}
	got := strings.Join(h.texts("plugin_print"), ";")
	want := "every\t1;every\t2;after\t2.5;every\t3"
	if got != want {
		t.Errorf("timers printed %q, want %q", got, want)
	}
	if _, err := h.load(t, "bad", "every(0, function() end)"); err == nil || !strings.Contains(err.Error(), "bad.lua:1: every: the interval") {
		t.Errorf("every(0): %v", err)
	}
}

// TestActionsAreGameActions: say, tell, use, emote encode the catalogue's
// layouts in 0xF7B1 with the action type after the sequence.
func TestActionsAreGameActions(t *testing.T) {
	h := newHarness(t, true)
	h.mustLoad(t, "act", `on("enter_world", function()
  assert(say("hi all"))
  assert(tell("Buddy", "psst"))
  assert(use(0x7A9B4001))
  assert(emote("waves"))
end)`)
	h.m.Lifecycle("enter_world", nil)
	if len(h.sent) != 4 {
		t.Fatalf("sent %d messages", len(h.sent))
	}
	for i, want := range []uint32{0x0015, 0x005D, 0x0036, 0x01DF} {
		b := h.sent[i]
		if binary.LittleEndian.Uint32(b) != 0xF7B1 || binary.LittleEndian.Uint32(b[8:]) != want {
			t.Errorf("message %d: % x, want action 0x%04X", i, b[:12], want)
		}
		m, err := protocol.Decode(b)
		if err != nil {
			t.Errorf("message %d does not decode: %v", i, err)
			continue
		}
		if name := protocol.CatalogName(m); !strings.Contains(name, []string{"Talk", "TalkDirectByName", "UseEvent", "Emote"}[i]) {
			t.Errorf("message %d decodes as %s", i, name)
		}
	}
	// Talk: string16L "hi all" padded to 4 bytes.
	if want := []byte{0xB1, 0xF7, 0, 0, 0, 0, 0, 0, 0x15, 0, 0, 0, 6, 0, 'h', 'i', ' ', 'a', 'l', 'l'}; !bytes.Equal(h.sent[0], want) {
		t.Errorf("Talk % x, want % x", h.sent[0], want)
	}
	if n := len(h.texts("plugin_action")); n != 4 {
		t.Errorf("%d plugin_action outputs", n)
	}
}

// TestRateLimit: 1,000 says in one callback send RateBurst; a second
// later RateLimit more go.
func TestRateLimit(t *testing.T) {
	h := newHarness(t, true)
	p := h.mustLoad(t, "flood", `
on("HearSpeech", function() for i = 1, 1000 do say("spam " .. i) end end)`)
	h.m.Message(0, "server", speech(t, "go", "A", 1))
	if len(h.sent) != RateBurst || p.Throttled != 1000-RateBurst || p.Disabled() != nil {
		t.Fatalf("sent %d, throttled %d, disabled %v", len(h.sent), p.Throttled, p.Disabled())
	}
	h.m.Message(1, "server", speech(t, "go", "A", 1))
	if len(h.sent) != RateBurst+RateLimit {
		t.Errorf("after a second: sent %d, want %d", len(h.sent), RateBurst+RateLimit)
	}
	if n := len(h.texts("plugin_throttled")); n != 2 {
		t.Errorf("%d throttled reports, want one per run of refusals (2)", n)
	}
}

func TestPanels(t *testing.T) {
	h := newHarness(t, false)
	h.mustLoad(t, "a", `local p = panel{title="Near", lines={"one"}}
on("HearSpeech", function(m) p.set_lines(p, {m.sender_name, "two"}) end)`)
	h.mustLoad(t, "b", `panel{title="Other", lines={"x","y","z"}}`)
	h.m.Message(0, "server", speech(t, "hi", "Zed", 1))
	var last *PanelState
	n := 0
	for _, o := range h.out {
		if o.Event == "plugin_panel" {
			n++
			if o.Plugin == "a" {
				last = o.Panel
			}
		}
	}
	if n != 3 || last == nil || strings.Join(last.Lines, ",") != "Zed,two" || last.Title != "Near" {
		t.Fatalf("%d panel outputs, last %+v", n, last)
	}
	ps := h.m.Panels()
	rs := Layout(ps, 800, 600, 16, 8)
	if len(rs) != 2 || rs[0].Overlaps(rs[1]) {
		t.Errorf("layout %v overlaps", rs)
	}
	// Clear of what the viewer shows: a HUD panel along the top right
	// pushes both panels below it, still apart.
	hud := Rect{X: 500, Y: 6, W: 294, H: 200}
	rs = Layout(ps, 800, 600, 16, 8, hud)
	if rs[0].Overlaps(hud) || rs[1].Overlaps(hud) || rs[0].Overlaps(rs[1]) || rs[0].Y != hud.Y+hud.H+4 {
		t.Errorf("layout %v beside the HUD %v", rs, hud)
	}
	// A right column too full for them: they go left of what blocks it,
	// on the screen and apart.
	tall := Rect{X: 600, Y: 0, W: 200, H: 600}
	rs = Layout(ps, 800, 600, 16, 8, tall)
	for i, r := range rs {
		if r.Overlaps(tall) || r.X < 0 || r.Y+r.H > 600 || r.X+r.W > tall.X {
			t.Errorf("panel %d at %v beside a full right column %v", i, r, tall)
		}
	}
	if rs[0].Overlaps(rs[1]) {
		t.Errorf("layout %v overlaps", rs)
	}
	ps[1].Visible = false
	if rs := Layout(ps, 800, 600, 16, 8); rs[1] != (Rect{}) {
		t.Errorf("hidden panel placed at %v", rs[1])
	}
}

// BenchmarkDispatch is one message delivered to one plugin whose handler
// only reads fields: the per-plugin cost (the fields are converted once
// per message, outside the loop, as Message does for all plugins).
func BenchmarkDispatch(b *testing.B) {
	h := newHarness(b, false)
	p := h.mustLoad(b, "read", `on("HearSpeech", function(m, info) local a, b, c = m.message, m.sender_name, info.name end)`)
	msg := speech(b, "hello", "Buddy", 0x50000002)
	fields, info := h.m.conv.message(msg, "Communication_HearSpeech", "server", 0)
	fn := p.handlers["Communication_HearSpeech"][0]
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p.call(fn, fields, info)
	}
	if p.Disabled() != nil {
		b.Fatal(p.Disabled())
	}
}

// BenchmarkMessage is Manager.Message for one message and one plugin,
// conversion included.
func BenchmarkMessage(b *testing.B) {
	h := newHarness(b, false)
	h.mustLoad(b, "read", `on("HearSpeech", function(m) local a = m.message end)`)
	msg := speech(b, "hello", "Buddy", 0x50000002)
	b.ReportAllocs()
	for b.Loop() {
		h.m.Message(0, "server", msg)
	}
}

// TestMisspelledFieldsAreErrors: panel{} and objects{} refuse a field
// they do not know, naming it, the closest known one and the plugin's
// file:line, instead of drawing a panel titled by the plugin's name or
// returning every object.
func TestMisspelledFieldsAreErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`panel{titel = "Near", lines = {"a"}}`, `panel: unknown field "titel"; did you mean "title"?`},
		{`panel{title = "Near", line = {"a"}}`, `panel: unknown field "line"; did you mean "lines"?`},
		{`local t = objects{nmae = "Door"}`, `objects: unknown field "nmae"; did you mean "name"`},
	} {
		h := newHarness(t, false)
		_, err := h.load(t, "p", tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "p.lua:1:") {
			t.Errorf("%s: error %v, want %q at p.lua:1", tc.src, err, tc.want)
		}
	}
}
