package systems

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/dereth/dereth/dat"
)

// Kind is what a trace event records.
type Kind string

// Event kinds.
const (
	KindStage      Kind = "stage"       // a schedule stage or frame step ran
	KindHook       Kind = "hook"        // an animation or script hook was captured or executed
	KindMotionDone Kind = "motion_done" // a motion completed (CPhysicsObj::MotionDone)
	KindQueue      Kind = "queue"       // an entry joined pending_animations
	KindMessage    Kind = "message"     // an inbound message was applied or dropped
	KindCollision  Kind = "collision"   // the transition's outcome: a contact (Detail: what), hit_ground or leave_ground
)

// Kinds are every event kind a World traces (residency.go adds stream
// and travel), in the order docs/scripting.md lists them.
var Kinds = []Kind{KindStage, KindHook, KindMotionDone, KindQueue, KindMessage, KindCollision, KindStream, KindTravel}

// Phase is where a hook event happened.
type Phase string

// Hook phases.
const (
	PhaseCapture  Phase = "capture"  // process_hooks captured it
	PhaseDeferred Phase = "deferred" // the frame's deferred drain ran it
	PhaseScript   Phase = "script"   // a physics script ran it at once
	PhasePhysics  Phase = "physics"  // a physics hook ran (process_hooks)
)

// Reason says why an inbound message was dropped or ignored; empty when
// it was applied.
type Reason string

// Drop reasons.
const (
	ReasonUnknownObject         Reason = "unknown_object"          // no object with the guid
	ReasonStaleInstance         Reason = "stale_instance"          // an older incarnation's message
	ReasonStaleSequence         Reason = "stale_sequence"          // the message's own stamp is not newer
	ReasonStaleMovementSequence Reason = "stale_movement_sequence" // SetObjectMovement's gates refused it
	ReasonObjectExists          Reason = "object_exists"           // CreateObject for a live object, not newer
	ReasonOwnMovement           Reason = "own_autonomous_movement" // the player's own autonomous movement echoed
	ReasonOwnPosition           Reason = "own_position"            // the player's own position echoed
	ReasonNoScript              Reason = "no_script"               // PlayEffect named no script in the table
	ReasonUnknownMovementType   Reason = "unknown_movement_type"   // MovementData of a type the client ignores
	ReasonBadValue              Reason = "bad_value"               // a NaN, ±Inf or out-of-bounds number (Detail names the field)
)

// Reasons lists every drop reason (for scripts and docs).
var Reasons = []Reason{ReasonUnknownObject, ReasonStaleInstance, ReasonStaleSequence,
	ReasonStaleMovementSequence, ReasonObjectExists, ReasonOwnMovement, ReasonOwnPosition,
	ReasonNoScript, ReasonUnknownMovementType, ReasonBadValue}

// Event is one trace record. Stage events carry Schedule, Stage and Dt;
// hook, motion-done, queue and message events carry their own fields.
type Event struct {
	Frame    int     `json:"frame"`
	Obj      uint32  `json:"-"`
	Kind     Kind    `json:"kind"`
	Schedule string  `json:"schedule,omitempty"`
	Stage    string  `json:"stage,omitempty"`
	Dt       float64 `json:"dt"`
	Hook     string  `json:"hook,omitempty"`
	Phase    Phase   `json:"phase,omitempty"`
	Motion   uint32  `json:"motion,omitempty"`
	Ticks    uint32  `json:"ticks,omitempty"`
	Success  bool    `json:"success,omitempty"`
	// Message is the inbound message a message event is about.
	Message string `json:"message,omitempty"`
	// Reason is why the message was dropped (empty: applied).
	Reason Reason `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// MarshalJSON writes the event with obj as "0x%08X".
func (e Event) MarshalJSON() ([]byte, error) {
	type plain Event
	return json.Marshal(struct {
		Obj string `json:"obj"`
		plain
	}{fmt.Sprintf("0x%08X", e.Obj), plain(e)})
}

// Tracer receives trace events. A nil Tracer is tracing off: the schedules
// then build no events at all. The event is valid only during the call
// (the world reuses one); a tracer that keeps it keeps a copy.
type Tracer interface {
	Event(e *Event)
}

// emit hands e to the tracer (which must be set) through the world's one
// event, so that tracing does not allocate an event per stage.
func (w *World) emit(e Event) {
	w.event = e
	w.Trace.Event(&w.event)
}

// DefaultRecorderLimit is the event budget of a Recorder with no Limit.
const DefaultRecorderLimit = 1 << 16

// Recorder keeps the most recent events in memory (tests, the Lua
// testbed). It is bounded: once Limit events are held, the oldest half is
// dropped, so memory stays under Limit events however long it runs.
type Recorder struct {
	Events []Event
	// Limit bounds Events (DefaultRecorderLimit when 0).
	Limit int
	// Dropped counts the events discarded to stay under Limit.
	Dropped int
}

// Event appends a copy of e, first dropping the oldest half when full.
func (r *Recorder) Event(e *Event) {
	limit := r.Limit
	if limit <= 0 {
		limit = DefaultRecorderLimit
	}
	if len(r.Events) >= limit {
		keep := limit / 2
		n := copy(r.Events, r.Events[len(r.Events)-keep:])
		r.Dropped += len(r.Events) - n
		r.Events = r.Events[:n]
	}
	r.Events = append(r.Events, *e)
}

// Reset forgets every event.
func (r *Recorder) Reset() {
	r.Events = r.Events[:0]
	r.Dropped = 0
}

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

// machineTrace is the World as every object's motion.Observer: it traces
// the animation machine's captured hooks, queue entries and completions,
// then hands them to World.Watch. It is a view of the World:
// (*machineTrace)(w).
type machineTrace World

// HookCaptured traces a hook process_hooks captured (motion.Observer).
func (o *machineTrace) HookCaptured(guid uint32, h *dat.AnimHook) {
	w := (*World)(o)
	if w.Trace != nil {
		w.emit(Event{Frame: w.FrameNo, Obj: guid, Kind: KindHook, Hook: h.Type.String(), Phase: PhaseCapture})
	}
	if w.Watch != nil {
		w.Watch.HookCaptured(guid, h)
	}
}

// MotionQueued traces an entry added to pending_animations (motion.Observer).
func (o *machineTrace) MotionQueued(guid, m, n uint32) {
	w := (*World)(o)
	if w.Trace != nil {
		w.emit(Event{Frame: w.FrameNo, Obj: guid, Kind: KindQueue, Detail: "pending_animations", Motion: m, Ticks: n})
	}
	if w.Watch != nil {
		w.Watch.MotionQueued(guid, m, n)
	}
}

// MotionCompleted traces a completed motion (motion.Observer).
func (o *machineTrace) MotionCompleted(guid, m uint32, success bool) {
	w := (*World)(o)
	if w.Trace != nil {
		w.emit(Event{Frame: w.FrameNo, Obj: guid, Kind: KindMotionDone, Motion: m, Success: success})
	}
	if w.Watch != nil {
		w.Watch.MotionCompleted(guid, m, success)
	}
}
