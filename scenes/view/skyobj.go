package view

import (
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The Region's sky objects (SkyDesc day group SkyObjects): the dome, sun,
// moon and cloud layers, each a GfxObj drawn centred on the eye, turned
// with the camera but never moved by it, behind everything and without
// fog. Where an object stands at a time of day is SkyObjectsAt; how the
// renderer draws it is buildSkyObjects.

// SkyRadius is the camera depth sky objects are drawn at: every sky GfxObj
// is scaled so its farthest vertex lies this far from the eye (the
// projection of an eye-centred object does not depend on its scale; the
// distance only keeps it between the near and far planes).
const SkyRadius = FarPlane * 0.8

// SkyPlacement is a sky object as it stands at one time of day.
type SkyPlacement struct {
	// Index is the object's index in the day group's SkyObjects.
	Index int
	// GfxObjID is the model drawn: the object's DefaultGfxObjectId, or a
	// SkyObjectReplace's GfxObjID in effect.
	GfxObjID uint32
	// Angle is the object's arc angle in degrees: BeginAngle at BeginTime
	// to EndAngle at EndTime, linearly. The model turns by it about the
	// north–south axis, east rising toward the zenith (0 leaves the model
	// as it is, 90 turns its east point overhead, 180 to the west).
	Angle float32
	// Heading turns the model about the vertical, degrees clockwise from
	// north (a replace's Rotate; 0 without one).
	Heading float32
	// TexVelocity scrolls the model's texture coordinates, in texture
	// repeats a second.
	TexVelocity [2]float32
	// Transparent (0 opaque … 1 invisible), Luminosity (the brightness
	// the model's colours are drawn at, 1 without a replace) and
	// MaxBright (a cap on it; 0 none) come from the SkyObjectReplace in
	// effect, interpolated between two times of day naming the object.
	Transparent, Luminosity, MaxBright float32
	// Properties is the object's Properties word, not interpreted.
	Properties uint32
}

// SkyObjectAngle is whether sky object o shows at fraction t of the day,
// and its arc angle then. An object shows from BeginTime to EndTime
// inclusive; when EndTime is before BeginTime its span wraps past
// midnight, and when they are equal it shows all day at BeginAngle. The
// angle moves linearly from BeginAngle at BeginTime to EndAngle at
// EndTime.
func SkyObjectAngle(o *dat.SkyObject, t float32) (angle float32, visible bool) {
	if !finite(t) {
		return 0, false
	}
	t -= float32(math.Floor(float64(t)))
	b, e := o.BeginTime, o.EndTime
	if b == e {
		return o.BeginAngle, true
	}
	span, into := e-b, t-b
	if b > e { // wraps past midnight
		span++
		if into < 0 {
			into++
		}
	}
	if into < 0 || into > span {
		return 0, false
	}
	return o.BeginAngle + float32((o.EndAngle-o.BeginAngle)*(into/span)), true
}

// skySpan is the SkyTimeOfDay pair around fraction t of the day (t in
// [0, 1)): a, the last entry beginning at or before t (the last of the
// day when t precedes them all), b the one after it, and f how far t is
// from a toward b.
func skySpan(times []dat.SkyTimeOfDay, t float32) (ai, bi int, f float32) {
	ai = len(times) - 1
	for i, st := range times {
		if st.Begin <= t {
			ai = i
		}
	}
	bi = (ai + 1) % len(times)
	a, b := &times[ai], &times[bi]
	span := b.Begin - a.Begin
	into := t - a.Begin
	if span <= 0 {
		span++
	}
	if into < 0 {
		into++
	}
	if span > 0 && ai != bi {
		f = min(max(into/span, 0), 1)
	}
	return ai, bi, f
}

// replaceFor is time of day st's replace of object i, nil when it has
// none.
func replaceFor(st *dat.SkyTimeOfDay, i int) *dat.SkyObjectReplace {
	for k := range st.Replaces {
		if int(st.Replaces[k].ObjectIndex) == i {
			return &st.Replaces[k]
		}
	}
	return nil
}

// SkyObjectsAt appends to out the sky objects of sky's first day group
// that show at fraction t of the day (SkyObjectAngle), in their order —
// the order they are drawn in — and returns it. The SkyTimeOfDay in
// effect at t (the last beginning at or before it, as SkyLighting) may
// replace an object's GfxObj and give its heading, transparency,
// luminosity and brightness cap; when the next time of day replaces the
// same object too, the numbers are interpolated toward it as the light
// is.
func SkyObjectsAt(sky *dat.SkyDesc, t float32, out []SkyPlacement) []SkyPlacement {
	if sky == nil || len(sky.DayGroups) == 0 || !finite(t) {
		return out
	}
	g := &sky.DayGroups[0]
	t -= float32(math.Floor(float64(t)))
	var a, b *dat.SkyTimeOfDay
	var f float32
	if len(g.SkyTimes) > 0 {
		ai, bi, ff := skySpan(g.SkyTimes, t)
		a, b, f = &g.SkyTimes[ai], &g.SkyTimes[bi], ff
	}
	for i := range g.SkyObjects {
		o := &g.SkyObjects[i]
		angle, ok := SkyObjectAngle(o, t)
		if !ok {
			continue
		}
		p := SkyPlacement{Index: i, GfxObjID: o.GfxObjID, Angle: angle, TexVelocity: [2]float32{o.TexVelocityX, o.TexVelocityY},
			Luminosity: 1, Properties: o.Properties}
		if a != nil {
			if ra := replaceFor(a, i); ra != nil {
				lerp := func(x, y float32) float32 { return x + float32((y-x)*f) }
				rot, tr, lum, mb := ra.Rotate, ra.Transparent, ra.Luminosity, ra.MaxBright
				if rb := replaceFor(b, i); rb != nil && b != a {
					rot = lerpAngle(ra.Rotate, rb.Rotate, f)
					tr, lum, mb = lerp(ra.Transparent, rb.Transparent), lerp(ra.Luminosity, rb.Luminosity), lerp(ra.MaxBright, rb.MaxBright)
				}
				if ra.GfxObjID != 0 {
					p.GfxObjID = ra.GfxObjID
				}
				p.Heading, p.Transparent, p.MaxBright = rot, min(max(tr, 0), 1), max(mb, 0)
				if lum > 0 {
					p.Luminosity = lum
				}
			}
		}
		if p.GfxObjID == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// SkyDirection turns a point of a sky object's model (x east, y north, z
// up) by the placement's Angle about the north–south axis, east rising
// toward the zenith, then by its Heading clockwise about the vertical.
func (p *SkyPlacement) SkyDirection(v physics.Vec3) physics.Vec3 {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	sa, ca := math.Sincos(float64(p.Angle) * math.Pi / 180)
	s, c := float32(sa), float32(ca)
	v = physics.Vec3{X: float32(v.X*c) - float32(v.Z*s), Y: v.Y, Z: float32(v.X*s) + float32(v.Z*c)}
	if p.Heading != 0 {
		sh, ch := math.Sincos(float64(p.Heading) * math.Pi / 180)
		s, c = float32(sh), float32(ch)
		v = physics.Vec3{X: float32(v.X*c) + float32(v.Y*s), Y: float32(-v.X*s) + float32(v.Y*c), Z: v.Z}
	}
	return v
}

// maxSkyUV bounds a sky model's texture coordinates: a corner beyond it
// (or not a number) is drawn at the texture's origin.
const maxSkyUV = 1 << 20

// skyTri is one triangle of a sky model: corners in model space, their
// raw texture coordinates (scrolled each frame, then split at the
// texture's repeats) and the surface's atlas rectangle (empty: flat).
type skyTri struct {
	P        [3]physics.Vec3
	UV       [3][2]float32
	Rect     image.Rectangle
	Col      rgb
	Alpha    float32
	Additive bool
	Clip     bool
}

// skyMesh is a sky object's GfxObj prepared for drawing; Radius is its
// farthest vertex's distance from the model origin.
type skyMesh struct {
	Tris   []skyTri
	Radius float32
}

// skyMeshOf returns sky GfxObj id prepared (cached; nil when it cannot be
// read, the failure recorded once).
func (r *Renderer) skyMeshOf(id uint32) *skyMesh {
	if m, ok := r.skyMeshes[id]; ok {
		return m
	}
	if r.skyMeshes == nil {
		r.skyMeshes = map[uint32]*skyMesh{}
	}
	g, err := r.Assets.GfxObj(id)
	if err != nil {
		r.failAsset("GfxObj", id, err)
		r.skyMeshes[id] = nil
		return nil
	}
	m := &skyMesh{}
	pos := make(map[uint16]physics.Vec3, len(g.Vertices))
	for _, v := range g.Vertices {
		pos[v.Key] = v.Origin
		m.Radius = max(m.Radius, v.Origin.Len())
	}
	type surf struct {
		rect     image.Rectangle
		col      rgb
		alpha    float32
		add, cut bool
	}
	surfs := make([]surf, len(g.Surfaces))
	for i, sid := range g.Surfaces {
		surfs[i] = surf{col: partColour(g.ID, i), alpha: 1}
		s, err := r.Assets.Surface(sid)
		if err != nil {
			r.failAsset("Surface", sid, err)
			continue
		}
		if !s.Textured() && s.Color != 0 {
			surfs[i].col = rgbOf(s.Color)
		}
		if s.Type&dat.SurfaceTranslucent != 0 {
			surfs[i].alpha = 1 - min(max(s.Translucency, 0), 1)
		}
		surfs[i].add, surfs[i].cut = s.Type&dat.SurfaceAdditive != 0, s.Type&dat.SurfaceBase1ClipMap != 0
		if r.Atlas != nil && s.Textured() {
			if rect, ok := r.texture(sid); ok {
				surfs[i].rect, surfs[i].col = rect, rgb{1, 1, 1}
			}
		}
	}
	for pi := range g.Polygons {
		p := &g.Polygons[pi]
		if len(p.VertexIDs) < 3 || p.PosSurface < 0 || int(p.PosSurface) >= len(surfs) {
			continue
		}
		sf := surfs[p.PosSurface]
		corner := func(k int) (physics.Vec3, [2]float32, bool) {
			q, ok := pos[uint16(p.VertexIDs[k])]
			if !ok {
				return q, [2]float32{}, false
			}
			if sf.rect.Empty() || len(p.PosUVIndices) != len(p.VertexIDs) {
				return q, [2]float32{}, true
			}
			v, _ := g.Vertex(uint16(p.VertexIDs[k]))
			j := int(p.PosUVIndices[k])
			if j >= len(v.UVs) || !(math.Abs(float64(v.UVs[j].U)) <= maxSkyUV) || !(math.Abs(float64(v.UVs[j].V)) <= maxSkyUV) {
				return q, [2]float32{}, true
			}
			return q, [2]float32{v.UVs[j].U, v.UVs[j].V}, true
		}
		p0, uv0, ok := corner(0)
		if !ok {
			continue
		}
		for j := 1; j+1 < len(p.VertexIDs); j++ {
			p1, uv1, ok1 := corner(j)
			p2, uv2, ok2 := corner(j + 1)
			if !ok1 || !ok2 {
				continue
			}
			m.Tris = append(m.Tris, skyTri{P: [3]physics.Vec3{p0, p1, p2}, UV: [3][2]float32{uv0, uv1, uv2},
				Rect: sf.rect, Col: sf.col, Alpha: sf.alpha, Additive: sf.add, Clip: sf.cut})
		}
	}
	r.skyMeshes[id] = m
	return m
}

// buildSkyObjects draws the sky objects showing at the time of day
// (SkyObjectsAt) into the sky layer after the gradient, in their order
// and without a depth order of their own: each model scaled so its
// farthest vertex is SkyRadius from the eye, turned by its placement and
// then by the camera's rotation only, both sides of every polygon, its
// texture scrolled by TexVelocity × SkySeconds, its colours times its
// Luminosity (capped by MaxBright), opacity 1 − Transparent. It reports
// whether the sky has objects to draw (any time of day): then they, not
// the gradient's disc, show the sun and moon. Without textures (no
// atlas) the sky keeps its gradient and disc.
func (r *Renderer) buildSkyObjects() bool {
	if r.sky == nil || r.Atlas == nil || len(r.sky.DayGroups) == 0 || len(r.sky.DayGroups[0].SkyObjects) == 0 {
		return false
	}
	r.skyPlaced = SkyObjectsAt(r.sky, r.DayFraction, r.skyPlaced[:0])
	v := r.cam.View()
	for i := range r.skyPlaced {
		p := &r.skyPlaced[i]
		m := r.skyMeshOf(p.GfxObjID)
		if m == nil || len(m.Tris) == 0 || !(m.Radius > 0) || !finite(m.Radius) {
			continue
		}
		alpha := 1 - p.Transparent
		if alpha <= 0.01 {
			continue
		}
		bright := p.Luminosity
		if p.MaxBright > 0 {
			bright = min(bright, p.MaxBright)
		}
		if r.Unlit {
			bright = 1
		}
		scale := SkyRadius / m.Radius
		// The texture offset, as a fraction of a repeat.
		var off [2]float32
		for k := range off {
			s := float64(float64(p.TexVelocity[k]) * r.SkySeconds)
			if s -= math.Floor(s); s >= 0 && s < 1 { // not NaN or infinite
				off[k] = float32(s)
			}
		}
		// The model's axes turned by the placement, scaled, then by the
		// view's rotation (no translation: the sky is centred on the eye).
		var axes [3]physics.Vec3
		for k, e := range [3]physics.Vec3{{X: 1}, {Y: 1}, {Z: 1}} {
			d := p.SkyDirection(e).Scale(scale)
			axes[k] = physics.Vec3{
				X: float32(d.X*v[0][0]) + float32(d.Y*v[1][0]) + float32(d.Z*v[2][0]),
				Y: float32(d.X*v[0][1]) + float32(d.Y*v[1][1]) + float32(d.Z*v[2][1]),
				Z: float32(d.X*v[0][2]) + float32(d.Y*v[1][2]) + float32(d.Z*v[2][2]),
			}
		}
		toCam := func(q physics.Vec3) physics.Vec3 {
			return physics.Vec3{
				X: float32(q.X*axes[0].X) + float32(q.Y*axes[1].X) + float32(q.Z*axes[2].X),
				Y: float32(q.X*axes[0].Y) + float32(q.Y*axes[1].Y) + float32(q.Z*axes[2].Y),
				Z: float32(q.X*axes[0].Z) + float32(q.Y*axes[1].Z) + float32(q.Z*axes[2].Z),
			}
		}
		for ti := range m.Tris {
			t := &m.Tris[ti]
			a, b, c := toCam(t.P[0]), toCam(t.P[1]), toCam(t.P[2])
			if a.Z < NearPlane && b.Z < NearPlane && c.Z < NearPlane {
				continue // wholly behind the eye
			}
			if r.offScreen(a, b, c) {
				continue // before splitting it at the texture's repeats
			}
			col := rgb{min(t.Col.R*bright, 1), min(t.Col.G*bright, 1), min(t.Col.B*bright, 1)}
			r.additive, r.alphaTest = t.Additive, t.Clip && !t.Rect.Empty()
			ta := alpha * t.Alpha
			if t.Rect.Empty() {
				r.emit(&r.skyList, -1, a, b, c, col, col, col, ta, nil)
			} else {
				r.emitSkyTextured(t, a, b, c, off, col, ta)
			}
		}
	}
	r.additive, r.alphaTest = false, false
	return true
}

// emitSkyTextured emits a textured sky triangle (camera-space corners a,
// b, c) with its texture coordinates moved by off, split at the
// texture's repeats as BuildTexturedMesh splits a polygon, so each piece
// samples one atlas rectangle.
func (r *Renderer) emitSkyTextured(t *skyTri, a, b, c physics.Vec3, off [2]float32, col rgb, alpha float32) {
	pts := [3]uvPoint{{P: a}, {P: b}, {P: c}}
	u0, v0 := float32(math.Inf(1)), float32(math.Inf(1))
	u1, v1 := -u0, -v0
	for k := range pts {
		pts[k].U, pts[k].V = t.UV[k][0]+off[0], t.UV[k][1]+off[1]
		u0, u1 = min(u0, pts[k].U), max(u1, pts[k].U)
		v0, v1 = min(v0, pts[k].V), max(v1, pts[k].V)
	}
	// skyMeshOf's bound plus the offset; the test is false for NaN too.
	const lim = maxSkyUV + 2
	if !(u0 >= -lim && u1 <= lim && v0 >= -lim && v1 <= lim) {
		for k := range pts {
			pts[k].U, pts[k].V = 0, 0
		}
		u0, u1, v0, v1 = 0, 0, 0, 0
	}
	iu0, iu1 := int(math.Floor(float64(u0))), int(math.Ceil(float64(u1)))-1
	iv0, iv1 := int(math.Floor(float64(v0))), int(math.Ceil(float64(v1)))-1
	iu1, iv1 = max(iu1, iu0), max(iv1, iv0)
	if iu1-iu0 >= maxUVCells || iv1-iv0 >= maxUVCells || (iu1-iu0+1)*(iv1-iv0+1) > maxUVCells {
		for k := range pts {
			pts[k].U, pts[k].V = min(max(pts[k].U-float32(iu0), 0), 1), min(max(pts[k].V-float32(iv0), 0), 1)
		}
		iu0, iu1, iv0, iv1 = 0, 0, 0, 0
	}
	rect := t.Rect
	sx, sy := float32(rect.Dx()-1), float32(rect.Dy()-1)
	ox, oy := float32(rect.Min.X)+0.5, float32(rect.Min.Y)+0.5
	if iu0 == iu1 && iv0 == iv1 { // within one repeat: no splitting
		fu, fv := float32(iu0), float32(iv0)
		var uv [3][2]float32
		for k := range pts {
			uv[k] = [2]float32{ox + float32(min(max(pts[k].U-fu, 0), 1)*sx), oy + float32(min(max(pts[k].V-fv, 0), 1)*sy)}
		}
		r.emit(&r.skyList, -1, a, b, c, col, col, col, alpha, &uv)
		return
	}
	// Each column of repeats once, then each cell of the column.
	for iu := iu0; iu <= iu1; iu++ {
		fu := float32(iu)
		col0 := append(r.skyClip[0][:0], pts[:]...)
		col1 := clipUV(col0, r.skyClip[1][:0], func(q uvPoint) float32 { return q.U - fu })
		col0 = clipUV(col1, col0[:0], func(q uvPoint) float32 { return fu + 1 - q.U })
		r.skyClip[0], r.skyClip[1] = col0, col1
		if len(col0) < 3 {
			continue
		}
		for iv := iv0; iv <= iv1; iv++ {
			fv := float32(iv)
			buf := clipUV(col0, r.skyClip[2][:0], func(q uvPoint) float32 { return q.V - fv })
			cell := clipUV(buf, r.skyClip[3][:0], func(q uvPoint) float32 { return fv + 1 - q.V })
			r.skyClip[2], r.skyClip[3] = buf, cell
			if len(cell) < 3 {
				continue
			}
			at := func(q uvPoint) [2]float32 {
				return [2]float32{ox + float32(min(max(q.U-fu, 0), 1)*sx), oy + float32(min(max(q.V-fv, 0), 1)*sy)}
			}
			for j := 1; j+1 < len(cell); j++ {
				uv := [3][2]float32{at(cell[0]), at(cell[j]), at(cell[j+1])}
				r.emit(&r.skyList, -1, cell[0].P, cell[j].P, cell[j+1].P, col, col, col, alpha, &uv)
			}
		}
	}
}

// offScreen reports whether a camera-space triangle in front of the near
// plane lies wholly beyond one edge of the screen (false when a corner is
// behind the near plane: emit clips it first).
func (r *Renderer) offScreen(a, b, c physics.Vec3) bool {
	if a.Z < NearPlane || b.Z < NearPlane || c.Z < NearPlane {
		return false
	}
	ax, ay := r.cam.ScreenOf(a)
	bx, by := r.cam.ScreenOf(b)
	cx, cy := r.cam.ScreenOf(c)
	w, h := float32(r.cam.W), float32(r.cam.H)
	return (ax < 0 && bx < 0 && cx < 0) || (ay < 0 && by < 0 && cy < 0) ||
		(ax > w && bx > w && cx > w) || (ay > h && by > h && cy > h)
}
