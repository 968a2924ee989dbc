package plugin

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
	"github.com/dereth/dereth/testbed/luahost"
)

// Limits are a plugin's limits per callback (each handler, timer and the
// main chunk is one callback): VM instructions, wall-clock time, growth
// of the Go heap, and the longest string it may build. A callback that
// exhausts one is stopped and its plugin disabled.
type Limits struct {
	Budget    int64
	Timeout   time.Duration
	Memory    int64
	MaxString int64
}

// DefaultLimits are a handler's or timer's limits: 100,000 instructions
// (a few milliseconds of Lua; host calls are charged their work), a
// 250 ms wall-clock backstop for what the budget cannot see (generous,
// so a loaded machine or a GC pause does not disable a sound plugin),
// 16 MiB of heap growth and 1 MiB strings. A runaway loop is stopped by
// the budget within a few milliseconds and its plugin disabled.
var DefaultLimits = Limits{Budget: 100_000, Timeout: 250 * time.Millisecond, Memory: 16 << 20, MaxString: 1 << 20}

// LoadLimits are the main chunk's limits (it runs once, at load):
// 10,000,000 instructions, 2 s, 64 MiB, 1 MiB strings.
var LoadLimits = Limits{Budget: 10_000_000, Timeout: 2 * time.Second, Memory: 64 << 20, MaxString: 1 << 20}

// RateLimit is how many actions (say, tell, use, select, move_to, emote)
// a plugin may take per second of session time; RateBurst may go at once.
// An action past it is refused (the call returns false and "rate
// limited") and counted, not sent.
const (
	RateLimit = 10
	RateBurst = 10
)

// Bounds on what one plugin may hold.
const (
	maxHandlers = 1000
	maxTimers   = 1000
	// minInterval is the shortest every/after interval (seconds).
	minInterval = 0.01
)

// Lifecycle events a plugin can register with on().
var lifecycle = []string{"login", "enter_world", "teleport_begin", "teleport_end", "disconnect"}

// Options configures a Manager.
type Options struct {
	// Limits per callback; zero fields take DefaultLimits'.
	Limits Limits
	// Out receives every plugin output (print, action, panel, throttled,
	// disabled), in order, on the simulation goroutine. nil discards.
	Out func(Output)
	// Stderr receives "dereth: plugin NAME disabled: file:line: ..."
	// lines; nil means os.Stderr.
	Stderr io.Writer
	// Send queues one encoded GameAction (0xF7B1, sequence 0: the session
	// renumbers it) on the session's outgoing queue. nil: a replay or the
	// offline viewer, where actions are only logged (sent=false).
	Send func(msg []byte)
	// MoveTo moves the local player to the object through its
	// controller; nil: logged only.
	MoveTo func(guid uint32) error
}

// Output is one thing a plugin did, for the outbound log, the HUD and
// the JSON lines of replay and connect --headless.
type Output struct {
	// Event is plugin_print, plugin_action, plugin_panel, plugin_throttled
	// or plugin_disabled.
	Event  string
	Plugin string
	T      float64 // the session clock
	// Text is a print's line, or why the plugin was disabled.
	Text string
	// Action is plugin_action's (and plugin_throttled's) action.
	Action *Action
	// Panel is plugin_panel's panel state after the change.
	Panel *PanelState
}

// Action is one action a plugin took.
type Action struct {
	// Name is the catalogue name of the GameAction sent
	// (Communication_Talk, ...), or MoveTo for move_to.
	Name string
	// Fields are its fields, as replay --json shows them.
	Fields protocol.Object
	// Bytes is the encoded GameAction (nil for MoveTo).
	Bytes []byte
	// Sent: handed to the session (false in a replay or offline).
	Sent bool
}

