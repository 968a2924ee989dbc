package luahost

import (
	"errors"
	"math"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/dereth/dereth/testbed/luahost/internal/lpattern"
)

// The string library's long operations are replaced so the limits reach
// inside them: pattern matching (find, match, gmatch, gsub) runs on
// lpattern, which charges each step to the instruction budget and stops
// when a limit trips; every operation that builds a string (rep, format,
// gsub, upper, lower, reverse, table.concat, the .. operator) reserves its
// size first, so a string longer than Options.MaxString is refused before
// it exists and the heap is read before large ones are built.

// byteCharge is how many bytes of copying count as one instruction.
const byteCharge = 64

// Check charges cost instructions of work done by a Go function (a long
// host call charges as it goes) to the running script's budget, reads
// the heap at the usual sampling points, and raises the tripped limit's
// error at the calling script line, so limits reach inside host calls.
func (h *Host) Check(L *lua.LState, cost int64) {
	if err := h.lim.charge(cost); err != nil {
		h.raiseLimit(L, err)
	}
}

// Charge is Check for Go code that cannot raise a Lua error (work done
// deep inside a host call, such as publishing streamed landblocks): it
// charges cost instructions, reads the heap at the sampling points, and
// returns the tripped limit, if any, for the caller to stop early; the
// script sees the limit at its next instruction or Check.
func (h *Host) Charge(cost int64) error { return h.lim.charge(cost) }

// CheckMemory reads the heap now (not only at the sampling points) and
// raises the memory limit at the calling script line when the run grew
// the heap past it: for Go functions that wait while other goroutines
// allocate for the script (stream_wait).
func (h *Host) CheckMemory(L *lua.LState) {
	if err := h.lim.checkMemory(0); err != nil {
		h.raiseLimit(L, err)
	}
	if err := h.lim.tripped(); err != nil {
		h.raiseLimit(L, err)
	}
}

// Reserve is Check for memory: a Go function about to build about n
// bytes for the script calls it first.
func (h *Host) Reserve(L *lua.LState, n int64) {
	if err := h.lim.reserve(n, ""); err != nil {
		h.raiseLimit(L, err)
	}
}

// Raise raises an error at the calling script line, classified as kind
// (one of the sentinel errors, or nil) for ScriptError.Err.
func (h *Host) Raise(L *lua.LState, kind error, format string, args ...any) {
	h.raise(L, kind, format, args...)
}

// raiseLimit raises a limit error at the calling script line.
func (h *Host) raiseLimit(L *lua.LState, err error) {
	var kind error
	for _, k := range []error{ErrBudget, ErrTimeout, ErrMemory} {
		if errors.Is(err, k) {
			kind = k
		}
	}
	h.raise(L, kind, "%s", err.Error())
}

// reserveString checks a string of n bytes that what is about to build.
func (h *Host) reserveString(L *lua.LState, n float64, what string) {
	size := int64(math.MaxInt64)
	if n < float64(math.MaxInt64) {
		size = int64(n)
	}
	if err := h.lim.reserve(size, what); err != nil {
		h.raiseLimit(L, err)
	}
	h.Check(L, size/byteCharge)
}

// steps is lpattern's check function: machine steps count as
// instructions.
func (h *Host) steps(n int) error { return h.lim.charge(int64(n)) }

// openStrings installs the checked string functions and table.concat.
func (h *Host) openStrings() {
	L := h.ls
	str := L.GetGlobal("string").(*lua.LTable)
	for name, fn := range map[string]lua.LGFunction{
		"find":    h.strFind,
		"match":   h.strMatch,
		"gsub":    h.strGsub,
		"rep":     h.strRep,
		"upper":   h.strUpper,
		"lower":   h.strLower,
		"reverse": h.strReverse,
	} {
		str.RawSetString(name, L.NewFunction(fn))
	}
	gmatch := L.NewFunction(h.strGmatch)
	str.RawSetString("gmatch", gmatch)
	str.RawSetString("gfind", gmatch)
	format := L.GetField(str, "format").(*lua.LFunction).GFunction
	str.RawSetString("format", L.NewFunction(func(L *lua.LState) int {
		h.reserveString(L, formatBound(L), "string.format")
		return format(L)
	}))
	L.SetField(L.GetGlobal("table"), "concat", L.NewFunction(h.tableConcat))
	h.concat = L.NewFunction(h.luaConcat)
}

