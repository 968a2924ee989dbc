package view

import "math"

// The depth buffer (Renderer.Depth) stores, per pixel, the nearness of
// the nearest opaque surface as a 16-bit code: DepthCode. Ebitengine's
// images have 8-bit channels and no depth buffer, so package scenes builds
// it in two passes over the opaque triangles, each blended by maximum
// (the nearest wins): the code's high byte, then the low byte of the
// fragments whose high byte is the one stored. The nearness is
// logarithmic in the camera depth, so its resolution is a fixed fraction
// of the depth: one step is z·ln(DepthFar/DepthNear)/DepthMax, about 1.3
// thousandths of a unit 10 units from the eye and 1.3 hundredths at 100.
const (
	// DepthNear and DepthFar are the camera depths coded 1 and 0 (the
	// near and far planes).
	DepthNear = NearPlane
	DepthFar  = FarPlane
	// DepthMax is the largest code: the nearest depth.
	DepthMax = 1<<16 - 1
	// DepthSlack is how many codes a fragment may lie behind the stored
	// nearest and still be drawn: surfaces that close are drawn in the
	// back-to-front order, as without the depth buffer (a building's
	// floor on the ground, a face's coplanar decal).
	DepthSlack = 2
)

// depthLogRange is ln(DepthFar/DepthNear), as the shader holds it.
var depthLogRange = float32(math.Log(DepthFar / DepthNear))

// DepthCode is the depth buffer's code of a camera depth given as its
// inverse iz (what a vertex carries in Custom2): the nearness
// 1 − ln(z/DepthNear)/ln(DepthFar/DepthNear), clamped to 0…1, in
// DepthMax steps, larger nearer. The world shader works it out the same
// way in float32.
func DepthCode(iz float32) uint32 {
	n := 1 + float32(math.Log(float64(iz*DepthNear)))/depthLogRange
	n = min(max(n, 0), 1)
	if n != n { // NaN
		return 0
	}
	return uint32(math.Floor(float64(n * DepthMax)))
}
