package collision

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

func v3(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }

// wallX is a 10×10 one-sided wall in the plane x = 5 facing -x.
func wallX(x float32) Poly {
	return NewPoly([]physics.Vec3{v3(x, -5, 0), v3(x, -5, 10), v3(x, 5, 10), v3(x, 5, 0)}, false)
}

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

func TestNewPolyNormal(t *testing.T) {
	p := wallX(5)
	if !near(p.Plane.N.X, -1, 1e-6) || !near(p.Plane.Dist(v3(0, 0, 0)), 5, 1e-5) {
		t.Fatalf("plane %+v: want normal -x and distance 5 from the origin", p.Plane)
	}
	if d := NewPoly([]physics.Vec3{v3(0, 0, 0), v3(1, 1, 1), v3(2, 2, 2)}, false); d.valid() {
		t.Fatal("a collinear polygon has a plane")
	}
}

func TestPolySweep(t *testing.T) {
	floor := NewPoly([]physics.Vec3{v3(-5, -5, 0), v3(5, -5, 0), v3(5, 5, 0), v3(-5, 5, 0)}, false)
	tests := []struct {
		name   string
		p      Poly
		c, d   physics.Vec3
		r      float32
		hit    bool
		t      float32
		normal physics.Vec3
	}{
		{"face head-on", wallX(5), v3(0, 0, 5), v3(10, 0, 0), 0.5, true, 0.45, v3(-1, 0, 0)},
		{"face short of it", wallX(5), v3(0, 0, 5), v3(4, 0, 0), 0.5, false, 0, physics.Vec3{}},
		{"moving away", wallX(5), v3(0, 0, 5), v3(-10, 0, 0), 0.5, false, 0, physics.Vec3{}},
		{"one-sided from behind", wallX(5), v3(10, 0, 5), v3(-10, 0, 0), 0.5, false, 0, physics.Vec3{}},
		{"edge", wallX(5), v3(0, 5.3, 5), v3(10, 0, 0), 0.5, true, 0.46, v3(-0.8, 0.6, 0)},
		{"past the edge", wallX(5), v3(0, 5.6, 5), v3(10, 0, 0), 0.5, false, 0, physics.Vec3{}},
		{"vertex", wallX(5), v3(0, 5.2, 10.2), v3(10, 0, 0), 0.5, true, (5 - float32(math.Sqrt(0.25-0.08))) / 10, v3(-float32(math.Sqrt(0.17))/0.5, 0.4, 0.4)},
		{"falling onto floor", floor, v3(1, 1, 3), v3(0, 0, -5), 0.5, true, 0.5, v3(0, 0, 1)},
		{"already touching, moving along", floor, v3(1, 1, 0.4999), v3(3, 0, 0), 0.5, false, 0, physics.Vec3{}},
		{"already touching, moving in", floor, v3(1, 1, 0.4), v3(0, 0, -1), 0.5, true, 0, v3(0, 0, 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, n, ok := tc.p.Sweep(tc.c, tc.d, tc.r)
			if ok != tc.hit {
				t.Fatalf("hit %v, want %v", ok, tc.hit)
			}
			if !ok {
				return
			}
			if !near(tt, tc.t, 1e-4) {
				t.Errorf("t = %v, want %v", tt, tc.t)
			}
			if tc.normal != (physics.Vec3{}) && (!near(n.X, tc.normal.X, 1e-3) || !near(n.Y, tc.normal.Y, 1e-3) || !near(n.Z, tc.normal.Z, 1e-3)) {
				t.Errorf("normal %+v, want %+v", n, tc.normal)
			}
		})
	}
}

func TestSweepSphere(t *testing.T) {
	tt, n, ok := SweepSphere(v3(0, 0, 0), v3(10, 0, 0), 0.5, v3(5, 0, 0), 0.5)
	if !ok || !near(tt, 0.4, 1e-5) || !near(n.X, -1, 1e-5) {
		t.Fatalf("t %v normal %+v ok %v: want 0.4, -x", tt, n, ok)
	}
	if _, _, ok := SweepSphere(v3(0, 2, 0), v3(10, 0, 0), 0.5, v3(5, 0, 0), 0.5); ok {
		t.Fatal("a sphere passing 2 units to the side hit")
	}
}