func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// specials are the characters that make a pattern more than plain text.
const specials = "^$*+?.([%-"

// initPos is Lua 5.1's start position for find and match: 1-based,
// negative from the end, clamped into 0..len(s).
func initPos(L *lua.LState, n, l int) int {
	init := float64(L.OptNumber(n, 1))
	if init < 0 {
		init += float64(l) + 1
	}
	init--
	switch {
	case init < 0:
		return 0
	case init > float64(l):
		return l
	}
	return int(init)
}

// compile compiles a pattern or raises its error.
func compilePattern(L *lua.LState, fn, pat string) *lpattern.Pattern {
	p, err := lpattern.Compile(pat)
	if err != nil {
		L.RaiseError("%s: malformed pattern: %v", fn, err)
	}
	return p
}

// find runs p from init, raising its errors.
func (h *Host) find(L *lua.LState, fn string, p *lpattern.Pattern, s string, init int) *lpattern.MatchData {
	md, err := p.Find(bytesOf(s), init, h.steps)
	if err != nil {
		h.matchError(L, fn, err)
	}
	return md
}

func (h *Host) matchError(L *lua.LState, fn string, err error) {
	var le *limitError
	if errors.As(err, &le) {
		h.raiseLimit(L, err)
	}
	L.RaiseError("%s: %v", fn, err)
}

// pushCaptures pushes a match's captures (the whole match when it has
// none and whole is set) and returns how many.
func pushCaptures(L *lua.LState, s string, md *lpattern.MatchData, whole bool) int {
	if md.CaptureLength() <= 2 {
		if !whole {
			return 0
		}
		L.Push(lua.LString(s[md.Capture(0):md.Capture(1)]))
		return 1
	}
	n := 0
	for i := 2; i+1 < md.CaptureLength(); i += 2 {
		L.Push(capture(L, s, md, i))
		n++
	}
	return n
}

// capture is capture i (an even index) of a match.
func capture(L *lua.LState, s string, md *lpattern.MatchData, i int) lua.LValue {
	if md.IsPosCapture(i) {
		return lua.LNumber(md.Capture(i))
	}
	st, e := md.Capture(i), md.Capture(i+1)
	if st > e || e > len(s) {
		L.RaiseError("unfinished capture")
	}
	return lua.LString(s[st:e])
}

// string.find(s, pattern [, init [, plain]])
func (h *Host) strFind(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	init := initPos(L, 3, len(s))
	if lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(pat, specials) {
		h.Check(L, int64(len(s)-init)/byteCharge)
		i := strings.Index(s[init:], pat)
		if i < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(lua.LNumber(init + i + 1))
		L.Push(lua.LNumber(init + i + len(pat)))
		return 2
	}
	md := h.find(L, "string.find", compilePattern(L, "string.find", pat), s, init)
	if md == nil {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(lua.LNumber(md.Capture(0) + 1))
	L.Push(lua.LNumber(md.Capture(1)))
	return 2 + pushCaptures(L, s, md, false)
}

// string.match(s, pattern [, init])
func (h *Host) strMatch(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	md := h.find(L, "string.match", compilePattern(L, "string.match", pat), s, initPos(L, 3, len(s)))
	if md == nil {
		L.Push(lua.LNil)
		return 1
	}
	return pushCaptures(L, s, md, true)
}

// string.gmatch(s, pattern) returns an iterator that finds one match per
// call.
func (h *Host) strGmatch(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	p := compilePattern(L, "string.gmatch", pat)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		for pos <= len(s) {
			md, err := p.Match(bytesOf(s), pos, h.steps)
			if err != nil {
				h.matchError(L, "string.gmatch", err)
			}
			start := pos
			pos++
			if p.Anchored {
				pos = len(s) + 1
			}
			if md != nil {
				if e := md.Capture(1); e > start {
					pos = e
				}
				return pushCaptures(L, s, md, true)
			}
		}
		return 0
	}))
	return 1
}

// builder builds a script string, reserving its size as it grows.
type builder struct {
	h        *Host
	L        *lua.LState
	what     string
	b        strings.Builder
	reserved int
}

func (b *builder) grow(n int) {
	if need := b.b.Len() + n; need > b.reserved {
		more := max(need-b.reserved, 64<<10)
		if int64(need) > b.h.lim.maxString {
			more = need - b.reserved
		}
		b.h.reserveString(b.L, float64(b.reserved+more), b.what)
		b.reserved += more
	}
}

