package net

import "encoding/binary"

// Hash32 is AC's packet hash: (len << 16) plus the sum of the
// little-endian u32 words, plus the 1–3 leftover bytes shifted left by 24,
// 16 and 8 (first leftover byte highest), all mod 2³² (ACE Hash32.cs).
// The words are summed four at a time (a fragment is up to 112 words).
func Hash32(b []byte) uint32 {
	le := binary.LittleEndian
	h := uint32(len(b)) << 16
	for len(b) >= 16 {
		h += le.Uint32(b) + le.Uint32(b[4:]) + le.Uint32(b[8:]) + le.Uint32(b[12:])
		b = b[16:]
	}
	for len(b) >= 4 {
		h += le.Uint32(b)
		b = b[4:]
	}
	shift := 24
	for _, c := range b {
		h += uint32(c) << shift
		shift -= 8
	}
	return h
}
