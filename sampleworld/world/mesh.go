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
	// uRep is how many times a lathe's texture wraps round it (0: once).
	uRep int
	// decor, when positive, is the first polygon that only draws: it and
	// those after it (window frames, shutters, sills) are not physics
	// polygons, so they change no collision.
	decor int
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
	var physAll []uint16
	for i, p := range m.polys {
		all[i] = uint16(i)
		if m.decor > 0 && i >= m.decor {
			continue
		}
		physAll = append(physAll, uint16(len(phys)))
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
		PhysicsBSP:      &dat.BSPNode{Tag: "LEAF", LeafIndex: 0, Solid: 1, Sphere: sphere, Polys: physAll},
		SortCenter:      centre,
		Polygons:        m.polys,
		DrawingBSP: &dat.BSPNode{Tag: "BPIN", Plane: plane,
			Pos:    &dat.BSPNode{Tag: "LEAF", LeafIndex: 0},
			Neg:    &dat.BSPNode{Tag: "LEAF", LeafIndex: 1},
			Sphere: sphere, Polys: all},
	}
}

func houseGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfaceRoof, SurfaceWood, SurfaceWindow}, tile: 2.5}
	m.box(0, v3(-5, -4, 0), v3(5, 4, 4), false)
	// Roof: two slopes up to a ridge along x, two gables.
	m.face(1, v3(-5.5, -4.5, 4), v3(5.5, -4.5, 4), v3(5.5, 0, 6.5), v3(-5.5, 0, 6.5))
	m.face(1, v3(5.5, 4.5, 4), v3(-5.5, 4.5, 4), v3(-5.5, 0, 6.5), v3(5.5, 0, 6.5))
	m.face(0, v3(-5, 4, 4), v3(-5, -4, 4), v3(-5, 0, 6.5))
	m.face(0, v3(5, -4, 4), v3(5, 4, 4), v3(5, 0, 6.5))
	// Door frame.
	m.box(2, v3(-0.7, -4.1, 0), v3(0.7, -4, 2.2), false)
	m.decorateHouse(houseSurfaces{wood: 2, window: 3})
	return m.gfxObj(HouseGfxObj)
}

func towerGfxObj(id uint32, w, h float32) *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceStone, SurfaceRoof}, tile: 2.5}
	m.box(0, v3(-w/2, -w/2, 0), v3(w/2, w/2, h), false)
	top := v3(0, 0, h+w)
	c := [4]physics.Vec3{v3(float32(-w/2)-0.3, float32(-w/2)-0.3, h), v3(float32(w/2)+0.3, float32(-w/2)-0.3, h), v3(float32(w/2)+0.3, float32(w/2)+0.3, h), v3(float32(-w/2)-0.3, float32(w/2)+0.3, h)}
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

func doorGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceDoor}}
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
		image(SurfaceFace, TexFace), image(SurfaceTrousers, TexTrousers), image(SurfaceBoots, TexBoots),
		image(SurfaceRock, TexRock),
		image(SurfaceFoliage, TexLeaves), image(SurfaceBark, TexBark), image(SurfaceNeedles, TexNeedles),
		image(SurfaceBoulder, TexBoulder), image(SurfaceWindow, TexWindow), image(SurfaceDoor, TexDoor),
		{ID: SurfacePortal, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(TexWater), Luminosity: 1, Diffuse: 1, Translucency: 0.2},
		{ID: SurfaceFlame, Type: dat.SurfaceBase1Image, OrigTextureID: SurfaceTextureOf(TexSand), Luminosity: 1, Diffuse: 1},
	}
}

// poly adds a convex polygon (counter-clockwise seen from outside) with
// its own normals and UVs; a zero normal takes the polygon's.
func (m *mesh) poly(surf int16, pts, nrm []physics.Vec3, uvs []dat.UV) {
	p := dat.Polygon{Key: uint16(len(m.polys)), Stippling: dat.StipplingNoNeg, SidesType: dat.SidesCounterClockwise, PosSurface: surf}
	flat := pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0])).Normalize()
	for i, pt := range pts {
		n := nrm[i]
		if n == (physics.Vec3{}) {
			n = flat
		}
		key := uint16(len(m.verts))
		m.verts = append(m.verts, dat.Vertex{Key: key, Origin: pt, Normal: n, UVs: []dat.UV{uvs[i]}})
		p.VertexIDs = append(p.VertexIDs, int16(key))
		p.PosUVIndices = append(p.PosUVIndices, 0)
	}
	m.polys = append(m.polys, p)
}

