package luahost

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// maxSourceSize bounds a script or module file read by RunFile, require or
// dofile.
const maxSourceSize = 16 << 20

// Options configures a Host.
type Options struct {
	// Dir is the script folder: the only place RunFile, require and dofile
	// may read. Empty means the current directory.
	Dir string
	// Budget is the maximum number of Lua VM instructions per RunFile.
	// 0 means DefaultBudget (50,000,000); negative disables the budget.
	Budget int64
	// Timeout is the wall-clock limit per RunFile. 0 means DefaultTimeout
	// (10s); negative disables it.
	Timeout time.Duration
	// Memory is how many bytes the Go heap may grow during one RunFile or
	// Call (the heap is read every 16,384 instructions, inside long host
	// calls and before large strings are built). 0 means DefaultMemory
	// (256 MiB); negative disables it.
	Memory int64
	// MaxString is the longest string, in bytes, a script may build
	// (checked before it is built). 0 means DefaultMaxString (16 MiB);
	// negative disables it.
	MaxString int64
	// Stdout receives the output of the Lua print function; nil means
	// os.Stdout.
	Stdout io.Writer
}

// Host is a sandboxed gopher-lua state with the expect library, a
// folder-confined require/dofile, and instruction/wall-clock limits.
// A Host is not safe for concurrent use (neither is *lua.LState).
type Host struct {
	ls *lua.LState
	// thread runs every script: a thread of ls sharing its globals. A
	// panic that escapes gopher-lua's PCall (it cannot push its error
	// handler on a full registry) leaves a thread's stacks unusable, so
	// the thread is then dropped and the next run makes a new one.
	thread *lua.LState
	dir    string // Options.Dir, cleaned; used to name loaded modules
	root   *os.Root
	rootEr error
	lim    *limits
	stdout io.Writer

	loaded  map[string]lua.LValue // require cache, keyed by slash path inside Dir
	loading map[string]bool       // require cycle detection

	// tag remembers the last error raised by the host itself so RunFile can
	// classify the final error (expectation, sandbox, syntax).
	tagMsg  string
	tagKind error

	passed, failed int
	running        bool // inside RunFile

	findFn *lua.LFunction // string.find (the checked one), for expect.error
	// concat is the .. operator, bound into every compiled chunk.
	concat *lua.LFunction
	// errHandler is the PCall error handler of every call: it decorates
	// the error with its line and keeps the traceback in trace. It is
	// made once, so a call allocates nothing of its own.
	errHandler *lua.LFunction
	trace      string
}

// ScriptError is the error RunFile returns when a script fails. Error()
// is Message, which starts with "file:line:" of the script location.
type ScriptError struct {
	// Message is the full message, "file:line: text".
	Message string
	// Traceback is the Lua call stack at the point of failure, one frame
	// per line, innermost first; empty for syntax errors.
	Traceback string
	// Err is the kind of failure (ErrBudget, ErrTimeout, ErrExpectation,
	// ErrSandbox, ErrSyntax) or nil for an ordinary script error.
	Err error
}

func (e *ScriptError) Error() string { return e.Message }

// Unwrap returns the kind of failure, for errors.Is.
func (e *ScriptError) Unwrap() error { return e.Err }

// New creates a sandboxed Host. Problems with Options.Dir are reported by
// the first RunFile, require or dofile.
func New(opts Options) *Host {
	dir := opts.Dir
	if dir == "" {
		dir = "."
	}
	dir = filepath.Clean(dir)
	h := &Host{
		dir:     dir,
		lim:     newLimits(opts.Budget, opts.Timeout, opts.Memory, opts.MaxString),
		stdout:  opts.Stdout,
		loaded:  map[string]lua.LValue{},
		loading: map[string]bool{},
	}
	if h.stdout == nil {
		h.stdout = os.Stdout
	}
	h.root, h.rootEr = os.OpenRoot(dir)
	h.ls = lua.NewState(lua.Options{
		SkipOpenLibs:     true,
		CallStackSize:    MaxCallDepth,
		RegistrySize:     registryInitial,
		RegistryMaxSize:  registryMax,
		RegistryGrowStep: registryGrowStep,
	})
	h.openSandbox()
	h.openExpect()
	h.errHandler = h.ls.NewFunction(func(L *lua.LState) int {
		msg, tb := h.decorate(L, L.Get(1))
		h.trace = tb
		L.Push(lua.LString(msg))
		return 1
	})
	h.ls.SetContext(h.lim)
	return h
}

