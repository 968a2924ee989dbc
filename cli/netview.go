package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/scenes/netui"
	"github.com/dereth/dereth/systems"
)

// NetView is a live session or a replayed capture for the viewer: `dereth
// connect` without --headless and `dereth replay --view` prepare one (the
// password read, the captures read) and Dispatch hands it to main in
// ViewOptions.Net. main opens the window with Load, calls Frame at every
// frame boundary, gives the local player's controller Send (live only)
// and calls Close when the window has closed.
type NetView struct {
	// Title is the window title.
	Title     string
	datDir    string
	live      bool
	tracePath string
	trace     *os.File
	jsonl     *systems.JSONL
	// asJSON prints the steps (live) or messages (replay) and the
	// summary as JSON lines on stdout; out guards stdout, which the
	// session's goroutine writes the steps to.
	asJSON bool
	stdout io.Writer
	out    sync.Mutex

	// A live session.
	cfg    session.Config
	steps  atomic.Int64
	s      *session.Session
	cancel context.CancelFunc
	// interrupted is done on Ctrl-C (SIGINT) or SIGTERM; stopSignals
	// gives the next one back to the default (exit at once).
	interrupted context.Context
	stopSignals context.CancelFunc
	done        chan error
	lw          *liveWorld
	forDur      time.Duration // --for: close the viewer after this long in the world
	inWorld     time.Time     // when Load returned the entered world
	ended       bool
	runErr      error
	endErr      error
	entered     bool
	// reconnects counts the sessions started again (Reconnect); closed
	// holds the ended sessions' counts.
	reconnects int
	closed     []session.Stats

	// portal and cell are the DATs Load opened (a replay that seeks back
	// builds its world again over them).
	portal, cell *dat.Container

	// A replay.
	ds   []capture.Datagram
	from float64
	rp   *replayer

	w      *netWorld
	assets *lenientAssets
	// chat is the chat panel's model: the text the server's messages put
	// on screen.
	chat netui.Chat
	// tl is a replay's scrubber model (nil live).
	tl *netui.Timeline
	// started is when the live session began (its chat lines' clock).
	started time.Time

	// pluginPaths are the --plugin files; plugins runs them on the
	// session (nil without); stderr receives their disabling.
	pluginPaths []string
	plugins     *plugin.Manager
	stderr      io.Writer
}

// liveSteps is how many handshake steps the live loading bar shows: the
// LoginRequest, ConnectRequest, data, DDD, characters, enter, world.
const liveSteps = 7

// Live reports whether this is a live session (the keyboard drives the
// player) rather than a replay (the capture does).
func (n *NetView) Live() bool { return n.live }

// Load builds the world over the portal DAT (--dat, or the embedded
// sample) and returns it with the portal and cell containers for the
// renderer. A live session is started and Load returns once the world is
// entered and the player stands in it (progress follows the handshake);
// it fails when the session does. A replay is stepped headless up to
// --from.
func (n *NetView) Load(progress func(done, total int)) (*systems.World, *dat.Container, *dat.Container, error) {
	portal, cell, err := OpenDATs(n.datDir)
	if err != nil {
		return nil, nil, nil, err
	}
	n.portal, n.cell = portal, cell
	n.assets = &lenientAssets{DatAssets: systems.NewDatAssets(portal)}
	if n.tracePath != "" {
		if n.trace, err = os.Create(n.tracePath); err != nil {
			return nil, nil, nil, err
		}
		n.jsonl = systems.NewJSONL(n.trace)
	}
	w, err := n.newWorld()
	if err != nil {
		return nil, nil, nil, err
	}
	n.w = w
	if len(n.pluginPaths) > 0 {
		opts := plugin.Options{Out: pluginOutput(n.print, n.asJSON), Stderr: n.stderr}
		if n.live {
			opts.Send = func(b []byte) {
				if n.s != nil {
					n.s.Send(b)
				}
			}
			opts.MoveTo = func(guid uint32) error { return playerMoveTo(n.w, guid) }
		}
		if n.plugins, err = loadPlugins(n.pluginPaths, opts, w.World); err != nil {
			return nil, nil, nil, err
		}
		n.plugins.SetWorld(w.World)
	}
	if !n.live {
		n.rp = n.newReplayer()
		progress(0, 1)
		n.rp.stepTo(n.from)
		// The camera starts on the player: the login before it is placed
		// has nothing to show.
		for !n.rp.done() && !playerPlaced(w) {
			n.rp.stepTo(w.Now + replayFrame)
		}
		progress(1, 1)
		return w.World, portal, cell, nil
	}
	cfg := n.cfg
	cfg.Step = func(line string) {
		if n.asJSON {
			n.print(stepJSON(line))
		}
		progress(int(min(n.steps.Add(1), liveSteps)), liveSteps)
	}
	progress(0, liveSteps)
	n.interrupted, n.stopSignals = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(n.interrupted, n.stopSignals)
	if err := n.start(cfg); err != nil {
		return nil, nil, nil, err
	}
	s := n.s
	tick := time.NewTicker(time.Second / 30)
	defer tick.Stop()
	for {
		select {
		case err := <-n.done:
			n.ended, n.runErr = true, err
			if err == nil && n.interrupted.Err() != nil {
				err = errors.New("interrupted before entering the world")
			} else if err == nil {
				err = errors.New("the session ended before entering the world")
			}
			return nil, nil, nil, fmt.Errorf("%s: %w", cfg.Addr, err)
		case <-tick.C:
			n.lw.apply()
			if s.Entered() && w.Object(w.PlayerGUID) != nil {
				n.entered, n.inWorld = true, time.Now()
				progress(liveSteps, liveSteps)
				return w.World, portal, cell, nil
			}
		}
	}
}

