package scenes

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"time"
	"unsafe"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/scenes/view"
	"github.com/dereth/dereth/systems"
)

// The view.Vertex fields must stay ebiten.Vertex's, in order: this
// conversion compiles only while they do, which makes the zero-copy slice
// cast in drawTriangles sound.
var _ = ebiten.Vertex(view.Vertex{})

// worldScene is the live world: it steps the world at the tick rate,
// feeds the local player's keys to its interpreter, and draws what the
// presenter published.
type worldScene struct {
	world  *systems.World
	assets Assets
	r      *view.Renderer
	cam    *view.Camera
	ctrl   control.Controller
	tail   view.TraceTail
	orig   systems.Tracer
	sel    uint32 // the selected guid, 0 for none
	hud    bool
	// outbound opens the outbound-log panel (F4); closed it is one line.
	outbound bool
	// panels are the plugins' panels (PanelKey).
	panels pluginPanels
	// collide draws the collision spheres and hit polygons (F8).
	collide  collisionDebug
	stats    view.Stats
	reload   func() error
	reloadAt time.Time
	reloaded string
	shownErr error // the script error already on screen
	frameErr bool  // shownErr came from Config.Frame (a session's end)
	reloadOK bool

	lastFollowed uint32
	follow       components.View // the followed object, resolved per frame
	lastHeading  float32

	// clock advances the world by wall-clock time; fixed, when not 0,
	// replaces the elapsed time (screenshot mode: tickDt).
	clock view.RealClock
	fixed float64

	dragging       bool
	pressX, pressY int
	lastX, lastY   int
	moved          bool
	// looking is a right-button drag: mouse-look.
	looking bool

	// keyHelp is where the HUD's bottom-left panel (the outbound log and
	// the key help) is drawn this frame; empty without the HUD.
	keyHelp image.Rectangle
	// chat is this frame's chat panel (chatLayout), placed once: the HUD
	// lays its top panels out above it, drawChat draws it.
	chat struct {
		text   string
		rect   image.Rectangle
		placed bool
	}
	// banner is the player banner last drawn (view.PlayerBanner).
	banner string
	// onPlayer: the camera has started on the local player
	// (startOnPlayer).
	onPlayer bool

	graph    view.FrameGraph
	bars     []view.Bar
	lastDraw time.Time
}

// tickDt is the fixed step of screenshot mode, which renders the same
// world frames however fast the machine draws them; interactively the
// world advances by the wall-clock time each Update (view.RealClock).
const tickDt = 1.0 / 60

func newWorldScene(g *game, w *systems.World, a Assets) *worldScene {
	s := &worldScene{world: w, assets: a, r: view.NewRenderer(a), hud: !g.cfg.HideHUD && g.settings.HUD, reload: g.cfg.Reload, orig: w.Trace}
	s.r.DayFraction = g.settings.DayFraction
	s.r.PlainLooks = g.cfg.PlainLooks
	s.clock.Now = g.cfg.Clock
	if g.shooting() {
		s.fixed = tickDt
		s.stats.Unmeasured = true // the same picture every run
	}
	s.clock.Start()
	s.r.Highlight = w.PlayerGUID
	s.ctrl.Send = g.cfg.Send
	s.tail.Next = s.orig
	s.cam = view.NewCamera(g.w, g.h, s.focus())
	s.followTarget()
	w.StreamFocus = s.streamFocus
	if testStart != nil {
		testStart(s)
	}
	return s
}

// focus is where the camera looks first: the player, else the first
// object, else the middle of the sample world's landblocks.
func (s *worldScene) focus() physics.Position {
	if o := s.followed(); o != nil {
		return o.Phys.Position
	}
	return physics.Position{Cell: 0xA9B40001, Frame: physics.Frame{Origin: physics.Vec3{X: dat.BlockLength, Y: dat.BlockLength, Z: 100}, Orientation: physics.IdentityQuat}}
}

