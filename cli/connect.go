package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/systems"
)

// connectFrame is the headless simulation's frame.
const connectFrame = 1.0 / 30

// Connect implements `dereth connect [--character NAME] [--headless]
// [--for DURATION] [--json] [--screenshot FILE [--frames N]] [--trace FILE]
// [--dat DIR] [--password-file F] ACCOUNT@HOST[:PORT]`: log in to an ACE
// server, choose a character, enter the world and follow it. The password
// comes from --password-file, the DERETH_PASSWORD environment variable or
// a prompt that does not echo; never from the command line. Headless, it
// prints one line per handshake step and a per-opcode summary when the
// session ends. Without --headless it opens the viewer on the live world
// (through Dispatch and main; Connect itself refuses with exit status 2)
// and prints the summary when the window closes; --for closes it after
// DURATION in the world, and --json prints the steps and the summary as
// JSON lines in both modes.
// The exit status is 1 when the session fails (refused, timed out,
// disconnected), 2 on misuse.
func Connect(args []string, stdout, stderr io.Writer) int {
	v, code := connect(args, stdout, stderr, nil)
	if v != nil {
		fmt.Fprintln(stderr, "dereth connect: the viewer opens only from the dereth command; use --headless here")
		return 2
	}
	return code
}

// connectOrView is connect for Dispatch: without --headless it returns the
// viewer's options.
func connectOrView(args []string, stdout, stderr io.Writer) (*ViewOptions, int) {
	return connect(args, stdout, stderr, nil)
}

