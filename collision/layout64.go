//go:build !386 && !arm && !mips && !mipsle

package collision

import "unsafe"

// The broad phase's cache-line layouts hold where pointers and ints are 8
// bytes; on 32-bit targets the same fields are smaller and these are not
// checked (the layout is a speed matter, not a behaviour).

// Body's lines: the sync's, query's and move's fields in the first,
// place's in the second, the body one size class.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(Body{})-256]
	_ = [1]struct{}{}[unsafe.Offsetof(Body{}.query)-56]
	_ = [1]struct{}{}[unsafe.Offsetof(Body{}.circle)-112]
	_ = [1]struct{}{}[unsafe.Offsetof(Body{}.idx)-128]
)

// A cellList is a line.
var _ = [1]struct{}{}[unsafe.Sizeof(cellList{})-64]
