package main

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// root is the repository root, from this package's folder.
const root = "../.."

// TestPicturesCurrent: every picture the README shows is one of Shots,
// lies at the window size the viewer opens with, and was drawn from the
// inputs there are today: its hash in docs/screenshots.json is the hash
// of its command, spawn script, the sample world, the list of commands
// and the code that draws it. A picture older than any of them fails here; `go tool task
// screenshots` draws it again.
func TestPicturesCurrent(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, s := range Shots {
		known[s.File] = true
	}
	refs := regexp.MustCompile(`!\[[^\]]*\]\(([^)]+\.png)\)`).FindAllSubmatch(readme, -1)
	if len(refs) == 0 {
		t.Fatal("the README shows no pictures")
	}
	for _, r := range refs {
		if !known[string(r[1])] {
			t.Errorf("the README shows %s, which no command in tools/screenshots draws", r[1])
		}
	}
	m, err := ReadManifest(root)
	if err != nil {
		t.Fatalf("%v (run go tool task screenshots)", err)
	}
	for _, s := range Shots {
		h, err := s.Hash(root)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := m[s.File]
		switch {
		case !ok:
			t.Errorf("%s: not in %s; run go tool task screenshots", s.File, ManifestPath)
			continue
		case e.Command != s.Command():
			t.Errorf("%s was drawn by %q, its command is now %q; run go tool task screenshots", s.File, e.Command, s.Command())
		case e.Inputs != h:
			t.Errorf("%s is stale: drawn from inputs hashing %s, they hash %s now (one of %v, the drawing code in %v or %v changed); run go tool task screenshots", s.File, e.Inputs, h, Common, DrawCode, s.Inputs)
		}
		f, err := os.Open(filepath.Join(root, s.File))
		if err != nil {
			t.Error(err)
			continue
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", s.File, err)
		} else if cfg.Width != Width || cfg.Height != Height {
			t.Errorf("%s is %d×%d, want the viewer's %d×%d window", s.File, cfg.Width, cfg.Height, Width, Height)
		}
	}
}

// TestHashCoversInputs: the hash changes with the command and with every
// input's content, and with nothing else.
func TestHashCoversInputs(t *testing.T) {
	dir := t.TempDir()
	s := Shot{File: "x.png", Args: []string{"view", "--screenshot", "x.png"}, Inputs: []string{"a.lua"}}
	files := append(append([]string{}, Common...), s.Inputs...)
	for _, d := range DrawCode {
		files = append(files, d+"/draw.go")
	}
	for _, p := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base, err := s.Hash(dir)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := s.Hash(dir); again != base {
		t.Fatal("the hash differs between two runs")
	}
	for _, p := range []string{"unrelated.txt", DrawCode[0] + "/draw_test.go", DrawCode[0] + "/notes.md"} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if h, _ := s.Hash(dir); h != base {
		t.Error("a file that is no input (a test, a note) changed the hash")
	}
	for _, added := range []string{DrawCode[len(DrawCode)-1] + "/new.go", DrawCode[1] + "/loops_amd64.s"} {
		if err := os.WriteFile(filepath.Join(dir, added), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if h, _ := s.Hash(dir); h == base {
			t.Errorf("a new file in the drawing code (%s) left the hash as it was", added)
		}
		if err := os.Remove(filepath.Join(dir, added)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range files {
		b, _ := os.ReadFile(filepath.Join(dir, p))
		if err := os.WriteFile(filepath.Join(dir, p), append(b, '!'), 0o644); err != nil {
			t.Fatal(err)
		}
		if h, _ := s.Hash(dir); h == base {
			t.Errorf("changing %s left the hash as it was", p)
		}
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s2 := s
	s2.Args = []string{"view", "--screenshot", "x.png", "--frames", "2"}
	if h, _ := s2.Hash(dir); h == base {
		t.Error("another command left the hash as it was")
	}
	if err := os.Remove(filepath.Join(dir, "a.lua")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Hash(dir); err == nil {
		t.Error("a missing input hashed without an error")
	}
}
