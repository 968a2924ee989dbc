// Package plugin runs Lua plugins on a session: a live one (`dereth
// connect --plugin`), a capture (`dereth replay --plugin`) or the offline
// world (`dereth view --plugin`). It is dereth's cross-platform Decal.
//
// Each plugin is one Lua file run in its own sandboxed state
// (testbed/luahost: no os/io/debug/package, require only beside the
// plugin) with per-callback limits (Limits). The file's main chunk
// registers handlers:
//
//	on("Communication_HearSpeech", fn)   -- a catalogue name, or its part after "_"
//	on("enter_world", fn)                -- lifecycle: login, enter_world,
//	                                     -- teleport_begin, teleport_end, disconnect
//	every(seconds, fn), after(seconds, fn) -- on the session clock
//
// The host calls them at frame boundaries on the simulation goroutine, in
// message order, after the world applied the message: Manager.Message
// for each message, Manager.Tick once per frame for the timers and the
// teleport end. A handler gets the message's fields as a read-only table
// with replay --json's field names (docs/messages.md) and an info table
// {name=, dir=, t=, opcode=, type=}.
//
// Queries (object, objects, player) read the world; actions (say, tell,
// use, select, move_to, emote) are encoded from the catalogue as
// GameActions and handed to Options.Send, the session's outgoing queue,
// at most RateLimit a second per plugin; panels (panel{}) are reported to
// Options.Panel. A plugin whose callback fails or exhausts a limit is
// disabled, with its file:line, through Options.Disabled; the session and
// the other plugins go on. docs/plugins.md is the user's guide.
package plugin