// streamFocus is where streaming centres while the world has no player
// (World.StreamFocus): the followed entity, or with the free camera (or
// nothing to follow) the point the camera looks at. So a spawn script
// that spawns no player still stands on streamed ground.
func (s *worldScene) streamFocus() physics.Position {
	if !s.cam.Fly {
		if o := s.followed(); o != nil {
			return o.Phys.Position
		}
	}
	p, _ := s.cam.TargetPosition()
	return p
}

// followed is the entity the camera follows: the player, else the
// selection, else the first object; nil for an empty world. The view is
// resolved read-only for this frame.
func (s *worldScene) followed() *components.View {
	for _, g := range [2]uint32{s.world.PlayerGUID, s.sel} {
		if e, ok := s.world.Entity(g); ok && s.follow.Resolve(s.world.ECS, e) {
			return &s.follow
		}
	}
	if len(s.world.Objects) > 0 && s.follow.Resolve(s.world.ECS, s.world.Objects[0]) {
		return &s.follow
	}
	if len(s.world.Static) > 0 && s.follow.Resolve(s.world.ECS, s.world.Static[0]) {
		return &s.follow
	}
	return nil
}

// fly moves the free-flight camera by the movement keys: W/S forward and
// back along the view, A/D, Q/E or Z/C sideways, Space up, Ctrl or X
// down; turning is the right-drag's. Shift is four times faster.
func (s *worldScene) fly(k control.Keys, dt float64) {
	axis := func(pos, neg bool) float32 {
		switch {
		case pos && !neg:
			return 1
		case neg && !pos:
			return -1
		}
		return 0
	}
	speed := float32(view.FlySpeed)
	if k.Run {
		speed *= 4
	}
	down := pressed(ebiten.KeyControlLeft, ebiten.KeyControlRight, ebiten.KeyX)
	s.cam.FlyMove(axis(k.Forward, k.Backward), axis(k.TurnRight || k.StepRight, k.TurnLeft || k.StepLeft), axis(k.Jump, down), float32(dt), speed)
}

// followTarget keeps the camera on the followed entity and turns the
// orbit with it, so a camera behind the player stays behind as it turns.
// The free-flight camera follows nothing.
func (s *worldScene) followTarget() {
	if s.cam.Fly {
		s.r.ViewerCell = 0 // the free camera counts as outdoors
		return
	}
	if o := s.followed(); o != nil {
		p := o.Phys.Position
		if o.Pres != nil && o.Pres.Root.Cell != 0 {
			p = o.Pres.Root
		}
		s.startOnPlayer(o.Phys.GUID, p)
		h := view.HeadingOf(p.Frame.Orientation)
		if o.Phys.GUID == s.lastFollowed {
			s.cam.Yaw += h - s.lastHeading
		}
		s.lastFollowed, s.lastHeading = o.Phys.GUID, h
		s.cam.Follow(p, view.FollowHeight)
		s.r.ViewerCell = p.Cell
	}
	if view.IsEnvCell(s.r.ViewerCell) {
		// Indoors the terrain is not the floor (a dungeon lies far below
		// it): keeping the eye above it would lift it out of the room.
		// The camera does not collide with walls yet, so it comes in
		// close enough to stay in a small room.
		if s.cam.Distance > view.IndoorDistance {
			s.cam.Distance = view.IndoorDistance
			s.cam.Update()
		}
	} else {
		s.cam.KeepAbove(s.ground, 1.5)
	}
}

// ground is the terrain height under a render-space point.
func (s *worldScene) ground(x, y float32) (float32, bool) { return s.r.GroundZ(s.cam, x, y) }

func pressed(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if ebiten.IsKeyPressed(k) {
			return true
		}
	}
	return false
}

// readKeys maps the keyboard to the player's movement keys.
func readKeys() control.Keys {
	return control.Keys{
		Forward:   pressed(ebiten.KeyW, ebiten.KeyArrowUp),
		Backward:  pressed(ebiten.KeyS, ebiten.KeyArrowDown),
		TurnLeft:  pressed(ebiten.KeyQ, ebiten.KeyA, ebiten.KeyArrowLeft),
		TurnRight: pressed(ebiten.KeyE, ebiten.KeyD, ebiten.KeyArrowRight),
		StepLeft:  pressed(ebiten.KeyZ),
		StepRight: pressed(ebiten.KeyC),
		Run:       pressed(ebiten.KeyShiftLeft, ebiten.KeyShiftRight),
		Jump:      pressed(ebiten.KeySpace),
	}
}

