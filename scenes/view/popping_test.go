package view

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
)

// drawnTri is one drawn triangle of the last Build back in render space,
// with its place in the draw order.
type drawnTri struct {
	p     [3]physics.Vec3
	s     [3][2]float32 // screen corners
	n     physics.Vec3
	order int
	minX  float32
	minY  float32
	maxX  float32
	maxY  float32
}

// drawnTris reconstructs the interior and scene layers' triangles from
// the vertices (screen position and inverse depth, Custom2) and the
// camera.
func drawnTris(t testing.TB, r *Renderer, cam *Camera) []drawnTri {
	v := cam.View()
	right := physics.Vec3{X: v[0][0], Y: v[1][0], Z: v[2][0]}
	up := physics.Vec3{X: v[0][1], Y: v[1][1], Z: v[2][1]}
	fwd := physics.Vec3{X: v[0][2], Y: v[1][2], Z: v[2][2]}
	w2, h2 := float32(float32(cam.W)/2), float32(float32(cam.H)/2)
	pos := map[uint32]int{}
	for i, tri := range indexTris(t, r) {
		pos[tri] = i
	}
	var out []drawnTri
	for _, l := range []*triList{&r.interior, &r.scene} {
		for _, t := range l.vals {
			vs := r.triVerts(uint32(t))
			d := drawnTri{order: pos[t], minX: math.MaxFloat32, minY: math.MaxFloat32, maxX: -math.MaxFloat32, maxY: -math.MaxFloat32}
			ok := true
			for i, vv := range vs {
				if vv.Custom2 <= 0 {
					ok = false // a screen-space quad: no depth to rebuild
				}
				z := 1 / vv.Custom2
				x, y := (vv.DstX-w2)*z/cam.focal, (h2-vv.DstY)*z/cam.focal
				d.p[i] = cam.Eye().Add(right.Scale(x)).Add(up.Scale(y)).Add(fwd.Scale(z))
				d.s[i] = [2]float32{vv.DstX, vv.DstY}
				d.minX, d.minY = min(d.minX, vv.DstX), min(d.minY, vv.DstY)
				d.maxX, d.maxY = max(d.maxX, vv.DstX), max(d.maxY, vv.DstY)
			}
			n := d.p[1].Sub(d.p[0]).Cross(d.p[2].Sub(d.p[0]))
			if !ok || n.Len() < 1e-6 || d.maxX-d.minX < 0.5 || d.maxY-d.minY < 0.5 {
				continue
			}
			d.n = n.Normalize()
			out = append(out, d)
		}
	}
	return out
}

// overlap reports whether two screen triangles share more than a sliver:
// no edge of either separates them by more than −0.5 px (separating axis
// test), so neighbours that only share an edge do not count.
func overlap(a, b *[3][2]float32) bool {
	for _, tri := range [2]*[3][2]float32{a, b} {
		for i := range 3 {
			p, q := tri[i], tri[(i+1)%3]
			nx, ny := q[1]-p[1], p[0]-q[0]
			l := float32(math.Hypot(float64(nx), float64(ny)))
			if l == 0 {
				continue
			}
			nx, ny = nx/l, ny/l
			amin, amax := float32(math.MaxFloat32), float32(-math.MaxFloat32)
			bmin, bmax := amin, amax
			for k := range 3 {
				da := float32(a[k][0]*nx) + float32(a[k][1]*ny)
				db := float32(b[k][0]*nx) + float32(b[k][1]*ny)
				amin, amax = min(amin, da), max(amax, da)
				bmin, bmax = min(bmin, db), max(bmax, db)
			}
			if amax-bmin < 0.5 || bmax-amin < 0.5 {
				return false
			}
		}
	}
	return true
}

// coincident reports whether two triangles lie in nearly the same plane
// (normals within about 2°, each one's corners within 2 cm of the other's
// plane) and overlap on screen.
func coincident(a, b *drawnTri) bool {
	if a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY || !overlap(&a.s, &b.s) {
		return false
	}
	if c := a.n.Dot(b.n); c < 0.9994 && c > -0.9994 {
		return false
	}
	for _, p := range b.p {
		if d := p.Sub(a.p[0]).Dot(a.n); d > 0.02 || d < -0.02 {
			return false
		}
	}
	return true
}

// key names a drawn triangle across frames: its centroid in render space
// to a millimetre.
func (d *drawnTri) key() [3]int32 {
	c := d.p[0].Add(d.p[1]).Add(d.p[2]).Scale(1.0 / 3)
	return [3]int32{int32(math.Round(float64(c.X) * 1000)), int32(math.Round(float64(c.Y) * 1000)), int32(math.Round(float64(c.Z) * 1000))}
}

// TestNoPoppingInSampleWorld orbits the camera around the town and the
// spawn in 5° steps and looks for near-coincident faces that overlap on
// screen and swap their draw order between two steps — the popping a
// back-to-front sort shows when two faces share a plane. The sample world
// has none: the ground, interiors and everything else are separate layers,
// roads are part of the land texture, and building shells are one-sided.
func TestNoPoppingInSampleWorld(t *testing.T) {
	_, a := testWorld(t)
	for _, at := range []physics.Position{
		{Cell: world.TownBlock&0xFFFF0000 | 0x36, Frame: physics.Frame{Origin: physics.Vec3{X: 80, Y: 144, Z: 118}, Orientation: physics.IdentityQuat}},
		{Cell: 0xA9B40001, Frame: physics.Frame{Origin: physics.Vec3{X: 150, Y: 130, Z: 100}, Orientation: physics.IdentityQuat}},
	} {
		pairs, flips := orbitSwaps(t, a, at, true)
		if flips > 0 {
			t.Errorf("around 0x%08X: %d order swaps of near-coincident faces", at.Cell, flips)
		}
		t.Logf("around 0x%08X: %d near-coincident overlapping pairs seen over 72 views, %d order swaps", at.Cell, pairs, flips)
	}
}

