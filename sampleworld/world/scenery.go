package world

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// ngon returns n points of a horizontal circle of radius r at height z,
// counter-clockwise seen from above, starting at angle a0.
func ngon(n int, r, z float32, a0 float64) []physics.Vec3 {
	pts := make([]physics.Vec3, n)
	for i := range pts {
		a := a0 + 2*math.Pi*float64(i)/float64(n)
		pts[i] = v3(r*float32(math.Cos(a)), r*float32(math.Sin(a)), z)
	}
	return pts
}

// frustum adds the sides of a prism from the ring lo up to the ring hi
// (same point count), a lid on hi when top, and on lo when bottom; a ring
// hi of radius 0 makes a cone.
func (m *mesh) frustum(surf int16, lo, hi []physics.Vec3, top, bottom bool) {
	n := len(lo)
	for i := range n {
		j := (i + 1) % n
		// Two triangles: the rings may be twisted or irregular, and a
		// polygon must be planar.
		m.face(surf, lo[i], lo[j], hi[j])
		if hi[i] != hi[j] {
			m.face(surf, lo[i], hi[j], hi[i])
		}
	}
	if top {
		m.face(surf, hi...)
	}
	if bottom {
		rev := make([]physics.Vec3, n)
		for i := range lo {
			rev[n-1-i] = lo[i]
		}
		m.face(surf, rev...)
	}
}

// staticSetup is a Setup of parts at fixed frames (no parent, no tables).
func staticSetup(id uint32, parts []uint32, frames []physics.Frame) *dat.Setup {
	return &dat.Setup{ID: id, Parts: parts,
		PlacementFrames: map[int32]dat.AnimFrame{dat.PlacementDefault: {Frames: frames}}}
}

func idFrames(n int) []physics.Frame {
	f := make([]physics.Frame, n)
	for i := range f {
		f[i] = physics.IdentityFrame
	}
	return f
}

func scenerySetups() []*dat.Setup {
	tree := staticSetup(TreeSetup, []uint32{TrunkGfxObj, CanopyGfxObj}, idFrames(2))
	tree.CylSpheres = []dat.CylSphere{{Radius: 0.35, Height: 4}}
	tree.Height, tree.Radius = 6.4, 0.35
	tree.SortingSphere, tree.SelectionSphere = sphere(0, 0, 3.4, 3.6), sphere(0, 0, 3.4, 3.6)

	pine := staticSetup(PineSetup, []uint32{TrunkGfxObj, PineGfxObj}, idFrames(2))
	pine.CylSpheres = []dat.CylSphere{{Radius: 0.35, Height: 4}}
	pine.Height, pine.Radius = 9, 0.35
	pine.SortingSphere, pine.SelectionSphere = sphere(0, 0, 4.5, 4.8), sphere(0, 0, 4.5, 4.8)

	rock := staticSetup(RockSetup, []uint32{RockGfxObj}, idFrames(1))
	rock.CylSpheres = []dat.CylSphere{{Radius: 1.1, Height: 1.4}}
	rock.Height, rock.Radius = 1.4, 1.1
	rock.SortingSphere, rock.SelectionSphere = sphere(0, 0, 0.6, 1.5), sphere(0, 0, 0.6, 1.5)

	// A bush has no collision shapes: the player walks through it.
	bush := staticSetup(BushSetup, []uint32{BushGfxObj}, idFrames(1))
	bush.Height = 1.1
	bush.SortingSphere, bush.SelectionSphere = sphere(0, 0, 0.55, 1), sphere(0, 0, 0.55, 1)
	return []*dat.Setup{tree, pine, rock, bush}
}

// obj is an ObjectDesc with the fields the sample varies.
func obj(id uint32, freq, displace, minScale, maxScale, minSlope float32) dat.ObjectDesc {
	return dat.ObjectDesc{ObjID: id, BaseLoc: physics.Frame{Origin: v3(12, 12, 0), Orientation: physics.IdentityQuat},
		Freq: freq, DisplaceX: displace, DisplaceY: displace, MinScale: minScale, MaxScale: maxScale,
		MaxRotation: 360, MinSlope: minSlope, MaxSlope: 1}
}

// scenes are the Region's Scenes. Objects sit at the middle of the cell
// north-east of their vertex (base 12, 12) displaced up to ±12 more, then
// turned by the quadrant hash about the vertex.
func scenes() []*dat.Scene {
	rocks := obj(RockSetup, 0.45, 10, 0.6, 1.6, 0)
	rocks.Align = 1
	return []*dat.Scene{
		{ID: SceneBushes, Objects: []dat.ObjectDesc{obj(BushSetup, 0.25, 10, 0.7, 1.3, 0.8)}},
		{ID: SceneForest, Objects: []dat.ObjectDesc{
			obj(TreeSetup, 0.7, 11, 0.8, 1.3, 0.85), obj(PineSetup, 0.35, 11, 0.7, 1.2, 0.85),
			obj(BushSetup, 0.5, 11, 0.7, 1.4, 0.8), obj(TreeSetup, 0.3, 11, 0.6, 1.0, 0.85)}},
		{ID: ScenePines, Objects: []dat.ObjectDesc{
			obj(PineSetup, 0.8, 11, 0.8, 1.4, 0.85), obj(PineSetup, 0.5, 11, 0.6, 1.0, 0.85),
			obj(RockSetup, 0.1, 11, 0.5, 0.9, 0.7)}},
		{ID: SceneMeadow, Objects: []dat.ObjectDesc{
			obj(BushSetup, 0.5, 11, 0.6, 1.2, 0.8), obj(TreeSetup, 0.12, 11, 0.9, 1.4, 0.9)}},
		{ID: SceneRocks, Objects: []dat.ObjectDesc{rocks, obj(RockSetup, 0.2, 11, 0.4, 0.8, 0.5)}},
	}
}
