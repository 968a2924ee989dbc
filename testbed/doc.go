// Package testbed is dereth's headless host: it runs Lua scenarios (spawn
// objects from inline or DAT data, drive their motions through the same
// interpreted path the wire uses, advance the clock, query state, assert on
// the trace) over the real schedules. `dereth run` is its command line; the
// API is documented in docs/scripting.md.
package testbed
