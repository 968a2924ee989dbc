// Package protocol holds dereth's wire codecs: the world-object game messages
// an ACEmulator server sends (CreateObject, UpdateMotion, UpdatePosition, …),
// the outbound GameAction movement messages (MoveToState, AutonomousPosition),
// the 16-bit sequence-number compare and a field view for tools.
//
// Every message has a DecodeX(b, *X) function that decodes into a caller
// provided value (reusing its slices) and an append-style Encode method.
// Offsets and alignment count from the first byte of the message's u32
// opcode, as in ../shared/docs/wire-format.md; docs/wire-notes.md lists the
// ACE-versus-retail quirks the codecs handle. Decoders never panic, bound
// every count by the bytes that remain, and report a short or malformed
// message as a *DecodeError naming the message, field and offset.
package protocol

//go:generate go test -run ^TestTestdata$ -update .
