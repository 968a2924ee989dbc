package systems

import (
	"testing"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/physics"
)

func TestOrdinaryClockBoundaries(t *testing.T) {
	const eps, minQ, maxQ, huge = physics.FrameEpsilon, physics.MinQuantum, physics.MaxQuantum, physics.HugeQuantum
	cases := []struct {
		name     string
		elapsed  float64
		calls    int
		lastDt   float64
		rebased  bool    // UpdateTime jumps to now
		keptTime float64 // otherwise UpdateTime afterwards
	}{
		{"exactly FrameEpsilon rebases", eps, 0, 0, true, 0},
		{"just above FrameEpsilon stays in the clock", eps * 1.5, 0, 0, false, 0},
		{"exactly MinQuantum stays in the clock", minQ, 0, 0, false, 0},
		{"just above MinQuantum runs once", minQ + 1e-6, 1, minQ + 1e-6, true, 0},
		{"exactly MaxQuantum is not subdivided", maxQ, 1, maxQ, true, 0},
		{"just above MaxQuantum subdivides and keeps the remainder", maxQ + 0.01, 1, maxQ, false, maxQ},
		{"MaxQuantum plus more than MinQuantum runs twice", maxQ + 0.05, 2, 0.05, true, 0},
		{"exactly HugeQuantum is not discarded", huge, 20, huge - 19*maxQ, true, 0},
		{"just above HugeQuantum is discarded", huge + 1e-6, 0, 0, true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, dts := updateQuanta(t, c.elapsed)
			if len(dts) != c.calls {
				t.Fatalf("UpdateObjectInternal calls = %d (%v), want %d", len(dts), dts, c.calls)
			}
			if c.calls > 0 && !near(dts[len(dts)-1], c.lastDt) {
				t.Fatalf("last quantum = %v, want %v", dts[len(dts)-1], c.lastDt)
			}
			want := c.keptTime
			if c.rebased {
				want = c.elapsed
			}
			if !near(o.Phys.UpdateTime, want) {
				t.Fatalf("update_time = %v, want %v", o.Phys.UpdateTime, want)
			}
		})
	}
}

// updateQuanta runs update_object on a fresh creature whose clock stands
// at 0 with the world's time at elapsed, and returns the creature and the
// quanta UpdateObjectInternal ran with.
func updateQuanta(t *testing.T, elapsed float64) (*components.View, []float64) {
	t.Helper()
	w := NewWorld()
	o := spawnCreature(t, w, 0x50000001, nil)
	return o, clockQuanta(w, o, elapsed, StageUpdateObjectInternal, w.UpdateObject)
}

// staticQuanta is updateQuanta for animate_static_object on a static
// object: the quanta CPartArray::Update ran with.
func staticQuanta(t *testing.T, elapsed float64) (*components.View, []float64) {
	t.Helper()
	w := NewWorld()
	o := spawnStatic(t, w, 0x70000001)
	return o, clockQuanta(w, o, elapsed, StagePartArrayUpdate, w.AnimateStaticObject)
}

// clockQuanta sets o's clock to 0 and the world's time to elapsed, runs
// update on o and returns the Dt of each traced event of stage.
func clockQuanta(w *World, o *components.View, elapsed float64, stage string, update func(donburi.Entity)) []float64 {
	rec := &Recorder{}
	w.Trace = rec
	o.Phys.UpdateTime = 0
	w.Now = elapsed
	update(o.Entity)
	var dts []float64
	for _, e := range rec.Events {
		if e.Stage == stage {
			dts = append(dts, e.Dt)
		}
	}
	return dts
}

func near(a, b float64) bool { d := a - b; return d < 1e-9 && d > -1e-9 }

