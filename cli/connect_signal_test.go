//go:build unix

package cli

import (
	"bytes"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dereth/dereth/control"
	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/net/session/sessiontest"
)

// TestConnectHeadlessInterrupt: Ctrl-C (a real SIGINT to this process,
// sent once the world is entered) ends `dereth connect --headless` as
// --for does: the server gets the Disconnect, the summary is printed and
// the exit status is 0. Before, the signal killed the process: no
// Disconnect (the character stayed in the world until the server's
// timeout) and no summary; here it would kill the test binary.
func TestConnectHeadlessInterrupt(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	testSessionConfig = func(c *session.Config) {
		c.ConnectDelay, c.ConnectResend, c.LoginResend = 10*time.Millisecond, 50*time.Millisecond, 100*time.Millisecond
	}
	defer func() { testSessionConfig = nil }()
	t.Setenv("DERETH_PASSWORD", "treestats")
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(8 * time.Second))
	keys := func(frame int) control.Keys {
		if frame == 3 {
			syscall.Kill(syscall.Getpid(), syscall.SIGINT)
		}
		return control.Keys{}
	}
	var out, errOut bytes.Buffer
	start := time.Now()
	if _, code := connect([]string{"--headless", "treestats@" + srv.Addr()}, &out, &errOut, keys); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("ended after %v: the interrupt did not end it", d)
	}
	for _, want := range []string{"disconnect: sent Disconnect", "client 8)", "entered world: true"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	serverSawCleanSession(t, srv)
}

// TestConnectViewInterrupt: in the viewer, Ctrl-C (a real SIGINT) makes
// the live session's frame hook ask the window to close (ErrViewEnd), and
// closing disconnects and prints the summary. Before, the signal killed
// dereth with the character left in the world. (The window itself is not
// needed: Load and Frame are what the viewer calls.)
func TestConnectViewInterrupt(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	testSessionConfig = func(c *session.Config) {
		c.ConnectDelay, c.ConnectResend, c.LoginResend = 10*time.Millisecond, 50*time.Millisecond, 100*time.Millisecond
	}
	defer func() { testSessionConfig = nil }()
	t.Setenv("DERETH_PASSWORD", "treestats")
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(8 * time.Second))
	var out, errOut bytes.Buffer
	v, code := connectOrView([]string{"treestats@" + srv.Addr()}, &out, &errOut)
	if v == nil || v.Net == nil {
		t.Fatalf("no viewer options (exit %d): %s", code, errOut.String())
	}
	n := v.Net
	w, _, _, err := n.Load(func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	var frameErr error
	for frame := 0; frame < 90 && frameErr == nil; frame++ {
		if frame == 3 {
			syscall.Kill(syscall.Getpid(), syscall.SIGINT)
		}
		frameErr = n.Frame(w, 1.0/30)
		w.Step(1.0 / 30)
		time.Sleep(time.Second / 30)
	}
	if frameErr != ErrViewEnd {
		t.Fatalf("frame hook after SIGINT: %v, want ErrViewEnd", frameErr)
	}
	if code := n.Close(&out, &errOut); code != 0 {
		t.Fatalf("close: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "entered world: true") {
		t.Errorf("no summary:\n%s", out.String())
	}
	serverSawCleanSession(t, srv)
}
