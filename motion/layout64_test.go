//go:build !386 && !arm && !mips && !mipsle

package motion

import (
	"testing"
	"unsafe"

	"github.com/dereth/dereth/dat"
)

// TestPartArrayTickLines: a part array starts 8 bytes into a cache line
// (the allocator's header ahead of it), as PartArray's layout and its
// checks assume: its turned spheres start line 0, and Setup, Manager
// and Pending share line 1, the other half of line 0's aligned pair.
func TestPartArrayTickLines(t *testing.T) {
	defer func() { partArraySink = nil }()
	for i := range 64 {
		pa := NewPartArray(&dat.Setup{}, nil, nil)
		partArraySink = pa // on the heap, as a component is
		at := uintptr(unsafe.Pointer(pa))
		pending := at + unsafe.Offsetof(pa.manager) + unsafe.Offsetof(pa.manager.Pending)
		if at%64 != 8 || at/128 != (pending+23)/128 || uintptr(unsafe.Pointer(&pa.Setup))/64 != (pending+23)/64 {
			t.Fatalf("part array %d at %#x (%d bytes into a line): its lines are not the layout's", i, at, at%64)
		}
	}
}

// partArraySink keeps the part arrays on the heap.
var partArraySink *PartArray
