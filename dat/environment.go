package dat

import (
	"cmp"
	"slices"

	"github.com/dereth/dereth/physics"
)

// CellStruct is one cell structure of an Environment (ACE CellStruct): the
// shape of a room that EnvCells instantiate. Polygons are the drawn faces;
// Portals lists the keys of the polygons that are openings into a
// neighbouring cell (an EnvCell's CellPortal.PolygonID names one of them);
// CellBSP partitions the cell's volume (the point-in-cell test);
// PhysicsPolygons and PhysicsBSP are what collision uses; DrawingBSP is
// optional. Vertices and polygons keep the file's order; look them up by Key.
type CellStruct struct {
	Vertices        []Vertex  `json:"vertices"`
	Polygons        []Polygon `json:"polygons"`
	Portals         []uint16  `json:"portals"`
	CellBSP         *BSPNode  `json:"cell_bsp"`
	PhysicsPolygons []Polygon `json:"physics_polygons"`
	PhysicsBSP      *BSPNode  `json:"physics_bsp"`
	DrawingBSP      *BSPNode  `json:"drawing_bsp,omitempty"`
}

// Vertex returns the vertex with the key.
func (s *CellStruct) Vertex(key uint16) (Vertex, bool) { return findVertex(s.Vertices, key) }

// Polygon returns the drawn polygon with the key.
func (s *CellStruct) Polygon(key uint16) (Polygon, bool) {
	return findPolygon(s.Polygons, key)
}

func findPolygon(ps []Polygon, key uint16) (Polygon, bool) {
	if int(key) < len(ps) && ps[key].Key == key {
		return ps[key], true
	}
	for _, p := range ps {
		if p.Key == key {
			return p, true
		}
	}
	return Polygon{}, false
}

// Environment is a 0x0D Environment (ACE Environment): the cell
// structures EnvCells refer to by EnvironmentID and CellStructure index.
type Environment struct {
	ID    uint32                `json:"id"`
	Cells map[uint32]CellStruct `json:"cells"`
}

// keyedPolygons reads n × {u16 key, Polygon}, n given up front (CellStruct
// stores its polygon counts before the vertex array).
func (d *decoder) keyedPolygons(n uint32, what string) []Polygon {
	c := d.count(uint64(n), 12, what)
	if c == 0 {
		return nil
	}
	ps := make([]Polygon, c)
	for i := range ps {
		k := d.u16()
		ps[i] = d.polygon()
		ps[i].Key = k
		if d.err != nil {
			return nil
		}
	}
	return ps
}

func (e *encoder) keyedPolygons(ps []Polygon) {
	for _, p := range ps {
		e.u16(p.Key)
		e.polygon(p)
	}
}

// cellStruct reads a CellStruct (ACE CellStruct.Unpack): the three counts,
// the vertex array, the polygons, the portal polygon ids and an align4, the
// cell BSP, the physics polygons and BSP, an optional drawing BSP behind a
// u32 flag, and a final align4.
func (d *decoder) cellStruct() CellStruct {
	var s CellStruct
	np, npp, nportal := d.u32(), d.u32(), d.u32()
	s.Vertices = d.vertexArray()
	s.Polygons = d.keyedPolygons(np, "polygon")
	s.Portals = d.u16list(d.count(uint64(nportal), 2, "portal"))
	d.align()
	s.CellBSP = d.bsp(BSPCell, 0)
	s.PhysicsPolygons = d.keyedPolygons(npp, "physics polygon")
	s.PhysicsBSP = d.bsp(BSPPhysics, 0)
	if d.u32() != 0 {
		s.DrawingBSP = d.bsp(BSPDrawing, 0)
	}
	d.align()
	return s
}

func (e *encoder) cellStruct(s *CellStruct) {
	e.count(len(s.Polygons))
	e.count(len(s.PhysicsPolygons))
	e.count(len(s.Portals))
	e.vertexArray(s.Vertices)
	e.keyedPolygons(s.Polygons)
	for _, p := range s.Portals {
		e.u16(p)
	}
	e.align()
	e.bsp(s.CellBSP, BSPCell, 0)
	e.keyedPolygons(s.PhysicsPolygons)
	e.bsp(s.PhysicsBSP, BSPPhysics, 0)
	e.u32(boolU32(s.DrawingBSP != nil))
	if s.DrawingBSP != nil {
		e.bsp(s.DrawingBSP, BSPDrawing, 0)
	}
	e.align()
}

