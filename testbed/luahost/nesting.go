package luahost

import (
	"fmt"

	"github.com/yuin/gopher-lua/ast"
)

// The parser and compiler run in Go, outside the VM's instruction count,
// and both go deeper the deeper a chunk nests: gopher-lua's parser takes
// seconds and hundreds of MiB on 520,000 nested `{`, and its compiler
// recurses once per level of an expression (1+1+1+... is as deep as it
// is long). So a chunk is measured before it is parsed (brackets and
// blocks, by a scanner that skips strings and comments) and before it is
// compiled (the syntax tree's depth), and refused past the bounds, as
// Lua 5.1 refuses "chunk has too many syntax levels".
const (
	// MaxSyntaxLevels bounds how deep brackets ( { [ and blocks
	// (function, if, do, repeat) nest: Lua 5.1's LUAI_MAXCCALLS.
	MaxSyntaxLevels = 200
	// maxTreeDepth bounds the syntax tree's depth (an elseif chain or an
	// operator chain nests one level per link).
	maxTreeDepth = 2000
)

// syntaxError is a chunk refused before compiling; compileMessage
// formats it as name:line: message.
type syntaxError struct {
	line int
	msg  string
}

func (e *syntaxError) Error() string { return e.msg }

// checkNesting scans src for brackets and blocks nested deeper than
// MaxSyntaxLevels, skipping strings and comments. It does not judge the
// syntax otherwise: what it cannot follow (an unterminated string) it
// leaves to the parser.
func checkNesting(src []byte) error {
	depth, line := 0, 1
	n := len(src)
	// longBracket returns the level of a long bracket [==[ at i, or -1.
	longBracket := func(i int) int {
		if i >= n || src[i] != '[' {
			return -1
		}
		j := i + 1
		for j < n && src[j] == '=' {
			j++
		}
		if j < n && src[j] == '[' {
			return j - i - 1
		}
		return -1
	}
	// skipLong skips a long string or comment of the given level whose
	// opening bracket starts at i; it returns the index after it.
	skipLong := func(i, level int) int {
		i += level + 2
		for i < n {
			if src[i] == '\n' {
				line++
			}
			if src[i] == ']' {
				j := i + 1
				for j < n && src[j] == '=' {
					j++
				}
				if j < n && src[j] == ']' && j-i-1 == level {
					return j + 1
				}
			}
			i++
		}
		return n
	}
	// unary counts the operators (-, not, #) in a row: each nests the
	// expression one level deeper.
	unary := 0
	op := func() error {
		unary++
		if unary > MaxSyntaxLevels {
			return &syntaxError{line, fmt.Sprintf("chunk has too many syntax levels (more than %d unary operators in a row)", MaxSyntaxLevels)}
		}
		return nil
	}
	open := func() error {
		unary = 0
		depth++
		if depth > MaxSyntaxLevels {
			return &syntaxError{line, fmt.Sprintf("chunk has too many syntax levels (brackets and blocks nest more than %d deep)", MaxSyntaxLevels)}
		}
		return nil
	}
	for i := 0; i < n; {
		c := src[i]
		switch c {
		case ' ', '\t', '\r', '\n', '-', '#':
		default:
			if c != '_' && !(c >= 'a' && c <= 'z') {
				unary = 0 // an operand or another operator
			}
		}
		switch {
		case c == '\n':
			line++
			i++
		case c == '#':
			if err := op(); err != nil {
				return err
			}
			i++
		case c == '-' && i+1 < n && src[i+1] == '-':
			if lv := longBracket(i + 2); lv >= 0 {
				i = skipLong(i+2, lv)
				continue
			}
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '-':
			if err := op(); err != nil {
				return err
			}
			i++
		case c == '"' || c == '\'':
			i++
			for i < n && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' && i+1 < n {
					if src[i+1] == '\n' {
						line++
					}
					i++
				}
				i++
			}
			i++
		case c == '[':
			if lv := longBracket(i); lv >= 0 {
				i = skipLong(i, lv)
				continue
			}
			if err := open(); err != nil {
				return err
			}
			i++
		case c == '(' || c == '{':
			if err := open(); err != nil {
				return err
			}
			i++
		case c == ')' || c == '}' || c == ']':
			depth--
			i++
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < n && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			switch string(src[i:j]) {
			case "not":
				if err := op(); err != nil {
					return err
				}
				i = j
				continue
			case "function", "if", "do", "repeat":
				if err := open(); err != nil {
					return err
				}
			case "end", "until":
				depth--
			}
			unary = 0
			i = j
		default:
			i++
		}
	}
	return nil
}

