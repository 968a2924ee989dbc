package systems

import (
	"testing"

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
		{"exactly HugeQuantum is not discarded", huge, 20, maxQ, true, 0},
		{"just above HugeQuantum is discarded", huge + 1e-6, 0, 0, true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := NewWorld()
			o := spawnCreature(t, w, 0x50000001, nil)
			rec := &Recorder{}
			w.Trace = rec
			o.Phys.UpdateTime = 0
			w.Now = c.elapsed
			w.UpdateObject(o.Entity)
			var dts []float64
			for _, e := range rec.Events {
				if e.Stage == StageUpdateObjectInternal {
					dts = append(dts, e.Dt)
				}
			}
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
			w := NewWorld()
			o := spawnStatic(t, w, 0x70000001)
			rec := &Recorder{}
			w.Trace = rec
			o.Phys.UpdateTime = 0
			w.Now = c.elapsed
			w.AnimateStaticObject(o.Entity)
			var dts []float64
			for _, e := range rec.Events {
				if e.Stage == StagePartArrayUpdate {
					dts = append(dts, e.Dt)
				}
			}
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
