package dat

import (
	"errors"
	"strings"
	"testing"
)

// TestTextureTruncation cuts the texture objects inside each field: the
// error must be a truncation naming that field and the offset it starts at.
func TestTextureTruncation(t *testing.T) {
	p8 := fixtureRenderSurfaces()[0] // 2×2 P8: source at 24..28, palette id at 28
	tests := []struct {
		name   string
		obj    any
		cut    int
		field  string
		offset int
	}{
		{"palette id", fixturePalette(), 2, "id", 0},
		{"palette count", fixturePalette(), 5, "color count", 4},
		{"palette colours", fixturePalette(), 14, "colors", 8},
		{"surface texture unknown", fixtureSurfaceTexture(), 6, "unknown", 4},
		{"surface texture byte", fixtureSurfaceTexture(), 8, "unknown byte", 8},
		{"surface texture count", fixtureSurfaceTexture(), 10, "texture count", 9},
		{"surface texture ids", fixtureSurfaceTexture(), 15, "textures", 13},
		{"render surface width", p8, 9, "width", 8},
		{"render surface height", p8, 13, "height", 12},
		{"render surface format", p8, 18, "format", 16},
		{"render surface length", p8, 21, "source length", 20},
		{"render surface source", p8, 26, "source data", 24},
		{"render surface palette", p8, 30, "default palette id", 28},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, data, err := Encode(tc.obj)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Decode(objectType(tc.obj), id, data[:tc.cut])
			var de *DecodeError
			if !errors.As(err, &de) || !errors.Is(err, ErrTruncated) {
				t.Fatalf("err %v, want a truncation DecodeError", err)
			}
			if de.Field != tc.field || de.Offset != tc.offset {
				t.Errorf("field %q at 0x%X, want %q at 0x%X (%v)", de.Field, de.Offset, tc.field, tc.offset, err)
			}
		})
	}
}

// TestTextureEveryCut decodes every proper prefix of every texture
// fixture: each must fail cleanly.
func TestTextureEveryCut(t *testing.T) {
	for _, obj := range fixtures() {
		typ := objectType(obj)
		if typ != TypePalette && typ != TypeSurfaceTexture && typ != TypeRenderSurface {
			continue
		}
		id, data, err := Encode(obj)
		if err != nil {
			t.Fatal(err)
		}
		for n := range len(data) {
			if _, err := Decode(typ, id, data[:n]); err == nil {
				t.Errorf("%s 0x%08X cut to %d of %d bytes decoded", typ, id, n, len(data))
			}
		}
	}
}

func TestRenderSurfaceChecks(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"negative width", []byte{1, 0, 0, 6, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0}, "negative size"},
		{"negative length", []byte{1, 0, 0, 6, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF}, "negative"},
		{"length past the end", []byte{1, 0, 0, 6, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 9, 0, 0, 0, 1}, "source byte count 9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeRenderSurface(0x06000001, tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
	if got := PixelDXT5.String(); got != "DXT5" {
		t.Errorf("PixelDXT5 prints %q", got)
	}
	if got := PixelFormat(7).String(); got != "PixelFormat(7)" {
		t.Errorf("unknown format prints %q", got)
	}
}
