//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"os"
	"os/exec"
	"syscall"
)

// marker is set in the re-executed process so it never loops.
const marker = "DERETH_UNDER_XVFB"

// guard makes sure the viewer has an X display before Ebitengine's init
// opens it: with none, a screenshot re-executes under xvfb-run and
// anything else exits with a message.
func guard(screenshot bool) {
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		return
	}
	if !screenshot {
		fail("dereth: the viewer needs a display: set DISPLAY, or run it under xvfb-run\n")
	}
	if os.Getenv(marker) == "" {
		if bin, err := exec.LookPath("xvfb-run"); err == nil {
			if self, err := os.Executable(); err == nil {
				args := append([]string{bin, "-a", self}, os.Args[1:]...)
				err = syscall.Exec(bin, args, append(os.Environ(), marker+"=1"))
				os.Stderr.WriteString("dereth: re-running under xvfb-run failed: " + err.Error() + "\n")
			}
		}
	}
	fail("dereth: no display for the screenshot: set DISPLAY, or install xvfb (xvfb-run)\n")
}

func fail(msg string) {
	os.Stderr.WriteString(msg)
	os.Exit(2)
}
