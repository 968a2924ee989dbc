package testbed

import (
	"math"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// numberSlab boxes numbers for Lua without one heap allocation each: a
// Go float64 stored in an interface (lua.LValue) is normally allocated on
// its own; here it is appended to a slab of numberSlabSize and the
// interface points into the slab, which is what gopher-lua's own VM
// allocator does (alloc.go, LNumber2I). A slab is freed when no Lua value
// points into it any more.
type numberSlab struct {
	buf []float64
}

const numberSlabSize = 1024

// box returns v as a Lua number value.
func (n *numberSlab) box(v float64) lua.LValue {
	if v == 0 && !math.Signbit(v) {
		return lua.LNumber(0) // the zero word needs no allocation
	}
	if len(n.buf) == cap(n.buf) {
		n.buf = make([]float64, 0, numberSlabSize)
	}
	n.buf = append(n.buf, v)
	var out lua.LValue = lua.LNumber(0)
	(*eface)(unsafe.Pointer(&out)).data = unsafe.Pointer(&n.buf[len(n.buf)-1])
	return out
}

// eface is the layout of a non-empty interface value.
type eface struct {
	tab, data unsafe.Pointer
}
