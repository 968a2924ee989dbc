package scenes

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/scenes/netui"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// ErrEnd, returned by Config.Frame, closes the viewer: Run returns nil.
var ErrEnd = errors.New("scenes: the session ended the viewer")

// Assets is what the viewer reads from the DATs (see view.Assets).
type Assets = view.Assets

// NewDATAssets backs Assets with a portal and a cell container: the
// embedded sample world or a retail --dat directory.
func NewDATAssets(portal, cell *dat.Container) (*view.DATAssets, error) {
	return view.NewDATAssets(portal, cell)
}

// Config is what main hands the viewer.
type Config struct {
	// Title is the window title ("dereth" when empty).
	Title string
	// Load builds the world and its assets; it runs on its own goroutine
	// while the loading scene shows progress(done, total). An error shows
	// the error scene.
	Load func(progress func(done, total int)) (*systems.World, Assets, error)
	// Retry is what the error scene says F5 does ("F5 loads again (fix
	// the file first)" when empty): a session's Load has no file to fix.
	// A screenshot run, where nobody presses a key, says nothing of keys.
	Retry string
	// Reload re-runs the spawn script (F5); its error is shown in the
	// window and the world keeps running. Nil disables F5.
	Reload func() error
	// ScriptErr, when set, is polled every frame for an error the running
	// script raised (a timer callback); it is shown like a failed reload
	// while the world keeps running.
	ScriptErr func() error
	// Status, when set, is polled every frame for the spawn script's
	// status line (world.status: what it found), shown at the top of the
	// HUD.
	Status func() string
	// Screenshot, when set, runs Frames world frames (0: the first
	// frame of the loaded world — a streaming world runs until it has
	// settled, SmartBox.StreamSettled: out of portal space and the ground
	// around the focus built, for at most SettleLimit of wall-clock
	// time), saves the window as a PNG at Screenshot (and the
	// view.ShotReport next to it as Screenshot+".json") and exits. An
	// error scene is saved at once and Run returns its error. The world
	// steps every frame but only the saved one is drawn (nobody sees the
	// others), unless DrawEveryFrame.
	Screenshot string
	Frames     int
	// DrawEveryFrame draws every frame of a screenshot run (tests that
	// measure the drawing).
	DrawEveryFrame bool
	// Width and Height are the window size (1280×720 when zero).
	Width, Height int
	// HideHUD starts with the HUD off (F1 toggles).
	HideHUD bool
	// Clock reads the wall clock the world advances by (time.Now when
	// nil); tests inject their own.
	Clock func() time.Time
	// Frame, when set, runs at every frame boundary before the world
	// steps dt: a live or replayed session applies the server's messages
	// there. Its error is shown in the window (a new one each time it
	// changes) while the world keeps running; ErrEnd closes the window
	// as the user would (a session's --for has run out).
	Frame func(w *systems.World, dt float64) error
	// World, when set, is polled after every Frame for the world the
	// session runs now: a replay that sought back built its world again,
	// and the window follows the new one (its camera, selection and
	// settings stay).
	World func() *systems.World
	// Send, when set, is the local player's controller's Send
	// (control.Controller.Send): a live session sends its MoveToState and
	// AutonomousPosition to the server.
	Send func(msg []byte)
	// Net, when set, is polled every frame for a live session's traffic
	// line in the HUD (view.NetText).
	Net func() string
	// Reconnect, when set, is the F9 key: a live session that ended logs
	// in again; its error is shown briefly. A banner (Frame's error) that
	// goes away when Frame returns nil again says "connected again".
	Reconnect func() error
	// MissingAssets, when set, is polled every frame for the assets the
	// session's world could not find (its Setups and MotionTables),
	// listed in the HUD with those the renderer could not.
	MissingAssets func() []view.MissingAsset
	// Chat, when set, is the chat panel's model (a live or replayed
	// session's speech and server text), drawn at the bottom right.
	Chat *netui.Chat
	// Replay, when set, is a replay's scrubber (drawn along the top):
	// the world runs only the time it allows each frame (none while
	// paused); P pauses, N steps to the next packet, a click on the bar
	// seeks there (back too: Config.World hands over the world built
	// again); the selected object's messages head its HUD panel.
	Replay *netui.Timeline
	// PlainLooks draws objects without their ObjDesc changes
	// (view.Renderer.PlainLooks): a server's world over the sample DATs.
	PlainLooks bool
	// NoControl leaves the local player to the world (a replay): the
	// keyboard does not drive it.
	NoControl bool
	// Session says the world is a server session's (connect, replay):
	// without a player the banner says what the session has not sent
	// yet. An offline world without a player (a spawn script that names
	// none) shows no banner.
	Session bool
	// Panels, when set, is polled every frame for the plugins' panels,
	// drawn over the world (PanelKey hides them, a title drag moves one).
	Panels func() []*plugin.Panel
	// Plugins, when set, is polled every frame for the plugins' HUD
	// lines (a disabled plugin's file:line).
	Plugins func() string
	// UsePortal, when set, is the U key: the local player uses the nearest
	// portal; its error is shown briefly.
	UsePortal func() error
	// SettingsPath is where the viewer's settings are kept
	// (view.SettingsPath when empty). Screenshot mode neither reads nor
	// writes them, so a screenshot does not depend on the user's.
	SettingsPath string
	// NearestTexels draws textures at the nearest texel instead of
	// filtering them bilinearly: every pixel of a textured triangle is
	// then one of its texture's colours (the window tests check that),
	// and a software GL draws faster.
	NearestTexels bool
	// Shown, when set, is called once, after the first frame that draws
	// the loaded world (SmartBox.StreamSettled): the browser page records
	// its time to first frame.
	Shown func()
}