// newWorld builds an empty world for the session over the DATs Load
// opened: the lenient assets, streaming with --dat, the --trace file.
func (n *NetView) newWorld() (*netWorld, error) {
	w := &netWorld{World: systems.NewWorld(), Contained: map[uint32]bool{}}
	w.Assets, w.assets = n.assets, n.assets
	if n.datDir != "" {
		var err error
		if w.stream, err = attachStream(w.World, n.portal, n.cell); err != nil {
			return nil, err
		}
	}
	if n.jsonl != nil {
		w.Trace = n.jsonl
	}
	return w, nil
}

// newReplayer is the replay of the capture into n.w from its start,
// printing its JSON lines (--json) and filling the chat panel and the
// objects' message lists.
func (n *NetView) newReplayer() *replayer {
	rp := newReplayer(n.ds, n.w, func(line []byte) {
		if n.asJSON {
			n.print(line)
		}
	})
	rp.plugins = n.plugins
	rp.onChat = func(c chatLine, t float64) { n.chat.Add(c.ui(t)) }
	rp.onMention = func(guid uint32, ml *messageLine) {
		res := ml.Result
		if ml.Reason != "" {
			res += " (" + ml.Reason + ")"
		}
		n.Timeline().Mention(guid, ml.T, ml.Name, res)
	}
	return rp
}

// rewind takes the replay back to time to: a world cannot be unwound, so
// a new one is built and the capture runs into it from its start,
// headless, up to to; the old world is closed. The chat panel and the
// objects' message lists are built again as it runs; the JSON lines and
// the plugins, which had the messages already, do not get them twice
// (they resume with the first datagram not fed before). --trace records
// no frame of the run up to to: the trace is of the frames the window
// ran. On an error the replay stays where it was.
func (n *NetView) rewind(to float64) error {
	w, err := n.newWorld()
	if err != nil {
		return fmt.Errorf("seeking back to %.2f s: %w", to, err)
	}
	seen := max(n.rp.next, n.rp.seen)
	n.w.Close()
	n.w = w
	n.chat.Reset()
	n.Timeline().ResetMentions()
	if n.plugins != nil {
		n.plugins.SetWorld(w.World)
	}
	n.rp = n.newReplayer()
	n.rp.seen = seen
	trace := w.Trace
	w.Trace = nil
	n.rp.stepTo(to)
	w.Trace = trace
	return nil
}

// World is the world the session runs now: Load's, or for a replay that
// sought back the one built again (the window follows it).
func (n *NetView) World() *systems.World {
	if n.w == nil {
		return nil
	}
	return n.w.World
}

// playerPlaced reports whether the local player is in the world with a
// position.
func playerPlaced(w *netWorld) bool {
	o := w.Object(w.PlayerGUID)
	return w.PlayerGUID != 0 && o != nil && o.Phys.Position.Cell != 0
}

// SampleDAT reports whether the world is viewed over the embedded sample
// DATs (no --dat): their ids hold other models than retail's, so the
// viewer leaves the server's ObjDesc changes out (VW-01).
func (n *NetView) SampleDAT() bool { return n.datDir == "" }

