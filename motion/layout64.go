//go:build !386 && !arm && !mips && !mipsle

package motion

import "unsafe"

// The part array's cache-line layout holds where pointers and ints are 8
// bytes; on 32-bit targets the same fields are smaller and these offsets
// are not checked (the layout is a speed matter, not a behaviour).

// The lines, as offsets in the part array (line n: 64n-8 to 64n+55).
var (
	_ = [1]struct{}{}[unsafe.Sizeof(TurnedSpheres{})-72]
	_ = [1]struct{}{}[unsafe.Offsetof(PartArray{}.Setup)-72]
	_ = [1]struct{}{}[unsafe.Offsetof(TableManager{}.Pending)]
	_ = [1]struct{}{}[unsafe.Offsetof(PartArray{}.manager)-88] // Pending ends at 112, in line 1
	_ = [1]struct{}{}[unsafe.Offsetof(PartArray{}.Sequence)-(3*64-8+24)]
	_ = [1]struct{}{}[unsafe.Offsetof(Sequence{}.tail)-72] // ends in line 4
	_ = [1]struct{}{}[(8+unsafe.Offsetof(PartArray{}.Sequence)+unsafe.Offsetof(Sequence{}.inline))%64-16]
	_ = [1]struct{}{}[unsafe.Offsetof(PartArray{}.Scale)-(11*64-8)]
	_ = uint(8 + unsafe.Sizeof(PartArray{}) - 769)
	_ = uint(896 - 8 - unsafe.Sizeof(PartArray{}))
)
