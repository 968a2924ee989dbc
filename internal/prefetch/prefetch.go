// Package prefetch asks the processor to bring memory into its caches
// ahead of its use, where Go's assembler has an instruction for that
// (PREFETCHT0 on amd64, PRFM PLDL1KEEP on arm64); elsewhere its calls do
// nothing. Nothing it does changes what a program computes, and an
// address need not be valid: a prefetch never faults.
package prefetch

import "unsafe"

// Span is how many bytes from its address Two asks for of each object:
// five lines of 64 bytes.
const Span = 5 * 64

// Two asks for the first Span bytes of the objects at p and q (the five
// lines from each address) and the line at r.
func Two(p, q, r unsafe.Pointer) { two(uintptr(p), uintptr(q), uintptr(r)) }
