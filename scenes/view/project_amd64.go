package view

import (
	"math"

	"github.com/dereth/dereth/physics"
)

// litConsts are projectLitAsm's constants, four float32 lanes each (the
// offsets are the assembly's): the part matrix's rows (0–63, the fourth
// lane 0), the screen scale (focal, −focal, 1, 0) and offset (w2, h2,
// −0, 0) that turn (x/z, y/z, 1/z) into projVert's X, Y and IW, the
// ambient and sun colours (R, G, B, 0), (1, 0) for the lanes after the
// camera point's x and y, the sun (part space, scaled) and four ones
// for the clamp.
type litConsts struct {
	rows        [4][4]float32
	scale, offs [4]float32
	amb, sunCol [4]float32
	one0        [4]float32
	sun         [4]float32
	ones        [4]float32
}

// projectLitAsm is projectInsideLitGo's loop over n vertices (pos, nrm,
// vstamp and proj their first entries) in SSE: each vertex stamped stamp
// transformed by k's rows into camera space, its x, y and 1 divided by z
// in one packed division and scaled and offset into screen place, its
// light as sunLight's in one packed multiply and add, clamped by one
// packed minimum. Every lane does the Go loop's operations in the Go
// loop's order, so the values are the same bits (TestProjectLitAsm).
//
//go:noescape
func projectLitAsm(k *litConsts, pos, nrm *physics.Vec3, vstamp *uint32, proj *projVert, n int, stamp uint32)

// projectInsideLit is projectInsideLitGo by projectLitAsm.
func projectInsideLit(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	n := len(pos)
	if n == 0 {
		return
	}
	nrm = nrm[:n]
	k := &b.lit
	k.rows[0] = [4]float32{m[0][0], m[0][1], m[0][2]}
	k.rows[1] = [4]float32{m[1][0], m[1][1], m[1][2]}
	k.rows[2] = [4]float32{m[2][0], m[2][1], m[2][2]}
	k.rows[3] = [4]float32{m[3][0], m[3][1], m[3][2]}
	k.scale = [4]float32{mp.focal, -mp.focal, 1, 0}
	k.offs = [4]float32{mp.w2, mp.h2, float32(math.Copysign(0, -1)), 0}
	k.amb = [4]float32{mp.amb.R, mp.amb.G, mp.amb.B}
	k.sunCol = [4]float32{mp.sunCol.R, mp.sunCol.G, mp.sunCol.B}
	k.one0 = [4]float32{1, 0}
	k.sun = [4]float32{mp.sun.X, mp.sun.Y, mp.sun.Z}
	k.ones = [4]float32{1, 1, 1, 1}
	projectLitAsm(k, &pos[0], &nrm[0], &b.vstamp[0], &b.proj[0], n, stamp)
}

// litAsm says cornerRunLitTex runs cornerRunLitAsm for an object at
// alpha 1 (a variable only so that TestCornerRunLitAsm can compare it
// with the Go loop).
var litAsm = true

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