// scene is one of the viewer's screens.
type scene interface {
	Update(g *game) error
	Draw(g *game, screen *ebiten.Image)
}

// game is the ebiten.Game: the current scene and the shared state.
type game struct {
	cfg   Config
	scene scene
	w, h  int
	white *ebiten.Image
	// loadErr is the Load error, returned by Run in screenshot mode.
	loadErr error
	// frames counts Update calls since the scene began (screenshot mode).
	frames  int
	capture *ebiten.Image
	done    bool
	saveErr error

	// settings are the remembered preferences (view.Settings); settingsPath
	// is "" in screenshot mode, where they are neither read nor saved.
	settings     view.Settings
	settingsPath string
	// shotNext asks Draw to save the frame as a PNG in the working
	// directory (F12); shotMsg reports where.
	shotNext bool
	// settleFrom is when a screenshot run began waiting for its
	// streaming world to settle (worldWaits); settleWarned that it gave
	// up and said so.
	settleFrom   time.Time
	settleWarned bool
	// shown is set once Config.Shown has been called.
	shown   bool
	shotMsg string
	shotAt  time.Time
}

// Test hooks: testStart sees the world scene when it starts, testShot
// after the screenshot is saved, testRender wraps each frame's drawing of
// the world (to measure it).
var (
	testStart  func(ws *worldScene)
	testShot   func(g *game, ws *worldScene)
	testRender func(render func())
)

// Run opens the viewer and blocks until the window closes (or, in
// screenshot mode, the PNG is saved). It must be called from the main
// goroutine. In screenshot mode a Load failure renders the error scene,
// saves it at once and is returned (main exits non-zero).
func Run(cfg Config) error {
	if cfg.Load == nil {
		return errors.New("scenes: Config.Load is nil")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		cfg.Width, cfg.Height = 1280, 720
	}
	if cfg.Title == "" {
		cfg.Title = "dereth"
	}
	g := &game{cfg: cfg, w: cfg.Width, h: cfg.Height, settings: view.DefaultSettings()}
	if !g.shooting() {
		g.loadSettings()
		if cfg.Width == 1280 && cfg.Height == 720 {
			g.w, g.h = g.settings.Width, g.settings.Height
		}
	}
	g.white = whiteImage()
	g.scene = newLoadingScene(cfg.Load)
	ebiten.SetWindowTitle(cfg.Title)
	ebiten.SetWindowSize(g.w, g.h)
	if g.shooting() {
		// Run the frames as fast as they render, one Update per frame.
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	} else {
		ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	}
	err := ebiten.RunGame(g)
	g.saveSettings()
	if err != nil {
		return err
	}
	if g.saveErr != nil {
		return g.saveErr
	}
	if g.shooting() && g.loadErr != nil {
		return g.loadErr
	}
	return nil
}

