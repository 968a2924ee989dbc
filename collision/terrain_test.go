package collision

import (
	"math/rand"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// bumpyEnv is flatEnv with heights that differ at every vertex, so a
// cell's two triangles lie in different planes.
type bumpyEnv struct {
	flatEnv
	seed int64
}

func (e *bumpyEnv) LandHeights(block uint32) (*Heights, bool) {
	if h, ok := e.cache[block]; ok {
		return h, true
	}
	if e.cache == nil {
		e.cache = map[uint32]*Heights{}
	}
	h := new(Heights)
	rng := rand.New(rand.NewSource(e.seed + int64(block)))
	for i := range h {
		h[i] = float32(rng.Intn(40)) * 0.5
	}
	e.cache[block] = h
	return h, true
}

// firstHolding is find_terrain_poly's answer the plain way: the first
// of the cell's triangles whose three edges (the closing edge first)
// each hold q on their left or on them, else nil.
func firstHolding(polys *[2]Poly, q physics.Vec3) *Poly {
	for k := range polys {
		vs := polys[k].Verts
		a, in := vs[len(vs)-1], true
		for _, b := range vs {
			// Products rounded before the difference, never fused, as in
			// terrainPoly (physics.Vec3).
			if float32((b.X-a.X)*(q.Y-a.Y))-float32((b.Y-a.Y)*(q.X-a.X)) < 0 {
				in = false
			}
			a = b
		}
		if in {
			return &polys[k]
		}
	}
	return nil
}

// TestTerrainPolyIsTheFirstTriangleHolding checks terrainPoly's
// branch-free triangle choice against firstHolding on uneven cells (so
// the two triangles are different planes): points inside, on the cells'
// edges and corners, on and about their diagonals (on one, both
// triangles hold and the first is the answer), and off the land.
func TestTerrainPolyIsTheFirstTriangleHolding(t *testing.T) {
	env := &bumpyEnv{seed: 7}
	r := NewResolver(env)
	r.block = 0x7F7F0000
	r.bx, r.by = dat.BlockXY(r.block)
	r.startBlocks()
	tr := &r.tr
	tr.r = r
	rng := rand.New(rand.NewSource(1))
	var found, none int
	check := func(q physics.Vec3) {
		t.Helper()
		got := tr.terrainPoly(q)
		gx := r.bx*dat.CellsPerBlockSide + floorInt(q.X/dat.CellLength)
		gy := r.by*dat.CellsPerBlockSide + floorInt(q.Y/dat.CellLength)
		const landCells = 255 * dat.CellsPerBlockSide
		var want *Poly
		if uint(gx) < landCells && uint(gy) < landCells {
			z, _ := env.LandHeights(uint32(gx/8)<<24 | uint32(gy/8)<<16)
			want = firstHolding(&r.cellPolys(z, gx, gy).polys, q)
		}
		if got != want {
			t.Fatalf("terrainPoly(%v) = %p, want %p", q, got, want)
		}
		if want == nil {
			none++
		} else {
			found++
		}
	}
	for range 200_000 {
		// a cell within two landblocks' reach of the begin block
		cx, cy := float32(float32(rng.Intn(48)-16)*dat.CellLength), float32(float32(rng.Intn(48)-16)*dat.CellLength)
		var q physics.Vec3
		switch rng.Intn(4) {
		case 0: // anywhere in the cell
			q = physics.Vec3{X: cx + float32(rng.Float32()*dat.CellLength), Y: cy + float32(rng.Float32()*dat.CellLength)}
		case 1: // on its edges and corners
			q = physics.Vec3{X: cx + float32(float32(rng.Intn(2))*dat.CellLength), Y: cy + float32(rng.Float32()*dat.CellLength)}
			if rng.Intn(2) == 0 {
				q.X, q.Y = cx+float32(rng.Float32()*dat.CellLength), cy+float32(float32(rng.Intn(3))*dat.CellLength/2)
			}
		default: // on or about a diagonal
			f := rng.Float32()
			q = physics.Vec3{X: cx + float32(f*dat.CellLength), Y: cy + float32(f*dat.CellLength)}
			if rng.Intn(2) == 0 {
				q.Y = cy + float32((1-f)*dat.CellLength)
			}
			q.X += float32(float32(rng.Intn(5)-2) * 1e-5)
		}
		check(q)
	}
	check(physics.Vec3{X: -1e6, Y: 10})
	check(physics.Vec3{X: 10, Y: 1e7})
	if found == 0 || none < 2 {
		t.Fatalf("%d points found a triangle and %d none: the cases do not cover both", found, none)
	}
}
