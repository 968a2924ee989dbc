package view

import (
	"image"
	"math"
)

// SoftFrame is a frame drawn on the CPU by SoftRender: the picture and,
// per pixel, the last triangle written there (−1: none), the atlas
// coordinate that triangle's texture was read at (the perspective-correct
// coordinate, before filtering), so a test can tell which texture texel a
// pixel shows, and its camera depth (1 / the interpolated inverse depth).
type SoftFrame struct {
	Image *image.RGBA
	Tri   []int32
	UV    [][2]float32
	Depth []float32
}

// SoftRender draws the renderer's last Build into a w×h image on the CPU,
// the way package scenes draws it on the GPU: cleared to Background, then
// every batch's triangles in order through a copy of the world shader's
// arithmetic (perspective-correct atlas lookups, bilinear when linear,
// the detail texture, the alpha test, vertex colour and fog, premultiplied
// source-over or additive blending into 8-bit channels). Triangles cover
// the pixels whose centres lie inside them (top-left rule on shared
// edges) and their vertex attributes interpolate linearly in screen space,
// as the GPU interpolates the 2D vertices Ebitengine gives it. With a
// Build's Depth the opaque triangles are first drawn into a depth buffer
// of DepthCode values (the alpha test applied), nearest kept, and the
// batches marked Depth draw only where a fragment's code is within
// DepthSlack of it, as package scenes does. Tests use it to look at the
// default view without a display.
func SoftRender(r *Renderer, w, h int, linear bool) *SoftFrame {
	f := &SoftFrame{Image: image.NewRGBA(image.Rect(0, 0, w, h)), Tri: make([]int32, w*h), UV: make([][2]float32, w*h), Depth: make([]float32, w*h)}
	bg := Background
	for i := 0; i < len(f.Image.Pix); i += 4 {
		f.Image.Pix[i], f.Image.Pix[i+1], f.Image.Pix[i+2], f.Image.Pix[i+3] = bg.R, bg.G, bg.B, bg.A
	}
	for i := range f.Tri {
		f.Tri[i] = -1
	}
	sh := softShader{atlas: r.Atlas, linear: linear, detail: r.DetailRects}
	sh.fog[0], sh.fog[1], sh.fog[2] = r.Light.FogRGB()
	var depth []uint32
	if r.DepthEnd > r.DepthStart {
		depth = make([]uint32, w*h)
		for i := r.DepthStart; i+2 < r.DepthEnd; i += 3 {
			f.raster(&r.Verts[r.Indices[i]], &r.Verts[r.Indices[i+1]], &r.Verts[r.Indices[i+2]], func(x, y int, in *softIn) {
				if _, _, ok := sh.fragment(in); ok {
					depth[y*w+x] = max(depth[y*w+x], DepthCode(in.custom[2]))
				}
			})
		}
	}
	start := 0
	for _, b := range r.Batches {
		var test []uint32
		if b.Depth {
			test = depth
		}
		for i := start; i+2 < b.End; i += 3 {
			f.triangle(&sh, &r.Verts[r.Indices[i]], &r.Verts[r.Indices[i+1]], &r.Verts[r.Indices[i+2]], int32(r.Indices[i]/3), b.Additive, test)
		}
		start = b.End
	}
	return f
}

// topLeft reports whether the edge from a to b is a top or a left edge of
// a triangle wound so that its edge functions are positive inside: pixels
// exactly on such an edge belong to the triangle, on the others to its
// neighbour (no pixel of a shared edge is drawn twice or missed).
func topLeft(ax, ay, bx, by float32) bool {
	return (ay == by && bx < ax) || by < ay
}

// triangle rasterises one triangle into the frame, against the depth
// buffer depth when it is not nil.
func (f *SoftFrame) triangle(sh *softShader, a, b, c *Vertex, tri int32, additive bool, depth []uint32) {
	w := f.Image.Rect.Dx()
	f.raster(a, b, c, func(x, y int, in *softIn) {
		if depth != nil && DepthCode(in.custom[2])+DepthSlack < depth[y*w+x] {
			return
		}
		out, uv, ok := sh.fragment(in)
		if !ok {
			return // discarded
		}
		i := f.Image.PixOffset(x, y)
		d := f.Image.Pix[i : i+4 : i+4]
		for k := range 4 {
			dst := float32(d[k]) / 255
			v := out[k] + dst
			if !additive {
				v = out[k] + float32(dst*(1-out[3]))
			}
			d[k] = uint8(float32(min(max(v, 0), 1)*255) + 0.5)
		}
		f.Tri[y*w+x], f.UV[y*w+x], f.Depth[y*w+x] = tri, uv, 1/in.custom[2]
	})
}