func (b *builder) add(s string) {
	b.grow(len(s))
	b.b.WriteString(s)
}

func (b *builder) addByte(c byte) {
	b.grow(1)
	b.b.WriteByte(c)
}

// string.gsub(s, pattern, repl [, n]) with Lua 5.1's replacement rules.
func (h *Host) strGsub(L *lua.LState) int {
	s, pat := L.CheckString(1), L.CheckString(2)
	L.CheckTypes(3, lua.LTString, lua.LTNumber, lua.LTTable, lua.LTFunction)
	repl := L.Get(3)
	limit := math.Inf(1)
	if L.GetTop() >= 4 && L.Get(4) != lua.LNil {
		limit = float64(L.CheckNumber(4))
	}
	p := compilePattern(L, "string.gsub", pat)
	out := &builder{h: h, L: L, what: "string.gsub"}
	pos, n := 0, 0
	for float64(n) < limit {
		md, err := p.Match(bytesOf(s), pos, h.steps)
		if err != nil {
			h.matchError(L, "string.gsub", err)
		}
		if md != nil {
			n++
			h.gsubValue(L, out, s, md, repl)
		}
		switch {
		case md != nil && md.Capture(1) > pos:
			pos = md.Capture(1)
		case pos < len(s):
			out.addByte(s[pos])
			pos++
		default:
			pos = len(s) + 1
		}
		if pos > len(s) || p.Anchored {
			break
		}
	}
	if pos < len(s) {
		out.add(s[pos:])
	}
	L.Push(lua.LString(out.b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubValue appends the replacement for one match (lstrlib's add_value).
func (h *Host) gsubValue(L *lua.LState, out *builder, s string, md *lpattern.MatchData, repl lua.LValue) {
	whole := s[md.Capture(0):md.Capture(1)]
	first := func() lua.LValue {
		if md.CaptureLength() > 2 {
			return capture(L, s, md, 2)
		}
		return lua.LString(whole)
	}
	var v lua.LValue
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		rs := lua.LVAsString(r)
		for i := 0; i < len(rs); i++ {
			c := rs[i]
			if c != '%' || i+1 == len(rs) {
				out.addByte(c)
				continue
			}
			i++
			switch d := rs[i]; {
			case d == '0':
				out.add(whole)
			case d >= '1' && d <= '9':
				k := int(d-'0') * 2
				switch {
				case k == 2 && md.CaptureLength() <= 2:
					out.add(whole)
				case k+1 >= md.CaptureLength():
					L.RaiseError("string.gsub: invalid capture index %%%c", d)
				default:
					out.add(lua.LVAsString(capture(L, s, md, k)))
				}
			case d == '%':
				out.addByte('%')
			default:
				// gopher-lua keeps an unknown escape as it is.
				out.addByte('%')
				out.addByte(d)
			}
		}
		return
	case *lua.LTable:
		v = L.GetTable(r, first())
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(r)
		n := pushCaptures(L, s, md, true)
		L.Call(n, 1)
		v = L.Get(-1)
		L.SetTop(top)
	}
	switch v.(type) {
	case *lua.LNilType:
		out.add(whole)
	case lua.LBool:
		if v == lua.LFalse {
			out.add(whole)
		} else {
			L.RaiseError("string.gsub: invalid replacement value (a boolean)")
		}
	case lua.LString, lua.LNumber:
		out.add(lua.LVAsString(v))
	default:
		L.RaiseError("string.gsub: invalid replacement value (a %s)", v.Type())
	}
}

// string.rep(s, n)
func (h *Host) strRep(L *lua.LState) int {
	s := L.CheckString(1)
	n := math.Floor(float64(L.CheckNumber(2)))
	if n <= 0 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	h.reserveString(L, float64(len(s))*n, "string.rep")
	L.Push(lua.LString(strings.Repeat(s, int(n))))
	return 1
}

// mapASCII applies f to every byte, as C's toupper/tolower in the C
// locale do (gopher-lua's went through UTF-8 and could triple a string).
func (h *Host) mapASCII(L *lua.LState, what string, f func(byte) byte) int {
	s := L.CheckString(1)
	h.reserveString(L, float64(len(s)), what)
	b := []byte(s)
	for i, c := range b {
		b[i] = f(c)
	}
	L.Push(lua.LString(b))
	return 1
}

func (h *Host) strUpper(L *lua.LState) int {
	return h.mapASCII(L, "string.upper", func(c byte) byte {
		if 'a' <= c && c <= 'z' {
			return c - 'a' + 'A'
		}
		return c
	})
}

func (h *Host) strLower(L *lua.LState) int {
	return h.mapASCII(L, "string.lower", func(c byte) byte {
		if 'A' <= c && c <= 'Z' {
			return c - 'A' + 'a'
		}
		return c
	})
}

func (h *Host) strReverse(L *lua.LState) int {
	s := L.CheckString(1)
	h.reserveString(L, float64(len(s)), "string.reverse")
	b := make([]byte, len(s))
	for i := range b {
		b[i] = s[len(s)-1-i]
	}
	L.Push(lua.LString(b))
	return 1
}

// formatBound is an upper bound on string.format's result: the format,
// every argument as a string (twice, for %q's escapes) and every width and
// precision.
func formatBound(L *lua.LState) float64 {
	f := L.CheckString(1)
	n := float64(len(f))
	for i := 2; i <= L.GetTop(); i++ {
		n += 2*float64(len(lua.LVAsString(L.Get(i)))) + 64
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		for i++; i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0; i++ {
		}
		for range 2 {
			v := 0.0
			for ; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				// float64(x*y) rounds the product before the sum: never fused (physics.Vec3).
				v = float64(v*10) + float64(f[i]-'0')
			}
			n += v
			if i < len(f) && f[i] == '.' {
				i++
			}
		}
	}
	return n
}

// table.concat(t [, sep [, i [, j]]]) built in Go: gopher-lua's pushes
// every element on the Lua stack, so a long list overflowed the registry
// and panicked out of the host. The length is reserved before building.
func (h *Host) tableConcat(L *lua.LState) int {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	if i > j {
		L.Push(lua.LString(""))
		return 1
	}
	total := float64(0)
	for k := i; k <= j; k++ {
		v := t.RawGetInt(k)
		switch v.(type) {
		case lua.LString, lua.LNumber:
		default:
			L.RaiseError("invalid value (%s) at index %d in table for concat", v.Type(), k)
		}
		total += float64(len(lua.LVAsString(v)) + len(sep))
		if k%memEvery == 0 {
			h.Check(L, memEvery)
		}
	}
	h.reserveString(L, total, "table.concat")
	var b strings.Builder
	b.Grow(int(total))
	for k := i; k <= j; k++ {
		b.WriteString(lua.LVAsString(t.RawGetInt(k)))
		if k != j {
			b.WriteString(sep)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}

// isText reports whether v concatenates as text (a string or a number).
func isText(v lua.LValue) bool {
	switch v.(type) {
	case lua.LString, lua.LNumber:
		return true
	}
	return false
}

// luaConcat is the .. operator (see compile.go): its operands, left to
// right, joined as the VM's OP_CONCAT does — right to left, a run of
// strings and numbers at once, other pairs through __concat — with the
// result's length reserved before it is built.
func (h *Host) luaConcat(L *lua.LState) int {
	n := L.GetTop()
	rhs := L.Get(n)
	for i := n - 1; i >= 1; {
		lhs := L.Get(i)
		if isText(lhs) && isText(rhs) {
			j := i
			total := float64(len(lua.LVAsString(rhs)))
			for ; j >= 1 && isText(L.Get(j)); j-- {
				total += float64(len(lua.LVAsString(L.Get(j))))
			}
			h.reserveString(L, total, "the .. operator")
			var b strings.Builder
			b.Grow(int(total))
			for k := j + 1; k <= i; k++ {
				b.WriteString(lua.LVAsString(L.Get(k)))
			}
			b.WriteString(lua.LVAsString(rhs))
			rhs = lua.LString(b.String())
			i = j
			continue
		}
		mm := L.GetMetaField(lhs, "__concat")
		if mm == lua.LNil {
			mm = L.GetMetaField(rhs, "__concat")
		}
		if mm == lua.LNil {
			bad := lhs
			if isText(lhs) {
				bad = rhs
			}
			L.RaiseError("attempt to concatenate a %s value", bad.Type())
		}
		top := L.GetTop()
		L.Push(mm)
		L.Push(lhs)
		L.Push(rhs)
		L.Call(2, 1)
		rhs = L.Get(-1)
		L.SetTop(top)
		i--
	}
	L.Push(rhs)
	return 1
}
