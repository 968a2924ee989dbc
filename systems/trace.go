package systems

import (
	"encoding/json"
	"fmt"
	"io"
)

// Event is one trace record. Stage events carry Schedule, Stage and Dt;
// hook, motion-done and queue events carry Kind and their own fields.
type Event struct {
	Frame    int     `json:"frame"`
	Obj      uint32  `json:"-"`
	Kind     string  `json:"kind"`
	Schedule string  `json:"schedule,omitempty"`
	Stage    string  `json:"stage,omitempty"`
	Dt       float64 `json:"dt"`
	Hook     string  `json:"hook,omitempty"`
	Phase    string  `json:"phase,omitempty"`
	Motion   uint32  `json:"motion,omitempty"`
	Ticks    uint32  `json:"ticks,omitempty"`
	Success  bool    `json:"success,omitempty"`
	Detail   string  `json:"detail,omitempty"`
}

// Event kinds.
const (
	KindStage      = "stage"
	KindHook       = "hook"
	KindMotionDone = "motion_done"
	KindQueue      = "queue"
)

// MarshalJSON writes the event with obj as "0x%08X".
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event
	return json.Marshal(struct {
		Obj string `json:"obj"`
		plain
	}{fmt.Sprintf("0x%08X", e.Obj), plain(e)})
}

// Tracer receives trace events. A nil Tracer is tracing off: the schedules
// then build no events at all.
type Tracer interface {
	Event(e *Event)
}

// Recorder keeps events in memory (tests, the Lua testbed).
type Recorder struct {
	Events []Event
}

// Event appends a copy of e.
func (r *Recorder) Event(e *Event) { r.Events = append(r.Events, *e) }

// JSONL writes one JSON object per line; the first write error sticks.
type JSONL struct {
	w   io.Writer
	Err error
}

// NewJSONL returns a tracer writing JSON Lines to w.
func NewJSONL(w io.Writer) *JSONL { return &JSONL{w: w} }

// Event writes e as one line.
func (j *JSONL) Event(e *Event) {
	if j.Err != nil {
		return
	}
	b, err := json.Marshal(*e)
	if err == nil {
		b = append(b, '\n')
		_, err = j.w.Write(b)
	}
	j.Err = err
}

// Tee fans events out to several tracers.
type Tee []Tracer

// Event hands e to each tracer.
func (t Tee) Event(e *Event) {
	for _, tr := range t {
		tr.Event(e)
	}
}
