package dat

import (
	"bytes"
	"runtime/metrics"
	"testing"
)

// allocBound is the most a decode may allocate for n input bytes: decoded
// Go values are at most a small multiple of their wire size.
func allocBound(n int) uint64 { return 128*uint64(n) + 1<<20 }

// overBound reports whether f allocates more than allocBound(n), measuring
// a second time before saying so: the counter is process-wide, and the fuzz
// worker's own goroutines may allocate meanwhile.
func overBound(n int, f func()) (uint64, bool) {
	a := measure(f)
	if a <= allocBound(n) {
		return a, false
	}
	a = min(a, measure(f))
	return a, a > allocBound(n)
}

// measure runs f and returns the bytes it allocated. Each fuzz worker runs
// one input at a time, so the process-wide counter is this input's.
// It reads runtime/metrics, which does not stop the world.
func measure(f func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	f()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// fuzzDecoder checks a decoder never panics, allocates in proportion to
// its input, and that whatever it accepts re-encodes stably.
func fuzzDecoder(f *testing.F, typ Type, id uint32) {
	for _, obj := range fixtures() {
		if objectType(obj) != typ {
			continue
		}
		oid, data, err := Encode(obj)
		if err != nil {
			f.Fatal(err)
		}
		id = oid
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		var err error
		if n, over := overBound(len(data), func() { v, err = Decode(typ, id, data) }); over {
			t.Fatalf("decoding %d bytes allocated %d", len(data), n)
		}
		if err != nil {
			return
		}
		_, enc1, err := Encode(v)
		if err != nil {
			t.Fatalf("decoded object does not re-encode: %v", err)
		}
		v2, err := Decode(typ, id, enc1)
		if err != nil {
			t.Fatalf("re-encoded object does not decode: %v", err)
		}
		_, enc2, err := Encode(v2)
		if err != nil || !bytes.Equal(enc1, enc2) {
			t.Fatalf("encoding unstable (err %v)", err)
		}
	})
}

func FuzzGfxObj(f *testing.F)        { fuzzDecoder(f, TypeGfxObj, 0) }
func FuzzSetup(f *testing.F)         { fuzzDecoder(f, TypeSetup, 0) }
func FuzzAnimation(f *testing.F)     { fuzzDecoder(f, TypeAnimation, 0) }
func FuzzMotionTable(f *testing.F)   { fuzzDecoder(f, TypeMotionTable, 0) }
func FuzzPhysicsScript(f *testing.F) { fuzzDecoder(f, TypePhysicsScript, 0) }
func FuzzPhysicsScriptTable(f *testing.F) {
	fuzzDecoder(f, TypePhysicsScriptTable, 0)
}
func FuzzSurface(f *testing.F)       { fuzzDecoder(f, TypeSurface, 0) }
func FuzzRegion(f *testing.F)        { fuzzDecoder(f, TypeRegion, 0) }
func FuzzIteration(f *testing.F)     { fuzzDecoder(f, TypeIteration, 0) }
func FuzzLandBlock(f *testing.F)     { fuzzDecoder(f, TypeLandBlock, 0) }
func FuzzLandBlockInfo(f *testing.F) { fuzzDecoder(f, TypeLandBlockInfo, 0) }
func FuzzEnvCell(f *testing.F)       { fuzzDecoder(f, TypeEnvCell, 0) }
func FuzzPalette(f *testing.F)       { fuzzDecoder(f, TypePalette, 0) }
func FuzzSurfaceTexture(f *testing.F) {
	fuzzDecoder(f, TypeSurfaceTexture, 0)
}
func FuzzRenderSurface(f *testing.F) { fuzzDecoder(f, TypeRenderSurface, 0) }
func FuzzEnvironment(f *testing.F)   { fuzzDecoder(f, TypeEnvironment, 0) }
func FuzzScene(f *testing.F)         { fuzzDecoder(f, TypeScene, 0) }
func FuzzParticleEmitterInfo(f *testing.F) {
	fuzzDecoder(f, TypeParticleEmitterInfo, 0)
}

// FuzzOpen opens arbitrary container bytes and reads and decodes every
// object: errors are fine, panics, hangs and outsized allocations are not.
func FuzzOpen(f *testing.F) {
	portal, cell := NewBuilder(DatasetPortal), NewBuilder(DatasetCell)
	cell.BlockSize = 64 // small blocks: long chains, several node blocks
	for _, obj := range fixtures() {
		b := portal
		switch obj.(type) {
		case *LandBlock, *LandBlockInfo, *EnvCell:
			b = cell
		}
		if err := b.AddObject(obj); err != nil {
			f.Fatal(err)
		}
	}
	multi := NewBuilder(DatasetCell)
	multi.BlockSize = 128
	for i := uint32(0); i < 130; i++ {
		multi.Add(i*0x01010101, objData(i, int(i%40)))
	}
	for _, b := range []*Builder{portal, cell, multi} {
		data, err := b.Bytes()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var c *Container
		var err error
		if n, over := overBound(len(data), func() { c, err = OpenBytes(data, "fuzz.dat") }); over {
			t.Fatalf("opening %d bytes allocated %d", len(data), n)
		}
		c2, err2 := Open(bytes.NewReader(data), int64(len(data)), "fuzz.dat")
		if (err == nil) != (err2 == nil) {
			t.Fatalf("OpenBytes err %v, Open err %v", err, err2)
		}
		if err != nil {
			return
		}
		// Entries may all point at one long chain; read until four times the
		// input has been read so one input's work stays linear in its size.
		var buf []byte
		budget := 4 * int64(len(data))
		for _, e := range c.Entries() {
			if budget -= int64(e.Size); budget < 0 {
				break
			}
			b, rerr := c.ReadEntry(buf, e)
			b2, rerr2 := c2.ReadEntry(nil, e)
			if (rerr == nil) != (rerr2 == nil) || !bytes.Equal(b, b2) {
				t.Fatalf("object 0x%08X: in-memory and ReaderAt reads differ (%v, %v)", e.ID, rerr, rerr2)
			}
			if rerr != nil {
				continue
			}
			buf = b
			if typ := TypeOf(e.ID, c.Dataset()); typ != TypeUnknown {
				Decode(typ, e.ID, b)
			}
		}
	})
}
func FuzzGfxObjDegradeInfo(f *testing.F) {
	fuzzDecoder(f, TypeGfxObjDegradeInfo, 0)
}
