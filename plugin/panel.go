package plugin

import (
	"fmt"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/testbed/luahost"
)

// Panel bounds.
const (
	maxPanels    = 8   // per plugin
	maxLines     = 40  // per panel
	maxLineBytes = 200 // per line (longer lines are cut)
)

// PanelState is a panel as the viewer draws it and connect --headless
// prints it.
type PanelState struct {
	ID     int      `json:"id"`
	Plugin string   `json:"plugin"`
	Title  string   `json:"title"`
	Lines  []string `json:"lines"`
	// X and Y are the top-left corner in pixels when the plugin placed
	// the panel; Auto panels are stacked by Layout so none overlap.
	X       int  `json:"x"`
	Y       int  `json:"y"`
	Auto    bool `json:"auto"`
	Visible bool `json:"visible"`
	Closed  bool `json:"closed,omitempty"`
}

// Panel is one plugin panel.
type Panel struct {
	PanelState
	p *Plugin
}

func (pn *Panel) changed() {
	st := pn.PanelState
	st.Lines = append([]string(nil), pn.Lines...)
	pn.p.m.out(Output{Event: "plugin_panel", Plugin: pn.p.Name, T: pn.p.m.now, Panel: &st})
}

// MoveTo places the panel at x, y (the viewer's drag): it is no longer
// stacked automatically.
func (pn *Panel) MoveTo(x, y int) { pn.X, pn.Y, pn.Auto = x, y, false }

// lines reads a list of strings.
func lines(L *lua.LState, v lua.LValue) []string {
	t, ok := v.(*lua.LTable)
	if !ok {
		if v == lua.LNil {
			return nil
		}
		L.RaiseError("panel lines are a list of strings, got %s", v.Type())
	}
	n := t.Len()
	if n > maxLines {
		L.RaiseError("a panel holds at most %d lines, got %d", maxLines, n)
	}
	out := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		s := lua.LVAsString(L.ToStringMeta(t.RawGetInt(i)))
		if len(s) > maxLineBytes {
			s = s[:maxLineBytes]
		}
		out = append(out, s)
	}
	return out
}

// luaPanel is panel{title=, lines=, x=, y=}: a new visible panel and its
// handle, whose methods set_lines(list), set_title(s), show(), hide()
// and close() change it.
func (p *Plugin) luaPanel(L *lua.LState) int {
	spec := L.CheckTable(1)
	luahost.Fields(L, spec, "panel", "title", "lines", "x", "y")
	open := 0
	for _, pn := range p.panels {
		if !pn.Closed {
			open++
		}
	}
	if open >= maxPanels {
		L.RaiseError("panel: a plugin may have at most %d panels", maxPanels)
	}
	p.m.panelID++
	pn := &Panel{p: p, PanelState: PanelState{ID: p.m.panelID, Plugin: p.Name, Visible: true, Auto: true}}
	pn.Title = lua.LVAsString(spec.RawGetString("title"))
	if pn.Title == "" {
		pn.Title = p.Name
	}
	pn.Lines = lines(L, spec.RawGetString("lines"))
	x, xok := spec.RawGetString("x").(lua.LNumber)
	y, yok := spec.RawGetString("y").(lua.LNumber)
	if xok || yok {
		pn.X, pn.Y, pn.Auto = int(x), int(y), false
	}
	p.panels = append(p.panels, pn)
	p.m.panels = append(p.m.panels, pn)
	pn.changed()

	h := L.NewTable()
	h.RawSetString("id", lua.LNumber(pn.ID))
	method := func(f func(L *lua.LState)) *lua.LFunction {
		return L.NewFunction(func(L *lua.LState) int {
			if pn.Closed {
				L.RaiseError("panel %d is closed", pn.ID)
			}
			f(L)
			pn.changed()
			return 0
		})
	}
	h.RawSetString("set_lines", method(func(L *lua.LState) { pn.Lines = lines(L, L.Get(2)) }))
	h.RawSetString("set_title", method(func(L *lua.LState) { pn.Title = L.CheckString(2) }))
	h.RawSetString("show", method(func(L *lua.LState) { pn.Visible = true }))
	h.RawSetString("hide", method(func(L *lua.LState) { pn.Visible = false }))
	h.RawSetString("close", method(func(L *lua.LState) {
		pn.Closed, pn.Visible = true, false
		for i, q := range p.m.panels {
			if q == pn {
				p.m.panels = append(p.m.panels[:i], p.m.panels[i+1:]...)
				break
			}
		}
	}))
	L.Push(h)
	return 1
}

// Rect is a panel's place on screen in pixels.
type Rect struct{ X, Y, W, H int }

// Overlaps reports whether two rectangles share any pixel.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

// Layout places the visible panels on a screenW×screenH screen: a panel
// is as wide as its longest line (charW pixels a character, plus a
// margin) and (1 + lines) × lineH high plus a margin; placed panels keep
// their X and Y. Auto panels, in creation order, each take the first spot
// that fits on the screen clear of the placed ones, of the auto panels
// before them and of avoid (what the viewer already shows: its HUD, chat,
// maps), trying the rightmost column first and in it the highest spot: a
// column along the right edge, then left of whatever blocks it. So panels
// from different plugins never overlap one another or the HUD unless a
// plugin placed one over another. An auto panel with no such spot goes
// below everything at the right edge (off the bottom of a screen too
// full for it).
func Layout(panels []*Panel, screenW, screenH, lineH, charW int, avoid ...Rect) []Rect {
	const margin, gap = 6, 4
	out := make([]Rect, len(panels))
	size := func(pn *Panel) (int, int) {
		w := len(pn.Title)
		for _, l := range pn.Lines {
			w = max(w, len(l))
		}
		return w*charW + 2*margin, (1+len(pn.Lines))*lineH + 2*margin
	}
	placed := append([]Rect(nil), avoid...)
	for i, pn := range panels {
		if !pn.Visible || pn.Auto {
			continue
		}
		w, h := size(pn)
		out[i] = Rect{pn.X, pn.Y, w, h}
		placed = append(placed, out[i])
	}
	clear := func(r Rect) bool {
		for _, q := range placed {
			if r.Overlaps(q) {
				return false
			}
		}
		return true
	}
	for i, pn := range panels {
		if !pn.Visible || !pn.Auto {
			continue
		}
		w, h := size(pn)
		xs := []int{screenW - w - gap}
		ys := []int{gap}
		bottom := gap
		for _, q := range placed {
			xs = append(xs, q.X-w-gap)
			ys = append(ys, q.Y+q.H+gap)
			bottom = max(bottom, q.Y+q.H+gap)
		}
		slices.SortFunc(xs, func(a, b int) int { return b - a })
		slices.Sort(ys)
		r, found := Rect{max(0, screenW-w-gap), bottom, w, h}, false
		for _, x := range xs {
			if x < 0 || x+w > screenW || found {
				continue
			}
			for _, y := range ys {
				if c := (Rect{x, y, w, h}); y+h <= screenH && clear(c) {
					r, found = c, true
					break
				}
			}
		}
		out[i] = r
		placed = append(placed, r)
	}
	return out
}

// String describes a panel for logs.
func (pn *Panel) String() string { return fmt.Sprintf("panel %d %q of %s", pn.ID, pn.Title, pn.Plugin) }
