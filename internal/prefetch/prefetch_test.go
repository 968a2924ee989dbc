package prefetch

import (
	"testing"
	"unsafe"
)

// TestTwoNeverFaults: Two takes any addresses, nil and ones nothing is
// mapped at among them, and changes no memory it is given.
func TestTwoNeverFaults(t *testing.T) {
	buf := make([]byte, 2*Span)
	for i := range buf {
		buf[i] = byte(i)
	}
	Two(unsafe.Pointer(&buf[0]), unsafe.Pointer(&buf[Span]), unsafe.Pointer(&buf[len(buf)-1]))
	Two(nil, nil, nil)
	// The first page (never mapped) and the last line of the address
	// space, past the end of any mapping.
	two(8, 4096-Span, ^uintptr(0)&^63)
	for i := range buf {
		if buf[i] != byte(i) {
			t.Fatalf("byte %d changed to %d", i, buf[i])
		}
	}
}
