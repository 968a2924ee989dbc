//go:build unix

package session

import (
	"net"
	"syscall"
)

// setReadBuffer asks for a socket receive buffer of n bytes and returns
// what the kernel granted, read back from the socket (Linux reports
// twice what it keeps for data, and caps the request at
// net.core.rmem_max unless the process may override it); 0 when it
// cannot be read.
func setReadBuffer(c *net.UDPConn, n int) int {
	c.SetReadBuffer(n)
	raw, err := c.SyscallConn()
	if err != nil {
		return 0
	}
	got := 0
	raw.Control(func(fd uintptr) {
		if v, err := syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF); err == nil {
			got = v
		}
	})
	return got
}
