package protocol

import "github.com/dereth/dereth/physics"

// AcceptMovement is the pair of stale-message gates CPhysics::SetObjectMovement
// applies to an UpdateMotion (seed 004 Q1; wire-format.md §1.8): the movement
// stamp must be newer than the last applied one, and the server-control stamp
// must not be strictly older than the last seen (it repeats unchanged across
// a run of autonomous updates).
func AcceptMovement(lastMovement, lastServerControl, movement, serverControl uint16) bool {
	return physics.NewerStamp(lastMovement, movement) && !physics.NewerStamp(serverControl, lastServerControl)
}
