//go:build !amd64.v3 && !purego

package view

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/dereth/dereth/physics"
)

// TestProjectLitAsm checks that the assembly loop of projectInsideLit
// writes the same bits as projectInsideLitGo, and only for the stamped
// vertices: random parts in front of the camera, lights below and above
// 1, normals facing the sun, away from it and at right angles (d ±0),
// zero normals, and vertices at the mesh's first and last places.
func TestProjectLitAsm(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 28))
	f := func(lo, hi float32) float32 { return lo + (hi-lo)*rng.Float32() }
	ga, gb := new(partBufs), new(partBufs)
	for round := 0; round < 400; round++ {
		n := 1 + rng.IntN(300)
		pos := make([]physics.Vec3, n)
		nrm := make([]physics.Vec3, n)
		for i := range pos {
			pos[i] = physics.Vec3{X: f(-2, 2), Y: f(-2, 2), Z: f(-2, 2)}
			nz := float32(math.Copysign(0, -1))
			switch rng.IntN(7) {
			case 0:
				nrm[i] = physics.Vec3{}
			case 1:
				nrm[i] = physics.Vec3{X: 1} // at right angles to the sun below
			case 2:
				nrm[i] = physics.Vec3{X: nz, Y: -1}
			case 3:
				nrm[i] = physics.Vec3{X: nz, Y: nz, Z: nz} // d exactly −0 against the sun {Y: 1}
			default:
				nrm[i] = physics.Vec3{X: f(-1, 1), Y: f(-1, 1), Z: f(-1, 1)}
			}
		}
		m := physics.RotateMat4(physics.Quat{W: f(-1, 1), X: f(-1, 1), Y: f(-1, 1), Z: f(-1, 1)}.Normalize())
		s := f(0.2, 3)
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] *= s
			}
		}
		m[3][0], m[3][1], m[3][2] = f(-20, 20), f(-20, 20), f(10, 200)
		mp := meshPass{w2: 640, h2: 360, focal: f(300, 900), amb: rgb{f(0, 1), f(0, 1), f(0, 1)}, sunCol: rgb{f(0, 1.5), f(0, 1.5), f(0, 1.5)}}
		if round%5 == 0 {
			mp.sun = physics.Vec3{Y: 1} // d exactly +0 for the normals along x, −0 for the −0 normal
		} else {
			mp.sun = physics.Vec3{X: f(-1, 1), Y: f(-1, 1), Z: f(-1, 1)}
		}
		stamp := uint32(round + 1)
		for i := 0; i < n; i++ {
			st := uint32(0)
			if i == 0 || i == n-1 || rng.IntN(3) > 0 {
				st = stamp
			}
			ga.vstamp[i], gb.vstamp[i] = st, st
			// Stale values that must stay where no vertex is stamped.
			ga.proj[i] = projVert{X: float32(i), Fog: 7}
			gb.proj[i] = ga.proj[i]
		}
		projectInsideLit(&mp, &m, pos, nrm, ga, stamp)
		projectInsideLitGo(&mp, &m, pos, nrm, gb, stamp)
		for i := 0; i < n+1; i++ {
			a, b := ga.proj[i], gb.proj[i]
			if math.Float32bits(a.X) != math.Float32bits(b.X) || math.Float32bits(a.Y) != math.Float32bits(b.Y) ||
				math.Float32bits(a.IW) != math.Float32bits(b.IW) || math.Float32bits(a.Fog) != math.Float32bits(b.Fog) ||
				math.Float32bits(a.L.R) != math.Float32bits(b.L.R) || math.Float32bits(a.L.G) != math.Float32bits(b.L.G) ||
				math.Float32bits(a.L.B) != math.Float32bits(b.L.B) || math.Float32bits(a.Z) != math.Float32bits(b.Z) {
				t.Fatalf("round %d vertex %d of %d (stamped %v): assembly %+v, Go %+v", round, i, n, ga.vstamp[i] == stamp, a, b)
			}
		}
	}
}

