package dat

import "fmt"

// PixelFormat is a RenderSurface's pixel format (ACE SurfacePixelFormat,
// Direct3D's D3DFORMAT values; DXTn are their FourCC codes).
type PixelFormat uint32

// The pixel formats retail DATs use. Package texture decodes all of them.
const (
	PixelR8G8B8       PixelFormat = 20  // 3 bytes a pixel: B, G, R
	PixelA8R8G8B8     PixelFormat = 21  // 4 bytes a pixel: B, G, R, A (a little-endian 0xAARRGGBB)
	PixelX8R8G8B8     PixelFormat = 22  // as A8R8G8B8, alpha ignored
	PixelR5G6B5       PixelFormat = 23  // little-endian u16: 5 red, 6 green, 5 blue bits
	PixelA4R4G4B4     PixelFormat = 26  // little-endian u16: 4 bits each of A, R, G, B
	PixelA8           PixelFormat = 28  // 1 byte a pixel: alpha (or a grey level)
	PixelP8           PixelFormat = 41  // 1 byte a pixel: a palette index
	PixelIndex16      PixelFormat = 101 // little-endian u16 a pixel: a palette index
	PixelLscapeR8G8B8 PixelFormat = 243 // landscape textures: 3 bytes a pixel, R, G, B
	PixelLscapeAlpha  PixelFormat = 244 // landscape blend masks: 1 byte a pixel
	PixelJPEG         PixelFormat = 500 // the whole source is a JFIF file
	PixelDXT1         PixelFormat = 0x31545844
	PixelDXT3         PixelFormat = 0x33545844
	PixelDXT5         PixelFormat = 0x35545844
)

var pixelNames = map[PixelFormat]string{
	PixelR8G8B8: "R8G8B8", PixelA8R8G8B8: "A8R8G8B8", PixelX8R8G8B8: "X8R8G8B8", PixelR5G6B5: "R5G6B5",
	PixelA4R4G4B4: "A4R4G4B4", PixelA8: "A8", PixelP8: "P8", PixelIndex16: "INDEX16",
	PixelLscapeR8G8B8: "CUSTOM_LSCAPE_R8G8B8", PixelLscapeAlpha: "CUSTOM_LSCAPE_ALPHA",
	PixelJPEG: "CUSTOM_RAW_JPEG", PixelDXT1: "DXT1", PixelDXT3: "DXT3", PixelDXT5: "DXT5",
}

func (f PixelFormat) String() string {
	if s, ok := pixelNames[f]; ok {
		return s
	}
	return fmt.Sprintf("PixelFormat(%d)", uint32(f))
}

// Paletted reports whether pixels are palette indices, so the
// RenderSurface carries a default palette id.
func (f PixelFormat) Paletted() bool { return f == PixelP8 || f == PixelIndex16 }

// Palette is a 0x04 Palette: colours as 0xAARRGGBB (ACE Palette).
type Palette struct {
	ID     uint32   `json:"id"`
	Colors []uint32 `json:"colors"`
}

