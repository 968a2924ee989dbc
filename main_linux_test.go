//go:build linux && !headless

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestXvfbStopsWithDereth: a screenshot without a display starts its own
// Xvfb, which is gone once dereth has ended, however it ended: normally,
// by SIGINT or SIGTERM (dereth stops it), or by SIGKILL (the kernel's
// parent-death signal stops it).
func TestXvfbStopsWithDereth(t *testing.T) {
	t.Parallel() // its own dereth process, beside the other window runs
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("DERETH_REQUIRE_TOOLS") != "" {
			t.Fatal("no Xvfb on PATH, and DERETH_REQUIRE_TOOLS (go tool task test) forbids skipping")
		}
		t.Skip("no Xvfb on PATH (go tool task deps installs it)")
	}
	bin := derethBinary(t)
	tests := []struct {
		name   string
		frames string
		sig    syscall.Signal // 0: let it finish
	}{
		{"exit", "30", 0},
		{"SIGINT", "1000000", syscall.SIGINT},
		{"SIGTERM", "1000000", syscall.SIGTERM},
		{"SIGKILL", "1000000", syscall.SIGKILL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, "view", "--frames", tt.frames, "--screenshot", filepath.Join(t.TempDir(), "s.png"))
			cmd.Env = []string{"PATH=" + filepath.Dir(xvfb), "HOME=" + t.TempDir()}
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			child := 0
			for deadline := time.Now().Add(20 * time.Second); child == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				child = childNamed(cmd.Process.Pid, "Xvfb")
			}
			if child == 0 {
				cmd.Process.Kill()
				<-done
				t.Fatalf("no Xvfb child of dereth appeared\n%s", out.String())
			}
			if tt.sig != 0 {
				cmd.Process.Signal(tt.sig)
			}
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("dereth did not end\n%s", out.String())
			}
			for deadline := time.Now().Add(5 * time.Second); running(child); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					syscall.Kill(child, syscall.SIGKILL)
					t.Fatalf("Xvfb %d still runs after dereth ended (%v)\n%s", child, tt.name, out.String())
				}
			}
		})
	}
}

// childNamed returns the pid of a child of parent whose command is name
// (from /proc), or 0.
func childNamed(parent int, name string) int {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(b)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open {
			continue
		}
		f := strings.Fields(s[close+1:])
		if s[open+1:close] == name && len(f) > 1 && f[1] == strconv.Itoa(parent) {
			return pid
		}
	}
	return 0
}

// running reports whether pid is alive: present and not a zombie (a
// container's init may never reap it).
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}