// TestCornerRunLitAsm checks that cornerRunLitAsm and solidIndicesAsm
// give the frames of cornerRunLitTex's and solidIndices' Go loops bit
// for bit: the same vertices, triangles,
// keys, indices and bounds, for a crowd of animated figures (whose parts
// take that path) from over it and from inside it.
func TestCornerRunLitAsm(t *testing.T) {
	defer func(v bool) { useAsm = v }(useAsm)
	f := openSample(t)
	w, err := f.Crowd(200)
	if err != nil {
		t.Fatal(err)
	}
	over := testCameraAt(1280, 720)
	inside := testCameraAt(1280, 720)
	inside.Distance, inside.Pitch = 6, 0.2
	inside.Update()
	ra, rb := NewRenderer(f.assets), NewRenderer(f.assets)
	ra.Detail, ra.Depth, rb.Detail, rb.Depth = true, true, true, true
	litTris := 0
	for frame := 0; frame < 6; frame++ {
		w.Step(1.0 / 60)
		for _, cam := range []*Camera{over, inside} {
			useAsm = true
			ra.Build(w, cam)
			useAsm = false
			rb.Build(w, cam)
			if !sameBits(ra.Verts, rb.Verts) || !slices.Equal(ra.Indices, rb.Indices) || !sameBits(ra.tris, rb.tris) ||
				!slices.Equal(ra.scene.keys, rb.scene.keys) || !slices.Equal(ra.Batches, rb.Batches) || !slices.Equal(ra.Drawn, rb.Drawn) {
				t.Fatalf("frame %d: the assembly loop's frame differs from the Go loop's (%d/%d vertices, %d/%d indices)",
					frame, len(ra.Verts), len(rb.Verts), len(ra.Indices), len(rb.Indices))
			}
			litTris += len(ra.tris)
		}
	}
	if litTris == 0 {
		t.Fatal("nothing drawn")
	}
}

// sameBits reports whether a and b hold the same bytes.
func sameBits[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := len(a) * int(unsafe.Sizeof(a[0]))
	return slices.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), n), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n))
}

// TestAffineMulTo checks that the assembly affineMulTo writes
// affineMulToGo's bits: random affine matrices, some with zeros of
// either sign and large and small scales.
func TestAffineMulTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 20))
	val := func() float32 {
		switch rng.IntN(8) {
		case 0:
			return 0
		case 1:
			return float32(math.Copysign(0, -1))
		case 2:
			return (rng.Float32() - 0.5) * 1e6
		default:
			return (rng.Float32() - 0.5) * 4
		}
	}
	mat := func() physics.Mat4 {
		var m physics.Mat4
		for i := 0; i < 4; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] = val()
			}
		}
		m[3][3] = 1
		return m
	}
	for i := 0; i < 5000; i++ {
		a, b := mat(), mat()
		var got, want physics.Mat4
		affineMulTo(&got, &a, &b)
		affineMulToGo(&want, &a, &b)
		if !sameBits(got[:], want[:]) {
			t.Fatalf("%v × %v: assembly %v, Go %v", a, b, got, want)
		}
	}
}

