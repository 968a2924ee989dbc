package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
)

// TestConnectHeadless runs `dereth connect --headless --json` against the
// loopback server replaying the captured session: the handshake steps are
// printed, the world is entered, and the summary counts the captured
// server's messages.
func TestConnectHeadless(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(5 * time.Second))
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("treestats\n"), 0o600)
	var out, errOut bytes.Buffer
	code := Connect([]string{"--headless", "--json", "--for", "700ms", "--password-file", pw, "treestats@" + srv.Addr()}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var sum struct {
		Event        string
		EnteredWorld bool `json:"entered_world"`
		Messages     map[string]int
		ChecksumBad  int `json:"checksum_bad"`
		ObjectsMade  int `json:"objects_created"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil {
		t.Fatal(err)
	}
	if !sum.EnteredWorld || sum.Messages["0xF745"] != 136 || sum.ChecksumBad != 0 || sum.ObjectsMade != 136 {
		t.Errorf("summary %s", lines[len(lines)-1])
	}
	for _, step := range []string{"LoginRequest", "ConnectRequest", "DDDInterrogation", "choosing Treestats", "LoginComplete", "Disconnect"} {
		if !strings.Contains(out.String(), step) {
			t.Errorf("no step mentioning %q in:\n%s", step, out.String())
		}
	}
}

func TestConnectUsage(t *testing.T) {
	t.Setenv("DERETH_PASSWORD", "x")
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "want one ACCOUNT@HOST"},
		{[]string{"--headless", "nohost"}, 2, "not ACCOUNT@HOST"},
		{[]string{"--headless", "--password-file", filepath.Join(t.TempDir(), "none"), "a@127.0.0.1"}, 1, "password file"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := Connect(tt.args, &out, &errOut); code != tt.code || !strings.Contains(errOut.String(), tt.msg) {
			t.Errorf("connect %v: exit %d, stderr %q; want %d mentioning %q", tt.args, code, errOut.String(), tt.code, tt.msg)
		}
	}
}
