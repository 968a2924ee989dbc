package net

import "testing"

// isaacZeroVector is the start of Bob Jenkins' published randvect.txt (the
// ISAAC reference output for an all-zero seed, also BouncyCastle's test
// vector #1): the result table after the second scramble, index 0 first.
var isaacZeroVector = []uint32{
	0xf650e4c8, 0xe448e96d, 0x98db2fb4, 0xf5fad54f, 0x433f1afb, 0xedec154a, 0xd8370487, 0x46ca4f9a,
	0x5de3743e, 0x88381097, 0xf1d444eb, 0x823cedb6, 0x6a83e1e0, 0x4a5f6355, 0xc7442433, 0x25890e2e,
	0x7452e319, 0x57161df6, 0x38a824f3, 0x002ed713, 0x29f55449, 0x51c08d83, 0xd78cb99e, 0xa0cc74f3,
	0x8f651659, 0xcbc8b7c2, 0xf5f71c69, 0x12ad6419, 0xe5792e1b, 0x860536b8, 0x09b3ce98, 0xd45d6d81,
}

// ACE's seeding with seed 0 is the reference initialisation (zero result
// table, a = b = c = 0) and its one scramble; the published vector is the
// next scramble, which Next hands out as keys 257–512 from index 255 down.
func TestISAACPublishedVector(t *testing.T) {
	g := NewISAAC(0)
	g.Scramble()
	for i, want := range isaacZeroVector {
		if got := g.Block()[i]; got != want {
			t.Fatalf("block[%d] = 0x%08x, want 0x%08x", i, got, want)
		}
	}
	// Through Next: key 512 is block[0], key 511 block[1].
	g.Reset(0)
	var keys [512]uint32
	for i := range keys {
		keys[i] = g.Next()
	}
	if keys[511] != isaacZeroVector[0] || keys[510] != isaacZeroVector[1] {
		t.Errorf("keys 511, 512 = 0x%08x, 0x%08x; want 0x%08x, 0x%08x", keys[510], keys[511], isaacZeroVector[1], isaacZeroVector[0])
	}
}

func TestISAACSeedsDiffer(t *testing.T) {
	a, b := NewISAAC(1), NewISAAC(2)
	if a.Next() == b.Next() {
		t.Error("seeds 1 and 2 give the same first key")
	}
	c := NewISAAC(1)
	c.Next()
	a.Reset(1)
	if a.Next() == c.Next() {
		t.Error("Reset did not restart the sequence")
	}
}

func keys(seed uint32, n int) []uint32 {
	g := NewISAAC(seed)
	out := make([]uint32, n)
	for i := range out {
		out[i] = g.Next()
	}
	return out
}

func TestKeyWindow(t *testing.T) {
	k := keys(0xC0FFEE, 600)
	tests := []struct {
		name  string
		order []int // indexes into k to present
		ok    []bool
	}{
		{"in order", []int{0, 1, 2, 3}, []bool{true, true, true, true}},
		{"skip ahead then late", []int{0, 5, 2, 1, 6}, []bool{true, true, true, true, true}},
		{"repeat is refused", []int{0, 0}, []bool{true, false}},
		{"beyond the window", []int{Window}, []bool{false}},
		{"edge of the window", []int{Window - 1, 0}, []bool{true, true}},
		{"miss leaves the window", []int{-1, 0, 1}, []bool{false, true, true}},
		{"past the first block", []int{250, 260, 255}, []bool{true, true, true}},
	}
	for _, tt := range tests {
		w := NewKeyWindow(0xC0FFEE)
		for i, idx := range tt.order {
			key := uint32(0x12345678)
			if idx >= 0 {
				key = k[idx]
			}
			if got := w.Match(key); got != tt.ok[i] {
				t.Errorf("%s: step %d (key %d): Match = %v, want %v", tt.name, i, idx, got, tt.ok[i])
			}
		}
	}
}

// TestKeyWindowWithin: looking further than Window keys ahead only where
// the caller allows it (the packet sequence proves that many keys used),
// and the keys passed over stay acceptable for resends, up to MaxAhead.
func TestKeyWindowWithin(t *testing.T) {
	k := keys(0xC0FFEE, MaxAhead+310)
	w := NewKeyWindow(0xC0FFEE)
	if w.Match(k[300]) {
		t.Fatal("key 300 matched within Window (256)")
	}
	if !w.MatchWithin(k[300], 301) {
		t.Fatal("key 300 not matched within 301")
	}
	if !w.Match(k[301]) || !w.Match(k[0]) || !w.Match(k[299]) || w.Skipped() != 298 {
		t.Fatalf("after a run of 300 passed over: next, first and last skipped should match; %d skipped left", w.Skipped())
	}
	if w.MatchWithin(k[302+MaxAhead], 1<<30) {
		t.Error("a key past MaxAhead matched")
	}
	if !w.MatchWithin(k[302+MaxAhead-1], 1<<30) {
		t.Error("the key MaxAhead ahead did not match")
	}
}