// connect runs `dereth connect` headless, or returns the ViewOptions of the
// viewer on the live session. keys(frame) is the headless player's input
// on the frame'th frame since the world was entered (nil: none).
func connect(args []string, stdout, stderr io.Writer, keys func(frame int) control.Keys) (*ViewOptions, int) {
	fs := NewFlagSet("connect", "dereth connect [--character NAME] [--headless] [--for DURATION] [--json] [--plugin FILE.lua]... [--screenshot FILE [--frames N]] [--trace FILE] [--dat DIR] [--password-file F] ACCOUNT@HOST[:PORT]")
	fs.Detail = "The password comes from --password-file, DERETH_PASSWORD or a prompt (no echo).\n" +
		"The port defaults to 9000; the server's second port is the next one.\n" +
		"Without --headless the viewer opens on the live world once it is entered: the\n" +
		"keyboard drives your character and its movement goes to the server.\n"
	character := fs.String("character", "", "enter as the character `NAME` (default: the first)")
	headless := fs.Bool("headless", false, "no viewer: print the handshake and a summary")
	dur := fs.Duration("for", 0, "disconnect after `DURATION` in the world, closing the viewer (0: until Ctrl-C, the window closes or the server ends it)")
	asJSON := fs.Bool("json", false, "print one JSON object per handshake step and a summary object last (on stdout; with the viewer too)")
	shot := fs.String("screenshot", "", "in the viewer, render --frames frames in the world, save a PNG to `FILE`, disconnect and exit")
	frames := fs.Int("frames", 0, "render `N` frames before the --screenshot (default 60)")
	tracePath := fs.String("trace", "", "write the world's trace as JSON Lines to `FILE`")
	datDir := fs.String("dat", "", "read the portal DAT from `DIR` (default: the embedded sample)")
	pwFile := fs.String("password-file", "", "read the password from the first line of `F`")
	var plugins []string
	fs.Func("plugin", pluginFlag, func(v string) error {
		plugins = append(plugins, v)
		return nil
	})
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return nil, code
	}
	if fs.NArg() != 1 {
		return nil, fs.Fail(stderr, "want one ACCOUNT@HOST[:PORT], got %d arguments", fs.NArg())
	}
	account, host, ok := strings.Cut(fs.Arg(0), "@")
	if !ok || account == "" || host == "" {
		return nil, fs.Fail(stderr, "%q is not ACCOUNT@HOST[:PORT]", fs.Arg(0))
	}
	// Checked before the password is asked for: a typo costs no prompt.
	if err := checkServer(host); err != nil {
		return nil, fs.Fail(stderr, "%q is not ACCOUNT@HOST[:PORT]: %v", fs.Arg(0), err)
	}
	switch {
	case *headless && (*shot != "" || *frames != 0):
		return nil, fs.Fail(stderr, "--screenshot and --frames are for the viewer, not --headless")
	case *dur < 0:
		return nil, fs.Fail(stderr, "--for must not be negative, got %v", *dur)
	case *frames < 0:
		return nil, fs.Fail(stderr, "--frames must be 0 or more, got %d", *frames)
	}
	password, err := readPassword(*pwFile, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "dereth connect: %v\n", err)
		return nil, 1
	}
	cfg := session.Config{Addr: host, Account: account, Password: password, Character: *character}
	if testSessionConfig != nil {
		testSessionConfig(&cfg)
	}
	if !*headless {
		n := &NetView{Title: "dereth: " + account + "@" + host, datDir: *datDir, live: true, cfg: cfg, tracePath: *tracePath,
			forDur: *dur, asJSON: *asJSON, stdout: stdout, pluginPaths: plugins, stderr: stderr}
		v := &ViewOptions{DAT: *datDir, Screenshot: *shot, Frames: *frames, Net: n}
		if v.Screenshot != "" && v.Frames == 0 {
			v.Frames = n.Frames()
		}
		return v, 0
	}
	w, _, err := newNetWorld(*datDir)
	if err != nil {
		fmt.Fprintf(stderr, "dereth connect: %v\n", err)
		return nil, 1
	}
	defer w.Close()
	var jsonl *systems.JSONL
	if *tracePath != "" {
		f, err := os.Create(*tracePath)
		if err != nil {
			fmt.Fprintf(stderr, "dereth connect: %v\n", err)
			return nil, 1
		}
		defer f.Close()
		jsonl = systems.NewJSONL(f)
		w.Trace = jsonl
	}
	steps := make(chan string, 64)
	cfg.Step = func(line string) {
		select {
		case steps <- line:
		default:
		}
	}
	s, err := session.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "dereth connect: %v\n", err)
		return nil, 1
	}
	var pm *plugin.Manager
	if len(plugins) > 0 {
		pm, err = loadPlugins(plugins, plugin.Options{Out: pluginOutput(writerFunc(stdout), *asJSON), Stderr: stderr,
			Send: s.Send, MoveTo: func(guid uint32) error { return playerMoveTo(w, guid) }}, w.World)
		if err != nil {
			fmt.Fprintf(stderr, "dereth connect: %v\n", err)
			return nil, 1
		}
		defer pm.Close()
		pm.SetWorld(w.World)
	}
	return nil, runHeadless(s, w, *dur, *asJSON, steps, keys, pm, stdout, stderr)
}

// testSessionConfig, when set (by tests), adjusts the session's
// configuration: shorter timeouts and pacing than ACE's.
var testSessionConfig func(*session.Config)