// State returns the underlying Lua state, for registering Go functions
// and values. Lua code run through it directly (outside RunFile) draws on
// whatever budget the last RunFile left and has no wall-clock limit.
func (h *Host) State() *lua.LState { return h.ls }

// Context returns a context that is done when the current RunFile trips a
// limit (its Err then says which). Go functions that block or poll should
// wait on it: L.Context() is the same context, but each of its Done calls
// is charged to the instruction budget, as that is how the VM counts.
func (h *Host) Context() context.Context { return view{h.lim} }

// Close releases the Lua state and the script folder handle.
func (h *Host) Close() {
	h.lim.disarm()
	h.ls.Close()
	if h.root != nil {
		_ = h.root.Close()
	}
}

// Expectations returns how many expect.* assertions passed and failed so
// far (a failure caught by pcall or expect.error still counts).
func (h *Host) Expectations() (passed, failed int) { return h.passed, h.failed }

// SetGlobalTable installs fns as functions of the global table name,
// creating the table if needed (existing fields are kept), and returns it
// so callers can add other fields.
func (h *Host) SetGlobalTable(name string, fns map[string]lua.LGFunction) *lua.LTable {
	tb, ok := h.ls.GetGlobal(name).(*lua.LTable)
	if !ok {
		tb = h.ls.NewTable()
		h.ls.SetGlobal(name, tb)
	}
	h.ls.SetFuncs(tb, fns)
	return tb
}

// SetGlobalFunc installs fn as the global function name.
func (h *Host) SetGlobalFunc(name string, fn lua.LGFunction) {
	h.ls.SetGlobal(name, h.ls.NewFunction(fn))
}

// RunFile runs the script at path (a filesystem path, relative to the
// working directory or absolute, that must lie inside Options.Dir) with a
// fresh instruction budget and wall-clock window (a RunFile called from a Go
// function during a run shares that run's limits). Script failures are
// returned as *ScriptError, whose message starts with "path:line:" using
// path as given; other errors (file outside Dir, unreadable) are plain
// wrapped errors.
func (h *Host) RunFile(p string) error {
	rel, err := h.relToDir(p)
	if err != nil {
		return fmt.Errorf("luahost: run %s: %w", p, err)
	}
	src, err := h.readInDir(rel)
	if err != nil {
		return fmt.Errorf("luahost: run %s: %w", p, err)
	}
	fn, err := h.compile(h.ls, src, p)
	if err != nil {
		return &ScriptError{Message: compileMessage(err, p, src), Err: ErrSyntax}
	}

	_, err = h.protectedCall(fn)
	return err
}

// Call calls a Lua function (e.g. a callback a script registered) from Go
// under the same limits and error reporting as RunFile: a call made while
// no script is running gets a fresh budget and wall-clock window, a call
// made during a run (from a Go function) shares the run's. It returns the
// function's results; failures are *ScriptError.
func (h *Host) Call(fn lua.LValue, args ...lua.LValue) ([]lua.LValue, error) {
	return h.protectedCall(fn, args...)
}

// worker returns the thread scripts run on, making one when needed. It
// shares the host's globals and limits context.
func (h *Host) worker() *lua.LState {
	if h.thread == nil {
		// NewThread would give the thread a context.WithCancel child of
		// the limits, whose Done no longer counts instructions.
		ctx := h.ls.RemoveContext()
		th, _ := h.ls.NewThread()
		h.ls.SetContext(ctx)
		th.SetContext(h.lim)
		h.thread = th
	}
	return h.thread
}

