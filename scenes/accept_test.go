package scenes

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/texture"
)

// Views of the sample world for the acceptance test and docs/: the
// dungeon's entry room from inside (looking north, down the corridor),
// and the town's plaza looking west along the street of houses.
func dungeonCamera(w, h int) (*view.Camera, uint32) {
	at := physics.Position{Cell: world.DungeonEntryCell, Frame: physics.Frame{
		Origin: physics.Vec3{X: 96, Y: 61, Z: -38.5}, Orientation: physics.IdentityQuat}}
	c := view.NewCamera(w, h, at)
	c.Distance, c.Pitch = 5, 0.12
	c.Update()
	return c, world.DungeonEntryCell
}

func townCamera(w, h int) (*view.Camera, uint32) {
	at := physics.Position{Cell: 0xA8B40036, Frame: physics.Frame{
		Origin: physics.Vec3{X: 78, Y: 144, Z: 118}, Orientation: physics.Heading(math.Pi / 2)}}
	c := view.NewCamera(w, h, at)
	c.Distance, c.Pitch = 14, 0.12
	c.Update()
	return c, at.Cell
}

// acceptShots is the acceptance child's testShot: besides the window's own
// screenshot it renders, unlit (every textured pixel exactly a texel),
// the same view with and without its objects and the view from inside
// the room, and saves them with the report of the unlit world frame.
func acceptShots(dir string) func(g *game, ws *worldScene) {
	return func(g *game, ws *worldScene) {
		save := func(name string, img *ebiten.Image) {
			if err := writePNG(filepath.Join(dir, name), readImage(img)); err != nil && g.saveErr == nil {
				g.saveErr = err
			}
		}
		img := ebiten.NewImage(g.w, g.h)
		ws.r.Unlit = true
		renderOffscreen(img, ws.r, ws.world, ws.cam, false)
		save("unlit.png", img)
		rep := view.NewShotReport(ws.r, ws.world.FrameNo, g.w, g.h)
		if err := view.WriteShotReport(filepath.Join(dir, "unlit.png.json"), rep); err != nil && g.saveErr == nil {
			g.saveErr = err
		}
		// The player's own pixels: where its triangle is the front-most
		// (Renderer.Pick at the pixel's centre).
		mask := image.NewGray(image.Rect(0, 0, g.w, g.h))
		if d, ok := ws.r.DrawnOf(testworld.Player); ok {
			bd := d.Bounds.Clip(g.w, g.h)
			for y := int(bd.MinY); y < int(bd.MaxY)+1 && y < g.h; y++ {
				for x := int(bd.MinX); x < int(bd.MaxX)+1 && x < g.w; x++ {
					if ws.r.Pick(float32(x)+0.5, float32(y)+0.5) == testworld.Player {
						mask.Pix[mask.PixOffset(x, y)] = 0xFF
					}
				}
			}
		}
		if err := writePNG(filepath.Join(dir, "player-mask.png"), mask); err != nil && g.saveErr == nil {
			g.saveErr = err
		}
		ws.r.HideObjects = true
		renderOffscreen(img, ws.r, ws.world, ws.cam, false)
		save("unlit-bare.png", img)
		ws.r.HideObjects = false

		for _, v := range []struct {
			name  string
			cam   func(w, h int) (*view.Camera, uint32)
			unlit bool
		}{{"room.png", dungeonCamera, true}, {"dungeon.png", dungeonCamera, false}, {"town.png", townCamera, false}} {
			rr := view.NewRenderer(ws.assets)
			cam, cell := v.cam(g.w, g.h)
			rr.Unlit, rr.ViewerCell = v.unlit, cell
			renderOffscreen(img, rr, nil, cam, !v.unlit) // unlit: nearest texels
			save(v.name, img)
			if len(rr.Errors) > 0 && g.saveErr == nil {
				g.saveErr = fmt.Errorf("%s: %v", v.name, rr.Errors)
			}
		}
	}
}

// texels returns the colours of a surface's decoded texture.
func texels(t *testing.T, src texture.Source, surface uint32) map[[3]uint8]bool {
	t.Helper()
	m, err := texture.Resolve(src, surface, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := map[[3]uint8]bool{}
	for i := 0; i < len(m.Image.Pix); i += 4 {
		out[[3]uint8{m.Image.Pix[i], m.Image.Pix[i+1], m.Image.Pix[i+2]}] = true
	}
	return out
}

// landTexels returns the colours of a terrain SurfaceTexture as the
// renderer merges it (scaled to view.LandTexSize).
func landTexels(t *testing.T, src texture.Source, renderSurface uint32) map[[3]uint8]bool {
	t.Helper()
	img, err := texture.ResolveTexture(src, world.SurfaceTextureOf(renderSurface))
	if err != nil {
		t.Fatal(err)
	}
	img = view.Downscale(img, view.LandTexSize)
	out := map[[3]uint8]bool{}
	for i := 0; i < len(img.Pix); i += 4 {
		out[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}] = true
	}
	return out
}

// shrink halves an image (2×2 box filter) for docs/.
func shrink(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := range b.Dy() / 2 {
		for x := range b.Dx() / 2 {
			var sum [3]uint32
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				r, g, bl, _ := img.At(b.Min.X+2*x+d[0], b.Min.Y+2*y+d[1]).RGBA()
				sum[0], sum[1], sum[2] = sum[0]+r>>8, sum[1]+g>>8, sum[2]+bl>>8
			}
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = uint8(sum[0]/4), uint8(sum[1]/4), uint8(sum[2]/4), 0xFF
		}
	}
	return out
}

func rgbAt(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}