// orbitSwaps orbits the camera 30 units from at in 5° steps and counts
// near-coincident overlapping triangle pairs and how often one swapped
// order with the other between two steps.
func orbitSwaps(t *testing.T, a Assets, at physics.Position, log bool) (pairs, flips int) {
	t.Helper()
	r := NewRenderer(a)
	r.HideObjects = true // statics and buildings; objects move by themselves
	cam := NewCamera(800, 450, at)
	cam.Distance, cam.Pitch = 30, 0.3
	prev := map[[2][3]int32]bool{}
	for step := range 72 {
		cam.Yaw = float32(step) * 5 * math.Pi / 180
		cam.Update()
		r.Build(nil, cam)
		tris := drawnTris(t, r, cam)
		// Sweep along the screen's x: only triangles whose x ranges
		// overlap can be coincident on screen (coincident's first test),
		// so each is paired with those starting before it ends.
		slices.SortFunc(tris, func(a, b drawnTri) int { return cmp.Compare(a.minX, b.minX) })
		now := map[[2][3]int32]bool{}
		for i := range tris {
			for j := i + 1; j < len(tris) && tris[j].minX <= tris[i].maxX; j++ {
				if !coincident(&tris[i], &tris[j]) {
					continue
				}
				ki, kj := tris[i].key(), tris[j].key()
				first := tris[i].order < tris[j].order
				if ki[0] > kj[0] || ki[0] == kj[0] && (ki[1] > kj[1] || ki[1] == kj[1] && ki[2] > kj[2]) {
					ki, kj, first = kj, ki, !first
				}
				k := [2][3]int32{ki, kj}
				now[k] = first
				pairs++
				if was, ok := prev[k]; ok && was != first {
					flips++
					if log && flips <= 5 {
						t.Logf("camera at 0x%08X yaw %d°: faces at %v and %v swapped their order", at.Cell, step*5, ki, kj)
					}
				}
			}
		}
		prev = now
	}
	return pairs, flips
}

// decalAssets is a flat landblock with a decal: a 4×4 quad and a 2×2 quad
// in the same vertical plane, the small one over the large one's middle.
type decalAssets struct{ noMeshes }

func (decalAssets) Landblock(id uint32) (*Landblock, error) {
	if id|0xFFFF != 0x4040FFFF {
		return nil, dat.ErrNotFound
	}
	f := physics.Frame{Origin: physics.Vec3{X: 96, Y: 96}, Orientation: physics.IdentityQuat}
	return &Landblock{ID: 0x4040FFFF, Statics: []Static{{GfxObj: 0x01000001, Frame: f}, {GfxObj: 0x01000002, Frame: f}}}, nil
}

func (decalAssets) GfxObj(id uint32) (*dat.GfxObj, error) {
	h := float32(2)
	if id == 0x01000002 {
		h = 1
	}
	g := &dat.GfxObj{ID: id, Surfaces: []uint32{0x08000001}}
	for i, p := range []physics.Vec3{{X: -h, Z: 2 - h}, {X: h, Z: 2 - h}, {X: h, Z: 2 + h}, {X: -h, Z: 2 + h}} {
		g.Vertices = append(g.Vertices, dat.Vertex{Key: uint16(i), Origin: p})
	}
	g.Polygons = []dat.Polygon{{SidesType: dat.SidesNone, NegSurface: -1, VertexIDs: []int16{0, 1, 2, 3}}}
	return g, nil
}

func (decalAssets) Surface(uint32) (*dat.Surface, error) {
	return &dat.Surface{Type: dat.SurfaceBase1Solid, Color: 0xFF808080}, nil
}

// TestPoppingDetected: the orbit finds the swaps a decal (two coplanar
// overlapping faces) makes, so the sample world's zero is a measurement.
func TestPoppingDetected(t *testing.T) {
	at := physics.Position{Cell: 0x40400001, Frame: physics.Frame{Origin: physics.Vec3{X: 96, Y: 96, Z: 2}, Orientation: physics.IdentityQuat}}
	pairs, flips := orbitSwaps(t, decalAssets{}, at, false)
	if pairs == 0 || flips == 0 {
		t.Fatalf("a decal: %d coincident pairs, %d swaps; the detector is blind", pairs, flips)
	}
	t.Logf("a decal: %d coincident pairs, %d swaps", pairs, flips)
}

// TestOverlap pins the screen overlap test the popping test relies on.
func TestOverlap(t *testing.T) {
	a := [3][2]float32{{0, 0}, {10, 0}, {0, 10}}
	for _, tc := range []struct {
		b    [3][2]float32
		want bool
	}{
		{[3][2]float32{{1, 1}, {5, 1}, {1, 5}}, true},      // inside
		{[3][2]float32{{10, 0}, {0, 10}, {10, 10}}, false}, // shares the diagonal
		{[3][2]float32{{20, 0}, {30, 0}, {20, 10}}, false}, // apart
		{[3][2]float32{{4, 4}, {20, 4}, {4, 20}}, true},    // crosses the diagonal
	} {
		if got := overlap(&a, &tc.b); got != tc.want {
			t.Errorf("overlap(%v) = %v, want %v", tc.b, got, tc.want)
		}
	}
}