// MissingAssets are the distinct Setups and MotionTables the session's
// world could not find in the DAT so far (the viewer's HUD lists them).
func (n *NetView) MissingAssets() []MissingAsset {
	if n.assets == nil {
		return nil
	}
	return n.assets.ids
}

// Timeline is a replay's scrubber model (packet density, pause and
// step, seeking, each object's messages); nil for a live session.
func (n *NetView) Timeline() *netui.Timeline {
	if n.live {
		return nil
	}
	if n.tl == nil {
		times := make([]float64, len(n.ds))
		for i := range n.ds {
			times[i] = n.ds[i].Time.Sub(n.ds[0].Time).Seconds()
		}
		n.tl = netui.NewTimeline(times)
	}
	return n.tl
}

// Chat is the chat panel's model (live and replay alike).
func (n *NetView) Chat() *netui.Chat { return &n.chat }

// addChat puts a live session's chat line in the panel and, with --json,
// prints it.
func (n *NetView) addChat(c chatLine) {
	n.chat.Add(c.ui(time.Since(n.started).Seconds()))
	if n.asJSON {
		n.print(c.json())
	}
}

// start runs a session with cfg on its own goroutine, its messages going
// to the view's world.
func (n *NetView) start(cfg session.Config) error {
	s, err := session.New(cfg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(n.interrupted)
	n.s, n.cancel, n.done = s, cancel, make(chan error, 1)
	n.lw = &liveWorld{s: s, w: n.w, plugins: n.plugins, chat: n.addChat}
	if n.started.IsZero() {
		n.started = time.Now()
	}
	n.ended, n.runErr, n.endErr = false, nil, nil
	go func() { n.done <- s.Run(ctx) }()
	return nil
}

// ReconnectKey names the viewer's key that logs in again once a live
// session has ended (scenes.Config.Reconnect).
const ReconnectKey = "F9"

// Reconnect logs in again, with the same account and the character the
// ended session chose, into the world on screen (the key ReconnectKey):
// the last world stays until the server's messages replace it (a
// CreateObject of an object already there updates it). It fails while
// the session still runs, and for a replay.
func (n *NetView) Reconnect() error {
	if !n.live || n.s == nil {
		return errors.New("only a live session can reconnect")
	}
	if !n.ended {
		return errors.New("the session is still running")
	}
	prev := n.s
	n.lw.apply() // what arrived before the end
	cfg := n.cfg
	cfg.Step = func(line string) {
		if n.asJSON {
			n.print(stepJSON(line))
		}
	}
	if c := prev.Character(); c != "" {
		cfg.Character = c
	}
	n.closed = append(n.closed, prev.Stats())
	if err := n.start(cfg); err != nil {
		n.ended = true
		return fmt.Errorf("reconnect: %w", err)
	}
	n.reconnects++
	return nil
}

// NetStats is the live session's traffic for the HUD: server datagrams
// verified and dropped, our packets resent, server messages lost (all
// zero for a replay).
func (n *NetView) NetStats() (verified, dropped, resent, lost int) {
	if !n.live || n.s == nil {
		return 0, 0, 0, 0
	}
	st := n.s.Stats()
	return st.ChecksumOK, st.Dropped(), st.Resent, st.Lost
}

// ErrViewEnd, returned by Frame, asks the viewer to close as the user
// would: --for has run out, or dereth got Ctrl-C (SIGINT) or SIGTERM.
var ErrViewEnd = errors.New("the viewer is done: --for ran out, or an interrupt")

// Frame runs at a frame boundary before the world steps dt: a replay
// applies the messages of the datagrams due before the frame ends, a live
// session the messages that arrived. Once a live session has ended it
// returns why, every frame; the world keeps running. When --for has run
// out, or on Ctrl-C or SIGTERM, it returns ErrViewEnd: the window closes,
// and Close disconnects and prints the summary.
func (n *NetView) Frame(_ *systems.World, dt float64) error {
	if !n.live {
		if to, ok := n.Timeline().TakeSeek(); ok {
			// Headless, in replay frames, to the time clicked; back from
			// the capture's start.
			if to < n.w.Now {
				if err := n.rewind(to); err != nil {
					return err
				}
			} else {
				n.rp.stepTo(to)
			}
		}
		n.rp.feedBefore(n.w.Now + dt)
		n.rp.tick()
		return nil
	}
	if n.forDur > 0 && time.Since(n.inWorld) >= n.forDur || n.interrupted.Err() != nil {
		return ErrViewEnd
	}
	n.lw.apply()
	if n.plugins != nil {
		n.plugins.Tick(n.w.Now)
	}
	if n.lw.over != nil && !n.ended {
		n.cancel() // the world cannot follow the server any more
		n.runErr = n.lw.overErr()
		n.ended, n.endErr = true, fmt.Errorf("the session ended: %w\n%s: reconnect as %s", n.runErr, ReconnectKey, n.who())
		<-n.done
	}
	if !n.ended {
		select {
		case err := <-n.done:
			n.ended, n.runErr = true, err
			if err == nil {
				err = errors.New("the server closed it")
			}
			n.endErr = fmt.Errorf("the session ended: %w\n%s: reconnect as %s", err, ReconnectKey, n.who())
		default:
		}
	}
	return n.endErr
}

// who is the account and character a reconnect logs in as.
func (n *NetView) who() string {
	c := n.cfg.Character
	if n.s != nil && n.s.Character() != "" {
		c = n.s.Character()
	}
	if c == "" {
		return n.cfg.Account
	}
	return n.cfg.Account + " (" + c + ")"
}

// Send is what the local player's controller sends through: the live
// session's Send; nil for a replay.
func (n *NetView) Send() func(msg []byte) {
	if !n.live || n.s == nil {
		return nil
	}
	return n.s.Send
}

// Plugins is the plugins running on the session (nil without --plugin),
// for the viewer's panels and HUD.
func (n *NetView) Plugins() *plugin.Manager { return n.plugins }

// print writes one JSON line to stdout.
func (n *NetView) print(line []byte) {
	n.out.Lock()
	n.stdout.Write(line)
	n.out.Unlock()
}

// Frames is how many frames a --screenshot of a replay renders when
// --frames is not given: the capture from --from to its end at 60 frames
// a second, and half a second more.
func (n *NetView) Frames() int {
	if n.live {
		return 60
	}
	rest := 0.0
	if len(n.ds) > 0 {
		rest = max(n.ds[len(n.ds)-1].Time.Sub(n.ds[0].Time).Seconds()-n.from, 0)
	}
	return int(rest*60) + 30
}

// Close ends a live session (it sends its Disconnect) and prints the
// summary a headless run prints; it returns the exit status: 1 when the
// session failed.
func (n *NetView) Close(stdout, stderr io.Writer) int {
	if n.w == nil {
		return 1 // Load never ran (the window failed) or failed early
	}
	code := n.close(stdout, stderr)
	if n.plugins != nil {
		n.plugins.Disconnect("the viewer closed")
		n.plugins.Close()
	}
	n.w.Close()
	if n.trace != nil {
		if err := n.trace.Close(); err != nil || n.jsonl.Err != nil {
			fmt.Fprintf(stderr, "dereth: trace %s: %v\n", n.tracePath, errors.Join(err, n.jsonl.Err))
			code = 1
		}
	}
	return code
}

func (n *NetView) close(stdout, stderr io.Writer) int {
	if !n.live {
		if n.rp == nil {
			return 1
		}
		res := n.rp.result()
		res.missingAssets = n.assets.Missing
		if n.asJSON {
			n.print(res.summaryJSON(nil))
		} else {
			res.printText(stdout)
		}
		return 0
	}
	if n.s == nil {
		return 1
	}
	defer n.stopSignals()
	if !n.ended {
		n.cancel()
		select {
		case n.runErr = <-n.done:
		case <-time.After(3 * time.Second):
			n.runErr = errors.New("the session did not end within 3 s")
		}
		n.ended = true
	}
	st := n.s.Stats()
	res := &replayResult{world: n.w, applyErrors: n.lw.applyErrors, missingAssets: n.assets.Missing, stats: liveStats(st), live: &st}
	if n.asJSON {
		n.print(res.summaryJSON(map[string]any{"entered_world": n.s.Entered()}))
	} else {
		res.printText(stdout)
		fmt.Fprintf(stdout, "entered world: %v\n", n.s.Entered())
	}
	if n.runErr != nil {
		fmt.Fprintf(stderr, "dereth connect: %v\n", n.runErr)
		return 1
	}
	return 0
}
