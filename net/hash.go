package net

import "encoding/binary"

// Hash32 is AC's packet hash: (len << 16) plus the sum of the
// little-endian u32 words, plus the 1–3 leftover bytes shifted left by 24,
// 16 and 8 (first leftover byte highest), all mod 2³² (ACE Hash32.cs).
func Hash32(b []byte) uint32 {
	h := uint32(len(b)) << 16
	n := len(b) &^ 3
	for i := 0; i < n; i += 4 {
		h += binary.LittleEndian.Uint32(b[i:])
	}
	shift := 24
	for _, c := range b[n:] {
		h += uint32(c) << shift
		shift -= 8
	}
	return h
}
