package view

// The renderer's path before shared vertices (per-triangle projection and
// fog from unshared textured polygon vertices), kept to check that the
// shared-vertex path draws exactly the same triangles.

import (
	"math"
	"math/rand"
	"sort"
	"testing"

	"github.com/dereth/dereth/physics"
)

// oldVLight is the old path's vertex lights (the renderer's vlight then).
var oldVLight []rgb

func (r *Renderer) buildMeshIntoOld(list *triList, mesh *Mesh, m physics.Mat4, owner int32, alpha float32) {
	if cap(r.scratch) < len(mesh.Pos) {
		r.scratch = make([]physics.Vec3, len(mesh.Pos))
		r.vstamp = make([]uint32, len(mesh.Pos))
	}
	if len(oldVLight) < len(mesh.Pos) { // test: the renderer no longer keeps vlight
		oldVLight = make([]rgb, len(mesh.Pos))
	}
	pts := r.scratch[:len(mesh.Pos)]
	r.stamp++
	if r.stamp == 0 { // wrapped: no stale stamp may match
		clear(r.vstamp)
		r.stamp = 1
	}
	camLight := Lighting{SunDir: r.lightCam, Sun: r.Light.Sun, Ambient: r.Light.Ambient}
	for i, p := range mesh.Pos {
		pts[i] = physics.Vec3{
			X: float32(p.X*m[0][0]) + float32(p.Y*m[1][0]) + float32(p.Z*m[2][0]) + m[3][0],
			Y: float32(p.X*m[0][1]) + float32(p.Y*m[1][1]) + float32(p.Z*m[2][1]) + m[3][1],
			Z: float32(p.X*m[0][2]) + float32(p.Y*m[1][2]) + float32(p.Z*m[2][2]) + m[3][2],
		}
	}
	// Vertex normals turn with the part; its scale (uniform for a
	// GfxObj part) divides out of n·sun, so no normal is renormalized.
	// The view is orthogonal, so n·sun is the same in camera space as in
	// render space (a cross product of camera-space points is not: see
	// facingN). Lights are worked out only for the vertices of triangles
	// drawn, once each.
	sun := physics.Vec3{
		X: float32(r.lightCam.X*m[0][0]) + float32(r.lightCam.Y*m[0][1]) + float32(r.lightCam.Z*m[0][2]),
		Y: float32(r.lightCam.X*m[1][0]) + float32(r.lightCam.Y*m[1][1]) + float32(r.lightCam.Z*m[1][2]),
		Z: float32(r.lightCam.X*m[2][0]) + float32(r.lightCam.Y*m[2][1]) + float32(r.lightCam.Z*m[2][2]),
	}
	if s := rowLen(&m, 0); s > 1e-6 {
		sun = sun.Scale(1 / s)
	}
	vertex := func(i uint16) rgb {
		if r.vstamp[i] == r.stamp {
			return oldVLight[i]
		}
		l := rgb{-1, 0, 0} // no normal: lit by the triangle's
		if int(i) < len(mesh.Nrm) {
			if n := mesh.Nrm[i]; n != (physics.Vec3{}) {
				d := max(0, n.Dot(sun))
				a, s := camLight.Ambient, camLight.Sun
				l = rgb{a.R + float32(s.R*d), a.G + float32(s.G*d), a.B + float32(s.B*d)}
				if len(r.points) > 0 {
					l = r.pointLit(l, pts[i], rotate(&m, n))
				}
				l = rgb{min(l.R, 1), min(l.G, 1), min(l.B, 1)}
			}
		}
		r.vstamp[i], oldVLight[i] = r.stamp, l
		return l
	}
	for i := range mesh.Tris {
		t := &mesh.Tris[i]
		a, b, c := pts[t.A], pts[t.B], pts[t.C]
		n := b.Sub(a).Cross(c.Sub(a))
		col := t.Front
		sign := float32(-1)
		back := !r.facingN(n, a)
		if back {
			if !t.TwoSided {
				continue
			}
			col, sign = t.Back, 1
		}
		l := n.Len()
		if l == 0 {
			continue
		}
		la, lb, lc := vertex(t.A), vertex(t.B), vertex(t.C)
		if back || la.R < 0 || lb.R < 0 || lc.R < 0 {
			fn := n.Scale(sign / l)
			face := camLight.light(fn, 0)
			la, lb, lc = face, face, face
			if len(r.points) > 0 {
				// fn is the drawn side's outward normal in camera space.
				la, lb, lc = r.pointLit(face, a, fn), r.pointLit(face, b, fn), r.pointLit(face, c, fn)
				la, lb, lc = clamp1(la), clamp1(lb), clamp1(lc)
			}
		}
		if t.Lum > 0 {
			la, lb, lc = luminous(la, t.Lum), luminous(lb, t.Lum), luminous(lc, t.Lum)
		}
		ta := alpha * t.Alpha
		if ta <= 0.01 {
			continue // a fully translucent surface
		}
		var uv *[3][2]float32
		if t.Tex {
			uv = &t.UV
		}
		r.alphaTest, r.additive = t.AlphaTest && t.Tex, t.Additive
		r.emitOld(list, owner, a, b, c, mul(col, la), mul(col, lb), mul(col, lc), ta, uv)
	}
	r.alphaTest, r.additive = false, false
}

