package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "screenshots:", err)
		os.Exit(1)
	}
}

// run builds dereth, draws every picture and writes the manifest. It runs
// from the repository root (go tool task runs it there).
func run() error {
	if _, err := os.Stat("go.mod"); err != nil {
		return fmt.Errorf("run from the repository root: %w", err)
	}
	tmp, err := os.MkdirTemp("", "dereth-screenshots")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "dereth")
	fmt.Println("screenshots: go build -o", bin, ".")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %w\n%s", err, out)
	}
	m := Manifest{}
	for _, s := range Shots {
		fmt.Println("screenshots:", s.Command())
		cmd := exec.Command(bin, s.Args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w", s.Command(), err)
		}
		// The report a --screenshot writes beside the picture is for
		// tests; the README does not need it.
		if err := os.Remove(s.File + ".json"); err != nil && !os.IsNotExist(err) {
			return err
		}
		h, err := s.Hash(".")
		if err != nil {
			return err
		}
		m[s.File] = Entry{Command: s.Command(), Inputs: h}
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(ManifestPath, append(b, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Println("screenshots: wrote", ManifestPath)
	return nil
}
