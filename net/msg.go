package net

import (
	"encoding/binary"
	"fmt"
	"github.com/dereth/dereth/internal/cursor"

	"github.com/dereth/dereth/protocol"
)

// Opcodes of the login and character-selection messages, and of the few
// other non-world messages an ACE session carries before and around world
// entry. World messages are package protocol's.
const (
	OpPrivateUpdateInt      uint32 = 0x02CD
	OpCharacterEnterWorld   uint32 = 0xF657 // client: enter the world as a character
	OpCharacterList         uint32 = 0xF658
	OpCharacterError        uint32 = 0xF659
	OpEnterGameRequest      uint32 = 0xF7C8 // client
	OpBootAccount           uint32 = 0xF7DC
	OpEnterGameServerReady  uint32 = 0xF7DF
	OpServerMessage         uint32 = 0xF7E0
	OpServerName            uint32 = 0xF7E1
	OpDDDInterrogation      uint32 = 0xF7E5
	OpDDDInterrogationReply uint32 = 0xF7E6 // client
	OpDDDEnd                uint32 = 0xF7EA // both directions
)

// SessionMessage is a decoded non-world message.
type SessionMessage interface {
	Opcode() uint32
	Name() string
	// Encode appends the whole message, opcode first.
	Encode(dst []byte) []byte
}

// Bare is a message that is its opcode only (0xF7EA, 0xF7C8, 0xF7DF).
type Bare struct{ Op uint32 }

// Opcode implements SessionMessage.
func (m *Bare) Opcode() uint32 { return m.Op }

// Name implements SessionMessage.
func (m *Bare) Name() string { return opName(m.Op) }

// Encode implements SessionMessage.
func (m *Bare) Encode(dst []byte) []byte { return binary.LittleEndian.AppendUint32(dst, m.Op) }

// Character is one CharacterList entry.
type Character struct {
	GUID uint32
	Name string
	// DeleteDelta is seconds since deletion was asked (0: not deleted).
	DeleteDelta uint32
}

// CharacterList is 0xF658.
type CharacterList struct {
	Pad0            uint32
	Characters      []Character
	Pad1            uint32
	SlotCount       uint32
	Account         string
	TurbineChat     uint32
	ThroneOfDestiny uint32
}

// Opcode implements SessionMessage.
func (*CharacterList) Opcode() uint32 { return OpCharacterList }

// Name implements SessionMessage.
func (*CharacterList) Name() string { return "CharacterList" }

// Encode implements SessionMessage.
func (m *CharacterList) Encode(dst []byte) []byte {
	le := binary.LittleEndian
	dst = le.AppendUint32(dst, OpCharacterList)
	dst = le.AppendUint32(le.AppendUint32(dst, m.Pad0), uint32(len(m.Characters)))
	for _, c := range m.Characters {
		dst = le.AppendUint32(appendString16L(le.AppendUint32(dst, c.GUID), c.Name), c.DeleteDelta)
	}
	dst = le.AppendUint32(le.AppendUint32(dst, m.Pad1), m.SlotCount)
	dst = appendString16L(dst, m.Account)
	return le.AppendUint32(le.AppendUint32(dst, m.TurbineChat), m.ThroneOfDestiny)
}

// ServerName is 0xF7E1.
type ServerName struct {
	Online, Max int32
	World       string
}

// Opcode implements SessionMessage.
func (*ServerName) Opcode() uint32 { return OpServerName }

// Name implements SessionMessage.
func (*ServerName) Name() string { return "ServerName" }

// Encode implements SessionMessage.
func (m *ServerName) Encode(dst []byte) []byte {
	le := binary.LittleEndian
	dst = le.AppendUint32(le.AppendUint32(le.AppendUint32(dst, OpServerName), uint32(m.Online)), uint32(m.Max))
	return appendString16L(dst, m.World)
}

// DDDInterrogation is 0xF7E5.
type DDDInterrogation struct {
	Region, NameRuleLanguage, ProductID uint32
	Languages                           []uint32
}

