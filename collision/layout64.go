//go:build !386 && !arm && !mips && !mipsle

package collision

import "unsafe"

// The broad phase's cache-line layouts hold where pointers and ints are 8
// bytes; on 32-bit targets the same fields are smaller and these are not
// checked (the layout is a speed matter, not a behaviour).

// A Body is a line; a bodyCold two, place's fields in the first.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(Body{})-64]
	_ = [1]struct{}{}[unsafe.Sizeof(bodyCold{})-128]
	_ = [1]struct{}{}[unsafe.Offsetof(bodyCold{}.idx)-64]
)

// A cellList is a line.
var _ = [1]struct{}{}[unsafe.Sizeof(cellList{})-64]
