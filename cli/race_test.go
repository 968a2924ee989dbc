//go:build race

package cli

import "time"

// The race detector runs the client five to ten times slower: at the
// normal flood rate (256 packets per 20 ms Pace, 12,800 a second) the
// race-built `connect --headless` falls behind, the loopback drops
// datagrams faster than their NAKs are answered, and the server runs
// past the client's 4,096-packet window (8,824 messages lost, measured on
// the 2-core machine at a load of 6). An eighth of the rate, 32 packets
// per Pace (1,600 a second), the client keeps up with (acked in 20 s at a
// load of 7; 64 a Pace took 11 s), so TestConnectHeadlessFlood still sends
// all 100,000 CreateObjects and asserts every one created and none lost.
const (
	// floodPerPace is sessiontest.Server.ExtraPerPace for the flood.
	floodPerPace = 32
	// floodWait bounds the wait for the client to ack the server's last
	// packet (25,970 packets at 1,600 a second take 16 s at the least).
	floodWait = 120 * time.Second
	// floodRSS is the peak resident memory budget of the flooded client.
	// The race runtime's shadow memory and per-goroutine state add to the
	// program's own (the Go race detector's documentation: memory grows
	// five to ten times): the same run measured 101 MB in the normal
	// build and 266-280 MB under -race, so the race bound is twice the
	// normal 300 MB, below the five-fold growth the runtime allows.
	floodRSS = 600e6
)
