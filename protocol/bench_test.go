package protocol

import (
	"testing"

	"github.com/dereth/dereth/internal/cputime"
)

func BenchmarkDecodeUpdateMotion(b *testing.B) {
	enc := vectorNamed("UpdateMotion/doc_example").msg.Encode(nil) // the doc's running-NPC example
	var m UpdateMotion
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	for b.Loop() {
		if _, err := DecodeUpdateMotion(enc, &m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeUpdateMotionActions(b *testing.B) {
	enc := vectorNamed("UpdateMotion/full_ims").msg.Encode(nil) // every IMS field, two actions, sticky
	var m UpdateMotion
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	for b.Loop() {
		if _, err := DecodeUpdateMotion(enc, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeCreateObject decodes a CreateObject with every optional
// part present: the goal is ≤ 2 µs (cpu-ns/op, the thread's CPU time) and
// 0 allocs once its names were seen (the intern table, internString).
func BenchmarkDecodeCreateObject(b *testing.B) {
	enc := fullCreateObject().Encode(nil)
	var m CreateObject
	b.ReportAllocs()
	b.SetBytes(int64(len(enc)))
	cpu := cputime.Start()
	for b.Loop() {
		if _, err := DecodeCreateObject(enc, &m); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b, 1, "ns/op")
}

func BenchmarkEncodeUpdateMotion(b *testing.B) {
	m := vectorNamed("UpdateMotion/full_ims").msg
	buf := make([]byte, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = m.Encode(buf[:0])
	}
}

func BenchmarkEncodeMoveToState(b *testing.B) {
	m := fullMoveToState()
	buf := make([]byte, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = m.Encode(buf[:0])
	}
}
