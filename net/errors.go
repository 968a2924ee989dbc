package net

import "fmt"

// DecodeError reports a short or malformed datagram or fragment: what was
// being read, which field, and the field's offset from the first byte of the
// datagram (or of the fragment, for a fragment decoded on its own).
type DecodeError struct {
	What   string // "packet" or "fragment"
	Field  string // snake_case field name, e.g. "ack_sequence"
	Offset int    // offset of the field
	Need   int    // bytes the field needs (short reads)
	Have   int    // bytes that were left (short reads)
	Reason string // set instead of Need/Have for malformed values
}

func (e *DecodeError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("net: %s: field %s at offset 0x%X: %s", e.What, e.Field, e.Offset, e.Reason)
	}
	return fmt.Sprintf("net: %s: field %s at offset 0x%X: need %d bytes, have %d", e.What, e.Field, e.Offset, e.Need, e.Have)
}
