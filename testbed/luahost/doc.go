// Package luahost is the sandboxed Lua host behind `dereth run`: it runs
// modders' spawn and conformance scripts headless on gopher-lua v1.1.2.
//
// A Host opens only the base, table, string, math and coroutine libraries.
// os, io, debug and package are tables whose every access raises
// "sandbox: os.execute is not available in dereth scripts" (and so on);
// loadfile raises the same way. require and dofile only load .lua files
// inside Options.Dir: absolute paths, ".." escapes and symlinks resolving
// outside the folder are refused with an error naming the path (files are
// opened through os.Root). print writes to Options.Stdout.
//
// # Limits
//
// Each RunFile gets an instruction budget (Options.Budget, default 50M) and
// a wall-clock limit (Options.Timeout, default 10s). gopher-lua v1.1.2 has
// no debug hooks, but when a context is installed with LState.SetContext its
// VM loop (mainLoopWithContext in vm.go) selects on ctx.Done() before every
// instruction. The Host installs its own context whose Done decrements an
// atomic counter and returns a channel that is closed when the counter
// crosses zero or when a timer fires at the deadline; the VM then raises
// "file:line: instruction budget of 50000000 exhausted" or
// "file:line: wall-clock limit of 10s exceeded". Tripping is sticky for the
// rest of the run, so pcall cannot swallow it, and coroutines share the
// same context (coroutine.create/wrap are replaced so their instructions
// count too). Go functions that block should select on Host.Context().Done()
// (or L.Context().Done(), which is charged one instruction per call); Go
// functions that loop call Host.Check as they go, which charges their work
// to the budget and raises a tripped limit at the calling script line.
//
// The limits also reach inside the string library: pattern matching
// (find, match, gmatch, gsub) runs on internal/lpattern, whose steps count
// as instructions, and every function that builds a string (rep, format,
// gsub, upper, lower, reverse, table.concat and the .. operator, which
// every chunk is compiled to call — see compile.go) reserves its length
// first: a string longer than Options.MaxString (16 MiB) is refused before
// it exists. The heap is read every 16,384 instructions and whenever 4 MiB
// of strings or threads were reserved; when it grew by more than
// Options.Memory (256 MiB) since the run began, after a garbage
// collection, the run stops with "memory limit of 256 MiB exceeded"
// (ErrMemory). Calls nest at most MaxCallDepth deep, a thread's value
// stack holds at most 65,536 values, unpack returns at most 8,000.
//
// Nothing panics out of the host: scripts run on a worker thread, and a
// panic that escapes gopher-lua's PCall (it cannot push its error handler
// on a full value stack) becomes a *ScriptError naming the line while the
// broken thread is dropped.
//
// # Errors
//
// RunFile returns a *ScriptError for every script failure — syntax error,
// runtime error, failed expectation, sandbox violation, exhausted limit —
// whose message starts with "file:line:" of the script location (the file
// name as given to RunFile; modules as Dir/name.lua). Its Err field, for
// errors.Is, is one of ErrSyntax, ErrExpectation, ErrSandbox, ErrBudget,
// ErrTimeout, ErrMemory, or nil for an ordinary runtime error; Traceback holds the Lua
// stack.
//
// # expect
//
// The global expect table: eq, ne (deep equality, tables by contents),
// near (numbers or tables of numbers within eps), truthy, falsy,
// error(fn [, pattern]) and subsequence(list, pattern) (pattern elements in
// order, not necessarily adjacent; a table element matches when every key
// it has matches). A failure raises
// "file:line: expect.eq failed: got X, want Y (msg)" at the calling line,
// with tables printed with sorted keys.
//
// # Go API
//
// SetGlobalTable and SetGlobalFunc expose Go functions; ToLua and FromLua
// convert between Go values (bool, numbers, strings, slices, maps) and Lua
// values. Call invokes a Lua callback from Go under the same limits and
// error reporting as RunFile (prefer it to LState.CallByParam, which would
// run on whatever budget the last run left, with no wall clock). Context is
// the limits context for Go functions that block. State gives the
// *lua.LState for anything else.
//
// SCRIPTING-SANDBOX.md in this directory is the user-facing description
// for docs/scripting.md.
package luahost
