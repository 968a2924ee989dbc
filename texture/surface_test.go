package texture

import (
	"errors"
	"fmt"
	"testing"

	"github.com/dereth/dereth/dat"
)

// fakeSource serves objects from maps.
type fakeSource struct {
	surfaces map[uint32]*dat.Surface
	textures map[uint32]*dat.SurfaceTexture
	renders  map[uint32]*dat.RenderSurface
	palettes map[uint32]*dat.Palette
}

var errMissing = errors.New("missing")

func get[T any](m map[uint32]*T, id uint32) (*T, error) {
	if v, ok := m[id]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("0x%08X: %w", id, errMissing)
}

func (f *fakeSource) Surface(id uint32) (*dat.Surface, error) { return get(f.surfaces, id) }
func (f *fakeSource) SurfaceTexture(id uint32) (*dat.SurfaceTexture, error) {
	return get(f.textures, id)
}
func (f *fakeSource) RenderSurface(id uint32) (*dat.RenderSurface, error) { return get(f.renders, id) }
func (f *fakeSource) Palette(id uint32) (*dat.Palette, error)             { return get(f.palettes, id) }

// ramp is a palette of n colours, colour i = 0xFF000000 | base + i.
func ramp(id uint32, n int, base uint32) *dat.Palette {
	p := &dat.Palette{ID: id, Colors: make([]uint32, n)}
	for i := range p.Colors {
		p.Colors[i] = 0xFF000000 | (base + uint32(i))
	}
	return p
}

func TestSwap(t *testing.T) {
	pals := map[uint32]*dat.Palette{0x04000002: ramp(0x04000002, 2048, 0x100000), 0x04000003: ramp(0x04000003, 20, 0x200000)}
	load := func(id uint32) (*dat.Palette, error) { return get(pals, id) }
	base := ramp(0x04000001, 2048, 0).Colors
	tests := []struct {
		name    string
		subs    []SubPalette
		changed [][2]int // [first, end) ranges expected from the sub palette
		from    uint32
	}{
		{"none", nil, nil, 0},
		{"offset 1 count 2 is colours 8..23", []SubPalette{{ID: 0x04000002, Offset: 1, Count: 2}}, [][2]int{{8, 24}}, 0x100000},
		{"count 0 is all 2048", []SubPalette{{ID: 0x04000002, Offset: 0, Count: 0}}, [][2]int{{0, 2048}}, 0x100000},
		{"a short palette changes what it has", []SubPalette{{ID: 0x04000003, Offset: 2, Count: 1}}, [][2]int{{16, 20}}, 0x200000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Swap(base, tc.subs, load)
			if err != nil {
				t.Fatal(err)
			}
			for i, c := range got {
				want := base[i]
				for _, r := range tc.changed {
					if i >= r[0] && i < r[1] {
						want = 0xFF000000 | (tc.from + uint32(i))
					}
				}
				if c != want {
					t.Fatalf("colour %d = %08X, want %08X", i, c, want)
				}
			}
			if &got[0] == &base[0] {
				t.Fatal("Swap changed the base palette in place")
			}
		})
	}
	if _, err := Swap(base, []SubPalette{{ID: 0x04000009}}, load); !errors.Is(err, errMissing) {
		t.Errorf("missing subpalette: err %v", err)
	}
}

