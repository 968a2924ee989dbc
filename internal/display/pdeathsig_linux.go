//go:build linux && !android

package display

import "syscall"

// setPdeathsig has the kernel send the child SIGTERM when the thread that
// started it ends: package init runs on the main thread, which lives as
// long as the process.
func setPdeathsig(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGTERM }
