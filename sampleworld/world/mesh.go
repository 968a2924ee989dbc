package world

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// mesh accumulates textured polygons for a GfxObj.
type mesh struct {
	surfaces []uint32
	verts    []dat.Vertex
	polys    []dat.Polygon
	// tile is the size in metres one texture repeat covers (0: each face
	// is one whole texture).
	tile float32
}

func v3(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }

// face adds a convex polygon (counter-clockwise seen from outside) on
// surface index surf.
func (m *mesh) face(surf int16, pts ...physics.Vec3) {
	n := pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0])).Normalize()
	p := dat.Polygon{Key: uint16(len(m.polys)), Stippling: dat.StipplingNoNeg, SidesType: dat.SidesCounterClockwise, PosSurface: surf}
	uvs := m.planarUVs(n, pts)
	for i, pt := range pts {
		key := uint16(len(m.verts))
		m.verts = append(m.verts, dat.Vertex{Key: key, Origin: pt, Normal: n, UVs: []dat.UV{uvs[i]}})
		p.VertexIDs = append(p.VertexIDs, int16(key))
		p.PosUVIndices = append(p.PosUVIndices, 0)
	}
	m.polys = append(m.polys, p)
}

// planarUVs maps a face's points into its plane: u along the first edge,
// v down the face (image rows grow downwards), both from 0 at the face's
// top-left, in texture repeats of m.tile metres (or scaled so the face
// spans one texture when tile is 0).
func (m *mesh) planarUVs(n physics.Vec3, pts []physics.Vec3) []dat.UV {
	e1 := pts[1].Sub(pts[0]).Normalize()
	e2 := n.Cross(e1) // in the plane, "up" for a wall
	us, vs := make([]float32, len(pts)), make([]float32, len(pts))
	u0, v1 := float32(math.MaxFloat32), float32(-math.MaxFloat32)
	uMax, vMin := -u0, -v1
	for i, p := range pts {
		d := p.Sub(pts[0])
		us[i], vs[i] = d.Dot(e1), d.Dot(e2)
		u0, uMax = min(u0, us[i]), max(uMax, us[i])
		v1, vMin = max(v1, vs[i]), min(vMin, vs[i])
	}
	su, sv := m.tile, m.tile
	if su == 0 {
		su, sv = max(uMax-u0, 1e-3), max(v1-vMin, 1e-3)
	}
	out := make([]dat.UV, len(pts))
	for i := range pts {
		out[i] = dat.UV{U: (us[i] - u0) / su, V: (v1 - vs[i]) / sv}
	}
	return out
}

// box adds an axis-aligned box from lo to hi; bottom false leaves the base
// open (buildings stand on the ground).
func (m *mesh) box(surf int16, lo, hi physics.Vec3, bottom bool) {
	a, b := lo, hi
	m.face(surf, v3(a.X, a.Y, b.Z), v3(b.X, a.Y, b.Z), v3(b.X, b.Y, b.Z), v3(a.X, b.Y, b.Z)) // top
	if bottom {
		m.face(surf, v3(a.X, a.Y, a.Z), v3(a.X, b.Y, a.Z), v3(b.X, b.Y, a.Z), v3(b.X, a.Y, a.Z))
	}
	m.face(surf, v3(a.X, a.Y, a.Z), v3(b.X, a.Y, a.Z), v3(b.X, a.Y, b.Z), v3(a.X, a.Y, b.Z)) // south
	m.face(surf, v3(b.X, b.Y, a.Z), v3(a.X, b.Y, a.Z), v3(a.X, b.Y, b.Z), v3(b.X, b.Y, b.Z)) // north
	m.face(surf, v3(a.X, b.Y, a.Z), v3(a.X, a.Y, a.Z), v3(a.X, a.Y, b.Z), v3(a.X, b.Y, b.Z)) // west
	m.face(surf, v3(b.X, a.Y, a.Z), v3(b.X, b.Y, a.Z), v3(b.X, b.Y, b.Z), v3(b.X, a.Y, b.Z)) // east
}

// centredBox adds a box of size s centred at c.
func (m *mesh) centredBox(surf int16, c, s physics.Vec3) {
	h := s.Scale(0.5)
	m.box(surf, c.Sub(h), c.Add(h), true)
}

