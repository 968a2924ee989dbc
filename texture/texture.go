// Package texture turns the DAT's texture objects into pixels: it decodes a
// RenderSurface in any retail pixel format (P8 and INDEX16 through a
// palette, R8G8B8, A8R8G8B8, X8R8G8B8, R5G6B5, A4R4G4B4, A8, the
// landscape formats, DXT1, DXT3, DXT5 and JPEG) to an *image.NRGBA, applies
// an ObjDesc's subpalette swaps to a palette, and resolves a Surface —
// solid colour or texture, with its translucency, luminosity and clip-map
// alpha test — into a Material a renderer draws. It does not import
// ebiten: the viewer uploads the images.
//
// Decoding is bounded: sizes above MaxSize are refused, the source must
// hold every pixel the size and format need before anything is allocated,
// and no input makes the decoder panic.
package texture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"

	"github.com/dereth/dereth/dat"
)

// MaxSize is the largest width or height decoded. Retail textures are at
// most 512 pixels a side (1024 in the high-resolution DAT); 2048 leaves room
// and bounds one image at 16 MiB.
const MaxSize = 2048

// Error is a decode failure: which RenderSurface, its format, and why.
type Error struct {
	ID     uint32
	Format dat.PixelFormat
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("texture: RenderSurface 0x%08X (%v): %v", e.ID, e.Format, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Errors wrapped by Error.
var (
	ErrSize      = errors.New("size out of range")
	ErrShort     = errors.New("source too short")
	ErrFormat    = errors.New("unsupported pixel format")
	ErrPalette   = errors.New("palette index out of range")
	ErrNoPalette = errors.New("paletted format without a palette")
)

// bytesPerPixel of the uncompressed formats.
var bytesPerPixel = map[dat.PixelFormat]int{
	dat.PixelR8G8B8: 3, dat.PixelLscapeR8G8B8: 3, dat.PixelA8R8G8B8: 4, dat.PixelX8R8G8B8: 4,
	dat.PixelR5G6B5: 2, dat.PixelA4R4G4B4: 2, dat.PixelA8: 1, dat.PixelLscapeAlpha: 1,
	dat.PixelP8: 1, dat.PixelIndex16: 2,
}

// SourceSize returns the bytes a w×h surface of format f needs (DXT formats
// round the size up to whole 4×4 blocks), and false for JPEG and unknown
// formats.
func SourceSize(f dat.PixelFormat, w, h int) (int, bool) {
	switch f {
	case dat.PixelDXT1:
		return ((w + 3) / 4) * ((h + 3) / 4) * 8, true
	case dat.PixelDXT3, dat.PixelDXT5:
		return ((w + 3) / 4) * ((h + 3) / 4) * 16, true
	}
	if b, ok := bytesPerPixel[f]; ok {
		return w * h * b, true
	}
	return 0, false
}

// Options change how paletted pixels decode.
type Options struct {
	// ClipMap makes palette indices 0–7 fully transparent, the retail rule
	// for Base1ClipMap surfaces (ACViewer applies it the same way).
	ClipMap bool
}

// Decode decodes a RenderSurface's pixels. palette (0xAARRGGBB colours) is
// required for P8 and INDEX16 and ignored otherwise; an index past its end
// is an error. A8 and the landscape alpha format decode as white with the
// byte as alpha (Direct3D's A8; ACE shows it as grey). R5G6B5 and
// A4R4G4B4 widen each channel by repeating its high bits, so full scale is
// 255. Source bytes past what the size needs are ignored.
func Decode(rs *dat.RenderSurface, palette []uint32, opt Options) (*image.NRGBA, error) {
	img, err := decode(rs, palette, opt)
	if err != nil {
		return nil, &Error{ID: rs.ID, Format: rs.Format, Err: err}
	}
	return img, nil
}

func decode(rs *dat.RenderSurface, palette []uint32, opt Options) (*image.NRGBA, error) {
	w, h := int(rs.Width), int(rs.Height)
	if w < 1 || h < 1 || w > MaxSize || h > MaxSize {
		return nil, fmt.Errorf("%w: %d×%d (1..%d a side)", ErrSize, rs.Width, rs.Height, MaxSize)
	}
	src := rs.SourceData
	if rs.Format == dat.PixelJPEG {
		return decodeJPEG(src, w, h)
	}
	need, ok := SourceSize(rs.Format, w, h)
	if !ok {
		return nil, ErrFormat
	}
	if len(src) < need {
		return nil, fmt.Errorf("%w: %d×%d needs %d bytes, has %d", ErrShort, w, h, need, len(src))
	}
	if rs.Format.Paletted() && len(palette) == 0 {
		return nil, ErrNoPalette
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	pix := img.Pix
	n := w * h
	switch rs.Format {
	case dat.PixelR8G8B8:
		for i := range n {
			s, d := src[i*3:i*3+3:i*3+3], pix[i*4:i*4+4:i*4+4]
			d[0], d[1], d[2], d[3] = s[2], s[1], s[0], 0xFF
		}
	case dat.PixelLscapeR8G8B8:
		for i := range n {
			s, d := src[i*3:i*3+3:i*3+3], pix[i*4:i*4+4:i*4+4]
			d[0], d[1], d[2], d[3] = s[0], s[1], s[2], 0xFF
		}
	case dat.PixelA8R8G8B8, dat.PixelX8R8G8B8:
		x := rs.Format == dat.PixelX8R8G8B8
		for i := range n {
			s, d := src[i*4:i*4+4:i*4+4], pix[i*4:i*4+4:i*4+4]
			d[0], d[1], d[2], d[3] = s[2], s[1], s[0], s[3]
			if x {
				d[3] = 0xFF
			}
		}
	case dat.PixelR5G6B5:
		for i := range n {
			put565(pix[i*4:i*4+4:i*4+4], binary.LittleEndian.Uint16(src[i*2:]))
			pix[i*4+3] = 0xFF
		}
	case dat.PixelA4R4G4B4:
		for i := range n {
			v := binary.LittleEndian.Uint16(src[i*2:])
			d := pix[i*4 : i*4+4 : i*4+4]
			d[0], d[1], d[2], d[3] = uint8(v>>8&0xF)*17, uint8(v>>4&0xF)*17, uint8(v&0xF)*17, uint8(v>>12)*17
		}
	case dat.PixelA8, dat.PixelLscapeAlpha:
		for i := range n {
			d := pix[i*4 : i*4+4 : i*4+4]
			d[0], d[1], d[2], d[3] = 0xFF, 0xFF, 0xFF, src[i]
		}
	case dat.PixelP8:
		lut := lookup(palette, opt)
		for i, ix := range src[:n] {
			if int(ix) >= len(lut) {
				return nil, fmt.Errorf("%w: pixel %d is %d, the palette has %d colours", ErrPalette, i, ix, len(palette))
			}
			binary.LittleEndian.PutUint32(pix[i*4:], lut[ix])
		}
	case dat.PixelIndex16:
		lut := lookup(palette, opt)
		for i := range n {
			ix := binary.LittleEndian.Uint16(src[i*2:])
			if int(ix) >= len(lut) {
				return nil, fmt.Errorf("%w: pixel %d is %d, the palette has %d colours", ErrPalette, i, ix, len(palette))
			}
			binary.LittleEndian.PutUint32(pix[i*4:], lut[ix])
		}
	case dat.PixelDXT1:
		decodeBlocks(pix, w, h, src, 8, dxt1Block)
	case dat.PixelDXT3:
		decodeBlocks(pix, w, h, src, 16, dxt3Block)
	case dat.PixelDXT5:
		decodeBlocks(pix, w, h, src, 16, dxt5Block)
	}
	return img, nil
}

// lookup converts a palette to NRGBA pixels packed as little-endian u32
// (R in the low byte), applying the clip-map rule.
func lookup(palette []uint32, opt Options) []uint32 {
	lut := make([]uint32, len(palette))
	for i, c := range palette {
		// 0xAARRGGBB → bytes R, G, B, A.
		lut[i] = c&0xFF00FF00 | c>>16&0xFF | c&0xFF<<16
		if opt.ClipMap && i < 8 {
			lut[i] = 0
		}
	}
	return lut
}

// put565 writes an R5G6B5 colour's R, G, B (bit-replicated to 8 bits).
func put565(d []byte, v uint16) {
	r, g, b := uint8(v>>11), uint8(v>>5&0x3F), uint8(v&0x1F)
	d[0], d[1], d[2] = r<<3|r>>2, g<<2|g>>4, b<<3|b>>2
}

func decodeJPEG(src []byte, w, h int) (*image.NRGBA, error) {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("JPEG header: %w", err)
	}
	if cfg.Width != w || cfg.Height != h {
		return nil, fmt.Errorf("%w: JPEG is %d×%d, the surface says %d×%d", ErrSize, cfg.Width, cfg.Height, w, h)
	}
	m, err := jpeg.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("JPEG: %w", err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, m, m.Bounds().Min, draw.Src)
	return img, nil
}
