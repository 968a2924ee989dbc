package texture

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"runtime/metrics"
	"testing"

	"github.com/dereth/dereth/dat"
)

// px is an expected pixel (color.NRGBA's fields; a local type keeps literals short).
type px struct{ R, G, B, A uint8 }

// dxtColour is a DXT colour block: red and blue end points in the given
// order, every row's indices 0, 1, 2, 3 (0xE4).
func dxtColour(c0, c1 uint16) []byte {
	return []byte{byte(c0), byte(c0 >> 8), byte(c1), byte(c1 >> 8), 0xE4, 0xE4, 0xE4, 0xE4}
}

const red565, blue565 = 0xF800, 0x001F

// dxt5Alpha is a DXT5 alpha block with end points a0, a1 and every row's
// codes 0, 1, 2, 7.
func dxt5Alpha(a0, a1 byte) []byte {
	var bits uint64
	for i := range 16 {
		bits |= uint64([]int{0, 1, 2, 7}[i%4]) << (3 * i)
	}
	return []byte{a0, a1, byte(bits), byte(bits >> 8), byte(bits >> 16), byte(bits >> 24), byte(bits >> 32), byte(bits >> 40)}
}

func row(p ...px) []px { return p }

// rows repeats one 4-pixel row four times (a whole DXT block).
func rows(r []px) []px {
	var out []px
	for range 4 {
		out = append(out, r...)
	}
	return out
}

