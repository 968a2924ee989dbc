package dat

import (
	"math"

	"github.com/dereth/dereth/physics"
)

// World geometry constants (dat-format.md §6.1, ACE-phys LandDefs).
const (
	CellsPerBlockSide  = 8
	CellLength         = 24.0  // square_length
	BlockLength        = 192.0 // CellsPerBlockSide × CellLength
	VerticesPerSide    = 9
	BlocksPerWorldSide = 255
	LandLength         = 2040 // world size in cells
	FirstLandCell      = 0x0001
	LastLandCell       = 0x0040
	FirstEnvCell       = 0x0100
	LastEnvCell        = 0xFFFD
	BlockCellPart      = 0xFFFF
	// LandBlockInfoPart is the cell part of a LandBlockInfo id.
	LandBlockInfoPart = 0xFFFE
	// posEpsilon is PhysicsGlobals.EPSILON, used to snap near-zero offsets.
	posEpsilon = 0.0002
)

// BlockID returns the landblock part of a cell id, as a LandBlock id
// 0xXXYYFFFF.
func BlockID(cell uint32) uint32 { return cell | BlockCellPart }

// BlockInfoID returns the LandBlockInfo id 0xXXYYFFFE of a cell's landblock.
func BlockInfoID(cell uint32) uint32 { return cell&0xFFFF0000 | LandBlockInfoPart }

// BlockXY returns a cell id's landblock coordinates XX, YY.
func BlockXY(cell uint32) (x, y int) { return int(cell >> 24), int(cell >> 16 & 0xFF) }

// CellInRange reports whether a cell part is a landblock, outdoor cell or
// EnvCell number (LandDefs.cell_in_range).
func CellInRange(c uint32) bool {
	return c == BlockCellPart || (c >= FirstLandCell && c <= LastLandCell) || (c >= FirstEnvCell && c <= LastEnvCell)
}

// IsOutdoorCell reports whether a cell id names an outdoor LandCell.
func IsOutdoorCell(cell uint32) bool {
	c := cell & 0xFFFF
	return c >= FirstLandCell && c <= LastLandCell
}

// OutdoorCellID returns the id of outdoor cell (cx, cy), 0..7 each, of the
// landblock that block belongs to: cell part cx*8 + cy + 1.
func OutdoorCellID(block uint32, cx, cy int) uint32 {
	return block&0xFFFF0000 | uint32(cx*CellsPerBlockSide+cy+1)
}

// CellXY returns an outdoor cell's coordinates inside its landblock.
func CellXY(cell uint32) (cx, cy int, ok bool) {
	if !IsOutdoorCell(cell) {
		return 0, 0, false
	}
	c := int(cell&0xFFFF) - 1
	return c / CellsPerBlockSide, c % CellsPerBlockSide, true
}

// LCoordToCellID returns the outdoor cell at global cell coordinates.
func LCoordToCellID(lx, ly int) (uint32, bool) {
	if lx < 0 || ly < 0 || lx >= LandLength || ly >= LandLength {
		return 0, false
	}
	block := uint32(lx>>3)<<8 | uint32(ly>>3)
	cell := uint32(1 + (lx&7)<<3 + ly&7)
	return block<<16 | cell, true
}

// CellLCoord returns the global cell coordinates of an outdoor cell.
func CellLCoord(cell uint32) (lx, ly int, ok bool) {
	cx, cy, ok := CellXY(cell)
	if !ok {
		return 0, 0, false
	}
	bx, by := BlockXY(cell)
	return bx*CellsPerBlockSide + cx, by*CellsPerBlockSide + cy, true
}

// BlockOffset returns the offset from landblock from to landblock to
// (LandDefs.GetBlockOffset).
func BlockOffset(from, to uint32) physics.Vec3 {
	if from>>16 == to>>16 {
		return physics.Vec3{}
	}
	fx, fy := BlockXY(from)
	tx, ty := BlockXY(to)
	return physics.Vec3{X: float32((tx - fx) * CellsPerBlockSide * CellLength), Y: float32((ty - fy) * CellsPerBlockSide * CellLength)}
}

// CellAt returns the outdoor cell under a landblock-local point with
// 0 ≤ x, y < 192 (Landblock.GetCell).
func CellAt(block uint32, x, y float32) uint32 {
	return block&0xFFFF0000 | uint32(int(x)/CellLength*CellsPerBlockSide+int(y)/CellLength+1)
}

