package view

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Interiorer is optionally implemented by Assets to draw indoor cells:
// the EnvCells (cell DAT) and the Environments whose CellStructs give
// their shape (portal DAT). Without it no interior is drawn.
type Interiorer interface {
	EnvCell(id uint32) (*dat.EnvCell, error)
	Environment(id uint32) (*dat.Environment, error)
}

// CellStaticser is optionally implemented by Interiorer assets to draw an
// EnvCell's static objects (torches, pillars): its stabs as meshes at
// landblock-local frames, Setups expanded to their parts at rest.
type CellStaticser interface {
	CellStatics(c *dat.EnvCell) []Static
}

// CellLighter is optionally implemented by Interiorer assets to light
// EnvCells by their own lights: the lights of the cell's stabs (a Setup's
// LightInfos, a wall torch's flame) at landblock-local positions. Without
// it, or for a cell without lights, the cell is lit by IndoorLight.
type CellLighter interface {
	CellLights(c *dat.EnvCell) []PointLight
}

// PointLight is a light in a landblock's space: position, colour ×
// intensity, and the distance at which it no longer lights (Falloff).
type PointLight struct {
	Pos     physics.Vec3
	Color   rgb
	Falloff float32
}

// NewPointLight makes a PointLight of a DAT LightInfo placed at pos; a
// damaged light (an intensity or falloff that is negative, NaN or
// infinite) lights nothing.
func NewPointLight(pos physics.Vec3, l dat.LightInfo) PointLight {
	if !finite(l.Intensity) || !finite(l.Falloff) || l.Intensity < 0 || l.Falloff < 0 {
		return PointLight{Pos: pos}
	}
	c := rgbOf(l.Color)
	return PointLight{Pos: pos, Color: rgb{c.R * l.Intensity, c.G * l.Intensity, c.B * l.Intensity}, Falloff: l.Falloff}
}

func finite(f float32) bool { return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) }

// Lit returns what the light adds at point p with unit normal n: its
// colour by Lambert's cosine and a linear fall to nothing at Falloff
// (CellLight: the seeds do not pin retail's attenuation).
func (l *PointLight) Lit(p, n physics.Vec3) rgb {
	d := l.Pos.Sub(p)
	dist := d.Len()
	if !(dist < l.Falloff) || dist == 0 { // NaN positions light nothing too
		return rgb{}
	}
	k := max(0, n.Dot(d)/dist) * (1 - dist/l.Falloff)
	return rgb{l.Color.R * k, l.Color.G * k, l.Color.B * k}
}

// CellAmbient is the ambient light of an EnvCell lit by its own lights.
var CellAmbient = rgb{0.3, 0.29, 0.27}

// outsideCell is a CellPortal's OtherCellID for an opening to the
// outdoors.
const outsideCell = 0xFFFF

// IsEnvCell reports whether a cell id names an indoor cell (0x0100 and
// up within its landblock).
func IsEnvCell(id uint32) bool { c := id & 0xFFFF; return c >= 0x100 && c <= 0xFFFD }

// envCell is an EnvCell prepared for drawing: its mesh (the CellStruct's
// polygons but its portals, with the cell's surfaces), its landblock-local
// frame and its portals' outlines.
type envCell struct {
	id      uint32
	flags   uint32
	frame   physics.Frame
	mesh    *Mesh
	portals []cellPortal
	statics []Static
	lights  []PointLight // landblock-local (CellLighter)
}

// cellPortal is one opening of a cell: the polygon's corners in the
// cell's space and the cell on the other side (the full id, or 0 for the
// outdoors).
type cellPortal struct {
	other uint32
	pts   []physics.Vec3
}

// envCell returns a prepared EnvCell (cached; nil when it cannot be read,
// the error recorded once).
func (r *Renderer) envCell(id uint32) *envCell {
	if c, ok := r.envCells[id]; ok {
		return c
	}
	c, err := r.loadEnvCell(id)
	if err != nil {
		c = nil
		if !errors.Is(err, dat.ErrNotFound) {
			r.fail(fmt.Errorf("EnvCell 0x%08X: %w", id, err))
		}
	}
	r.envCells[id] = c
	return c
}

