package view

import (
	"testing"

	"github.com/dereth/dereth/sampleworld/world"
)

// TestDetailVertices: with Detail on, every textured terrain triangle
// carries DetailFog and packs its cell texture's atlas origin and a
// detail slot into its source position, the slot holding the sample
// Region's detail texture at full size with its tiling; with Detail off,
// or Unlit, none does.
func TestDetailVertices(t *testing.T) {
	w, a := testWorld(t)
	for _, c := range []struct {
		detail, unlit bool
		want          bool
	}{{true, false, true}, {false, false, false}, {true, true, false}} {
		r := NewRenderer(a)
		r.Detail, r.Unlit, r.HideObjects = c.detail, c.unlit, true
		r.Build(w, testCamera(w, 640, 480))
		n := 0
		for i := range r.tris {
			tv := r.triVerts(uint32(i))
			v := tv[0]
			if v.Custom3 < DetailFog-0.5 {
				continue
			}
			n++
			slot := int((v.SrcX + 0.5) / DetailSlotStride)
			org := [2]float32{v.SrcX - float32(float32(slot)*DetailSlotStride), v.SrcY}
			d := r.DetailRects[slot]
			if d[2] != 128 || d[3] != world.DetailTiling {
				t.Fatalf("detail slot %d = %v, want the 128-texel sample detail repeated %d times", slot, d, world.DetailTiling)
			}
			// The triangle's atlas coordinates lie in the 64-texel cell
			// texture whose origin it packs.
			for _, vv := range tv {
				u, uv := vv.Custom0/vv.Custom2, vv.Custom1/vv.Custom2
				const eps = 0.01 // the division's rounding at the texture's very edge
				if u < org[0]-eps || u > org[0]+LandTexSize+eps || uv < org[1]-eps || uv > org[1]+LandTexSize+eps || vv.SrcX != v.SrcX || vv.SrcY != v.SrcY {
					t.Fatalf("vertex atlas (%v, %v) outside its packed cell origin %v", u, uv, org)
				}
			}
		}
		if got := n > 100; got != c.want {
			t.Errorf("Detail %v Unlit %v: %d detail triangles", c.detail, c.unlit, n)
		}
	}
}
