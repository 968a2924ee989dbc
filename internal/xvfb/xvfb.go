//go:build unix

// Package xvfb gives a test binary that links ebiten an X display. On
// Linux and the BSDs ebiten's package init opens one and panics without
// it, so this package — whose import path sorts before
// github.com/hajimehoshi/ebiten and which imports only os and syscall, so
// Go initializes it first — re-executes the binary under `xvfb-run -a`
// when DISPLAY and WAYLAND_DISPLAY are unset. Without xvfb-run it exits
// with a message naming the fix instead of ebiten's panic. Only _test.go
// files import it (the dereth binary's own guard is internal/display). On
// other systems (Windows, macOS, js) it does nothing.
package xvfb

import (
	"os"
	"runtime"
	"syscall"
)

// marker is set in the re-executed process so it never loops.
const marker = "DERETH_UNDER_XVFB"

func init() {
	switch runtime.GOOS {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
	default:
		return
	}
	if env("DISPLAY") != "" || env("WAYLAND_DISPLAY") != "" {
		return
	}
	if env(marker) != "" {
		os.Stderr.WriteString("xvfb: still no DISPLAY under xvfb-run\n")
		os.Exit(2)
	}
	bin := lookPath("xvfb-run")
	if bin == "" {
		os.Stderr.WriteString("xvfb: this test binary opens windows: set DISPLAY or install xvfb (go tool task deps)\n")
		os.Exit(2)
	}
	args := append([]string{"xvfb-run", "-a", "-s", "-screen 0 1600x1200x24"}, os.Args...)
	envv := append(syscall.Environ(), marker+"=1")
	err := syscall.Exec(bin, args, envv)
	os.Stderr.WriteString("xvfb: exec xvfb-run: " + err.Error() + "\n")
	os.Exit(2)
}

func env(k string) string {
	v, _ := syscall.Getenv(k)
	return v
}

// lookPath finds an executable on PATH without os/exec (which would pull
// in packages initialized after ebiten).
func lookPath(name string) string {
	path := env("PATH")
	start := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != ':' {
			continue
		}
		dir := path[start:i]
		start = i + 1
		if dir == "" {
			dir = "."
		}
		p := dir + "/" + name
		var st syscall.Stat_t
		if syscall.Stat(p, &st) == nil && st.Mode&0o111 != 0 && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
			return p
		}
	}
	return ""
}
