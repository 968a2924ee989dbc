package protocol

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/internal/cp1252"
)

// TestInternString: interned or not, a string decodes as cp1252 does;
// a short one is handed out again without allocating; long ones are not
// kept, and the table never holds more than its bound.
func TestInternString(t *testing.T) {
	for _, raw := range [][]byte{[]byte("Door"), {'C', 'a', 'f', 0xE9, 0x80}, []byte(strings.Repeat("x", maxInternLen+1)), nil} {
		if got, want := internString(raw), cp1252.Decode(raw); got != want {
			t.Errorf("internString(%q) = %q, want %q", raw, got, want)
		}
	}
	name := []byte{'T', 'r', 'e', 'e', 0xE9}
	internString(name)
	if n := testing.AllocsPerRun(100, func() { internString(name) }); n != 0 {
		t.Errorf("an interned string allocates %v times", n)
	}
	long := []byte(strings.Repeat("y", maxInternLen+1))
	internString(long)
	interned.Lock()
	_, kept := interned.m[string(long)]
	interned.Unlock()
	if kept {
		t.Error("a string longer than maxInternLen was kept")
	}
	for i := 0; i < maxInterned+10; i++ {
		internString(fmt.Appendf(nil, "name %d", i))
	}
	interned.Lock()
	n := len(interned.m)
	interned.Unlock()
	if n > maxInterned {
		t.Errorf("the intern table holds %d strings, more than its bound %d", n, maxInterned)
	}
}

// TestDecodeCreateObjectNoAllocs: decoding a CreateObject whose names
// were seen before allocates nothing (the steady path of a session).
func TestDecodeCreateObjectNoAllocs(t *testing.T) {
	enc := fullCreateObject().Encode(nil)
	var m CreateObject
	if _, err := DecodeCreateObject(enc, &m); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(50, func() {
		if _, err := DecodeCreateObject(enc, &m); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("CreateObject decode allocates %v times", n)
	}
}
