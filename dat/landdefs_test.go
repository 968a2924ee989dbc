package dat

import (
	"math"
	"testing"

	"github.com/dereth/dereth/physics"
)

func TestAdjustToOutside(t *testing.T) {
	tests := []struct {
		cell   uint32
		x, y   float32
		want   uint32
		wx, wy float32
		ok     bool
	}{
		{0xA9B40040, 200, 10, 0xAAB40001, 8, 10, true},
		{0xA9B40001, -5, 10, 0xA8B40039, 187, 10, true},
		{0xA9B40041, 5, 5, 0, 5, 5, false},
		{0x0000FFFF, -1, 5, 0, -1, 5, false},
		{0xA9B40100, 30, 50, 0xA9B4000B, 30, 50, true},      // EnvCell → outdoor cell under it
		{0xA9B4FFFF, 0.0001, 191, 0xA9B40008, 0, 191, true}, // snapped to 0
		{0xFE000001, 200, 0, 0, 200, 0, false},              // east of the world
		{0xFF000001, 10, 10, 0, 10, 10, false},              // block 0xFF
		{0x00000001, 5, -24, 0, 5, -24, false},              // south of the world
	}
	for _, tc := range tests {
		p := physics.Vec3{X: tc.x, Y: tc.y, Z: 7}
		got, ok := AdjustToOutside(tc.cell, &p)
		if got != tc.want || ok != tc.ok {
			t.Errorf("AdjustToOutside(0x%08X, %v, %v) = 0x%08X, %v; want 0x%08X, %v", tc.cell, tc.x, tc.y, got, ok, tc.want, tc.ok)
			continue
		}
		if ok && (p.X != tc.wx || p.Y != tc.wy || p.Z != 7) {
			t.Errorf("AdjustToOutside(0x%08X): position %v, want (%v, %v, 7)", tc.cell, p, tc.wx, tc.wy)
		}
	}
}

func TestCellNumbering(t *testing.T) {
	tests := []struct {
		cx, cy int
		want   uint32
	}{{0, 0, 0xA9B40001}, {0, 7, 0xA9B40008}, {7, 7, 0xA9B40040}, {1, 2, 0xA9B4000B}}
	for _, tc := range tests {
		if got := OutdoorCellID(0xA9B4FFFF, tc.cx, tc.cy); got != tc.want {
			t.Errorf("OutdoorCellID(%d,%d) = 0x%08X, want 0x%08X", tc.cx, tc.cy, got, tc.want)
		}
		cx, cy, ok := CellXY(tc.want)
		if !ok || cx != tc.cx || cy != tc.cy {
			t.Errorf("CellXY(0x%08X) = %d,%d,%v", tc.want, cx, cy, ok)
		}
		lx, ly, _ := CellLCoord(tc.want)
		if back, ok := LCoordToCellID(lx, ly); !ok || back != tc.want {
			t.Errorf("lcoord round trip of 0x%08X gave 0x%08X", tc.want, back)
		}
		if got := CellAt(0xA9B4FFFF, float32(float32(tc.cx)*24)+3, float32(float32(tc.cy)*24)+23.9); got != tc.want {
			t.Errorf("CellAt = 0x%08X, want 0x%08X", got, tc.want)
		}
	}
	for _, c := range []uint32{0xFFFF, 1, 0x40, 0x100, 0xFFFD} {
		if !CellInRange(c) {
			t.Errorf("CellInRange(0x%X) = false", c)
		}
	}
	for _, c := range []uint32{0, 0x41, 0xFF, 0xFFFE} {
		if CellInRange(c) {
			t.Errorf("CellInRange(0x%X) = true", c)
		}
	}
	if got := BlockOffset(0xA9B40001, 0xAAB30005); got != (physics.Vec3{X: 192, Y: -192}) {
		t.Errorf("BlockOffset = %v", got)
	}
	if got := BlockOffset(0xA9B40001, 0xA9B40040); !got.IsZero() {
		t.Errorf("BlockOffset within a landblock = %v", got)
	}
	if BlockID(0xA9B40012) != 0xA9B4FFFF || BlockInfoID(0xA9B40012) != 0xA9B4FFFE {
		t.Error("BlockID / BlockInfoID")
	}
}

// TestSplitBit31 checks, over the whole world, that the double compare is
// "bit 31 of s is set" (dat-format.md §6.4), and that both splits occur.
func TestSplitBit31(t *testing.T) {
	counts := [2]int{}
	for gx := uint32(0); gx < LandLength; gx++ {
		for gy := uint32(0); gy < LandLength; gy++ {
			a := gx*214614067 + 1813693831
			s := gy*a - gx*1109124029 - 1369149221
			got := SplitSWtoNE(gx, gy)
			if got != (s&0x80000000 != 0) {
				t.Fatalf("cell (%d,%d): split %v disagrees with bit 31", gx, gy, got)
			}
			if got {
				counts[1]++
			} else {
				counts[0]++
			}
		}
	}
	if counts[0] == 0 || counts[1] == 0 {
		t.Fatalf("split counts %v", counts)
	}
}