// Opcode implements SessionMessage.
func (*DDDInterrogation) Opcode() uint32 { return OpDDDInterrogation }

// Name implements SessionMessage.
func (*DDDInterrogation) Name() string { return "DDDInterrogation" }

// Encode implements SessionMessage.
func (m *DDDInterrogation) Encode(dst []byte) []byte {
	le := binary.LittleEndian
	dst = le.AppendUint32(dst, OpDDDInterrogation)
	dst = le.AppendUint32(le.AppendUint32(le.AppendUint32(dst, m.Region), m.NameRuleLanguage), m.ProductID)
	return appendList(dst, m.Languages)
}

// IterationList is one data file's iterations in a DDD reply: the type
// and id name the file (0/1 portal, 1/2 cell, 1/3 language), Ints is the
// CMostlyConsecutiveIntSet (a negative n stands for a run of −n−1 more).
type IterationList struct {
	Type, ID   int32
	Iterations int32
	Ints       []int32
}

// DDDInterrogationReply is the client's 0xF7E6.
type DDDInterrogationReply struct {
	Language uint32
	Lists    []IterationList
	// WithoutKeys is the count of the second (always empty) list.
	WithoutKeys uint32
	Flags       uint32
}

// RetailIterations is the reply of an end-of-retail client (portal 2072,
// language 994, cell 982), as the captured session sends it.
func RetailIterations() *DDDInterrogationReply {
	list := func(typ, id, n int32) IterationList {
		return IterationList{Type: typ, ID: id, Iterations: n, Ints: []int32{-n, 1}}
	}
	return &DDDInterrogationReply{Language: 1, Lists: []IterationList{list(0, 1, 2072), list(1, 3, 994), list(1, 2, 982)}}
}

// Opcode implements SessionMessage.
func (*DDDInterrogationReply) Opcode() uint32 { return OpDDDInterrogationReply }

// Name implements SessionMessage.
func (*DDDInterrogationReply) Name() string { return "DDDInterrogationResponse" }

// Encode implements SessionMessage.
func (m *DDDInterrogationReply) Encode(dst []byte) []byte {
	le := binary.LittleEndian
	dst = le.AppendUint32(le.AppendUint32(dst, OpDDDInterrogationReply), m.Language)
	dst = le.AppendUint32(dst, uint32(len(m.Lists)))
	for _, l := range m.Lists {
		dst = le.AppendUint32(le.AppendUint32(le.AppendUint32(dst, uint32(l.Type)), uint32(l.ID)), uint32(l.Iterations))
		for _, x := range l.Ints {
			dst = le.AppendUint32(dst, uint32(x))
		}
	}
	return le.AppendUint32(le.AppendUint32(dst, m.WithoutKeys), m.Flags)
}

// CharacterEnterWorld is the client's 0xF657: the chosen character and
// the account name.
type CharacterEnterWorld struct {
	GUID    uint32
	Account string
}

// Opcode implements SessionMessage.
func (*CharacterEnterWorld) Opcode() uint32 { return OpCharacterEnterWorld }

// Name implements SessionMessage.
func (*CharacterEnterWorld) Name() string { return "CharacterEnterWorld" }

// Encode implements SessionMessage.
func (m *CharacterEnterWorld) Encode(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst, OpCharacterEnterWorld), m.GUID)
	return appendString16L(dst, m.Account)
}

// CharacterError is 0xF659: the server refuses a login or a character.
type CharacterError struct{ Code uint32 }

// Opcode implements SessionMessage.
func (*CharacterError) Opcode() uint32 { return OpCharacterError }

// Name implements SessionMessage.
func (*CharacterError) Name() string { return "CharacterError" }

// Encode implements SessionMessage.
func (m *CharacterError) Encode(dst []byte) []byte {
	return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst, OpCharacterError), m.Code)
}