// AdjustToOutside maps a cell id and a local point that may lie outside
// 0..192 to the outdoor cell under it and the point local to that cell's
// landblock (LandDefs.AdjustToOutside, dat-format.md §6.5). It returns 0
// and false when the cell part is not a cell number or the point is off
// the world.
//
// The common move, an outdoor point that stays inside its own landblock,
// takes a shortcut: there the retail function snaps the near-zero band to
// zero, leaves the point otherwise as it is and names the cell, computed
// here the same way (the float32 quotient by the cell length, truncated);
// anything else takes the whole function (adjustToOutsideRetail).
// TestAdjustToOutsideShortcut compares the two bit for bit.
func AdjustToOutside(cell uint32, pos *physics.Vec3) (uint32, bool) {
	x, y := OutsideSnap(pos.X, pos.Y)
	if IsOutdoorCell(cell) {
		if nc, ok := OutsideInBlock(cell, x, y); ok {
			pos.X, pos.Y = x, y
			return nc, true
		}
	}
	return adjustToOutsideRetail(cell, pos)
}

// OutsideSnap is AdjustToOutside's first step on a local point's x and
// y: a coordinate within posEpsilon of zero becomes zero. Small enough
// to inline, as OutsideInBlock is, so that a caller with the commonest
// case (the tick's commit) can take AdjustToOutside's shortcut without a
// call: OutsideSnap, then OutsideInBlock, and only when that fails
// AdjustToOutside.
func OutsideSnap(x, y float32) (float32, float32) {
	if abs32(x) < posEpsilon {
		x = 0
	}
	if abs32(y) < posEpsilon {
		y = 0
	}
	return x, y
}

