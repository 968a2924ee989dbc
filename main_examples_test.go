//go:build !headless

package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// MaxClearShare is the most of a frame that may be the clear colour (the
// sky, and fog that fades into it) for the frame to count as showing the
// world.
const MaxClearShare = 0.5

// TestExamplesShowGround screenshots every spawn script in examples/ as
// `dereth view --script FILE --screenshot OUT` does (the first frame once
// the world is loaded) and fails on a frame that is mostly the clear
// colour: a script that spawns no player must still stand on streamed
// ground. testdata/void.lua, a figure on a landblock the sample world
// does not have, is the control that must fail the check.
func TestExamplesShowGround(t *testing.T) {
	files, err := filepath.Glob("examples/*.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no examples/*.lua")
	}
	files = append(files, "testdata/void.lua")
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".lua"), func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "shot.png")
			if log, err := dereth(t, "view", "--script", f, "--screenshot", out); err != nil {
				t.Fatalf("dereth view --script %s: %v\n%s", f, err, log)
			}
			img := readShot(t, out)
			share := clearShare(img)
			void := f == "testdata/void.lua"
			t.Logf("%s: %.1f%% of the frame is the clear colour", f, 100*share)
			if !void && share > MaxClearShare {
				t.Errorf("%s: %.1f%% of the frame is the clear colour (more than %.0f%%): no ground drawn", f, 100*share, 100*MaxClearShare)
			}
			if void && share <= MaxClearShare {
				t.Errorf("%s: the control frame is only %.1f%% clear colour; the check cannot tell a void", f, 100*share)
			}
		})
	}
}

func readShot(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// clearShare is the share of img's pixels that are the clear colour. The
// sky the world scene clears to is a vertical gradient (with the fog
// that fades distant ground into it), so every row of it is one colour:
// a pixel counts as clear when it is within 2/255 per channel of its
// row's most common colour. Terrain is textured and lit, so its rows are
// many colours and few of its pixels count.
func clearShare(img image.Image) float64 {
	b := img.Bounds()
	if b.Empty() {
		return 0
	}
	sky := 0
	row := make([]color.RGBA, b.Dx())
	counts := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		clear(counts)
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			row[x-b.Min.X] = c
			counts[c]++
		}
		var mode color.RGBA
		best := 0
		for c, n := range counts {
			if n > best || n == best && less(c, mode) {
				mode, best = c, n
			}
		}
		for _, c := range row {
			if within(c, mode, 2) {
				sky++
			}
		}
	}
	return float64(sky) / float64(b.Dx()*b.Dy())
}

// less orders colours, so a tie for the most common one is broken the
// same way every time.
func less(a, b color.RGBA) bool {
	return uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B) < uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B)
}

func within(a, b color.RGBA, tol int) bool {
	d := func(p, q uint8) bool { x := int(p) - int(q); return x >= -tol && x <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// TestClearShare checks the measure on made-up frames at its boundaries:
// a sky gradient is all clear colour, a noisy texture almost none, a
// frame half of each half, a row 3/255 off its mode is not clear.
func TestClearShare(t *testing.T) {
	fill := func(f func(x, y int) color.RGBA) image.Image {
		img := image.NewRGBA(image.Rect(0, 0, 160, 90))
		for y := range 90 {
			for x := range 160 {
				img.SetRGBA(x, y, f(x, y))
			}
		}
		return img
	}
	sky := func(x, y int) color.RGBA { return color.RGBA{uint8(60 + y), uint8(70 + y), 200, 255} }
	ground := func(x, y int) color.RGBA {
		n := uint8((x*37 + y*91 + x*y*13) % 41)
		return color.RGBA{90 + n, 140 + n/2, 60 + n/3, 255}
	}
	for _, tc := range []struct {
		name     string
		img      image.Image
		min, max float64
	}{
		{"sky", fill(sky), 1, 1},
		{"sky and a figure", fill(func(x, y int) color.RGBA {
			if x >= 70 && x < 90 && y >= 30 && y < 70 {
				return color.RGBA{40, 50, 150, 255}
			}
			return sky(x, y)
		}), 0.9, 0.95},
		{"ground", fill(ground), 0, 0.2},
		{"half sky", fill(func(x, y int) color.RGBA {
			if y < 45 {
				return sky(x, y)
			}
			return ground(x, y)
		}), 0.5, 0.6},
		{"2/255 off the mode is clear", fill(func(x, y int) color.RGBA {
			c := sky(x, y)
			if x%2 == 0 {
				c.R += 2
			}
			return c
		}), 1, 1},
		{"3/255 off is not", fill(func(x, y int) color.RGBA {
			c := sky(x, y)
			if x%4 == 0 {
				c.G += 3
			}
			return c
		}), 0.75, 0.75},
	} {
		if got := clearShare(tc.img); got < tc.min || got > tc.max {
			t.Errorf("%s: clear share %.3f, want %.3f..%.3f", tc.name, got, tc.min, tc.max)
		}
	}
}
