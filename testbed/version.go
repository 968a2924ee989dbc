package testbed

// APIVersion is the scripting surface's version, world.api_version in Lua:
// the world.* calls, their arguments and results, the trace events' fields
// and the drop reasons as docs/scripting.md documents them. It goes up by
// one with every change that can break a script written against the
// previous version (a call or field removed or renamed, a default or a
// convention changed, an accepted argument refused), and the CHANGELOG
// entry announcing the change names the new number ("world.api_version N",
// which TestAPIVersionInChangelog checks). Additions leave it alone.
//
// Version 1 is the surface of 3 December 2026, the first one numbered;
// version 2 (6 December 2026) refuses misspelled option fields.
const APIVersion = 2
