package view

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Camera is the viewer's orbit/follow camera and its top-down map mode.
// Render space is global space (dat.GlobalOrigin: landblock XX,YY at
// dat.BlockLength·(XX, YY)) shifted so landblock (BaseX, BaseY) sits at the
// origin, which keeps float32 precision near the viewer. Camera space has x right, y up and z the
// depth along the view direction.
type Camera struct {
	// BaseX, BaseY are the landblock render space is relative to.
	BaseX, BaseY int
	// Target is the point orbited (render space).
	Target physics.Vec3
	// Yaw is the heading of the camera seen from the target (radians,
	// counter-clockwise from +x); Pitch its elevation above the horizon.
	Yaw, Pitch float32
	// Distance from target to eye.
	Distance float32
	// FOV is the vertical field of view (radians).
	FOV float32
	// Map selects the top-down orthographic map; MapScale is its zoom in
	// pixels per unit.
	Map      bool
	MapScale float32
	// Fly is the free-flight camera (F2): it no longer follows anything;
	// FlyMove moves it and Look turns it about its eye.
	Fly bool
	// W, H are the viewport size in pixels.
	W, H int

	eye   physics.Vec3
	view  physics.Mat4
	focal float32
}

// FollowHeight is how far above the followed object's origin the camera
// target sits: about head height, so the camera looks past the player
// along the ground.
const FollowHeight = 1.5

// Camera limits. The orbit stops 10° short of straight down (MaxPitch)
// and of straight up (MinPitch: the eye below the target, looking up,
// where the ground lets it), where the view would turn about its own axis.
const (
	MinDistance = 2
	MaxDistance = 400
	MinPitch    = -80 * math.Pi / 180
	MaxPitch    = 80 * math.Pi / 180
	NearPlane   = 0.25
	FarPlane    = 1200
	mapHeight   = 2000
)

// IndoorDistance is the farthest the camera orbits while the followed
// entity is indoors (the camera does not collide with walls yet).
const IndoorDistance = 2.5

// The first orbit: DefaultDistance behind the target and DefaultPitch
// (7°) above it, so the view runs along the ground past the player
// rather than down at its feet.
const (
	DefaultPitch    = 0.12
	DefaultDistance = 10
)

// NewCamera returns a camera over a w×h viewport looking at the position
// from behind (opposite its heading) and a little above, along the ground,
// with render space based on its landblock.
func NewCamera(w, h int, at physics.Position) *Camera {
	c := &Camera{W: w, H: h, Pitch: DefaultPitch, Distance: DefaultDistance, FOV: 1.0, MapScale: 2}
	q := at.Frame.Orientation
	if q == (physics.Quat{}) {
		q = physics.IdentityQuat
	}
	fwd := q.Rotate(physics.Vec3{Y: 1}) // objects face +y
	c.Yaw = float32(math.Atan2(float64(-fwd.Y), float64(-fwd.X)))
	c.BaseX, c.BaseY = dat.BlockXY(at.Cell)
	c.Target = c.ToRender(at)
	c.Update()
	return c
}

// base is the corner of landblock (BaseX, BaseY), render space's origin.
func (c *Camera) base() physics.Position {
	return physics.Position{Cell: blockID(c.BaseX, c.BaseY)}
}

// blockID is the LandBlock id 0xXXYYFFFF of landblock (bx, by).
func blockID(bx, by int) uint32 { return uint32(bx)<<24 | uint32(by)<<16 | dat.BlockCellPart }

// ToRender maps a cell-relative position to render space: its global
// offset (dat.GlobalOffset) from the corner of landblock (BaseX, BaseY).
func (c *Camera) ToRender(p physics.Position) physics.Vec3 {
	return dat.GlobalOffset(c.base(), p)
}

// BlockOffset returns the render-space origin of landblock (bx, by).
func (c *Camera) BlockOffset(bx, by int) physics.Vec3 {
	return dat.BlockOffset(c.base().Cell, blockID(bx, by))
}

