// Package schema is the shape of dereth's message catalogue: every
// message, GameEvent, GameAction, type and enum of ACClientLib's
// protocol.xml described once as data. protocol's generic codec walks these
// descriptions to decode, encode and view a message; tools/protogen writes
// the checked-in catalogue from a local protocol.xml, and a test compares
// the two.
package schema

// Kind is what a Node describes.
type Kind uint8

// Node kinds.
const (
	Field   Kind = iota // one value of Type (with Subs derived from it)
	Vector              // Length elements of Type (Skip bytes first)
	Table               // Length key/value pairs of Generic[0], Generic[1]
	Switch              // the Case whose Value matches the field Name
	MaskMap             // every Case whose mask is set in field Name (XOR Xor)
	Align               // zero padding to the next multiple of 4
	If                  // Then when Expr holds, else Else
)

// Node is one step of a layout.
type Node struct {
	Kind Kind
	Name string // the field's name as protocol.xml spells it
	Key  string // its snake_case key in the field view
	Type string
	// Generic are the template arguments: genericType, or genericKey and
	// genericValue, or a table's key and value.
	Generic []string
	Param   string // a DataId's type prefix (e.g. 0x04000000)
	Expr    string // a vector's or table's length, an If's test
	Skip    int
	Xor     string
	Subs    []Sub
	Cases   []Case
	Then    []Node
	Else    []Node
}

// Sub is a value computed from a Field (Expr over the field's Name).
type Sub struct {
	Name, Key, Type, Expr string
}

// Case is a Switch case (Value: "0x1 | 0x2") or a MaskMap mask.
type Case struct {
	Value string
	Nodes []Node
}

// Type is a named layout, a primitive or an alias.
type Type struct {
	Name      string
	Parent    string
	Primitive string // "true" for the built-in primitives, or the wire type
	Size      int
	Templated string // "T" or "T,U"
	Param     string
	Nodes     []Node
}

// Direction says who sends a message.
type Direction uint8

// Directions; a GameEvent is S2C, a GameAction C2S.
const (
	C2S Direction = iota
	S2C
)

func (d Direction) String() string {
	if d == C2S {
		return "C2S"
	}
	return "S2C"
}

// Group is where a message lives: a top-level message, a GameEvent
// (inside 0xF7B0) or a GameAction (inside 0xF7B1).
type Group uint8

// Groups.
const (
	TopLevel Group = iota
	Event
	Action
)

func (g Group) String() string {
	switch g {
	case Event:
		return "event"
	case Action:
		return "action"
	}
	return "message"
}

// Message is one message, event or action.
type Message struct {
	Group Group
	Dir   Direction
	Op    uint32 // the opcode, event type or action type
	Name  string
	Queue string // protocol.xml's queue (the message group)
	Nodes []Node
}

// Value is one enum value as written (Value may be hex or decimal).
type Value struct {
	Value, Name string
}

// Enum is a named set of values.
type Enum struct {
	Name   string
	Parent string
	Mask   bool
	Values []Value
}

// Catalog is the whole description.
type Catalog struct {
	Enums    []Enum
	Types    []Type
	Messages []Message
}
