//go:build !amd64.v3 && !purego

package view

import "github.com/dereth/dereth/physics"

// projectLitAsm is projectInsideLitGo's loop over n vertices (pos, nrm,
// vstamp and proj their first entries) in SSE: each vertex stamped stamp
// transformed by m's rows into camera space, its x, y and 1 divided by z
// in one packed division and scaled and offset into screen place, its
// light as sunLight's in one packed multiply and add, clamped by one
// packed minimum. Every lane does the Go loop's operations in the Go
// loop's order, so the values are the same bits (TestProjectLitAsm).
//
//go:noescape
func projectLitAsm(mp *meshPass, m *physics.Mat4, pos, nrm *physics.Vec3, vstamp *uint32, proj *projVert, n int, stamp uint32)

// projectInsideLit is projectInsideLitGo by projectLitAsm.
func projectInsideLit(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	n := len(pos)
	if n == 0 {
		return
	}
	// The assembly checks no bounds: these panic, as the Go loop would,
	// where its n vertices do not fit the buffers.
	_, _ = b.vstamp[n-1], b.proj[n-1]
	projectLitAsm(mp, m, &pos[0], &nrm[:n][0], &b.vstamp[0], &b.proj[0], n, stamp)
}

// useAsm says cornerRunLitTex (at alpha 1), chooseSides (for an opaque
// part), solidIndices and the 14-bit radix passes run their assembly
// loops (a variable only so that the tests can compare them with the Go
// loops: TestCornerRunLitAsm, TestChooseSidesAsm, TestRadixSortGoLoops).
var useAsm = true

// cornerRunLitAsm is cornerRunLitTex's loop for sa 1 in SSE assembly:
// the triangles vis (ctris' numbers) recorded from tris on, their keys
// and numbers (j0 … j1−1) from keys and vals on, each corner's output
// vertex written from verts on as the loop first names it (numbered
// from nv, its slot in cslot stamped stamp), bounds grown by each; it
// returns the next vertex number. The same bits as the Go loop
// (TestCornerRunLitAsm). It trusts the mesh's indices (shareCorners):
// it checks no bounds.
//
//go:noescape
func cornerRunLitAsm(ctris *cornerTri, vis *int32, keys, vals *uint32, tris *triRec, proj *projVert, cslot *cornerSlot, corners *meshCorner, verts *Vertex,
	j0, j1 int, stamp, nv uint32, owner int32, alpha float32, bounds *Rect) uint32

// affineMulTo is affineMul into *dst (not a or b): affineMulToGo in
// SSE, the same bits (TestAffineMulTo).
//
//go:noescape
func affineMulTo(dst, a, b *physics.Mat4)

// solidIndicesAsm is solidIndices' loop: the vertices of each Solid
// triangle of the n numbered from vals on (tris' entries) written from
// out on; it returns how many indices it wrote. It checks no bounds:
// out has room for 3n, every number is a triangle of tris.
//
//go:noescape
func solidIndicesAsm(out, vals *uint32, n int, tris *triRec) int

// chooseSidesAsm is chooseSides' loop for a part whose every triangle is
// opaque enough: the n planes' sides drawn written from vis on (i for a
// front side, ^i for a drawn back side) and their vertices stamped
// stamp in vstamp; it returns how many it wrote. The same sums, in the
// same order, as the Go loop (TestChooseSidesAsm). Its vertex indices are
// uint16, within vstamp's 1<<16 entries.
//
//go:noescape
func chooseSidesAsm(planes *meshPlane, n int, vis *int32, vstamp *uint32, stamp uint32, W, EX, EY, EZ float32) int

// radixCount14Asm is radixCount14's loop over the n keys from keys on.
//
//go:noescape
func radixCount14Asm(keys *uint32, n int, c0, c1 *[1<<14 + 1]int32) (and, or uint32)

// radixLow14Asm is radixLow14's loop over the n keys and vals from keys
// and vals on (pairs has room for n, count holds each digit's start).
//
//go:noescape
func radixLow14Asm(keys, vals *uint32, n int, pairs *[2]uint32, count *[1<<14 + 1]int32)

// radixHigh14Asm is radixHigh14's loop over the n pairs from pairs on
// (keys and vals have room for n, count holds each digit's start).
//
//go:noescape
func radixHigh14Asm(pairs *[2]uint32, n int, keys, vals *uint32, count *[1<<14 + 1]int32)
