package protocol

// NewerSeq reports whether the 16-bit stamp next is newer than old under the
// retail half-range wraparound rule (CPhysics::SetObjectMovement, seed 004
// Q1; ACE PhysicsObj.is_newer): when |next-old| > 0x7FFF the smaller value is
// newer, otherwise the larger one is. Equal stamps are not newer.
func NewerSeq(old, next uint16) bool {
	diff := int(next) - int(old)
	if diff < 0 {
		diff = -diff
	}
	if diff > 0x7FFF {
		return next < old
	}
	return old < next
}

// AcceptMovement is the pair of stale-message gates CPhysics::SetObjectMovement
// applies to an UpdateMotion (seed 004 Q1; wire-format.md §1.8): the movement
// stamp must be newer than the last applied one, and the server-control stamp
// must not be strictly older than the last seen (it repeats unchanged across
// a run of autonomous updates).
func AcceptMovement(lastMovement, lastServerControl, movement, serverControl uint16) bool {
	return NewerSeq(lastMovement, movement) && !NewerSeq(serverControl, lastServerControl)
}