// TestWindowTexturedContent is the look's acceptance screenshot test: in a
// real window under Xvfb, rendered unlit with nearest texels so a
// textured pixel is exactly a texel, (1) the terrain shows more than one
// texture (screen pixels that are sand texels and others that are water
// texels, each source texture's own colours), (2) the player figure's
// pixels (inside its drawn bounds, where the frame differs from the same
// frame without objects) come from its cloth and skin textures, and (3)
// with the camera inside the sample dungeon's entry room the screen is
// that cell's textures (no sky, no terrain: the dungeon has no way out).
// With DERETH_DOCS_DIR set it also writes the docs/ screenshots there
// (the default view, the town street, the dungeon room, lit, half size).
func TestWindowTexturedContent(t *testing.T) {
	dir := runViewer(t, "accept")
	sample, err := testworld.Open()
	if err != nil {
		t.Fatal(err)
	}
	p := sample.Portal
	shot := readPNG(t, filepath.Join(dir, "unlit.png"))
	bare := readPNG(t, filepath.Join(dir, "unlit-bare.png"))
	rep, err := view.ReadShotReport(filepath.Join(dir, "unlit.png.json"))
	if err != nil {
		t.Fatal(err)
	}
	b := shot.Bounds()

	// (1) Terrain textures.
	sand, water := landTexels(t, p, world.TexSand), landTexels(t, p, world.TexWater)
	nSand, nWater := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgbAt(bare, x, y)
			switch {
			case sand[c] && !water[c]:
				nSand++
			case water[c] && !sand[c]:
				nWater++
			}
		}
	}
	if min(nSand, nWater)*400 < b.Dx()*b.Dy() {
		t.Errorf("terrain: %d sand texels and %d water texels on screen, want each ≥ 0.25%% of it", nSand, nWater)
	}

	// (2) The player's pixels, against the textures of every surface of
	// its Setup's parts.
	setup, err := p.Setup(world.HumanSetup)
	if err != nil {
		t.Fatal(err)
	}
	cloth, skin := texels(t, p, world.SurfaceCloth), texels(t, p, world.SurfaceSkin)
	own := map[[3]uint8]bool{}
	for _, part := range setup.Parts {
		g, err := p.GfxObj(part)
		if err != nil {
			t.Fatal(err)
		}
		for _, sid := range g.Surfaces {
			if s, err := p.Surface(sid); err != nil || !s.Textured() {
				t.Fatalf("part 0x%08X surface 0x%08X: %v, want textured", part, sid, err)
			}
			for c := range texels(t, p, sid) {
				own[c] = true
			}
		}
	}
	var player *view.ShotEntity
	for i := range rep.Entities {
		if rep.Entities[i].GUID == fmt.Sprintf("0x%08X", testworld.Player) {
			player = &rep.Entities[i]
		}
	}
	if player == nil {
		t.Fatal("the player is not in the report")
	}
	mask := readPNG(t, filepath.Join(dir, "player-mask.png"))
	bd := player.Bounds.Clip(b.Dx(), b.Dy())
	fig, fromTex, fromCloth, fromSkin := 0, 0, 0, 0
	for y := int(bd.MinY); y < int(bd.MaxY); y++ {
		for x := int(bd.MinX); x < int(bd.MaxX); x++ {
			c := rgbAt(shot, x, y)
			if m, _, _, _ := mask.At(x, y).RGBA(); m == 0 {
				continue // another object's, or the ground's
			}
			fig++
			if own[c] {
				fromTex++
			} else if testing.Verbose() && fig-fromTex < 40 {
				t.Logf("not a texel: (%d,%d) %v, bare %v", x, y, c, rgbAt(bare, x, y))
			}
			if cloth[c] {
				fromCloth++
			}
			if skin[c] {
				fromSkin++
			}
		}
	}
	if fig < 50 || fromTex*100 < fig*98 || fromCloth == 0 || fromSkin == 0 {
		t.Errorf("player: %d figure pixels, %d texels of its parts' textures (%d cloth, %d skin); want ≥ 50, ≥ 98%%, cloth and skin both", fig, fromTex, fromCloth, fromSkin)
	}

	// (3) Inside the dungeon's entry room: its cell's surfaces and its
	// static objects' (the torches).
	room := readPNG(t, filepath.Join(dir, "room.png"))
	ec, err := sample.Cell.EnvCell(world.DungeonEntryCell)
	if err != nil {
		t.Fatal(err)
	}
	stone := map[[3]uint8]bool{}
	for _, sid := range ec.Surfaces {
		for c := range texels(t, p, sid) {
			stone[c] = true
		}
	}
	rb := room.Bounds()
	nStone := 0
	for y := rb.Min.Y; y < rb.Max.Y; y++ {
		for x := rb.Min.X; x < rb.Max.X; x++ {
			if stone[rgbAt(room, x, y)] {
				nStone++
			}
		}
	}
	if nStone*100 < rb.Dx()*rb.Dy()*90 {
		t.Errorf("inside the dungeon room %d of %d pixels are texels of its surfaces, want ≥ 90%%", nStone, rb.Dx()*rb.Dy())
	}
	if keep := os.Getenv("DERETH_DOCS_DIR"); keep != "" {
		for name, doc := range map[string]string{"out.png": "look-default.png", "town.png": "look-town.png", "dungeon.png": "look-dungeon.png"} {
			small := shrink(readPNG(t, filepath.Join(dir, name)))
			if err := writePNG(filepath.Join(keep, doc), small); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("terrain: %d sand, %d water texel pixels; player: %d pixels, %d cloth, %d skin; room: %d/%d stone", nSand, nWater, fig, fromCloth, fromSkin, nStone, rb.Dx()*rb.Dy())
}