// blockAt maps a render-space point to its landblock and the point local
// to that landblock; ok is false off the world's landblocks 0..0xFE.
func (c *Camera) blockAt(x, y float32) (block uint32, lx, ly float32, ok bool) {
	bx := c.BaseX + int(math.Floor(float64(x/dat.BlockLength)))
	by := c.BaseY + int(math.Floor(float64(y/dat.BlockLength)))
	if bx < 0 || by < 0 || bx > 0xFE || by > 0xFE {
		return 0, 0, 0, false
	}
	off := c.BlockOffset(bx, by)
	return blockID(bx, by), x - off.X, y - off.Y, true
}

// TargetPosition returns the orbited point as a world position: its
// outdoor cell and the point local to that cell's landblock; ok is false
// off the world's landblocks.
func (c *Camera) TargetPosition() (p physics.Position, ok bool) {
	block, lx, ly, ok := c.blockAt(c.Target.X, c.Target.Y)
	if !ok {
		return physics.Position{}, false
	}
	return physics.Position{Cell: dat.CellAt(block, lx, ly), Frame: physics.Frame{
		Origin: physics.Vec3{X: lx, Y: ly, Z: c.Target.Z}, Orientation: physics.IdentityQuat}}, true
}

// Eye returns the eye position (render space) of the last Update.
func (c *Camera) Eye() physics.Vec3 { return c.eye }

// View returns the render-to-camera-space matrix of the last Update.
func (c *Camera) View() physics.Mat4 { return c.view }

// Update recomputes the eye and view matrix after any field changed.
func (c *Camera) Update() {
	c.Pitch = min(max(c.Pitch, MinPitch), MaxPitch)
	c.Distance = min(max(c.Distance, MinDistance), MaxDistance)
	c.MapScale = min(max(c.MapScale, 0.05), 40)
	if c.FOV <= 0 {
		c.FOV = 1
	}
	var r, u, f physics.Vec3
	if c.Map {
		c.eye = c.Target.Add(physics.Vec3{Z: mapHeight})
		r, u, f = physics.Vec3{X: 1}, physics.Vec3{Y: 1}, physics.Vec3{Z: -1}
	} else {
		sy, cy := math.Sincos(float64(c.Yaw))
		sp, cp := math.Sincos(float64(c.Pitch))
		off := physics.Vec3{X: float32(cp * cy), Y: float32(cp * sy), Z: float32(sp)}
		c.eye = c.Target.Add(off.Scale(c.Distance))
		f = off.Scale(-1)
		r = f.Cross(physics.Vec3{Z: 1}).Normalize()
		u = r.Cross(f)
	}
	c.view = physics.Mat4{
		{r.X, u.X, f.X, 0},
		{r.Y, u.Y, f.Y, 0},
		{r.Z, u.Z, f.Z, 0},
		{-c.eye.Dot(r), -c.eye.Dot(u), -c.eye.Dot(f), 1},
	}
	c.focal = float32(float64(c.H) / 2 / math.Tan(float64(c.FOV)/2))
}

// ToCamera maps a render-space point to camera space.
func (c *Camera) ToCamera(p physics.Vec3) physics.Vec3 { return c.view.Apply(p) }

// ScreenOf projects a camera-space point (z ≥ NearPlane) to pixels.
func (c *Camera) ScreenOf(p physics.Vec3) (x, y float32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	w2, h2 := float32(float32(c.W)/2), float32(float32(c.H)/2)
	if c.Map {
		return w2 + float32(p.X*c.MapScale), h2 - float32(p.Y*c.MapScale)
	}
	return w2 + float32(p.X/p.Z*c.focal), h2 - float32(p.Y/p.Z*c.focal)
}

// PixelsPerUnit is the screen size of one unit at camera depth z.
func (c *Camera) PixelsPerUnit(z float32) float32 {
	if c.Map {
		return c.MapScale
	}
	return c.focal / z
}

