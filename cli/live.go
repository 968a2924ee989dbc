package cli

import (
	"errors"
	"fmt"
	"maps"
	"math"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/physobj"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// playerMoveTo is a plugin's move_to(guid): the local player starts a
// MoveToObject to the object as a server's UpdateMotion of movement type
// 6 would start it (ACE's defaults: distance 0.6, walk/run threshold
// 15), through unpack_movement to its MoveToManager; the controller then
// reports the movement to the server (AutonomousPosition while the
// player moves).
func playerMoveTo(w *netWorld, guid uint32) error {
	o := w.Object(w.PlayerGUID)
	if o == nil {
		return errors.New("move_to: no local player in the world yet")
	}
	target := w.Object(guid)
	if target == nil || target.Phys == nil {
		return fmt.Errorf("move_to: no object 0x%08X in the world", guid)
	}
	md := protocol.MovementData{RunRate: 1, Type: protocol.MovementMoveToObject, Target: guid,
		Origin: protocol.Origin{Cell: target.Phys.Position.Cell, Pos: target.Phys.Position.Frame.Origin},
		MoveTo: protocol.MoveToParameters{MovementParams: motion.MoveParamDefault, DistanceToObject: 0.6,
			FailDistance: math.MaxFloat32, Speed: 1, WalkRunThreshold: 15}}
	physobj.UnpackMovement(w.ECS, o, &md, systems.MoveToHost(w.World))
	return nil
}

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
	// chat, when set, receives each message that puts text on screen.
	chat func(chatLine)
	// over is the first object the world's bound refused (the session
	// must end: the world can no longer follow the server); refused
	// counts the CreateObjects refused.
	over    error
	refused int
	// plugins, when set, get each message after the world applied it.
	plugins *plugin.Manager
}

// apply applies the messages that arrived; it runs at a frame boundary
// on the simulation's goroutine.
func (l *liveWorld) apply() {
	l.s.Drain(func(d protocol.Message) {
		if c, ok := chatOf(d); ok && l.chat != nil {
			l.chat(c)
		}
		if _, err := l.w.applyServerMessage(d); err != nil {
			l.applyErrors++
			if errors.Is(err, errObjectBudget) {
				l.refused++
				if l.over == nil {
					l.over = err
				}
			}
		}
		if l.plugins != nil {
			l.plugins.Message(l.w.Now, "server", d)
		}
	})
}

// overErr says why the session must end when the world's bound refused
// objects (nil otherwise).
func (l *liveWorld) overErr() error {
	if l.over == nil {
		return nil
	}
	return fmt.Errorf("%d CreateObjects not applied (%v); the session ended", l.refused, l.over)
}

// liveStats is a live session's counts in replay's terms: its messages
// by opcode are the server's and the client's together, as a replay of
// the same session counts them.
func liveStats(st session.Stats) capture.Stats {
	out := capture.Stats{Packets: st.Packets, ClientPackets: st.ClientPackets, ServerPackets: st.ServerPackets,
		ChecksumOK: st.ChecksumOK, ChecksumBad: st.ChecksumBad, ChecksumUnverified: st.ChecksumUnverified,
		Malformed: st.Malformed, Messages: maps.Clone(st.Messages)}
	for _, n := range st.Messages {
		out.ServerMessages += n
	}
	for op, n := range st.Sent {
		out.Messages[op] += n
		out.ClientMessages += n
	}
	return out
}