// JSON is o as one JSON line (with its newline).
func (o Output) JSON() []byte {
	b := []byte(`{"event":`)
	b = appendJSONString(b, o.Event)
	b = append(b, `,"plugin":`...)
	b = appendJSONString(b, o.Plugin)
	b = append(b, `,"t":`...)
	b = appendJSONNumber(b, o.T)
	if o.Text != "" {
		b = append(b, `,"text":`...)
		b = appendJSONString(b, o.Text)
	}
	if a := o.Action; a != nil {
		b = append(b, `,"name":`...)
		b = appendJSONString(b, a.Name)
		if len(a.Fields) > 0 {
			b = append(b, `,"fields":`...)
			b = a.Fields.AppendJSON(b)
		}
		b = append(b, `,"sent":`...)
		b = fmt.Appendf(b, "%v", a.Sent)
	}
	if p := o.Panel; p != nil {
		pj, _ := json.Marshal(p)
		b = append(b, `,"panel":`...)
		b = append(b, pj...)
	}
	return append(b, "}\n"...)
}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}

func appendJSONNumber(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, '0')
	}
	return fmt.Appendf(b, "%.4f", f)
}

// Manager runs the plugins of one session. It is not safe for concurrent
// use: every method runs on the simulation goroutine.
type Manager struct {
	opts    Options
	plugins []*Plugin
	world   *systems.World
	now     float64

	conv *converter
	objs map[uint32]*objInfo

	teleporting, teleportMoved bool
	// entering is the PlayerCreate guid until enter_world ran.
	entering uint32
	// selected is the object the plugins selected last (0: none).
	selected uint32
	panelID  int
	panels   []*Panel
	// recent are the last actions, for Status.
	recent []string
}

// objInfo is what the messages said about an object that the world does
// not keep: its name and weenie facts.
type objInfo struct {
	name     string
	itemType uint32
	setup    uint32
	wcid     uint32
}

// Plugin is one loaded plugin.
type Plugin struct {
	// Name is the file's base name without .lua.
	Name string
	// Path is the file as given to Load.
	Path string

	m        *Manager
	host     *luahost.Host
	handlers map[string][]*lua.LFunction
	timers   []*timer
	disabled error

	tokens     float64
	tokensAt   float64
	throttling bool
	// Throttled counts the actions refused by the rate limit; Actions the
	// actions taken.
	Throttled, Actions int
	panels             []*Panel
}

type timer struct {
	fn       *lua.LFunction
	next     float64
	interval float64 // 0: after (once)
	dead     bool
}