// Update handles input, steps the world one tick and moves the camera.
func (s *worldScene) Update(g *game) error {
	g.frames++
	if _, ok := s.world.Entity(s.sel); !ok {
		s.sel = 0 // removed by a reload
	}
	s.pollScriptErr(g)
	s.handleToggles(g)
	busy := false
	if g.cfg.Panels != nil {
		busy = s.panels.update(g.cfg.Panels(), s.cam.W, s.cam.H)
	}
	if !busy {
		s.handleMouse(g)
	}
	wall := s.clock.Elapsed()
	step := wall
	if s.fixed > 0 {
		step = s.fixed
	}
	if g.cfg.Replay != nil {
		step = g.cfg.Replay.Advance(step) // none while paused
	}
	if g.cfg.Frame != nil && s.frame(g, step) {
		return ebiten.Termination // the session asked to end (ErrEnd)
	}
	s.followWorld(g)
	if !g.cfg.NoControl {
		keys := readKeys()
		if s.cam.Fly {
			s.fly(keys, wall)
			keys = control.Keys{} // the keys fly the camera, the player stops
		}
		s.ctrl.Update(s.world, keys)
	} else if s.cam.Fly {
		s.fly(readKeys(), wall)
	}
	if s.hud && s.sel != 0 {
		if s.tail.Watch != s.sel {
			s.tail.Reset(s.sel)
		}
		s.world.Trace = &s.tail
	} else {
		s.world.Trace = s.orig
	}
	t0 := time.Now()
	if step > 0 || g.cfg.Replay == nil {
		s.world.Step(step)
	}
	s.r.SkySeconds += step // the clouds drift with the world's time
	if g.cfg.Replay != nil {
		g.cfg.Replay.Sync(s.world.Now)
	}
	s.stats.Tick = time.Since(t0)
	s.clock.Record(wall, step)
	s.stats.SimRatio = s.clock.Ratio()
	s.followTarget()
	return nil
}

func (s *worldScene) handleToggles(g *game) {
	if inpututil.IsKeyJustPressed(ebiten.KeyF1) {
		s.hud = !s.hud
		g.settings.HUD = s.hud
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF2) {
		s.cam.Fly = !s.cam.Fly
		if !s.cam.Fly {
			s.lastFollowed = 0 // pick the followed entity's heading up afresh
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF3) {
		g.settings.FrameGraph = !g.settings.FrameGraph
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF6) {
		g.settings.InvertWheel = !g.settings.InvertWheel
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF7) {
		g.settings.InvertMouseY = !g.settings.InvertMouseY
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF12) {
		g.shotNext = true
	}
	step := float32(0)
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketRight) {
		step = 1.0 / 24
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketLeft) {
		step = -1.0 / 24
	}
	if step != 0 {
		d := s.r.DayFraction + step
		d -= float32(math.Floor(float64(d)))
		s.r.DayFraction, g.settings.DayFraction = d, d
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF8) {
		s.collide.on = !s.collide.on
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF4) {
		s.outbound = !s.outbound
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyM) {
		s.cam.ToggleMap()
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		s.sel = view.NextSelection(s.world, s.sel)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		s.sel = 0
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyU) && g.cfg.UsePortal != nil {
		if err := g.cfg.UsePortal(); err != nil {
			s.reloadAt, s.reloaded, s.reloadOK = time.Now(), err.Error(), true
		}
	}
	s.replayKeys(g)
	if inpututil.IsKeyJustPressed(ebiten.KeyF5) && s.reload != nil {
		s.doReload()
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF9) && g.cfg.Reconnect != nil {
		if err := g.cfg.Reconnect(); err != nil {
			s.reloadAt, s.reloaded, s.reloadOK = time.Now(), "reconnect: "+err.Error(), true
		} else {
			s.reloadAt, s.reloaded, s.reloadOK = time.Now(), "reconnecting…", true
		}
	}
}

