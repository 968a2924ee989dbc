//go:build !headless

package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/dereth/dereth/internal/xvfb" // an X display for ebiten's init

	"github.com/dereth/dereth/internal/bodycheck"
	sview "github.com/dereth/dereth/scenes/view"
)

// childArgs, when set, makes the test binary run dereth with these
// arguments on its main goroutine (ebiten needs the main thread).
const childArgs = "DERETH_MAIN_CHILD_ARGS"

func TestMain(m *testing.M) {
	if a := os.Getenv(childArgs); a != "" {
		os.Exit(run(strings.Split(a, "\x1f"), os.Stdout, os.Stderr))
	}
	bodycheck.Tests() // the body-sync check on for the tests (internal/bodycheck)
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// built is the dereth binary, built once by derethBinary.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// derethBinary builds the dereth binary (the viewer build) for the tests
// that run it as a user would: the test binary itself cannot, since it
// skips cli/prewindow and gets its display from internal/xvfb.
func derethBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		goTool, err := exec.LookPath("go") // go test puts its GOROOT/bin first on PATH
		if err != nil {
			built.err = err
			return
		}
		if built.dir, built.err = os.MkdirTemp("", "dereth-bin-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "dereth")
		out, err := exec.Command(goTool, "build", "-o", built.path, ".").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// unreachableDisplay returns an X display name no server answers: the
// first from :999 up without a socket or lock file. (xvfb-run -a, which
// the window tests use, takes free numbers from :99 up, so :99 itself may
// well be live.)
func unreachableDisplay(t *testing.T) string {
	t.Helper()
	for n := 999; n < 1099; n++ {
		_, errSock := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		_, errLock := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n))
		if os.IsNotExist(errSock) && os.IsNotExist(errLock) {
			return fmt.Sprintf(":%d", n)
		}
	}
	t.Fatal("no free X display number in :999-:1098")
	return ""
}

func dereth(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestViewScreenshot is the real-window test: `dereth view --frames 180
// --screenshot out.png` on the embedded sample world and its default spawn
// script must draw the terrain and every spawned entity it projects.
func TestViewScreenshot(t *testing.T) {
	t.Parallel() // its own dereth process, beside the other window runs
	out := filepath.Join(t.TempDir(), "out.png")
	if log, err := dereth(t, "view", "--frames", "180", "--screenshot", out); err != nil {
		t.Fatalf("dereth view: %v\n%s", err, log)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sview.ReadShotReport(out + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Entities) == 0 {
		t.Fatal("no entity was projected into the view")
	}
	if err := sview.CheckShot(img, rep, nil); err != nil {
		t.Fatal(err)
	}
}

func TestViewBadDATShowsTheErrorScene(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "client_portal.dat"), []byte("not a dat"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "err.png")
	log, err := dereth(t, "view", "--dat", dir, "--frames", "5", "--screenshot", out)
	if err == nil || !strings.Contains(log, "client_portal.dat") {
		t.Fatalf("a corrupt DAT must fail naming the file: %v\n%s", err, log)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("the error scene was not saved: %v", err)
	}
}

// TestViewScreenshotFailsOnScriptError: a --screenshot run whose spawn
// script's timer fails still saves its picture (the error shown in it),
// but says the error on stderr and exits 1, so a pipeline notices.
func TestViewScreenshotFailsOnScriptError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := filepath.Join(dir, "bad.lua")
	src := "local p = world.find_place()\nworld.spawn{setup = sample.HUMAN, cell = p.cell, origin = p.origin}\nworld.after(0.1, function() error('boom') end)\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.png")
	log, err := dereth(t, "view", "--script", script, "--frames", "30", "--screenshot", out)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(log, "bad.lua:3: boom") {
		t.Fatalf("dereth view: %v, want exit 1 naming bad.lua:3\n%s", err, log)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("the picture was not saved: %v", err)
	}
}