func (h *Host) protectedCall(fn lua.LValue, args ...lua.LValue) (results []lua.LValue, err error) {
	// A call nested inside a running script (from a Go function) shares
	// the outer run's limits instead of resetting them, and its thread.
	if !h.running {
		h.running = true
		h.tagMsg, h.tagKind = "", nil
		h.lim.arm()
		defer func() {
			h.lim.disarm()
			h.running = false
		}()
		// Nothing may panic out of the host: what escapes gopher-lua's
		// PCall becomes a *ScriptError, and the thread it broke is dropped.
		defer func() {
			if r := recover(); r != nil {
				results, err = nil, h.escaped(r)
			}
		}()
	}

	h.trace = ""
	L := h.worker()
	base := L.GetTop()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	if err := L.PCall(len(args), lua.MultRet, h.errHandler); err != nil {
		L.SetTop(base)
		se := &ScriptError{Message: err.Error(), Traceback: h.trace}
		var ae *lua.ApiError
		if errors.As(err, &ae) {
			se.Message = lua.LVAsString(ae.Object)
			if se.Message == "" {
				se.Message = ae.Object.String()
			}
		}
		switch {
		case h.lim.tripped() != nil:
			se.Err = h.lim.tripped()
		case h.tagKind != nil && se.Message == h.tagMsg:
			se.Err = h.tagKind
		}
		return nil, se
	}
	for i := base + 1; i <= L.GetTop(); i++ {
		results = append(results, L.Get(i))
	}
	L.SetTop(base)
	return results, nil
}

// escaped turns a panic that escaped PCall into a *ScriptError: the
// message of the Lua error being raised (it names its line), or the Go
// panic located at the innermost script line. The worker thread is
// dropped, as its call and data stacks were never unwound.
func (h *Host) escaped(r any) *ScriptError {
	th := h.thread
	h.thread = nil
	var text string
	switch v := r.(type) {
	case *lua.ApiError:
		text = lua.LVAsString(v.Object)
		if text == "" {
			text = v.Object.String()
		}
	default:
		text = fmt.Sprintf("runtime error: %v", v)
	}
	if !locPrefix.MatchString(text) {
		loc := ""
		if th != nil {
			loc = location(th, 0)
		}
		if loc == "" {
			loc = "?:0:"
		}
		text = loc + " " + text
	}
	se := &ScriptError{Message: text}
	switch {
	case h.lim.tripped() != nil:
		se.Err = h.lim.tripped()
	case h.tagKind != nil && text == h.tagMsg:
		se.Err = h.tagKind
	}
	return se
}

var (
	locPrefix = regexp.MustCompile(`^[^\s:][^:\n]*:\d+: `)
	gotoLine  = regexp.MustCompile(`<goto[^>]*> at line (\d+)`)
)

// decorate turns an error value into a "file:line: ..." message plus a
// traceback. It runs as the PCall error handler, while the failing frames
// are still on the Lua stack.
func (h *Host) decorate(L *lua.LState, v lua.LValue) (string, string) {
	msg, ok := v.(lua.LString)
	text := string(msg)
	if !ok {
		text = "error object: " + display(v)
	}
	if !locPrefix.MatchString(text) {
		loc := location(L, 1)
		if loc == "" {
			loc = "?:0:"
		}
		text = loc + " " + text
	}
	var tb strings.Builder
	for i, n := 1, 0; ; i++ {
		if n == maxTraceback {
			tb.WriteString("\t...\n")
			break
		}
		dbg, ok := L.GetStack(i)
		if !ok {
			break
		}
		if _, err := L.GetInfo("Sln", dbg, lua.LNil); err != nil {
			break
		}
		if dbg.What == "G" {
			continue
		}
		name := dbg.Name
		if name == "" {
			name = "?"
		}
		if dbg.What == "main" {
			name = "main chunk"
		}
		fmt.Fprintf(&tb, "\t%s:%d: in %s\n", dbg.Source, dbg.CurrentLine, name)
		n++
	}
	return text, strings.TrimSuffix(tb.String(), "\n")
}

// location returns "source:line:" of the innermost Lua frame at or above
// level (Go frames are skipped), or "" when there is none.
func location(L *lua.LState, level int) string {
	for i := level; ; i++ {
		dbg, ok := L.GetStack(i)
		if !ok {
			return ""
		}
		if _, err := L.GetInfo("Sl", dbg, lua.LNil); err != nil {
			return ""
		}
		if dbg.What != "G" && dbg.CurrentLine > 0 {
			return fmt.Sprintf("%s:%d:", dbg.Source, dbg.CurrentLine)
		}
	}
}