// raster calls frag with the interpolated inputs of every pixel a
// triangle covers.
func (f *SoftFrame) raster(a, b, c *Vertex, frag func(x, y int, in *softIn)) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	area := float32((b.DstX-a.DstX)*(c.DstY-a.DstY)) - float32((b.DstY-a.DstY)*(c.DstX-a.DstX))
	if area == 0 || math.IsNaN(float64(area)) {
		return
	}
	if area < 0 { // wind it positively
		b, c = c, b
		area = -area
	}
	w, h := f.Image.Rect.Dx(), f.Image.Rect.Dy()
	x0 := max(int(math.Floor(float64(min(a.DstX, b.DstX, c.DstX)))), 0)
	x1 := min(int(math.Ceil(float64(max(a.DstX, b.DstX, c.DstX)))), w-1)
	y0 := max(int(math.Floor(float64(min(a.DstY, b.DstY, c.DstY)))), 0)
	y1 := min(int(math.Ceil(float64(max(a.DstY, b.DstY, c.DstY)))), h-1)
	// Edge k is opposite vertex k; its function is that vertex's weight
	// times the area.
	edge := func(p, q *Vertex, x, y float32) float32 {
		return float32((q.DstX-p.DstX)*(y-p.DstY)) - float32((q.DstY-p.DstY)*(x-p.DstX))
	}
	tl := [3]bool{topLeft(b.DstX, b.DstY, c.DstX, c.DstY), topLeft(c.DstX, c.DstY, a.DstX, a.DstY), topLeft(a.DstX, a.DstY, b.DstX, b.DstY)}
	inside := func(e float32, k int) bool { return e > 0 || e == 0 && tl[k] }
	for y := y0; y <= y1; y++ {
		py := float32(y) + 0.5
		for x := x0; x <= x1; x++ {
			px := float32(x) + 0.5
			e0, e1, e2 := edge(b, c, px, py), edge(c, a, px, py), edge(a, b, px, py)
			if !inside(e0, 0) || !inside(e1, 1) || !inside(e2, 2) {
				continue
			}
			l0, l1, l2 := e0/area, e1/area, e2/area
			lerp := func(va, vb, vc float32) float32 { return float32(l0*va) + float32(l1*vb) + float32(l2*vc) }
			in := softIn{
				src:    [2]float32{lerp(a.SrcX, b.SrcX, c.SrcX), lerp(a.SrcY, b.SrcY, c.SrcY)},
				color:  [4]float32{lerp(a.ColorR, b.ColorR, c.ColorR), lerp(a.ColorG, b.ColorG, c.ColorG), lerp(a.ColorB, b.ColorB, c.ColorB), lerp(a.ColorA, b.ColorA, c.ColorA)},
				custom: [4]float32{lerp(a.Custom0, b.Custom0, c.Custom0), lerp(a.Custom1, b.Custom1, c.Custom1), lerp(a.Custom2, b.Custom2, c.Custom2), lerp(a.Custom3, b.Custom3, c.Custom3)},
			}
			frag(x, y, &in)
		}
	}
}

// softIn is a fragment's interpolated inputs.
type softIn struct {
	src    [2]float32
	color  [4]float32
	custom [4]float32
}

// softShader is the world shader's arithmetic (scenes' worldShaderSrc),
// reading the atlas image directly: the source image's origin is 0.
type softShader struct {
	atlas  *Atlas
	linear bool
	detail [MaxDetail][4]float32
	fog    [3]float32
}

// at is imageSrc0At: the texel under p (pixels), transparent outside.
func (s *softShader) at(x, y float32) [4]float32 {
	if s.atlas == nil {
		return [4]float32{1, 1, 1, 1}
	}
	img := s.atlas.Image
	px, py := int(math.Floor(float64(x))), int(math.Floor(float64(y)))
	if px < 0 || py < 0 || px >= img.Rect.Dx() || py >= img.Rect.Dy() {
		return [4]float32{}
	}
	i := img.PixOffset(px, py)
	// The GPU samples the uploaded image premultiplied.
	al := float32(img.Pix[i+3]) / 255
	return [4]float32{float32(img.Pix[i]) / 255 * al, float32(img.Pix[i+1]) / 255 * al, float32(img.Pix[i+2]) / 255 * al, al}
}

