package motion

import (
	"testing"
)

func BenchmarkSequenceUpdate(b *testing.B) {
	o := newTestObject()
	o.Interp().MoveToInterpretedState(ims(RunForward, 1))
	for range 30 {
		tick(o, 1.0/30)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tick(o, 1.0/30)
	}
}

func BenchmarkGetObjectSequence(b *testing.B) {
	o := newTestObject()
	m := o.Parts.Manager
	seq := &o.Parts.Sequence
	cmds := [2]uint32{WalkForward, RunForward}
	for i := range 8 { // warm the node free list and slices
		m.Table.GetObjectSequence(cmds[i%2], &m.State, seq, 1, false)
		seq.Update(0.25, nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		m.Table.GetObjectSequence(cmds[i%2], &m.State, seq, 1, false)
		seq.Update(0.25, nil) // play the link out so the list stays bounded
		o.ProcessHooks(nil)
		i++
	}
}

func BenchmarkMoveToInterpretedState(b *testing.B) {
	o := newTestObject()
	states := [2]*InterpretedState{ims(WalkForward, 1), ims(RunForward, 1)}
	for i := range 8 {
		o.Interp().MoveToInterpretedState(states[i%2])
		tick(o, 0.25)
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		o.Interp().MoveToInterpretedState(states[i%2])
		tick(o, 0.25)
		i++
	}
}
