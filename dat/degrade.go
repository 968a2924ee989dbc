package dat

// GfxObjDegradeInfo is a 0x11 GfxObjDegradeInfo: the levels of detail of
// a GfxObj that names it in DIDDegrade (ACE GfxObjDegradeInfo; retail
// GfxObjDegradeInfo::UnPack). A part whose GfxObj has one draws
// Degrades[level].ID, nothing for id 0, the level chosen by the viewer's
// distance (docs/dat-notes.md, DN-27).
type GfxObjDegradeInfo struct {
	ID       uint32       `json:"id"`
	Degrades []GfxObjInfo `json:"degrades"`
}

// GfxObjInfo is one level of a GfxObjDegradeInfo: the GfxObj drawn, its
// degrade mode (1 fixed orientation; 2–5 turn toward the viewer) and the
// distances the level spans (ACE GfxObjInfo).
type GfxObjInfo struct {
	ID          uint32  `json:"id"`
	DegradeMode uint32  `json:"degrade_mode"`
	MinDist     float32 `json:"min_dist"`
	IdealDist   float32 `json:"ideal_dist"`
	MaxDist     float32 `json:"max_dist"`
}

const gfxObjInfoSize = 20

// DecodeGfxObjDegradeInfo decodes a GfxObjDegradeInfo: id, u32 count,
// count × {u32 GfxObj id, u32 degrade mode, f32 min, ideal, max distance}.
func DecodeGfxObjDegradeInfo(id uint32, data []byte) (*GfxObjDegradeInfo, error) {
	d := newDecoder("GfxObjDegradeInfo", id, data)
	g := &GfxObjDegradeInfo{ID: d.u32()}
	if n := d.count(uint64(d.u32()), gfxObjInfoSize, "degrade"); n > 0 {
		g.Degrades = make([]GfxObjInfo, n)
		for i := range g.Degrades {
			l := &g.Degrades[i]
			l.ID, l.DegradeMode = d.u32(), d.u32()
			l.MinDist, l.IdealDist, l.MaxDist = d.f32(), d.f32(), d.f32()
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return g, nil
}

// EncodeGfxObjDegradeInfo encodes a GfxObjDegradeInfo.
func EncodeGfxObjDegradeInfo(g *GfxObjDegradeInfo) ([]byte, error) {
	e := newEncoder("GfxObjDegradeInfo", g.ID, 8+gfxObjInfoSize*len(g.Degrades))
	e.u32(g.ID)
	e.count(len(g.Degrades))
	for _, l := range g.Degrades {
		e.u32(l.ID)
		e.u32(l.DegradeMode)
		e.f32(l.MinDist)
		e.f32(l.IdealDist)
		e.f32(l.MaxDist)
	}
	return e.result()
}

// DegradeDistance is retail's Render::s_rDegradeDistance: a viewer
// distance is shortened by it before the levels are compared, so nothing
// degrades nearer than 50 units.
const DegradeDistance = 50

// Level returns the level index drawn at viewer distance dist (already
// divided by the part's scale): with retail's degrade bias 0, the first
// level whose IdealDist the distance, less DegradeDistance, has not
// reached; past every level, the last (retail GfxObjDegradeInfo::
// get_degrade, deg_mul 0). -1 when there are no levels.
func (g *GfxObjDegradeInfo) Level(dist float32) int {
	if len(g.Degrades) == 0 {
		return -1
	}
	d := max(abs32(dist)-DegradeDistance, 0)
	for i, l := range g.Degrades {
		if d < l.IdealDist {
			return i
		}
	}
	return len(g.Degrades) - 1
}
