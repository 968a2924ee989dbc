package view

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
)

// Background is the sky colour the world scene clears to.
var Background = color.RGBA{0x9C, 0xC4, 0xE4, 0xFF}

// ShotEntity is one drawn entity in a screenshot report.
type ShotEntity struct {
	GUID   string `json:"guid"`
	Name   string `json:"archetype"`
	Bounds Rect   `json:"bounds"`
	Tris   int    `json:"tris"`
}

// ShotReport accompanies a --screenshot PNG (written next to it as
// FILE.json): the frame, the background colour and the projected bounds of
// the terrain and of every entity drawn, so a test can check the pixels.
type ShotReport struct {
	Frame      int          `json:"frame"`
	Width      int          `json:"width"`
	Height     int          `json:"height"`
	Background [4]uint8     `json:"background"`
	Terrain    Rect         `json:"terrain"`
	Entities   []ShotEntity `json:"entities"`
}

// NewShotReport describes the renderer's last Build.
func NewShotReport(r *Renderer, frame, w, h int) *ShotReport {
	rep := &ShotReport{Frame: frame, Width: w, Height: h,
		Background: [4]uint8{Background.R, Background.G, Background.B, Background.A}, Terrain: r.TerrainBounds}
	for _, d := range r.Drawn {
		if d.Tris == 0 {
			continue // in view, but every triangle was culled or clipped: nothing drawn to check
		}
		rep.Entities = append(rep.Entities, ShotEntity{GUID: fmt.Sprintf("0x%08X", d.GUID), Name: d.Name, Bounds: d.Bounds, Tris: d.Tris})
	}
	return rep
}

// WriteShotReport writes the report as indented JSON.
func WriteShotReport(path string, rep *ShotReport) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// ReadShotReport reads a report written by WriteShotReport.
func ReadShotReport(path string) (*ShotReport, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep ShotReport
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &rep, nil
}

// MinTerrainCover is the share of the terrain's bounds that must differ
// from the background.
const MinTerrainCover = 0.5

// MinEntityPixels is how many pixels of each entity's bounds must differ.
const MinEntityPixels = 4

// CheckShot checks a screenshot against its report: the terrain's bounds
// are mostly drawn (pixels differing from the background), and each
// entity's bounds, clipped to the image, are non-empty and hold drawn
// pixels. With bare (the same frame rendered without the entities) an
// entity's pixels must also differ from bare, which proves the entity
// itself was drawn there, not only the ground behind it.
func CheckShot(img image.Image, rep *ShotReport, bare image.Image) error {
	bg := color.RGBA{rep.Background[0], rep.Background[1], rep.Background[2], rep.Background[3]}
	b := img.Bounds()
	if b.Dx() != rep.Width || b.Dy() != rep.Height {
		return fmt.Errorf("image is %dx%d, report says %dx%d", b.Dx(), b.Dy(), rep.Width, rep.Height)
	}
	if bare != nil && bare.Bounds() != b {
		return fmt.Errorf("bare image is %v, shot is %v", bare.Bounds(), b)
	}
	count := func(r Rect, ref image.Image) (diff, total int) {
		c := r.Clip(rep.Width, rep.Height)
		for y := int(c.MinY); y < int(c.MaxY+0.999); y++ {
			for x := int(c.MinX); x < int(c.MaxX+0.999); x++ {
				if x < 0 || y < 0 || x >= rep.Width || y >= rep.Height {
					continue
				}
				total++
				p := rgbaAt(img, b.Min.X+x, b.Min.Y+y)
				if p == bg {
					continue
				}
				if ref != nil && rgbaAt(ref, b.Min.X+x, b.Min.Y+y) == p {
					continue
				}
				diff++
			}
		}
		return diff, total
	}
	if rep.Terrain.Empty() {
		return fmt.Errorf("no terrain was drawn")
	}
	if d, n := count(rep.Terrain, nil); n == 0 || float64(d) < MinTerrainCover*float64(n) {
		return fmt.Errorf("terrain: %d of %d pixels in %+v differ from the background", d, n, rep.Terrain)
	}
	for _, e := range rep.Entities {
		if e.Bounds.Clip(rep.Width, rep.Height).Empty() {
			return fmt.Errorf("entity %s (%s): bounds %+v are off screen", e.GUID, e.Name, e.Bounds)
		}
		if d, n := count(e.Bounds, bare); d < MinEntityPixels {
			return fmt.Errorf("entity %s (%s): %d of %d pixels in %+v drawn", e.GUID, e.Name, d, n, e.Bounds)
		}
	}
	return nil
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	if m, ok := img.(*image.RGBA); ok {
		i := m.PixOffset(x, y)
		return color.RGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3]}
	}
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}
