package physics

// NewerStamp reports whether the 16-bit stamp next is newer than old under
// the retail half-range wraparound rule (CPhysics::SetObjectMovement, seed
// 004 Q1; the update_times gates and the action replay of
// move_to_interpreted_state): when |next-old| > 0x7FFF the smaller value is
// newer, otherwise the larger one is. Equal stamps are not newer.
func NewerStamp(old, next uint16) bool {
	diff := int(next) - int(old)
	if diff < 0 {
		diff = -diff
	}
	if diff > 0x7FFF {
		return next < old
	}
	return old < next
}
