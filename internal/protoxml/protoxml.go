// Package protoxml reads ACClientLib's protocol.xml into a schema.Catalog.
// tools/protogen uses it to write protocol's checked-in catalogue, and
// protocol's catalogue test to check that catalogue against a local copy.
package protoxml

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/dereth/dereth/protocol/schema"
)

type elem struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Kids    []elem     `xml:",any"`
}

func (e *elem) attr(name string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (e *elem) kid(name string) *elem {
	for i := range e.Kids {
		if e.Kids[i].XMLName.Local == name {
			return &e.Kids[i]
		}
	}
	return nil
}

// ParseFile reads the protocol.xml at path.
func ParseFile(path string) (*schema.Catalog, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Parse reads protocol.xml.
func Parse(r io.Reader) (*schema.Catalog, error) {
	var root elem
	if err := xml.NewDecoder(r).Decode(&root); err != nil {
		return nil, fmt.Errorf("protocol.xml: %w", err)
	}
	c := &schema.Catalog{}
	if en := root.kid("enums"); en != nil {
		for _, e := range en.Kids {
			if e.XMLName.Local != "enum" {
				continue
			}
			m := schema.Enum{Name: e.attr("name"), Parent: e.attr("parent"), Mask: e.attr("mask") == "true"}
			for _, v := range e.Kids {
				if v.XMLName.Local == "value" {
					m.Values = append(m.Values, schema.Value{Value: v.attr("value"), Name: v.attr("name")})
				}
			}
			c.Enums = append(c.Enums, m)
		}
	}
	if ts := root.kid("types"); ts != nil {
		for _, t := range ts.Kids {
			if t.XMLName.Local != "type" {
				continue
			}
			size, _ := strconv.Atoi(t.attr("size"))
			nodes, err := parseNodes(t.Kids)
			if err != nil {
				return nil, fmt.Errorf("type %s: %w", t.attr("name"), err)
			}
			c.Types = append(c.Types, schema.Type{Name: t.attr("name"), Parent: t.attr("parent"),
				Primitive: t.attr("primitive"), Size: size, Templated: t.attr("templated"),
				Param: t.attr("param"), Nodes: nodes})
		}
	}
	add := func(list *elem, g schema.Group, dir schema.Direction) error {
		for _, t := range list.Kids {
			if t.XMLName.Local != "type" {
				continue
			}
			op, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(t.attr("type")), "0x"), 16, 32)
			if err != nil {
				return fmt.Errorf("%s: type %q: %w", t.attr("name"), t.attr("type"), err)
			}
			nodes, err := parseNodes(t.Kids)
			if err != nil {
				return fmt.Errorf("%s: %w", t.attr("name"), err)
			}
			c.Messages = append(c.Messages, schema.Message{Group: g, Dir: dir, Op: uint32(op),
				Name: t.attr("name"), Queue: t.attr("queue"), Nodes: nodes})
		}
		return nil
	}
	if ms := root.kid("messages"); ms != nil {
		for _, d := range []struct {
			tag string
			dir schema.Direction
		}{{"c2s", schema.C2S}, {"s2c", schema.S2C}} {
			if l := ms.kid(d.tag); l != nil {
				if err := add(l, schema.TopLevel, d.dir); err != nil {
					return nil, err
				}
			}
		}
	}
	if l := root.kid("gameevents"); l != nil {
		if err := add(l, schema.Event, schema.S2C); err != nil {
			return nil, err
		}
	}
	if l := root.kid("gameactions"); l != nil {
		if err := add(l, schema.Action, schema.C2S); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func generic(e *elem) []string {
	if g := e.attr("genericType"); g != "" {
		return []string{g}
	}
	if k := e.attr("genericKey"); k != "" {
		return []string{k, e.attr("genericValue")}
	}
	if k := e.attr("key"); k != "" {
		return []string{k, e.attr("value")}
	}
	return nil
}

func parseNodes(kids []elem) ([]schema.Node, error) {
	var out []schema.Node
	for i := range kids {
		e := &kids[i]
		n := schema.Node{Name: e.attr("name"), Key: Snake(e.attr("name")), Type: e.attr("type")}
		switch e.XMLName.Local {
		case "field":
			n.Kind = schema.Field
			n.Generic = generic(e)
			n.Param = e.attr("param")
			for _, s := range e.Kids {
				if s.XMLName.Local == "subfield" {
					n.Subs = append(n.Subs, schema.Sub{Name: s.attr("name"), Key: Snake(s.attr("name")), Type: s.attr("type"), Expr: s.attr("value")})
				}
			}
		case "vector":
			n.Kind = schema.Vector
			n.Expr = e.attr("length")
			if s := e.attr("skip"); s != "" {
				n.Skip, _ = strconv.Atoi(s)
			}
		case "table":
			n.Kind = schema.Table
			n.Expr = e.attr("length")
			n.Generic = generic(e)
		case "switch", "maskmap":
			n.Kind = schema.Switch
			if e.XMLName.Local == "maskmap" {
				n.Kind = schema.MaskMap
				n.Xor = e.attr("xor")
			}
			for j := range e.Kids {
				c := &e.Kids[j]
				if c.XMLName.Local != "case" && c.XMLName.Local != "mask" {
					continue
				}
				nodes, err := parseNodes(c.Kids)
				if err != nil {
					return nil, err
				}
				n.Cases = append(n.Cases, schema.Case{Value: c.attr("value"), Nodes: nodes})
			}
		case "align":
			n.Kind = schema.Align
		case "if":
			n.Kind = schema.If
			n.Expr = e.attr("test")
			var err error
			if t := e.kid("true"); t != nil {
				if n.Then, err = parseNodes(t.Kids); err != nil {
					return nil, err
				}
			}
			if f := e.kid("false"); f != nil {
				if n.Else, err = parseNodes(f.Kids); err != nil {
					return nil, err
				}
			}
		default:
			return nil, fmt.Errorf("unknown element <%s>", e.XMLName.Local)
		}
		out = append(out, n)
	}
	return out, nil
}

// Snake turns protocol.xml's CamelCase names into the field view's
// snake_case keys: "ObjectId" → "object_id", "HResult" → "h_result",
// "APChanges" → "ap_changes".
func Snake(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) {
			if i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]) ||
				(i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
