// Package cp1252 converts between Windows-1252 (code page 1252), the text
// encoding of the DAT files' PStrings and the wire's String16L, and UTF-8.
//
// Bytes 0x00–0x7F and 0xA0–0xFF are the Unicode code points of the same
// value; 0x80–0x9F map through a 32-entry table. The five bytes Windows-1252
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control with
// the same value, so every byte string survives Decode followed by Encode.
package cp1252

import (
	"strings"
	"unicode/utf8"
)

// high maps bytes 0x80–0x9F to Unicode.
var high = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// Decode converts Windows-1252 bytes to a UTF-8 string. Every byte has a
// mapping, so Decode cannot fail.
func Decode(b []byte) string {
	n := 0
	for _, c := range b {
		switch {
		case c < 0x80:
			n++
		case c < 0xA0:
			n += utf8.RuneLen(high[c-0x80])
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
			out.WriteRune(high[c-0x80])
		default:
			out.WriteRune(rune(c))
		}
	}
	return out.String()
}

// Encode converts s to Windows-1252. It returns ok false if s holds a rune
// Windows-1252 cannot represent (or is not valid UTF-8).
func Encode(s string) (b []byte, ok bool) {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		c, ok := encodeRune(r)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

// Append appends s in Windows-1252 to dst. Each rune Windows-1252 cannot
// represent (and each invalid UTF-8 byte) becomes '?'.
func Append(dst []byte, s string) []byte {
	for _, r := range s {
		c, ok := encodeRune(r)
		if !ok {
			c = '?'
		}
		dst = append(dst, c)
	}
	return dst
}

// encodeRune returns the Windows-1252 byte for r.
func encodeRune(r rune) (byte, bool) {
	if r < 0x80 || (r >= 0xA0 && r <= 0xFF) {
		return byte(r), true
	}
	for i, h := range high {
		if h == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
}
