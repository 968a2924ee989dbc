package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// collisionDebug is the viewer's collision toggle (F8): each object's
// collision spheres (its Setup's, scaled and turned, at its physics
// position) as circles, and the polygons its last transition hit
// (World.Collisions) as outlines.
type collisionDebug struct {
	on      bool
	circles []debugCircle
	lines   []debugLine
}

// debugCircle is a sphere on screen; Hit marks an object whose last
// transition touched something.
type debugCircle struct {
	X, Y, R float32
	Hit     bool
}

// debugLine is an edge of a hit polygon on screen.
type debugLine struct{ X0, Y0, X1, Y1 float32 }

// overlay projects the spheres and hit polygons of the world's objects
// through the camera, reusing the debug's slices; what lies behind the
// camera or beyond its far plane is left out.
func (d *collisionDebug) overlay(w *systems.World, cam *view.Camera) {
	d.circles, d.lines = d.circles[:0], d.lines[:0]
	for _, e := range w.Objects {
		entry := w.ECS.Entry(e)
		p := components.PhysicsObj.Get(entry)
		if !entry.HasComponent(components.PartArray) {
			continue
		}
		pa := components.PartArray.Get(entry)
		c := w.Collisions(p.GUID)
		hit := c != nil && len(c.Hits) > 0
		d.spheres(cam, p, pa, hit)
		if !hit {
			continue
		}
		for i := range c.Hits {
			h := &c.Hits[i]
			n := int(h.NVerts)
			for k := range n {
				a := cam.ToCamera(cam.ToRender(physics.Position{Cell: c.Block | 1, Frame: physics.Frame{Origin: h.Poly[k]}}))
				b := cam.ToCamera(cam.ToRender(physics.Position{Cell: c.Block | 1, Frame: physics.Frame{Origin: h.Poly[(k+1)%n]}}))
				if l, ok := clipEdge(cam, a, b); ok {
					d.lines = append(d.lines, l)
				}
			}
		}
	}
}

// clipEdge is the camera-space edge ab cut at the near plane (the map
// view draws it whole), in pixels; false when it lies wholly behind.
func clipEdge(cam *view.Camera, a, b physics.Vec3) (debugLine, bool) {
	if !cam.Map {
		if a.Z < view.NearPlane && b.Z < view.NearPlane {
			return debugLine{}, false
		}
		if a.Z < view.NearPlane {
			a, b = b, a
		}
		if b.Z < view.NearPlane {
			t := (a.Z - view.NearPlane) / (a.Z - b.Z)
			b = a.Add(b.Sub(a).Scale(t))
		}
	}
	x0, y0 := cam.ScreenOf(a)
	x1, y1 := cam.ScreenOf(b)
	return debugLine{x0, y0, x1, y1}, true
}

// spheres adds the object's collision spheres.
func (d *collisionDebug) spheres(cam *view.Camera, p *physics.Object, pa *motion.PartArray, hit bool) {
	if pa == nil || pa.Setup == nil {
		return
	}
	s := p.Scale
	if s <= 0 {
		s = 1
	}
	f := p.Position.Frame
	for _, sp := range pa.Setup.Spheres {
		at := p.Position
		at.Frame.Origin = f.LocalToGlobal(sp.Origin.Scale(s))
		x, y, z, ok := cam.Project(cam.ToRender(at))
		if ok {
			d.circles = append(d.circles, debugCircle{X: x, Y: y, R: sp.Radius * s * cam.PixelsPerUnit(z), Hit: hit})
		}
	}
}

var (
	debugSphere = color.RGBA{R: 80, G: 220, B: 255, A: 255}
	debugHit    = color.RGBA{R: 255, G: 90, B: 60, A: 255}
)

// draw strokes the overlay onto dst.
func (d *collisionDebug) draw(dst *ebiten.Image) {
	for _, c := range d.circles {
		clr := debugSphere
		if c.Hit {
			clr = debugHit
		}
		vector.StrokeCircle(dst, c.X, c.Y, c.R, 1, clr, true)
	}
	for _, l := range d.lines {
		vector.StrokeLine(dst, l.X0, l.Y0, l.X1, l.Y1, 2, debugHit, true)
	}
}
