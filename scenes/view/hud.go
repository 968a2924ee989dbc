package view

import (
	"fmt"
	"strings"
	"time"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/systems"
)

// Stats are the frame figures the HUD shows.
type Stats struct {
	FPS, TPS float64
	// SimRatio is simulated over real time (RealClock.Ratio): 1 when the
	// world runs in real time.
	SimRatio float64
	// Tick is the last World.Step; Build the last frame's drawing on the
	// CPU: Renderer.Build and the draw call's submission.
	Tick, Build time.Duration
	// Tris and DrawCalls are the last frame's triangles and draw calls.
	Tris, DrawCalls int
	// Unmeasured says the wall-clock figures (FPS, TPS, SimRatio, Tick,
	// Build) are not shown: a screenshot run, whose picture must be the
	// same bytes every run, shows NotMeasured in their place.
	Unmeasured bool
}

// NotMeasured stands in the HUD for a wall-clock figure a screenshot run
// does not show (Stats.Unmeasured).
const NotMeasured = "--"

// StatsText is the HUD's first two lines: frame rate and time, then the
// costs. With s.Unmeasured the wall-clock figures read NotMeasured; the
// frame, the world time, the triangles and the draw calls are shown
// either way.
func StatsText(w *systems.World, s Stats) string {
	if s.Unmeasured {
		const m = NotMeasured
		return fmt.Sprintf("FPS %s  sim/real %s  frame %d  t=%.2fs\nTPS %s  tick %s ms  draw %s ms  tris %d  draw calls %d",
			m, m, w.FrameNo, w.Now, m, m, m, s.Tris, s.DrawCalls)
	}
	return fmt.Sprintf("FPS %.1f  sim/real %.2f  frame %d  t=%.2fs\nTPS %.1f  tick %.2f ms  draw %.2f ms  tris %d  draw calls %d",
		s.FPS, s.SimRatio, w.FrameNo, w.Now, s.TPS, ms(s.Tick), ms(s.Build), s.Tris, s.DrawCalls)
}

// NetText is a live session's HUD line: server datagrams verified and
// dropped (from elsewhere, malformed, bad checksums, repeats), our packets
// resent, and server messages lost.
func NetText(verified, dropped, resent, lost int) string {
	return fmt.Sprintf("net: verified %d  dropped %d  resent %d  lost %d", verified, dropped, resent, lost)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// MaxListed is how many entities the list shows.
const MaxListed = 16

// Entities returns the world's object guids in table order: the object
// table, then the static workset.
func Entities(w *systems.World) []uint32 {
	out := make([]uint32, 0, len(w.Objects)+len(w.Static))
	for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for _, e := range list {
			out = append(out, components.PhysicsObj.Get(w.ECS.Entry(e)).GUID)
		}
	}
	return out
}

// NextSelection returns the guid after cur in table order (Tab), the
// first when cur is 0 or gone, 0 for an empty world.
func NextSelection(w *systems.World, cur uint32) uint32 {
	all := Entities(w)
	if len(all) == 0 {
		return 0
	}
	for i, g := range all {
		if g == cur {
			return all[(i+1)%len(all)]
		}
	}
	return all[0]
}

// EntityList is the HUD's entity list, the selection marked.
func EntityList(w *systems.World, sel uint32) string {
	var b strings.Builder
	n := len(w.Objects) + len(w.Static)
	fmt.Fprintf(&b, "entities: %d (%d ordinary, %d static)\n", n, len(w.Objects), len(w.Static))
	var v components.View
	i := 0
	for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
		for _, e := range list {
			if i == MaxListed {
				fmt.Fprintf(&b, "  ... %d more\n", n-MaxListed)
				return b.String()
			}
			i++
			if !v.Resolve(w.ECS, e) {
				continue
			}
			mark := " "
			if v.Phys.GUID == sel {
				mark = ">"
			}
			fmt.Fprintf(&b, "%s 0x%08X %-9s %s\n", mark, v.Phys.GUID, v.Name, substateName(&v))
		}
	}
	return b.String()
}

func substateName(o *components.View) string {
	if o.Parts == nil || o.Parts.Manager == nil {
		if o.Parts != nil && o.Parts.Sequence.HasAnims() {
			return "(default animation)"
		}
		return "-"
	}
	return motioncmd.Name(o.Parts.Manager.State.Substate)
}

