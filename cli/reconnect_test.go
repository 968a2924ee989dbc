package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/net/session/sessiontest"
)

// TestConnectViewReconnect is the viewer's reconnect without a window
// (Load, Frame and Reconnect are what the viewer calls; F9 calls
// Reconnect): the server disconnects a session in the world; the frame
// hook's banner says why and offers the reconnect key, the world stays as
// it was, and Reconnect logs in again as the same account and character,
// which the in-order server takes as a second session in the retail
// order; the banner goes once the session runs again.
func TestConnectViewReconnect(t *testing.T) {
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
	go srv.Serve(time.Now().Add(10 * time.Second))
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
	if err := n.Reconnect(); err == nil {
		t.Error("Reconnect while the session runs did not fail")
	}
	frames := func(until func(error) bool) error {
		var err error
		for range 150 {
			err = n.Frame(w, 1.0/30)
			w.Step(1.0 / 30)
			if until(err) {
				return err
			}
			time.Sleep(time.Second / 30)
		}
		return err
	}
	frames(func(error) bool { return w.Len() >= 11 })
	placed := w.Len()
	srv.Disconnect()
	banner := frames(func(err error) bool { return err != nil })
	if banner == nil || !strings.Contains(banner.Error(), "the server disconnected") || !strings.Contains(banner.Error(), "F9: reconnect as treestats (Treestats)") {
		t.Fatalf("banner %v, want the reason and the reconnect key", banner)
	}
	if w.Len() != placed || w.Object(w.PlayerGUID) == nil {
		t.Errorf("the world changed at the end: %d placed, was %d", w.Len(), placed)
	}
	if err := n.Reconnect(); err != nil {
		t.Fatalf("reconnect: %v", err)
	}
	if err := frames(func(err error) bool { return err == nil && n.s.Entered() }); err != nil || !n.s.Entered() {
		t.Fatalf("after the reconnect: frame %v, entered %v", err, n.s.Entered())
	}
	if got := n.s.Character(); got != "Treestats" {
		t.Errorf("the reconnect chose %q, want Treestats", got)
	}
	if code := n.Close(&out, &errOut); code != 0 {
		t.Fatalf("close: exit %d: %s", code, errOut.String())
	}
	srv.Lock()
	defer srv.Unlock()
	if srv.Sessions != 2 || srv.OutOfOrder != 0 || srv.Actions[0xA1] != 2 {
		t.Errorf("server: %d sessions, %d messages out of order, LoginComplete %d times (want once a session)", srv.Sessions, srv.OutOfOrder, srv.Actions[0xA1])
	}
	if w.Len() < placed || !strings.Contains(out.String(), "entered world: true") {
		t.Errorf("after reconnecting: %d placed, summary:\n%s", w.Len(), out.String())
	}
}