// TestInteractiveViewLogsLoadErrors: the interactive viewer (no
// --screenshot) on a broken --dat shows the error scene and also says
// why on stderr as soon as loading fails, while the window stays open.
func TestInteractiveViewLogsLoadErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "client_portal.dat"), []byte("not a dat"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join([]string{"view", "--dat", dir}, "\x1f"))
	var errOut syncBuffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(errOut.String(), "client_portal.dat"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the interactive viewer wrote no load error to stderr within 30 s: %q", errOut.String())
		}
	}
	if !strings.HasPrefix(errOut.String(), "dereth: ") {
		t.Errorf("stderr %q, want the load error after \"dereth: \"", errOut.String())
	}
	select {
	case err := <-exited:
		exited <- err
		t.Fatalf("the viewer exited (%v) instead of showing the error scene", err)
	case <-time.After(500 * time.Millisecond):
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestCommandsNeedNoDisplay runs the built binary without a display and
// with an unreachable one: every command that needs no window must work
// without touching X (Ebitengine's init would panic on either) and without
// re-running under xvfb-run (PATH holds no xvfb-run to find).
func TestCommandsNeedNoDisplay(t *testing.T) {
	bin := derethBinary(t)
	dir := t.TempDir() // the commands' working directory
	if err := os.WriteFile(filepath.Join(dir, "hello.lua"), []byte(`print("hello from lua")`), 0o644); err != nil {
		t.Fatal(err)
	}
	noPath := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "PATH", "DERETH_UNDER_XVFB", childArgs:
		default:
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+noPath)
	displays := []struct{ name, env string }{
		{"DISPLAY unset", ""},
		{"DISPLAY unreachable", "DISPLAY=" + unreachableDisplay(t)},
	}
	tests := []struct {
		args        []string
		code        int
		out, errOut string // substrings; "" means that stream stays empty
	}{
		{[]string{"help"}, 0, "usage: dereth [COMMAND]", ""},
		{[]string{"--help"}, 0, "usage: dereth [COMMAND]", ""},
		{[]string{"-h"}, 0, "usage: dereth [COMMAND]", ""},
		{[]string{"help", "view"}, 0, "usage: dereth [view]", ""},
		{[]string{"run", "-h"}, 0, "usage: dereth run [--dat DIR] [--trace FILE]", ""},
		{[]string{"run", "hello.lua"}, 0, "hello from lua\nt=0.000s frames=0 objects=0", ""},
		{[]string{"dat", "ls", "sample:portal"}, 0, "GfxObj", ""},
		{[]string{"decode", "missing.bin"}, 1, "missing.bin: error: cannot read: no such file or directory", ""},
		{[]string{"bogus"}, 2, "", `dereth: unknown command "bogus"`},
		{[]string{"--bogus"}, 2, "", "dereth view: flag provided but not defined: -bogus"},
		{[]string{"dat", "ls", "--yaml", "sample:portal"}, 2, "", "dereth dat ls: flag provided but not defined: -yaml"},
		{[]string{"replay", "--view", "missing.pcap"}, 1, "", "missing.pcap"},
		{[]string{"replay", "--json", "missing.pcap"}, 1, "", "missing.pcap"},
		{[]string{"connect", "--headless", "--password-file", "missing.pw", "a@127.0.0.1"}, 1, "", "password file"},
		{[]string{"replay", "--frames", "1", "missing.pcap"}, 2, "", "--screenshot and --frames need --view"},
		{[]string{"connect", "--for", "-1s", "a@127.0.0.1"}, 2, "", "--for must not be negative"},
		{[]string{"connect", "--headless", "--screenshot", "x.png", "a@127.0.0.1"}, 2, "", "--screenshot and --frames are for the viewer"},
	}
	for _, d := range displays {
		for _, tt := range tests {
			t.Run(d.name+"/"+strings.Join(tt.args, " "), func(t *testing.T) {
				t.Parallel() // each its own process; the parent's cleanups wait for them
				cmd := exec.Command(bin, tt.args...)
				cmd.Dir, cmd.Env = dir, env
				if d.env != "" {
					cmd.Env = append(cmd.Env[:len(cmd.Env):len(cmd.Env)], d.env)
				}
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				err := cmd.Run()
				if cmd.ProcessState == nil {
					t.Fatal(err)
				}
				if code := cmd.ProcessState.ExitCode(); code != tt.code {
					t.Fatalf("exit %d, want %d\nstderr: %s", code, tt.code, errOut.String())
				}
				if !strings.Contains(out.String(), tt.out) || (tt.out == "") != (out.Len() == 0) {
					t.Errorf("stdout %q, want %q", out.String(), tt.out)
				}
				if !strings.Contains(errOut.String(), tt.errOut) || (tt.errOut == "") != (errOut.Len() == 0) {
					t.Errorf("stderr %q, want %q", errOut.String(), tt.errOut)
				}
				for _, bad := range []string{"glfw", "XGB", "X11", "panic", "display", "xvfb"} {
					if strings.Contains(errOut.String(), bad) {
						t.Errorf("stderr mentions %s: %s", bad, errOut.String())
					}
				}
			})
		}
	}
}