// Project maps a render-space point to pixels and its depth; ok is false
// when it lies outside the near and far planes.
func (c *Camera) Project(p physics.Vec3) (x, y, depth float32, ok bool) {
	q := c.ToCamera(p)
	if q.Z < NearPlane || q.Z > c.far() {
		return 0, 0, q.Z, false
	}
	x, y = c.ScreenOf(q)
	return x, y, q.Z, true
}

func (c *Camera) far() float32 {
	if c.Map {
		return mapHeight * 2
	}
	return FarPlane
}

// Orbit turns the camera by a mouse drag of (dx, dy) pixels; in map mode
// it pans instead.
func (c *Camera) Orbit(dx, dy float32) {
	if c.Map {
		c.Target.X -= dx / c.MapScale
		c.Target.Y += dy / c.MapScale
	} else {
		c.Yaw -= float32(dx * 0.01)
		c.Pitch += float32(dy * 0.01)
	}
	c.Update()
}

// Zoom applies wheel steps: positive zooms in.
func (c *Camera) Zoom(steps float32) {
	f := float32(math.Pow(1.15, float64(steps)))
	if c.Map {
		c.MapScale *= f
	} else {
		c.Distance /= f
	}
	c.Update()
}

// Look turns the view by a mouse-look drag of (dx, dy) pixels at speed
// (1: 0.01 rad a pixel); invertY turns up on a downward drag. It orbits
// the target, or in free flight turns the eye in place. The map pans.
func (c *Camera) Look(dx, dy, speed float32, invertY bool) {
	if invertY {
		dy = -dy
	}
	if c.Map {
		c.Orbit(dx, dy)
		return
	}
	eye := c.eye
	c.Yaw -= float32(dx * 0.01 * speed)
	c.Pitch += float32(dy * 0.01 * speed)
	c.Update()
	if c.Fly {
		// Keep the eye where it was: move the target around it.
		c.Target = c.Target.Add(eye.Sub(c.eye))
		c.Update()
	}
}

// FlySpeed is the free-flight camera's speed in units a second (×4 with
// Shift).
const FlySpeed = 20

// FlyMove moves the free-flight camera by dt seconds of the given inputs
// (each −1, 0 or 1): forward along the view, right across it, up along
// +z.
func (c *Camera) FlyMove(forward, right, up, dt, speed float32) {
	v := c.view
	f := physics.Vec3{X: v[0][2], Y: v[1][2], Z: v[2][2]}
	r := physics.Vec3{X: v[0][0], Y: v[1][0], Z: v[2][0]}
	d := f.Scale(forward).Add(r.Scale(right)).Add(physics.Vec3{Z: up})
	c.Target = c.Target.Add(d.Scale(speed * dt))
	c.Update()
}

// Follow moves the target to a position (the followed entity), keeping
// the orbit.
func (c *Camera) Follow(p physics.Position, height float32) {
	c.Target = c.ToRender(p).Add(physics.Vec3{Z: height})
	c.Update()
}

// KeepAbove raises the pitch until the eye is clearance above the ground
// (ground reports false where it knows no terrain).
func (c *Camera) KeepAbove(ground func(x, y float32) (float32, bool), clearance float32) {
	if c.Map {
		return
	}
	for c.Pitch < MaxPitch {
		z, ok := ground(c.eye.X, c.eye.Y)
		if !ok || c.eye.Z >= z+clearance {
			return
		}
		c.Pitch += 0.02
		c.Update()
	}
}

// ToggleMap switches between the orbit view and the top-down map.
func (c *Camera) ToggleMap() {
	c.Map = !c.Map
	c.Update()
}

// HeadingOf returns the heading (radians, counter-clockwise about +z) of
// an orientation's forward (+y) axis.
func HeadingOf(q physics.Quat) float32 {
	f := q.Rotate(physics.Vec3{Y: 1})
	return float32(math.Atan2(float64(-f.X), float64(f.Y)))
}

// lightDir is the direction toward the sun (render space, unit).
var lightDir = physics.Vec3{X: 0.35, Y: -0.45, Z: 0.82}.Normalize()