// boxGfx is a GfxObj with a physics BSP: an axis-aligned box lo..hi of
// outward-facing quads, split by the plane x = mid into two leaves.
func boxGfx(lo, hi physics.Vec3) *dat.GfxObj {
	corners := []physics.Vec3{
		v3(lo.X, lo.Y, lo.Z), v3(hi.X, lo.Y, lo.Z), v3(hi.X, hi.Y, lo.Z), v3(lo.X, hi.Y, lo.Z),
		v3(lo.X, lo.Y, hi.Z), v3(hi.X, lo.Y, hi.Z), v3(hi.X, hi.Y, hi.Z), v3(lo.X, hi.Y, hi.Z),
	}
	g := &dat.GfxObj{Flags: dat.GfxObjHasPhysics}
	for i, c := range corners {
		g.Vertices = append(g.Vertices, dat.Vertex{Key: uint16(i), Origin: c})
	}
	faces := [][]int16{{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {2, 3, 7, 6}, {1, 2, 6, 5}, {0, 4, 7, 3}}
	for i, f := range faces {
		g.PhysicsPolygons = append(g.PhysicsPolygons, dat.Polygon{Key: uint16(i), SidesType: dat.SidesClockwise, VertexIDs: f})
	}
	mid := (lo.X + hi.X) / 2
	c := lo.Add(hi).Scale(0.5)
	rad := hi.Sub(c).Len()
	g.PhysicsBSP = &dat.BSPNode{Tag: "BPIN", Plane: dat.Plane{Normal: v3(1, 0, 0), D: -mid}, Sphere: dat.Sphere{Origin: c, Radius: rad},
		Pos: &dat.BSPNode{Tag: "LEAF", Polys: []uint16{0, 1, 2, 3, 4}, Sphere: dat.Sphere{Origin: c, Radius: rad}},
		Neg: &dat.BSPNode{Tag: "LEAF", Polys: []uint16{0, 1, 2, 3, 5}, Sphere: dat.Sphere{Origin: c, Radius: rad}},
	}
	return g
}

func TestShapeSweepThroughBSP(t *testing.T) {
	s := NewShape(boxGfx(v3(4, -2, 0), v3(6, 2, 3)))
	if s == nil || len(s.Polys) != 6 {
		t.Fatalf("shape %+v: want six polygons", s)
	}
	tests := []struct {
		name   string
		c, d   physics.Vec3
		hit    bool
		t      float32
		normal physics.Vec3
	}{
		{"west face", v3(0, 0, 1), v3(8, 0, 0), true, 3.5 / 8, v3(-1, 0, 0)},
		{"east face", v3(10, 0, 1), v3(-8, 0, 0), true, 3.5 / 8, v3(1, 0, 0)},
		{"top", v3(5, 0, 6), v3(0, 0, -6), true, 2.5 / 6, v3(0, 0, 1)},
		{"miss north", v3(0, 3, 1), v3(10, 0, 0), false, 0, physics.Vec3{}},
		{"bounding sphere far", v3(50, 50, 1), v3(1, 0, 0), false, 0, physics.Vec3{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, n, _, ok := s.Sweep(tc.c, tc.d, 0.5)
			if ok != tc.hit {
				t.Fatalf("hit %v, want %v", ok, tc.hit)
			}
			if ok && (!near(tt, tc.t, 1e-4) || n != tc.normal) {
				t.Errorf("t %v normal %+v, want %v %+v", tt, n, tc.t, tc.normal)
			}
		})
	}
}

func TestCellPolysMatchTerrainHeight(t *testing.T) {
	var z Heights
	for i := range z {
		z[i] = float32((i*37)%11) * 1.5
	}
	block := uint32(0x12340000)
	bx, by := dat.BlockXY(block)
	var polys [2]Poly
	var verts [6]physics.Vec3
	for _, p := range [][2]float32{{1, 1}, {23, 2}, {2, 23}, {100.5, 50.25}, {191, 191}, {47.9, 0.1}} {
		gx, gy := bx*8+int(p[0]/24), by*8+int(p[1]/24)
		CellPolys(&z, gx, gy, bx, by, &polys, &verts)
		want := dat.TerrainHeight(block, &z, p[0], p[1])
		// Drop a small sphere straight down onto the cell.
		c := v3(p[0], p[1], want+10)
		best := float32(2)
		for k := range polys {
			if polys[k].Plane.N.Z <= 0 {
				t.Fatalf("cell triangle faces down: %+v", polys[k].Plane)
			}
			if tt, _, ok := polys[k].Sweep(c, v3(0, 0, -20), 0.001); ok && tt < best {
				best = tt
			}
		}
		if best > 1 {
			t.Fatalf("(%v, %v): the drop missed both triangles", p[0], p[1])
		}
		if got := c.Z - 20*best - 0.001; !near(got, want, 2e-3) {
			t.Errorf("(%v, %v): ground at %v, TerrainHeight %v", p[0], p[1], got, want)
		}
	}
}

// FuzzPolySweep sweeps spheres through arbitrary triangles: no NaN, t in
// [0, 1], a unit normal, and a hit position no deeper in the polygon than
// a rounding error.
func FuzzPolySweep(f *testing.F) {
	f.Add(float32(0), float32(0), float32(0), float32(1), float32(0), float32(0), float32(0), float32(1), float32(0),
		float32(0.2), float32(0.2), float32(2), float32(0), float32(0), float32(-4), float32(0.5), false)
	f.Add(float32(0), float32(0), float32(0), float32(0), float32(0), float32(0), float32(0), float32(0), float32(0),
		float32(0), float32(0), float32(0), float32(1), float32(1), float32(1), float32(1), true)
	f.Fuzz(func(t *testing.T, ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz, dx, dy, dz, r float32, two bool) {
		for _, v := range []float32{ax, ay, az, bx, by, bz, cx, cy, cz, px, py, pz, dx, dy, dz, r} {
			if !finite(v) || v > 1e4 || v < -1e4 {
				return
			}
		}
		r = min(max(float32(math.Abs(float64(r))), 0.01), 10)
		p := NewPoly([]physics.Vec3{v3(ax, ay, az), v3(bx, by, bz), v3(cx, cy, cz)}, two)
		c, d := v3(px, py, pz), v3(dx, dy, dz)
		tt, n, ok := p.Sweep(c, d, r)
		if !ok {
			return
		}
		if !finite(tt) || tt < 0 || tt > 1 || !n.Finite() {
			t.Fatalf("t %v normal %+v", tt, n)
		}
		if l := n.Len(); math.Abs(float64(l-1)) > 1e-3 {
			t.Fatalf("normal %+v has length %v", n, l)
		}
	})
}

// TestSweepCylinder: a sphere of radius 0.5 against an upright cylinder of
// radius 1, height 2 standing at the origin: the side stops it at 1.5 from
// the axis with a horizontal normal, the top takes it 0.5 above (normal
// up), a path over the top or past the side misses, and a sphere already
// touching hits at once only when moving further in.
func TestSweepCylinder(t *testing.T) {
	low := v3(0, 0, 0)
	tests := []struct {
		name   string
		c, d   physics.Vec3
		hit    bool
		t      float32
		normal physics.Vec3
	}{
		{"side from the west", v3(-5, 0, 1), v3(10, 0, 0), true, 3.5 / 10, v3(-1, 0, 0)},
		{"side at 45°", v3(-3, -3, 1), v3(3, 3, 0), true, (3*float32(math.Sqrt2) - 1.5) / (3 * float32(math.Sqrt2)), v3(-0.70710677, -0.70710677, 0)},
		{"low sphere still hits the side", v3(-5, 0, -0.4), v3(10, 0, 0), true, 3.5 / 10, v3(-1, 0, 0)},
		{"top from above", v3(0.5, 0, 5), v3(0, 0, -5), true, 2.5 / 5, v3(0, 0, 1)},
		{"over the top", v3(-5, 0, 2.6), v3(10, 0, 0), false, 0, physics.Vec3{}},
		{"past the side", v3(-5, 1.6, 1), v3(10, 0, 0), false, 0, physics.Vec3{}},
		{"touching, moving in", v3(-1.4, 0, 1), v3(1, 0, 0), true, 0, v3(-1, 0, 0)},
		{"touching, moving away", v3(-1.4, 0, 1), v3(-1, 0, 0), false, 0, physics.Vec3{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tt, n, ok := SweepCylinder(tc.c, tc.d, 0.5, low, 1, 2)
			if ok != tc.hit {
				t.Fatalf("hit %v, want %v", ok, tc.hit)
			}
			if ok && (!near(tt, tc.t, 1e-4) || !near(n.X, tc.normal.X, 1e-4) || !near(n.Y, tc.normal.Y, 1e-4) || !near(n.Z, tc.normal.Z, 1e-4)) {
				t.Fatalf("t %v normal %+v, want %v %+v", tt, n, tc.t, tc.normal)
			}
		})
	}
}
