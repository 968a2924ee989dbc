package protocol

import "github.com/dereth/dereth/physics"

// MovementGate is the outcome of CPhysics::SetObjectMovement's two
// stale-message gates.
type MovementGate uint8

// The gate outcomes.
const (
	// MovementAccepted: both stamps passed and both were stored.
	MovementAccepted MovementGate = iota
	// MovementStale: the movement stamp is not newer than update_times[1];
	// nothing was stored.
	MovementStale
	// ServerControlStale: the movement stamp passed and was stored, the
	// server-control stamp is older than update_times[5] and was not.
	ServerControlStale
)

// GateMovement applies CPhysics::SetObjectMovement's gates to an object's
// update times, in the retail order (seed 004 Q1; wire-format.md §1.8):
//
//  1. the movement stamp must be newer than update_times[1] (SeqMovement),
//     else the message is dropped;
//  2. update_times[1] = movement — stored before the second gate, so a
//     message the second gate drops has still consumed its movement stamp;
//  3. the server-control stamp must not be older than update_times[5]
//     (SeqServerControl; it repeats unchanged across a run of autonomous
//     updates), else the message is dropped;
//  4. update_times[5] = serverControl.
func GateMovement(times *[9]uint16, movement, serverControl uint16) MovementGate {
	if !physics.NewerStamp(times[SeqMovement], movement) {
		return MovementStale
	}
	times[SeqMovement] = movement
	if physics.NewerStamp(serverControl, times[SeqServerControl]) {
		return ServerControlStale
	}
	times[SeqServerControl] = serverControl
	return MovementAccepted
}
