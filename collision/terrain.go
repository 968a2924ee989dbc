package collision

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Heights are a landblock's 81 vertex heights through the Region's height
// table, index i*9+j (dat.LandDefs.VertexHeights).
type Heights = [dat.VerticesPerSide * dat.VerticesPerSide]float32

// CellPolys returns the two LandCell triangles of the cell at (gx, gy)
// global cell coordinates, as one-sided polygons facing up, with vertices
// relative to landblock base (bx, by) (global block coordinates): split as
// dat.CellTriangles splits it, heights from z, the heights of the cell's
// own landblock.
func CellPolys(z *Heights, gx, gy, bx, by int, out *[2]Poly, verts *[6]physics.Vec3) {
	cx, cy := gx%dat.CellsPerBlockSide, gy%dat.CellsPerBlockSide
	block := uint32(gx/dat.CellsPerBlockSide)<<24 | uint32(gy/dat.CellsPerBlockSide)<<16
	tri := dat.CellTriangles(block, cx, cy)
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	ox := float32(float32(gx-bx*dat.CellsPerBlockSide-cx) * dat.CellLength)
	oy := float32(float32(gy-by*dat.CellsPerBlockSide-cy) * dat.CellLength)
	for k, t := range tri {
		vs := verts[k*3 : k*3+3]
		for m, idx := range t {
			i, j := idx/dat.VerticesPerSide, idx%dat.VerticesPerSide
			vs[m] = physics.Vec3{X: ox + float32(float32(i)*dat.CellLength), Y: oy + float32(float32(j)*dat.CellLength), Z: z[idx]}
		}
		out[k] = NewPoly(vs, false)
		if out[k].Plane.N.Z < 0 {
			vs[1], vs[2] = vs[2], vs[1]
			out[k] = NewPoly(vs, false)
		}
	}
}

// heights returns the vertex heights of landblock (x, y), cached for the
// resolver's move.
func (r *Resolver) heights(x, y int) *Heights {
	id := uint32(x)<<24 | uint32(y)<<16
	for i := range r.blocks {
		if r.blocks[i].id == id {
			return r.blocks[i].z
		}
	}
	z, _ := r.env.LandHeights(id)
	if len(r.blocks) >= maxBlocks {
		r.blocks = r.blocks[:0]
		r.blocksGen++
	}
	r.blocks = append(r.blocks, blockHeights{id: id, z: z})
	return z
}

// cellCacheSize is how many built cells a resolver keeps: a cell's slot
// is fixed by its global coordinates, so any 16 × 16 cells (384 units
// square) have slots of their own.
const cellCacheSize = 256

// cellEntry is one built LandCell: its key and triangles.
type cellEntry struct {
	z              *Heights
	gx, gy, bx, by int
	polys          [2]Poly
	verts          [6]physics.Vec3
	// top is the highest vertex.
	top float32
	// edges are each triangle's edges as terrainPoly tests them.
	edges [2][3]edge2D
}

// edge2D is a polygon edge a→b seen from above: a and b − a.
type edge2D struct{ ax, ay, dx, dy float32 }

// cellPolys returns the cell's triangles relative to the begin landblock,
// from a small cache keyed by cell, landblock and height table (the Env's
// heights of a loaded landblock do not change under the same pointer).
func (r *Resolver) cellPolys(z *Heights, gx, gy int) *cellEntry {
	if r.cells == nil {
		// Never reallocated: the triangles' vertex slices point into it.
		r.cells = make([]cellEntry, cellCacheSize)
	}
	e := &r.cells[(gx&15)<<4|gy&15]
	if e.z == z && z != nil && e.gx == gx && e.gy == gy && e.bx == r.bx && e.by == r.by {
		return e
	}
	*e = cellEntry{z: z, gx: gx, gy: gy, bx: r.bx, by: r.by}
	CellPolys(z, gx, gy, r.bx, r.by, &e.polys, &e.verts)
	e.top = e.verts[0].Z
	for _, v := range e.verts[1:] {
		e.top = max(e.top, v.Z)
	}
	for k := range e.polys {
		vs := e.polys[k].Verts
		a := vs[len(vs)-1]
		for i, b := range vs[:3] {
			e.edges[k][i] = edge2D{ax: a.X, ay: a.Y, dx: b.X - a.X, dy: b.Y - a.Y}
			a = b
		}
	}
	return e
}
