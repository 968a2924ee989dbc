package view

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// DepthScene is the depth buffer's test scene (issue 27's acceptance):
// two boxes that pass through each other, and a long wall with a
// figure-sized box standing a hand's breadth in front of it, on flat
// ground, each surface in a colour of its own. Back-to-front sorting by
// triangle centroid cannot draw it right: the boxes' faces cross, and the
// wall's long triangles have centroids nearer the eye than the figure's.
// Build it with Unlit to compare colours exactly.
type DepthScene struct {
	gfx map[uint32]*dat.GfxObj
}

// DepthSceneBlock is the landblock the scene stands in; its ground is
// flat at DepthSceneGround.
const (
	DepthSceneBlock  = 0x7F7FFFFF
	DepthSceneGround = 10
)

// The scene's surfaces, one colour each (0xAARRGGBB).
var depthSceneColours = map[uint32]uint32{
	0x08DE0001: 0xFFE03020, // box A: red
	0x08DE0002: 0xFF2060E0, // box B: blue
	0x08DE0003: 0xFFE0D060, // the wall: yellow
	0x08DE0004: 0xFF20C040, // the figure: green
}

// NewDepthScene returns the scene's assets.
func NewDepthScene() *DepthScene {
	s := &DepthScene{gfx: map[uint32]*dat.GfxObj{}}
	s.gfx[0x01DE0001] = boxGfx(0x01DE0001, 0x08DE0001, physics.Vec3{X: 1, Y: 1, Z: 1})
	s.gfx[0x01DE0002] = boxGfx(0x01DE0002, 0x08DE0002, physics.Vec3{X: 1.6, Y: 0.5, Z: 0.5})
	s.gfx[0x01DE0003] = boxGfx(0x01DE0003, 0x08DE0003, physics.Vec3{X: 10, Y: 0.15, Z: 1.5})
	s.gfx[0x01DE0004] = boxGfx(0x01DE0004, 0x08DE0004, physics.Vec3{X: 0.25, Y: 0.2, Z: 0.9})
	return s
}

// boxGfx is a box of half extents half about its origin, every face
// drawn on both sides in one solid surface.
func boxGfx(id, surface uint32, half physics.Vec3) *dat.GfxObj {
	g := &dat.GfxObj{ID: id, Surfaces: []uint32{surface}}
	for i := range 8 {
		c := physics.Vec3{X: -half.X, Y: -half.Y, Z: -half.Z}
		if i&1 != 0 {
			c.X = half.X
		}
		if i&2 != 0 {
			c.Y = half.Y
		}
		if i&4 != 0 {
			c.Z = half.Z
		}
		g.Vertices = append(g.Vertices, dat.Vertex{Key: uint16(i), Origin: c})
	}
	for i, f := range [][]int16{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {1, 3, 7, 5}, {0, 4, 6, 2}} {
		g.Polygons = append(g.Polygons, dat.Polygon{Key: uint16(i), SidesType: dat.SidesNone, VertexIDs: f})
	}
	return g
}

// GfxObj returns one of the scene's boxes.
func (s *DepthScene) GfxObj(id uint32) (*dat.GfxObj, error) {
	if g, ok := s.gfx[id]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("depth scene: GfxObj 0x%08X: %w", id, dat.ErrNotFound)
}

// Surface returns one of the scene's solid colours.
func (s *DepthScene) Surface(id uint32) (*dat.Surface, error) {
	if c, ok := depthSceneColours[id]; ok {
		return &dat.Surface{ID: id, Type: dat.SurfaceBase1Solid, Color: c}, nil
	}
	return nil, fmt.Errorf("depth scene: Surface 0x%08X: %w", id, dat.ErrNotFound)
}

// Landblock returns the scene's one landblock, flat, with the boxes as
// statics; the others are not there.
func (s *DepthScene) Landblock(id uint32) (*Landblock, error) {
	if id != DepthSceneBlock {
		return nil, fmt.Errorf("depth scene: landblock 0x%08X: %w", id, dat.ErrNotFound)
	}
	b := &Landblock{ID: id}
	for i := range b.Z {
		b.Z[i] = DepthSceneGround
	}
	at := func(x, y, z, heading float64) physics.Frame {
		h := heading * math.Pi / 180
		return physics.Frame{Origin: physics.Vec3{X: float32(x), Y: float32(y), Z: float32(z)},
			Orientation: physics.Quat{W: float32(math.Cos(h / 2)), Z: float32(math.Sin(h / 2))}}
	}
	g := float64(DepthSceneGround)
	b.Statics = []Static{
		{GfxObj: 0x01DE0001, Frame: at(96, 100, g+1, 20)},
		{GfxObj: 0x01DE0002, Frame: at(96.6, 99.6, g+1.2, -25)}, // through box A
		{GfxObj: 0x01DE0003, Frame: at(96, 104, g+1.5, 0)},      // the wall, 20 long
		{GfxObj: 0x01DE0004, Frame: at(93, 103.6, g+0.9, 0)},    // 0.05 in front of the wall
	}
	return b, nil
}

// Camera returns the scene's view: from the south-west, a little above,
// looking at the boxes with the wall and the figure behind them.
func (s *DepthScene) Camera(w, h int) *Camera {
	c := NewCamera(w, h, physics.Position{Cell: DepthSceneBlock&0xFFFF0000 | 1,
		Frame: physics.Frame{Origin: physics.Vec3{X: 95, Y: 101.5, Z: DepthSceneGround + 1.2}, Orientation: physics.IdentityQuat}})
	c.Yaw, c.Pitch, c.Distance = -2.0, 0.3, 11
	c.Update()
	return c
}
