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