func TestResolve(t *testing.T) {
	src := &fakeSource{
		surfaces: map[uint32]*dat.Surface{
			0x08000001: {ID: 0x08000001, Type: dat.SurfaceBase1Solid, Color: 0xFF102030, Diffuse: 1},
			0x08000002: {ID: 0x08000002, Type: dat.SurfaceBase1Image, OrigTextureID: 0x05000001, Diffuse: 0.5},
			0x08000003: {ID: 0x08000003, Type: dat.SurfaceBase1ClipMap | dat.SurfaceTranslucent | dat.SurfaceLuminous,
				OrigTextureID: 0x05000001, OrigPaletteID: 0x04000002, Translucency: 0.25, Luminosity: 0.75},
			0x08000004: {ID: 0x08000004, Type: dat.SurfaceBase1Image, OrigTextureID: 0x05000009},
			0x08000005: {ID: 0x08000005, Type: dat.SurfaceBase1Image, OrigTextureID: 0x05000003},
		},
		textures: map[uint32]*dat.SurfaceTexture{
			0x05000001: {ID: 0x05000001, Textures: []uint32{0x06000001, 0x06000099}},
			0x05000002: {ID: 0x05000002, Textures: []uint32{0x06000002}},
			0x05000003: {ID: 0x05000003},
		},
		renders: map[uint32]*dat.RenderSurface{
			0x06000001: {ID: 0x06000001, Width: 2, Height: 2, Format: dat.PixelP8, SourceData: []byte{1, 9, 17, 3}, DefaultPaletteID: 0x04000001},
			0x06000002: {ID: 0x06000002, Width: 1, Height: 1, Format: dat.PixelA8R8G8B8, SourceData: []byte{3, 2, 1, 0xFF}},
		},
		palettes: map[uint32]*dat.Palette{
			0x04000001: ramp(0x04000001, 32, 0x000000),
			0x04000002: ramp(0x04000002, 32, 0x010000),
			0x04000003: ramp(0x04000003, 32, 0x020000),
		},
	}
	tests := []struct {
		name      string
		id        uint32
		ch        *Changes
		texture   uint32
		pixels    []uint32 // 0xAARRGGBB of the first pixels; nil for a solid colour
		colour    uint32
		alpha     float32
		lum       float32
		alphaTest bool
		err       error
	}{
		{"solid", 0x08000001, nil, 0, nil, 0xFF102030, 1, 0, false, nil},
		{"image through the default palette", 0x08000002, nil, 0x06000001, []uint32{0xFF000001, 0xFF000009, 0xFF000011, 0xFF000003}, 0xFFFFFFFF, 1, 0, false, nil},
		{"the surface's palette, clip map, translucent, luminous", 0x08000003, nil, 0x06000001,
			[]uint32{0, 0xFF010009, 0xFF010011, 0}, 0xFFFFFFFF, 0.75, 0.75, true, nil},
		{"subpalette over colours 16..23", 0x08000002, &Changes{SubPalettes: []SubPalette{{ID: 0x04000003, Offset: 2, Count: 1}}},
			0x06000001, []uint32{0xFF000001, 0xFF000009, 0xFF020011, 0xFF000003}, 0xFFFFFFFF, 1, 0, false, nil},
		{"ObjDesc base palette over the surface's own", 0x08000003, &Changes{Palette: 0x04000003}, 0x06000001,
			[]uint32{0, 0xFF020009, 0xFF020011, 0}, 0xFFFFFFFF, 0.75, 0.75, true, nil},
		{"subpalette over the ObjDesc base palette", 0x08000002, &Changes{Palette: 0x04000002, SubPalettes: []SubPalette{{ID: 0x04000003, Offset: 2, Count: 1}}},
			0x06000001, []uint32{0xFF010001, 0xFF010009, 0xFF020011, 0xFF010003}, 0xFFFFFFFF, 1, 0, false, nil},
		{"missing ObjDesc base palette", 0x08000002, &Changes{Palette: 0x04000077}, 0, nil, 0, 0, 0, false, errMissing},
		{"texture swap", 0x08000002, &Changes{Textures: map[uint32]uint32{0x05000001: 0x05000002}}, 0x06000002, []uint32{0xFF010203}, 0xFFFFFFFF, 1, 0, false, nil},
		{"missing surface texture", 0x08000004, nil, 0, nil, 0, 0, 0, false, errMissing},
		{"empty surface texture", 0x08000005, nil, 0, nil, 0, 0, 0, false, nil},
		{"missing surface", 0x08000077, nil, 0, nil, 0, 0, 0, false, errMissing},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Resolve(src, tc.id, tc.ch)
			if tc.colour == 0 { // an error case
				if err == nil || (tc.err != nil && !errors.Is(err, tc.err)) {
					t.Fatalf("err %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := m.Color
			if got := uint32(c.A)<<24 | uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B); got != tc.colour {
				t.Errorf("colour %08X, want %08X", got, tc.colour)
			}
			if m.TextureID != tc.texture || (m.Image == nil) != (tc.pixels == nil) {
				t.Fatalf("texture 0x%08X image %v, want 0x%08X", m.TextureID, m.Image != nil, tc.texture)
			}
			for i, want := range tc.pixels {
				p := m.Image.NRGBAAt(i%m.Image.Rect.Dx(), i/m.Image.Rect.Dx())
				if got := uint32(p.A)<<24 | uint32(p.R)<<16 | uint32(p.G)<<8 | uint32(p.B); got != want {
					t.Errorf("pixel %d = %08X, want %08X", i, got, want)
				}
			}
			if m.Alpha != tc.alpha || m.Luminosity != tc.lum || m.AlphaTest != tc.alphaTest {
				t.Errorf("alpha %v luminosity %v alpha test %v, want %v %v %v", m.Alpha, m.Luminosity, m.AlphaTest, tc.alpha, tc.lum, tc.alphaTest)
			}
		})
	}
}