func (r *Renderer) emitOld(list *triList, owner int32, a, b, c physics.Vec3, ca, cb, cc rgb, alpha float32, uv *[3][2]float32) {
	near := float32(NearPlane)
	if r.cam.Map {
		near = -mapHeight * 4
	}
	in := 0
	if a.Z >= near {
		in++
	}
	if b.Z >= near {
		in++
	}
	if c.Z >= near {
		in++
	}
	switch in {
	case 0:
		return
	case 3:
		r.putOld(list, owner, a, b, c, ca, cb, cc, alpha, uv)
		return
	}
	// Sutherland–Hodgman against z = near: at most four points.
	var pts [4]physics.Vec3
	var cols [4]rgb
	var uvs [4][2]float32
	n := 0
	src := [3]physics.Vec3{a, b, c}
	sc := [3]rgb{ca, cb, cc}
	var su [3][2]float32
	if uv != nil {
		su = *uv
	}
	for i := 0; i < 3; i++ {
		p, q := src[i], src[(i+1)%3]
		pc, qc := sc[i], sc[(i+1)%3]
		pu, qu := su[i], su[(i+1)%3]
		pin, qin := p.Z >= near, q.Z >= near
		if pin {
			pts[n], cols[n], uvs[n] = p, pc, pu
			n++
		}
		if pin != qin {
			t := (near - p.Z) / (q.Z - p.Z)
			pts[n] = p.Add(q.Sub(p).Scale(t))
			cols[n] = rgb{pc.R + float32((qc.R-pc.R)*t), pc.G + float32((qc.G-pc.G)*t), pc.B + float32((qc.B-pc.B)*t)}
			uvs[n] = [2]float32{pu[0] + float32((qu[0]-pu[0])*t), pu[1] + float32((qu[1]-pu[1])*t)}
			n++
		}
	}
	for i := 1; i+1 < n; i++ {
		var tuv *[3][2]float32
		if uv != nil {
			tuv = &[3][2]float32{uvs[0], uvs[i], uvs[i+1]}
		}
		r.putOld(list, owner, pts[0], pts[i], pts[i+1], cols[0], cols[i], cols[i+1], alpha, tuv)
	}
}

func (r *Renderer) putOld(list *triList, owner int32, a, b, c physics.Vec3, ca, cb, cc rgb, alpha float32, uv *[3][2]float32) {
	far := r.cam.far()
	if a.Z > far && b.Z > far && c.Z > far {
		return
	}
	ax, ay := r.cam.ScreenOf(a)
	bx, by := r.cam.ScreenOf(b)
	cx, cy := r.cam.ScreenOf(c)
	w, h := float32(r.cam.W), float32(r.cam.H)
	if (ax < 0 && bx < 0 && cx < 0) || (ay < 0 && by < 0 && cy < 0) ||
		(ax > w && bx > w && cx > w) || (ay > h && by > h && cy > h) {
		return
	}
	depth := (a.Z + b.Z + c.Z) / 3
	iw := flatW
	if !r.cam.Map {
		iw = [3]float32{1 / a.Z, 1 / b.Z, 1 / c.Z}
	}
	r.appendOld(list, owner, depth, ax, ay, bx, by, cx, cy, ca, cb, cc, alpha, uv, iw)
}

