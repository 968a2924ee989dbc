package motion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion/motiontest"
	"github.com/dereth/dereth/motioncmd"
)

// A journal records the whole animation machine of one object after each
// step of a scenario: the sequence's nodes and accumulators, the
// MotionTableManager's state and queue, the interpreter's raw and
// interpreted states and queue, the physics facts it touches, the hooks
// captured and the motions completed. Comparing it with the file in
// testdata/journal pins every observable effect of the retail functions
// the scenario drives; go test ./motion -run Journal -update rewrites the
// files after a deliberate change (review the diff).
type journal struct {
	b  strings.Builder
	ev strings.Builder // events of the step in progress
	o  *Object
}

func newJournal(o *Object) *journal {
	j := &journal{o: o}
	o.Obs = j
	return j
}

// The journal observes the object: completions and queue entries are
// logged as they happen.
func (j *journal) HookCaptured(_ uint32, h *dat.AnimHook) {
	fmt.Fprintf(&j.ev, "  hook %d dir %d id %d\n", h.Type, h.Direction, h.ID)
}
func (j *journal) MotionQueued(_, m, n uint32) {
	fmt.Fprintf(&j.ev, "  queued %s:%d\n", motioncmd.Name(m), n)
}
func (j *journal) MotionCompleted(_, m uint32, ok bool) {
	fmt.Fprintf(&j.ev, "  done %s %v\n", motioncmd.Name(m), ok)
}

// The journals' number, vector and command formats (package motiontest).
var (
	g   = motiontest.G
	v3  = motiontest.V3
	cmd = motiontest.Cmd
)

// step logs what a step returned, the events it caused, then the whole
// machine.
func (j *journal) step(format string, args ...any) {
	fmt.Fprintf(&j.b, "## "+format+"\n", args...)
	j.b.WriteString(j.ev.String())
	j.ev.Reset()
	j.snapshot()
}

func (j *journal) snapshot() {
	o, b := j.o, &j.b
	if pa := o.Parts; pa != nil {
		b.WriteString("  seq" + describeSeq(&pa.Sequence) + "\n")
		if m := pa.Manager; m != nil {
			fmt.Fprintf(b, "  mtable %s pending %v counter %d\n", describeState(&m.State), animNodes(m.Pending), m.AnimationCounter)
		}
	}
	if mi := o.Interp(); mi != nil {
		r, s := &mi.Raw, &mi.Interpreted
		fmt.Fprintf(b, "  raw hold %d style %s fwd %s/%d/%s side %s/%d/%s turn %s/%d/%s actions %s\n", r.CurrentHoldKey, cmd(r.CurrentStyle),
			cmd(r.ForwardCommand), r.ForwardHoldKey, g(float64(r.ForwardSpeed)), cmd(r.SideStepCommand), r.SideStepHoldKey, g(float64(r.SideStepSpeed)),
			cmd(r.TurnCommand), r.TurnHoldKey, g(float64(r.TurnSpeed)), actions(r.Actions))
		fmt.Fprintf(b, "  interp style %s fwd %s/%s side %s/%s turn %s/%s actions %s\n", cmd(s.CurrentStyle), cmd(s.ForwardCommand), g(float64(s.ForwardSpeed)),
			cmd(s.SideStepCommand), g(float64(s.SideStepSpeed)), cmd(s.TurnCommand), g(float64(s.TurnSpeed)), actions(s.Actions))
		var pend []string
		for _, p := range mi.Pending {
			pend = append(pend, fmt.Sprintf("%d:%s:%#x", p.ContextID, cmd(p.Motion), uint32(p.JumpError)))
		}
		fmt.Fprintf(b, "  minterp pending [%s] initted %v slj %v extent %s runrate %s stamp %#x speedfactor %s\n", strings.Join(pend, " "),
			mi.Initted, mi.StandingLongJump, g(float64(mi.JumpExtent)), g(float64(mi.MyRunRate)), mi.ServerActionStamp, g(float64(mi.CurrentSpeedFactor)))
	}
	p := o.Phys
	fmt.Fprintf(b, "  phys cell %#x vel %s state %#x transient %#x work %#x hooks %d\n", p.Position.Cell, v3(p.Velocity), uint32(p.State), uint32(p.Transient), uint16(p.Work), len(o.AnimHooks))
}

// describeSeq renders a sequence: each node (> current, * first cyclic)
// with its frames, framerate and carried physics, then the frame number
// and the accumulators.
func describeSeq(s *Sequence) string {
	var b strings.Builder
	for n := s.Head(); n != nil; n = n.Next() {
		mark := " "
		if n == s.CurrAnim() {
			mark = ">"
		}
		if n == s.FirstCyclic() {
			mark += "*"
		}
		id := uint32(0)
		if n.Anim != nil {
			id = n.Anim.ID & 0xFFFF
		}
		fmt.Fprintf(&b, " %s%x[%d-%d@%s v%s w%s]", mark, id, n.LowFrame, n.HighFrame, g(float64(n.Framerate)), v3(n.Velocity), v3(n.Omega))
	}
	fmt.Fprintf(&b, " len %d frame %s vel %s omega %s placement %v", s.Len(), g(s.FrameNumber), v3(s.Velocity), v3(s.Omega), s.PlacementFrame != nil)
	return b.String()
}

// describeState renders a MotionState.
func describeState(st *State) string {
	return fmt.Sprintf("%s %s %s mods %s actions %s", cmd(st.Style), cmd(st.Substate), g(float64(st.SubstateMod)), motions(st.Modifiers), motions(st.Actions))
}

func motions(ms []Motion) string {
	var s []string
	for _, m := range ms {
		s = append(s, cmd(m.ID)+"@"+g(float64(m.SpeedMod)))
	}
	return "[" + strings.Join(s, " ") + "]"
}

func actions(as []Action) string {
	var s []string
	for _, a := range as {
		s = append(s, fmt.Sprintf("%s@%s#%d/%v", cmd(a.Motion), g(float64(a.Speed)), a.Stamp, a.Autonomous))
	}
	return "[" + strings.Join(s, " ") + "]"
}

func animNodes(ns []AnimNode) string {
	var s []string
	for _, n := range ns {
		s = append(s, fmt.Sprintf("%s:%d", cmd(n.Motion), n.NumAnims))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// tickJ advances the object like tick and journals it.
func (j *journal) tick(dt float64) {
	f := tick(j.o, dt)
	j.step("tick %s → root %s %s", g(dt), v3(f.Origin), g(float64(f.Orientation.Z)))
}

// check compares the journal with testdata/journal/name.txt.
func (j *journal) check(t *testing.T, name string) {
	t.Helper()
	motiontest.CheckJournal(t, name, j.b.String())
}
