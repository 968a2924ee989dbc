//go:build !amd64 || amd64.v3 || purego

package view

import "github.com/dereth/dereth/physics"

// projectInsideLit lights and projects a lit part's stamped vertices
// (projectInsideLitGo; on amd64 below GOAMD64=v3, without the purego
// build tag, an assembly loop,
// project_amd64.s).
func projectInsideLit(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	projectInsideLitGo(mp, m, pos, nrm, b, stamp)
}

// useAsm is false where no assembly loop is written: cornerRunLitTex,
// chooseSides, solidIndices and the radix passes run their Go loops.
const useAsm = false

// cornerRunLitAsm is never called here (useAsm).
func cornerRunLitAsm(ctris *cornerTri, vis *int32, keys, vals *uint32, tris *triRec, proj *projVert, cslot *cornerSlot, corners *meshCorner, verts *Vertex,
	j0, j1 int, stamp, nv uint32, owner int32, alpha float32, bounds *Rect) uint32 {
	panic("view: no cornerRunLitAsm on this architecture")
}

// affineMulTo is affineMul into *dst (not a or b): affineMulToGo.
func affineMulTo(dst, a, b *physics.Mat4) { affineMulToGo(dst, a, b) }

// solidIndicesAsm is never called here (useAsm).
func solidIndicesAsm(out, vals *uint32, n int, tris *triRec) int {
	panic("view: no solidIndicesAsm on this architecture")
}

// chooseSidesAsm is never called here (useAsm).
func chooseSidesAsm(planes *meshPlane, n int, vis *int32, vstamp *uint32, stamp uint32, W, EX, EY, EZ float32) int {
	panic("view: no chooseSidesAsm on this architecture")
}

// radixCount14Asm, radixLow14Asm and radixHigh14Asm are never called
// here (useAsm).
func radixCount14Asm(keys *uint32, n int, c0, c1 *[1<<14 + 1]int32) (and, or uint32) {
	panic("view: no radixCount14Asm on this architecture")
}

func radixLow14Asm(keys, vals *uint32, n int, pairs *[2]uint32, count *[1<<14 + 1]int32) {
	panic("view: no radixLow14Asm on this architecture")
}

func radixHigh14Asm(pairs *[2]uint32, n int, keys, vals *uint32, count *[1<<14 + 1]int32) {
	panic("view: no radixHigh14Asm on this architecture")
}
