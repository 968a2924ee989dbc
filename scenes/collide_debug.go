package scenes

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// collisionDebug is the viewer's collision toggle (F8): each object's
// collision spheres (its Setup's, scaled and turned, at its physics
// position) as circles, the polygons its last transition hit
// (World.Collisions) as outlines, and, in yellow, the obstacles the
// resolver tested for the player's last move.
type collisionDebug struct {
	on      bool
	circles []debugCircle
	lines   []debugLine
}

// debugCircle is a sphere on screen; Hit marks an object whose last
// transition touched something, Tested an obstacle the resolver tested
// for the player's last move.
type debugCircle struct {
	X, Y, R     float32
	Hit, Tested bool
}

// debugLine is an edge of a hit polygon on screen.
type debugLine struct{ X0, Y0, X1, Y1 float32 }

// overlay projects the spheres and hit polygons of the world's objects
// through the camera, reusing the debug's slices; what lies behind the
// camera or beyond its far plane is left out.
func (d *collisionDebug) overlay(w *systems.World, cam *view.Camera) {
	d.circles, d.lines = d.circles[:0], d.lines[:0]
	if bp := w.Broadphase(); bp != nil {
		bp.Watch = w.PlayerGUID
		d.tested(cam, bp)
	}
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

// tested adds the obstacles the resolver gathered for the player's last
// move (collision.Broadphase.Tested): each sphere, CylSphere (its base
// circle) or physics part (its bounding sphere).
func (d *collisionDebug) tested(cam *view.Camera, bp *collision.Broadphase) {
	block, obs := bp.Tested()
	add := func(at physics.Vec3, r float32) {
		x, y, z, ok := cam.Project(cam.ToRender(physics.Position{Cell: block | 1, Frame: physics.Frame{Origin: at}}))
		if ok {
			d.circles = append(d.circles, debugCircle{X: x, Y: y, R: r * cam.PixelsPerUnit(z), Tested: true})
		}
	}
	for i := range obs {
		o := &obs[i]
		s := o.Scale
		if s <= 0 {
			s = 1
		}
		if o.Shape != nil {
			add(o.Frame.LocalToGlobal(o.Shape.Bound.Origin.Scale(s)), o.Shape.Bound.Radius*s)
		}
		for _, sp := range o.Spheres {
			add(o.Frame.LocalToGlobal(sp.Origin.Scale(s)), sp.Radius*s)
		}
		for _, cy := range o.Cyls {
			add(o.Frame.LocalToGlobal(cy.Origin.Scale(s)), cy.Radius*s)
		}
	}
}

var (
	debugTested = color.RGBA{R: 255, G: 220, B: 60, A: 255}
	debugSphere = color.RGBA{R: 80, G: 220, B: 255, A: 255}
	debugHit    = color.RGBA{R: 255, G: 90, B: 60, A: 255}
)

// draw strokes the overlay onto dst.
func (d *collisionDebug) draw(dst *ebiten.Image) {
	for _, c := range d.circles {
		clr := debugSphere
		switch {
		case c.Hit:
			clr = debugHit
		case c.Tested:
			clr = debugTested
		}
		vector.StrokeCircle(dst, c.X, c.Y, c.R, 1, clr, true)
	}
	for _, l := range d.lines {
		vector.StrokeLine(dst, l.X0, l.Y0, l.X1, l.Y1, 2, debugHit, true)
	}
}