// EntityText is the HUD's selected-entity panel: identity, position,
// motion state, the Sequence nodes, both pending queues, the managers
// present and the stage-trace tail (nil: none recorded).
func EntityText(o *components.View, trace []systems.Event) string {
	if o == nil {
		return "no selection (click an entity or press Tab)"
	}
	var b strings.Builder
	p := o.Phys
	fmt.Fprintf(&b, "guid 0x%08X  archetype %s\n", p.GUID, o.Name)
	org := p.Position.Frame.Origin
	heading := motion.FrameHeading(p.Position.Frame) // clockwise from north, as scripts give it
	fmt.Fprintf(&b, "cell 0x%08X  pos (%.2f, %.2f, %.2f)  heading %.0f°\n", p.Position.Cell, org.X, org.Y, org.Z, heading)
	if pa := o.Parts; pa != nil && pa.Manager != nil {
		s := pa.Manager.State
		fmt.Fprintf(&b, "style %s  substate %s  speed %.2f", motioncmd.Name(s.Style), motioncmd.Name(s.Substate), s.SubstateMod)
		for _, m := range s.Modifiers {
			fmt.Fprintf(&b, "  +%s×%.2f", motioncmd.Name(m.ID), m.SpeedMod)
		}
		b.WriteByte('\n')
	} else {
		b.WriteString("no motion table\n")
	}
	if o.Movement != nil && o.Movement.Interp != nil {
		s := o.Movement.Interp.Interpreted
		fmt.Fprintf(&b, "interpreted fwd %s×%.2f side %s×%.2f turn %s×%.2f\n",
			motioncmd.Name(s.ForwardCommand), s.ForwardSpeed, cmdName(s.SideStepCommand), s.SideStepSpeed,
			cmdName(s.TurnCommand), s.TurnSpeed)
	}
	if pa := o.Parts; pa != nil {
		seq := &pa.Sequence
		fmt.Fprintf(&b, "sequence: %d nodes\n", seq.Len())
		for n := seq.Head(); n != nil; n = n.Next() {
			mark := " "
			if n == seq.CurrAnim() {
				mark = ">"
			}
			cyc := ""
			if n == seq.FirstCyclic() {
				cyc = " (first cyclic)"
			}
			id := uint32(0)
			if n.Anim != nil {
				id = n.Anim.ID
			}
			fmt.Fprintf(&b, " %s 0x%08X frames %d..%d @%.0f/s%s", mark, id, n.LowFrame, n.HighFrame, n.Framerate, cyc)
			if n == seq.CurrAnim() {
				fmt.Fprintf(&b, " frame %.2f", seq.FrameNumber)
			}
			b.WriteByte('\n')
		}
		if m := pa.Manager; m != nil {
			fmt.Fprintf(&b, "pending_animations (counter %d):", m.AnimationCounter)
			for _, e := range m.Pending {
				fmt.Fprintf(&b, " %s×%d", motioncmd.Name(e.Motion), e.NumAnims)
			}
			if len(m.Pending) == 0 {
				b.WriteString(" none")
			}
			b.WriteByte('\n')
		}
	}
	if o.Movement != nil && o.Movement.Interp != nil {
		b.WriteString("pending_motions:")
		for _, n := range o.Movement.Interp.Pending {
			fmt.Fprintf(&b, " %s(ctx %d)", motioncmd.Name(n.Motion), n.ContextID)
		}
		if len(o.Movement.Interp.Pending) == 0 {
			b.WriteString(" none")
		}
		b.WriteByte('\n')
	}
	b.WriteString("managers: " + Managers(o) + "\n")
	if len(trace) > 0 {
		b.WriteString("trace:\n")
		for _, e := range trace {
			b.WriteString("  " + EventLine(e) + "\n")
		}
	}
	return b.String()
}

// Managers names the managers an object carries.
func Managers(o *components.View) string {
	var l []string
	add := func(ok bool, name string) {
		if ok {
			l = append(l, name)
		}
	}
	add(o.Parts != nil && o.Parts.Manager != nil, "MotionTable")
	add(o.Movement != nil, "Movement")
	add(o.Position != nil, "Position")
	add(o.Target != nil, "Target")
	add(o.Detection != nil, "Detection")
	if o.Particle != nil {
		l = append(l, fmt.Sprintf("Particle(%d emitters, %d particles)", len(o.Particle.Emitters), o.Particle.Count()))
	}
	add(o.Script != nil, "Script")
	add(o.Hooks != nil, "PhysicsHooks")
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, " ")
}

func cmdName(c uint32) string {
	if c == 0 {
		return "-"
	}
	return motioncmd.Name(c)
}