func (r *Renderer) loadEnvCell(id uint32) (*envCell, error) {
	in := r.interiors
	ec, err := in.EnvCell(id)
	if err != nil {
		return nil, err
	}
	env, err := in.Environment(ec.EnvironmentID)
	if err != nil {
		return nil, err
	}
	cs, ok := env.Cells[uint32(ec.CellStructure)]
	if !ok {
		return nil, fmt.Errorf("Environment 0x%08X has no CellStruct %d", ec.EnvironmentID, ec.CellStructure)
	}
	portal := map[uint16]bool{}
	for _, k := range cs.Portals {
		portal[k] = true
	}
	g := &dat.GfxObj{ID: id, Vertices: cs.Vertices, Surfaces: ec.Surfaces}
	for _, p := range cs.Polygons {
		if !portal[p.Key] {
			g.Polygons = append(g.Polygons, p)
		}
	}
	var tex func(uint32) (image.Rectangle, bool)
	if r.Atlas != nil {
		tex = r.texture
	}
	m, err := BuildTexturedMesh(g, r.Assets.Surface, tex)
	if err != nil {
		return nil, err
	}
	c := &envCell{id: id, flags: ec.Flags, frame: ec.Position, mesh: m}
	if cs, ok := r.Assets.(CellStaticser); ok {
		c.statics = cs.CellStatics(ec)
	}
	if cl, ok := r.Assets.(CellLighter); ok {
		c.lights = cl.CellLights(ec)
	}
	for _, p := range ec.Portals {
		poly, ok := cs.Polygon(p.PolygonID)
		if !ok {
			return nil, fmt.Errorf("portal to 0x%04X names polygon %d its CellStruct lacks", p.OtherCellID, p.PolygonID)
		}
		cp := cellPortal{}
		if p.OtherCellID != outsideCell {
			cp.other = id&0xFFFF0000 | uint32(p.OtherCellID)
		}
		for _, k := range poly.VertexIDs {
			v, ok := cs.Vertex(uint16(k))
			if !ok {
				return nil, fmt.Errorf("portal polygon %d names vertex %d its CellStruct lacks", poly.Key, k)
			}
			cp.pts = append(cp.pts, v.Origin)
		}
		c.portals = append(c.portals, cp)
	}
	return c, nil
}

// IndoorLight lights interiors without lights of their own: the sun does
// not reach them, so an even ambient and a soft light from above. Cells
// with lights (CellLighter) are lit by CellAmbient and their lights.
var IndoorLight = Lighting{SunDir: physics.Vec3{X: 0.2, Y: -0.3, Z: 0.93}.Normalize(), Sun: rgb{0.45, 0.42, 0.38}, Ambient: rgb{0.5, 0.48, 0.45}}

// maxPortalDepth bounds the portal flood (cells through cells).
const maxPortalDepth = 16

// cellMatrix is an EnvCell's cell-to-camera matrix.
func (r *Renderer) cellMatrix(c *envCell) physics.Mat4 {
	bx, by := dat.BlockXY(c.id)
	off := r.cam.BlockOffset(bx, by)
	root := physics.RotateMat4(c.frame.Orientation).Mul(physics.TranslateMat4(c.frame.Origin.Add(off)))
	v := r.cam.View()
	return affineMul(&root, &v)
}

// portalRect projects a portal through m and returns its screen bounds
// clipped to within, and false when it is off screen, behind the eye, or
// turned away (the eye on the far side of its plane: the other cell lies
// behind it). An eye nearly in the portal's plane (standing in the
// doorway) sees through it.
func (r *Renderer) portalRect(p *cellPortal, m *physics.Mat4, within Rect) (Rect, bool) {
	if len(p.pts) < 3 {
		return Rect{}, false
	}
	var pts [16]physics.Vec3
	n := min(len(p.pts), len(pts))
	for i := range n {
		q := p.pts[i]
		pts[i] = physics.Vec3{
			X: float32(q.X*m[0][0]) + float32(q.Y*m[1][0]) + float32(q.Z*m[2][0]) + m[3][0],
			Y: float32(q.X*m[0][1]) + float32(q.Y*m[1][1]) + float32(q.Z*m[2][1]) + m[3][1],
			Z: float32(q.X*m[0][2]) + float32(q.Y*m[1][2]) + float32(q.Z*m[2][2]) + m[3][2],
		}
	}
	// The eye's distance from the portal plane; the plane's side the
	// other cell is on does not matter here: a portal is passed through
	// in either direction, so only the eye lying in it is special.
	nrm := pts[1].Sub(pts[0]).Cross(pts[2].Sub(pts[0]))
	if l := nrm.Len(); l > 0 {
		if d := nrm.Dot(pts[0]) / l; d < 0.5 && d > -0.5 {
			return within, true // in the doorway: everything beyond may show
		}
	}
	out := emptyRect
	near := float32(NearPlane)
	behind := 0
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		if a.Z >= near {
			x, y := r.cam.ScreenOf(a)
			out.Add(x, y)
		} else {
			behind++
		}
		if (a.Z >= near) != (b.Z >= near) {
			t := (near - a.Z) / (b.Z - a.Z)
			x, y := r.cam.ScreenOf(a.Add(b.Sub(a).Scale(t)))
			out.Add(x, y)
		}
	}
	if behind == n || out.Empty() {
		return Rect{}, false
	}
	out = Rect{max(out.MinX, within.MinX), max(out.MinY, within.MinY), min(out.MaxX, within.MaxX), min(out.MaxY, within.MaxY)}
	if out.Empty() {
		return Rect{}, false
	}
	return out, true
}