// raise raises a host error of the given kind at the calling script line.
func (h *Host) raise(L *lua.LState, kind error, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if loc := location(L, 1); loc != "" {
		msg = loc + " " + msg
	}
	h.tagMsg, h.tagKind = msg, kind
	L.Error(lua.LString(msg), 0)
}

// compileMessage formats a Load error as "name:line: ...".
func compileMessage(err error, name string, src []byte) string {
	var se *syntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s:%d: %s", name, se.line, se.msg)
	}
	var pe *parse.Error
	if errors.As(err, &pe) || asCause(err, &pe) {
		if pe.Pos.Line == parse.EOF {
			lines := bytes.Count(src, []byte("\n"))
			if len(src) > 0 && src[len(src)-1] != '\n' {
				lines++
			}
			return fmt.Sprintf("%s:%d: syntax error at end of file: %s", name, max(lines, 1), pe.Message)
		}
		detail := ""
		if pe.Message != "syntax error" {
			detail = ": " + pe.Message
		}
		return fmt.Sprintf("%s:%d: syntax error near '%s' (column %d)%s", name, pe.Pos.Line, pe.Token, pe.Pos.Column, detail)
	}
	var ce *lua.CompileError
	if errors.As(err, &ce) || asCause(err, &ce) {
		line := ce.Line
		// goto errors are raised at the end of the function; the message
		// names the goto's own line.
		if m := gotoLine.FindStringSubmatch(ce.Message); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				line = n
			}
		}
		return fmt.Sprintf("%s:%d: compile error: %s", name, line, ce.Message)
	}
	return fmt.Sprintf("%s:0: syntax error: %v", name, err)
}

// asCause looks through *lua.ApiError.Cause, which gopher-lua does not
// expose through Unwrap.
func asCause[T error](err error, target *T) bool {
	var ae *lua.ApiError
	if errors.As(err, &ae) && ae.Cause != nil {
		return errors.As(ae.Cause, target)
	}
	return false
}

// relToDir maps a RunFile path to a slash path inside Dir.
func (h *Host) relToDir(p string) (string, error) {
	if h.rootEr != nil {
		return "", fmt.Errorf("script folder %s: %w", h.dir, h.rootEr)
	}
	absDir, err := filepath.Abs(h.dir)
	if err != nil {
		return "", fmt.Errorf("script folder %s: %w", h.dir, err)
	}
	absP, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, absP)
	if err != nil || !filepath.IsLocal(rel) {
		// The folder may be reached through a symlink on one side only.
		rd, err1 := filepath.EvalSymlinks(absDir)
		rp, err2 := filepath.EvalSymlinks(absP)
		if err1 == nil && err2 == nil {
			rel, err = filepath.Rel(rd, rp)
		}
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("%w: %s is outside the script folder %s", ErrSandbox, p, h.dir)
		}
	}
	return filepath.ToSlash(rel), nil
}

// readInDir reads a file named by a slash path inside Dir through os.Root,
// which refuses ".." components and symlinks that leave the folder.
func (h *Host) readInDir(rel string) ([]byte, error) {
	if h.rootEr != nil {
		return nil, fmt.Errorf("script folder %s: %w", h.dir, h.rootEr)
	}
	f, err := h.root.Open(filepath.FromSlash(rel))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", rel)
	}
	src, err := io.ReadAll(io.LimitReader(f, maxSourceSize+1))
	if err != nil {
		return nil, err
	}
	if len(src) > maxSourceSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", rel, maxSourceSize)
	}
	// A "#!" first line is skipped, keeping its newline so line numbers hold.
	if len(src) > 0 && src[0] == '#' {
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			src = src[i:]
		} else {
			src = nil
		}
	}
	return src, nil
}

