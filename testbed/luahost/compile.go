package luahost

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// The VM's OP_CONCAT builds its string with no check, so `s = s .. s` in a
// loop reaches gigabytes in a few dozen instructions. Every chunk the host
// compiles is therefore rewritten first: each chain a .. b .. c becomes a
// call of the host's checked concat (luaConcat) with the operands in
// order. The callee is a string constant with an unguessable value,
// replaced after compiling by the function itself, so the call needs no
// global a script could shadow and works in any function environment.

// maxChunk bounds the source loadstring and load compile (the parser and
// compiler cannot be interrupted).
const maxChunk = 1 << 20

// concatKey is the placeholder constant for the concat function.
var concatKey = func() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "\x00dereth-concat-" + hex.EncodeToString(b[:])
}()

// compile parses and compiles a chunk with the .. rewrite; the function
// gets L's globals as its environment. Errors are *parse.Error,
// *lua.CompileError or *syntaxError for a chunk nested too deep
// (nesting.go); compileMessage formats them.
func (h *Host) compile(L *lua.LState, src []byte, name string) (*lua.LFunction, error) {
	if err := checkNesting(src); err != nil {
		return nil, err
	}
	chunk, err := parse.Parse(bytes.NewReader(src), name)
	if err != nil {
		return nil, err
	}
	if err := checkTree(chunk); err != nil {
		return nil, err
	}
	rewriteStmts(chunk)
	proto, err := lua.Compile(chunk, name)
	if err != nil {
		return nil, err
	}
	h.bindConcat(proto)
	return L.NewFunctionFromProto(proto), nil
}

// bindConcat replaces the placeholder constant by the concat function in
// proto and its nested functions.
func (h *Host) bindConcat(proto *lua.FunctionProto) {
	for i, k := range proto.Constants {
		if s, ok := k.(lua.LString); ok && string(s) == concatKey {
			proto.Constants[i] = h.concat
		}
	}
	for _, p := range proto.FunctionPrototypes {
		h.bindConcat(p)
	}
}

// luaLoadString is loadstring(s [, name]) through compile.
func (h *Host) luaLoadString(L *lua.LState) int {
	src := L.CheckString(1)
	return h.loadResult(L, src, L.OptString(2, src))
}

// luaLoad is load(fn [, name]): fn returns the chunk in pieces, until nil
// or "".
func (h *Host) luaLoad(L *lua.LState) int {
	fn := L.CheckFunction(1)
	name := L.OptString(2, "=(load)")
	var b strings.Builder
	for {
		top := L.GetTop()
		L.Push(fn)
		L.Call(0, 1)
		v := L.Get(-1)
		L.SetTop(top)
		if v == lua.LNil {
			break
		}
		if !isText(v) {
			L.Push(lua.LNil)
			L.Push(lua.LString("reader function must return a string"))
			return 2
		}
		piece := lua.LVAsString(v)
		if piece == "" {
			break
		}
		if b.Len()+len(piece) > maxChunk {
			L.RaiseError("load: a chunk longer than %s", byteSize(maxChunk))
		}
		b.WriteString(piece)
	}
	return h.loadResult(L, b.String(), name)
}

// loadResult compiles src as a chunk named like Lua 5.1 names strings
// ([string "first line"]) and returns the function, or nil and the message.
func (h *Host) loadResult(L *lua.LState, src, name string) int {
	if len(src) > maxChunk {
		L.RaiseError("loadstring: a chunk of %d bytes is longer than %s", len(src), byteSize(maxChunk))
	}
	h.Check(L, int64(len(src)))
	chunk := name
	if strings.HasPrefix(name, "=") || strings.HasPrefix(name, "@") {
		chunk = name[1:]
	} else {
		first, _, cut := strings.Cut(name, "\n")
		if cut || len(first) > 40 {
			first = first[:min(len(first), 40)] + "..."
		}
		chunk = `[string "` + first + `"]`
	}
	fn, err := h.compile(L, []byte(src), chunk)
	if err != nil {
		L.Push(lua.LNil)
		L.Push(lua.LString(compileMessage(err, chunk, []byte(src))))
		return 2
	}
	L.Push(fn)
	return 1
}

