package dat

import "github.com/dereth/dereth/physics"

// GfxObj flag bits.
const (
	GfxObjHasPhysics    = 0x1
	GfxObjHasDrawing    = 0x2
	GfxObjHasDIDDegrade = 0x8
)

// UV is one texture coordinate.
type UV struct {
	U float32 `json:"u"`
	V float32 `json:"v"`
}

// Vertex is one SWVertex of a vertex array, with the key polygons use.
type Vertex struct {
	Key    uint16       `json:"key"`
	Origin physics.Vec3 `json:"origin"`
	Normal physics.Vec3 `json:"normal"`
	UVs    []UV         `json:"uvs"`
}

// Polygon stippling bits.
const (
	StipplingPositive = 0x1
	StipplingNegative = 0x2
	StipplingNoPos    = 0x4
	StipplingNoNeg    = 0x8
)

// Polygon sides types (ACE CullMode).
const (
	SidesLandblock        = 0
	SidesNone             = 1
	SidesClockwise        = 2
	SidesCounterClockwise = 3
)

// Polygon is one polygon of a GfxObj or cell structure, as stored: a
// two-sided (SidesNone) polygon's negative side is its positive side
// (NegSide), whatever NegSurface holds.
type Polygon struct {
	Key          uint16  `json:"key"`
	Stippling    uint8   `json:"stippling"`
	SidesType    int32   `json:"sides_type"`
	PosSurface   int16   `json:"pos_surface"`
	NegSurface   int16   `json:"neg_surface"`
	VertexIDs    []int16 `json:"vertex_ids"`
	PosUVIndices []uint8 `json:"pos_uv_indices"`
	NegUVIndices []uint8 `json:"neg_uv_indices"`
}

// NegSide returns the surface and UV indices drawn on the negative side,
// applying ACE's rule for two-sided polygons.
func (p *Polygon) NegSide() (int16, []uint8) {
	if p.SidesType == SidesNone {
		return p.PosSurface, p.PosUVIndices
	}
	return p.NegSurface, p.NegUVIndices
}

func (p *Polygon) hasPosUV() bool { return p.Stippling&StipplingNoPos == 0 }
func (p *Polygon) hasNegUV() bool {
	return p.SidesType == SidesClockwise && p.Stippling&StipplingNoNeg == 0
}

// BSP tree kinds: the layout of a node depends on the tree (§3.6).
type BSPKind int

// The BSP tree kinds.
const (
	BSPDrawing BSPKind = iota
	BSPPhysics
	BSPCell
)

// PortalRef is a drawing-tree portal's {portal index, polygon id}.
type PortalRef struct {
	PortalIndex int16 `json:"portal_index"`
	PolygonID   int16 `json:"polygon_id"`
}

// BSPNode is one node of a BSP tree. Tag is the four-letter type ("LEAF",
// "PORT", "BPIN", ...); which other fields mean something depends on the
// tag and the tree kind.
type BSPNode struct {
	Tag       string      `json:"tag"`
	LeafIndex int32       `json:"leaf_index,omitempty"`
	Solid     int32       `json:"solid,omitempty"`
	Plane     Plane       `json:"plane"`
	Pos       *BSPNode    `json:"pos,omitempty"`
	Neg       *BSPNode    `json:"neg,omitempty"`
	Sphere    Sphere      `json:"sphere"`
	Polys     []uint16    `json:"polys,omitempty"`
	Portals   []PortalRef `json:"portals,omitempty"`
}

// bspChildren says which children an internal tag has.
func bspChildren(tag string) (pos, neg, ok bool) {
	switch tag {
	case "BPnn", "BPIn":
		return true, false, true
	case "BpIN", "BpnN":
		return false, true, true
	case "BPIN", "BPnN", "PORT":
		return true, true, true
	}
	return false, false, false
}

