package protocol

import (
	"fmt"
	"strconv"
	"strings"
)

// num is an expression value: an integer, or a float when F is set.
type num struct {
	I   int64
	F   float64
	IsF bool
}

func (n num) float() float64 {
	if n.IsF {
		return n.F
	}
	return float64(n.I)
}

func (n num) int() int64 {
	if n.IsF {
		return int64(n.F)
	}
	return n.I
}

func boolNum(b bool) num {
	if b {
		return num{I: 1}
	}
	return num{}
}

// expr is a compiled protocol.xml expression: a vector length
// ("RecordCount - 1"), a subfield ("(uint)1 << ((int)PackedSize >> 24)"),
// an If test ("CastingLikelihood < 2.0") or a mask ("Flags.Name").
type expr func(lookup func(name string) (num, bool)) (num, error)

// parseExpr compiles s: identifiers (Enum.Value names too), decimal, hex
// and float literals, (int)/(uint) casts, parentheses, unary -, and the
// binary operators * + - << >> < > <= >= == != & ^ | with C precedence.
func parseExpr(s string) (expr, error) {
	p := &exprParser{s: s}
	p.next()
	e, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	if p.tok != "" {
		return nil, fmt.Errorf("expression %q: unexpected %q", s, p.tok)
	}
	return e, nil
}

type exprParser struct {
	s   string
	pos int
	tok string
}

func (p *exprParser) next() {
	for p.pos < len(p.s) && p.s[p.pos] == ' ' {
		p.pos++
	}
	if p.pos >= len(p.s) {
		p.tok = ""
		return
	}
	start := p.pos
	c := p.s[p.pos]
	switch {
	case isIdent(c) || c >= '0' && c <= '9':
		for p.pos < len(p.s) && (isIdent(p.s[p.pos]) || p.s[p.pos] >= '0' && p.s[p.pos] <= '9' || p.s[p.pos] == '.') {
			p.pos++
		}
	default:
		p.pos++
		if p.pos < len(p.s) {
			two := p.s[start : p.pos+1]
			switch two {
			case "<<", ">>", "<=", ">=", "==", "!=", "&&", "||":
				p.pos++
			}
		}
	}
	p.tok = p.s[start:p.pos]
}

func isIdent(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

var precedence = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10,
}

func (p *exprParser) binary(min int) (expr, error) {
	left, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		op := p.tok
		prec, ok := precedence[op]
		if !ok || prec <= min {
			return left, nil
		}
		p.next()
		right, err := p.binary(prec)
		if err != nil {
			return nil, err
		}
		left = binop(op, left, right)
	}
}

func binop(op string, l, r expr) expr {
	return func(look func(string) (num, bool)) (num, error) {
		a, err := l(look)
		if err != nil {
			return num{}, err
		}
		b, err := r(look)
		if err != nil {
			return num{}, err
		}
		fl := a.IsF || b.IsF
		switch op {
		case "+":
			if fl {
				return num{F: a.float() + b.float(), IsF: true}, nil
			}
			return num{I: a.I + b.I}, nil
		case "-":
			if fl {
				return num{F: a.float() - b.float(), IsF: true}, nil
			}
			return num{I: a.I - b.I}, nil
		case "*":
			if fl {
				return num{F: a.float() * b.float(), IsF: true}, nil
			}
			return num{I: a.I * b.I}, nil
		case "<":
			return boolNum(a.float() < b.float()), nil
		case ">":
			return boolNum(a.float() > b.float()), nil
		case "<=":
			return boolNum(a.float() <= b.float()), nil
		case ">=":
			return boolNum(a.float() >= b.float()), nil
		case "==":
			return boolNum(a.float() == b.float()), nil
		case "!=":
			return boolNum(a.float() != b.float()), nil
		case "&&":
			return boolNum(a.int() != 0 && b.int() != 0), nil
		case "||":
			return boolNum(a.int() != 0 || b.int() != 0), nil
		case "<<":
			return num{I: int64(uint64(a.int()) << (uint64(b.int()) & 63))}, nil
		case ">>":
			return num{I: int64(uint64(a.int()) >> (uint64(b.int()) & 63))}, nil
		case "&":
			return num{I: a.int() & b.int()}, nil
		case "|":
			return num{I: a.int() | b.int()}, nil
		case "^":
			return num{I: a.int() ^ b.int()}, nil
		}
		return num{}, fmt.Errorf("operator %q", op)
	}
}

func (p *exprParser) unary() (expr, error) {
	switch tok := p.tok; {
	case tok == "":
		return nil, fmt.Errorf("expression %q ends early", p.s)
	case tok == "-":
		p.next()
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		return func(look func(string) (num, bool)) (num, error) {
			v, err := e(look)
			if v.IsF {
				v.F = -v.F
			} else {
				v.I = -v.I
			}
			return v, err
		}, nil
	case tok == "(":
		p.next()
		if p.tok == "int" || p.tok == "uint" {
			cast := p.tok
			p.next()
			if p.tok != ")" {
				return nil, fmt.Errorf("expression %q: cast not closed", p.s)
			}
			p.next()
			e, err := p.unary()
			if err != nil {
				return nil, err
			}
			return func(look func(string) (num, bool)) (num, error) {
				v, err := e(look)
				if cast == "int" {
					return num{I: int64(int32(v.int()))}, err
				}
				return num{I: int64(uint32(v.int()))}, err
			}, nil
		}
		e, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		if p.tok != ")" {
			return nil, fmt.Errorf("expression %q: ( not closed", p.s)
		}
		p.next()
		return e, nil
	case tok[0] >= '0' && tok[0] <= '9':
		p.next()
		if strings.HasPrefix(tok, "0x") || strings.HasPrefix(tok, "0X") {
			v, err := strconv.ParseUint(tok[2:], 16, 64)
			if err != nil {
				return nil, fmt.Errorf("expression %q: %w", p.s, err)
			}
			return constant(num{I: int64(v)}), nil
		}
		if strings.Contains(tok, ".") {
			v, err := strconv.ParseFloat(tok, 64)
			if err != nil {
				return nil, fmt.Errorf("expression %q: %w", p.s, err)
			}
			return constant(num{F: v, IsF: true}), nil
		}
		v, err := strconv.ParseInt(tok, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("expression %q: %w", p.s, err)
		}
		return constant(num{I: v}), nil
	case isIdent(tok[0]):
		p.next()
		return func(look func(string) (num, bool)) (num, error) {
			if v, ok := look(tok); ok {
				return v, nil
			}
			return num{}, fmt.Errorf("%s is not known here", tok)
		}, nil
	}
	return nil, fmt.Errorf("expression %q: unexpected %q", p.s, p.tok)
}

func constant(v num) expr {
	return func(func(string) (num, bool)) (num, error) { return v, nil }
}