// pollScriptErr shows a new error from Config.ScriptErr like a failed
// reload: it stays on screen and the world keeps running.
func (s *worldScene) pollScriptErr(g *game) {
	if g.cfg.ScriptErr == nil {
		return
	}
	if err := g.cfg.ScriptErr(); err != nil && err != s.shownErr {
		s.shownErr, s.reloadAt = err, time.Now()
		s.reloaded, s.reloadOK = "script error:\n"+strings.Join(view.ErrorLines(err, 100), "\n"), false
	}
}

// frame runs Config.Frame at the frame boundary and shows a new error from
// it like a failed reload; it reports whether Frame returned ErrEnd.
func (s *worldScene) frame(g *game, dt float64) bool {
	err := g.cfg.Frame(s.world, dt)
	if errors.Is(err, ErrEnd) {
		return true
	}
	s.r.Highlight = s.world.PlayerGUID // a session names its player late
	if err != nil && (s.shownErr == nil || err.Error() != s.shownErr.Error()) {
		s.shownErr, s.reloadAt, s.frameErr = err, time.Now(), true
		s.reloaded, s.reloadOK = strings.Join(view.ErrorLines(err, 100), "\n"), false
	}
	if err == nil && s.frameErr {
		// The session is back (a reconnect): its banner goes.
		s.shownErr, s.reloadAt, s.frameErr = nil, time.Now(), false
		s.reloaded, s.reloadOK = "connected again", true
	}
	return false
}

// doReload runs Config.Reload; an error stays on screen and the world
// keeps running.
func (s *worldScene) doReload() {
	s.reloadAt = time.Now()
	if err := s.reload(); err != nil {
		s.reloaded, s.reloadOK = "reload failed:\n"+strings.Join(view.ErrorLines(err, 100), "\n"), false
		return
	}
	s.reloaded, s.reloadOK = "spawn script reloaded", true
}