func (r *Renderer) appendOld(list *triList, owner int32, depth, ax, ay, bx, by, cx, cy float32, ca, cb, cc rgb, alpha float32, uv *[3][2]float32, iw [3]float32) {
	n := len(r.Verts)
	t := uint32(n / 3)
	if n+3 > cap(r.Verts) {
		r.Verts = append(r.Verts, make([]Vertex, 3)...)
	}
	r.Verts = r.Verts[:n+3]
	v := r.Verts[n : n+3 : n+3]
	v[0] = Vertex{DstX: ax, DstY: ay, SrcX: r.SrcX, SrcY: r.SrcY, ColorR: ca.R, ColorG: ca.G, ColorB: ca.B, ColorA: alpha}
	v[1] = Vertex{DstX: bx, DstY: by, SrcX: r.SrcX, SrcY: r.SrcY, ColorR: cb.R, ColorG: cb.G, ColorB: cb.B, ColorA: alpha}
	v[2] = Vertex{DstX: cx, DstY: cy, SrcX: r.SrcX, SrcY: r.SrcY, ColorR: cc.R, ColorG: cc.G, ColorB: cc.B, ColorA: alpha}
	fog := !r.cam.Map && r.Light.FogMax > 0 && list != &r.skyList
	for i := range v {
		if uv != nil {
			v[i].SrcX, v[i].SrcY = uv[i][0], uv[i][1]
		}
		v[i].Custom0, v[i].Custom1, v[i].Custom2 = v[i].SrcX*iw[i], v[i].SrcY*iw[i], iw[i]
		if fog {
			v[i].Custom3 = r.Light.FogAt(1 / iw[i])
		}
		if r.alphaTest {
			v[i].Custom3 += AlphaTestFog
		}
	}
	r.tris = append(r.tris, triRec{V: [3]uint32{uint32(n), uint32(n + 1), uint32(n + 2)}, Owner: owner, Blend: r.additive})
	r.anyAdditive = r.anyAdditive || r.additive
	// Far first: a larger depth must sort earlier, so the key is the
	// complement of the (positive) float's bits; negative depths (map
	// mode above the eye plane never happens) clamp to zero.
	list.keys = append(list.keys, ^math.Float32bits(max(depth, 0)))
	list.vals = append(list.vals, t)
	if owner >= 0 {
		d := &r.Drawn[owner]
		d.Tris++
		d.Bounds.Add(ax, ay)
		d.Bounds.Add(bx, by)
		d.Bounds.Add(cx, cy)
	} else if list == &r.terrain {
		r.TerrainBounds.Add(ax, ay)
		r.TerrainBounds.Add(bx, by)
		r.TerrainBounds.Add(cx, cy)
	}
}

