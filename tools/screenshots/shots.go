// Command screenshots regenerates the README's pictures (`go tool task
// screenshots`): it builds dereth, runs each picture's command from the
// repository root — the commands the README gives, at the window size the
// viewer opens with (1280×720; a --screenshot run reads no user settings,
// and starts its own Xvfb when there is no display) — and records each
// picture's command and the hash of what it draws from in
// docs/screenshots.json. The package's test fails when a picture's
// recorded hash is not the hash of its inputs today: the picture is older
// than its spawn script, the sample world, the code that draws it
// (scenes, scenes/view, texture) or its command.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Shot is one README picture.
type Shot struct {
	// File is the picture, relative to the repository root.
	File string
	// Args are dereth's arguments (the README shows them as
	// `go tool task run -- ARGS…` without the leading "view").
	Args []string
	// Inputs are the files, beside Common, that the picture is drawn from.
	Inputs []string
}

// Shots are the README's pictures. The first is what `go tool task run --
// --screenshot FILE` saves: the default spawn script's first frame.
var Shots = []Shot{
	{File: "docs/look-default.png", Args: []string{"view", "--screenshot", "docs/look-default.png"},
		Inputs: []string{"testbed/scenarios/sample.lua"}},
	{File: "docs/look-town.png", Args: []string{"view", "--script", "docs/shots/town.lua", "--screenshot", "docs/look-town.png", "--frames", "30"},
		Inputs: []string{"docs/shots/town.lua"}},
	{File: "docs/look-dungeon.png", Args: []string{"view", "--script", "docs/shots/dungeon.lua", "--screenshot", "docs/look-dungeon.png", "--frames", "30"},
		Inputs: []string{"docs/shots/dungeon.lua"}},
}

// Common are the inputs of every picture: the sample world's DATs and
// this list of commands.
var Common = []string{"sampleworld/portal.dat", "sampleworld/cell.dat", "tools/screenshots/shots.go"}

// DrawCode are the folders of the code that draws every picture: the
// scenes and HUD, the renderer, and the texture decoders. Every non-test
// Go file, assembly file and shader in them is an input, so a change to
// the drawing makes every picture stale.
var DrawCode = []string{"scenes", "scenes/view", "texture"}

// drawFiles lists DrawCode's files under root, sorted, as slash paths
// relative to root.
func drawFiles(root string) ([]string, error) {
	var files []string
	for _, d := range DrawCode {
		ents, err := os.ReadDir(filepath.Join(root, d))
		if err != nil {
			return nil, fmt.Errorf("drawing code: %w", err)
		}
		for _, e := range ents {
			n := e.Name()
			if e.IsDir() || strings.HasSuffix(n, "_test.go") ||
				!(strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".s") || strings.HasSuffix(n, ".kage")) {
				continue
			}
			files = append(files, d+"/"+n)
		}
	}
	sort.Strings(files)
	return files, nil
}

// InputFiles are every file the shot is drawn from under root: Common,
// the drawing code, then the shot's own Inputs.
func (s Shot) InputFiles(root string) ([]string, error) {
	code, err := drawFiles(root)
	if err != nil {
		return nil, fmt.Errorf("screenshot %s: %w", s.File, err)
	}
	files := append(append([]string{}, Common...), code...)
	return append(files, s.Inputs...), nil
}

// Width and Height are the window size the viewer opens with.
const Width, Height = 1280, 720

// Manifest is docs/screenshots.json: per picture, its command and the
// hash of its inputs when it was drawn.
type Manifest map[string]Entry

// Entry is one picture's record.
type Entry struct {
	Command string `json:"command"`
	Inputs  string `json:"inputs_sha256"`
}

// ManifestPath is where the manifest lies, relative to the root.
const ManifestPath = "docs/screenshots.json"

// Command is the shot's command line as a user types it.
func (s Shot) Command() string { return "dereth " + strings.Join(s.Args, " ") }

// Hash is the SHA-256 of the shot's command and of every input's path and
// content (InputFiles), under root.
func (s Shot) Hash(root string) (string, error) {
	files, err := s.InputFiles(root)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "command %q\n", s.Command())
	for _, p := range files {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			return "", fmt.Errorf("screenshot %s: input: %w", s.File, err)
		}
		fmt.Fprintf(h, "file %q %d\n", p, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ReadManifest reads the manifest under root.
func ReadManifest(root string) (Manifest, error) {
	b, err := os.ReadFile(filepath.Join(root, ManifestPath))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestPath, err)
	}
	return m, nil
}
