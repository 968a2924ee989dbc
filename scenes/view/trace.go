package view

import (
	"fmt"

	"github.com/dereth/dereth/systems"
)

// TraceSize is how many events a TraceTail keeps.
const TraceSize = 256

// TraceTail is a systems.Tracer keeping the most recent events of one
// watched object (and nothing else), for the HUD's stage trace. The viewer
// installs it only while the HUD shows a selection, so tracing stays off
// otherwise.
type TraceTail struct {
	// Watch is the guid recorded.
	Watch uint32
	// Next, when set, also receives every event (a tracer main installed).
	Next systems.Tracer

	ring [TraceSize]systems.Event
	n    int
}

// Event implements systems.Tracer.
func (t *TraceTail) Event(e *systems.Event) {
	if t.Next != nil {
		t.Next.Event(e)
	}
	if e.Obj != t.Watch || t.Watch == 0 {
		return
	}
	t.ring[t.n%TraceSize] = *e
	t.n++
}

// Reset forgets the kept events and watches guid.
func (t *TraceTail) Reset(guid uint32) {
	t.Watch, t.n = guid, 0
}

// Tail returns the kept events of the last frames frames, oldest first.
func (t *TraceTail) Tail(frames int) []systems.Event {
	k := min(t.n, TraceSize)
	if k == 0 {
		return nil
	}
	last := t.ring[(t.n-1)%TraceSize].Frame
	var out []systems.Event
	for i := t.n - k; i < t.n; i++ {
		if e := t.ring[i%TraceSize]; e.Frame > last-frames {
			out = append(out, e)
		}
	}
	return out
}

// EventLine formats one trace event for the HUD.
func EventLine(e systems.Event) string {
	switch e.Kind {
	case systems.KindStage:
		return fmt.Sprintf("f%d %s %s dt=%.4f", e.Frame, e.Schedule, e.Stage, e.Dt)
	case systems.KindHook:
		return fmt.Sprintf("f%d hook %s (%s)", e.Frame, e.Hook, e.Phase)
	case systems.KindMotionDone:
		return fmt.Sprintf("f%d MotionDone %s ok=%v", e.Frame, cmdName(e.Motion), e.Success)
	case systems.KindQueue:
		return fmt.Sprintf("f%d %s += %s ×%d", e.Frame, e.Detail, cmdName(e.Motion), e.Ticks)
	}
	return fmt.Sprintf("f%d %s", e.Frame, e.Kind)
}