// visitCell draws cell id and floods through its portals that show
// within rect, marking each cell drawn in r.seen; a portal to the
// outdoors that shows sets r.outdoors.
func (r *Renderer) visitCell(id uint32, rect Rect, depth int) {
	if depth > maxPortalDepth || r.seen[id] {
		return
	}
	c := r.envCell(id)
	if c == nil {
		return
	}
	r.seen[id] = true
	m := r.cellMatrix(c)
	saved := r.Light
	bx, by := dat.BlockXY(c.id)
	off := r.cam.BlockOffset(bx, by)
	v := r.cam.View()
	r.lightIndoors(c.id, &v)
	r.buildMeshInto(&r.interior, c.mesh, &m, -1, 1)
	for _, st := range c.statics {
		if sm := r.Mesh(st.GfxObj); sm != nil {
			root := staticMatrix(&st, off)
			r.buildMesh(sm, affineMul(&root, &v), -1, 1)
		}
	}
	r.points = r.points[:0]
	r.setLight(saved)
	for i := range c.portals {
		p := &c.portals[i]
		pr, ok := r.portalRect(p, &m, rect)
		if !ok {
			continue
		}
		if p.other == 0 {
			r.outdoors = true
			continue
		}
		r.visitCell(p.other, pr, depth+1)
	}
}

// cellLights puts the lights that reach cell c — its own and its
// portal neighbours' — into r.points in camera space (off is c's
// landblock's offset, v the view) and returns how many there are.
func (r *Renderer) cellLights(c *envCell, off physics.Vec3, v *physics.Mat4) int {
	r.points = r.points[:0]
	add := func(n *envCell) {
		for _, l := range n.lights {
			l.Pos = v.Apply(l.Pos.Add(off))
			r.points = append(r.points, l)
		}
	}
	add(c)
	for i := range c.portals {
		if o := c.portals[i].other; o != 0 && o>>16 == c.id>>16 {
			if n := r.envCell(o); n != nil {
				add(n)
			}
		}
	}
	return len(r.points)
}

// buildInteriors draws the cells the eye can see: from the viewer's cell
// when it is indoors (the outdoors only when a portal to it shows), or,
// from outside, the cells marked seen-outside of the landblocks drawn
// whose outdoor portals show. It returns whether the outdoors is drawn.
func (r *Renderer) buildInteriors(x0, y0, x1, y1 int) bool {
	clear(r.seen)
	r.outdoors = false
	full := Rect{0, 0, float32(r.cam.W), float32(r.cam.H)}
	if r.interiors == nil || r.cam.Map {
		return true
	}
	if IsEnvCell(r.ViewerCell) && r.envCell(r.ViewerCell) != nil {
		r.visitCell(r.ViewerCell, full, 0)
		return r.outdoors
	}
	for bx := x0; bx <= x1; bx++ {
		for by := y0; by <= y1; by++ {
			b := r.block(blockID(bx, by))
			if b == nil {
				continue
			}
			for i := range b.NumCells {
				id := uint32(bx)<<24 | uint32(by)<<16 | uint32(0x100+i)
				c := r.envCell(id)
				if c == nil || c.flags&dat.EnvCellSeenOutside == 0 || r.seen[id] {
					continue
				}
				m := r.cellMatrix(c)
				for j := range c.portals {
					p := &c.portals[j]
					if p.other != 0 {
						continue
					}
					if pr, ok := r.portalRect(p, &m, full); ok {
						r.visitCell(id, pr, 0)
						break
					}
				}
			}
		}
	}
	return true
}

// cellVisible reports whether an object in cell is drawn: an outdoor
// object when the outdoors is, an indoor one when its cell was reached —
// or when the data lacks its cell (a server's world over other DATs, or
// no interiors at all), so there is nothing to see it through.
func (r *Renderer) cellVisible(cell uint32) bool {
	if IsEnvCell(cell) {
		if r.interiors == nil || r.seen[cell] {
			return true
		}
		return r.envCell(cell) == nil
	}
	return r.drawOutdoors
}
