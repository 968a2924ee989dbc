package collision

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// OutsideCell is the other-cell number of a portal that opens to the
// outdoor LandCells (CellPortal.other_cell_id 0xFFFF).
const OutsideCell = 0xFFFF

// Cell is an indoor cell's collision (CEnvCell with its CCellStruct): the
// cell placed in its landblock, the physics BSP over its physics polygons
// (floors, walls, ceilings; a portal's opening has none), the splitting
// planes of its cell BSP (what is inside it) and its portals.
type Cell struct {
	// ID is the EnvCell id, 0xXXYYnnnn with nnnn ≥ 0x0100.
	ID uint32
	// Frame places the cell, landblock-local (EnvCell.Position).
	Frame physics.Frame
	// Shape is the CellStruct's physics geometry in the cell's space, nil
	// for a cell without one.
	Shape *Shape
	// Inside are the planes of the cell BSP's positive chain, in the
	// cell's space: a point is in the cell when it is in front of, or
	// within Epsilon of, every one (BSPNode::point_inside_cell_bsp).
	Inside []Plane
	// Portals are the cell's openings to other cells.
	Portals []Portal
}

// Portal is an opening of a cell: the polygon in the cell's space and the
// cell beyond it, full id (0xXXYYnnnn), or OutsideCell's low half for the
// outdoor cells.
type Portal struct {
	Other uint32
	Poly  Poly
}

// Outside reports whether the portal opens to the outdoor cells.
func (p *Portal) Outside() bool { return p.Other&0xFFFF == OutsideCell }

// CellPlanes returns the planes of a cell BSP's positive chain, the ones
// point_inside_cell_bsp tests: from the root, each internal node's plane,
// following its positive child, until a leaf or a node without one.
func CellPlanes(root *dat.BSPNode) []Plane {
	var out []Plane
	for n, depth := root, 0; n != nil && n.Tag != "LEAF" && depth <= maxDepth; n, depth = n.Pos, depth+1 {
		l := n.Plane.Normal.Len()
		if l == 0 || !finite(l) {
			continue
		}
		out = append(out, Plane{N: n.Plane.Normal.Scale(1 / l), D: n.Plane.D / l})
	}
	return out
}

// Contains is CEnvCell::point_in_cell: whether a landblock-local point is
// inside the cell. A cell without cell planes contains nothing.
func (c *Cell) Contains(p physics.Vec3) bool {
	if len(c.Inside) == 0 {
		return false
	}
	l := c.Frame.GlobalToLocalVec(p.Sub(c.Frame.Origin))
	for _, pl := range c.Inside {
		if pl.Dist(l) < -Epsilon {
			return false
		}
	}
	return true
}

// near reports whether the landblock-local box lo..hi meets the bounding
// sphere of the cell's geometry.
func (c *Cell) near(lo, hi physics.Vec3) bool {
	if c.Shape == nil {
		return len(c.Portals) > 0
	}
	b := c.Shape.Bound
	q := c.Frame.LocalToGlobal(b.Origin)
	dx := q.X - min(max(q.X, lo.X), hi.X)
	dy := q.Y - min(max(q.Y, lo.Y), hi.Y)
	dz := q.Z - min(max(q.Z, lo.Z), hi.Z)
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	return float32(dx*dx)+float32(dy*dy)+float32(dz*dz) <= b.Radius*b.Radius
}

// portalNear reports whether the portal's polygon (its bounding box)
// meets the landblock-local box lo..hi.
func (c *Cell) portalNear(p *Portal, lo, hi physics.Vec3) bool {
	if len(p.Poly.Verts) == 0 {
		return false
	}
	plo := c.Frame.LocalToGlobal(p.Poly.Verts[0])
	phi := plo
	for _, v := range p.Poly.Verts[1:] {
		g := c.Frame.LocalToGlobal(v)
		plo = vec{X: min(plo.X, g.X), Y: min(plo.Y, g.Y), Z: min(plo.Z, g.Z)}
		phi = vec{X: max(phi.X, g.X), Y: max(phi.Y, g.Y), Z: max(phi.Z, g.Z)}
	}
	return plo.X <= hi.X && phi.X >= lo.X && plo.Y <= hi.Y && phi.Y >= lo.Y && plo.Z <= hi.Z && phi.Z >= lo.Z
}

// NewCell builds an EnvCell's collision from its CellStruct (the
// Environment's structure numbered EnvCell.CellStructure): the physics
// BSP over the physics polygons, the cell BSP's planes, and a portal for
// each of the EnvCell's CellPortals over the drawn polygon it names (the
// other side 0xFFFF is outside, any other number an EnvCell of the same
// landblock). A portal naming no polygon, or a polygon with a missing
// vertex, is left out (as NewBSPShape leaves such a polygon out).
func NewCell(ec *dat.EnvCell, cs *dat.CellStruct) *Cell {
	c := &Cell{
		ID:     ec.ID,
		Frame:  ec.Position,
		Shape:  NewBSPShape(cs.Vertex, cs.PhysicsPolygons, cs.PhysicsBSP),
		Inside: CellPlanes(cs.CellBSP),
	}
	if c.Frame.Orientation == (physics.Quat{}) {
		c.Frame.Orientation = physics.IdentityQuat
	}
	for _, p := range ec.Portals {
		poly, ok := cs.Polygon(p.PolygonID)
		if !ok {
			continue
		}
		verts, ok := polyVerts(cs.Vertex, &poly)
		if !ok {
			continue
		}
		other := uint32(OutsideCell)
		if p.OtherCellID != OutsideCell {
			other = ec.ID&0xFFFF0000 | uint32(p.OtherCellID)
		}
		c.Portals = append(c.Portals, Portal{Other: other, Poly: NewPoly(verts, true)})
	}
	return c
}
