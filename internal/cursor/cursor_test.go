package cursor

import "testing"

func TestReads(t *testing.T) {
	c := Cursor{B: []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0x80, 0x3F, 0xAA}}
	if v, ok := c.U8(); !ok || v != 1 {
		t.Fatalf("U8 = %d, %v", v, ok)
	}
	if v, ok := c.U16(); !ok || v != 0x0302 {
		t.Fatalf("U16 = %#x, %v", v, ok)
	}
	if v, ok := c.U32(); !ok || v != 0x07060504 {
		t.Fatalf("U32 = %#x, %v", v, ok)
	}
	if c.Pad() != 1 || !c.Skip(c.Pad()) || c.Off != 8 {
		t.Fatalf("Pad/Skip: off %d", c.Off)
	}
	if _, ok := c.U8(); !ok {
		t.Fatal("U8 at 8")
	}
	if v, ok := c.F32(); !ok || v != 1 {
		t.Fatalf("F32 = %v, %v", v, ok)
	}
	if c.Left() != 1 {
		t.Fatalf("Left = %d", c.Left())
	}
	// A failed read returns zero and leaves Off alone.
	for name, read := range map[string]func() bool{
		"U16":   func() bool { v, ok := c.U16(); return ok || v != 0 },
		"U32":   func() bool { v, ok := c.U32(); return ok || v != 0 },
		"U64":   func() bool { v, ok := c.U64(); return ok || v != 0 },
		"F64":   func() bool { v, ok := c.F64(); return ok || v != 0 },
		"Bytes": func() bool { v, ok := c.Bytes(2); return ok || v != nil },
		"neg":   func() bool { _, ok := c.Bytes(-1); return ok || c.Skip(-1) || c.Has(-1) },
	} {
		if read() || c.Off != 13 {
			t.Errorf("%s past the end: ok or moved (off %d)", name, c.Off)
		}
	}
	if b, ok := c.Bytes(1); !ok || b[0] != 0xAA || cap(b) != 1 {
		t.Fatalf("Bytes = %v, %v", b, ok)
	}
	if _, ok := c.U8(); ok {
		t.Fatal("U8 at the end")
	}
}

func TestZeroAllocs(t *testing.T) {
	b := make([]byte, 64)
	n := testing.AllocsPerRun(100, func() {
		c := Cursor{B: b}
		for c.Left() >= 15 {
			c.U8()
			c.U16()
			c.U32()
			c.U64()
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkU32(b *testing.B) {
	buf := make([]byte, 4096)
	b.ReportAllocs()
	var s uint32
	for b.Loop() {
		c := Cursor{B: buf}
		for {
			v, ok := c.U32()
			if !ok {
				break
			}
			s += v
		}
	}
	_ = s
}
