//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// guard makes sure the viewer has an X display before Ebitengine's init
// opens it (and panics without one): a DISPLAY that no X server answers
// is refused with a message naming it; with no DISPLAY, a screenshot
// starts its own Xvfb and anything else exits with a message.
func guard(screenshot bool) {
	if d := os.Getenv("DISPLAY"); d != "" {
		if err := probe(d, 2*time.Second); err != nil {
			fail(fmt.Sprintf("dereth: display %s unreachable (%v): start its X server, or unset DISPLAY\n", d, err))
		}
		return
	}
	if os.Getenv("WAYLAND_DISPLAY") != "" {
		return
	}
	if !screenshot {
		fail("dereth: the viewer needs a display: set DISPLAY, or run it under xvfb-run\n")
	}
	if err := startXvfb(); err != nil {
		fail("dereth: no display for the screenshot: set DISPLAY, or install xvfb (Xvfb): " + err.Error() + "\n")
	}
}

// probe connects to the X server DISPLAY d names: [host]:N[.S] is the
// local socket /tmp/.X11-unix/XN (Linux also has it in the abstract
// namespace) when host is empty or "unix", else TCP port 6000+N on host.
// It only checks that something accepts the connection.
func probe(d string, timeout time.Duration) error {
	i := strings.LastIndex(d, ":")
	if i < 0 {
		return errors.New("not a display name [host]:N[.S]")
	}
	host, rest := d[:i], d[i+1:]
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || n > 65535-6000 {
		return errors.New("not a display name [host]:N[.S]")
	}
	host = strings.TrimPrefix(host, "tcp/")
	if host == "" || host == "unix" {
		path := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		var errs []error
		for _, addr := range []string{path, "@" + path} {
			c, err := net.DialTimeout("unix", addr, timeout)
			if err == nil {
				c.Close()
				return nil
			}
			errs = append(errs, err)
		}
		return errs[0]
	}
	c, err := net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), timeout)
	if err != nil {
		return err
	}
	c.Close()
	return nil
}

// startXvfb starts an Xvfb on a free display, waits until it is ready and
// points DISPLAY at it. The server dies with dereth: on Linux the kernel
// sends it SIGTERM when dereth's main thread ends, however dereth ends
// (SIGKILL included); everywhere, SIGINT and SIGTERM to dereth stop it
// before dereth exits. It listens on no TCP port.
func startXvfb() error {
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		return err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a Ctrl-C in the terminal is dereth's to pass on
	setPdeathsig(cmd.SysProcAttr)
	err = cmd.Start()
	w.Close()
	if err != nil {
		return err
	}
	stopOnSignal(cmd.Process)
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- s
	}()
	select {
	case s := <-line:
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			cmd.Process.Kill()
			return errors.New("Xvfb did not start")
		}
		return os.Setenv("DISPLAY", ":"+strconv.Itoa(n))
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		return errors.New("Xvfb was not ready within 10 s")
	}
}

// stopOnSignal stops the Xvfb p (and waits a little for it to clean up
// its lock file and socket) when dereth gets SIGINT or SIGTERM, then
// exits as that signal would.
func stopOnSignal(p *os.Process) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		sig := <-ch
		p.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Second):
			p.Kill()
		}
		os.Exit(128 + int(sig.(syscall.Signal)))
	}()
}

func fail(msg string) {
	os.Stderr.WriteString(msg)
	os.Exit(2)
}
