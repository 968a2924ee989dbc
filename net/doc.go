// Package net is dereth's AC transport layer as an ACEmulator server speaks
// it (../shared/docs/net-format.md): the 20-byte packet header and its
// flags, every optional section, blob fragments, Hash32 and the plain and
// ISAAC-keyed checksums, the ISAAC generator with ACE's seeding, and the
// reassembly of fragments into messages. It hands out message bytes; the
// messages themselves are package protocol's.
//
// It is plain Go over byte slices: no sockets (package net/session owns
// those), no ECS, no window. Decoders never panic, never allocate more than
// the datagram justifies (a Packet decoded into again reuses its slices, so
// steady-state decoding allocates nothing), and report a bad datagram as a
// *DecodeError naming the field and its offset in the datagram.
//
// The package shadows the standard library's net inside its own files only;
// importers name it as they like (dereth's own code uses acnet).
package net