// TestSharedVerticesDrawTheSameTriangles draws every part of a posed,
// walking crowd through the shared-vertex path (BuildTexturedMesh's shared
// vertices, each projected once) and through the old path (each textured
// polygon's own vertices, each corner projected per triangle:
// buildMeshIntoOld), and requires the same vertices bit for bit, in the
// same order, with the same sort keys and owners — from a camera over the
// crowd, one inside it (so triangles cross the near plane and are clipped)
// and the map's parallel view.
func TestSharedVerticesDrawTheSameTriangles(t *testing.T) {
	f := openSample(t)
	w, err := f.Crowd(64)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 7; i++ {
		w.Step(1.0 / 60)
	}
	at := physics.Position{Cell: 0xA9B40025, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 110}, Orientation: physics.IdentityQuat}}
	over := NewCamera(1280, 720, at)
	over.Distance, over.Pitch = 12, 0.5
	over.Update()
	// Inside the crowd: the eye at a creature's chest, so its neighbours'
	// parts reach behind the near plane.
	o := w.Object(0x80001000 + 27)
	if o == nil || o.Pres == nil {
		t.Fatal("no creature 27 in the crowd")
	}
	chest := o.Pres.Root
	chest.Frame.Origin.Z += 1.2
	inside := NewCamera(1280, 720, chest)
	inside.Pitch = 0.05
	inside.Update()
	inside.Target = inside.Target.Sub(inside.eye.Sub(inside.Target)) // the eye onto the chest
	inside.Update()
	far := NewCamera(1280, 720, at) // the crowd in the fog (Lighting.FogMin is 210 here)
	far.Distance, far.Pitch = 320, 0.3
	far.Update()
	mapCam := NewCamera(1280, 720, at)
	mapCam.Map = true
	mapCam.Update()
	var parts, clipped, fogged, tris int
	var camTris [4]int
	var sharedVerts, oldVerts int // vertices written: with corners, without
	for ci, cam := range []*Camera{over, inside, far, mapCam} {
		rNew, rOld := NewRenderer(f.assets), NewRenderer(f.assets)
		rNew.Build(w, cam)
		rOld.Build(w, cam)
		for _, e := range w.Objects {
			if !rNew.view.Resolve(w.ECS, e) {
				continue
			}
			o := &rNew.view
			if o.Pres == nil || o.Parts == nil || o.Parts.Setup == nil || o.Pres.Root.Cell == 0 {
				continue
			}
			origin := cam.ToRender(o.Pres.Root)
			root := physics.RotateMat4(o.Pres.Root.Frame.Orientation)
			root[3][0], root[3][1], root[3][2] = origin.X, origin.Y, origin.Z
			view := cam.View()
			rv := affineMul(&root, &view)
			setup := o.Parts.Setup.Parts
			for i := 0; i < len(o.Pres.Visual) && i < len(setup); i++ {
				if partLookHash(o.Look, i) != 0 {
					continue
				}
				gfx := partGfx(o.Look, i, setup[i])
				shared := rNew.Mesh(gfx)
				if shared == nil {
					continue
				}
				g, err := f.assets.GfxObj(gfx)
				if err != nil {
					t.Fatal(err)
				}
				old, err := buildPolygonMesh(g, f.assets.Surface, rOld.texture)
				if err != nil {
					t.Fatal(err)
				}
				if len(old.Tris) != len(shared.Tris) || len(shared.Pos) > len(old.Pos) {
					t.Fatalf("GfxObj 0x%08X: %d triangles and %d vertices shared, %d and %d before", gfx, len(shared.Tris), len(shared.Pos), len(old.Tris), len(old.Pos))
				}
				if i%2 == 1 { // alpha-tested and additive surfaces too
					shared, old = withSurfaceFlags(shared), withSurfaceFlags(old)
				}
				m := affineMul(&o.Pres.Visual[i], &rv)
				for _, r := range []*Renderer{rNew, rOld} {
					r.Verts, r.tris = r.Verts[:0], r.tris[:0]
					r.scene.reset()
					r.Drawn = append(r.Drawn[:0], Drawn{Bounds: emptyRect})
				}
				rNew.buildMeshInto(&rNew.scene, shared, &m, 0, 0.8)
				rOld.buildMeshIntoOld(&rOld.scene, old, m, 0, 0.8)
				parts++
				tris += len(rNew.tris)
				camTris[ci] += len(rNew.tris)
				if !cam.Map {
					for _, v := range rNew.Verts { // a corner cut at the near plane
						if math.Abs(float64(1/v.Custom2-NearPlane)) < 1e-4 {
							clipped++
						}
						if v.Custom3 > 0 {
							fogged++
						}
					}
				}
				if len(rNew.tris) != len(rOld.tris) {
					t.Fatalf("GfxObj 0x%08X: %d triangles drawn, %d by the old path", gfx, len(rNew.tris), len(rOld.tris))
				}
				if len(rNew.Verts) > len(rOld.Verts) {
					t.Fatalf("GfxObj 0x%08X: %d vertices written, more than the old path's %d", gfx, len(rNew.Verts), len(rOld.Verts))
				}
				sharedVerts += len(rNew.Verts)
				oldVerts += len(rOld.Verts)
				for k := range rNew.tris {
					nv, ov := rNew.triVerts(uint32(k)), rOld.triVerts(uint32(k))
					for j := range nv {
						if !sameVertex(nv[j], ov[j]) {
							t.Fatalf("GfxObj 0x%08X triangle %d corner %d: %+v, the old path %+v", gfx, k, j, nv[j], ov[j])
						}
					}
				}
				for k := range rNew.scene.keys {
					if rNew.scene.keys[k] != rOld.scene.keys[k] || rNew.scene.vals[k] != rOld.scene.vals[k] || rNew.tris[k].Owner != rOld.tris[k].Owner || rNew.tris[k].Blend != rOld.tris[k].Blend {
						t.Fatalf("GfxObj 0x%08X triangle %d: key %08X val %d, the old path %08X %d", gfx, k, rNew.scene.keys[k], rNew.scene.vals[k], rOld.scene.keys[k], rOld.scene.vals[k])
					}
				}
				if rNew.Drawn[0] != rOld.Drawn[0] {
					t.Fatalf("GfxObj 0x%08X: drawn %+v, the old path %+v", gfx, rNew.Drawn[0], rOld.Drawn[0])
				}
			}
		}
	}
	if sharedVerts*3 > oldVerts*2 {
		// The sample's parts share about 46 % of their corners (measured:
		// 40,542 vertices for 75,690): low lathes have few inner vertices.
		t.Errorf("the corners wrote %d vertices for the old path's %d: want under two thirds", sharedVerts, oldVerts)
	}
	if parts < 100 || camTris[0] == 0 || camTris[1] == 0 || camTris[2] == 0 || camTris[3] == 0 || fogged == 0 || clipped == 0 {
		t.Fatalf("compared %d parts, %v triangles drawn (over, inside, far, map), %d corners cut at the near plane, %d fogged: the test does not reach every path", parts, camTris, clipped, fogged)
	}
	t.Logf("%d parts, %v triangles drawn (over, inside, far, map), %d corners cut at the near plane, %d fogged; %d vertices written, %d by the old path", parts, camTris, clipped, fogged, sharedVerts, oldVerts)
}

