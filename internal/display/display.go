//go:build unix

// Package display guards the dereth binary against Ebitengine's package
// initialisation, which opens an X display on Linux and the BSDs and
// panics without one. main imports it (viewer builds only); its import path
// sorts before Ebitengine's and it imports only os and syscall, so it is
// initialised first. Without DISPLAY or WAYLAND_DISPLAY:
//
//   - a headless command (run, dat, decode, help) or a viewer screenshot
//     (--screenshot) re-executes itself under `xvfb-run -a` when that
//     exists, and otherwise stops with a message naming the headless build
//     (`go build -tags headless`);
//   - the interactive viewer stops with a message saying it needs a display.
package display

import (
	"os"
	"runtime"
	"syscall"
)

// marker is set in the re-executed process so it never loops.
const marker = "DERETH_UNDER_XVFB"

var headless = map[string]bool{"run": true, "dat": true, "decode": true, "help": true, "-h": true, "--help": true}

func init() {
	switch runtime.GOOS {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
	default:
		return
	}
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" || isTest() {
		return // a test binary gets its display from internal/xvfb
	}
	cmd := ""
	if len(os.Args) > 1 {
		cmd = os.Args[1]
	}
	if !headless[cmd] && !screenshot(os.Args[1:]) {
		fail("dereth: the viewer needs a display: set DISPLAY, or run it under xvfb-run\n")
	}
	if os.Getenv(marker) == "" {
		if bin := lookPath("xvfb-run"); bin != "" {
			if self, err := os.Executable(); err == nil {
				args := append([]string{bin, "-a", self}, os.Args[1:]...)
				err = syscall.Exec(bin, args, append(os.Environ(), marker+"=1"))
				os.Stderr.WriteString("dereth: re-running under xvfb-run failed: " + err.Error() + "\n")
			}
		}
	}
	fail("dereth: no display, and this build links the viewer; build the headless binary with `go build -tags headless` (or install xvfb)\n")
}

func screenshot(args []string) bool {
	for _, a := range args {
		if len(a) >= 11 && (a[:11] == "-screenshot" || len(a) >= 12 && a[:12] == "--screenshot") {
			return true
		}
	}
	return false
}

func isTest() bool {
	a := os.Args[0]
	return len(a) > 5 && a[len(a)-5:] == ".test"
}

func fail(msg string) {
	os.Stderr.WriteString(msg)
	os.Exit(2)
}

// lookPath finds an executable on PATH with only os (exec would pull in
// more packages that must not initialise first).
func lookPath(name string) string {
	path := os.Getenv("PATH")
	start := 0
	for i := 0; i <= len(path); i++ {
		if i == len(path) || path[i] == ':' {
			dir := path[start:i]
			start = i + 1
			if dir == "" {
				dir = "."
			}
			p := dir + "/" + name
			if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
				return p
			}
		}
	}
	return ""
}