// TestViewNeedsADisplay: without one the viewer stops with a message and
// a screenshot, with no Xvfb on PATH, says what to install; with a
// DISPLAY no X server answers, both say the display is unreachable
// (Ebitengine's init, which would panic, never runs).
func TestViewNeedsADisplay(t *testing.T) {
	bin := derethBinary(t)
	bogus := unreachableDisplay(t)
	tests := []struct {
		name    string
		display string
		args    []string
		want    string
	}{
		{"view", "", []string{"view"}, "dereth: the viewer needs a display"},
		{"no arguments", "", nil, "dereth: the viewer needs a display"},
		{"screenshot", "", []string{"--screenshot", filepath.Join(t.TempDir(), "s.png")}, "install xvfb"},
		{"view on an unreachable display", bogus, []string{"view"}, "dereth: display " + bogus + " unreachable"},
		{"screenshot on an unreachable display", bogus, []string{"--screenshot", filepath.Join(t.TempDir(), "s.png")}, "dereth: display " + bogus + " unreachable"},
		{"view on an unreachable TCP display", "127.0.0.1:" + strings.TrimPrefix(bogus, ":"), []string{"view"}, "unreachable"},
		{"view on a bad display name", "nonsense", []string{"view"}, "dereth: display nonsense unreachable (not a display name"},
		{"connect on an unreachable display", bogus, []string{"connect", "a@127.0.0.1:1"}, "dereth: display " + bogus + " unreachable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			cmd.Env = []string{"PATH=" + t.TempDir(), "HOME=" + t.TempDir(), "DERETH_PASSWORD=x"}
			if tt.display != "" {
				cmd.Env = append(cmd.Env, "DISPLAY="+tt.display)
			}
			out, err := cmd.CombinedOutput()
			if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), tt.want) {
				t.Fatalf("%v: %s\nwant exit 2 and %q", err, out, tt.want)
			}
			if strings.Contains(string(out), "panic") || strings.Contains(string(out), "glfw") {
				t.Errorf("Ebitengine's init ran: %s", out)
			}
		})
	}
}

func TestHeadlessCommandsDispatch(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"dat", "ls", "sample:cell"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "LandBlock") {
		t.Fatalf("dat ls: %d %s %s", code, out.String(), errb.String())
	}
	if code := run([]string{"bogus"}, &out, &errb); code != 2 {
		t.Fatalf("unknown command exit %d, want 2", code)
	}
}

// TestREADMECommands: the README's command list quotes every command's
// usage line as `dereth help` prints it.
func TestREADMECommands(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"view", "run", "dat ls", "dat show", "dat check", "decode", "connect", "replay", "help"} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"help"}, strings.Fields(cmd)...), &out, &errb); code != 0 {
			t.Fatalf("help %s: exit %d: %s", cmd, code, errb.String())
		}
		line, _, _ := strings.Cut(out.String(), "\n")
		usage := "`" + strings.TrimPrefix(line, "usage: ") + "`"
		if !bytes.Contains(readme, []byte(usage)) {
			t.Errorf("README.md does not list %s", usage)
		}
	}
}