func (g *game) shooting() bool { return g.cfg.Screenshot != "" }

// shotDue reports whether this Draw is the one to save: the world's
// Frames-th frame (its first when Frames is 0), or an error scene's first.
func (g *game) shotDue() bool {
	if !g.shooting() || g.capture != nil {
		return false
	}
	switch g.scene.(type) {
	case *loadingScene:
		return false
	case *errorScene:
		return true
	}
	return !g.worldWaits()
}

// SettleLimit is the longest a screenshot of the first frame waits for a
// streaming world to settle; then it saves what there is and says so.
const SettleLimit = 2 * time.Minute

// worldWaits reports whether a screenshot run's world scene is still
// before its saved frame: fewer than Frames frames run, or, with Frames
// 0, the world streams and has not settled (within SettleLimit). An
// explicit Frames is exactly that many frames, whatever streaming does
// (a test can shoot portal space).
func (g *game) worldWaits() bool {
	ws, ok := g.scene.(*worldScene)
	if !ok {
		return false
	}
	if g.cfg.Frames > 0 {
		return g.frames < g.cfg.Frames
	}
	if ws.world.SmartBox.StreamSettled() {
		return false
	}
	if g.settleFrom.IsZero() {
		g.settleFrom = time.Now()
	}
	if time.Since(g.settleFrom) < SettleLimit {
		return true
	}
	if !g.settleWarned {
		g.settleWarned = true
		fmt.Fprintf(os.Stderr, "dereth: screenshot: the streamed world did not settle within %v; saving it as it is\n", SettleLimit)
	}
	return false
}

// Update implements ebiten.Game.
func (g *game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	if g.capture != nil {
		g.saveErr = g.save()
		g.done = true
		return ebiten.Termination
	}
	if err := g.scene.Update(g); err != nil {
		return err
	}
	for n := 1; n < shotBatch && g.batching(); n++ {
		if err := g.scene.Update(g); err != nil {
			return err
		}
	}
	return nil
}

// shotBatch is how many world frames a screenshot run steps in one
// Update while nothing paces them (see batching).
const shotBatch = 30

// batching reports whether a screenshot run may step another world frame
// in this Update. The frames before the saved one draw nothing, but each
// Update still costs the window a presented frame (under a software GL
// most of a frame's time), so a run of --frames N steps them in batches
// while nothing outside the simulation paces them: an explicit Frames
// (not the wait for streaming to settle), the stream settled, and no live
// session (its packets arrive by the wall clock). The world sees the same
// fixed-step frames either way.
func (g *game) batching() bool {
	if !g.shooting() || g.cfg.DrawEveryFrame || g.cfg.Frames == 0 || g.cfg.Send != nil {
		return false
	}
	ws, ok := g.scene.(*worldScene)
	return ok && g.frames < g.cfg.Frames && ws.world.SmartBox.StreamSettled()
}

// loadSettings reads the remembered settings; a bad file is reported and
// the defaults used.
func (g *game) loadSettings() {
	path := g.cfg.SettingsPath
	if path == "" {
		p, err := view.SettingsPath()
		if err != nil {
			fmt.Fprintln(os.Stderr, "dereth:", err)
			return
		}
		path = p
	}
	g.settingsPath = path
	s, err := view.LoadSettings(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dereth:", err)
	}
	g.settings = s
}