func TestDecodeFormats(t *testing.T) {
	pal := []uint32{0xFF000000, 0xFFFF0000, 0x8000FF00, 0xFF0000FF, 0xFFFFFFFF, 0xFF102030, 0xFF000001, 0xFF000002, 0xFF808080}
	tests := []struct {
		name string
		f    dat.PixelFormat
		w, h int
		src  []byte
		pal  []uint32
		opt  Options
		want []px
	}{
		{"R8G8B8 stores B G R", dat.PixelR8G8B8, 2, 1, []byte{0x10, 0x20, 0x30, 0xFF, 0, 0}, nil, Options{},
			row(px{0x30, 0x20, 0x10, 0xFF}, px{0, 0, 0xFF, 0xFF})},
		{"landscape R8G8B8 stores R G B", dat.PixelLscapeR8G8B8, 1, 1, []byte{0x10, 0x20, 0x30}, nil, Options{},
			row(px{0x10, 0x20, 0x30, 0xFF})},
		{"A8R8G8B8", dat.PixelA8R8G8B8, 2, 1, []byte{0x30, 0x20, 0x10, 0x80, 0, 0, 0xFF, 0xFF}, nil, Options{},
			row(px{0x10, 0x20, 0x30, 0x80}, px{0xFF, 0, 0, 0xFF})},
		{"X8R8G8B8 ignores alpha", dat.PixelX8R8G8B8, 1, 1, []byte{0x30, 0x20, 0x10, 0x00}, nil, Options{},
			row(px{0x10, 0x20, 0x30, 0xFF})},
		{"R5G6B5", dat.PixelR5G6B5, 4, 1, []byte{0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00, 0x10, 0x84}, nil, Options{},
			row(px{0xFF, 0, 0, 0xFF}, px{0, 0xFF, 0, 0xFF}, px{0, 0, 0xFF, 0xFF}, px{0x84, 0x82, 0x84, 0xFF})},
		{"A4R4G4B4", dat.PixelA4R4G4B4, 2, 1, []byte{0x0F, 0xF8, 0x21, 0x03}, nil, Options{},
			row(px{0x88, 0x00, 0xFF, 0xFF}, px{0x33, 0x22, 0x11, 0x00})},
		{"A8 is alpha", dat.PixelA8, 2, 1, []byte{0x00, 0x7F}, nil, Options{},
			row(px{0xFF, 0xFF, 0xFF, 0x00}, px{0xFF, 0xFF, 0xFF, 0x7F})},
		{"landscape alpha", dat.PixelLscapeAlpha, 1, 1, []byte{0x40}, nil, Options{}, row(px{0xFF, 0xFF, 0xFF, 0x40})},
		{"P8", dat.PixelP8, 4, 1, []byte{1, 2, 3, 5}, pal, Options{},
			row(px{0xFF, 0, 0, 0xFF}, px{0, 0xFF, 0, 0x80}, px{0, 0, 0xFF, 0xFF}, px{0x10, 0x20, 0x30, 0xFF})},
		{"P8 clip map hides indices below 8", dat.PixelP8, 3, 1, []byte{1, 7, 8}, pal, Options{ClipMap: true},
			row(px{}, px{}, px{0x80, 0x80, 0x80, 0xFF})},
		{"INDEX16", dat.PixelIndex16, 2, 1, []byte{8, 0, 4, 0}, pal, Options{},
			row(px{0x80, 0x80, 0x80, 0xFF}, px{0xFF, 0xFF, 0xFF, 0xFF})},
		{"DXT1 four colours", dat.PixelDXT1, 4, 4, dxtColour(red565, blue565), nil, Options{},
			rows(row(px{0xFF, 0, 0, 0xFF}, px{0, 0, 0xFF, 0xFF}, px{170, 0, 85, 0xFF}, px{85, 0, 170, 0xFF}))},
		{"DXT1 three colours and transparent", dat.PixelDXT1, 4, 4, dxtColour(blue565, red565), nil, Options{},
			rows(row(px{0, 0, 0xFF, 0xFF}, px{0xFF, 0, 0, 0xFF}, px{127, 0, 127, 0xFF}, px{}))},
		{"DXT1 5×1 keeps the pixels inside", dat.PixelDXT1, 5, 1, append(dxtColour(red565, blue565), dxtColour(blue565, red565)...), nil, Options{},
			row(px{0xFF, 0, 0, 0xFF}, px{0, 0, 0xFF, 0xFF}, px{170, 0, 85, 0xFF}, px{85, 0, 170, 0xFF}, px{0, 0, 0xFF, 0xFF})},
		{"DXT3 explicit alpha", dat.PixelDXT3, 4, 4,
			append([]byte{0x50, 0xFA, 0x50, 0xFA, 0x50, 0xFA, 0x50, 0xFA}, dxtColour(blue565, red565)...), nil, Options{},
			// DXT3 colour blocks are always four-colour, whatever the end-point order.
			rows(row(px{0, 0, 0xFF, 0}, px{0xFF, 0, 0, 0x55}, px{85, 0, 170, 0xAA}, px{170, 0, 85, 0xFF}))},
		{"DXT5 eight alphas", dat.PixelDXT5, 4, 4, append(dxt5Alpha(255, 0), dxtColour(red565, blue565)...), nil, Options{},
			rows(row(px{0xFF, 0, 0, 255}, px{0, 0, 0xFF, 0}, px{170, 0, 85, 219}, px{85, 0, 170, 36}))},
		{"DXT5 six alphas, 0 and 255", dat.PixelDXT5, 4, 4, append(dxt5Alpha(0, 100), dxtColour(red565, blue565)...), nil, Options{},
			rows(row(px{0xFF, 0, 0, 0}, px{0, 0, 0xFF, 100}, px{170, 0, 85, 20}, px{85, 0, 170, 255}))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := &dat.RenderSurface{ID: 0x06000001, Width: int32(tc.w), Height: int32(tc.h), Format: tc.f, SourceData: tc.src}
			img, err := Decode(rs, tc.pal, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if img.Rect != image.Rect(0, 0, tc.w, tc.h) {
				t.Fatalf("bounds %v", img.Rect)
			}
			for i, want := range tc.want {
				if got := px(img.NRGBAAt(i%tc.w, i/tc.w)); got != want {
					t.Errorf("pixel (%d,%d) = %v, want %v", i%tc.w, i/tc.w, got, want)
				}
			}
		})
	}
}

