package dat

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

// TestParticleEmitterInfoLayout writes an emitter field by field at the
// offsets of ACE's DatLoader ParticleEmitterInfo.Unpack (id, unknown,
// EmitterType, ParticleType, GfxObjId, HwGfxObjId, Birthrate f64,
// MaxParticles, InitialParticles, TotalParticles, TotalSeconds f64,
// Lifespan f64, LifespanRand f64, OffsetDir, MinOffset, MaxOffset, A, MinA,
// MaxA, B, MinB, MaxB, C, MinC, MaxC, StartScale, FinalScale, ScaleRand,
// StartTrans, FinalTrans, TransRand, IsParentLocal) and checks every field.
func TestParticleEmitterInfoLayout(t *testing.T) {
	b := make([]byte, 176)
	u32 := func(off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }
	f32 := func(off int, v float32) { u32(off, math.Float32bits(v)) }
	f64 := func(off int, v float64) { binary.LittleEndian.PutUint64(b[off:], math.Float64bits(v)) }
	u32(0, 0x32000010)
	u32(4, 0xDEAD)
	u32(8, 2)
	u32(12, 9)
	u32(16, 0x01000A01)
	u32(20, 0x01000A02)
	f64(24, 0.125)
	u32(32, 50)
	u32(36, 3)
	u32(40, 400)
	f64(44, 12.5)
	f64(52, 2.5)
	f64(60, 0.75)
	vec3 := func(off int, x, y, z float32) { f32(off, x); f32(off+4, y); f32(off+8, z) }
	vec3(68, 0, 0, 1)
	f32(80, 0.25)
	f32(84, 0.5)
	vec3(88, 1, 2, 3)
	f32(100, 0.9)
	f32(104, 1.1)
	vec3(108, 0, 0, -9.8)
	f32(120, 1)
	f32(124, 2)
	vec3(128, 4, 5, 6)
	f32(140, 0.1)
	f32(144, 0.2)
	f32(148, 0.3)
	f32(152, 1.7)
	f32(156, 0.05)
	f32(160, 0.2)
	f32(164, 0.9)
	f32(168, 0.01)
	u32(172, 1)
	p, err := DecodeParticleEmitterInfo(0x32000010, b)
	if err != nil {
		t.Fatal(err)
	}
	want := ParticleEmitterInfo{ID: 0x32000010, Unknown: 0xDEAD, EmitterType: EmitterBirthratePerMeter,
		ParticleType: ParticleParabolicLVLALR, GfxObjID: 0x01000A01, HWGfxObjID: 0x01000A02, Birthrate: 0.125,
		MaxParticles: 50, InitialParticles: 3, TotalParticles: 400, TotalSeconds: 12.5, Lifespan: 2.5, LifespanRand: 0.75,
		OffsetDir: vec(0, 0, 1), MinOffset: 0.25, MaxOffset: 0.5, A: vec(1, 2, 3), MinA: 0.9, MaxA: 1.1,
		B: vec(0, 0, -9.8), MinB: 1, MaxB: 2, C: vec(4, 5, 6), MinC: 0.1, MaxC: 0.2,
		StartScale: 0.3, FinalScale: 1.7, ScaleRand: 0.05, StartTrans: 0.2, FinalTrans: 0.9, TransRand: 0.01, IsParentLocal: 1}
	if *p != want {
		t.Fatalf("decoded\n%+v\nwant\n%+v", *p, want)
	}
	enc, err := EncodeParticleEmitterInfo(p)
	if err != nil || string(enc) != string(b) {
		t.Fatalf("re-encoding differs (err %v)", err)
	}
	// One byte short names the last field's offset; one byte more is
	// trailing data.
	_, err = DecodeParticleEmitterInfo(0x32000010, b[:175])
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 172 {
		t.Fatalf("truncated: %v, want an error at offset 172", err)
	}
	if _, err := DecodeParticleEmitterInfo(0x32000010, append(b, 0)); err == nil {
		t.Fatal("trailing byte accepted")
	}
	if got := TypeOf(0x32000010, DatasetPortal); got != TypeParticleEmitterInfo {
		t.Fatalf("TypeOf 0x32… = %v", got)
	}
}