// runHeadless steps the world at 30 frames a second on this goroutine while
// the session runs on its own; messages enter at frame boundaries, then
// the local player's keys (keys, nil for none) go through the controller,
// which sends MoveToState on every change and AutonomousPosition while
// the player moves.
//
// SIGINT (Ctrl-C) or SIGTERM ends the session as --for does: the
// Disconnect goes to the server and the summary is printed; a second one
// kills dereth at once.
func runHeadless(s *session.Session, w *netWorld, dur time.Duration, asJSON bool, steps chan string, keys func(int) control.Keys, plugins *plugin.Manager, stdout, stderr io.Writer) int {
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(sig, stop) // the next signal is the default: exit now
	ctx, cancel := context.WithCancel(sig)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	tick := time.NewTicker(time.Second / 30)
	defer tick.Stop()
	var entered time.Time
	var runErr error
	live := &liveWorld{s: s, w: w, plugins: plugins}
	if asJSON {
		live.chat = func(c chatLine) { stdout.Write(c.json()) }
	}
	var ctrl control.Controller
	ctrl.Send = s.Send
	frame := 0
	printStep := func(line string) {
		if asJSON {
			stdout.Write(stepJSON(line))
		} else {
			fmt.Fprintln(stdout, line)
		}
	}
loop:
	for {
		select {
		case runErr = <-done:
			break loop
		case line := <-steps:
			printStep(line)
		case <-tick.C:
			live.apply()
			if s.Entered() && entered.IsZero() {
				entered = time.Now()
			}
			if !entered.IsZero() {
				var k control.Keys
				if keys != nil {
					k = keys(frame)
				}
				ctrl.Update(w.World, k)
				frame++
			}
			w.Step(connectFrame)
			if plugins != nil {
				plugins.Tick(w.Now)
			}
			if live.over != nil {
				cancel() // the world cannot follow the server any more
			}
			if dur > 0 && !entered.IsZero() && time.Since(entered) >= dur {
				cancel()
			}
		}
	}
	for len(steps) > 0 {
		printStep(<-steps)
	}
	live.apply() // what arrived before the end: counted, or refused
	if err := live.overErr(); err != nil && runErr == nil {
		runErr = err
	}
	if plugins != nil {
		reason := "the session ended"
		if runErr != nil {
			reason = runErr.Error()
		}
		plugins.Disconnect(reason)
	}
	st := s.Stats()
	res := &replayResult{world: w, applyErrors: live.applyErrors, missingAssets: w.assets.Missing, stats: liveStats(st), live: &st}
	if asJSON {
		stdout.Write(res.summaryJSON(map[string]any{"entered_world": s.Entered()}))
	} else {
		res.printText(stdout)
		fmt.Fprintf(stdout, "entered world: %v\n", s.Entered())
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "dereth connect: %v\n", runErr)
		return 1
	}
	return 0
}

// stepJSON is a handshake step's --json line.
func stepJSON(line string) []byte {
	b, _ := json.Marshal(map[string]string{"event": "step", "step": line})
	return append(b, '\n')
}

// checkServer checks the HOST[:PORT] of connect's argument without
// resolving it: a host, and a port (when given) in 1–65534, since the
// server also listens on the next one.
func checkServer(hostport string) error {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		if strings.Contains(hostport, ":") && !strings.HasPrefix(hostport, "[") {
			return err
		}
		host, port = strings.Trim(hostport, "[]"), ""
	}
	if host == "" || strings.ContainsAny(host, " \t/@") {
		return fmt.Errorf("host %q is not a host name or address", host)
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65534 {
			return fmt.Errorf("port %q is not a number in 1–65534 (the server listens on it and on the next one)", port)
		}
	}
	return nil
}

// readPassword reads the password from file, DERETH_PASSWORD, or a
// no-echo prompt on the terminal.
func readPassword(file string, prompt io.Writer) (string, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("password file: %w", err)
		}
		line, _, _ := strings.Cut(string(b), "\n")
		if line = strings.TrimRight(line, "\r"); line == "" {
			return "", fmt.Errorf("password file %s: the first line is empty", file)
		}
		return line, nil
	}
	if pw, ok := os.LookupEnv("DERETH_PASSWORD"); ok {
		if pw == "" {
			return "", errors.New("DERETH_PASSWORD is set but empty")
		}
		return pw, nil
	}
	fd := int(os.Stdin.Fd())
	if !term.IsTerminal(fd) {
		return "", errors.New("no password: use --password-file, DERETH_PASSWORD or a terminal")
	}
	fmt.Fprint(prompt, "password: ")
	b, err := term.ReadPassword(fd)
	fmt.Fprintln(prompt)
	if err != nil {
		return "", fmt.Errorf("password prompt: %w", err)
	}
	return string(b), nil
}
