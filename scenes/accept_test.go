package scenes

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/dat/sample/world"
	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/texture"
)

// The acceptance shot's room: one closed EnvCell, a 10×10×4 box of the
// sample world's stone, in the air above the spawn's landblock.
const (
	roomCell = 0xA9B40100
	roomEnv  = 0x0D0000F0
)

var roomOrigin = physics.Vec3{X: 60, Y: 60, Z: 150}

// roomAssets adds the room to the sample assets.
type roomAssets struct{ *view.DATAssets }

func (a roomAssets) Landblock(id uint32) (*view.Landblock, error) {
	b, err := a.DATAssets.Landblock(id)
	if err != nil || b.ID != roomCell|0xFFFF {
		return b, err
	}
	c := *b
	c.NumCells = 1
	return &c, nil
}

func (a roomAssets) EnvCell(id uint32) (*dat.EnvCell, error) {
	if id != roomCell {
		return nil, fmt.Errorf("EnvCell 0x%08X: %w", id, dat.ErrNotFound)
	}
	return &dat.EnvCell{ID: id, Surfaces: []uint32{world.SurfaceStone}, EnvironmentID: roomEnv,
		Position: physics.Frame{Origin: roomOrigin, Orientation: physics.IdentityQuat}}, nil
}

func (a roomAssets) Environment(id uint32) (*dat.Environment, error) {
	if id != roomEnv {
		return nil, fmt.Errorf("Environment 0x%08X: %w", id, dat.ErrNotFound)
	}
	// Each face its own four vertices with the texture's corners as UVs,
	// wound to face into the room.
	var cs dat.CellStruct
	corner := func(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x * 10, Y: y * 10, Z: z * 4} }
	faces := [][4]physics.Vec3{
		{corner(0, 0, 0), corner(0, 1, 0), corner(1, 1, 0), corner(1, 0, 0)}, // floor, seen from above
		{corner(0, 0, 1), corner(1, 0, 1), corner(1, 1, 1), corner(0, 1, 1)}, // ceiling, from below
		{corner(0, 0, 0), corner(1, 0, 0), corner(1, 0, 1), corner(0, 0, 1)}, // south wall, from the north
		{corner(0, 1, 0), corner(0, 1, 1), corner(1, 1, 1), corner(1, 1, 0)}, // north
		{corner(0, 0, 0), corner(0, 0, 1), corner(0, 1, 1), corner(0, 1, 0)}, // west
		{corner(1, 0, 0), corner(1, 1, 0), corner(1, 1, 1), corner(1, 0, 1)}, // east
	}
	uvs := []dat.UV{{U: 0, V: 0}, {U: 1, V: 0}, {U: 1, V: 1}, {U: 0, V: 1}}
	for f, q := range faces {
		ids := make([]int16, 4)
		for i, p := range q {
			k := uint16(f*4 + i)
			cs.Vertices = append(cs.Vertices, dat.Vertex{Key: k, Origin: p, UVs: []dat.UV{uvs[i]}})
			ids[i] = int16(k)
		}
		cs.Polygons = append(cs.Polygons, dat.Polygon{Key: uint16(f), SidesType: dat.SidesNone, PosSurface: 0, NegSurface: -1,
			VertexIDs: ids, PosUVIndices: []uint8{0, 0, 0, 0}})
	}
	return &dat.Environment{ID: id, Cells: map[uint32]dat.CellStruct{0: cs}}, nil
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

		rr := view.NewRenderer(roomAssets{ws.assets.(*view.DATAssets)})
		rr.Unlit, rr.ViewerCell = true, roomCell
		cam := view.NewCamera(g.w, g.h, physics.Position{Cell: roomCell, Frame: physics.Frame{Origin: roomOrigin.Add(physics.Vec3{X: 5, Y: 5, Z: 2}), Orientation: physics.IdentityQuat}})
		cam.Distance, cam.Pitch = 3, 0.1
		cam.Update()
		renderOffscreen(img, rr, nil, cam, false)
		save("room.png", img)
		if len(rr.Errors) > 0 && g.saveErr == nil {
			g.saveErr = fmt.Errorf("room: %v", rr.Errors)
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
// with the camera inside a closed room the screen is the room's stone
// texture (and neither sky nor terrain is drawn).
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

	// (3) Inside the room.
	room := readPNG(t, filepath.Join(dir, "room.png"))
	stone := texels(t, p, world.SurfaceStone)
	rb := room.Bounds()
	nStone := 0
	for y := rb.Min.Y; y < rb.Max.Y; y++ {
		for x := rb.Min.X; x < rb.Max.X; x++ {
			if stone[rgbAt(room, x, y)] {
				nStone++
			}
		}
	}
	if nStone*100 < rb.Dx()*rb.Dy()*95 {
		t.Errorf("inside the room %d of %d pixels are its stone texels, want ≥ 95%%", nStone, rb.Dx()*rb.Dy())
	}
	t.Logf("terrain: %d sand, %d water texel pixels; player: %d pixels, %d cloth, %d skin; room: %d/%d stone", nSand, nWater, fig, fromCloth, fromSkin, nStone, rb.Dx()*rb.Dy())
}
