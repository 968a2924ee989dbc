//go:build !unix

package session

import "net"

// setReadBuffer asks for a socket receive buffer of n bytes; where the
// granted size cannot be read back it reports 0.
func setReadBuffer(c *net.UDPConn, n int) int {
	c.SetReadBuffer(n)
	return 0
}