// gfxObj finishes the mesh: drawing and physics polygons and simple BSP
// trees (one splitting plane through the sort centre, two leaves).
func (m *mesh) gfxObj(id uint32) *dat.GfxObj {
	lo, hi := m.verts[0].Origin, m.verts[0].Origin
	for _, v := range m.verts {
		lo = physics.Vec3{X: min(lo.X, v.Origin.X), Y: min(lo.Y, v.Origin.Y), Z: min(lo.Z, v.Origin.Z)}
		hi = physics.Vec3{X: max(hi.X, v.Origin.X), Y: max(hi.Y, v.Origin.Y), Z: max(hi.Z, v.Origin.Z)}
	}
	centre := lo.Add(hi).Scale(0.5)
	sphere := dat.Sphere{Origin: centre, Radius: hi.Sub(lo).Len() / 2}
	all := make([]uint16, len(m.polys))
	var phys []dat.Polygon
	for i, p := range m.polys {
		all[i] = uint16(i)
		pp := p
		pp.Stippling = dat.StipplingNoPos | dat.StipplingNoNeg
		pp.PosUVIndices = nil
		phys = append(phys, pp)
	}
	plane := dat.Plane{Normal: v3(0, 0, 1), D: -centre.Z}
	return &dat.GfxObj{
		ID:              id,
		Flags:           dat.GfxObjHasPhysics | dat.GfxObjHasDrawing,
		Surfaces:        m.surfaces,
		Vertices:        m.verts,
		PhysicsPolygons: phys,
		PhysicsBSP:      &dat.BSPNode{Tag: "LEAF", LeafIndex: 0, Solid: 1, Sphere: sphere, Polys: all},
		SortCenter:      centre,
		Polygons:        m.polys,
		DrawingBSP: &dat.BSPNode{Tag: "BPIN", Plane: plane,
			Pos:    &dat.BSPNode{Tag: "LEAF", LeafIndex: 0},
			Neg:    &dat.BSPNode{Tag: "LEAF", LeafIndex: 1},
			Sphere: sphere, Polys: all},
	}
}

func houseGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfaceRoof, SurfaceWood}, tile: 2.5}
	m.box(0, v3(-5, -4, 0), v3(5, 4, 4), false)
	// Roof: two slopes up to a ridge along x, two gables.
	m.face(1, v3(-5.5, -4.5, 4), v3(5.5, -4.5, 4), v3(5.5, 0, 6.5), v3(-5.5, 0, 6.5))
	m.face(1, v3(5.5, 4.5, 4), v3(-5.5, 4.5, 4), v3(-5.5, 0, 6.5), v3(5.5, 0, 6.5))
	m.face(0, v3(-5, 4, 4), v3(-5, -4, 4), v3(-5, 0, 6.5))
	m.face(0, v3(5, -4, 4), v3(5, 4, 4), v3(5, 0, 6.5))
	// Door frame.
	m.box(2, v3(-0.7, -4.1, 0), v3(0.7, -4, 2.2), false)
	return m.gfxObj(HouseGfxObj)
}

func towerGfxObj(id uint32, w, h float32) *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfaceRoof}, tile: 2.5}
	m.box(0, v3(-w/2, -w/2, 0), v3(w/2, w/2, h), false)
	top := v3(0, 0, h+w)
	c := [4]physics.Vec3{v3(-w/2-0.3, -w/2-0.3, h), v3(w/2+0.3, -w/2-0.3, h), v3(w/2+0.3, w/2+0.3, h), v3(-w/2-0.3, w/2+0.3, h)}
	for i := range c {
		m.face(1, c[i], c[(i+1)%4], top)
	}
	return m.gfxObj(id)
}

func wallGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone}, tile: 2.5}
	m.box(0, v3(-6, -0.25, 0), v3(6, 0.25, 2), false)
	return m.gfxObj(WallGfxObj)
}

func partGfxObj(id uint32, surf uint32, centre, size physics.Vec3) *dat.GfxObj {
	m := &mesh{surfaces: []uint32{surf}}
	m.centredBox(0, centre, size)
	return m.gfxObj(id)
}

func doorGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceWood}, tile: 2.1}
	m.box(0, v3(0, -0.05, 0), v3(1.3, 0.05, 2.1), true) // hinge on the z axis
	return m.gfxObj(DoorGfxObj)
}

func bladesGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceWood, SurfaceCloth}, tile: 2}
	m.centredBox(0, v3(0, 0, 0), v3(8, 0.2, 0.6))
	m.centredBox(1, v3(0, 0, 0), v3(0.6, 0.2, 8))
	return m.gfxObj(WindmillBladesGfx)
}

func surfaces() []*dat.Surface {
	solid := func(id, color uint32) *dat.Surface {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Solid, Color: color, Diffuse: 1}
	}
	image := func(id, tex uint32) *dat.Surface {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(tex), Diffuse: 1}
	}
	return []*dat.Surface{
		image(SurfaceStone, TexStoneWall), image(SurfaceWood, TexWood), image(SurfaceSkin, TexSkin),
		image(SurfaceCloth, TexCloth), image(SurfaceRoof, TexRoof), solid(SurfaceLeaves, 0xFF308030),
		image(SurfaceRock, TexRock),
		image(SurfaceFoliage, TexLushGrass),
		{ID: SurfacePortal, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(TexWater), Luminosity: 1, Diffuse: 1, Translucency: 0.2},
		{ID: SurfaceFlame, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(TexSand), Luminosity: 1, Diffuse: 1},
	}
}