// checkScriptPath validates a path given to require or dofile and returns
// it as a clean slash path inside Dir.
func (h *Host) checkScriptPath(L *lua.LState, fn, name, p string) string {
	slash := strings.ReplaceAll(p, `\`, "/")
	switch {
	case p == "" || p == ".lua":
		h.raise(L, ErrSandbox, "sandbox: %s(%q): empty path", fn, name)
	case strings.HasPrefix(slash, "/") || filepath.IsAbs(p) || filepath.VolumeName(p) != "":
		h.raise(L, ErrSandbox, "sandbox: %s(%q): absolute paths are not allowed; paths are relative to the script folder %s", fn, name, h.dir)
	}
	clean := path.Clean(slash)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		h.raise(L, ErrSandbox, "sandbox: %s(%q): path escapes the script folder %s", fn, name, h.dir)
	}
	if !strings.HasSuffix(clean, ".lua") {
		h.raise(L, ErrSandbox, "sandbox: %s(%q): only .lua files can be loaded", fn, name)
	}
	return clean
}

// loadChunk compiles a file inside Dir; rel is a checked slash path. The
// chunk is named Dir/rel so messages point at the file.
func (h *Host) loadChunk(L *lua.LState, fn, name, rel string) *lua.LFunction {
	src, err := h.readInDir(rel)
	if err != nil {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			h.raise(L, nil, "%s(%q): %s not found in the script folder %s", fn, name, rel, h.dir)
		case strings.Contains(err.Error(), "escapes"):
			h.raise(L, ErrSandbox, "sandbox: %s(%q): %s resolves outside the script folder %s", fn, name, rel, h.dir)
		default:
			h.raise(L, nil, "%s(%q): %v", fn, name, err)
		}
	}
	chunk := filepath.Join(h.dir, filepath.FromSlash(rel))
	f, err := h.compile(L, src, chunk)
	if err != nil {
		msg := compileMessage(err, chunk, src)
		if loc := location(L, 1); loc != "" {
			msg += fmt.Sprintf(" (loaded by %s(%q) at %s)", fn, name, strings.TrimSuffix(loc, ":"))
		}
		h.tagMsg, h.tagKind = msg, ErrSyntax
		L.Error(lua.LString(msg), 0)
	}
	return f
}

// luaRequire is the sandbox require: require("a.b") loads Dir/a/b.lua once
// and caches its result ("a/b", "a/b.lua" name the same module).
func (h *Host) luaRequire(L *lua.LState) int {
	name := L.CheckString(1)
	mod := strings.TrimSuffix(name, ".lua")
	if !strings.ContainsAny(mod, `/\`) && !strings.HasPrefix(mod, ".") {
		mod = strings.ReplaceAll(mod, ".", "/")
	}
	rel := h.checkScriptPath(L, "require", name, mod+".lua")
	if v, ok := h.loaded[rel]; ok {
		L.Push(v)
		return 1
	}
	if h.loading[rel] {
		h.raise(L, nil, "require(%q): loop while loading %s", name, rel)
	}
	f := h.loadChunk(L, "require", name, rel)
	h.loading[rel] = true
	defer delete(h.loading, rel)
	L.Push(f)
	L.Push(lua.LString(name))
	L.Call(1, 1)
	v := L.Get(-1)
	L.Pop(1)
	if v == lua.LNil {
		v = lua.LTrue
	}
	h.loaded[rel] = v
	L.Push(v)
	return 1
}

// luaDofile is the sandbox dofile: runs Dir/path (a .lua file) and returns
// its results.
func (h *Host) luaDofile(L *lua.LState) int {
	name := L.CheckString(1)
	rel := h.checkScriptPath(L, "dofile", name, name)
	f := h.loadChunk(L, "dofile", name, rel)
	top := L.GetTop()
	L.Push(f)
	L.Call(0, lua.MultRet)
	return L.GetTop() - top
}

func (h *Host) luaPrint(L *lua.LState) int {
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	if _, err := io.WriteString(h.stdout, b.String()); err != nil {
		L.RaiseError("print: %v", err)
	}
	return 0
}

// openSandbox opens the allowed standard libraries and installs the
// sandbox replacements.
func (h *Host) openSandbox() {
	L := h.ls
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
		{lua.CoroutineLibName, lua.OpenCoroutine},
	} {
		L.Push(L.NewFunction(lib.open))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	g := L.G.Global
	for _, name := range []string{"module", "_printregs"} {
		g.RawSetString(name, lua.LNil)
	}
	h.openStrings()
	h.findFn = L.GetField(L.GetGlobal("string"), "find").(*lua.LFunction)

	g.RawSetString("unpack", L.NewFunction(luaUnpack))
	g.RawSetString("loadstring", L.NewFunction(h.luaLoadString))
	g.RawSetString("load", L.NewFunction(h.luaLoad))
	g.RawSetString("require", L.NewFunction(h.luaRequire))
	g.RawSetString("dofile", L.NewFunction(h.luaDofile))
	g.RawSetString("print", L.NewFunction(h.luaPrint))
	g.RawSetString("loadfile", L.NewFunction(func(L *lua.LState) int {
		h.raise(L, ErrSandbox, "sandbox: loadfile is not available in dereth scripts (use dofile or require with a path inside the script folder)")
		return 0
	}))
	for _, name := range []string{"os", "io", "debug", "package"} {
		g.RawSetString(name, h.forbiddenTable(name))
	}
	h.sandboxCoroutines()
}

// forbiddenTable returns a table whose every read or write raises
// "sandbox: NAME.KEY is not available in dereth scripts".
func (h *Host) forbiddenTable(name string) *lua.LTable {
	L := h.ls
	deny := L.NewFunction(func(L *lua.LState) int {
		key := L.Get(2)
		k := lua.LVAsString(key)
		if k == "" {
			k = display(key)
		}
		h.raise(L, ErrSandbox, "sandbox: %s.%s is not available in dereth scripts", name, k)
		return 0
	})
	mt := L.NewTable()
	mt.RawSetString("__index", deny)
	mt.RawSetString("__newindex", deny)
	mt.RawSetString("__metatable", lua.LString("sandbox"))
	t := L.NewTable()
	L.SetMetatable(t, mt)
	return t
}

// sandboxCoroutines makes coroutine threads share the host's limits
// context. gopher-lua's NewThread gives each thread a child
// context.WithCancel of the parent's context, whose Done is an ordinary
// channel, so a coroutine's instructions would escape the budget. The
// replacement create builds the thread while the caller's context is
// detached (so no child context is made) and installs the caller's context,
// the host's limits, on the thread; wrap is rebuilt on top of it.
func (h *Host) sandboxCoroutines() {
	L := h.ls
	co := L.GetGlobal("coroutine").(*lua.LTable)
	origCreate := L.GetField(co, "create").(*lua.LFunction).GFunction
	origResume := L.GetField(co, "resume").(*lua.LFunction).GFunction
	create := func(L *lua.LState) int {
		// A thread holds its own call stack and value stack; reserving
		// them makes a loop of creates read the heap in time.
		if err := h.lim.reserve(threadBytes, ""); err != nil {
			h.raiseLimit(L, err)
		}
		ctx := L.RemoveContext()
		defer func() {
			if ctx != nil {
				L.SetContext(ctx)
			}
		}()
		n := origCreate(L)
		if th, ok := L.Get(-1).(*lua.LState); ok && ctx != nil {
			th.SetContext(ctx)
		}
		return n
	}
	co.RawSetString("create", L.NewFunction(create))
	// wrap is rebuilt in Go on top of create and the original resume: Lua
	// glue here would run an instruction between the coroutine's failure and
	// its re-raise, and a tripped limit would then be reported at the glue.
	co.RawSetString("wrap", L.NewFunction(func(L *lua.LState) int {
		L.CheckFunction(1)
		L.SetTop(1)
		create(L)
		th := L.Get(-1)
		L.Pop(1)
		L.Push(L.NewFunction(func(L *lua.LState) int {
			L.Insert(th, 1)
			n := origResume(L)
			base := L.GetTop() - n + 1
			if n > 0 && L.Get(base) == lua.LFalse {
				L.Error(L.Get(base+1), 0)
			}
			L.Remove(base)
			return n - 1
		}))
		return 1
	}))
}

// SetLimits replaces the limits of the next runs and calls (the same
// meaning as the Options fields, zero for the default). A host that runs
// a setup script under generous limits and then many small callbacks
// under tight ones (a plugin) switches between the two with it; calling
// it during a run is an error.
func (h *Host) SetLimits(budget int64, timeout time.Duration, memory, maxString int64) error {
	if h.running {
		return errors.New("luahost: SetLimits during a run")
	}
	n := newLimits(budget, timeout, memory, maxString)
	c := h.lim
	c.mu.Lock()
	c.budget, c.timeout, c.memLimit, c.maxString = n.budget, n.timeout, n.memLimit, n.maxString
	c.timeoutMsg = fmt.Sprintf("wall-clock limit of %v exceeded", c.timeout)
	c.mu.Unlock()
	return nil
}