func TestTerrainZ(t *testing.T) {
	l := &LandDefs{}
	for i := range l.LandHeightTable {
		l.LandHeightTable[i] = float32(i) * 0.5 // deliberately not 2 × byte
	}
	lb := &LandBlock{ID: 0xA9B4FFFF}
	for i := range lb.Heights {
		lb.Heights[i] = uint8(i * 3)
	}
	// At every vertex TerrainZ is the table height.
	for i := 0; i < 8; i++ {
		for j := 0; j < 8; j++ {
			want := l.LandHeightTable[lb.Heights[i*9+j]]
			if got := l.TerrainZ(lb, float32(i)*24, float32(j)*24); math.Abs(float64(got-want)) > 1e-4 {
				t.Fatalf("vertex (%d,%d): z %v, want %v", i, j, got, want)
			}
		}
	}
	v := l.Vertices(lb)
	if v[10] != (physics.Vec3{X: 24, Y: 24, Z: l.LandHeightTable[30]}) {
		t.Errorf("vertex 10 = %v", v[10])
	}
	// Inside a cell the point lies on the plane of one of its triangles.
	for cx := 0; cx < 8; cx++ {
		for cy := 0; cy < 8; cy++ {
			tris := CellTriangles(lb.ID, cx, cy)
			for _, pt := range [][2]float32{{0.3, 0.6}, {0.6, 0.3}, {0.1, 0.2}, {0.9, 0.8}} {
				x, y := float32(float32(cx)*24)+float32(pt[0]*24), float32(float32(cy)*24)+float32(pt[1]*24)
				z := l.TerrainZ(lb, x, y)
				found := false
				for _, tri := range tris {
					a, b, c := v[tri[0]], v[tri[1]], v[tri[2]]
					n := b.Sub(a).Cross(c.Sub(a))
					if !inTriangle(a, b, c, x, y) {
						continue
					}
					found = true
					p := physics.Vec3{X: x, Y: y, Z: z}
					if d := n.Dot(p.Sub(a)) / n.Len(); math.Abs(float64(d)) > 1e-3 {
						t.Fatalf("cell (%d,%d) point %v: %v off its triangle's plane", cx, cy, pt, d)
					}
				}
				if !found {
					t.Fatalf("cell (%d,%d) point %v in neither triangle", cx, cy, pt)
				}
			}
		}
	}
}

func inTriangle(a, b, c physics.Vec3, x, y float32) bool {
	cross := func(p, q physics.Vec3) float32 { return float32((q.X-p.X)*(y-p.Y)) - float32((q.Y-p.Y)*(x-p.X)) }
	d1, d2, d3 := cross(a, b), cross(b, c), cross(c, a)
	return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)
}

func TestTerrainWord(t *testing.T) {
	w := TerrainWord(2, 17, 30)
	if TerrainWordRoad(w) != 2 || TerrainWordType(w) != 17 || TerrainWordScenery(w) != 30 {
		t.Fatalf("terrain word 0x%04X unpacks wrong", w)
	}
}

// TestTerrainNormal: at the centroid of every triangle of two landblocks
// (one split each way in places), the normal is unit, points up, and
// predicts TerrainHeight's rise over a step that stays in the triangle.
func TestTerrainNormal(t *testing.T) {
	var z [VerticesPerSide * VerticesPerSide]float32
	for i := range z {
		z[i] = float32((i*7919)%53) * 1.5
	}
	for _, block := range []uint32{0xA9B4FFFF, 0x1234FFFF} {
		for cx := range CellsPerBlockSide {
			for cy := range CellsPerBlockSide {
				for _, tri := range CellTriangles(block, cx, cy) {
					var px, py float32
					for _, i := range tri {
						px += float32(i/VerticesPerSide) * CellLength / 3
						py += float32(i%VerticesPerSide) * CellLength / 3
					}
					n := TerrainNormal(block, &z, px, py)
					if l := n.Len(); math.Abs(float64(l-1)) > 1e-5 || n.Z <= 0 {
						t.Fatalf("block 0x%08X (%v, %v): normal %+v, want unit and up", block, px, py, n)
					}
					const ex, ey = 1, -0.5
					rise := TerrainHeight(block, &z, px+ex, py+ey) - TerrainHeight(block, &z, px, py)
					if want := -(float32(n.X*ex) + float32(n.Y*ey)) / n.Z; math.Abs(float64(rise-want)) > 1e-3 {
						t.Errorf("block 0x%08X (%v, %v): rise %v, the normal %+v predicts %v", block, px, py, rise, n, want)
					}
				}
			}
		}
	}
}
