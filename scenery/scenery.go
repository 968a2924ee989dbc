// Package scenery places a landblock's procedural scenery — the trees,
// rocks and bushes no LandBlockInfo lists — the way retail does, as ACE
// ports it (Physics/Common/Landblock.get_land_scenes and ObjectDesc):
// every terrain vertex picks a Scene from the Region's terrain-type →
// scene-type table and its terrain word's scenery bits, and each of that
// Scene's objects is placed when a pseudo-random hash of the vertex and
// the object's index falls under its frequency, displaced, rotated and
// scaled by further hashes, and dropped on roads, in cells holding a
// building, on slopes outside its limits and where it would stick out of
// the landblock. Each placed object gets a stable id 0x8XXYYIII (id.go).
//
// A Generator holds the Region, every Scene it can reach and the bounds
// of every scenery object, all read up front: it is immutable afterwards
// and safe for concurrent use by streaming workers. No ebiten.
package scenery

import (
	"fmt"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// hashScale is ACE's 2.3283064e-10 (≈ 2⁻³²), a C# double literal: it
// turns a 32-bit hash into [0, 1).
const hashScale = 2.3283064e-10

// Object is one placed scenery object.
type Object struct {
	// ID is the stable scenery id 0x8XXYYIII.
	ID uint32
	// ObjID is the Setup (0x02…) or GfxObj (0x01…) to instantiate.
	ObjID uint32
	// Cell is the outdoor cell under the object.
	Cell uint32
	// Frame is landblock-local; the origin stands on the terrain.
	Frame physics.Frame
	// Scale is the object's uniform scale (ObjectDesc ScaleObj).
	Scale float32
	// Scene and Index name the ObjectDesc that placed it; Vertex is the
	// terrain vertex i*9+j it belongs to.
	Scene  uint32
	Index  int
	Vertex int
}

// Bounds is what obj_within_block needs of an object: its sorting sphere,
// whether it has a physics BSP, its cylinders and whether it has spheres.
type Bounds struct {
	Sorting       dat.Sphere
	HasPhysicsBSP bool
	CylSpheres    []dat.CylSphere
	HasSpheres    bool
}

// SetupBounds returns a Setup's Bounds.
func SetupBounds(s *dat.Setup) Bounds {
	return Bounds{Sorting: s.SortingSphere, HasPhysicsBSP: s.Flags&dat.SetupHasPhysicsBSP != 0,
		CylSpheres: s.CylSpheres, HasSpheres: len(s.Spheres) > 0}
}

// Generator places scenery. Build one with New or FromPortal.
type Generator struct {
	region *dat.Region
	scenes map[uint32]*dat.Scene
	bounds map[uint32]Bounds
}

// New returns a Generator for a Region, reading every Scene the Region's
// scene types list through scene and the Bounds of every object those
// Scenes place through bounds (nil: every object counts as a point at its
// origin).
func New(region *dat.Region, scene func(uint32) (*dat.Scene, error), bounds func(uint32) (Bounds, error)) (*Generator, error) {
	g := &Generator{region: region, scenes: map[uint32]*dat.Scene{}, bounds: map[uint32]Bounds{}}
	for _, st := range region.Scene {
		for _, id := range st.Scenes {
			if _, ok := g.scenes[id]; ok {
				continue
			}
			s, err := scene(id)
			if err != nil {
				return nil, fmt.Errorf("scenery: scene 0x%08X: %w", id, err)
			}
			g.scenes[id] = s
			for _, o := range s.Objects {
				if _, ok := g.bounds[o.ObjID]; ok || bounds == nil {
					continue
				}
				b, err := bounds(o.ObjID)
				if err != nil {
					return nil, fmt.Errorf("scenery: scene 0x%08X object 0x%08X: %w", id, o.ObjID, err)
				}
				g.bounds[o.ObjID] = b
			}
		}
	}
	return g, nil
}

// FromPortal returns a Generator for the portal DAT's Region 0x13000000,
// its Scenes, and the Bounds of their Setups (a GfxObj counts as a point).
func FromPortal(c *dat.Container) (*Generator, error) {
	r, err := c.Region(dat.RegionID)
	if err != nil {
		return nil, fmt.Errorf("scenery: %w", err)
	}
	return New(r, c.Scene, func(id uint32) (Bounds, error) {
		if id>>24 != 0x02 {
			return Bounds{}, nil
		}
		s, err := c.Setup(id)
		if err != nil {
			return Bounds{}, err
		}
		return SetupBounds(s), nil
	})
}

// Region returns the Generator's Region.
func (g *Generator) Region() *dat.Region { return g.region }

// noise is the hash every placement decision draws from:
// (1813693831·y − (k + salt)·(1360117743·x·y + 1888038839) − 1109124029·x)
// mod 2³², scaled to [0, 1) (ACE ObjectDesc.Displace/ScaleObj/RotateObj).
func noise(x, y, k, salt uint32) float64 {
	return float64(1813693831*y-(k+salt)*(1360117743*y*x+1888038839)-1109124029*x) * hashScale
}

// sceneIndex picks which of count scenes vertex (x, y) uses
// (get_land_scenes).
func sceneIndex(x, y uint32, count int) int {
	h := y*(712977289*x+1813693831) - 1109124029*x + 2139937281
	i := int(float64(count) * (float64(h) * hashScale))
	if i >= count {
		i = 0
	}
	return i
}

// frequencyNoise is the hash compared with an object's frequency
// (get_land_scenes): (−1109124029·x + 1813693831·y − (1360117743·x·y +
// 1888038839)·(23399 + j)) mod 2³².
func frequencyNoise(x, y, j uint32) float64 {
	h := uint32(0) - 1109124029*x + 1813693831*y - (1360117743*x*y+1888038839)*(23399+j)
	return float64(h) * hashScale
}

// Displace returns an object's offset from its vertex (ObjectDesc.Displace):
// the base location plus up to DisplaceX/Y, then turned by a quarter-turn
// quadrant hash.
func Displace(o *dat.ObjectDesc, ix, iy, iq uint32) physics.Vec3 {
	loc := o.BaseLoc.Origin
	x, y := loc.X, loc.Y
	if o.DisplaceX > 0 {
		// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
		x = float32(float64(noise(ix, iy, iq, 45773)*float64(o.DisplaceX)) + float64(loc.X))
	}
	if o.DisplaceY > 0 {
		y = float32(float64(noise(ix, iy, iq, 72719)*float64(o.DisplaceY)) + float64(loc.Y))
	}
	q := float64(1813693831*iy-ix*(1870387557*iy+1109124029)-402451965) * hashScale
	switch {
	case q >= 0.75:
		return physics.Vec3{X: y, Y: -x, Z: loc.Z}
	case q >= 0.5:
		return physics.Vec3{X: -x, Y: -y, Z: loc.Z}
	case q >= 0.25:
		return physics.Vec3{X: -y, Y: x, Z: loc.Z}
	}
	return physics.Vec3{X: x, Y: y, Z: loc.Z}
}

// ScaleObj returns an object's scale: MinScale·(MaxScale/MinScale)^noise.
func ScaleObj(o *dat.ObjectDesc, x, y, k uint32) float32 {
	if o.MinScale == o.MaxScale {
		return o.MaxScale
	}
	return float32(math.Pow(float64(o.MaxScale/o.MinScale), noise(x, y, k, 32593)) * float64(o.MinScale))
}

// RotateObj returns an object's frame at loc: the base orientation, turned
// to a hashed heading in [0, MaxRotation) degrees when MaxRotation > 0.
func RotateObj(o *dat.ObjectDesc, x, y, k uint32, loc physics.Vec3) physics.Frame {
	f := physics.Frame{Origin: loc, Orientation: o.BaseLoc.Orientation}
	if o.MaxRotation > 0 {
		setHeading(&f, float32(noise(x, y, k, 63127)*float64(o.MaxRotation)))
	}
	return f
}

// ObjAlign returns an object's frame at loc turned to the heading of the
// terrain plane's negated normal n (it faces up the slope).
func ObjAlign(o *dat.ObjectDesc, n physics.Vec3, loc physics.Vec3) physics.Frame {
	f := physics.Frame{Origin: loc, Orientation: o.BaseLoc.Orientation}
	setHeading(&f, vectorHeading(physics.Vec3{X: -n.X, Y: -n.Y}))
	return f
}

// CheckSlope reports whether a terrain normal's z lies within an object's
// slope limits.
func CheckSlope(o *dat.ObjectDesc, z float32) bool { return z >= o.MinSlope && z <= o.MaxSlope }

// vectorHeading is ACE's Vector3.get_heading: the compass heading in
// degrees (0 north, 90 east) of v's horizontal part, 0 when it is tiny.
func vectorHeading(v physics.Vec3) float32 {
	n := physics.Vec3{X: v.X, Y: v.Y}
	l := n.Len()
	if l < physics.FrameEpsilon32 {
		return 0
	}
	n = n.Scale(1 / l)
	return float32(math.Mod(float64(450-toDegrees(float32(math.Atan2(float64(n.Y), float64(n.X))))), 360))
}

func toDegrees(r float32) float32 { return float32(180 / math.Pi * float64(r)) }
func toRadians(d float32) float32 { return float32(math.Pi / 180 * float64(d)) }

// setHeading is Frame::set_heading (ACE AFrame.set_heading and
// set_vector_heading): the heading vector (sin, cos, M23 + M13 of the
// current rotation), normalised, becomes a yaw about z and a tilt.
func setHeading(f *physics.Frame, degrees float32) {
	q := f.Orientation
	m13 := 2 * (float32(q.X*q.Z) - float32(q.W*q.Y))
	m23 := 2 * (float32(q.Y*q.Z) + float32(q.W*q.X))
	r := float64(toRadians(degrees))
	h := physics.Vec3{X: float32(math.Sin(r)), Y: float32(math.Cos(r)), Z: m23 + m13}
	l := h.Len()
	if l < physics.FrameEpsilon32 {
		return
	}
	h = h.Scale(1 / l)
	zDeg := 450 - toDegrees(float32(math.Atan2(float64(h.Y), float64(h.X))))
	zRot := -toRadians(float32(math.Mod(float64(zDeg), 360)))
	xRot := float32(math.Asin(float64(h.Z)))
	f.Orientation = yawPitchRoll(xRot, 0, zRot).Normalize()
}

// yawPitchRoll is System.Numerics Quaternion.CreateFromYawPitchRoll: yaw
// about y, pitch about x, roll about z.
func yawPitchRoll(yaw, pitch, roll float32) physics.Quat {
	sr, cr := math.Sincos(float64(roll) / 2)
	sp, cp := math.Sincos(float64(pitch) / 2)
	sy, cy := math.Sincos(float64(yaw) / 2)
	return physics.Quat{
		X: float32(float64(cy*sp*cr) + float64(sy*cp*sr)),
		Y: float32(float64(sy*cp*cr) - float64(cy*sp*sr)),
		Z: float32(float64(cy*cp*sr) - float64(sy*sp*cr)),
		W: float32(float64(cy*cp*cr) + float64(sy*sp*sr)),
	}
}

// roadWidth and tileLength are ACE Landblock.RoadWidth and TileLength.
const (
	roadWidth  float32 = 5
	tileLength float32 = 24
)

// OnRoad reports whether a landblock-local point lies on a road
// (ACE Landblock.OnRoad): within roadWidth of the road vertices of its
// cell, by the case table over the cell's four corners.
func OnRoad(lb *dat.LandBlock, px, py float32) bool {
	x, y := int(px/tileLength), int(py/tileLength)
	road := func(i, j int) bool { return dat.TerrainWordRoad(lb.Terrain[i*9+j]) != 0 }
	r0, r1, r2, r3 := road(x, y), road(x, y+1), road(x+1, y), road(x+1, y+1)
	if !r0 && !r1 && !r2 && !r3 {
		return false
	}
	dx, dy := px-float32(float32(x)*tileLength), py-float32(float32(y)*tileLength)
	rMin, rMax := roadWidth, tileLength-roadWidth
	abs := func(v float32) float32 { return float32(math.Abs(float64(v))) }
	switch {
	case r0 && r1 && r2 && r3:
		return true
	case r0 && r1 && r2:
		return dx < rMin || dy < rMin
	case r0 && r1 && r3:
		return dx < rMin || dy > rMax
	case r0 && r1:
		return dx < rMin
	case r0 && r2 && r3:
		return dx > rMax || dy < rMin
	case r0 && r2:
		return dy < rMin
	case r0 && r3:
		return abs(dx-dy) < rMin
	case r0:
		return dx+dy < rMin
	case r1 && r2 && r3:
		return dx > rMax || dy > rMax
	case r1 && r2:
		return abs(dx+dy-tileLength) < rMin
	case r1 && r3:
		return dy > rMax
	case r1:
		return tileLength+dx-dy < rMin
	case r2 && r3:
		return dx > rMax
	case r2:
		return tileLength-dx+dy < rMin
	}
	return tileLength*2-dx-dy < rMin // r3 alone
}

// withinBlock is PhysicsObj.obj_within_block for an object at frame f
// (landblock-local, before scaling).
func withinBlock(b Bounds, f physics.Frame) bool {
	c := f.LocalToGlobal(b.Sorting.Origin)
	inBlock := func(p physics.Vec3, r float32) bool {
		return p.X >= r && p.Y >= r && p.X < dat.BlockLength-r && p.Y < dat.BlockLength-r
	}
	switch {
	case b.HasPhysicsBSP:
		return inBlock(c, b.Sorting.Radius)
	case len(b.CylSpheres) > 0:
		for _, cs := range b.CylSpheres {
			if !inBlock(f.LocalToGlobal(cs.Origin), cs.Radius) {
				return false
			}
		}
		return true
	case b.HasSpheres:
		return inBlock(c, b.Sorting.Radius)
	}
	return inBlock(f.Origin, 0)
}

// Generate appends the scenery of landblock lb to dst and returns it. info
// is the landblock's LandBlockInfo (nil when it has none): cells holding
// one of its buildings get no scenery. The result depends only on the
// inputs. It fails when the terrain names a terrain type or scenery index
// the Region lacks, or when the landblock would need more than
// MaxPerLandblock ids (ErrIDOverflow) — before any id aliases the next
// landblock's.
func (g *Generator) Generate(lb *dat.LandBlock, info *dat.LandBlockInfo, dst []Object) ([]Object, error) {
	block := lb.ID | 0xFFFF
	bx, by := dat.BlockXY(block)
	heights := g.region.LandDefs.VertexHeights(lb)
	var buildings [65]bool // by outdoor cell part 1..64
	if info != nil {
		for _, b := range info.Buildings {
			o := b.Frame.Origin
			if cell, ok := dat.AdjustToOutside(block, &o); ok && cell>>16 == block>>16 {
				buildings[cell&0xFFFF] = true
			}
		}
	}
	n := 0
	types := g.region.Terrain.TerrainTypes
	for i, w := range lb.Terrain {
		tt, si := int(dat.TerrainWordType(w)), int(dat.TerrainWordScenery(w))
		if tt >= len(types) || si >= len(types[tt].SceneTypes) {
			return dst, fmt.Errorf("scenery: landblock 0x%08X vertex %d: terrain type %d scenery %d not in the Region", lb.ID, i, tt, si)
		}
		st := types[tt].SceneTypes[si]
		if int(st) >= len(g.region.Scene) {
			return dst, fmt.Errorf("scenery: landblock 0x%08X vertex %d: scene type %d not in the Region's %d", lb.ID, i, st, len(g.region.Scene))
		}
		scenes := g.region.Scene[st].Scenes
		if len(scenes) == 0 {
			continue
		}
		vx, vy := i/9, i%9
		gx, gy := uint32(bx*8+vx), uint32(by*8+vy)
		sceneID := scenes[sceneIndex(gx, gy, len(scenes))]
		scene := g.scenes[sceneID]
		if scene == nil {
			return dst, fmt.Errorf("scenery: landblock 0x%08X vertex %d: scene 0x%08X not loaded", lb.ID, i, sceneID)
		}
		for j := range scene.Objects {
			o := &scene.Objects[j]
			if !(frequencyNoise(gx, gy, uint32(j)) < float64(o.Freq)) || o.WeenieObj != 0 {
				continue
			}
			d := Displace(o, gx, gy, uint32(j))
			lx := float32(float32(vx)*dat.CellLength) + d.X
			ly := float32(float32(vy)*dat.CellLength) + d.Y
			if lx < 0 || ly < 0 || lx >= dat.BlockLength || ly >= dat.BlockLength || OnRoad(lb, lx, ly) {
				continue
			}
			loc := physics.Vec3{X: lx, Y: ly, Z: d.Z}
			p := loc
			cell, ok := dat.AdjustToOutside(block, &p)
			if !ok || cell>>16 != block>>16 || buildings[cell&0xFFFF] {
				continue
			}
			nrm := dat.TerrainNormal(block, &heights, lx, ly)
			if !CheckSlope(o, nrm.Z) {
				continue
			}
			loc.Z = dat.TerrainHeight(block, &heights, lx, ly)
			var f physics.Frame
			if o.Align != 0 {
				f = ObjAlign(o, nrm, loc)
			} else {
				f = RotateObj(o, gx, gy, uint32(j), loc)
			}
			if !withinBlock(g.bounds[o.ObjID], f) {
				continue
			}
			id, err := ObjectID(block, n)
			if err != nil {
				return dst, fmt.Errorf("scenery: landblock 0x%08X vertex %d scene 0x%08X object %d: %w", lb.ID, i, sceneID, j, err)
			}
			n++
			dst = append(dst, Object{ID: id, ObjID: o.ObjID, Cell: cell, Frame: f,
				Scale: ScaleObj(o, gx, gy, uint32(j)), Scene: sceneID, Index: j, Vertex: i})
		}
	}
	return dst, nil
}

// GenerateBlock reads landblock block (any cell id of it) and, when it has
// objects, its LandBlockInfo from the cell DAT, and appends its scenery to
// dst (Generate).
func (g *Generator) GenerateBlock(cell *dat.Container, block uint32, dst []Object) ([]Object, error) {
	lb, err := cell.LandBlock(dat.BlockID(block))
	if err != nil {
		return dst, fmt.Errorf("scenery: %w", err)
	}
	var info *dat.LandBlockInfo
	if lb.HasObjects {
		if info, err = cell.LandBlockInfo(dat.BlockInfoID(block)); err != nil {
			return dst, fmt.Errorf("scenery: %w", err)
		}
	}
	return g.Generate(lb, info, dst)
}
