package view

import (
	"fmt"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// rgb is a linear colour, components 0..1.
type rgb struct{ R, G, B float32 }

// meshTri is one triangle of a fan-triangulated polygon: vertex indices,
// the front and back colours, and whether the back side is drawn.
type meshTri struct {
	A, B, C  uint16
	Front    rgb
	Back     rgb
	TwoSided bool
}

// Mesh is a GfxObj prepared for the CPU renderer: vertex positions in the
// part's space and flat-coloured triangles.
type Mesh struct {
	Pos  []physics.Vec3
	Tris []meshTri
	// Radius bounds every vertex's distance from the part origin.
	Radius float32
}

// BuildMesh triangulates a GfxObj's drawing polygons as fans. Each
// polygon's colour is its surface's solid colour, or for a textured or
// missing surface a per-part palette colour (textures come later).
// surface resolves the GfxObj's surface list entries.
func BuildMesh(g *dat.GfxObj, surface func(id uint32) (*dat.Surface, error)) (*Mesh, error) {
	m := &Mesh{}
	index := make(map[uint16]uint16, len(g.Vertices))
	for _, v := range g.Vertices {
		if len(m.Pos) >= 0xFFFF {
			return nil, fmt.Errorf("scenes: GfxObj 0x%08X: more than 65535 vertices", g.ID)
		}
		index[v.Key] = uint16(len(m.Pos))
		m.Pos = append(m.Pos, v.Origin)
		m.Radius = max(m.Radius, v.Origin.Len())
	}
	colours := make([]rgb, len(g.Surfaces))
	for i, sid := range g.Surfaces {
		colours[i] = partColour(g.ID, i)
		if surface == nil {
			continue
		}
		if s, err := surface(sid); err == nil && !s.Textured() && s.Color != 0 {
			colours[i] = rgbOf(s.Color)
		}
	}
	colour := func(i int16) rgb {
		if i >= 0 && int(i) < len(colours) {
			return colours[i]
		}
		return partColour(g.ID, int(i))
	}
	for _, p := range g.Polygons {
		if len(p.VertexIDs) < 3 {
			continue
		}
		front := colour(p.PosSurface)
		negSurf, _ := p.NegSide()
		back := front
		two := p.SidesType == dat.SidesNone || p.SidesType == dat.SidesClockwise
		if p.SidesType == dat.SidesClockwise {
			back = colour(negSurf)
		}
		ids := make([]uint16, 0, len(p.VertexIDs))
		for _, k := range p.VertexIDs {
			i, ok := index[uint16(k)]
			if !ok {
				return nil, fmt.Errorf("scenes: GfxObj 0x%08X: polygon %d names vertex %d it lacks", g.ID, p.Key, k)
			}
			ids = append(ids, i)
		}
		for j := 1; j+1 < len(ids); j++ {
			m.Tris = append(m.Tris, meshTri{A: ids[0], B: ids[j], C: ids[j+1], Front: front, Back: back, TwoSided: two})
		}
	}
	return m, nil
}

// rgbOf converts a DAT 0xAARRGGBB colour.
func rgbOf(c uint32) rgb {
	return rgb{float32(c>>16&0xFF) / 255, float32(c>>8&0xFF) / 255, float32(c&0xFF) / 255}
}

// partColour is the per-part palette: a muted colour chosen by the GfxObj
// id and surface index, stable across runs.
func partColour(id uint32, surf int) rgb {
	h := id*2654435761 ^ uint32(surf+1)*40503
	h ^= h >> 15
	h *= 2246822519
	h ^= h >> 13
	return rgb{0.35 + float32(h&0xFF)/255*0.5, 0.35 + float32(h>>8&0xFF)/255*0.5, 0.35 + float32(h>>16&0xFF)/255*0.5}
}