// TestAsmLayouts pins the record sizes project_amd64.s steps by (a
// shift by 5: 32 bytes) and the fields it reads together.
func TestAsmLayouts(t *testing.T) {
	var c meshCorner
	var p projVert
	for _, s := range []uintptr{unsafe.Sizeof(cornerTri{}), unsafe.Sizeof(c), unsafe.Sizeof(p), unsafe.Sizeof(triRec{}), unsafe.Sizeof(meshPlane{})} {
		if s != 32 {
			t.Fatalf("a record of %d bytes: the assembly steps by 32", s)
		}
	}
	if unsafe.Offsetof(c.Alpha) != unsafe.Offsetof(c.Col)+12 || unsafe.Offsetof(p.Y) != unsafe.Offsetof(p.X)+4 ||
		unsafe.Offsetof(p.Z) != unsafe.Offsetof(p.L)+12 || unsafe.Sizeof(cornerSlot{}) != 8 {
		t.Fatal("the assembly reads Col and Alpha, X and Y, L and Z as one")
	}
	// What it reads or writes as one wider value, or by fixed offsets.
	var v Vertex
	var mp meshPass
	var tr triRec
	var ct cornerTri
	var r Rect
	for _, c := range []struct {
		name     string
		got, off uintptr
	}{
		{"Vertex.SrcX at 8 (0(CX) is DstX, DstY, SrcX, SrcY)", unsafe.Offsetof(v.SrcX), 8},
		{"Vertex.ColorR at 16", unsafe.Offsetof(v.ColorR), 16},
		{"Vertex.Custom0 at 32", unsafe.Offsetof(v.Custom0), 32},
		{"projVert.IW after X and Y", unsafe.Offsetof(p.IW), unsafe.Offsetof(p.X) + 8},
		{"projVert.Fog after IW", unsafe.Offsetof(p.Fog), unsafe.Offsetof(p.X) + 12},
		{"meshPass.h2 after w2", unsafe.Offsetof(mp.h2), unsafe.Offsetof(mp.w2) + 4},
		{"triRec.Solid after Blend", unsafe.Offsetof(tr.Solid), unsafe.Offsetof(tr.Blend) + 1},
		{"cornerTri.Solid1 after Additive", unsafe.Offsetof(ct.Solid1), unsafe.Offsetof(ct.Additive) + 1},
		{"Rect.MaxX after MinX and MinY", unsafe.Offsetof(r.MaxX), unsafe.Offsetof(r.MinX) + 8},
	} {
		if c.got != c.off {
			t.Errorf("%s: at %d, want %d", c.name, c.got, c.off)
		}
	}
}

// TestChooseSidesAsm checks that chooseSidesAsm chooses and stamps the
// sides the Go loop does: random planes, degenerate ones (N and D 0:
// the sum exactly 0) and ones whose sum is NaN, two-sided or not.
func TestChooseSidesAsm(t *testing.T) {
	defer func(v bool) { useAsm = v }(useAsm)
	rng := rand.New(rand.NewPCG(5, 27))
	f := func() float32 { return rng.Float32()*2 - 1 }
	ra, rb := &Renderer{bufs: new(partBufs)}, &Renderer{bufs: new(partBufs)}
	for round := 0; round < 300; round++ {
		n := 1 + rng.IntN(200)
		mesh := &Mesh{Tris: make([]meshTri, n), minAlpha: 1, planes: make([]meshPlane, n)}
		for i := range mesh.planes {
			pl := &mesh.planes[i]
			switch rng.IntN(8) {
			case 0: // degenerate
			case 1:
				pl.N = physics.Vec3{X: float32(math.NaN())}
			default:
				pl.N, pl.D = physics.Vec3{X: f(), Y: f(), Z: f()}, f()
			}
			pl.V = [3]uint16{uint16(rng.IntN(500)), uint16(rng.IntN(500)), uint16(rng.IntN(500))}
			pl.Back = rng.IntN(3) == 0
		}
		W, E := f(), physics.Vec3{X: f(), Y: f(), Z: f()}
		stamp := uint32(round + 1)
		useAsm = true
		va := slices.Clone(ra.chooseSides(mesh.planes, W, E, mesh, 1, stamp))
		useAsm = false
		vb := rb.chooseSides(mesh.planes, W, E, mesh, 1, stamp)
		if !slices.Equal(va, vb) || ra.bufs.vstamp != rb.bufs.vstamp {
			t.Fatalf("round %d: assembly chose %v, Go %v (or stamped other vertices)", round, va, vb)
		}
	}
}

// TestRadixSortGoLoops is TestRadixSortMatchesStableSort for the Go
// loops the assembly replaces here (radixCount14 …).
func TestRadixSortGoLoops(t *testing.T) {
	defer func(v bool) { useAsm = v }(useAsm)
	useAsm = false
	TestRadixSortMatchesStableSort(t)
}
