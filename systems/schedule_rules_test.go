package systems

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
)

// TestValidateNamesTheFirstOfEquallyFarPairs: with two disjoint swaps of
// neighbours, every out-of-order pair is one stage apart, and Validate
// names the first in retail order (a later pair replaces the reported one
// only when it is strictly further apart).
func TestValidateNamesTheFirstOfEquallyFarPairs(t *testing.T) {
	s := Ordinary()
	first0, first1 := s.Stages[1].Name, s.Stages[2].Name
	second0, second1 := s.Stages[5].Name, s.Stages[6].Name
	s.Stages[1], s.Stages[2] = s.Stages[2], s.Stages[1]
	s.Stages[5], s.Stages[6] = s.Stages[6], s.Stages[5]
	err := s.Validate()
	if err == nil {
		t.Fatal("two swaps passed validation")
	}
	want := "\"" + first0 + "\" must run before \"" + first1 + "\""
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), second0) || strings.Contains(err.Error(), second1) {
		t.Fatalf("error %q, want it to name only the first pair: %s", err, want)
	}
}

// observerFunc is a HookObserver from a function.
type observerFunc func(guid uint32, h *dat.AnimHook, deferred bool)

func (f observerFunc) HookExecuted(guid uint32, h *dat.AnimHook, deferred bool) { f(guid, h, deferred) }

// TestScheduleEditTakesEffectAtTheNextTick pins ordinaryIsDirect's rule
// that a change to the ordinary schedule takes effect at the next physics
// time: a stage a script hook inserts while the first object updates does
// not run for the objects after it in the same frame, and runs for every
// object from the next frame on.
func TestScheduleEditTakesEffectAtTheNextTick(t *testing.T) {
	const scriptID = 0x33000002
	w := NewWorld()
	w.Scripts[scriptID] = &managers.Script{ID: scriptID, Hooks: []managers.ScriptHook{
		{Time: 0, Hook: dat.AnimHook{Type: dat.HookNoDraw, On: true}},
	}}
	a := spawnCreature(t, w, 0x50000001, nil)
	spawnCreature(t, w, 0x50000002, nil)
	ran := map[uint32]int{}
	w.HookObserver = observerFunc(func(guid uint32, h *dat.AnimHook, deferred bool) {
		if deferred || guid != a.Phys.GUID {
			return
		}
		err := w.Ordinary.Insert(After(StageUpdateScripts), Stage{Name: "test::Count", Run: func(w *World, o *components.View, t *Tick) {
			ran[o.Phys.GUID]++
		}})
		if err != nil {
			t.Error(err)
		}
	})
	w.PlayScript(a, scriptID, 0)
	w.Step(0.05)
	if len(w.Ordinary.Stages) != len(ordinaryStages)+1 {
		t.Fatalf("the hook did not insert the stage: %d stages", len(w.Ordinary.Stages))
	}
	if ran[0x50000002] != 0 {
		t.Fatalf("the stage inserted during the frame ran %d times for the next object in that frame, want 0", ran[0x50000002])
	}
	w.Step(0.05)
	if ran[0x50000001] != 1 || ran[0x50000002] != 1 {
		t.Fatalf("next frame: the stage ran %v, want once for each object", ran)
	}
}