func mix4(a, b [4]float32, t float32) [4]float32 {
	return [4]float32{a[0] + float32((b[0]-a[0])*t), a[1] + float32((b[1]-a[1])*t), a[2] + float32((b[2]-a[2])*t), a[3] + float32((b[3]-a[3])*t)}
}

func fract(v float32) float32 { return v - float32(math.Floor(float64(v))) }

// mod is GLSL's mod: x − y·floor(x/y).
func mod(x, y float32) float32 { return x - float32(y*float32(math.Floor(float64(x/y)))) }

// tap is the shader's tap: the atlas at uv, bilinear when linear.
func (s *softShader) tap(u, v float32) [4]float32 {
	if !s.linear {
		return s.at(u, v)
	}
	u, v = u-0.5, v-0.5
	fu, fv := fract(u), fract(v)
	pu, pv := float32(math.Floor(float64(u)))+0.5, float32(math.Floor(float64(v)))+0.5
	return mix4(mix4(s.at(pu, pv), s.at(pu+1, pv), fu), mix4(s.at(pu, pv+1), s.at(pu+1, pv+1), fu), fv)
}

// detailAt is the shader's detailAt: a detail texture at origin (ox, oy),
// side n, read wrapped at t texels.
func (s *softShader) detailAt(ox, oy, n, tx, ty float32) [4]float32 {
	if !s.linear {
		return s.at(ox+mod(float32(math.Floor(float64(tx))), n)+0.5, oy+mod(float32(math.Floor(float64(ty))), n)+0.5)
	}
	tx, ty = tx-0.5, ty-0.5
	fx, fy := fract(tx), fract(ty)
	px, py := float32(math.Floor(float64(tx))), float32(math.Floor(float64(ty)))
	x0, y0 := mod(px, n)+0.5, mod(py, n)+0.5
	x1, y1 := mod(px+1, n)+0.5, mod(py+1, n)+0.5
	return mix4(mix4(s.at(ox+x0, oy+y0), s.at(ox+x1, oy+y0), fx), mix4(s.at(ox+x0, oy+y1), s.at(ox+x1, oy+y1), fx), fy)
}

// fragment is the shader's Fragment: the premultiplied colour, the atlas
// coordinate read, and false where the alpha test discards.
func (s *softShader) fragment(in *softIn) ([4]float32, [2]float32, bool) {
	cu, cv := in.custom[0]/in.custom[2], in.custom[1]/in.custom[2]
	c := s.tap(cu, cv)
	fog := in.custom[3]
	if fog >= DetailFog-0.5 {
		fog -= DetailFog
		near := min(max((DetailFar-1/in.custom[2])/(DetailFar-DetailNear), 0), 1)
		if near > 0 {
			slot := float32(math.Floor(float64((in.src[0] + 0.5) / DetailSlotStride)))
			ox, oy := in.src[0]-float32(slot*DetailSlotStride), in.src[1]
			var d [4]float32
			for i := range MaxDetail {
				if float32(i) == slot {
					d = s.detail[i]
				}
			}
			if d[2] > 0 {
				lu, lv := (cu-ox)/LandTexSize, (cv-oy)/LandTexSize
				det := s.detailAt(d[0], d[1], d[2], float32(fract(float32(lu*d[3]))*d[2]), float32(fract(float32(lv*d[3]))*d[2]))
				k := 1 + float32((float32(2*(float32(0.299*det[0])+float32(0.587*det[1])+float32(0.114*det[2])))-1)*near)
				c = [4]float32{c[0] * k, c[1] * k, c[2] * k, c[3]}
			}
		}
	} else if fog >= AlphaTestFog/2 {
		fog -= AlphaTestFog
		if c[3] < AlphaTestRef {
			return [4]float32{}, [2]float32{}, false
		}
		c = [4]float32{c[0] / c[3], c[1] / c[3], c[2] / c[3], 1}
	}
	var out [4]float32
	for k := range 3 {
		lit := float32(c[k] * in.color[k])
		v := lit + float32((float32(s.fog[k]*c[3])-lit)*fog)
		out[k] = v * in.color[3]
	}
	out[3] = c[3] * in.color[3]
	return out, [2]float32{cu, cv}, true
}
