package cli

import (
	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/session"
)

// liveWorld is a world following a live session: at each frame boundary
// the server's messages that arrived since the last one are applied. The
// local player (PlayerCreate's guid) is driven by a control.Controller
// whose Send is the session's: its MoveToState and AutonomousPosition go
// to the server, built from the canonical Position, in the session's
// GameAction sequence.
type liveWorld struct {
	s           *session.Session
	w           *netWorld
	applyErrors int
}

// apply applies the messages that arrived; it runs at a frame boundary
// on the simulation's goroutine.
func (l *liveWorld) apply() {
	l.s.Drain(func(d acnet.Decoded) {
		if _, err := l.w.applyServerMessage(d); err != nil {
			l.applyErrors++
		}
	})
}
