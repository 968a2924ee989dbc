package net

import "testing"

func TestHash32(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want uint32
	}{
		{"empty", nil, 0},
		{"one word", []byte{1, 0, 0, 0}, 4<<16 + 1},
		{"two words wrap", []byte{0xFF, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0}, 8<<16 + 1},
		{"one leftover", []byte{0xAB}, 1<<16 + 0xAB<<24},
		{"three leftovers", []byte{1, 2, 3}, 3<<16 + 1<<24 + 2<<16 + 3<<8},
		{"word and leftover", []byte{1, 0, 0, 0, 0xFF}, 5<<16 + 1 + 0xFF<<24},
	}
	for _, tt := range tests {
		if got := Hash32(tt.in); got != tt.want {
			t.Errorf("%s: Hash32(% x) = 0x%08X, want 0x%08X", tt.name, tt.in, got, tt.want)
		}
	}
}

// The header and fragment hashes are computed from fields; they must equal
// Hash32 over the encoded bytes.
func TestFieldHashesMatchBytes(t *testing.T) {
	h := Header{Seq: 0x01020304, Flags: 0x0B004006, Checksum: 0xFFFFFFFF, ID: 0x041A, Time: 0xD952, Size: 0x1234, Iteration: 1}
	b := h.Append(nil)
	copy(b[8:], []byte{0xDD, 0x70, 0xDD, 0xBA})
	if got, want := h.Hash(), Hash32(b); got != want {
		t.Errorf("Header.Hash = 0x%08X, Hash32 of the bytes = 0x%08X", got, want)
	}
	f := Fragment{Seq: 7, ID: 0x80000000, Count: 9, Index: 8, Queue: 9, Data: []byte{1, 2, 3, 4, 5}}
	f.Size = uint16(FragmentHeaderSize + len(f.Data))
	fb := f.Append(nil)
	if got, want := f.Hash(), Hash32(fb[:16])+Hash32(fb[16:]); got != want {
		t.Errorf("Fragment.Hash = 0x%08X, want 0x%08X", got, want)
	}
}
