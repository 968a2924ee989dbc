//go:build freebsd || netbsd || openbsd || dragonfly

package display

import "syscall"

// setPdeathsig does nothing: the BSDs have no parent-death signal, so an
// Xvfb dereth started outlives a SIGKILL of dereth (SIGINT and SIGTERM
// still stop it).
func setPdeathsig(*syscall.SysProcAttr) {}