// saveSettings writes the settings with the window's current size.
func (g *game) saveSettings() {
	if g.settingsPath == "" {
		return
	}
	g.settings.Width, g.settings.Height = g.w, g.h
	if err := g.settings.Save(g.settingsPath); err != nil {
		fmt.Fprintln(os.Stderr, "dereth:", err)
	}
}

// Draw implements ebiten.Game.
func (g *game) Draw(screen *ebiten.Image) {
	if g.shooting() && !g.cfg.DrawEveryFrame && g.worldWaits() {
		return // a screenshot run's frame before the saved one
	}
	g.scene.Draw(g, screen)
	if ws, ok := g.scene.(*worldScene); ok && g.cfg.Shown != nil && !g.shown && ws.world.SmartBox.StreamSettled() {
		g.shown = true
		g.cfg.Shown()
	}
	if g.shotNext {
		g.shotNext = false
		g.shotAt = time.Now()
		path, err := saveShot(readImage(screen), g.shotAt)
		if err != nil {
			g.shotMsg = "screenshot failed: " + err.Error()
		} else {
			g.shotMsg = "screenshot saved: " + path
		}
		fmt.Println(g.shotMsg)
	}
	if g.shotDue() {
		g.capture = ebiten.NewImage(screen.Bounds().Dx(), screen.Bounds().Dy())
		g.capture.DrawImage(screen, nil)
	}
}

// Layout implements ebiten.Game: one pixel per device pixel of the window.
func (g *game) Layout(outsideWidth, outsideHeight int) (int, int) {
	if !g.shooting() && outsideWidth > 0 && outsideHeight > 0 {
		g.w, g.h = outsideWidth, outsideHeight
	}
	return g.w, g.h
}

func isLoading(s scene) bool {
	_, ok := s.(*loadingScene)
	return ok
}

// setScene switches scenes and restarts the frame count.
func (g *game) setScene(s scene) {
	g.scene = s
	g.frames = 0
}

// save writes the captured frame and, for the world scene, its report.
func (g *game) save() error {
	img := readImage(g.capture)
	if err := writePNG(g.cfg.Screenshot, img); err != nil {
		return err
	}
	ws, ok := g.scene.(*worldScene)
	if !ok {
		return nil
	}
	rep := view.NewShotReport(ws.r, ws.world.FrameNo, img.Bounds().Dx(), img.Bounds().Dy())
	if err := view.WriteShotReport(g.cfg.Screenshot+".json", rep); err != nil {
		return fmt.Errorf("scenes: screenshot report: %w", err)
	}
	if testShot != nil {
		testShot(g, ws)
	}
	return nil
}

// saveShot writes an F12 screenshot into the working directory as
// dereth-YYYYMMDD-HHMMSS.png (with -2, -3, … when taken within the same
// second) and returns its absolute path.
func saveShot(img image.Image, at time.Time) (string, error) {
	base := "dereth-" + at.Format("20060102-150405")
	name := base + ".png"
	for i := 2; ; i++ {
		if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s-%d.png", base, i)
	}
	if err := writePNG(name, img); err != nil {
		return "", err
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return name, nil
	}
	return abs, nil
}

// readImage copies an ebiten image to an image.RGBA.
func readImage(src *ebiten.Image) *image.RGBA {
	b := src.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	src.ReadPixels(img.Pix)
	return img
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("scenes: screenshot: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("scenes: screenshot %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("scenes: screenshot: %w", err)
	}
	return nil
}

var (
	whiteOnce sync.Once
	whiteImg  *ebiten.Image
)

// whiteImage is a 3×3 white image; its centre pixel is the source of every
// flat-coloured triangle.
func whiteImage() *ebiten.Image {
	whiteOnce.Do(func() {
		img := image.NewRGBA(image.Rect(0, 0, 3, 3))
		for i := range img.Pix {
			img.Pix[i] = 0xFF
		}
		whiteImg = ebiten.NewImageFromImage(img)
	})
	return whiteImg
}
