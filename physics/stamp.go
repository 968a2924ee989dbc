package physics

// NewerStamp reports whether the 16-bit stamp next is newer than old under
// the retail half-range wraparound rule (CPhysics::SetObjectMovement, seed
// 004 Q1; every update_times gate): when |next-old| > 0x7FFF the smaller
// value is newer, otherwise the larger one is. Equal stamps are not newer.
// Server action stamps are 15-bit: see NewerActionStamp.
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

// ActionStampMask keeps the 15 stamp bits of a server action; the wire's
// top bit is the action's autonomous flag.
const ActionStampMask = 0x7FFF

// NewerActionStamp reports whether the server action stamp next is newer
// than old (CMotionInterp::move_to_interpreted_state's action replay, seed
// 004 Q1). Action stamps are 15-bit counters — after 0x7FFF the next is 0 —
// so the compare has NewerStamp's shape over 15 bits: when |next-old| >
// 0x3FFF the smaller value is newer, otherwise the larger one is. Equal
// stamps are not newer.
func NewerActionStamp(old, next uint16) bool {
	o, n := int(old&ActionStampMask), int(next&ActionStampMask)
	diff := n - o
	if diff < 0 {
		diff = -diff
	}
	if diff > ActionStampMask>>1 {
		return n < o
	}
	return o < n
}