// ring is one cross-section of a lathe: an ellipse of radii rx, ry about
// (cx, cy) at height z, its texture row v; front pushes the ring's front
// (+y) point out (a nose, a chin, a toe) and back its back point (−y);
// surf is the surface of the band from this ring up to the next. The
// band above starts at row v; the band below ends at vTop when split is
// set (a seam between two textures), else at v too.
type ring struct {
	z, rx, ry, cx, cy, v float32
	front, back          float32
	surf                 int16
	vTop                 float32
	split                bool
}

// lathe adds a closed surface through rings, bottom to top: n sides from
// the back (−y) counter-clockwise seen from above (right +x, front +y,
// left −x), u = i/n around (the front at u = 0.5, the back seam at 0 and
// 1; m.uRep times round, each polygon's u kept within one repeat), v from
// the rings. A ring with radii 0 is a pole. Normals are
// smooth: the cross product of the tangents around and up the surface.
func (m *mesh) lathe(n int, rings []ring) {
	// Products are rounded (float64(a*b), float32(a*b)) before they are
	// added: no fused multiply-add, so go generate writes the same world on
	// every target (docs/architecture.md, "No fused multiply-add").
	pts := make([][]physics.Vec3, len(rings))
	for k, r := range rings {
		pts[k] = make([]physics.Vec3, n+1)
		for i := 0; i <= n; i++ {
			a := -math.Pi/2 + 2*math.Pi*float64(i%n)/float64(n)
			c, s := float32(math.Cos(a)), float32(math.Sin(a))
			p := v3(r.cx+float32(r.rx*c), r.cy+float32(r.ry*s), r.z)
			switch i % n {
			case n / 2:
				p.Y += r.front
			case 0:
				p.Y -= r.back
			}
			pts[k][i] = p
		}
	}
	// along returns the nearest ring below (dir −1) or above (+1) k at
	// another height, or k itself.
	along := func(k, dir int) int {
		for j := k + dir; j >= 0 && j < len(rings); j += dir {
			if rings[j].z != rings[k].z {
				return j
			}
		}
		return k
	}
	nrm := make([][]physics.Vec3, len(rings))
	for k, r := range rings {
		nrm[k] = make([]physics.Vec3, n+1)
		lo, hi := along(k, -1), along(k, 1)
		for i := 0; i <= n; i++ {
			if r.rx == 0 && r.ry == 0 {
				if lo == k || (hi != k && rings[hi].z > r.z) {
					nrm[k][i] = v3(0, 0, -1)
				} else {
					nrm[k][i] = v3(0, 0, 1)
				}
				continue
			}
			prev, next := (i+n-1)%n, (i+1)%n
			around := pts[k][next].Sub(pts[k][prev])
			up := pts[hi][i%n].Sub(pts[lo][i%n])
			nrm[k][i] = around.Cross(up).Normalize()
		}
	}
	for k := 0; k+1 < len(rings); k++ {
		lo, hi := rings[k], rings[k+1]
		vHi := hi.v
		if hi.split {
			vHi = hi.vTop
		}
		rep := max(m.uRep, 1)
		for i := 0; i < n; i++ {
			// u at side i and i+1 of this polygon: its start wrapped
			// into [0, 1), its end one step on.
			u0 := float32(i*rep%n) / float32(n)
			uAt := func(k int) float32 {
				if k == i {
					return u0
				}
				return u0 + float32(rep)/float32(n)
			}
			l := func(k int) dat.UV { return dat.UV{U: uAt(k), V: lo.v} }
			h := func(k int) dat.UV { return dat.UV{U: uAt(k), V: vHi} }
			j := i + 1
			switch {
			case lo.rx == 0 && lo.ry == 0:
				m.poly(lo.surf, []physics.Vec3{pts[k][i], pts[k+1][j], pts[k+1][i]},
					[]physics.Vec3{nrm[k][i], nrm[k+1][j], nrm[k+1][i]}, []dat.UV{l(i), h(j), h(i)})
			case hi.rx == 0 && hi.ry == 0:
				m.poly(lo.surf, []physics.Vec3{pts[k][i], pts[k][j], pts[k+1][i]},
					[]physics.Vec3{nrm[k][i], nrm[k][j], nrm[k+1][i]}, []dat.UV{l(i), l(j), h(i)})
			default:
				m.poly(lo.surf, []physics.Vec3{pts[k][i], pts[k][j], pts[k+1][j]},
					[]physics.Vec3{nrm[k][i], nrm[k][j], nrm[k+1][j]}, []dat.UV{l(i), l(j), h(j)})
				m.poly(lo.surf, []physics.Vec3{pts[k][i], pts[k+1][j], pts[k+1][i]},
					[]physics.Vec3{nrm[k][i], nrm[k+1][j], nrm[k+1][i]}, []dat.UV{l(i), h(j), h(i)})
			}
		}
	}
}
