package protocol

import (
	"strings"
	"unicode/utf8"
)

// cp1252High maps bytes 0x80–0x9F of Windows-1252 to Unicode. The five bytes
// Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1
// control with the same value, so every byte string survives a round trip.
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// decode1252 converts Windows-1252 bytes to a UTF-8 string with one
// allocation.
func decode1252(b []byte) string {
	n := 0
	for _, c := range b {
		switch {
		case c < 0x80:
			n++
		case c < 0xA0:
			n += utf8.RuneLen(cp1252High[c-0x80])
		default:
			n += 2
		}
	}
	if n == len(b) {
		return string(b)
	}
	var out strings.Builder
	out.Grow(n)
	for _, c := range b {
		switch {
		case c < 0x80:
			out.WriteByte(c)
		case c < 0xA0:
			out.WriteRune(cp1252High[c-0x80])
		default:
			out.WriteRune(rune(c))
		}
	}
	return out.String()
}

// append1252 writes s as Windows-1252; runes it cannot hold become '?'.
func append1252(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r < 0x80 || (r >= 0xA0 && r <= 0xFF):
			dst = append(dst, byte(r))
		default:
			c := byte('?')
			for i, h := range cp1252High {
				if h == r {
					c = byte(0x80 + i)
					break
				}
			}
			dst = append(dst, c)
		}
	}
	return dst
}