// checkTree refuses a syntax tree deeper than maxTreeDepth before the
// compiler recurses through it; the walk itself stops at the bound.
func checkTree(stmts []ast.Stmt) error {
	var line int
	var stmtsDepth func([]ast.Stmt, int) bool
	var exprDepth func(ast.Expr, int) bool
	exprs := func(es []ast.Expr, d int) bool {
		for _, e := range es {
			if !exprDepth(e, d) {
				return false
			}
		}
		return true
	}
	exprDepth = func(e ast.Expr, d int) bool {
		if e == nil {
			return true
		}
		if d > maxTreeDepth {
			line = e.Line()
			return false
		}
		d++
		switch x := e.(type) {
		case *ast.AttrGetExpr:
			return exprDepth(x.Object, d) && exprDepth(x.Key, d)
		case *ast.TableExpr:
			for _, f := range x.Fields {
				if !exprDepth(f.Key, d) || !exprDepth(f.Value, d) {
					return false
				}
			}
		case *ast.FuncCallExpr:
			return exprDepth(x.Func, d) && exprDepth(x.Receiver, d) && exprs(x.Args, d)
		case *ast.LogicalOpExpr:
			return exprDepth(x.Lhs, d) && exprDepth(x.Rhs, d)
		case *ast.RelationalOpExpr:
			return exprDepth(x.Lhs, d) && exprDepth(x.Rhs, d)
		case *ast.StringConcatOpExpr:
			return exprDepth(x.Lhs, d) && exprDepth(x.Rhs, d)
		case *ast.ArithmeticOpExpr:
			return exprDepth(x.Lhs, d) && exprDepth(x.Rhs, d)
		case *ast.UnaryMinusOpExpr:
			return exprDepth(x.Expr, d)
		case *ast.UnaryNotOpExpr:
			return exprDepth(x.Expr, d)
		case *ast.UnaryLenOpExpr:
			return exprDepth(x.Expr, d)
		case *ast.FunctionExpr:
			return stmtsDepth(x.Stmts, d)
		}
		return true
	}
	stmtsDepth = func(ss []ast.Stmt, d int) bool {
		if d > maxTreeDepth {
			if len(ss) > 0 {
				line = ss[0].Line()
			}
			return false
		}
		d++
		for _, st := range ss {
			ok := true
			switch s := st.(type) {
			case *ast.AssignStmt:
				ok = exprs(s.Lhs, d) && exprs(s.Rhs, d)
			case *ast.LocalAssignStmt:
				ok = exprs(s.Exprs, d)
			case *ast.FuncCallStmt:
				ok = exprDepth(s.Expr, d)
			case *ast.DoBlockStmt:
				ok = stmtsDepth(s.Stmts, d)
			case *ast.WhileStmt:
				ok = exprDepth(s.Condition, d) && stmtsDepth(s.Stmts, d)
			case *ast.RepeatStmt:
				ok = exprDepth(s.Condition, d) && stmtsDepth(s.Stmts, d)
			case *ast.IfStmt:
				ok = exprDepth(s.Condition, d) && stmtsDepth(s.Then, d) && stmtsDepth(s.Else, d)
			case *ast.NumberForStmt:
				ok = exprDepth(s.Init, d) && exprDepth(s.Limit, d) && exprDepth(s.Step, d) && stmtsDepth(s.Stmts, d)
			case *ast.GenericForStmt:
				ok = exprs(s.Exprs, d) && stmtsDepth(s.Stmts, d)
			case *ast.FuncDefStmt:
				ok = stmtsDepth(s.Func.Stmts, d)
				if ok && s.Name != nil {
					ok = exprDepth(s.Name.Func, d) && exprDepth(s.Name.Receiver, d)
				}
			case *ast.ReturnStmt:
				ok = exprs(s.Exprs, d)
			}
			if !ok {
				return false
			}
		}
		return true
	}
	if !stmtsDepth(stmts, 0) {
		return &syntaxError{line, fmt.Sprintf("chunk has too many syntax levels (its syntax tree is more than %d deep)", maxTreeDepth)}
	}
	return nil
}
