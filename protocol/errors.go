package protocol

import (
	"errors"
	"fmt"
)

// ErrUnknownOpcode is wrapped by the DecodeError of a well-framed message
// whose opcode (or GameEvent / GameAction type) no codec knows: callers
// count it as unknown and skip it rather than fail.
var ErrUnknownOpcode = errors.New("unknown opcode")

// DecodeError reports a short or malformed message: which message, which
// field, and the message-relative offset the field starts at.
type DecodeError struct {
	Message string // message name, e.g. "UpdateMotion"
	Field   string // wire-format.md field name, e.g. "forward_speed"
	Offset  int    // offset of the field from the first opcode byte
	Need    int    // bytes the field needs (short reads)
	Have    int    // bytes that were left (short reads)
	Reason  string // set instead of Need/Have for malformed values
	Err     error  // ErrUnknownOpcode for an opcode no codec knows
}

// Unwrap returns Err.
func (e *DecodeError) Unwrap() error { return e.Err }

func (e *DecodeError) Error() string {
	prefix := "protocol: "
	if e.Message != "" {
		prefix += e.Message + ": "
	}
	if e.Reason != "" {
		return fmt.Sprintf("%sfield %s at offset 0x%X: %s", prefix, e.Field, e.Offset, e.Reason)
	}
	return fmt.Sprintf("%sfield %s at offset 0x%X: need %d bytes, have %d", prefix, e.Field, e.Offset, e.Need, e.Have)
}
