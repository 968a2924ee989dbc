package texture

import (
	"fmt"
	"image"
	"image/color"

	"github.com/dereth/dereth/dat"
)

// SubPalette is one ObjDesc subpalette swap as the wire carries it:
// colours Offset×8 … (Offset+Count)×8−1 of the base palette are replaced by
// the same entries of palette ID. Count 0 means 256 (2048 colours), as in
// ACE's SubPalette.
type SubPalette struct {
	ID     uint32
	Offset uint8
	Count  uint8
}

// Range returns the first colour and the number of colours it replaces.
func (s SubPalette) Range() (first, n int) {
	n = int(s.Count)
	if n == 0 {
		n = 256
	}
	return int(s.Offset) * 8, n * 8
}

// Swap returns a copy of base with the subpalettes applied in order; each
// range is clipped to both palettes (retail ranges fit; a damaged one
// changes only what exists). palette loads a Palette by id.
func Swap(base []uint32, subs []SubPalette, palette func(id uint32) (*dat.Palette, error)) ([]uint32, error) {
	out := append([]uint32(nil), base...)
	for _, s := range subs {
		p, err := palette(s.ID)
		if err != nil {
			return nil, fmt.Errorf("texture: subpalette 0x%08X: %w", s.ID, err)
		}
		first, n := s.Range()
		for i := first; i < first+n && i < len(out) && i < len(p.Colors); i++ {
			out[i] = p.Colors[i]
		}
	}
	return out, nil
}

// Source is where Resolve reads texture objects; *dat.Container is one.
type Source interface {
	Surface(id uint32) (*dat.Surface, error)
	SurfaceTexture(id uint32) (*dat.SurfaceTexture, error)
	RenderSurface(id uint32) (*dat.RenderSurface, error)
	Palette(id uint32) (*dat.Palette, error)
}

// Changes are an object's ObjDesc appearance changes that reach its
// surfaces: SurfaceTexture swaps (old id → new id, TextureChanges for the
// part being drawn), the ObjDesc's base palette (0: none) and subpalettes
// over it (or over the texture's own palette without one).
type Changes struct {
	Textures    map[uint32]uint32
	Palette     uint32
	SubPalettes []SubPalette
}

// Material is a Surface resolved for drawing.
type Material struct {
	// Image is the texture, nil for a solid colour.
	Image *image.NRGBA
	// Color is the solid colour (alpha included); white for a texture.
	Color color.NRGBA
	// AlphaTest: texels below half alpha are not drawn (Base1ClipMap).
	AlphaTest bool
	// Alpha is the surface's opacity, 1 − Translucency, for Translucent
	// surfaces; 1 otherwise.
	Alpha float32
	// Luminosity is how much the surface lights itself (0 lit by the sun
	// only … 1 full bright), for Luminous surfaces; 0 otherwise.
	Luminosity float32
	// Diffuse scales the sun's light on the surface.
	Diffuse float32
	// Additive surfaces add to what lies behind them.
	Additive bool
	// TextureID is the RenderSurface drawn (0 for a solid colour).
	TextureID uint32
}

// Resolve reads Surface id and what it points at. A textured surface
// uses the SurfaceTexture's first (largest) RenderSurface, swapped through
// ch.Textures; paletted pixels use ch.Palette when the ObjDesc names one,
// else the Surface's palette when it names one, else the RenderSurface's
// default, with ch.SubPalettes applied over it.
func Resolve(src Source, id uint32, ch *Changes) (*Material, error) {
	s, err := src.Surface(id)
	if err != nil {
		return nil, err
	}
	m := &Material{Alpha: 1, Diffuse: s.Diffuse, Additive: s.Type&dat.SurfaceAdditive != 0,
		AlphaTest: s.Type&dat.SurfaceBase1ClipMap != 0}
	if s.Type&dat.SurfaceTranslucent != 0 {
		m.Alpha = 1 - min(max(s.Translucency, 0), 1)
	}
	if s.Type&dat.SurfaceLuminous != 0 {
		m.Luminosity = min(max(s.Luminosity, 0), 1)
	}
	if !s.Textured() {
		c := s.Color
		m.Color = color.NRGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: uint8(c >> 24)}
		return m, nil
	}
	m.Color = color.NRGBA{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF}
	tid := s.OrigTextureID
	if ch != nil {
		if n, ok := ch.Textures[tid]; ok {
			tid = n
		}
	}
	st, err := src.SurfaceTexture(tid)
	if err != nil {
		return nil, fmt.Errorf("texture: Surface 0x%08X: %w", id, err)
	}
	if len(st.Textures) == 0 {
		return nil, fmt.Errorf("texture: Surface 0x%08X: SurfaceTexture 0x%08X lists no RenderSurface", id, tid)
	}
	rs, err := src.RenderSurface(st.Textures[0])
	if err != nil {
		return nil, fmt.Errorf("texture: Surface 0x%08X: %w", id, err)
	}
	var pal []uint32
	if rs.Format.Paletted() {
		pid := rs.DefaultPaletteID
		if s.OrigPaletteID != 0 {
			pid = s.OrigPaletteID
		}
		if ch != nil && ch.Palette != 0 {
			pid = ch.Palette
		}
		p, err := src.Palette(pid)
		if err != nil {
			return nil, fmt.Errorf("texture: Surface 0x%08X: %w", id, err)
		}
		pal = p.Colors
		if ch != nil && len(ch.SubPalettes) > 0 {
			if pal, err = Swap(pal, ch.SubPalettes, src.Palette); err != nil {
				return nil, err
			}
		}
	}
	m.Image, err = Decode(rs, pal, Options{ClipMap: m.AlphaTest})
	if err != nil {
		return nil, err
	}
	m.TextureID = rs.ID
	return m, nil
}

// ResolveTexture decodes SurfaceTexture id's first (largest)
// RenderSurface, through its default palette when it is paletted: the
// Region's terrain textures and blend masks, which no Surface wraps.
func ResolveTexture(src Source, id uint32) (*image.NRGBA, error) {
	st, err := src.SurfaceTexture(id)
	if err != nil {
		return nil, err
	}
	if len(st.Textures) == 0 {
		return nil, fmt.Errorf("texture: SurfaceTexture 0x%08X lists no RenderSurface", id)
	}
	rs, err := src.RenderSurface(st.Textures[0])
	if err != nil {
		return nil, fmt.Errorf("texture: SurfaceTexture 0x%08X: %w", id, err)
	}
	var pal []uint32
	if rs.Format.Paletted() {
		p, err := src.Palette(rs.DefaultPaletteID)
		if err != nil {
			return nil, fmt.Errorf("texture: SurfaceTexture 0x%08X: %w", id, err)
		}
		pal = p.Colors
	}
	img, err := Decode(rs, pal, Options{})
	if err != nil {
		return nil, fmt.Errorf("texture: SurfaceTexture 0x%08X: %w", id, err)
	}
	return img, nil
}
