// Package bodycheck switches on the check of the change-driven body sync
// (package systems, syncBodies): after each sync that brought only the
// marked objects' collision bodies in step, the full walk of every object
// runs again in check-only form and panics, naming the object and both
// positions, if it would have moved, added or dropped any body — a
// position, state, parent or cell written somewhere that did not mark
// its object. Test binaries whose worlds collide switch it on in their
// TestMain (Tests); benchmarks leave it off.
package bodycheck

import "flag"

// On switches the check on.
var On bool

// Tests switches the check on for a test binary's tests, not for its
// benchmarks: it is on unless -test.bench asks for benchmarks. Call it in
// TestMain before m.Run.
func Tests() {
	if !flag.Parsed() {
		flag.Parse()
	}
	f := flag.Lookup("test.bench")
	On = f == nil || f.Value.String() == ""
}