// handleMouse: a left drag orbits (pans in map mode) and a left click
// picks; a right drag is mouse-look (orbiting the followed entity, or
// turning the free-flight camera about its eye); the wheel zooms
// (Settings.InvertWheel reverses it).
func (s *worldScene) handleMouse(g *game) {
	x, y := ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && s.scrubberClick(g, x, y) {
		// the click seeks the replay; it neither orbits nor picks
	} else if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		s.dragging, s.moved = true, false
		s.pressX, s.pressY, s.lastX, s.lastY = x, y, x, y
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		s.looking = true
		s.lastX, s.lastY = x, y
	}
	if s.looking {
		if ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) {
			s.cam.Look(float32(x-s.lastX), float32(y-s.lastY), g.settings.MouseSpeed, g.settings.InvertMouseY)
			s.lastX, s.lastY = x, y
		} else {
			s.looking = false
		}
	}
	if s.dragging {
		if ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
			if abs(x-s.pressX)+abs(y-s.pressY) > 3 {
				s.moved = true
			}
			if s.moved {
				s.cam.Orbit(float32(x-s.lastX), float32(y-s.lastY))
			}
			s.lastX, s.lastY = x, y
		} else {
			if !s.moved {
				s.sel = s.r.Pick(float32(x), float32(y))
			}
			s.dragging = false
		}
	}
	if _, dy := ebiten.Wheel(); dy != 0 {
		if g.settings.InvertWheel {
			dy = -dy
		}
		s.cam.Zoom(float32(dy))
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Draw renders the world, the selection box, the HUD and the log panel.
func (s *worldScene) Draw(g *game, screen *ebiten.Image) {
	b := screen.Bounds()
	if s.cam.W != b.Dx() || s.cam.H != b.Dy() {
		s.cam.W, s.cam.H = b.Dx(), b.Dy()
		s.cam.Update()
	}
	s.panels.occupied = s.panels.occupied[:0] // what this frame's overlays cover
	s.keyHelp = image.Rectangle{}             // drawHUD places it again
	s.chat.placed = false
	if s.drawPortalSpace(g, screen) {
		if s.hud {
			s.drawHUD(g, screen)
		}
		s.drawPlayerBanner(g, screen)
		s.drawChat(g, screen)
		s.drawScrubber(g, screen)
		return
	}
	render := func() { renderOffscreen(screen, s.r, s.world, s.cam, !g.cfg.NearestTexels) }
	t0 := time.Now()
	if testRender != nil {
		testRender(render)
	} else {
		render()
	}
	s.stats.Build = time.Since(t0)
	s.stats.Tris, s.stats.DrawCalls = len(s.r.Indices)/3, s.r.DrawCalls()
	s.stats.FPS, s.stats.TPS = ebiten.ActualFPS(), ebiten.ActualTPS()
	if s.collide.on {
		s.collide.overlay(s.world, s.cam)
		s.collide.draw(screen)
	}
	s.drawPlaceholderLabels(g, screen)
	if s.sel != 0 {
		if d, ok := s.r.DrawnOf(s.sel); ok {
			strokeRect(screen, g.white, d.Bounds, 1, 1, 0.2)
		}
	}
	now := time.Now()
	if !s.lastDraw.IsZero() {
		s.graph.Add(now.Sub(s.lastDraw))
	}
	s.lastDraw = now
	if s.hud {
		s.drawHUD(g, screen)
	} else if s.cam.Map {
		s.drawResidency(g, screen) // the map shows loaded vs far landblocks
	}
	if g.settings.FrameGraph {
		s.drawGraph(g, screen)
	}
	s.drawPlayerBanner(g, screen)
	s.drawChat(g, screen)
	s.drawScrubber(g, screen)
	if g.cfg.Panels != nil {
		s.panels.draw(screen, g.white, g.cfg.Panels()) // clear of all the above
	}
	if g.shotMsg != "" && time.Since(g.shotAt) < 5*time.Second {
		panel(screen, g.white, g.shotMsg, view.TopCentre, 0.1, 0.25, 0.35)
	}
	if s.reloaded != "" && time.Since(s.reloadAt) < 8*time.Second || s.reloaded != "" && !s.reloadOK {
		r, gr, bl := float32(0.1), float32(0.35), float32(0.1)
		if !s.reloadOK {
			r, gr, bl = 0.5, 0.08, 0.08
		}
		panel(screen, g.white, s.reloaded, view.TopCentre, r, gr, bl)
	}
}

func (s *worldScene) drawHUD(g *game, screen *ebiten.Image) {
	left := view.StatsText(s.world, s.stats) + "\n" + streamHUD(s.world)
	if g.cfg.Status != nil {
		if st := g.cfg.Status(); st != "" {
			left += "script: " + st + "\n"
		}
	}
	if g.cfg.Net != nil {
		left += g.cfg.Net() + "\n"
	}
	if g.cfg.Plugins != nil {
		left += g.cfg.Plugins()
	}
	left += view.EntityList(s.world, s.sel)
	left += s.missingText(g, screen.Bounds().Dx(), screen.Bounds().Dy())
	// The bottom panels first: the key help, and the chat (drawn later)
	// above it where they meet; the top panels then end above whichever of
	// them lies under them.
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	bottom := view.OutboundText(&s.ctrl.Log, s.outbound) + "\n" + keyHelp
	bottom, s.keyHelp = view.FitPanel(bottom, view.BottomLeft, w, h)
	_, chat := s.chatLayout(g, w, h)
	above := func(r image.Rectangle) int {
		limit := h - view.PanelMargin
		for _, b := range []image.Rectangle{s.keyHelp, chat} {
			if !b.Empty() && r.Min.X < b.Max.X && b.Min.X < r.Max.X {
				limit = min(limit, b.Min.Y-4)
			}
		}
		return limit
	}
	_, rect := view.FitPanel(left, view.TopLeft, w, h)
	left, rect = view.FitPanelAbove(left, view.TopLeft, w, h, above(rect))
	fillPanel(screen, g.white, left, rect, 0, 0, 0)
	s.panels.occupy(rect)
	var trace []systems.Event
	var selected *components.View
	if e, ok := s.world.Entity(s.sel); ok && s.sel != 0 {
		selected = components.Resolve(s.world.ECS, e)
		if s.tail.Watch == s.sel {
			trace = s.tail.Tail(2)
			if len(trace) > 18 {
				trace = trace[len(trace)-18:]
			}
		}
	}
	right := s.replayMessages(g) + view.EntityText(selected, trace)
	_, rect = view.FitPanel(right, view.TopRight, w, h)
	right, rect = view.FitPanelAbove(right, view.TopRight, w, h, above(rect))
	fillPanel(screen, g.white, right, rect, 0, 0, 0)
	s.panels.occupy(rect)
	fillPanel(screen, g.white, bottom, s.keyHelp, 0, 0, 0)
	s.panels.occupy(s.keyHelp)
	s.drawResidency(g, screen)
}

// drawGraph draws the frame-time graph (F3) at the right edge, half-way
// down (clear of the HUD's corner panels and the residency map): a bar a
// frame, red over the 60 Hz budget, with the budget's line.
func (s *worldScene) drawGraph(g *game, screen *ebiten.Image) {
	b := screen.Bounds()
	w, h := 2*view.FrameGraphLen, 80
	x, y := b.Dx()-w-8, b.Dy()/2-h/2
	fillRect(screen, g.white, x-2, y-14, w+4, h+16, 0, 0, 0, 0.6)
	s.panels.occupy(image.Rect(x-2, y-14, x+w+2, y+h+2))
	var line int
	s.bars, line = s.graph.Bars(s.bars[:0], x, y, w, h)
	for _, bar := range s.bars {
		if bar.Slow {
			fillRect(screen, g.white, bar.X, bar.Y, bar.W, bar.H, 0.9, 0.25, 0.2, 1)
		} else {
			fillRect(screen, g.white, bar.X, bar.Y, bar.W, bar.H, 0.3, 0.85, 0.35, 1)
		}
	}
	fillRect(screen, g.white, x, line, w, 1, 1, 1, 1, 0.7)
	ebitenutil.DebugPrintAt(screen, fmt.Sprintf("frame ms (max %.1f, line 16.7)", s.graph.Max()), x, y-14)
}

// keyHelp is the HUD's last line.
const keyHelp = "W/S walk  A/D Q/E turn  Z/C sidestep  Shift run  Space jump  left-drag orbit  right-drag look  wheel zoom  M map  U portal  Tab/click select\n" +
	"F1 HUD  F2 free camera  F3 frame graph  F4 outbound  F5 reload  F6/F7 invert wheel/mouse-Y  F8 collision  F12 screenshot  [ ] time of day  P plugin panels"

// panel draws text on a translucent box at a corner of dst, trimmed by
// view.FitPanel so it never covers the middle of the screen.
func panel(dst, white *ebiten.Image, s string, at view.Corner, r, g, b float32) image.Rectangle {
	bd := dst.Bounds()
	s, rect := view.FitPanel(s, at, bd.Dx(), bd.Dy())
	fillPanel(dst, white, s, rect, r, g, b)
	return rect
}

// fillPanel draws text, placed by view.FitPanel at rect, on a
// translucent box.
func fillPanel(dst, white *ebiten.Image, s string, rect image.Rectangle, r, g, b float32) {
	fillRect(dst, white, rect.Min.X, rect.Min.Y, rect.Dx(), rect.Dy(), r, g, b, 0.62)
	ebitenutil.DebugPrintAt(dst, s, rect.Min.X+4, rect.Min.Y+2)
}

func strokeRect(dst, white *ebiten.Image, r view.Rect, cr, cg, cb float32) {
	x0, y0, x1, y1 := int(r.MinX)-2, int(r.MinY)-2, int(r.MaxX)+2, int(r.MaxY)+2
	fillRect(dst, white, x0, y0, x1-x0, 1, cr, cg, cb, 1)
	fillRect(dst, white, x0, y1, x1-x0, 1, cr, cg, cb, 1)
	fillRect(dst, white, x0, y0, 1, y1-y0, cr, cg, cb, 1)
	fillRect(dst, white, x1, y0, 1, y1-y0+1, cr, cg, cb, 1)
}

// RenderOffscreen clears dst to the sky and draws the world through cam
// with r: the world scene's drawing, usable on any image while the game
// runs (the window test renders the same frame with and without its
// entities).
func RenderOffscreen(dst *ebiten.Image, r *view.Renderer, w *systems.World, cam *view.Camera) {
	renderOffscreen(dst, r, w, cam, true)
}

// renderOffscreen is RenderOffscreen with the texture filter chosen:
// bilinear, or the nearest texel (Config.NearestTexels).
func renderOffscreen(dst *ebiten.Image, r *view.Renderer, w *systems.World, cam *view.Camera, linear bool) {
	shaderOpts.Uniforms["Linear"] = float32(0)
	if linear {
		shaderOpts.Uniforms["Linear"] = float32(1)
	}
	dst.Fill(view.Background)
	r.SrcX, r.SrcY = 1.5, 1.5 // the centre of whiteImage, inside the atlas's white block
	_, err := worldShader()
	r.Detail = err == nil && !noDetail // the detail texture needs the shader
	r.Depth = err == nil && !noDepth   // so does the depth test
	r.Build(w, cam)
	drawTriangles(dst, r, sourceImage(r))
}

// noDetail turns the terrain's detail textures off, noDepth the depth
// buffer (tests compare).
var noDetail, noDepth bool

var (
	triOpts     = &ebiten.DrawTrianglesOptions{}
	addTriOpts  = &ebiten.DrawTrianglesOptions{Blend: ebiten.BlendLighter}
	fogColour   = make([]float32, 3)
	detailRects = make([]float32, 4*view.MaxDetail)
	shaderOpts  = &ebiten.DrawTrianglesShaderOptions{Uniforms: map[string]any{"Fog": fogColour, "Linear": float32(1), "Detail": detailRects}}
	// addOpts draw Additive surfaces: added to what lies under them, and
	// fogged toward black (fog hides a glow instead of tinting it).
	addOpts = &ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendLighter, Uniforms: map[string]any{"Fog": make([]float32, 3), "Linear": float32(1), "Detail": detailRects}}
	// modeColour and modeDepthTested are the world shader's Mode uniform
	// for a plain batch and a depth-tested one, boxed once: a float32 put
	// into the uniforms map per batch would allocate every frame.
	modeColour, modeDepthTested any = float32(0), float32(1)
)

