//go:build !amd64

package view

import "github.com/dereth/dereth/physics"

// projectInsideLit lights and projects a lit part's stamped vertices
// (projectInsideLitGo; on amd64 an assembly loop, project_amd64.s).
func projectInsideLit(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	projectInsideLitGo(mp, m, pos, nrm, b, stamp)
}

// litConsts are the assembly loop's constants (project_amd64.go): none
// here.
type litConsts struct{}

// litAsm is false where no assembly loop is written: cornerRunLitTex
// runs its Go loop.
const litAsm = false

// cornerRunLitAsm is never called here (litAsm).
func cornerRunLitAsm(ctris *cornerTri, vis *int32, keys, vals *uint32, tris *triRec, proj *projVert, cslot *cornerSlot, corners *meshCorner, verts *Vertex,
	j0, j1 int, stamp, nv uint32, owner int32, alpha float32, bounds *Rect) uint32 {
	panic("view: no cornerRunLitAsm on this architecture")
}
