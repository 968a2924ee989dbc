package dat

import "github.com/dereth/dereth/physics"

// LandBlock is a 0xXXYYFFFF LandBlock: terrain words and height bytes of
// the 9×9 vertices, index x*9+y (dat-format.md §5.1).
type LandBlock struct {
	ID         uint32     `json:"id"`
	HasObjects bool       `json:"has_objects"`
	Terrain    [81]uint16 `json:"terrain"`
	Heights    [81]uint8  `json:"heights"`
}

// LandBlockSize is a LandBlock's encoded size, the trailing pad included.
const LandBlockSize = 252

// TerrainWordRoad returns a terrain word's road bits (ACE CellLandblock masks).
func TerrainWordRoad(w uint16) uint16 { return w & 0x3 }

// TerrainWordType returns a terrain word's terrain type 0..31.
func TerrainWordType(w uint16) uint16 { return (w >> 2) & 0x1F }

// TerrainWordScenery returns a terrain word's scenery index 0..31.
func TerrainWordScenery(w uint16) uint16 { return w >> 11 }

// TerrainWord packs road, terrain type and scenery into a terrain word.
func TerrainWord(road, typ, scenery uint16) uint16 {
	return road&0x3 | (typ&0x1F)<<2 | (scenery&0x1F)<<11
}

// DecodeLandBlock decodes a LandBlock.
func DecodeLandBlock(id uint32, data []byte) (*LandBlock, error) {
	d := newDecoder("LandBlock", id, data)
	lb := &LandBlock{ID: d.u32()}
	switch h := d.u32(); h {
	case 0:
	case 1:
		lb.HasObjects = true
	default:
		if d.err == nil {
			d.Off -= 4
			d.failf("has_objects is %d, want 0 or 1", h)
		}
	}
	for i := range lb.Terrain {
		lb.Terrain[i] = d.u16()
	}
	if d.need(81) {
		copy(lb.Heights[:], d.B[d.Off:])
		d.Off += 81
	}
	d.align()
	if err := d.finish(); err != nil {
		return nil, err
	}
	return lb, nil
}

// EncodeLandBlock encodes a LandBlock.
func EncodeLandBlock(lb *LandBlock) ([]byte, error) {
	e := newEncoder("LandBlock", lb.ID, LandBlockSize)
	e.u32(lb.ID)
	e.u32(boolU32(lb.HasObjects))
	for _, t := range lb.Terrain {
		e.u16(t)
	}
	e.b = append(e.b, lb.Heights[:]...)
	e.align()
	return e.result()
}

// BuildingPortal is one portal of a building (CBldPortal).
type BuildingPortal struct {
	Flags         uint16   `json:"flags"`
	OtherCellID   uint16   `json:"other_cell_id"`
	OtherPortalID uint16   `json:"other_portal_id"`
	Stabs         []uint16 `json:"stab_list"`
}

// BuildInfo is one building of a LandBlockInfo.
type BuildInfo struct {
	ModelID   uint32           `json:"model_id"`
	Frame     physics.Frame    `json:"frame"`
	NumLeaves uint32           `json:"num_leaves"`
	Portals   []BuildingPortal `json:"portals"`
}

// Restriction maps a cell to the guid restricting it.
type Restriction struct {
	CellID uint32 `json:"cell_id"`
	GUID   uint32 `json:"guid"`
}

// LandBlockInfo is a 0xXXYYFFFE LandBlockInfo: static objects, buildings
// and the restriction table (dat-format.md §5.2).
type LandBlockInfo struct {
	ID           uint32        `json:"id"`
	NumCells     uint32        `json:"num_cells"`
	Objects      []Stab        `json:"objects"`
	PackMask     uint16        `json:"pack_mask"`
	Buildings    []BuildInfo   `json:"buildings"`
	BucketSize   uint16        `json:"bucket_size,omitempty"`
	Restrictions []Restriction `json:"restrictions"`
}

func (d *decoder) stabs() []Stab {
	c := d.count(uint64(d.u32()), 32, "stab")
	if c == 0 {
		return nil
	}
	l := make([]Stab, c)
	for i := range l {
		l[i] = d.stab()
	}
	return l
}