// tag reads the byte-reversed four-character tag.
func (d *decoder) tag() string {
	v := d.u32()
	return string([]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
}

func (e *encoder) tag(t string) {
	if len(t) != 4 {
		e.failf("BSP tag %q is not four characters", t)
		return
	}
	e.u32(uint32(t[0])<<24 | uint32(t[1])<<16 | uint32(t[2])<<8 | uint32(t[3]))
}

func (d *decoder) u16list(n int) []uint16 {
	if n == 0 {
		return nil
	}
	l := make([]uint16, n)
	for i := range l {
		l[i] = d.u16()
	}
	return l
}

func (d *decoder) bsp(kind BSPKind, depth int) *BSPNode {
	if d.err != nil {
		return nil
	}
	if depth > maxTreeDepth {
		d.failf("BSP tree deeper than %d", maxTreeDepth)
		return nil
	}
	n := &BSPNode{Tag: d.tag()}
	if d.err != nil {
		return nil
	}
	if n.Tag == "LEAF" {
		n.LeafIndex = d.i32()
		if kind == BSPPhysics {
			n.Solid = d.i32()
			n.Sphere = d.sphere()
			n.Polys = d.u16list(d.count(uint64(d.u32()), 2, "leaf polygon"))
		}
		return n
	}
	pos, neg, ok := bspChildren(n.Tag)
	if !ok {
		d.Off -= 4
		d.failf("unknown BSP tag %q", n.Tag)
		return nil
	}
	n.Plane = d.plane()
	if pos {
		n.Pos = d.bsp(kind, depth+1)
	}
	if neg {
		n.Neg = d.bsp(kind, depth+1)
	}
	if kind == BSPCell {
		return n
	}
	if n.Tag == "PORT" {
		if kind == BSPDrawing {
			n.Sphere = d.sphere()
			np, npt := d.u32(), d.u32()
			n.Polys = d.u16list(d.count(uint64(np), 2, "portal polygon"))
			if c := d.count(uint64(npt), 4, "portal"); c > 0 {
				n.Portals = make([]PortalRef, c)
				for i := range n.Portals {
					n.Portals[i] = PortalRef{PortalIndex: d.i16(), PolygonID: d.i16()}
				}
			}
		}
		return n
	}
	n.Sphere = d.sphere()
	if kind == BSPDrawing {
		n.Polys = d.u16list(d.count(uint64(d.u32()), 2, "node polygon"))
	}
	return n
}

func (e *encoder) bsp(n *BSPNode, kind BSPKind, depth int) {
	if n == nil {
		e.failf("missing BSP node")
		return
	}
	if depth > maxTreeDepth {
		e.failf("BSP tree deeper than %d", maxTreeDepth)
		return
	}
	e.tag(n.Tag)
	if n.Tag == "LEAF" {
		e.i32(n.LeafIndex)
		if kind == BSPPhysics {
			e.i32(n.Solid)
			e.sphere(n.Sphere)
			e.count(len(n.Polys))
			for _, p := range n.Polys {
				e.u16(p)
			}
		}
		return
	}
	pos, neg, ok := bspChildren(n.Tag)
	if !ok {
		e.failf("unknown BSP tag %q", n.Tag)
		return
	}
	if pos != (n.Pos != nil) || neg != (n.Neg != nil) {
		e.failf("BSP %s node children do not match its tag", n.Tag)
		return
	}
	e.plane(n.Plane)
	if pos {
		e.bsp(n.Pos, kind, depth+1)
	}
	if neg {
		e.bsp(n.Neg, kind, depth+1)
	}
	if kind == BSPCell {
		return
	}
	if n.Tag == "PORT" {
		if kind == BSPDrawing {
			e.sphere(n.Sphere)
			e.count(len(n.Polys))
			e.count(len(n.Portals))
			for _, p := range n.Polys {
				e.u16(p)
			}
			for _, p := range n.Portals {
				e.i16(p.PortalIndex)
				e.i16(p.PolygonID)
			}
		}
		return
	}
	e.sphere(n.Sphere)
	if kind == BSPDrawing {
		e.count(len(n.Polys))
		for _, p := range n.Polys {
			e.u16(p)
		}
	}
}

// vertexArray reads a VertexArray (§3.5).
func (d *decoder) vertexArray() []Vertex {
	if t := d.i32(); t != 1 && d.err == nil {
		d.Off -= 4
		d.failf("vertex type %d, only 1 exists", t)
		return nil
	}
	c := d.count(uint64(d.u32()), 28, "vertex")
	if c == 0 {
		return nil
	}
	vs := make([]Vertex, c)
	for i := range vs {
		v := &vs[i]
		v.Key = d.u16()
		nuv := int(d.u16())
		v.Origin, v.Normal = d.vec(), d.vec()
		if n := d.count(uint64(nuv), 8, "uv"); n > 0 {
			v.UVs = make([]UV, n)
			for j := range v.UVs {
				v.UVs[j] = UV{U: d.f32(), V: d.f32()}
			}
		}
	}
	return vs
}

func (e *encoder) vertexArray(vs []Vertex) {
	e.i32(1)
	e.count(len(vs))
	for _, v := range vs {
		e.u16(v.Key)
		if len(v.UVs) > 0xFFFF {
			e.failf("vertex %d has %d UVs", v.Key, len(v.UVs))
		}
		e.u16(uint16(len(v.UVs)))
		e.vec(v.Origin)
		e.vec(v.Normal)
		for _, uv := range v.UVs {
			e.f32(uv.U)
			e.f32(uv.V)
		}
	}
}

func (d *decoder) polygon() Polygon {
	p := Polygon{}
	n := int(d.u8())
	p.Stippling = d.u8()
	p.SidesType = d.i32()
	p.PosSurface, p.NegSurface = d.i16(), d.i16()
	if c := d.count(uint64(n), 2, "polygon vertex"); c > 0 {
		p.VertexIDs = make([]int16, c)
		for i := range p.VertexIDs {
			p.VertexIDs[i] = d.i16()
		}
	}
	bytes := func() []uint8 {
		if n == 0 || !d.need(n) {
			return nil
		}
		b := make([]uint8, n)
		copy(b, d.B[d.Off:])
		d.Off += n
		return b
	}
	if p.hasPosUV() {
		p.PosUVIndices = bytes()
	}
	if p.hasNegUV() {
		p.NegUVIndices = bytes()
	}
	return p
}

func (e *encoder) polygon(p Polygon) {
	n := len(p.VertexIDs)
	if n > 0xFF {
		e.failf("polygon %d has %d points", p.Key, n)
	}
	e.u8(uint8(n))
	e.u8(p.Stippling)
	e.i32(p.SidesType)
	e.i16(p.PosSurface)
	e.i16(p.NegSurface)
	for _, v := range p.VertexIDs {
		e.i16(v)
	}
	uv := func(l []uint8, present bool, side string) {
		switch {
		case present && len(l) != n:
			e.failf("polygon %d: %d %s UV indices for %d points", p.Key, len(l), side, n)
		case !present && len(l) != 0:
			e.failf("polygon %d: %s UV indices its stippling/sides leave out", p.Key, side)
		}
		if present {
			e.b = append(e.b, l...)
		}
	}
	uv(p.PosUVIndices, p.hasPosUV(), "positive")
	uv(p.NegUVIndices, p.hasNegUV(), "negative")
}

// polygons reads a cuint count and that many {u16 key, Polygon}.
func (d *decoder) polygons() []Polygon {
	c := d.count(uint64(d.cuint()), 12, "polygon")
	if c == 0 {
		return nil
	}
	ps := make([]Polygon, c)
	for i := range ps {
		k := d.u16()
		ps[i] = d.polygon()
		ps[i].Key = k
	}
	return ps
}

func (e *encoder) polygons(ps []Polygon) {
	e.cuint(uint32(len(ps)))
	for _, p := range ps {
		e.u16(p.Key)
		e.polygon(p)
	}
}

// GfxObj is a 0x01 GfxObj: a mesh with its surfaces and BSP trees.
// Vertices and polygons keep the file's order; look them up by Key.
type GfxObj struct {
	ID              uint32       `json:"id"`
	Flags           uint32       `json:"flags"`
	Surfaces        []uint32     `json:"surfaces"`
	Vertices        []Vertex     `json:"vertices"`
	PhysicsPolygons []Polygon    `json:"physics_polygons"`
	PhysicsBSP      *BSPNode     `json:"physics_bsp"`
	SortCenter      physics.Vec3 `json:"sort_center"`
	Polygons        []Polygon    `json:"polygons"`
	DrawingBSP      *BSPNode     `json:"drawing_bsp"`
	DIDDegrade      uint32       `json:"did_degrade"`
}

// Vertex returns the vertex with the key.
func (g *GfxObj) Vertex(key uint16) (Vertex, bool) { return findVertex(g.Vertices, key) }

// findVertex returns the vertex with the key: at its index when the keys
// run 0..n-1, as they usually do, else by search.
func findVertex(vs []Vertex, key uint16) (Vertex, bool) {
	if int(key) < len(vs) && vs[key].Key == key {
		return vs[key], true
	}
	for _, v := range vs {
		if v.Key == key {
			return v, true
		}
	}
	return Vertex{}, false
}

// DecodeGfxObj decodes a GfxObj (dat-format.md §4.1).
func DecodeGfxObj(id uint32, data []byte) (*GfxObj, error) {
	d := newDecoder("GfxObj", id, data)
	g := &GfxObj{ID: d.u32(), Flags: d.u32()}
	if c := d.count(uint64(d.cuint()), 4, "surface"); c > 0 {
		g.Surfaces = make([]uint32, c)
		for i := range g.Surfaces {
			g.Surfaces[i] = d.u32()
		}
	}
	g.Vertices = d.vertexArray()
	if g.Flags&GfxObjHasPhysics != 0 {
		g.PhysicsPolygons = d.polygons()
		g.PhysicsBSP = d.bsp(BSPPhysics, 0)
	}
	g.SortCenter = d.vec()
	if g.Flags&GfxObjHasDrawing != 0 {
		g.Polygons = d.polygons()
		g.DrawingBSP = d.bsp(BSPDrawing, 0)
	}
	if g.Flags&GfxObjHasDIDDegrade != 0 {
		g.DIDDegrade = d.u32()
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return g, nil
}

// EncodeGfxObj encodes a GfxObj.
func EncodeGfxObj(g *GfxObj) ([]byte, error) {
	e := newEncoder("GfxObj", g.ID, 64+len(g.Vertices)*40+len(g.Polygons)*24)
	e.u32(g.ID)
	e.u32(g.Flags)
	e.cuint(uint32(len(g.Surfaces)))
	for _, s := range g.Surfaces {
		e.u32(s)
	}
	e.vertexArray(g.Vertices)
	check := func(flag uint32, present bool, what string) bool {
		if (g.Flags&flag != 0) != present {
			e.failf("%s present=%v does not match flags 0x%X", what, present, g.Flags)
		}
		return g.Flags&flag != 0
	}
	if check(GfxObjHasPhysics, g.PhysicsBSP != nil, "physics BSP") {
		e.polygons(g.PhysicsPolygons)
		e.bsp(g.PhysicsBSP, BSPPhysics, 0)
	} else if len(g.PhysicsPolygons) != 0 {
		e.failf("physics polygons without HasPhysics")
	}
	e.vec(g.SortCenter)
	if check(GfxObjHasDrawing, g.DrawingBSP != nil, "drawing BSP") {
		e.polygons(g.Polygons)
		e.bsp(g.DrawingBSP, BSPDrawing, 0)
	} else if len(g.Polygons) != 0 {
		e.failf("polygons without HasDrawing")
	}
	if g.Flags&GfxObjHasDIDDegrade != 0 {
		e.u32(g.DIDDegrade)
	} else if g.DIDDegrade != 0 {
		e.failf("did_degrade without HasDIDDegrade")
	}
	return e.result()
}
