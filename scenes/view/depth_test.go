package view

import (
	"math"
	"testing"
)

// depthSceneFrame builds the depth scene unlit at w×h with the depth
// buffer on or off and draws it on the CPU.
func depthSceneFrame(t *testing.T, depth bool, w, h int) (*Renderer, *SoftFrame) {
	t.Helper()
	s := NewDepthScene()
	r := NewRenderer(s)
	r.Unlit, r.Depth = true, depth
	r.Build(nil, s.Camera(w, h))
	if len(r.Errors) > 0 {
		t.Fatalf("asset errors: %v", r.Errors)
	}
	return r, SoftRender(r, w, h, false)
}

// nearestDepths is the oracle: per pixel, the least camera depth of every
// triangle of the Build but the sky's covering it (+Inf where none does),
// found without regard to the drawing order.
func nearestDepths(r *Renderer, f *SoftFrame) []float32 {
	w, h := f.Image.Rect.Dx(), f.Image.Rect.Dy()
	near := make([]float32, w*h)
	for i := range near {
		near[i] = float32(math.Inf(1))
	}
	sky := map[uint32]bool{}
	for _, t := range r.skyList.vals {
		sky[t] = true
	}
	for t := 0; t < len(r.tris); t++ {
		if sky[uint32(t)] {
			continue
		}
		v := r.triVerts(uint32(t))
		f.raster(&v[0], &v[1], &v[2], func(x, y int, in *softIn) {
			near[y*w+x] = min(near[y*w+x], 1/in.custom[2])
		})
	}
	return near
}

// TestDepthSceneDrawsTheNearest: with the depth buffer, every pixel of
// the depth scene (two boxes through each other, a figure in front of a
// long wall) shows the nearest surface there — its drawn depth is the
// least depth of any triangle covering it, within the depth code's
// resolution; and every surface shows. Without it the back-to-front sort
// draws farther faces over nearer ones (the scene is one the sort cannot
// draw).
func TestDepthSceneDrawsTheNearest(t *testing.T) {
	const w, h = 640, 360
	for _, depth := range []bool{true, false} {
		r, f := depthSceneFrame(t, depth, w, h)
		near := nearestDepths(r, f)
		wrong, drawn := 0, 0
		for i, d := range f.Depth {
			if f.Tri[i] < 0 || math.IsInf(float64(near[i]), 1) {
				continue
			}
			drawn++
			// One depth code is z·ln(far/near)/65535 ≈ z/7700; allow the
			// slack and one more.
			if d > near[i]*(1+float32(DepthSlack+1)/7700) {
				wrong++
			}
		}
		colours := map[[3]uint8]int{}
		for i := 0; i < len(f.Image.Pix); i += 4 {
			colours[[3]uint8{f.Image.Pix[i], f.Image.Pix[i+1], f.Image.Pix[i+2]}]++
		}
		t.Logf("depth %v: %d of %d pixels drawn from a farther surface", depth, wrong, drawn)
		if depth {
			if wrong != 0 {
				t.Errorf("with the depth buffer %d pixels show a farther surface", wrong)
			}
			for id, c := range depthSceneColours {
				if n := colours[[3]uint8{uint8(c >> 16), uint8(c >> 8), uint8(c)}]; n < 200 {
					t.Errorf("surface 0x%08X covers %d pixels", id, n)
				}
			}
		} else if wrong < 100 {
			t.Errorf("without the depth buffer only %d pixels show a farther surface: the scene does not exercise the depth test", wrong)
		}
	}
}

// TestDepthCode: larger nearer, 0 at and beyond the far plane, DepthMax
// at and before the near plane, and one code a little more than a
// ten-thousandth of the depth apart.
func TestDepthCode(t *testing.T) {
	for _, c := range []struct {
		z    float32
		want uint32
	}{{DepthNear, DepthMax}, {DepthNear / 2, DepthMax}, {DepthFar, 0}, {DepthFar * 2, 0}} {
		if got := DepthCode(1 / c.z); got != c.want {
			t.Errorf("DepthCode(1/%v) = %d, want %d", c.z, got, c.want)
		}
	}
	if got := DepthCode(float32(math.NaN())); got != 0 {
		t.Errorf("DepthCode(NaN) = %d, want 0", got)
	}
	for _, z := range []float32{1, 10, 100, 1000} {
		a, b := DepthCode(1/z), DepthCode(1/(z*1.0002))
		if a <= b || a-b > 3 {
			t.Errorf("z %v: codes %d and %d 0.02%% farther, want 1…3 apart", z, a, b)
		}
	}
}