// New returns a Manager; SetWorld gives it the world to query.
func New(opts Options) *Manager {
	def := DefaultLimits
	l := &opts.Limits
	if l.Budget == 0 {
		l.Budget = def.Budget
	}
	if l.Timeout == 0 {
		l.Timeout = def.Timeout
	}
	if l.Memory == 0 {
		l.Memory = def.Memory
	}
	if l.MaxString == 0 {
		l.MaxString = def.MaxString
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	return &Manager{opts: opts, conv: newConverter(), objs: map[uint32]*objInfo{}}
}

// SetWorld sets the world the queries read.
func (m *Manager) SetWorld(w *systems.World) { m.world = w }

// Plugins returns the loaded plugins in load order.
func (m *Manager) Plugins() []*Plugin { return m.plugins }

// Panels returns every open panel, in creation order.
func (m *Manager) Panels() []*Panel { return m.panels }

// Selected is the object the plugins selected last (0: none).
func (m *Manager) Selected() uint32 { return m.selected }

// Disabled is why the plugin was disabled (nil while it runs).
func (p *Plugin) Disabled() error { return p.disabled }

// Close releases every plugin's Lua state.
func (m *Manager) Close() {
	for _, p := range m.plugins {
		p.host.Close()
	}
	m.plugins = nil
}

// Load loads a plugin file and runs its main chunk, which registers its
// handlers. A plugin whose main chunk fails is not kept: the error names
// its file:line.
func (m *Manager) Load(path string) (*Plugin, error) {
	name := strings.TrimSuffix(filepath.Base(path), ".lua")
	p := &Plugin{Name: name, Path: path, m: m, handlers: map[string][]*lua.LFunction{}, tokens: RateBurst}
	p.host = luahost.New(luahost.Options{Dir: filepath.Dir(path), Budget: LoadLimits.Budget, Timeout: LoadLimits.Timeout,
		Memory: LoadLimits.Memory, MaxString: LoadLimits.MaxString, Stdout: printer{p}})
	p.install()
	if err := p.host.RunFile(path); err != nil {
		p.host.Close()
		return nil, fmt.Errorf("plugin %s: %w", name, err)
	}
	l := m.opts.Limits
	if err := p.host.SetLimits(l.Budget, l.Timeout, l.Memory, l.MaxString); err != nil {
		p.host.Close()
		return nil, fmt.Errorf("plugin %s: %w", name, err)
	}
	p.tokensAt = m.now
	m.plugins = append(m.plugins, p)
	return p, nil
}

// printer is a plugin's print: each line is a plugin_print output.
type printer struct{ p *Plugin }

func (w printer) Write(b []byte) (int, error) {
	for line := range strings.SplitSeq(strings.TrimSuffix(string(b), "\n"), "\n") {
		w.p.m.out(Output{Event: "plugin_print", Plugin: w.p.Name, T: w.p.m.now, Text: line})
	}
	return len(b), nil
}

func (m *Manager) out(o Output) {
	if o.Event == "plugin_action" || o.Event == "plugin_throttled" {
		line := o.Plugin + ": " + o.Action.Name
		switch {
		case o.Event == "plugin_throttled":
			line += " refused (rate limit)"
		case o.Action.Sent:
			line += " sent"
		default:
			line += " (not sent)"
		}
		m.recent = append(m.recent, fmt.Sprintf("%7.2fs %s", o.T, line))
		if len(m.recent) > recentActions {
			m.recent = m.recent[len(m.recent)-recentActions:]
		}
	}
	if m.opts.Out != nil {
		m.opts.Out(o)
	}
}

// recentActions is how many actions Status lists.
const recentActions = 5

// Status is the plugins' lines for the viewer's HUD: each plugin that was
// disabled, with its file:line, and the last actions the plugins took
// (the outbound log, with each plugin's name). Empty when all is well and
// nothing was sent.
func (m *Manager) Status() string {
	var b strings.Builder
	for _, p := range m.plugins {
		if p.disabled != nil {
			msg := p.disabled.Error()
			var se *luahost.ScriptError
			if errors.As(p.disabled, &se) {
				msg = se.Message
			}
			fmt.Fprintf(&b, "plugin %s DISABLED: %s\n", p.Name, msg)
		}
	}
	if len(m.recent) > 0 {
		b.WriteString("plugin actions:\n")
		for _, l := range m.recent {
			b.WriteString("  " + l + "\n")
		}
	}
	return b.String()
}

// install sets the plugin API's globals.
func (p *Plugin) install() {
	h := p.host
	h.SetGlobalFunc("on", p.luaOn)
	h.SetGlobalFunc("every", func(L *lua.LState) int { return p.luaTimer(L, "every", true) })
	h.SetGlobalFunc("after", func(L *lua.LState) int { return p.luaTimer(L, "after", false) })
	h.SetGlobalFunc("now", func(L *lua.LState) int { L.Push(lua.LNumber(p.m.now)); return 1 })
	h.SetGlobalFunc("object", p.luaObject)
	h.SetGlobalFunc("objects", p.luaObjects)
	h.SetGlobalFunc("player", p.luaPlayer)
	h.SetGlobalFunc("say", p.luaSay)
	h.SetGlobalFunc("tell", p.luaTell)
	h.SetGlobalFunc("emote", p.luaEmote)
	h.SetGlobalFunc("use", p.luaUse)
	h.SetGlobalFunc("select", p.luaSelect)
	h.SetGlobalFunc("move_to", p.luaMoveTo)
	h.SetGlobalFunc("panel", p.luaPanel)
	L := h.State()
	L.SetGlobal("plugin_name", lua.LString(p.Name))
	p.m.conv.installIteration(L)
}

// resolveName maps on()'s name to a catalogue name or lifecycle event.
func resolveName(name string) (string, error) {
	if slices.Contains(lifecycle, name) {
		return name, nil
	}
	if catalogNames[name] {
		return name, nil
	}
	var found []string
	suffix := "_" + strings.ToLower(name)
	for _, n := range catalogList {
		if strings.HasSuffix(strings.ToLower(n), suffix) && !slices.Contains(found, n) {
			found = append(found, n)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		cands := slices.Clone(lifecycle)
		for _, n := range catalogList {
			cands = append(cands, n)
			if i := strings.IndexByte(n, '_'); i >= 0 {
				cands = append(cands, n[i+1:])
			}
		}
		return "", fmt.Errorf("no message, event or action is named %q%s (catalogue names are listed by `dereth decode --catalog`; lifecycle events: %s)", name, luahost.Suggestion(name, cands), strings.Join(lifecycle, ", "))
	}
	return "", fmt.Errorf("%q names several messages: %s; use the full name", name, strings.Join(found, ", "))
}

var (
	catalogNames = map[string]bool{}
	catalogList  []string
)

func init() {
	for _, d := range protocol.Catalog() {
		if !catalogNames[d.Name] {
			catalogNames[d.Name] = true
			catalogList = append(catalogList, d.Name)
		}
	}
}

// luaOn is on(name, fn).
func (p *Plugin) luaOn(L *lua.LState) int {
	name := L.CheckString(1)
	fn := L.CheckFunction(2)
	full, err := resolveName(name)
	if err != nil {
		L.RaiseError("on: %v", err)
	}
	n := 0
	for _, hs := range p.handlers {
		n += len(hs)
	}
	if n >= maxHandlers {
		L.RaiseError("on: a plugin may register at most %d handlers", maxHandlers)
	}
	p.handlers[full] = append(p.handlers[full], fn)
	L.Push(lua.LString(full))
	return 1
}

// luaTimer is every(seconds, fn) and after(seconds, fn); it returns a
// handle with cancel().
func (p *Plugin) luaTimer(L *lua.LState, what string, repeat bool) int {
	sec := float64(L.CheckNumber(1))
	fn := L.CheckFunction(2)
	if !(sec >= minInterval) || math.IsInf(sec, 0) {
		L.RaiseError("%s: the interval must be a finite number of seconds, at least %g, got %g", what, minInterval, sec)
	}
	live := 0
	for _, t := range p.timers {
		if !t.dead {
			live++
		}
	}
	if live >= maxTimers {
		L.RaiseError("%s: a plugin may have at most %d timers", what, maxTimers)
	}
	t := &timer{fn: fn, next: p.m.now + sec}
	if repeat {
		t.interval = sec
	}
	p.timers = append(p.timers, t)
	h := L.NewTable()
	h.RawSetString("cancel", L.NewFunction(func(L *lua.LState) int { t.dead = true; return 0 }))
	L.Push(h)
	return 1
}

// call runs one callback under the per-callback limits; a failure
// disables the plugin.
func (p *Plugin) call(fn *lua.LFunction, args ...lua.LValue) {
	if p.disabled != nil {
		return
	}
	if _, err := p.host.Call(fn, args...); err != nil {
		p.disable(err)
	}
}

// disable stops the plugin: no more handlers or timers; its panels stay,
// marked.
func (p *Plugin) disable(err error) {
	p.disabled = err
	clear(p.handlers)
	p.timers = nil
	msg := err.Error()
	var se *luahost.ScriptError
	if errors.As(err, &se) {
		msg = se.Message
	}
	fmt.Fprintf(p.m.opts.Stderr, "dereth: plugin %s disabled: %s\n", p.Name, msg)
	p.m.out(Output{Event: "plugin_disabled", Plugin: p.Name, T: p.m.now, Text: msg})
}

// wants reports whether any running plugin handles name.
func (m *Manager) wants(name string) bool {
	for _, p := range m.plugins {
		if len(p.handlers[name]) > 0 {
			return true
		}
	}
	return false
}

// Message delivers one message that the world applied (or that the
// client sent, dir "client") at session time t: lifecycle events it
// implies first run, then the handlers registered for its catalogue
// name, plugin by plugin in load order.
func (m *Manager) Message(t float64, dir string, msg protocol.Message) {
	if msg == nil {
		return
	}
	m.now = max(m.now, t)
	name := protocol.CatalogName(msg)
	m.track(msg, dir)
	if m.wants(name) {
		fields, info := m.conv.message(msg, name, dir, t)
		for _, p := range m.plugins {
			for _, fn := range p.handlers[name] {
				p.call(fn, fields, info)
			}
		}
	}
	if dir != "server" {
		return
	}
	defer m.enterWorld()
	switch name {
	case "Login_LoginCharacterSet":
		m.Lifecycle("login", nil)
	case "Login_CreatePlayer":
		if pc, ok := msg.(*protocol.PlayerCreate); ok {
			m.entering = pc.Guid
		}
	case "Effects_PlayerTeleport":
		m.teleporting, m.teleportMoved = true, false
		m.Lifecycle("teleport_begin", msg.Fields())
	}
}

// enterWorld runs enter_world once the player named by PlayerCreate
// stands in the world (its CreateObject may come before or after), so
// that player() answers in the handler.
func (m *Manager) enterWorld() {
	if m.entering == 0 || m.world == nil {
		return
	}
	if e, ok := m.world.Entity(m.entering); !ok || !m.world.ECS.Valid(e) {
		return
	}
	g := m.entering
	m.entering = 0
	m.Lifecycle("enter_world", protocol.Object{{Key: "guid", Value: protocol.Hex(g)}})
}

// track keeps the object facts the world does not hold.
func (m *Manager) track(msg protocol.Message, dir string) {
	if dir != "server" {
		return
	}
	switch v := msg.(type) {
	case *protocol.CreateObject:
		m.objs[v.Guid] = &objInfo{name: v.Weenie.Name, itemType: v.Weenie.ItemType, setup: v.Physics.Setup, wcid: v.Weenie.WeenieClassID}
	case *protocol.UpdateObject:
		m.objs[v.Guid] = &objInfo{name: v.Weenie.Name, itemType: v.Weenie.ItemType, setup: v.Physics.Setup, wcid: v.Weenie.WeenieClassID}
	case *protocol.DeleteObject:
		delete(m.objs, v.Guid)
	case *protocol.UpdatePosition:
		if m.teleporting && m.world != nil && v.Guid == m.world.PlayerGUID {
			m.teleportMoved = true
		}
	}
}

// Lifecycle runs the handlers of a lifecycle event with its fields.
func (m *Manager) Lifecycle(name string, fields protocol.Object) {
	if !m.wants(name) {
		return
	}
	ft, info := m.conv.fields(fields, name, "", m.now)
	for _, p := range m.plugins {
		for _, fn := range p.handlers[name] {
			p.call(fn, ft, info)
		}
	}
}

// Tick advances the session clock to t (at a frame boundary): the
// teleport end is noticed and due timers run, each at most once, plugin
// by plugin in load order.
func (m *Manager) Tick(t float64) {
	m.now = max(m.now, t)
	if m.teleporting && m.teleportMoved && (m.world == nil || !m.world.SmartBox.InPortalSpace()) {
		m.teleporting = false
		m.Lifecycle("teleport_end", nil)
	}
	for _, p := range m.plugins {
		if p.disabled != nil || len(p.timers) == 0 {
			continue
		}
		n := len(p.timers) // timers added by a callback wait for the next tick
		for i := 0; i < n && i < len(p.timers); i++ {
			tm := p.timers[i]
			if tm.dead || tm.next > m.now {
				continue
			}
			if tm.interval > 0 {
				tm.next += tm.interval
				if tm.next <= m.now {
					tm.next = m.now + tm.interval
				}
			} else {
				tm.dead = true
			}
			p.call(tm.fn)
		}
		p.timers = slices.DeleteFunc(p.timers, func(t *timer) bool { return t.dead })
	}
}

// Disconnect runs the disconnect handlers (the session ended; a replay
// reached the capture's end) with the reason.
func (m *Manager) Disconnect(reason string) {
	var f protocol.Object
	if reason != "" {
		f = protocol.Object{{Key: "reason", Value: reason}}
	}
	m.Lifecycle("disconnect", f)
}