// characterErrors names the CharacterError codes a login can end with
// (ACE CharacterError).
var characterErrors = map[uint32]string{
	0x01: "the account is already logged on", 0x02: "the account is already logged on",
	0x03: "the account does not exist", 0x04: "the server crashed",
	0x05: "the server crashed", 0x09: "the account is invalid",
	0x0A: "the account does not exist", 0x0B: "entering the game failed",
	0x0F: "the server is full", 0x12: "the character is already logged on",
	0x13: "entering the game failed", 0x17: "the logon server is full",
}

// Reason is a readable account of the code.
func (m *CharacterError) Reason() string {
	if s, ok := characterErrors[m.Code]; ok {
		return fmt.Sprintf("%s (CharacterError 0x%X)", s, m.Code)
	}
	return fmt.Sprintf("CharacterError 0x%X", m.Code)
}

// BootAccount is 0xF7DC: the server boots the account, with an optional
// reason (shown after "You have been booted").
type BootAccount struct {
	Reason    string
	HasReason bool
}

// Opcode implements SessionMessage.
func (*BootAccount) Opcode() uint32 { return OpBootAccount }

// Name implements SessionMessage.
func (*BootAccount) Name() string { return "BootAccount" }

// Encode implements SessionMessage.
func (m *BootAccount) Encode(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, OpBootAccount)
	if m.HasReason {
		dst = appendString16L(dst, m.Reason)
	}
	return dst
}

// ServerMessage is 0xF7E0: a system chat line.
type ServerMessage struct {
	Text string
	Type uint32
}

// Opcode implements SessionMessage.
func (*ServerMessage) Opcode() uint32 { return OpServerMessage }

// Name implements SessionMessage.
func (*ServerMessage) Name() string { return "ServerMessage" }

// Encode implements SessionMessage.
func (m *ServerMessage) Encode(dst []byte) []byte {
	return binary.LittleEndian.AppendUint32(appendString16L(binary.LittleEndian.AppendUint32(dst, OpServerMessage), m.Text), m.Type)
}

// PrivateUpdateInt is 0x02CD: one of the player's int properties.
type PrivateUpdateInt struct {
	Sequence uint8
	Property uint32
	Value    int32
}

// Opcode implements SessionMessage.
func (*PrivateUpdateInt) Opcode() uint32 { return OpPrivateUpdateInt }

// Name implements SessionMessage.
func (*PrivateUpdateInt) Name() string { return "PrivateUpdatePropertyInt" }

// Encode implements SessionMessage.
func (m *PrivateUpdateInt) Encode(dst []byte) []byte {
	dst = append(binary.LittleEndian.AppendUint32(dst, OpPrivateUpdateInt), m.Sequence)
	return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst, m.Property), uint32(m.Value))
}

func opName(op uint32) string {
	switch op {
	case OpDDDEnd:
		return "DDDEnd"
	case OpEnterGameRequest:
		return "EnterGameRequest"
	case OpEnterGameServerReady:
		return "EnterGameServerReady"
	}
	return fmt.Sprintf("0x%04X", op)
}

