package scenes

import (
	"image"
	"math"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/scenes/view"
)

// skyTimes are the "sky" child's pictures: the sample sky at mid
// morning (the sun in the south-east) and at midnight, both looking the
// same way, at the sun's place at mid morning.
var skyTimes = []struct {
	name string
	day  float32
}{{"sun.png", view.DefaultDayFraction}, {"night.png", 0}}

// sunDirection is where the sample sky's sun stands at fraction day of
// the day: its model's centre turned by its placement (false when it is
// not up).
func sunDirection(a Assets, day float32) (physics.Vec3, bool) {
	s, ok := a.(view.Skyer)
	if !ok {
		return physics.Vec3{}, false
	}
	g, err := a.GfxObj(world.SunGfxObj)
	if err != nil || len(g.Vertices) == 0 {
		return physics.Vec3{}, false
	}
	var c physics.Vec3
	for _, v := range g.Vertices {
		c = c.Add(v.Origin)
	}
	c = c.Scale(1 / float32(len(g.Vertices)))
	for _, p := range view.SkyObjectsAt(s.Sky(), day, nil) {
		if p.Index == world.SkyObjSun {
			return p.SkyDirection(c).Normalize(), true
		}
	}
	return physics.Vec3{}, false
}

// skyCamera stands in the town plaza looking toward dir.
func skyCamera(w, h int, dir physics.Vec3) *view.Camera {
	c, _ := townCamera(w, h)
	c.Yaw = float32(math.Atan2(float64(-dir.Y), float64(-dir.X)))
	c.Pitch = -float32(math.Asin(float64(dir.Z)))
	c.Update()
	return c
}

// skyShots is the "sky" child's testShot: skyTimes drawn by the window's
// own drawing, looking at the mid-morning sun.
func skyShots(dir string) func(g *game, ws *worldScene) {
	return func(g *game, ws *worldScene) {
		sun, ok := sunDirection(ws.assets, view.DefaultDayFraction)
		if !ok {
			g.saveErr = errNoSun
			return
		}
		img := ebiten.NewImage(g.w, g.h)
		for _, v := range skyTimes {
			r := view.NewRenderer(ws.assets)
			r.DayFraction = v.day
			r.HideObjects = true
			renderOffscreen(img, r, nil, skyCamera(g.w, g.h, sun), true)
			if err := writePNG(filepath.Join(dir, v.name), readImage(img)); err != nil && g.saveErr == nil {
				g.saveErr = err
			}
		}
	}
}

type skyError string

func (e skyError) Error() string { return string(e) }

const errNoSun = skyError("the sample sky has no sun at the default time of day")

// TestSunInTheSkyOnGPU: the window draws the sample sky with its sun — at
// mid morning the pixel where the sun's placement projects is the sun's
// white-hot core, the sky a sun's width beside it the dome's blue; at
// midnight, looking the same way, the sun is gone and the sky is dark.
func TestSunInTheSkyOnGPU(t *testing.T) {
	if _, err := worldShader(); err != nil {
		t.Skipf("no world shader: %v", err)
	}
	dir := runViewer(t, "sky")
	_, a, err := loadTestWorld(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	sun, ok := sunDirection(a, view.DefaultDayFraction)
	if !ok {
		t.Fatal(errNoSun)
	}
	const w, h = 800, 450
	cam := skyCamera(w, h, sun)
	sx, sy := cam.ScreenOf(cam.ToCamera(cam.Eye().Add(sun.Scale(1000))))
	if sx < 100 || sx > w-100 || sy < 50 || sy > h-50 {
		t.Fatalf("the sun projects to (%v,%v), off the %d×%d picture's middle", sx, sy, w, h)
	}
	rgbAt := func(img image.Image, x, y float32) (r, g, b uint8) {
		cr, cg, cb, _ := img.At(int(x), int(y)).RGBA()
		return uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8)
	}
	day := readPNG(t, filepath.Join(dir, "sun.png"))
	if day.Bounds().Dx() != w || day.Bounds().Dy() != h {
		t.Fatalf("sun.png is %v, want %d×%d", day.Bounds(), w, h)
	}
	// A sun's width (its billboard is 14° across) to the side, at the
	// same height: the dome.
	side := sx - float32(h)*0.25
	if r, g, b := rgbAt(day, sx, sy); r < 235 || g < 235 || b < 200 {
		t.Errorf("mid morning: the sun's centre (%v,%v) is %d,%d,%d, want its white-hot core", sx, sy, r, g, b)
	}
	if r, g, b := rgbAt(day, side, sy); b <= r+20 || r > 200 {
		t.Errorf("mid morning: the sky beside the sun (%v,%v) is %d,%d,%d, want the dome's blue", side, sy, r, g, b)
	}
	night := readPNG(t, filepath.Join(dir, "night.png"))
	if r, g, b := rgbAt(night, sx, sy); int(r)+int(g)+int(b) > 3*90 {
		t.Errorf("midnight: the sun's mid-morning place (%v,%v) is %d,%d,%d, want the dark night sky", sx, sy, r, g, b)
	}
}