func TestStaticClockBoundaries(t *testing.T) {
	const eps, minQ, maxQ, huge = physics.FrameEpsilon, physics.MinQuantum, physics.MaxQuantum, physics.HugeQuantum
	cases := []struct {
		name    string
		elapsed float64
		runs    bool
	}{
		{"exactly FrameEpsilon rebases", eps, false},
		{"just above FrameEpsilon runs (no MinQuantum gate)", eps * 1.5, true},
		{"exactly MinQuantum runs", minQ, true},
		{"above MaxQuantum runs once with the whole elapsed", maxQ + 0.5, true},
		{"exactly HugeQuantum runs", huge, true},
		{"just above HugeQuantum is discarded", huge + 1e-6, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, dts := staticQuanta(t, c.elapsed)
			if !c.runs {
				if len(dts) != 0 {
					t.Fatalf("static object ran: %v", dts)
				}
			} else if len(dts) != 1 || !near(dts[0], c.elapsed) {
				t.Fatalf("CPartArray::Update quanta = %v, want exactly one of %v", dts, c.elapsed)
			}
			if !near(o.Phys.UpdateTime, c.elapsed) {
				t.Fatalf("update_time = %v, want %v", o.Phys.UpdateTime, c.elapsed)
			}
		})
	}
}

// TestClockConstantsAreFloat32 pins seed 000's update_object and
// animate_static_object gates with the constants' float32 values: the
// elapsed time is a double, FrameEpsilon is 0.000199999995f and
// MinQuantum/MaxQuantum are float globals (seed 004 Q5: `dt <
// 0.000199999995f`), so each comparison is against the float32 value
// widened. Every elapsed below is an exact boundary value, not a value near
// one: the seed's written decimal 0.000199999995 lies above the float32
// epsilon, float32(1/30) above the double 1/30, float32(0.1) above 0.1.
func TestClockConstantsAreFloat32(t *testing.T) {
	cases := []struct {
		name    string
		elapsed float64
		calls   int
		kept    bool // UpdateTime stays at 0 (the time stays in the clock)
	}{
		{"the decimal 0.000199999995 is above the float32 epsilon: kept, not rebased", 0.000199999995, 0, true},
		{"exactly float32(1/30) is not above MinQuantum: kept", float64(float32(1.0 / 30)), 0, true},
		{"exactly float32(0.1) is not above MaxQuantum: one quantum of the whole elapsed", float64(float32(0.1)), 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, dts := updateQuanta(t, c.elapsed)
			if len(dts) != c.calls || (c.calls == 1 && dts[0] != c.elapsed) {
				t.Fatalf("quanta %v, want %d (the whole elapsed %v)", dts, c.calls, c.elapsed)
			}
			want := c.elapsed
			if c.kept {
				want = 0
			}
			if o.Phys.UpdateTime != want {
				t.Fatalf("update_time = %v, want %v", o.Phys.UpdateTime, want)
			}
		})
	}
	// animate_static_object has the epsilon gate only: the decimal
	// 0.000199999995 runs its part array once.
	_, dts := staticQuanta(t, 0.000199999995)
	if n := len(dts); n != 1 {
		t.Fatalf("static elapsed 0.000199999995: CPartArray::Update ran %d times, want 1 (above the float32 epsilon)", n)
	}
}

// TestClockFollowsSeed000NotSeed004Q5 pins divergence CK-01: seed 004 Q5
// paraphrases update_object as "dt < 2.0: one call; else chunk into 1.0 s
// steps while remaining ≥ 2.0, then the remainder"; seed 000, the note on
// the update order, gives strict epsilon/Huge/Max/Min gates. dereth
// follows seed 000: an elapsed time above HugeQuantum is discarded (the
// clock rebased, nothing runs), and one below it runs in MaxQuantum steps.
func TestClockFollowsSeed000NotSeed004Q5(t *testing.T) {
	for _, c := range []struct {
		elapsed float64
		calls   int
	}{{2.5, 0}, {1.5, 15}} {
		o, dts := updateQuanta(t, c.elapsed)
		for _, dt := range dts {
			if dt > physics.MaxQuantum {
				t.Fatalf("elapsed %v: a quantum of %v exceeds MaxQuantum", c.elapsed, dt)
			}
		}
		if n := len(dts); n != c.calls || o.Phys.UpdateTime != c.elapsed {
			t.Fatalf("elapsed %v: %d quanta, update_time %v; want %d, rebased to %v", c.elapsed, n, o.Phys.UpdateTime, c.calls, c.elapsed)
		}
	}
}