// DecodeSession decodes one non-world message. ok is false when the
// opcode is not one of this package's (the message may be protocol's).
func DecodeSession(b []byte) (m SessionMessage, ok bool, err error) {
	if len(b) < 4 {
		return nil, false, &DecodeError{What: "message", Field: "opcode", Need: 4, Have: len(b)}
	}
	op := binary.LittleEndian.Uint32(b)
	d := dec{Cursor: cursor.Cursor{B: b, Off: 4}, what: opName(op)}
	switch op {
	case OpDDDEnd, OpEnterGameRequest, OpEnterGameServerReady:
		m = &Bare{Op: op}
	case OpCharacterList:
		v := &CharacterList{}
		d.what = v.Name()
		v.Pad0 = d.u32("pad0")
		at := d.Off
		n := d.u32("character_count")
		if d.err == nil && uint64(n)*8 > uint64(len(b)-d.Off) {
			d.fail("character_count", at, "%d characters cannot fit in %d bytes", n, len(b)-d.Off)
		}
		for i := uint32(0); i < n && d.err == nil; i++ {
			var c Character
			c.GUID = d.u32("character_guid")
			c.Name = d.string16L("character_name")
			c.DeleteDelta = d.u32("delete_delta")
			v.Characters = append(v.Characters, c)
		}
		v.Pad1 = d.u32("pad1")
		v.SlotCount = d.u32("slot_count")
		v.Account = d.string16L("account")
		v.TurbineChat = d.u32("turbine_chat")
		v.ThroneOfDestiny = d.u32("throne_of_destiny")
		m = v
	case OpServerName:
		v := &ServerName{}
		d.what = v.Name()
		v.Online = int32(d.u32("online"))
		v.Max = int32(d.u32("max"))
		v.World = d.string16L("server_name")
		m = v
	case OpDDDInterrogation:
		v := &DDDInterrogation{}
		d.what = v.Name()
		v.Region = d.u32("region")
		v.NameRuleLanguage = d.u32("name_rule_language")
		v.ProductID = d.u32("product_id")
		v.Languages = d.list("languages", nil)
		m = v
	case OpDDDInterrogationReply:
		v := &DDDInterrogationReply{}
		d.what = v.Name()
		v.Language = d.u32("language")
		at := d.Off
		n := d.u32("list_count")
		if d.err == nil && uint64(n)*16 > uint64(len(b)-d.Off) {
			d.fail("list_count", at, "%d lists cannot fit in %d bytes", n, len(b)-d.Off)
		}
		for i := uint32(0); i < n && d.err == nil; i++ {
			var l IterationList
			l.Type = int32(d.u32("dat_file_type"))
			l.ID = int32(d.u32("dat_file_id"))
			l.Iterations = int32(d.u32("iterations"))
			for got := int32(0); got != l.Iterations && d.err == nil; {
				x := int32(d.u32("iteration_int"))
				if x < 0 {
					got += -x - 1
				} else {
					got++
				}
				l.Ints = append(l.Ints, x)
			}
			v.Lists = append(v.Lists, l)
		}
		v.WithoutKeys = d.u32("without_keys_count")
		v.Flags = d.u32("flags")
		m = v
	case OpCharacterEnterWorld:
		v := &CharacterEnterWorld{}
		d.what = v.Name()
		v.GUID = d.u32("guid")
		v.Account = d.string16L("account")
		m = v
	case OpCharacterError:
		v := &CharacterError{}
		d.what = v.Name()
		v.Code = d.u32("code")
		m = v
	case OpBootAccount:
		v := &BootAccount{}
		d.what = v.Name()
		if d.Off < len(b) {
			v.HasReason = true
			v.Reason = d.string16L("reason")
		}
		m = v
	case OpServerMessage:
		v := &ServerMessage{}
		d.what = v.Name()
		v.Text = d.string16L("text")
		v.Type = d.u32("chat_type")
		m = v
	case OpPrivateUpdateInt:
		v := &PrivateUpdateInt{}
		d.what = v.Name()
		if d.need("sequence", 1) {
			v.Sequence = b[d.Off]
			d.Off++
		}
		v.Property = d.u32("property")
		v.Value = int32(d.u32("value"))
		m = v
	default:
		return nil, false, nil
	}
	if d.err == nil && d.Off != len(b) {
		d.fail("trailing", d.Off, "%d bytes after the message", len(b)-d.Off)
	}
	if d.err != nil {
		return nil, true, d.err
	}
	return m, true, nil
}

// Decoded is one decoded message: a session message or a world message.
type Decoded struct {
	Session SessionMessage   // set for this package's messages
	World   protocol.Message // set for protocol's
}

// Name is the decoded message's name.
func (d Decoded) Name() string {
	if d.Session != nil {
		return d.Session.Name()
	}
	if d.World != nil {
		return d.World.Name()
	}
	return ""
}

// DecodeMessage decodes one reassembled message: a login or session
// message of this package, else a world message through protocol.Decode.
func DecodeMessage(b []byte) (Decoded, error) {
	if m, ok, err := DecodeSession(b); ok || err != nil {
		return Decoded{Session: m}, err
	}
	w, err := protocol.Decode(b)
	return Decoded{World: w}, err
}
