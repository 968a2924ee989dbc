//go:build linux

package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/bodycheck"
	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
)

// TestMain lets a test run `dereth connect` in a process of its own (the
// test binary again, with DERETH_CLI_CONNECT set to the arguments, one a
// line), so its peak memory can be measured apart from the server's.
func TestMain(m *testing.M) {
	if args := os.Getenv("DERETH_CLI_CONNECT"); args != "" {
		os.Exit(Connect(strings.Split(args, "\n"), os.Stdout, os.Stderr))
	}
	bodycheck.Tests() // the body-sync check on for the tests (internal/bodycheck)
	os.Exit(m.Run())
}

// TestConnectHeadlessFlood: `dereth connect --headless` in a process of
// its own, a login followed by 100,000 distinct CreateObjects, ended with
// Ctrl-C once it acked the server's last packet: every one
// reaches the world within the session's bounds (reassembly, inbox, the
// world's 200,000 objects), nothing is lost, and the process's peak
// resident memory stays under 300 MB (docs/net.md says the figure). Under
// -race the flood goes at an eighth of the rate, and the memory budget is
// the race runtime's (race_test.go says why).
func TestConnectHeadlessFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 CreateObjects (-short)")
	}
	const n = 100_000
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	srv.Extra = floodCreates(n, 0x7F000000)
	srv.ExtraPerPace = floodPerPace // slower under -race (race_test.go)
	go srv.Serve(time.Now().Add(floodWait + 10*time.Second))
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "DERETH_PASSWORD=treestats",
		"DERETH_CLI_CONNECT="+strings.Join([]string{"--headless", "--json", "treestats@" + srv.Addr()}, "\n"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Once the client acked the server's last packet every message is in
	// its inbox; Ctrl-C ends it as a user would (the summary applies what
	// waits).
	for deadline := time.Now().Add(floodWait); !srv.AllAcked() && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err = cmd.Wait()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum map[string]any
	if jerr := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); jerr != nil || err != nil {
		t.Fatalf("connect: %v %v\n%s", err, jerr, errOut.String())
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	t.Logf("peak RSS of connect --headless: %.1f MB; summary %v objects, lost %v, verified %v", float64(rss)/1e6, sum["objects_created"], sum["lost"], sum["verified"])
	if sum["objects_created"] != float64(136+n) || sum["lost"] != float64(0) {
		t.Errorf("%v objects created (want %d), lost %v; stderr %s", sum["objects_created"], 136+n, sum["lost"], errOut.String())
	}
	if rss >= floodRSS {
		t.Errorf("peak RSS %d bytes, over the %.0f MB budget", rss, floodRSS/1e6)
	}
}