// withSurfaceFlags is a copy of m with every third triangle alpha-tested
// and every third additive.
func withSurfaceFlags(m *Mesh) *Mesh {
	c := *m
	c.Tris = append([]meshTri(nil), m.Tris...)
	for k := range c.Tris {
		c.Tris[k].AlphaTest, c.Tris[k].Additive = k%3 == 0, k%3 == 1
	}
	if m.triCorners != nil {
		c.shareCorners()
	}
	return &c
}

// sameVertex compares bit for bit (a NaN equals itself).
func sameVertex(a, b Vertex) bool {
	fa := [12]float32{a.DstX, a.DstY, a.SrcX, a.SrcY, a.ColorR, a.ColorG, a.ColorB, a.ColorA, a.Custom0, a.Custom1, a.Custom2, a.Custom3}
	fb := [12]float32{b.DstX, b.DstY, b.SrcX, b.SrcY, b.ColorR, b.ColorG, b.ColorB, b.ColorA, b.Custom0, b.Custom1, b.Custom2, b.Custom3}
	for i := range fa {
		if math.Float32bits(fa[i]) != math.Float32bits(fb[i]) {
			return false
		}
	}
	return true
}

// TestBoundingRadiusMatchesPerPartMeshes compares boundingRadius (cached
// part radii, one square root for the largest scale) with the per-part
// form it replaced, over a walking crowd's poses, bit for bit.
func TestBoundingRadiusMatchesPerPartMeshes(t *testing.T) {
	f := openSample(t)
	w, err := f.Crowd(16)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRenderer(f.assets)
	n := 0
	for frame := 0; frame < 20; frame++ {
		w.Step(1.0 / 30)
		for _, e := range w.Objects {
			if !r.view.Resolve(w.ECS, e) || r.view.Pres == nil || r.view.Parts == nil || r.view.Parts.Setup == nil {
				continue
			}
			visual, parts := r.view.Pres.Visual, r.view.Parts.Setup.Parts
			var want float32
			for i := 0; i < len(visual) && i < len(parts); i++ {
				m := r.Mesh(parts[i])
				if m == nil {
					continue
				}
				v := &visual[i]
				s := max(rowLen(v, 0), rowLen(v, 1), rowLen(v, 2))
				want = max(want, physics.Vec3{X: v[3][0], Y: v[3][1], Z: v[3][2]}.Len()+float32(m.Radius*s))
			}
			got := r.boundingRadius(visual, r.setupOf(parts).radii)
			if math.Float32bits(got) != math.Float32bits(want) || want <= 0 {
				t.Fatalf("frame %d: boundingRadius %v, per part %v", frame, got, want)
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d poses compared", n)
	}
}

// TestRadixSortMatchesStableSort compares the radix sort with a stable
// comparison sort on depth keys with many ties, keys that differ in one
// digit only, and the full range.
func TestRadixSortMatchesStableSort(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	r := &Renderer{}
	for _, n := range []int{2, 3, 100, 5000, 70000} {
		for _, gen := range []func() uint32{
			func() uint32 { return ^math.Float32bits(float32(rng.Intn(400)) / 4) }, // ties
			func() uint32 { return ^math.Float32bits(rng.Float32() * 1200) },
			func() uint32 { return ^math.Float32bits(2 + float32(rng.Float32()*498)) }, // bits above 28 shared
			func() uint32 { return ^math.Float32bits(3 + float32(float32(rng.Intn(40))/8)) },
			func() uint32 { return 0x12345678 ^ uint32(rng.Intn(4))<<11 }, // the middle digit only
			rng.Uint32,
		} {
			var l triList
			for i := 0; i < n; i++ {
				l.keys, l.vals = append(l.keys, gen()), append(l.vals, uint32(i))
			}
			want := append([]uint32(nil), l.vals...)
			keys := append([]uint32(nil), l.keys...)
			sort.SliceStable(want, func(i, j int) bool { return keys[want[i]] < keys[want[j]] })
			r.sort(&l)
			for i := range want {
				if l.vals[i] != want[i] || l.keys[i] != keys[want[i]] {
					t.Fatalf("n=%d: at %d got %d (key %08X), want %d (key %08X)", n, i, l.vals[i], l.keys[i], want[i], keys[want[i]])
				}
			}
		}
	}
}
