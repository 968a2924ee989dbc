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

// TestShapeQueriesThroughBSP: the box's shape has its six polygons, and
// the transition's BSP queries find each face through the leaf that holds
// it (the west face only in the negative leaf, the east only in the
// positive): a sphere of radius 0.5 whose centre is 0.4 off a face
// touches it (sphere_intersects_poly reports it as a hit moving in, and
// as the NegPolyHit polygon moving out; sphere_intersects_solid finds
// it); 0.6 off, or far from the box, nothing is touched.
func TestShapeQueriesThroughBSP(t *testing.T) {
	s := NewShape(boxGfx(v3(4, -2, 0), v3(6, 2, 3)))
	if s == nil || len(s.Polys) != 6 {
		t.Fatalf("shape %+v: want six polygons", s)
	}
	tests := []struct {
		name   string
		c      physics.Vec3
		hit    bool
		normal physics.Vec3 // of the face touched
	}{
		{"west face", v3(3.6, 0, 1), true, v3(-1, 0, 0)},
		{"east face", v3(6.4, 0, 1), true, v3(1, 0, 0)},
		{"top", v3(5, 1, 3.4), true, v3(0, 0, 1)},
		{"clear of the west face", v3(3.4, 0, 1), false, physics.Vec3{}},
		{"clear of the north face", v3(5, 2.6, 1), false, physics.Vec3{}},
		{"far from the box", v3(50, 50, 1), false, physics.Vec3{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sp := tsphere{c: tc.c, r: 0.5}
			if got := s.hitsSolid(sp); got != tc.hit {
				t.Fatalf("hitsSolid %v, want %v", got, tc.hit)
			}
			in, hp := s.intersectsPoly(sp, tc.normal.Scale(-1))
			out, hpOut := s.intersectsPoly(sp, tc.normal)
			if !tc.hit {
				if in || hp != nil || out || hpOut != nil {
					t.Fatalf("moving: hit %v %+v, %v %+v, want nothing touched", in, hp, out, hpOut)
				}
				return
			}
			if !in || hp == nil || hp.Plane.N != tc.normal {
				t.Fatalf("moving in: hit %v polygon %+v, want a hit on the face with normal %+v", in, hp, tc.normal)
			}
			if out || hpOut == nil || hpOut.Plane.N != tc.normal {
				t.Fatalf("moving out: hit %v polygon %+v, want no hit and the face with normal %+v", out, hpOut, tc.normal)
			}
		})
	}
}

// TestCellPolysMatchTerrainHeight: the vertical line through a point of a
// LandCell meets one of CellPolys' two triangles (both face up) inside it,
// at dat.TerrainHeight.
func TestCellPolysMatchTerrainHeight(t *testing.T) {
	var z Heights
	for i := range z {
		z[i] = float32((i*37)%11) * 1.5
	}
	block := uint32(0x12340000)
	bx, by := dat.BlockXY(block)
	var polys [2]Poly
	var verts [6]physics.Vec3
	for _, p := range [][2]float32{{1, 1}, {23, 2}, {2, 23}, {100.5, 50.25}, {191, 191}, {47.9, 0.1}, {12, 12}} {
		gx, gy := bx*8+int(p[0]/24), by*8+int(p[1]/24)
		CellPolys(&z, gx, gy, bx, by, &polys, &verts)
		want := dat.TerrainHeight(block, &z, p[0], p[1])
		met := 0
		for k := range polys {
			if polys[k].Plane.N.Z <= 0 {
				t.Fatalf("cell triangle faces down: %+v", polys[k].Plane)
			}
			got, in := verticalHit(&polys[k], p[0], p[1])
			if !in {
				continue
			}
			met++
			if !near(got, want, 2e-3) {
				t.Errorf("(%v, %v): triangle %d at %v, TerrainHeight %v", p[0], p[1], k, got, want)
			}
		}
		if met == 0 {
			t.Fatalf("(%v, %v): the vertical line missed both triangles", p[0], p[1])
		}
	}
}

// verticalHit is where the vertical line through (x, y) meets the plane
// of p, an upward-facing polygon, and whether that point is inside it
// (seen from above its vertices run counter-clockwise; edges count, to
// 1e-4).
func verticalHit(p *Poly, x, y float32) (float32, bool) {
	n := p.Plane.N
	z := -(float32(n.X*x) + float32(n.Y*y) + p.Plane.D) / n.Z
	for i, a := range p.Verts {
		b := p.Verts[(i+1)%len(p.Verts)]
		if float32((b.X-a.X)*(y-a.Y))-float32((b.Y-a.Y)*(x-a.X)) < -1e-4 {
			return z, false
		}
	}
	return z, true
}