// DecodeEnvironment decodes an Environment: its id, a u32 count and that
// many {u32 cell structure index, CellStruct}. A repeated index is an error.
func DecodeEnvironment(id uint32, data []byte) (*Environment, error) {
	d := newDecoder("Environment", id, data)
	env := &Environment{ID: d.u32()}
	// The smallest CellStruct (no vertices, polygons or portals, leaf trees)
	// is 12 counts + 8 vertex array + 8 cell leaf + 32 physics leaf + 4 flag,
	// after its u32 index.
	n := d.count(uint64(d.u32()), 4+64, "cell structure")
	if n > 0 {
		env.Cells = make(map[uint32]CellStruct, n)
	}
	for range n {
		at := d.Off
		k := d.u32()
		s := d.cellStruct()
		if d.err != nil {
			break
		}
		if _, dup := env.Cells[k]; dup {
			d.Off = at
			d.failf("cell structure %d repeated", k)
			break
		}
		env.Cells[k] = s
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return env, nil
}

// EncodeEnvironment encodes an Environment, its cell structures in
// ascending index order.
func EncodeEnvironment(env *Environment) ([]byte, error) {
	e := newEncoder("Environment", env.ID, 1024)
	e.u32(env.ID)
	keys := make([]uint32, 0, len(env.Cells))
	for k := range env.Cells {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, cmp.Compare)
	e.count(len(keys))
	for _, k := range keys {
		s := env.Cells[k]
		e.u32(k)
		e.cellStruct(&s)
	}
	return e.result()
}

// ObjectDesc is one object of a Scene (ACE ObjectDesc): what procedural
// scenery places at a terrain vertex and how. Freq is the chance per
// vertex; DisplaceX/Y the random offset range from BaseLoc; scale lies in
// [MinScale, MaxScale]; MaxRotation is in degrees; the object is placed
// only where the terrain normal's z lies in [MinSlope, MaxSlope]; Align
// non-zero turns it to face up the slope; WeenieObj non-zero marks a
// server-side object the client does not place.
type ObjectDesc struct {
	ObjID       uint32        `json:"obj_id"`
	BaseLoc     physics.Frame `json:"base_loc"`
	Freq        float32       `json:"freq"`
	DisplaceX   float32       `json:"displace_x"`
	DisplaceY   float32       `json:"displace_y"`
	MinScale    float32       `json:"min_scale"`
	MaxScale    float32       `json:"max_scale"`
	MaxRotation float32       `json:"max_rotation"`
	MinSlope    float32       `json:"min_slope"`
	MaxSlope    float32       `json:"max_slope"`
	Align       uint32        `json:"align"`
	Orient      uint32        `json:"orient"`
	WeenieObj   uint32        `json:"weenie_obj"`
}

// objectDescSize is an ObjectDesc's encoded size.
const objectDescSize = 4 + 28 + 8*4 + 3*4

// Scene is a 0x12 Scene (ACE Scene): the objects one scene type's
// vertices may receive.
type Scene struct {
	ID      uint32       `json:"id"`
	Objects []ObjectDesc `json:"objects"`
}

// DecodeScene decodes a Scene: id, u32 count, count × ObjectDesc.
func DecodeScene(id uint32, data []byte) (*Scene, error) {
	d := newDecoder("Scene", id, data)
	s := &Scene{ID: d.u32()}
	if n := d.count(uint64(d.u32()), objectDescSize, "scene object"); n > 0 {
		s.Objects = make([]ObjectDesc, n)
		for i := range s.Objects {
			o := &s.Objects[i]
			o.ObjID, o.BaseLoc = d.u32(), d.frame()
			o.Freq, o.DisplaceX, o.DisplaceY = d.f32(), d.f32(), d.f32()
			o.MinScale, o.MaxScale, o.MaxRotation = d.f32(), d.f32(), d.f32()
			o.MinSlope, o.MaxSlope = d.f32(), d.f32()
			o.Align, o.Orient, o.WeenieObj = d.u32(), d.u32(), d.u32()
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

// EncodeScene encodes a Scene.
func EncodeScene(s *Scene) ([]byte, error) {
	e := newEncoder("Scene", s.ID, 8+len(s.Objects)*objectDescSize)
	e.u32(s.ID)
	e.count(len(s.Objects))
	for _, o := range s.Objects {
		e.u32(o.ObjID)
		e.frame(o.BaseLoc)
		for _, f := range [...]float32{o.Freq, o.DisplaceX, o.DisplaceY, o.MinScale, o.MaxScale, o.MaxRotation, o.MinSlope, o.MaxSlope} {
			e.f32(f)
		}
		e.u32(o.Align)
		e.u32(o.Orient)
		e.u32(o.WeenieObj)
	}
	return e.result()
}
