//go:build !race

package cli

import "time"

// The flood's rate, wait and memory budget in the normal build; under
// the race detector race_test.go paces the flood slower and says why.
const (
	// floodPerPace is sessiontest.Server.ExtraPerPace for the flood: 0,
	// the server's default of 256 packets per 20 ms (12,800 a second).
	floodPerPace = 0
	// floodWait bounds the wait for the client to ack the server's last
	// packet.
	floodWait = 50 * time.Second
	// floodRSS is the peak resident memory budget of the flooded client
	// (docs/net.md).
	floodRSS = 300e6
)
