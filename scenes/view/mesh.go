package view

import (
	"fmt"
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// rgb is a linear colour, components 0..1.
type rgb struct{ R, G, B float32 }

// meshTri is one triangle of a fan-triangulated polygon: vertex indices,
// the front and back colours, whether the back side is drawn, and for a
// textured triangle its corners' atlas pixel coordinates (both sides).
type meshTri struct {
	A, B, C  uint16
	Front    rgb
	Back     rgb
	TwoSided bool
	Tex      bool
	UV       [3][2]float32
	// Alpha is the surface's opacity (1 − Translucency for a Translucent
	// surface), Lum its luminosity (Luminous surfaces: how far it lights
	// itself toward full bright).
	Alpha, Lum float32
	// AlphaTest (Base1ClipMap surfaces): texels below half alpha are
	// discarded and the rest drawn opaque, not blended. Additive surfaces
	// add to what lies behind them.
	AlphaTest, Additive bool
}

// Mesh is a GfxObj prepared for the CPU renderer: vertex positions and
// normals in the part's space and coloured or textured triangles.
type Mesh struct {
	Pos []physics.Vec3
	// Nrm are the vertex normals (unit; zero where the GfxObj gives none,
	// and the triangle's own normal lights it).
	Nrm  []physics.Vec3
	Tris []meshTri
	// Radius bounds every vertex's distance from the part origin.
	Radius float32
	// Degrade is the GfxObj's levels of detail (its DIDDegrade), nil for
	// none: a part drawn with this mesh draws the level its distance
	// picks instead (degradeLevel).
	Degrade *dat.GfxObjDegradeInfo
	// levels are the meshes of Degrade's levels as far as looked up
	// (Renderer.levelMesh; noMesh for one that cannot be built).
	levels []*Mesh
	// corners are the distinct front-side corners of the triangles (a
	// vertex with its surface's colour, opacity, luminosity, alpha test
	// and atlas coordinate) and triCorners each triangle's three
	// (shareCorners); the renderer writes one output vertex per corner a
	// frame draws and lets the triangles index them. nil (a mesh built
	// by hand, or one with more than 65535 corners): every triangle
	// writes three vertices of its own.
	corners    []meshCorner
	triCorners [][3]uint16
	// ctris are the triangles as the corner path reads them (with
	// corners; shareCorners).
	ctris []cornerTri
	// ctriAdd: a triangle of ctris is additive.
	ctriAdd bool
	// texCorners: every corner is textured, neither luminous nor alpha
	// tested (writeCorners' plain loop).
	texCorners bool
	// planes are the triangles' planes in part space (facePlanes): the
	// renderer picks the side each shows before transforming a vertex.
	// nil: it transforms every vertex and picks them in camera space.
	planes []meshPlane
	// minAlpha is the least triangle Alpha (facePlanes).
	minAlpha float32
	// litCorners (markLitCorners): the mesh has corners, every vertex a
	// normal and no triangle a back side drawn, so that every side drawn
	// of a part that no plane cuts takes the corner path, which reads no
	// camera-space point (projectInsideLit).
	litCorners bool
}

// markLitCorners sets litCorners.
func (m *Mesh) markLitCorners() {
	m.litCorners = false
	if m.ctris == nil || len(m.ctris) != len(m.Tris) || len(m.triCorners) != len(m.Tris) ||
		len(m.planes) != len(m.Tris) || len(m.Nrm) != len(m.Pos) {
		return
	}
	for _, n := range m.Nrm {
		if n == (physics.Vec3{}) {
			return
		}
	}
	for i := range m.planes {
		if m.planes[i].Back {
			return
		}
	}
	m.litCorners = true
}

// cornerTri is a triangle as the renderer's corner path reads it: its
// vertices, its corners, its surface's opacity (Opaque; 0 when it is
// additive, so that alpha·Opaque ≥ 1 says it is Solid), whether it is
// additive, and Opaque ≥ 1 (Solid1: Solid at alpha 1, where alpha·Opaque
// is Opaque, read by cornerRunLitTex). It is 32 bytes, as are meshPlane and meshCorner: the
// compiler folds a power-of-two stride into the loads' addressing, where
// a stride of 24 or 20 bytes costs an address computation per field.
type cornerTri struct {
	V, C     [3]uint16
	Opaque   float32
	Additive bool
	Solid1   bool // Opaque ≥ 1: Solid at alpha 1
	_        [14]byte
}

// meshPlane is a triangle's plane in part space: N the unnormalized
// (B−A)×(C−A), zero for a degenerate triangle, and D = N·A; with the
// triangle's vertices and whether its back side may be drawn (Back: a
// two-sided triangle that is not degenerate), so that choosing the sides
// reads nothing else.
type meshPlane struct {
	N    physics.Vec3
	D    float32
	V    [3]uint16
	Back bool
	_    [8]byte // 32 bytes (cornerTri)
}

// facePlanes fills planes and minAlpha.
func (m *Mesh) facePlanes() {
	m.planes = make([]meshPlane, len(m.Tris))
	m.minAlpha = 1
	for i := range m.Tris {
		t := &m.Tris[i]
		a, b, c := m.Pos[t.A], m.Pos[t.B], m.Pos[t.C]
		n := b.Sub(a).Cross(c.Sub(a))
		m.planes[i] = meshPlane{N: n, D: n.Dot(a), V: [3]uint16{t.A, t.B, t.C}, Back: t.TwoSided && n != (physics.Vec3{})}
		m.minAlpha = min(m.minAlpha, t.Alpha)
	}
}

// meshCorner is a triangle corner as the renderer writes it for a front
// side lit by its vertex normals: everything in the output vertex but
// the vertex's projection, light and fog and the object's opacity.
type meshCorner struct {
	V          uint16
	Tex        bool
	AlphaTest  bool       // Tex && the surface's alpha test
	UV         [2]float32 // atlas coordinate (Tex)
	Col        rgb        // the surface's front colour
	Alpha, Lum float32
} // 32 bytes (cornerTri)

// BuildMesh triangulates a GfxObj's drawing polygons as fans. Each
// polygon's colour is its surface's solid colour, or for a textured or
// missing surface a per-part palette colour. surface resolves the GfxObj's
// surface list entries.
func BuildMesh(g *dat.GfxObj, surface func(id uint32) (*dat.Surface, error)) (*Mesh, error) {
	return BuildTexturedMesh(g, surface, nil)
}

// maxUVCells bounds how many texture repeats one polygon is split into;
// a polygon spanning more is drawn with its UVs clamped to one repeat.
const maxUVCells = 256

// BuildTexturedMesh is BuildMesh with textures: tex returns the atlas
// rectangle of a textured surface (false: draw it flat). A textured
// polygon's UVs come from its vertices' UV lists through PosUVIndices.
// One atlas rectangle holds one repeat of a texture, so a polygon whose
// UVs span several repeats is clipped along the integer u and v lines and
// each piece is drawn with its UVs shifted into [0, 1].
//
// The mesh keeps one vertex per distinct position and normal
// (shareVertices), so the renderer transforms and projects each once.
func BuildTexturedMesh(g *dat.GfxObj, surface func(id uint32) (*dat.Surface, error), tex func(surfaceID uint32) (image.Rectangle, bool)) (*Mesh, error) {
	m, err := buildPolygonMesh(g, surface, tex)
	if err != nil {
		return nil, err
	}
	m.shareVertices()
	m.shareCorners()
	m.facePlanes()
	m.markLitCorners()
	return m, nil
}

// buildPolygonMesh is BuildTexturedMesh before shareVertices: every
// textured polygon piece has vertices of its own, after the GfxObj's.
func buildPolygonMesh(g *dat.GfxObj, surface func(id uint32) (*dat.Surface, error), tex func(surfaceID uint32) (image.Rectangle, bool)) (*Mesh, error) {
	m := &Mesh{}
	index := make(map[uint16]uint16, len(g.Vertices))
	for _, v := range g.Vertices {
		if len(m.Pos) >= 0xFFFF {
			return nil, fmt.Errorf("scenes: GfxObj 0x%08X: more than 65535 vertices", g.ID)
		}
		index[v.Key] = uint16(len(m.Pos))
		m.Pos = append(m.Pos, v.Origin)
		m.Nrm = append(m.Nrm, unitOrZero(v.Normal))
		m.Radius = max(m.Radius, v.Origin.Len())
	}
	colours := make([]rgb, len(g.Surfaces))
	flags := make([]surfFlags, len(g.Surfaces))
	for i, sid := range g.Surfaces {
		colours[i] = partColour(g.ID, i)
		flags[i] = surfFlags{alpha: 1}
		if surface == nil {
			continue
		}
		s, err := surface(sid)
		if err != nil {
			continue
		}
		if !s.Textured() && s.Color != 0 {
			colours[i] = rgbOf(s.Color)
		}
		if s.Type&dat.SurfaceTranslucent != 0 {
			flags[i].alpha = 1 - min(max(s.Translucency, 0), 1)
		}
		if s.Type&dat.SurfaceLuminous != 0 {
			flags[i].lum = min(max(s.Luminosity, 0), 1)
		}
		flags[i].alphaTest = s.Type&dat.SurfaceBase1ClipMap != 0
		flags[i].additive = s.Type&dat.SurfaceAdditive != 0
	}
	flag := func(i int16) surfFlags {
		if i >= 0 && int(i) < len(flags) {
			return flags[i]
		}
		return surfFlags{alpha: 1}
	}
	rects := make([]image.Rectangle, len(g.Surfaces))
	if tex != nil {
		for i, sid := range g.Surfaces {
			if r, ok := tex(sid); ok {
				rects[i] = r
				colours[i] = rgb{1, 1, 1}
			}
		}
	}
	colour := func(i int16) rgb {
		if i >= 0 && int(i) < len(colours) {
			return colours[i]
		}
		return partColour(g.ID, int(i))
	}
	for _, p := range g.Polygons {
		if len(p.VertexIDs) < 3 {
			continue
		}
		front := colour(p.PosSurface)
		fl := flag(p.PosSurface)
		negSurf, _ := p.NegSide()
		back := front
		two := p.SidesType == dat.SidesNone || p.SidesType == dat.SidesClockwise
		if p.SidesType == dat.SidesClockwise {
			back = colour(negSurf)
		}
		ids := make([]uint16, 0, len(p.VertexIDs))
		for _, k := range p.VertexIDs {
			i, ok := index[uint16(k)]
			if !ok {
				return nil, fmt.Errorf("scenes: GfxObj 0x%08X: polygon %d names vertex %d it lacks", g.ID, p.Key, k)
			}
			ids = append(ids, i)
		}
		if p.PosSurface >= 0 && int(p.PosSurface) < len(rects) && !rects[p.PosSurface].Empty() {
			if pts, ok := polyUVs(g, &p, ids, m.Pos); ok {
				if err := m.addTextured(g.ID, pts, rects[p.PosSurface], front, back, two, fl); err != nil {
					return nil, err
				}
				continue
			}
		}
		for j := 1; j+1 < len(ids); j++ {
			m.Tris = append(m.Tris, meshTri{A: ids[0], B: ids[j], C: ids[j+1], Front: front, Back: back, TwoSided: two,
				Alpha: fl.alpha, Lum: fl.lum, Additive: fl.additive})
		}
	}
	return m, nil
}

// shareVertices keeps one vertex per distinct position and normal (bit
// for bit) and drops the vertices no triangle names, renumbering the
// triangles: a textured polygon's corners are appended per polygon (and
// per texture repeat), so without it the renderer would transform and
// project a GfxObj vertex once for every polygon around it. The
// triangles, in their order, are unchanged.
func (m *Mesh) shareVertices() {
	type key [6]uint32
	bits := func(v physics.Vec3) (uint32, uint32, uint32) {
		return math.Float32bits(v.X), math.Float32bits(v.Y), math.Float32bits(v.Z)
	}
	index := make(map[key]uint16, len(m.Pos))
	remap := make([]int32, len(m.Pos))
	for i := range remap {
		remap[i] = -1
	}
	pos := make([]physics.Vec3, 0, len(m.Pos))
	nrm := make([]physics.Vec3, 0, len(m.Pos))
	at := func(i uint16) uint16 {
		if j := remap[i]; j >= 0 {
			return uint16(j)
		}
		var k key
		k[0], k[1], k[2] = bits(m.Pos[i])
		k[3], k[4], k[5] = bits(m.Nrm[i])
		j, ok := index[k]
		if !ok {
			j = uint16(len(pos))
			index[k] = j
			pos, nrm = append(pos, m.Pos[i]), append(nrm, m.Nrm[i])
		}
		remap[i] = int32(j)
		return j
	}
	for i := range m.Tris {
		t := &m.Tris[i]
		t.A, t.B, t.C = at(t.A), at(t.B), at(t.C)
	}
	m.Pos, m.Nrm = pos, nrm
}

// shareCorners fills corners and triCorners: one corner per distinct
// vertex, colour, opacity, luminosity, alpha test and atlas coordinate
// (bit for bit) among the triangles' front sides. A mesh with more than
// 65535 of them keeps none.
func (m *Mesh) shareCorners() {
	type key struct {
		v                    uint16
		u, w, r, g, b, a, lm uint32
		tex, at              bool
	}
	b32 := math.Float32bits
	index := make(map[key]uint16, len(m.Pos))
	corners := make([]meshCorner, 0, len(m.Pos))
	tc := make([][3]uint16, len(m.Tris))
	for i := range m.Tris {
		t := &m.Tris[i]
		for k, v := range [3]uint16{t.A, t.B, t.C} {
			c := meshCorner{V: v, Col: t.Front, Alpha: t.Alpha, Lum: t.Lum, Tex: t.Tex, AlphaTest: t.Tex && t.AlphaTest}
			if t.Tex {
				c.UV = t.UV[k]
			}
			ck := key{v, b32(c.UV[0]), b32(c.UV[1]), b32(c.Col.R), b32(c.Col.G), b32(c.Col.B), b32(c.Alpha), b32(c.Lum), c.Tex, c.AlphaTest}
			j, ok := index[ck]
			if !ok {
				if len(corners) >= 0xFFFF {
					m.corners, m.triCorners, m.ctris = nil, nil, nil
					return
				}
				j = uint16(len(corners))
				index[ck] = j
				corners = append(corners, c)
			}
			tc[i][k] = j
		}
	}
	m.corners, m.triCorners = corners, tc
	m.texCorners = true
	for i := range corners {
		if c := &corners[i]; !c.Tex || c.Lum > 0 || c.AlphaTest {
			m.texCorners = false
			break
		}
	}
	m.ctris = make([]cornerTri, len(m.Tris))
	for i := range m.Tris {
		t := &m.Tris[i]
		m.ctris[i] = cornerTri{V: [3]uint16{t.A, t.B, t.C}, C: tc[i], Opaque: t.Alpha, Additive: t.Additive}
		if t.Additive {
			m.ctris[i].Opaque = 0
			m.ctriAdd = true
		}
		m.ctris[i].Solid1 = m.ctris[i].Opaque >= 1
	}
}

// surfFlags are a surface's drawing flags the renderer applies per
// triangle.
type surfFlags struct {
	alpha, lum          float32
	alphaTest, additive bool
}

// unitOrZero normalizes n, keeping a zero (or degenerate) normal zero.
func unitOrZero(n physics.Vec3) physics.Vec3 {
	if l := n.Len(); l > 1e-6 && !math.IsNaN(float64(l)) && !math.IsInf(float64(l), 0) {
		return n.Scale(1 / l)
	}
	return physics.Vec3{}
}

// uvPoint is a polygon corner with its normal and texture coordinates.
type uvPoint struct {
	P, N physics.Vec3
	U, V float32
}

// polyUVs returns a polygon's corners with their positive-side UVs, and
// false when the polygon has none.
func polyUVs(g *dat.GfxObj, p *dat.Polygon, ids []uint16, pos []physics.Vec3) ([]uvPoint, bool) {
	if len(p.PosUVIndices) != len(p.VertexIDs) {
		return nil, false
	}
	out := make([]uvPoint, len(ids))
	for i, k := range p.VertexIDs {
		v, ok := g.Vertex(uint16(k))
		j := int(p.PosUVIndices[i])
		if !ok || j >= len(v.UVs) {
			return nil, false
		}
		out[i] = uvPoint{P: pos[ids[i]], N: unitOrZero(v.Normal), U: v.UVs[j].U, V: v.UVs[j].V}
	}
	return out, true
}

// addTextured splits a textured polygon at integer UV lines and adds each
// piece's fan with atlas coordinates inside rect (texel centres, so
// nearest sampling never reads a neighbour's pixels).
func (m *Mesh) addTextured(id uint32, pts []uvPoint, rect image.Rectangle, front, back rgb, two bool, fl surfFlags) error {
	u0, v0 := float32(math.Inf(1)), float32(math.Inf(1))
	u1, v1 := -u0, -v0
	for _, q := range pts {
		if math.IsNaN(float64(q.U)) || math.IsNaN(float64(q.V)) || math.IsInf(float64(q.U), 0) || math.IsInf(float64(q.V), 0) {
			return fmt.Errorf("scenes: GfxObj 0x%08X: a polygon has a non-finite UV", id)
		}
		u0, u1, v0, v1 = min(u0, q.U), max(u1, q.U), min(v0, q.V), max(v1, q.V)
	}
	iu0, iu1 := int(math.Floor(float64(u0))), int(math.Ceil(float64(u1)))-1
	iv0, iv1 := int(math.Floor(float64(v0))), int(math.Ceil(float64(v1)))-1
	iu1, iv1 = max(iu1, iu0), max(iv1, iv0)
	if (iu1-iu0+1)*(iv1-iv0+1) > maxUVCells {
		for i := range pts {
			pts[i].U, pts[i].V = min(max(pts[i].U-float32(iu0), 0), 1), min(max(pts[i].V-float32(iv0), 0), 1)
		}
		iu0, iu1, iv0, iv1 = 0, 0, 0, 0
	}
	sx, sy := float32(rect.Dx()-1), float32(rect.Dy()-1)
	ox, oy := float32(rect.Min.X)+0.5, float32(rect.Min.Y)+0.5
	var buf, tmp []uvPoint
	for iu := iu0; iu <= iu1; iu++ {
		for iv := iv0; iv <= iv1; iv++ {
			fu, fv := float32(iu), float32(iv)
			buf = append(buf[:0], pts...)
			buf, tmp = clipUV(buf, tmp, func(q uvPoint) float32 { return q.U - fu }), buf
			buf, tmp = clipUV(buf, tmp, func(q uvPoint) float32 { return fu + 1 - q.U }), buf
			buf, tmp = clipUV(buf, tmp, func(q uvPoint) float32 { return q.V - fv }), buf
			buf, tmp = clipUV(buf, tmp, func(q uvPoint) float32 { return fv + 1 - q.V }), buf
			if len(buf) < 3 {
				continue
			}
			if len(m.Pos)+len(buf) > 0xFFFF {
				return fmt.Errorf("scenes: GfxObj 0x%08X: more than 65535 vertices after splitting at texture repeats", id)
			}
			base := uint16(len(m.Pos))
			uv := make([][2]float32, len(buf))
			for i, q := range buf {
				m.Pos = append(m.Pos, q.P)
				m.Nrm = append(m.Nrm, unitOrZero(q.N))
				uv[i] = [2]float32{ox + float32(min(max(q.U-fu, 0), 1)*sx), oy + float32(min(max(q.V-fv, 0), 1)*sy)}
			}
			for j := 1; j+1 < len(buf); j++ {
				m.Tris = append(m.Tris, meshTri{A: base, B: base + uint16(j), C: base + uint16(j+1), Front: front, Back: back,
					TwoSided: two, Tex: true, UV: [3][2]float32{uv[0], uv[j], uv[j+1]}, Alpha: fl.alpha, Lum: fl.lum,
					AlphaTest: fl.alphaTest, Additive: fl.additive})
			}
		}
	}
	return nil
}

// clipUV keeps the part of a convex polygon where side(q) ≥ 0
// (Sutherland–Hodgman), writing into out.
func clipUV(in, out []uvPoint, side func(uvPoint) float32) []uvPoint {
	out = out[:0]
	for i, p := range in {
		q := in[(i+1)%len(in)]
		sp, sq := side(p), side(q)
		if sp >= 0 {
			out = append(out, p)
		}
		if (sp >= 0) != (sq >= 0) {
			t := sp / (sp - sq)
			out = append(out, uvPoint{P: p.P.Add(q.P.Sub(p.P).Scale(t)), N: p.N.Add(q.N.Sub(p.N).Scale(t)),
				U: p.U + float32((q.U-p.U)*t), V: p.V + float32((q.V-p.V)*t)})
		}
	}
	return out
}

// rgbOf converts a DAT 0xAARRGGBB colour.
func rgbOf(c uint32) rgb {
	return rgb{float32(c>>16&0xFF) / 255, float32(c>>8&0xFF) / 255, float32(c&0xFF) / 255}
}

// partColour is the per-part palette: a muted colour chosen by the GfxObj
// id and surface index, stable across runs.
func partColour(id uint32, surf int) rgb {
	h := id*2654435761 ^ uint32(surf+1)*40503
	h ^= h >> 15
	h *= 2246822519
	h ^= h >> 13
	return rgb{0.35 + float32(float32(h&0xFF)/255*0.5), 0.35 + float32(float32(h>>8&0xFF)/255*0.5), 0.35 + float32(float32(h>>16&0xFF)/255*0.5)}
}