// drawTriangles draws the frame from src, the atlas or the white image,
// one call per batch (r.DrawCalls(): one unless Additive surfaces show):
// through the world shader
// (perspective-correct texture coordinates), or DrawTriangles32 when the
// shader does not compile. With r.Depth the opaque triangles are first
// drawn into the depth images (two more calls) and the batches marked
// Depth are drawn against them.
func drawTriangles(dst *ebiten.Image, r *view.Renderer, src *ebiten.Image) {
	if len(r.Indices) == 0 {
		return
	}
	verts := unsafe.Slice((*ebiten.Vertex)(unsafe.Pointer(unsafe.SliceData(r.Verts))), len(r.Verts))
	sh, err := worldShader()
	depth := err == nil && r.DepthEnd > r.DepthStart
	if err == nil {
		shaderOpts.Images[0], addOpts.Images[0] = src, src
		fogColour[0], fogColour[1], fogColour[2] = r.Light.FogRGB()
		addOpts.Uniforms["Linear"] = shaderOpts.Uniforms["Linear"]
		for i, d := range r.DetailRects {
			copy(detailRects[4*i:], d[:])
		}
		shaderOpts.Images[1], shaderOpts.Images[2], addOpts.Images[1], addOpts.Images[2] = nil, nil, nil, nil
		if depth {
			// The depth passes' alpha test reads the atlas as the colour
			// pass does, or a texel could count in one and not the other.
			depthHiOpts.Uniforms["Linear"], depthLoOpts.Uniforms["Linear"] = shaderOpts.Uniforms["Linear"], shaderOpts.Uniforms["Linear"]
			hi, lo := depthBuffers(dst.Bounds().Size())
			drawDepth(hi, lo, verts, r.Indices[r.DepthStart:r.DepthEnd], sh, src)
			shaderOpts.Images[1], shaderOpts.Images[2], addOpts.Images[1], addOpts.Images[2] = hi, lo, hi, lo
		}
	}
	start := 0
	for _, b := range r.Batches {
		idx := r.Indices[start:b.End]
		start = b.End
		mode := modeColour
		if depth && b.Depth {
			mode = modeDepthTested
		}
		shaderOpts.Uniforms["Mode"], addOpts.Uniforms["Mode"] = mode, mode
		switch {
		case err == nil && b.Additive:
			dst.DrawTrianglesShader32(verts, idx, sh, addOpts)
		case err == nil:
			dst.DrawTrianglesShader32(verts, idx, sh, shaderOpts)
		case b.Additive:
			dst.DrawTriangles32(verts, idx, src, addTriOpts)
		default:
			dst.DrawTriangles32(verts, idx, src, triOpts)
		}
	}
}

