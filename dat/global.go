package dat

import "github.com/dereth/dereth/physics"

// Global space places landblock (XX, YY) with its south-west corner at
// (BlockLength·XX, BlockLength·YY); a position's global point is its
// landblock's corner plus its cell-relative origin. These are the only
// definitions of that mapping: motion, systems and the renderer use them.

// GlobalOrigin returns the point of p in global space: p's origin plus its
// landblock's corner. Far from landblock (0, 0) float32 keeps only about
// 1/256 of a unit, so distances and offsets should come from GlobalOffset
// and GlobalDistance, which never form the large coordinates.
func GlobalOrigin(p physics.Position) physics.Vec3 {
	bx, by := BlockXY(p.Cell)
	// float32(x*y) rounds the product before the sum: never fused (physics.Vec3).
	return p.Frame.Origin.Add(physics.Vec3{X: float32(float32(bx) * BlockLength), Y: float32(float32(by) * BlockLength)})
}

// GlobalOffset returns to − from in global space (Position::get_offset):
// the landblock offset (BlockOffset) plus the difference of the origins.
func GlobalOffset(from, to physics.Position) physics.Vec3 {
	return BlockOffset(from.Cell, to.Cell).Add(to.Frame.Origin).Sub(from.Frame.Origin)
}

// GlobalDistance is the distance between two positions in global space
// (Position::distance), the length of GlobalOffset.
func GlobalDistance(a, b physics.Position) float32 {
	return GlobalOffset(a, b).Len()
}
