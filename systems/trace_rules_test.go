package systems

import (
	"bytes"
	"errors"
	"testing"
)

// TestRecorderBound pins the Recorder's bound (trace.go): at Limit events
// the oldest half goes, counted in Dropped; a Limit of 0 or less is
// DefaultRecorderLimit; Reset forgets events and the count.
func TestRecorderBound(t *testing.T) {
	r := &Recorder{Limit: 4}
	for i := 1; i <= 5; i++ {
		r.Event(&Event{Frame: i})
	}
	if len(r.Events) != 3 || r.Events[0].Frame != 3 || r.Events[2].Frame != 5 || r.Dropped != 2 {
		t.Fatalf("after 5 events at limit 4: %v, dropped %d; want frames 3 4 5, 2 dropped", r.Events, r.Dropped)
	}
	one := &Recorder{Limit: 1}
	one.Event(&Event{Frame: 1})
	one.Event(&Event{Frame: 2})
	if len(one.Events) != 1 || one.Events[0].Frame != 2 || one.Dropped != 1 {
		t.Fatalf("limit 1: %v, dropped %d; want only the newest", one.Events, one.Dropped)
	}
	if DefaultRecorderLimit != 65536 {
		t.Fatalf("DefaultRecorderLimit %d, want the documented 65,536 (docs/scripting.md, dereth run --trace-events)", DefaultRecorderLimit)
	}
	r.Reset()
	if len(r.Events) != 0 || r.Dropped != 0 {
		t.Fatalf("after Reset: %d events, %d dropped", len(r.Events), r.Dropped)
	}
	for _, limit := range []int{0, -1} {
		r := &Recorder{Limit: limit}
		for i := 0; i < DefaultRecorderLimit; i++ {
			r.Event(&Event{Frame: i})
		}
		if len(r.Events) != DefaultRecorderLimit || r.Dropped != 0 {
			t.Fatalf("limit %d: %d events, %d dropped at the default limit", limit, len(r.Events), r.Dropped)
		}
		r.Event(&Event{Frame: DefaultRecorderLimit})
		if len(r.Events) != DefaultRecorderLimit/2+1 || r.Dropped != DefaultRecorderLimit/2 {
			t.Fatalf("limit %d: %d events, %d dropped past the default limit", limit, len(r.Events), r.Dropped)
		}
	}
}

type failWriter struct{ writes int }

func (f *failWriter) Write(b []byte) (int, error) { f.writes++; return 0, errors.New("disk full") }

// TestJSONLAndTee pins the JSON Lines tracer (one object a line, obj as
// 0x%08X; the first write error sticks and stops writing) and Tee (every
// tracer sees every event).
func TestJSONLAndTee(t *testing.T) {
	var buf bytes.Buffer
	j := NewJSONL(&buf)
	rec := &Recorder{}
	tee := Tee{j, rec}
	tee.Event(&Event{Frame: 1, Obj: 0x50000001, Kind: KindMessage, Message: "SetState"})
	tee.Event(&Event{Frame: 2, Obj: 0xA, Kind: KindStage})
	want := `{"obj":"0x50000001","frame":1,"kind":"message","dt":0,"message":"SetState"}` + "\n" +
		`{"obj":"0x0000000A","frame":2,"kind":"stage","dt":0}` + "\n"
	if buf.String() != want || j.Err != nil {
		t.Fatalf("JSONL wrote %q (err %v), want %q", buf.String(), j.Err, want)
	}
	if len(rec.Events) != 2 {
		t.Fatalf("the Tee's recorder saw %d events, want 2", len(rec.Events))
	}
	f := &failWriter{}
	bad := NewJSONL(f)
	bad.Event(&Event{Frame: 1})
	bad.Event(&Event{Frame: 2})
	if bad.Err == nil || f.writes != 1 {
		t.Fatalf("error %v after %d writes; want the first error kept and no second write", bad.Err, f.writes)
	}
}
