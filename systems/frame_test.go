package systems

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/components"
)

func frameNames(f *FrameSchedule) []string {
	var out []string
	for _, st := range f.Steps {
		out = append(out, st.Name)
	}
	return out
}

// TestFrameSwapFailsNamingBoth: swapping any two frame steps fails
// Validate with both names.
func TestFrameSwapFailsNamingBoth(t *testing.T) {
	if err := Frames().Validate(); err != nil {
		t.Fatalf("the frame table is invalid: %v", err)
	}
	n := len(frameSteps)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			f := Frames()
			f.Steps[i], f.Steps[j] = f.Steps[j], f.Steps[i]
			err := f.Validate()
			if err == nil || !strings.Contains(err.Error(), f.Steps[i].Name) || !strings.Contains(err.Error(), f.Steps[j].Name) {
				t.Fatalf("swapping %s and %s: %v", f.Steps[i].Name, f.Steps[j].Name, err)
			}
		}
	}
	f := Frames()
	f.Steps = f.Steps[1:]
	if err := f.Validate(); err == nil || !strings.Contains(err.Error(), FrameRunTimers) {
		t.Fatalf("a missing step: %v", err)
	}
}

// TestFrameStepsRunInOrderTraced: every step whose condition holds is
// traced, in table order, once per frame; steps whose condition fails are
// not.
func TestFrameStepsRunInOrderTraced(t *testing.T) {
	w, rec := sampleWorld(t)
	w.Step(0.05)
	rec.Events = rec.Events[:0]
	w.Step(0.05)
	var got []string
	for _, e := range rec.Events {
		if e.Schedule == "frame" {
			got = append(got, e.Stage)
		}
	}
	var want []string
	for _, st := range frameSteps {
		if st.When == nil || st.When(w) {
			want = append(want, st.Name)
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("frame trace %q, want %q", got, want)
	}
	if strings.Contains(strings.Join(got, ","), FrameRevealBoundary) {
		t.Fatal("the reveal boundary ran with no streamer")
	}
}

// TestContributorFrameStep adds a frame-level system the way a
// contributor would: by name, after the presenter. It sees the poses the
// presenter published this frame, before the children step, and is traced
// in its slot.
func TestContributorFrameStep(t *testing.T) {
	w, rec := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, 0))
	var seen []uint64
	err := w.Frame.Insert(After(FramePresenter), FrameStep{
		Name: "mod::sound",
		Run: func(w *World) {
			var v components.View
			v.Resolve(w.ECS, w.Objects[0])
			seen = append(seen, v.Pres.Revision)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Frame.Validate(); err != nil {
		t.Fatalf("a contributor step must not break the frame order: %v", err)
	}
	names := frameNames(w.Frame)
	if i := indexOf(names, "mod::sound"); i < 0 || names[i-1] != FramePresenter || names[i+1] != FrameChildren {
		t.Fatalf("inserted frame = %q", names)
	}
	w.Step(0.05)
	o := w.Object(0x50000001)
	if len(seen) != 1 || seen[0] != o.Pres.Revision || seen[0] == 0 {
		t.Fatalf("the step saw revisions %v, published %d", seen, o.Pres.Revision)
	}
	var got []string
	for _, e := range rec.Events {
		if e.Schedule == "frame" && e.Frame == w.FrameNo {
			got = append(got, e.Stage)
		}
	}
	if i := indexOf(got, "mod::sound"); i < 1 || got[i-1] != FramePresenter || got[i+1] != FrameChildren {
		t.Fatalf("frame trace %q", got)
	}
	if err := w.Frame.Insert(Before(FrameOrdinary), FrameStep{Name: FrameStatic}); err == nil {
		t.Fatal("a contributor step may not reuse a frame step's name")
	}
	if err := w.Frame.Insert(After("nope"), FrameStep{Name: "x"}); err == nil {
		t.Fatal("insert next to an unknown step must fail")
	}
}
