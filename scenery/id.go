package scenery

import (
	"errors"
	"fmt"

	"github.com/dereth/dereth/dat"
)

// Procedural scenery ids (seed 003 §2): 0x8XXYYIII — a 4-bit class prefix
// 0x8, the landblock's X and Y (8 bits each) and a 12-bit per-landblock
// counter. Scenery consumers classify on bit 31 (IsID); nothing decodes an
// older byte layout.
const (
	// IDClass is the class prefix in the top four bits.
	IDClass = 0x8
	// MaxPerLandblock is how many scenery ids one landblock has: the
	// counter's 12 bits.
	MaxPerLandblock = 1 << 12
)

// ErrIDOverflow is wrapped by the error ObjectID returns when a landblock
// would need a 4097th scenery id: that id would alias the next landblock's
// first one, so generation fails instead.
var ErrIDOverflow = errors.New("scenery: per-landblock id counter overflow")

// ObjectID returns the scenery id of the n-th (0-based) object of the
// landblock block (any cell id of it). n must lie in [0, MaxPerLandblock).
func ObjectID(block uint32, n int) (uint32, error) {
	if n < 0 || n >= MaxPerLandblock {
		bx, by := dat.BlockXY(block)
		return 0, fmt.Errorf("%w: landblock 0x%02X%02X object %d (ids 0..%d)", ErrIDOverflow, bx, by, n, MaxPerLandblock-1)
	}
	return IDClass<<28 | block>>24<<20 | block>>16&0xFF<<12 | uint32(n), nil
}

// IsID reports whether an id is a procedural scenery id (bit 31 set).
func IsID(id uint32) bool { return id&0x80000000 != 0 }

// SplitID returns a scenery id's landblock X, Y and counter.
func SplitID(id uint32) (bx, by, n int) {
	return int(id >> 20 & 0xFF), int(id >> 12 & 0xFF), int(id & 0xFFF)
}
