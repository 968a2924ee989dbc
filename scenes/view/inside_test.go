package view

import (
	"math"
	"math/rand"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestWellInsideHoldsEveryVertex checks wellInside against the vertices
// themselves: for parts placed at random (rotated, scaled, near and far,
// in and out of view) with vertices on their radius, whenever it says a
// part is well inside, projectFast's per-vertex tests would set no
// outcode, and when it says a part is nearer than the fog, no vertex
// lies beyond fogNear; and it says so for most parts near the middle of
// the view.
func TestWellInsideHoldsEveryVertex(t *testing.T) {
	mp := meshPass{w2: 640, h2: 360, focal: 600, near: NearPlane, far: FarPlane, sw: 1280, sh: 720, fog: true, fogMin: 30, fogNear: 30 - 30*1e-5}
	rng := rand.New(rand.NewSource(7))
	inside, central, unfoggedN, foggedN := 0, 0, 0, 0
	for k := 0; k < 20000; k++ {
		radius := 0.05 + float32(rng.Float32()*3)
		scale := 0.5 + float32(rng.Float32()*1.5)
		q := physics.Quat{W: rng.Float32() - 0.5, X: rng.Float32() - 0.5, Y: rng.Float32() - 0.5, Z: rng.Float32() - 0.5}
		m := physics.RotateMat4(q.Normalize())
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] *= scale
			}
		}
		z := float32(rng.Float32()*60) - 2
		m[3][0], m[3][1], m[3][2] = (rng.Float32()*2-1)*z, (rng.Float32()*2-1)*z*0.6, z
		ok, unfogged := wellInside(&mp, &m, rowLen(&m, 0), radius)
		if ok {
			inside++
			if unfogged {
				unfoggedN++
			} else {
				foggedN++
			}
		}
		if z > 10 && math.Abs(float64(m[3][0])) < float64(z)/4 && math.Abs(float64(m[3][1])) < float64(z)/4 && radius*scale < 1 {
			central++
			if !ok {
				t.Fatalf("part %d near the middle of the view (origin %v, radius %v, scale %v) not found inside", k, m[3], radius, scale)
			}
		}
		if !ok {
			continue
		}
		for v := 0; v < 64; v++ {
			d := physics.Vec3{X: float32(rng.NormFloat64()), Y: float32(rng.NormFloat64()), Z: float32(rng.NormFloat64())}
			p := d.Scale(radius / d.Len())
			c := physics.Vec3{
				X: float32(p.X*m[0][0]) + float32(p.Y*m[1][0]) + float32(p.Z*m[2][0]) + m[3][0],
				Y: float32(p.X*m[0][1]) + float32(p.Y*m[1][1]) + float32(p.Z*m[2][1]) + m[3][1],
				Z: float32(p.X*m[0][2]) + float32(p.Y*m[1][2]) + float32(p.Z*m[2][2]) + m[3][2],
			}
			x, y := mp.w2+float32(c.X/c.Z*mp.focal), mp.h2-float32(c.Y/c.Z*mp.focal)
			if c.Z < mp.near || c.Z > mp.far || x < 0 || x > mp.sw || y < 0 || y > mp.sh {
				t.Fatalf("part %d found inside, but its vertex %v projects to (%v, %v) at depth %v", k, p, x, y, c.Z)
			}
			if unfogged && !(c.Z <= mp.fogNear) {
				t.Fatalf("part %d found nearer than the fog (from %v), but its vertex %v lies at depth %v", k, mp.fogNear, p, c.Z)
			}
		}
	}
	if central == 0 || inside == 0 || unfoggedN == 0 || foggedN == 0 {
		t.Fatalf("%d parts inside (%d nearer than the fog, %d not), %d central: the test placed none of some", inside, unfoggedN, foggedN, central)
	}
	t.Logf("%d of 20000 parts well inside (%d central, %d nearer than the fog)", inside, central, unfoggedN)
}