func TestDecodeJPEG(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	for i := range src.Pix {
		src.Pix[i] = []byte{0xC0, 0x40, 0x20, 0xFF}[i%4]
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	rs := &dat.RenderSurface{ID: 0x06000002, Width: 16, Height: 8, Format: dat.PixelJPEG, SourceData: buf.Bytes()}
	img, err := Decode(rs, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := img.NRGBAAt(5, 5)
	near := func(a, b uint8) bool { return a+4 >= b && b+4 >= a }
	if !near(c.R, 0xC0) || !near(c.G, 0x40) || !near(c.B, 0x20) || c.A != 0xFF {
		t.Errorf("JPEG pixel %v, want about {C0 40 20 FF}", c)
	}
	rs.Width = 17
	if _, err := Decode(rs, nil, Options{}); !errors.Is(err, ErrSize) {
		t.Errorf("JPEG of another size: err %v, want ErrSize", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		rs   dat.RenderSurface
		pal  []uint32
		want error
	}{
		{"zero width", dat.RenderSurface{Width: 0, Height: 4, Format: dat.PixelA8, SourceData: make([]byte, 4)}, nil, ErrSize},
		{"too wide", dat.RenderSurface{Width: MaxSize + 1, Height: 1, Format: dat.PixelA8, SourceData: make([]byte, MaxSize+1)}, nil, ErrSize},
		{"huge claim, few bytes", dat.RenderSurface{Width: MaxSize, Height: MaxSize, Format: dat.PixelA8R8G8B8, SourceData: make([]byte, 16)}, nil, ErrShort},
		{"short DXT1", dat.RenderSurface{Width: 8, Height: 4, Format: dat.PixelDXT1, SourceData: make([]byte, 15)}, nil, ErrShort},
		{"short DXT5", dat.RenderSurface{Width: 4, Height: 4, Format: dat.PixelDXT5, SourceData: make([]byte, 8)}, nil, ErrShort},
		{"unknown format", dat.RenderSurface{Width: 1, Height: 1, Format: 7, SourceData: make([]byte, 16)}, nil, ErrFormat},
		{"P8 index past palette", dat.RenderSurface{Width: 2, Height: 1, Format: dat.PixelP8, SourceData: []byte{0, 2}}, []uint32{1, 2}, ErrPalette},
		{"INDEX16 index past palette", dat.RenderSurface{Width: 1, Height: 1, Format: dat.PixelIndex16, SourceData: []byte{0, 1}}, make([]uint32, 256), ErrPalette},
		{"P8 without palette", dat.RenderSurface{Width: 1, Height: 1, Format: dat.PixelP8, SourceData: []byte{0}}, nil, ErrNoPalette},
		{"not a JPEG", dat.RenderSurface{Width: 1, Height: 1, Format: dat.PixelJPEG, SourceData: []byte{1, 2, 3}}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.rs.ID = 0x06000009
			img, err := Decode(&tc.rs, tc.pal, Options{})
			var te *Error
			if img != nil || !errors.As(err, &te) || te.ID != 0x06000009 {
				t.Fatalf("got image %v, err %v; want an *Error for 0x06000009", img != nil, err)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
		})
	}
}

// FuzzDecode decodes arbitrary sizes, formats and bytes: errors are fine;
// panics are not, nor allocating more than the output image (bounded by
// the size the source can fill) and a constant.
func FuzzDecode(f *testing.F) {
	formats := []dat.PixelFormat{dat.PixelR8G8B8, dat.PixelA8R8G8B8, dat.PixelX8R8G8B8, dat.PixelR5G6B5, dat.PixelA4R4G4B4,
		dat.PixelA8, dat.PixelP8, dat.PixelIndex16, dat.PixelLscapeR8G8B8, dat.PixelLscapeAlpha, dat.PixelJPEG,
		dat.PixelDXT1, dat.PixelDXT3, dat.PixelDXT5, 7}
	f.Add(uint8(11), uint16(4), uint16(4), uint16(0), dxtColour(red565, blue565))
	f.Add(uint8(13), uint16(4), uint16(4), uint16(0), append(dxt5Alpha(0, 100), dxtColour(red565, blue565)...))
	f.Add(uint8(6), uint16(2), uint16(2), uint16(3), []byte{0, 1, 2, 3})
	f.Add(uint8(7), uint16(1), uint16(2), uint16(300), []byte{0, 1, 2, 1})
	f.Add(uint8(3), uint16(2000), uint16(2000), uint16(0), []byte{0, 1})
	f.Fuzz(func(t *testing.T, fi uint8, w, h, npal uint16, src []byte) {
		rs := &dat.RenderSurface{ID: 0x06000001, Width: int32(w), Height: int32(h), Format: formats[int(fi)%len(formats)], SourceData: src}
		pal := make([]uint32, npal)
		for i := range pal {
			pal[i] = uint32(i) * 0x01030507
		}
		var img *image.NRGBA
		var err error
		n := measure(func() { img, err = Decode(rs, pal, Options{ClipMap: fi&0x80 != 0}) })
		if err == nil && (img.Rect.Dx() != int(w) || img.Rect.Dy() != int(h)) {
			t.Fatalf("decoded %v for %d×%d", img.Rect, w, h)
		}
		out := uint64(0)
		if err == nil || rs.Format == dat.PixelJPEG {
			out = uint64(w) * uint64(h) * 4
		}
		// JPEG decodes into the library's own image first (YCbCr), then converts.
		bound := 3*out + 4*uint64(npal) + 64*uint64(len(src)) + 1<<16
		if n > bound && measure(func() { Decode(rs, pal, Options{}) }) > bound {
			t.Fatalf("%v %d×%d from %d bytes allocated %d (bound %d)", rs.Format, w, h, len(src), n, bound)
		}
	})
}

// measure runs fn and returns the bytes it allocated (runtime/metrics, no
// stop-the-world).
func measure(fn func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	fn()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

func benchDecode(b *testing.B, f dat.PixelFormat, pal []uint32) {
	const size = 512
	n, _ := SourceSize(f, size, size)
	src := make([]byte, n)
	for i := range src {
		src[i] = byte(i*7 + i>>8)
	}
	rs := &dat.RenderSurface{ID: 0x06000001, Width: size, Height: size, Format: f, SourceData: src}
	b.SetBytes(int64(size * size * 4)) // MB/s of decoded RGBA output
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(rs, pal, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeDXT1 decodes a 512×512 DXT1 surface; MB/s counts the
// decoded RGBA bytes (1 MiB an image).
func BenchmarkDecodeDXT1(b *testing.B) { benchDecode(b, dat.PixelDXT1, nil) }

// BenchmarkDecodeP8 decodes a 512×512 P8 surface through a 256-colour
// palette; MB/s counts the decoded RGBA bytes.
func BenchmarkDecodeP8(b *testing.B) { benchDecode(b, dat.PixelP8, make([]uint32, 256)) }

// TestEncodeDXT1RoundTrip compresses a gradient along one colour line (what
// one DXT1 block can hold) and decodes it: every
// pixel stays within the format's error of the original.
func TestEncodeDXT1RoundTrip(t *testing.T) {
	tests := []struct{ w, h int }{{8, 8}, {6, 5}, {1, 1}}
	for _, tc := range tests {
		img := image.NewNRGBA(image.Rect(0, 0, tc.w, tc.h))
		for y := range tc.h {
			for x := range tc.w {
				i := img.PixOffset(x, y)
				img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(20+x*20), uint8(40+x*10), 90, 0xFF
			}
		}
		rs := &dat.RenderSurface{Width: int32(tc.w), Height: int32(tc.h), Format: dat.PixelDXT1, SourceData: EncodeDXT1(img)}
		got, err := Decode(rs, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range img.Pix {
			if d := int(got.Pix[i]) - int(img.Pix[i]); d < -24 || d > 24 {
				t.Fatalf("%d×%d: byte %d decoded %d, was %d", tc.w, tc.h, i, got.Pix[i], img.Pix[i])
			}
		}
	}
}