// OutsideInBlock is AdjustToOutside's shortcut for outdoor cell cell and
// a snapped point (OutsideSnap) that stays inside the cell's own
// landblock: the cell under the point; false when the point is outside
// the landblock or the landblock off the world (the whole function is
// needed then).
func OutsideInBlock(cell uint32, x, y float32) (uint32, bool) {
	if x >= 0 && y >= 0 && cell>>24 < BlocksPerWorldSide && cell>>16&0xFF < BlocksPerWorldSide {
		// qx < 8 is x/BlockLength < 1 (the quotients differ by a power of
		// two), so the retail block offset subtracted is zero.
		if qx, qy := x/CellLength, y/CellLength; qx < CellsPerBlockSide && qy < CellsPerBlockSide {
			return OutdoorCellID(cell, int(qx), int(qy)), true
		}
	}
	return 0, false
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// adjustToOutsideRetail is LandDefs.AdjustToOutside whole.
func adjustToOutsideRetail(cell uint32, pos *physics.Vec3) (uint32, bool) {
	if !CellInRange(cell & 0xFFFF) {
		return 0, false
	}
	if float32(math.Abs(float64(pos.X))) < posEpsilon {
		pos.X = 0
	}
	if float32(math.Abs(float64(pos.Y))) < posEpsilon {
		pos.Y = 0
	}
	bx, by := BlockXY(cell)
	blx, bly := bx*CellsPerBlockSide, by*CellsPerBlockSide
	if blx >= LandLength || bly >= LandLength {
		return 0, false
	}
	fx := math.Floor(float64(pos.X / CellLength))
	fy := math.Floor(float64(pos.Y / CellLength))
	if math.IsNaN(fx) || math.IsNaN(fy) || math.Abs(fx) > LandLength || math.Abs(fy) > LandLength {
		return 0, false
	}
	id, ok := LCoordToCellID(blx+int(fx), bly+int(fy))
	if !ok {
		return 0, false
	}
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	pos.X -= float32(float32(math.Floor(float64(pos.X/BlockLength))) * BlockLength)
	pos.Y -= float32(float32(math.Floor(float64(pos.Y/BlockLength))) * BlockLength)
	return id, true
}

// SplitSWtoNE reports whether the cell at global cell coordinates (gx, gy)
// is split along its SW–NE diagonal (LandblockStruct.ConstructPolygons).
func SplitSWtoNE(gx, gy uint32) bool {
	a := gx*214614067 + 1813693831
	b := gx * 1109124029
	s := gy*a - b - 1369149221
	return !(float64(s)*2.3283064e-10 < 0.5)
}

// Vertex indices of a cell's corners, index i*9+j.
func vertexIndex(i, j int) int { return i*VerticesPerSide + j }

// CellTriangles returns the two triangles of outdoor cell (cx, cy) of the
// landblock as vertex indices (i*9+j), counter-clockwise seen from above.
func CellTriangles(block uint32, cx, cy int) [2][3]int {
	bx, by := BlockXY(block)
	sw := vertexIndex(cx, cy)
	se := vertexIndex(cx+1, cy)
	ne := vertexIndex(cx+1, cy+1)
	nw := vertexIndex(cx, cy+1)
	if SplitSWtoNE(uint32(bx*8+cx), uint32(by*8+cy)) {
		return [2][3]int{{sw, se, ne}, {sw, ne, nw}}
	}
	return [2][3]int{{sw, se, nw}, {ne, nw, se}}
}

// VertexZ returns the height of vertex (i, j) of a landblock through the
// Region's height table (LandblockStruct.ConstructVertices).
func (l *LandDefs) VertexZ(lb *LandBlock, i, j int) float32 {
	return l.LandHeightTable[lb.Heights[vertexIndex(i, j)]]
}

// Vertices returns the 81 landblock-local vertex positions.
func (l *LandDefs) Vertices(lb *LandBlock) [81]physics.Vec3 {
	var v [81]physics.Vec3
	for i := 0; i < VerticesPerSide; i++ {
		for j := 0; j < VerticesPerSide; j++ {
			v[vertexIndex(i, j)] = physics.Vec3{X: float32(i) * CellLength, Y: float32(j) * CellLength, Z: l.VertexZ(lb, i, j)}
		}
	}
	return v
}

// VertexHeights returns the heights of a landblock's 81 vertices through
// the Region's height table, index i*9+j as in LandBlock.Heights.
func (l *LandDefs) VertexHeights(lb *LandBlock) [VerticesPerSide * VerticesPerSide]float32 {
	var z [VerticesPerSide * VerticesPerSide]float32
	for i, h := range lb.Heights {
		z[i] = l.LandHeightTable[h]
	}
	return z
}

// TerrainZ returns the terrain height at a landblock-local point of lb
// (Landblock.GetZ): TerrainHeight over lb's vertex heights.
func (l *LandDefs) TerrainZ(lb *LandBlock, x, y float32) float32 {
	z := l.VertexHeights(lb)
	return TerrainHeight(lb.ID, &z, x, y)
}

// TerrainHeight returns the terrain height at a landblock-local point of
// landblock block, whose vertex heights (already through the height table,
// index i*9+j) are z: the plane of the cell triangle containing the point,
// split as CellTriangles splits the cell (Landblock.GetZ). Points are
// clamped into the landblock. It is the one terrain-height function; the
// simulation reaches it through TerrainZ and the renderer directly.
func TerrainHeight(block uint32, z *[VerticesPerSide * VerticesPerSide]float32, x, y float32) float32 {
	cx, cy, u, v, split, first := terrainCell(block, x, y)
	zsw, zse := z[vertexIndex(cx, cy)], z[vertexIndex(cx+1, cy)]
	zne, znw := z[vertexIndex(cx+1, cy+1)], z[vertexIndex(cx, cy+1)]
	switch {
	case split && first:
		return zsw + float32((zse-zsw)*u) + float32((zne-zse)*v)
	case split:
		return zsw + float32((zne-znw)*u) + float32((znw-zsw)*v)
	case first:
		return zsw + float32((zse-zsw)*u) + float32((znw-zsw)*v)
	}
	return zne + float32((znw-zne)*(1-u)) + float32((zse-zne)*(1-v))
}

// TerrainNormal returns the unit normal of the cell triangle TerrainHeight
// takes the height from at a landblock-local point (the walkable polygon
// find_terrain_poly finds), pointing up.
func TerrainNormal(block uint32, z *[VerticesPerSide * VerticesPerSide]float32, x, y float32) physics.Vec3 {
	cx, cy, _, _, _, first := terrainCell(block, x, y)
	tris := CellTriangles(block, cx, cy)
	t := tris[1]
	if first {
		t = tris[0]
	}
	p := func(i int) physics.Vec3 {
		return physics.Vec3{X: float32(float32(i/VerticesPerSide) * CellLength), Y: float32(float32(i%VerticesPerSide) * CellLength), Z: z[i]}
	}
	a, b, c := p(t[0]), p(t[1]), p(t[2])
	return b.Sub(a).Cross(c.Sub(a)).Normalize()
}

// terrainCell locates a landblock-local point, clamped into the landblock:
// its cell, the fractions u, v across it, whether the cell is split SW–NE
// and whether the point is in the first of CellTriangles' two triangles.
func terrainCell(block uint32, x, y float32) (cx, cy int, u, v float32, split, first bool) {
	clamp := func(v float32) float32 { return min(max(v, 0), BlockLength) }
	x, y = clamp(x), clamp(y)
	cx = min(int(x/CellLength), CellsPerBlockSide-1)
	cy = min(int(y/CellLength), CellsPerBlockSide-1)
	u = (x - float32(float32(cx)*CellLength)) / CellLength
	v = (y - float32(float32(cy)*CellLength)) / CellLength
	bx, by := BlockXY(block)
	split = SplitSWtoNE(uint32(bx*CellsPerBlockSide+cx), uint32(by*CellsPerBlockSide+cy))
	if split {
		return cx, cy, u, v, split, u >= v
	}
	return cx, cy, u, v, split, u+v <= 1
}
