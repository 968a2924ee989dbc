package cli

import (
	"context"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/net/session/sessiontest"
)

// TestLoginBurstReveal is a login into a busy place over loopback: the
// in-order capture server sends the captured login and then the capture's
// CreateObjects multiplied to 10,000 (sessiontest.LoginBurst); the client
// runs as `dereth connect --headless` does (the session on its own
// goroutine, the world stepped at 30 frames a second, messages entering at
// frame boundaries). The reveal is the frame at which the world has taken
// every object: it comes within 1 s of the server's last packet (the
// issue's goal; at 30 frames a second it is normally the next frame), with
// nothing lost. The time from the first packet and the packet rate are
// logged; BenchmarkLoginBurst (net/session) measures the client's capacity
// on one core and the peak RSS.
func TestLoginBurstReveal(t *testing.T) {
	const n = 10_000
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	extra, err := sessiontest.LoginBurst(ds, n, 0x7F000000)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	srv.Extra = extra
	go srv.Serve(time.Now().Add(60 * time.Second))
	cfg := session.Config{Addr: srv.Addr(), Account: "treestats", Password: "treestats",
		ConnectDelay: 10 * time.Millisecond, ConnectResend: 50 * time.Millisecond, LoginResend: 100 * time.Millisecond}
	s, err := session.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w, _, err := newNetWorld("")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	defer func() { cancel(); <-done }()
	live := &liveWorld{s: s, w: w}
	const want = 136 + n // the capture's own CreateObjects, then the burst
	tick := time.NewTicker(time.Second / 30)
	defer tick.Stop()
	var first, reveal time.Time
	deadline := time.After(50 * time.Second)
	for reveal.IsZero() {
		select {
		case err := <-done:
			done <- err
			t.Fatalf("the session ended before the reveal: %v (%d of %d objects)", err, w.Created, want)
		case <-deadline:
			t.Fatalf("no reveal within 50 s: %d of %d objects; stats %+v", w.Created, want, s.Stats())
		case now := <-tick.C:
			if first.IsZero() && s.Stats().ServerPackets > 0 {
				first = now
			}
			live.apply()
			w.Step(connectFrame)
			if w.Created >= want {
				reveal = time.Now()
			}
		}
	}
	srv.Lock()
	last := srv.LastSent
	srv.Unlock()
	st := s.Stats()
	t.Logf("%d objects: first packet to reveal %v, reveal %v after the server's last packet; %d server packets, %.0f packets/s over the link; %d lost, %d apply errors",
		w.Created, reveal.Sub(first).Round(time.Millisecond), reveal.Sub(last).Round(time.Millisecond), st.ServerPackets,
		float64(st.ServerPackets)/last.Sub(first).Seconds(), st.Lost, live.applyErrors)
	if w.Created != want || st.Lost != 0 || live.applyErrors != 0 {
		t.Errorf("%d objects created (want %d), %d lost, %d apply errors", w.Created, want, st.Lost, live.applyErrors)
	}
	if last.IsZero() || reveal.Sub(last) > time.Second {
		t.Errorf("reveal %v after the server's last packet (sent at %v), want within 1 s", reveal.Sub(last), last)
	}
}
