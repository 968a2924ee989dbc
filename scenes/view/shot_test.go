package view

import (
	"image"
	"image/color"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckShot(t *testing.T) {
	rep := &ShotReport{Width: 40, Height: 30, Background: [4]uint8{1, 2, 3, 255},
		Terrain:  Rect{0, 15, 40, 30},
		Entities: []ShotEntity{{GUID: "0x1", Name: "a", Bounds: Rect{10, 10, 14, 20}}}}
	bg := color.RGBA{1, 2, 3, 255}
	ground := color.RGBA{0, 200, 0, 255}
	fill := func(img *image.RGBA, r image.Rectangle, c color.RGBA) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	bare := image.NewRGBA(image.Rect(0, 0, 40, 30))
	fill(bare, bare.Rect, bg)
	fill(bare, image.Rect(0, 15, 40, 30), ground)
	shot := image.NewRGBA(bare.Rect)
	copy(shot.Pix, bare.Pix)
	if err := CheckShot(shot, rep, bare); err == nil || !strings.Contains(err.Error(), "entity 0x1") {
		t.Fatalf("an entity only the ground shows through passed: %v", err)
	}
	fill(shot, image.Rect(11, 12, 13, 18), color.RGBA{200, 0, 0, 255})
	if err := CheckShot(shot, rep, bare); err != nil {
		t.Fatal(err)
	}
	sky := image.NewRGBA(bare.Rect)
	fill(sky, sky.Rect, bg)
	if err := CheckShot(sky, rep, nil); err == nil || !strings.Contains(err.Error(), "terrain") {
		t.Fatalf("a blank sky passed: %v", err)
	}
	rep.Entities[0].Bounds = Rect{50, 50, 60, 60}
	if err := CheckShot(shot, rep, nil); err == nil || !strings.Contains(err.Error(), "off screen") {
		t.Fatalf("off-screen bounds passed: %v", err)
	}
	p := filepath.Join(t.TempDir(), "r.json")
	if err := WriteShotReport(p, rep); err != nil {
		t.Fatal(err)
	}
	back, err := ReadShotReport(p)
	if err != nil || back.Entities[0].Bounds != rep.Entities[0].Bounds || back.Width != 40 {
		t.Fatalf("round trip %+v, %v", back, err)
	}
}
