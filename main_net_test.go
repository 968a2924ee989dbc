//go:build !headless

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dereth/dereth/internal/captures"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
	sview "github.com/dereth/dereth/scenes/view"
)

// playerGUID is the captured session's character.
const playerGUID = "0x50002F67"

// checkPlayerDrawn reads the screenshot at path and its report and checks
// that the image is not blank and that the captured character was
// projected and drawn.
func checkPlayerDrawn(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sview.ReadShotReport(path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	bg := [4]uint8(rep.Background)
	differs := func(x, y int) bool {
		r, g, b, a := img.At(x, y).RGBA()
		return [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)} != bg
	}
	drawn := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if differs(x, y) {
				drawn++
			}
		}
	}
	if drawn == 0 {
		t.Fatal("the screenshot is blank")
	}
	for _, e := range rep.Entities {
		if e.GUID != playerGUID {
			continue
		}
		r := e.Bounds.Clip(rep.Width, rep.Height)
		n := 0
		for y := int(r.MinY); y < int(r.MaxY+0.999); y++ {
			for x := int(r.MinX); x < int(r.MaxX+0.999); x++ {
				if (image.Point{x, y}).In(img.Bounds()) && differs(x, y) {
					n++
				}
			}
		}
		if n < sview.MinEntityPixels {
			t.Errorf("the player %s: %d pixels drawn in %+v, want %d or more", playerGUID, n, r, sview.MinEntityPixels)
		}
		return
	}
	t.Errorf("the player %s was not projected; the report names %d entities", playerGUID, len(rep.Entities))
}

// TestReplayViewScreenshot: `dereth replay --view` plays the captured
// session in the viewer on the capture's clock. The character enters the
// world hidden (portal space) at 25.2 s and the server's SetState shows it
// at 31.73 s; starting at 31.5 s (what came before applied while loading),
// the SetState is applied at one of the viewer's frame boundaries, and
// after 30 frames the character is drawn, the screenshot saved and the
// summary printed when the window closes.
func TestReplayViewScreenshot(t *testing.T) {
	t.Parallel() // its own dereth process, beside the other window runs
	paths := captures.Paths(t)
	out := filepath.Join(t.TempDir(), "replay.png")
	args := append([]string{"replay", "--view", "--from", "31.5s", "--frames", "30", "--screenshot", out}, paths...)
	log, err := dereth(t, args...)
	if err != nil {
		t.Fatalf("dereth %s: %v\n%s", strings.Join(args, " "), err, log)
	}
	checkPlayerDrawn(t, out)
	if !strings.Contains(log, "objects created 136: 11 placed in the world, 125 contained") {
		t.Errorf("the summary does not count the capture's objects:\n%s", log)
	}
}

// TestConnectViewScreenshot: `dereth connect` without --headless logs in to
// the loopback server playing the capture back, opens the viewer once the
// world is entered, draws the character, and disconnects when the window
// closes.
func TestConnectViewScreenshot(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(20 * time.Second))
	t.Setenv("DERETH_PASSWORD", "treestats")
	out := filepath.Join(t.TempDir(), "live.png")
	log, err := dereth(t, "connect", "--frames", "10", "--screenshot", out, "treestats@"+srv.Addr())
	if err != nil {
		t.Fatalf("dereth connect: %v\n%s", err, log)
	}
	checkPlayerDrawn(t, out)
	if !strings.Contains(log, "entered world: true") {
		t.Errorf("no summary saying the world was entered:\n%s", log)
	}
	for range 100 {
		srv.Lock()
		done, lc := srv.Disconnected, srv.Actions[0xA1]
		srv.Unlock()
		if done {
			if lc != 1 {
				t.Errorf("LoginComplete sent %d times, want 1", lc)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error(fmt.Sprintf("no Disconnect reached the server:\n%s", log))
}

// jsonLines parses every line of log that is a JSON object; the last
// must be the summary.
func jsonLines(t *testing.T, log string) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for _, l := range strings.Split(log, "\n") {
		if !strings.HasPrefix(l, "{") {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not a JSON line: %q: %v", l, err)
		}
		lines = append(lines, m)
	}
	if len(lines) == 0 || lines[len(lines)-1]["event"] != "summary" {
		t.Fatalf("no summary line last:\n%s", log)
	}
	return lines
}

// TestConnectViewForJSON: without --headless, `dereth connect --for 1s
// --json` opens the viewer, closes it by itself a second after entering
// the world, disconnects, and prints the handshake steps and the summary
// as JSON lines.
func TestConnectViewForJSON(t *testing.T) {
	ds, err := capture.ReadFiles(captures.Paths(t)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := sessiontest.NewServer(t, ds)
	go srv.Serve(time.Now().Add(30 * time.Second))
	t.Setenv("DERETH_PASSWORD", "treestats")
	start := time.Now()
	log, err := dereth(t, "connect", "--for", "1s", "--json", "treestats@"+srv.Addr())
	if err != nil {
		t.Fatalf("dereth connect: %v\n%s", err, log)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("the viewer closed after %v, before --for 1s", d)
	}
	lines := jsonLines(t, log)
	sum := lines[len(lines)-1]
	if sum["entered_world"] != true || sum["messages"].(map[string]any)["0xF745"] != 136.0 {
		t.Errorf("summary %v: want the world entered and 136 CreateObjects", sum)
	}
	steps := 0
	for _, l := range lines[:len(lines)-1] {
		if l["event"] == "step" {
			steps++
		}
	}
	if steps < 5 {
		t.Errorf("%d step lines, want one per handshake step:\n%s", steps, log)
	}
	waitServerDisconnect(t, srv, log)
}

// TestReplayViewJSON: `dereth replay --view --json` prints a JSON line per
// message the viewer applies and the summary when the window closes.
func TestReplayViewJSON(t *testing.T) {
	t.Parallel() // its own dereth process, beside the other window runs
	paths := captures.Paths(t)
	args := append([]string{"replay", "--view", "--json", "--from", "33s", "--frames", "10", "--screenshot", filepath.Join(t.TempDir(), "r.png")}, paths...)
	log, err := dereth(t, args...)
	if err != nil {
		t.Fatalf("dereth %s: %v\n%s", strings.Join(args, " "), err, log)
	}
	lines := jsonLines(t, log)
	// 10 frames from 33 s: the capture (to 33.7 s) is not played to its end.
	if sum := lines[len(lines)-1]; sum["objects_created"] != 136.0 || sum["checksum_bad"] != 0.0 || sum["checksum_ok"] != sum["packets"] {
		t.Errorf("summary %v: want 136 objects created and every checksum played ok", sum)
	}
	if len(lines) < 100 {
		t.Errorf("%d JSON lines, want one per message (178) and the summary", len(lines))
	}
}

// waitServerDisconnect waits (up to a second) for the client's Disconnect.
func waitServerDisconnect(t *testing.T, srv *sessiontest.Server, log string) {
	t.Helper()
	for range 100 {
		srv.Lock()
		done := srv.Disconnected
		srv.Unlock()
		if done {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("no Disconnect reached the server:\n%s", log)
}
