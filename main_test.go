//go:build !headless

package main

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/dereth/dereth/internal/xvfb" // an X display for ebiten's init

	sview "github.com/dereth/dereth/scenes/view"
)

// childArgs, when set, makes the test binary run dereth with these
// arguments on its main goroutine (ebiten needs the main thread).
const childArgs = "DERETH_MAIN_CHILD_ARGS"

func TestMain(m *testing.M) {
	if a := os.Getenv(childArgs); a != "" {
		os.Exit(run(strings.Split(a, "\x1f"), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
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

func TestHeadlessCommandsDispatch(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"dat", "ls", "sample:cell"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "LandBlock") {
		t.Fatalf("dat ls: %d %s %s", code, out.String(), errb.String())
	}
	if code := run([]string{"bogus"}, &out, &errb); code != 2 {
		t.Fatalf("unknown command exit %d, want 2", code)
	}
}