// DecodePalette decodes a Palette: id, i32 count, count × u32 colour.
func DecodePalette(id uint32, data []byte) (*Palette, error) {
	d := newDecoder("Palette", id, data)
	p := &Palette{ID: d.at("id").u32()}
	count := d.at("color count").i32()
	if n := d.at("colors").scount(count, 4, "colour"); n > 0 {
		p.Colors = make([]uint32, n)
		for i := range p.Colors {
			p.Colors[i] = d.u32()
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return p, nil
}

// EncodePalette encodes a Palette.
func EncodePalette(p *Palette) ([]byte, error) {
	e := newEncoder("Palette", p.ID, 8+4*len(p.Colors))
	e.u32(p.ID)
	e.count(len(p.Colors))
	for _, c := range p.Colors {
		e.u32(c)
	}
	return e.result()
}

// SurfaceTexture is a 0x05 SurfaceTexture: the RenderSurfaces (0x06) of one
// texture, largest first (retail lists mip levels or one surface). ACE
// names the two header fields Unknown and UnknownByte; dereth keeps them.
type SurfaceTexture struct {
	ID          uint32   `json:"id"`
	Unknown     int32    `json:"unknown"`
	UnknownByte uint8    `json:"unknown_byte"`
	Textures    []uint32 `json:"textures"`
}

// DecodeSurfaceTexture decodes a SurfaceTexture: id, i32, u8, i32 count,
// count × u32 RenderSurface id.
func DecodeSurfaceTexture(id uint32, data []byte) (*SurfaceTexture, error) {
	d := newDecoder("SurfaceTexture", id, data)
	t := &SurfaceTexture{ID: d.at("id").u32(), Unknown: d.at("unknown").i32(), UnknownByte: d.at("unknown byte").u8()}
	count := d.at("texture count").i32()
	if n := d.at("textures").scount(count, 4, "texture"); n > 0 {
		t.Textures = make([]uint32, n)
		for i := range t.Textures {
			t.Textures[i] = d.u32()
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return t, nil
}

// EncodeSurfaceTexture encodes a SurfaceTexture.
func EncodeSurfaceTexture(t *SurfaceTexture) ([]byte, error) {
	e := newEncoder("SurfaceTexture", t.ID, 13+4*len(t.Textures))
	e.u32(t.ID)
	e.i32(t.Unknown)
	e.u8(t.UnknownByte)
	e.count(len(t.Textures))
	for _, x := range t.Textures {
		e.u32(x)
	}
	return e.result()
}

// RenderSurface is a 0x06 (or 0x07) Texture / RenderSurface: the pixels of
// one image in its stored format. DefaultPaletteID is present exactly for
// the paletted formats (P8, INDEX16). The decoder checks the layout only;
// package texture checks that the pixels fit the size and format.
type RenderSurface struct {
	ID               uint32      `json:"id"`
	Unknown          int32       `json:"unknown"`
	Width            int32       `json:"width"`
	Height           int32       `json:"height"`
	Format           PixelFormat `json:"format"`
	SourceData       []byte      `json:"source_data"`
	DefaultPaletteID uint32      `json:"default_palette_id,omitempty"`
}

// DecodeRenderSurface decodes a RenderSurface: id, i32 unknown, i32 width,
// i32 height, u32 format, i32 length, length bytes, and a u32 palette id for
// P8 and INDEX16 (ACE Texture).
func DecodeRenderSurface(id uint32, data []byte) (*RenderSurface, error) {
	d := newDecoder("RenderSurface", id, data)
	s := &RenderSurface{ID: d.at("id").u32(), Unknown: d.at("unknown").i32()}
	s.Width, s.Height = d.at("width").i32(), d.at("height").i32()
	if d.err == nil && (s.Width < 0 || s.Height < 0) {
		d.Off -= 8
		d.failf("negative size %d×%d", s.Width, s.Height)
	}
	s.Format = PixelFormat(d.at("format").u32())
	length := d.at("source length").i32()
	if n := d.at("source data").scount(length, 1, "source byte"); n > 0 && d.need(n) {
		s.SourceData = make([]byte, n)
		copy(s.SourceData, d.B[d.Off:])
		d.Off += n
	}
	if s.Format.Paletted() {
		s.DefaultPaletteID = d.at("default palette id").u32()
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

// EncodeRenderSurface encodes a RenderSurface.
func EncodeRenderSurface(s *RenderSurface) ([]byte, error) {
	e := newEncoder("RenderSurface", s.ID, 28+len(s.SourceData))
	if s.Width < 0 || s.Height < 0 {
		e.failf("negative size %d×%d", s.Width, s.Height)
	}
	e.u32(s.ID)
	e.i32(s.Unknown)
	e.i32(s.Width)
	e.i32(s.Height)
	e.u32(uint32(s.Format))
	e.count(len(s.SourceData))
	e.b = append(e.b, s.SourceData...)
	if s.Format.Paletted() {
		e.u32(s.DefaultPaletteID)
	} else if s.DefaultPaletteID != 0 {
		e.failf("default palette on a %v surface", s.Format)
	}
	return e.result()
}
