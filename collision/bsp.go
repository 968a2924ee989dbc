package collision

import (
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Shape is a GfxObj's physics geometry: its physics polygons and the
// physics BSP over them, in the GfxObj's own space.
type Shape struct {
	Polys []Poly
	root  *node
	// Bound is a sphere around every polygon (the BSP root's sphere, or
	// one computed from the vertices).
	Bound dat.Sphere
	// all numbers every polygon (a shape without a tree).
	all []int32
}

// node is one physics BSP node: a splitting plane with children, or a
// leaf naming polygons; every node carries its bounding sphere.
type node struct {
	plane    Plane
	pos, neg *node
	center   vec
	radius   float32
	leaf     bool
	polys    []int32
}

// NewShape builds the Shape of a GfxObj's physics BSP and polygons, nil
// when it has none. Leaf polygon numbers name physics polygons by key;
// one that names no polygon, or a polygon with a missing vertex, is left
// out.
func NewShape(g *dat.GfxObj) *Shape {
	if g == nil {
		return nil
	}
	return NewBSPShape(g.Vertex, g.PhysicsPolygons, g.PhysicsBSP)
}

// NewBSPShape builds a Shape from physics polygons over the vertices the
// vertex function resolves by key and the physics BSP over them (a
// GfxObj's or a CellStruct's), nil without a tree or polygons.
func NewBSPShape(vertex func(uint16) (dat.Vertex, bool), polys []dat.Polygon, bsp *dat.BSPNode) *Shape {
	if bsp == nil || len(polys) == 0 {
		return nil
	}
	s := &Shape{}
	byKey := make(map[uint16]int32, len(polys))
	for _, p := range polys {
		verts, ok := polyVerts(vertex, &p)
		if !ok {
			continue
		}
		byKey[p.Key] = int32(len(s.Polys))
		s.Polys = append(s.Polys, NewPoly(verts, p.SidesType == dat.SidesNone))
	}
	s.root = buildNode(bsp, byKey, 0)
	s.Bound = boundOf(s.Polys)
	return s
}

// polyVerts resolves a dat polygon's vertices through the vertex
// function; false when one is missing or there are fewer than three.
func polyVerts(vertex func(uint16) (dat.Vertex, bool), p *dat.Polygon) ([]physics.Vec3, bool) {
	if len(p.VertexIDs) < 3 {
		return nil, false
	}
	verts := make([]physics.Vec3, 0, len(p.VertexIDs))
	for _, id := range p.VertexIDs {
		v, ok := vertex(uint16(id))
		if !ok {
			return nil, false
		}
		verts = append(verts, v.Origin)
	}
	return verts, true
}

// NewPolyShape is a Shape of loose polygons without a tree, for tests:
// every query tests every polygon.
func NewPolyShape(polys []Poly) *Shape {
	all := make([]int32, len(polys))
	for i := range all {
		all[i] = int32(i)
	}
	return &Shape{Polys: polys, Bound: boundOf(polys), all: all}
}

func boundOf(polys []Poly) dat.Sphere {
	var lo, hi vec
	first := true
	for _, p := range polys {
		for _, v := range p.Verts {
			if first {
				lo, hi, first = v, v, false
				continue
			}
			lo = vec{X: min(lo.X, v.X), Y: min(lo.Y, v.Y), Z: min(lo.Z, v.Z)}
			hi = vec{X: max(hi.X, v.X), Y: max(hi.Y, v.Y), Z: max(hi.Z, v.Z)}
		}
	}
	c := lo.Add(hi).Scale(0.5)
	return dat.Sphere{Origin: c, Radius: hi.Sub(c).Len()}
}

// maxDepth bounds the tree walk; the decoder already bounds decoded trees.
const maxDepth = 256

func buildNode(n *dat.BSPNode, byKey map[uint16]int32, depth int) *node {
	if n == nil || depth > maxDepth {
		return nil
	}
	out := &node{center: n.Sphere.Origin, radius: n.Sphere.Radius}
	if n.Tag == "LEAF" {
		out.leaf = true
		for _, k := range n.Polys {
			if i, ok := byKey[k]; ok {
				out.polys = append(out.polys, i)
			}
		}
		return out
	}
	nl := n.Plane.Normal.Len()
	if nl > 0 {
		out.plane = Plane{N: n.Plane.Normal.Scale(1 / nl), D: n.Plane.D / nl}
	}
	out.pos = buildNode(n.Pos, byKey, depth+1)
	out.neg = buildNode(n.Neg, byKey, depth+1)
	return out
}