// rewriteStmts rewrites every .. chain in stmts (in place).
func rewriteStmts(stmts []ast.Stmt) {
	for _, st := range stmts {
		switch s := st.(type) {
		case *ast.AssignStmt:
			rewriteExprs(s.Lhs)
			rewriteExprs(s.Rhs)
		case *ast.LocalAssignStmt:
			rewriteExprs(s.Exprs)
		case *ast.FuncCallStmt:
			s.Expr = rewrite(s.Expr)
		case *ast.DoBlockStmt:
			rewriteStmts(s.Stmts)
		case *ast.WhileStmt:
			s.Condition = rewrite(s.Condition)
			rewriteStmts(s.Stmts)
		case *ast.RepeatStmt:
			s.Condition = rewrite(s.Condition)
			rewriteStmts(s.Stmts)
		case *ast.IfStmt:
			s.Condition = rewrite(s.Condition)
			rewriteStmts(s.Then)
			rewriteStmts(s.Else)
		case *ast.NumberForStmt:
			s.Init, s.Limit = rewrite(s.Init), rewrite(s.Limit)
			if s.Step != nil {
				s.Step = rewrite(s.Step)
			}
			rewriteStmts(s.Stmts)
		case *ast.GenericForStmt:
			rewriteExprs(s.Exprs)
			rewriteStmts(s.Stmts)
		case *ast.FuncDefStmt:
			if s.Name != nil {
				if s.Name.Func != nil {
					s.Name.Func = rewrite(s.Name.Func)
				}
				if s.Name.Receiver != nil {
					s.Name.Receiver = rewrite(s.Name.Receiver)
				}
			}
			rewriteStmts(s.Func.Stmts)
		case *ast.ReturnStmt:
			rewriteExprs(s.Exprs)
		}
	}
}

func rewriteExprs(es []ast.Expr) {
	for i, e := range es {
		es[i] = rewrite(e)
	}
}

// rewrite returns e with every .. chain replaced by a concat call.
func rewrite(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.StringConcatOpExpr:
		var ops []ast.Expr
		var cur ast.Expr = x
		for {
			c, ok := cur.(*ast.StringConcatOpExpr)
			if !ok {
				break
			}
			ops = append(ops, c.Lhs)
			cur = c.Rhs
		}
		ops = append(ops, cur)
		rewriteExprs(ops)
		fn := &ast.StringExpr{Value: concatKey}
		fn.SetLine(x.Line())
		fn.SetLastLine(x.LastLine())
		call := &ast.FuncCallExpr{Func: fn, Args: ops, AdjustRet: true}
		call.SetLine(x.Line())
		call.SetLastLine(x.LastLine())
		return call
	case *ast.AttrGetExpr:
		x.Object, x.Key = rewrite(x.Object), rewrite(x.Key)
	case *ast.TableExpr:
		for _, f := range x.Fields {
			if f.Key != nil {
				f.Key = rewrite(f.Key)
			}
			f.Value = rewrite(f.Value)
		}
	case *ast.FuncCallExpr:
		if x.Func != nil {
			x.Func = rewrite(x.Func)
		}
		if x.Receiver != nil {
			x.Receiver = rewrite(x.Receiver)
		}
		rewriteExprs(x.Args)
	case *ast.LogicalOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.RelationalOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.ArithmeticOpExpr:
		x.Lhs, x.Rhs = rewrite(x.Lhs), rewrite(x.Rhs)
	case *ast.UnaryMinusOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.UnaryNotOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.UnaryLenOpExpr:
		x.Expr = rewrite(x.Expr)
	case *ast.FunctionExpr:
		rewriteStmts(x.Stmts)
	}
	return e
}
