package cp1252

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestDecodeEncode(t *testing.T) {
	tests := []struct {
		name  string
		bytes string // Windows-1252
		text  string // UTF-8
	}{
		{"empty", "", ""},
		{"ascii", "plain", "plain"},
		{"euro", "\x80", "€"},
		{"latin-1 range", "T\xFCsker", "Tüsker"},
		{"curly quotes", "\x93hi\x94", "“hi”"},
		{"undefined byte is its C1 control", "\x81\x8D\x8F\x90\x9D", "\u0081\u008D\u008F\u0090\u009D"},
		{"0x9F", "\x9F", "Ÿ"},
		{"0xA0 and 0xFF", "\xA0\xFF", "\u00A0ÿ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Decode([]byte(tt.bytes)); got != tt.text {
				t.Errorf("Decode(%q) = %q, want %q", tt.bytes, got, tt.text)
			}
			got, ok := Encode(tt.text)
			if !ok || string(got) != tt.bytes {
				t.Errorf("Encode(%q) = %q, %v; want %q", tt.text, got, ok, tt.bytes)
			}
			if got := Append([]byte("x"), tt.text); string(got) != "x"+tt.bytes {
				t.Errorf("Append(x, %q) = %q, want %q", tt.text, got, "x"+tt.bytes)
			}
		})
	}
}

func TestUnrepresentable(t *testing.T) {
	tests := []struct {
		name, text, appended string
	}{
		{"snowman", "a☃b", "a?b"},
		{"cjk", "日本", "??"},
		{"U+0100 just past latin-1", "\u0100", "?"},
		{"C1 control 0x80 is not a 1252 byte", "\u0080", "?"},
		{"invalid utf-8", "a\xFFb", "a?b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if b, ok := Encode(tt.text); ok {
				t.Errorf("Encode(%q) = %q, want failure", tt.text, b)
			}
			if got := Append(nil, tt.text); string(got) != tt.appended {
				t.Errorf("Append(nil, %q) = %q, want %q", tt.text, got, tt.appended)
			}
		})
	}
}

func TestEveryByteRoundTrips(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	s := Decode(all)
	if utf8.RuneCountInString(s) != 256 {
		t.Fatalf("Decode of 256 bytes gave %d runes", utf8.RuneCountInString(s))
	}
	if back, ok := Encode(s); !ok || !bytes.Equal(back, all) {
		t.Fatalf("bytes 0-255 do not survive Encode(Decode(b)): %v % x", ok, back)
	}
	if back := Append(nil, s); !bytes.Equal(back, all) {
		t.Fatalf("bytes 0-255 do not survive Append(Decode(b))")
	}
}

// FuzzRoundTrip checks both directions: every byte string survives Decode
// then Encode, and every string Encode accepts survives Encode then Decode,
// with Append agreeing with Encode wherever Encode succeeds.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"", "plain", "T\xFCsker", "\x80\x81\x9F", "“hi”", "a☃b", "a\xFFb"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := Decode(b)
		if !utf8.ValidString(s) {
			t.Fatalf("Decode(% x) is not valid UTF-8", b)
		}
		if back, ok := Encode(s); !ok || !bytes.Equal(back, b) {
			t.Fatalf("Encode(Decode(% x)) = % x, %v", b, back, ok)
		}
		text := string(b)
		enc, ok := Encode(text)
		app := Append(nil, text)
		if len(app) != utf8.RuneCountInString(text) {
			t.Fatalf("Append(%q) wrote %d bytes for %d runes", text, len(app), utf8.RuneCountInString(text))
		}
		if !ok {
			return
		}
		if !bytes.Equal(app, enc) {
			t.Fatalf("Append(%q) = % x, Encode = % x", text, app, enc)
		}
		if got := Decode(enc); got != text {
			t.Fatalf("Decode(Encode(%q)) = %q", text, got)
		}
	})
}
