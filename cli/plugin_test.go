package cli

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/protocol"
)

// examplePlugin is the path of an example plugin in examples/plugins.
func examplePlugin(t *testing.T, name string) string {
	_, file, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(file), "..", "examples", "plugins", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// pluginLines are the plugin_* JSON lines of an output.
func pluginLines(t *testing.T, out string) []map[string]any {
	var ls []map[string]any
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, `{"event":"plugin_`) {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%v in %s", err, line)
		}
		ls = append(ls, v)
	}
	return ls
}

// TestReplayPluginExamples runs the three example plugins against the
// shared captures through `dereth replay --plugin`.
func TestReplayPluginExamples(t *testing.T) {
	paths := captures.Paths(t)
	var out, errOut bytes.Buffer
	args := []string{"--plugin", examplePlugin(t, "chat_logger.lua"), "--plugin", examplePlugin(t, "who_is_near.lua"),
		"--plugin", examplePlugin(t, "follow_bot.lua")}
	if code := Replay(append(args, paths...), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	// The chat logger: the server's welcome lines (TextboxString at 25.2 s
	// of the capture) and its count at the disconnect (the capture's end).
	for _, want := range []string{
		"chat_logger: [25.2s] TextboxString Welcome to Coldeve. Discord: https://discord.gg/nUR4PHe\n",
		"chat_logger: [28.1s] TextboxString \"Testing\" -- Baronet Kolthar\n",
		"chat_logger: 8 chat lines\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	var panel, talk, moveTo map[string]any
	for _, l := range pluginLines(t, text) {
		switch {
		case l["event"] == "plugin_panel" && strings.Contains(strings.Join(anyStrings(l["panel"].(map[string]any)["lines"]), "|"), "Fountain") && panel == nil:
			panel = l
		case l["event"] == "plugin_action" && l["name"] == "Communication_Talk":
			talk = l
		case l["event"] == "plugin_action" && l["name"] == "MoveTo" && moveTo == nil:
			moveTo = l
		case l["event"] == "plugin_disabled":
			t.Errorf("a plugin was disabled: %v", l)
		}
	}
	// Who is near: the fountain 14.6 m from the player, nearest first (the
	// player's wielded arbalest is left out).
	if panel == nil {
		t.Fatalf("no who_is_near panel names the fountain:\n%s", text)
	}
	lines := anyStrings(panel["panel"].(map[string]any)["lines"])
	if lines[0] != " 14.6 m  Refreshing Fountain" || len(lines) != 9 || panel["plugin"] != "who_is_near" {
		t.Errorf("panel lines %q", lines)
	}
	// The follow-bot: it names its target once and moves to it; a replay
	// sends nothing (sent=false).
	if talk == nil || talk["fields"].(map[string]any)["message"] != "following Refreshing Fountain" || talk["sent"] != false {
		t.Errorf("bot's Talk: %v", talk)
	}
	if moveTo == nil || moveTo["fields"].(map[string]any)["object_id"] != float64(0x70125002) {
		t.Errorf("bot's MoveTo: %v", moveTo)
	}
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestConnectPluginExamples runs the example plugins on a live session
// against the in-order capture server: the chat logger prints the
// server's lines, the panel fills, the follow-bot's Talk reaches the
// server as a GameAction in 0xF7B1 with the session's next sequence, and
// its move_to moves the player, which the server hears about.
func TestConnectPluginExamples(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(8 * time.Second))
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("treestats\n"), 0o600)
	var out, errOut bytes.Buffer
	args := []string{"--headless", "--for", "2500ms", "--password-file", pw,
		"--plugin", examplePlugin(t, "chat_logger.lua"), "--plugin", examplePlugin(t, "who_is_near.lua"),
		"--plugin", examplePlugin(t, "follow_bot.lua"), "treestats@" + srv.Addr()}
	if code := Connect(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut.String(), out.String())
	}
	text := out.String()
	for _, want := range []string{"TextboxString Welcome to Coldeve.", "chat_logger: 8 chat lines\n", "Refreshing Fountain", `"name":"Communication_Talk","fields":{"message":"following Refreshing Fountain"},"sent":true`} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	serverSawCleanSession(t, srv)
	srv.Lock()
	defer srv.Unlock()
	var talks []string
	var lastSeq uint32
	for _, m := range srv.Messages {
		if len(m) < 12 || binary.LittleEndian.Uint32(m) != 0xF7B1 {
			continue
		}
		seq := binary.LittleEndian.Uint32(m[4:])
		if seq <= lastSeq {
			t.Errorf("GameAction sequence %d after %d", seq, lastSeq)
		}
		lastSeq = seq
		if binary.LittleEndian.Uint32(m[8:]) != 0x0015 {
			continue
		}
		d, err := protocol.Decode(m)
		if err != nil {
			t.Fatalf("the server's Talk does not decode: %v", err)
		}
		for _, f := range d.Fields() {
			if f.Key == "message" {
				talks = append(talks, f.Value.(string))
			}
		}
	}
	// move_to went through the player's controller: the player moved,
	// and its AutonomousPosition (0xF753) reached the server (the session
	// alone sends none: TestConnectHeadless).
	if srv.Actions[0xF753] == 0 {
		t.Errorf("no AutonomousPosition at the server after the bot's move_to (actions %v)", srv.Actions)
	}
	if len(talks) != 1 || talks[0] != "following Refreshing Fountain" {
		t.Errorf("the server got Talk %q, want the bot's one line", talks)
	}
}