// depthHi and depthLo are the depth buffer's two images (the high and the
// low byte of view.DepthCode in red), the size of the last frame drawn
// with the depth test.
var depthHi, depthLo *ebiten.Image

// maxBlend keeps the larger of source and destination: the nearer depth.
var maxBlend = ebiten.Blend{
	BlendFactorSourceRGB: ebiten.BlendFactorOne, BlendFactorSourceAlpha: ebiten.BlendFactorOne,
	BlendFactorDestinationRGB: ebiten.BlendFactorOne, BlendFactorDestinationAlpha: ebiten.BlendFactorOne,
	BlendOperationRGB: ebiten.BlendOperationMax, BlendOperationAlpha: ebiten.BlendOperationMax,
}

var (
	depthHiOpts = &ebiten.DrawTrianglesShaderOptions{Blend: maxBlend, Uniforms: map[string]any{"Mode": float32(2), "Linear": float32(0)}}
	depthLoOpts = &ebiten.DrawTrianglesShaderOptions{Blend: maxBlend, Uniforms: map[string]any{"Mode": float32(3), "Linear": float32(0)}}
)

// depthBuffers returns the depth images for a destination of size sz,
// made again when the size changed.
func depthBuffers(sz image.Point) (hi, lo *ebiten.Image) {
	if depthHi == nil || depthHi.Bounds().Size() != sz {
		if depthHi != nil {
			depthHi.Deallocate()
			depthLo.Deallocate()
		}
		opts := &ebiten.NewImageOptions{Unmanaged: true}
		depthHi = ebiten.NewImageWithOptions(image.Rectangle{Max: sz}, opts)
		depthLo = ebiten.NewImageWithOptions(image.Rectangle{Max: sz}, opts)
	}
	return depthHi, depthLo
}

// drawDepth clears the depth images and draws the opaque triangles idx
// into them: the high bytes, then the low bytes under the high bytes
// stored (the world shader's modes 2 and 3; src for the alpha test).
func drawDepth(hi, lo *ebiten.Image, verts []ebiten.Vertex, idx []uint32, sh *ebiten.Shader, src *ebiten.Image) {
	hi.Clear()
	lo.Clear()
	depthHiOpts.Images[0] = src
	hi.DrawTrianglesShader32(verts, idx, sh, depthHiOpts)
	depthLoOpts.Images[0], depthLoOpts.Images[1] = src, hi
	lo.DrawTrianglesShader32(verts, idx, sh, depthLoOpts)
}

var whitePix *ebiten.Image

// whitePixel is the white image's centre pixel as a sub-image.
func whitePixel(white *ebiten.Image) *ebiten.Image {
	if whitePix == nil {
		whitePix = white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return whitePix
}