func (e *encoder) stabs(l []Stab) {
	e.count(len(l))
	for _, s := range l {
		e.stab(s)
	}
}

// DecodeLandBlockInfo decodes a LandBlockInfo.
func DecodeLandBlockInfo(id uint32, data []byte) (*LandBlockInfo, error) {
	d := newDecoder("LandBlockInfo", id, data)
	li := &LandBlockInfo{ID: d.u32(), NumCells: d.u32()}
	li.Objects = d.stabs()
	nb := int(d.u16())
	li.PackMask = d.u16()
	if c := d.count(uint64(nb), 36, "building"); c > 0 {
		li.Buildings = make([]BuildInfo, c)
		for i := range li.Buildings {
			b := &li.Buildings[i]
			b.ModelID, b.Frame, b.NumLeaves = d.u32(), d.frame(), d.u32()
			if n := d.count(uint64(d.u32()), 8, "building portal"); n > 0 {
				b.Portals = make([]BuildingPortal, n)
				for j := range b.Portals {
					p := &b.Portals[j]
					p.Flags, p.OtherCellID, p.OtherPortalID = d.u16(), d.u16(), d.u16()
					p.Stabs = d.u16list(d.count(uint64(d.u16()), 2, "portal stab"))
					d.align()
				}
			}
		}
	}
	if li.PackMask&1 != 0 {
		n := d.u16()
		li.BucketSize = d.u16()
		if c := d.count(uint64(n), 8, "restriction"); c > 0 {
			li.Restrictions = make([]Restriction, c)
			for i := range li.Restrictions {
				li.Restrictions[i] = Restriction{CellID: d.u32(), GUID: d.u32()}
			}
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return li, nil
}

// EncodeLandBlockInfo encodes a LandBlockInfo.
func EncodeLandBlockInfo(li *LandBlockInfo) ([]byte, error) {
	e := newEncoder("LandBlockInfo", li.ID, 64+len(li.Objects)*32+len(li.Buildings)*64)
	e.u32(li.ID)
	e.u32(li.NumCells)
	e.stabs(li.Objects)
	if len(li.Buildings) > 0xFFFF {
		e.failf("%d buildings do not fit a u16", len(li.Buildings))
	}
	e.u16(uint16(len(li.Buildings)))
	e.u16(li.PackMask)
	for _, b := range li.Buildings {
		e.u32(b.ModelID)
		e.frame(b.Frame)
		e.u32(b.NumLeaves)
		e.count(len(b.Portals))
		for _, p := range b.Portals {
			e.u16(p.Flags)
			e.u16(p.OtherCellID)
			e.u16(p.OtherPortalID)
			e.u16(uint16(len(p.Stabs)))
			for _, s := range p.Stabs {
				e.u16(s)
			}
			e.align()
		}
	}
	if li.PackMask&1 != 0 {
		if len(li.Restrictions) > 0xFFFF {
			e.failf("%d restrictions do not fit a u16", len(li.Restrictions))
		}
		e.u16(uint16(len(li.Restrictions)))
		e.u16(li.BucketSize)
		for _, r := range li.Restrictions {
			e.u32(r.CellID)
			e.u32(r.GUID)
		}
	} else if len(li.Restrictions) != 0 || li.BucketSize != 0 {
		e.failf("restrictions without pack_mask bit 0")
	}
	return e.result()
}

// EnvCell flag bits.
const (
	EnvCellSeenOutside       = 0x1
	EnvCellHasStaticObjs     = 0x2
	EnvCellHasRestrictionObj = 0x8
)

// CellPortal connects an EnvCell to a neighbouring cell.
type CellPortal struct {
	Flags         uint16 `json:"flags"`
	PolygonID     uint16 `json:"polygon_id"`
	OtherCellID   uint16 `json:"other_cell_id"`
	OtherPortalID uint16 `json:"other_portal_id"`
}

// EnvCell is an indoor cell 0xXXYY0100+ (ACE EnvCell layout: id, flags,
// the id again, u8 surfaces, u8 portals, u16 visible cells, ...).
type EnvCell struct {
	ID            uint32        `json:"id"`
	Flags         uint32        `json:"flags"`
	Surfaces      []uint32      `json:"surfaces"`
	EnvironmentID uint32        `json:"environment_id"`
	CellStructure uint16        `json:"cell_structure"`
	Position      physics.Frame `json:"position"`
	Portals       []CellPortal  `json:"cell_portals"`
	VisibleCells  []uint16      `json:"visible_cells"`
	StaticObjects []Stab        `json:"static_objects"`
	RestrictionID uint32        `json:"restriction_obj,omitempty"`
}

// DecodeEnvCell decodes an EnvCell.
func DecodeEnvCell(id uint32, data []byte) (*EnvCell, error) {
	d := newDecoder("EnvCell", id, data)
	c := &EnvCell{ID: d.u32(), Flags: d.u32()}
	d.u32() // the cell id, repeated
	ns, np, nv := int(d.u8()), int(d.u8()), int(d.u16())
	if n := d.count(uint64(ns), 2, "surface"); n > 0 {
		c.Surfaces = make([]uint32, n)
		for i := range c.Surfaces {
			c.Surfaces[i] = 0x08000000 | uint32(d.u16())
		}
	}
	c.EnvironmentID = 0x0D000000 | uint32(d.u16())
	c.CellStructure = d.u16()
	c.Position = d.frame()
	if n := d.count(uint64(np), 8, "cell portal"); n > 0 {
		c.Portals = make([]CellPortal, n)
		for i := range c.Portals {
			c.Portals[i] = CellPortal{Flags: d.u16(), PolygonID: d.u16(), OtherCellID: d.u16(), OtherPortalID: d.u16()}
		}
	}
	c.VisibleCells = d.u16list(d.count(uint64(nv), 2, "visible cell"))
	if c.Flags&EnvCellHasStaticObjs != 0 {
		c.StaticObjects = d.stabs()
	}
	if c.Flags&EnvCellHasRestrictionObj != 0 {
		c.RestrictionID = d.u32()
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return c, nil
}

// EncodeEnvCell encodes an EnvCell.
func EncodeEnvCell(c *EnvCell) ([]byte, error) {
	e := newEncoder("EnvCell", c.ID, 64+len(c.StaticObjects)*32)
	e.u32(c.ID)
	e.u32(c.Flags)
	e.u32(c.ID)
	if len(c.Surfaces) > 0xFF || len(c.Portals) > 0xFF || len(c.VisibleCells) > 0xFFFF {
		e.failf("too many surfaces, portals or visible cells")
	}
	e.u8(uint8(len(c.Surfaces)))
	e.u8(uint8(len(c.Portals)))
	e.u16(uint16(len(c.VisibleCells)))
	short := func(id, base uint32, what string) {
		if id&0xFFFF0000 != base {
			e.failf("%s id 0x%08X is not 0x%04Xxxxx", what, id, base>>16)
		}
		e.u16(uint16(id))
	}
	for _, s := range c.Surfaces {
		short(s, 0x08000000, "surface")
	}
	short(c.EnvironmentID, 0x0D000000, "environment")
	e.u16(c.CellStructure)
	e.frame(c.Position)
	for _, p := range c.Portals {
		e.u16(p.Flags)
		e.u16(p.PolygonID)
		e.u16(p.OtherCellID)
		e.u16(p.OtherPortalID)
	}
	for _, v := range c.VisibleCells {
		e.u16(v)
	}
	if c.Flags&EnvCellHasStaticObjs != 0 {
		e.stabs(c.StaticObjects)
	} else if len(c.StaticObjects) != 0 {
		e.failf("static objects without HasStaticObjs")
	}
	if c.Flags&EnvCellHasRestrictionObj != 0 {
		e.u32(c.RestrictionID)
	} else if c.RestrictionID != 0 {
		e.failf("restriction without HasRestrictionObj")
	}
	return e.result()
}
