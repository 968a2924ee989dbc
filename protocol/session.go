package protocol

import "fmt"

// Opcodes of the login, character-selection and DDD messages, and of the
// few other non-world messages an ACE session carries before and around
// world entry (moved here from package net, which now only frames bytes).
const (
	OpPrivateUpdateInt      Opcode = 0x02CD
	OpCharacterEnterWorld   Opcode = 0xF657 // client: enter the world as a character
	OpCharacterList         Opcode = 0xF658
	OpCharacterError        Opcode = 0xF659
	OpEnterGameRequest      Opcode = 0xF7C8 // client
	OpBootAccount           Opcode = 0xF7DC
	OpEnterGameServerReady  Opcode = 0xF7DF
	OpServerMessage         Opcode = 0xF7E0
	OpServerName            Opcode = 0xF7E1
	OpDDDInterrogation      Opcode = 0xF7E5
	OpDDDInterrogationReply Opcode = 0xF7E6 // client
	OpDDDEnd                Opcode = 0xF7EA // both directions
)

// Bare is a message that is its opcode only (0xF7EA, 0xF7C8, 0xF7DF).
type Bare struct{ Op Opcode }

// Opcode implements Message.
func (m *Bare) Opcode() Opcode { return m.Op }

// Name implements Message.
func (m *Bare) Name() string {
	switch m.Op {
	case OpDDDEnd:
		return "DDDEnd"
	case OpEnterGameRequest:
		return "EnterGameRequest"
	case OpEnterGameServerReady:
		return "EnterGameServerReady"
	}
	return fmt.Sprintf("0x%04X", uint32(m.Op))
}

// Encode implements Message.
func (m *Bare) Encode(dst []byte) []byte { return appendU32(dst, uint32(m.Op)) }

// Fields implements Message.
func (m *Bare) Fields() Object { return Object{} }

// Character is one CharacterList entry.
type Character struct {
	GUID uint32
	Name string
	// DeleteDelta is seconds since deletion was asked (0: not deleted).
	DeleteDelta uint32
}

// CharacterList is 0xF658 (Login_LoginCharacterSet).
type CharacterList struct {
	Pad0            uint32
	Characters      []Character
	Pad1            uint32
	SlotCount       uint32
	Account         string
	TurbineChat     uint32
	ThroneOfDestiny uint32
}

// Opcode implements Message.
func (*CharacterList) Opcode() Opcode { return OpCharacterList }

// Name implements Message.
func (*CharacterList) Name() string { return "CharacterList" }

// Encode implements Message.
func (m *CharacterList) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpCharacterList))
	dst = appendU32(appendU32(dst, m.Pad0), uint32(len(m.Characters)))
	for _, c := range m.Characters {
		dst = appendU32(appendString16L(appendU32(dst, c.GUID), c.Name), c.DeleteDelta)
	}
	dst = appendU32(appendU32(dst, m.Pad1), m.SlotCount)
	dst = appendString16L(dst, m.Account)
	return appendU32(appendU32(dst, m.TurbineChat), m.ThroneOfDestiny)
}

// Fields implements Message.
func (m *CharacterList) Fields() Object {
	cs := make([]Object, len(m.Characters))
	for i, c := range m.Characters {
		cs[i] = Object{{"guid", Hex(c.GUID)}, {"name", c.Name}, {"delete_delta", c.DeleteDelta}}
	}
	return Object{{"characters", cs}, {"slot_count", m.SlotCount}, {"account", m.Account},
		{"turbine_chat", m.TurbineChat}, {"throne_of_destiny", m.ThroneOfDestiny}}
}

func decodeCharacterList(r *reader) Message {
	v := &CharacterList{}
	v.Pad0 = r.u32("pad0")
	at := r.Off
	n := r.count("character_count", at, uint64(r.u32("character_count")), 8)
	for i := 0; i < n && r.err == nil; i++ {
		var c Character
		c.GUID = r.u32("character_guid")
		c.Name = r.string16L("character_name")
		c.DeleteDelta = r.u32("delete_delta")
		v.Characters = append(v.Characters, c)
	}
	v.Pad1 = r.u32("pad1")
	v.SlotCount = r.u32("slot_count")
	v.Account = r.string16L("account")
	v.TurbineChat = r.u32("turbine_chat")
	v.ThroneOfDestiny = r.u32("throne_of_destiny")
	return v
}

// ServerName is 0xF7E1 (Login_WorldInfo).
type ServerName struct {
	Online, Max int32
	World       string
}

// Opcode implements Message.
func (*ServerName) Opcode() Opcode { return OpServerName }

// Name implements Message.
func (*ServerName) Name() string { return "ServerName" }

// Encode implements Message.
func (m *ServerName) Encode(dst []byte) []byte {
	dst = appendU32(appendU32(appendU32(dst, uint32(OpServerName)), uint32(m.Online)), uint32(m.Max))
	return appendString16L(dst, m.World)
}

// Fields implements Message.
func (m *ServerName) Fields() Object {
	return Object{{"connections", m.Online}, {"max_connections", m.Max}, {"world_name", m.World}}
}

func decodeServerName(r *reader) Message {
	v := &ServerName{}
	v.Online = int32(r.u32("online"))
	v.Max = int32(r.u32("max"))
	v.World = r.string16L("server_name")
	return v
}

// DDDInterrogation is 0xF7E5.
type DDDInterrogation struct {
	Region, NameRuleLanguage, ProductID uint32
	Languages                           []uint32
}

// Opcode implements Message.
func (*DDDInterrogation) Opcode() Opcode { return OpDDDInterrogation }

// Name implements Message.
func (*DDDInterrogation) Name() string { return "DDDInterrogation" }

// Encode implements Message.
func (m *DDDInterrogation) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpDDDInterrogation))
	dst = appendU32(appendU32(appendU32(dst, m.Region), m.NameRuleLanguage), m.ProductID)
	dst = appendU32(dst, uint32(len(m.Languages)))
	for _, l := range m.Languages {
		dst = appendU32(dst, l)
	}
	return dst
}

// Fields implements Message.
func (m *DDDInterrogation) Fields() Object {
	ls := make([]Object, len(m.Languages))
	for i, l := range m.Languages {
		ls[i] = Object{{"language", l}}
	}
	return Object{{"region", m.Region}, {"name_rule_language", m.NameRuleLanguage}, {"product_id", m.ProductID}, {"supported_languages", ls}}
}

func decodeDDDInterrogation(r *reader) Message {
	v := &DDDInterrogation{}
	v.Region = r.u32("region")
	v.NameRuleLanguage = r.u32("name_rule_language")
	v.ProductID = r.u32("product_id")
	n := r.count("languages_count", r.Off, uint64(r.u32("languages_count")), 4)
	for i := 0; i < n && r.err == nil; i++ {
		v.Languages = append(v.Languages, r.u32("languages"))
	}
	return v
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

// Opcode implements Message.
func (*DDDInterrogationReply) Opcode() Opcode { return OpDDDInterrogationReply }

// Name implements Message.
func (*DDDInterrogationReply) Name() string { return "DDDInterrogationResponse" }

// Encode implements Message.
func (m *DDDInterrogationReply) Encode(dst []byte) []byte {
	dst = appendU32(appendU32(dst, uint32(OpDDDInterrogationReply)), m.Language)
	dst = appendU32(dst, uint32(len(m.Lists)))
	for _, l := range m.Lists {
		dst = appendU32(appendU32(appendU32(dst, uint32(l.Type)), uint32(l.ID)), uint32(l.Iterations))
		for _, x := range l.Ints {
			dst = appendU32(dst, uint32(x))
		}
	}
	return appendU32(appendU32(dst, m.WithoutKeys), m.Flags)
}

// Fields implements Message.
func (m *DDDInterrogationReply) Fields() Object {
	ls := make([]Object, len(m.Lists))
	for i, l := range m.Lists {
		ints := make([]Object, len(l.Ints))
		for j, x := range l.Ints {
			ints[j] = Object{{"int", x}}
		}
		ls[i] = Object{{"dat_file_type", l.Type}, {"dat_file_id", l.ID}, {"iterations", l.Iterations}, {"ints", ints}}
	}
	return Object{{"language", m.Language}, {"files", ls}, {"without_keys", m.WithoutKeys}, {"flags", Hex(m.Flags)}}
}

func decodeDDDInterrogationReply(r *reader) Message {
	v := &DDDInterrogationReply{}
	v.Language = r.u32("language")
	n := r.count("list_count", r.Off, uint64(r.u32("list_count")), 16)
	for i := 0; i < n && r.err == nil; i++ {
		var l IterationList
		l.Type = int32(r.u32("dat_file_type"))
		l.ID = int32(r.u32("dat_file_id"))
		l.Iterations = int32(r.u32("iterations"))
		for got := int32(0); got != l.Iterations && r.err == nil; {
			x := int32(r.u32("iteration_int"))
			if x < 0 {
				got += -x - 1
			} else {
				got++
			}
			l.Ints = append(l.Ints, x)
		}
		v.Lists = append(v.Lists, l)
	}
	v.WithoutKeys = r.u32("without_keys_count")
	v.Flags = r.u32("flags")
	return v
}

// CharacterEnterWorld is the client's 0xF657 (Login_SendEnterWorld): the
// chosen character and the account name.
type CharacterEnterWorld struct {
	GUID    uint32
	Account string
}

// Opcode implements Message.
func (*CharacterEnterWorld) Opcode() Opcode { return OpCharacterEnterWorld }

// Name implements Message.
func (*CharacterEnterWorld) Name() string { return "CharacterEnterWorld" }

// Encode implements Message.
func (m *CharacterEnterWorld) Encode(dst []byte) []byte {
	dst = appendU32(appendU32(dst, uint32(OpCharacterEnterWorld)), m.GUID)
	return appendString16L(dst, m.Account)
}

// Fields implements Message.
func (m *CharacterEnterWorld) Fields() Object {
	return Object{{"guid", Hex(m.GUID)}, {"account", m.Account}}
}

func decodeCharacterEnterWorld(r *reader) Message {
	v := &CharacterEnterWorld{}
	v.GUID = r.u32("guid")
	v.Account = r.string16L("account")
	return v
}

// CharacterError is 0xF659: the server refuses a login or a character.
type CharacterError struct{ Code uint32 }

// Opcode implements Message.
func (*CharacterError) Opcode() Opcode { return OpCharacterError }

// Name implements Message.
func (*CharacterError) Name() string { return "CharacterError" }

// Encode implements Message.
func (m *CharacterError) Encode(dst []byte) []byte {
	return appendU32(appendU32(dst, uint32(OpCharacterError)), m.Code)
}

// Fields implements Message.
func (m *CharacterError) Fields() Object {
	return Object{{"code", Hex(m.Code)}, {"reason", m.Reason()}}
}

func decodeCharacterError(r *reader) Message { return &CharacterError{Code: r.u32("code")} }

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

// BootAccount is 0xF7DC (Login_AccountBooted): the server boots the
// account, with an optional reason (shown after "You have been booted").
type BootAccount struct {
	Reason    string
	HasReason bool
}

// Opcode implements Message.
func (*BootAccount) Opcode() Opcode { return OpBootAccount }

// Name implements Message.
func (*BootAccount) Name() string { return "BootAccount" }

// Encode implements Message.
func (m *BootAccount) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpBootAccount))
	if m.HasReason {
		dst = appendString16L(dst, m.Reason)
	}
	return dst
}

// Fields implements Message.
func (m *BootAccount) Fields() Object { return Object{{"reason", m.Reason}} }

func decodeBootAccount(r *reader) Message {
	v := &BootAccount{}
	if r.Left() > 0 {
		v.HasReason = true
		v.Reason = r.string16L("reason")
	}
	return v
}

// ServerMessage is 0xF7E0 (Communication_TextboxString): a system chat line.
type ServerMessage struct {
	Text string
	Type uint32
}

// Opcode implements Message.
func (*ServerMessage) Opcode() Opcode { return OpServerMessage }

// Name implements Message.
func (*ServerMessage) Name() string { return "ServerMessage" }

// Encode implements Message.
func (m *ServerMessage) Encode(dst []byte) []byte {
	return appendU32(appendString16L(appendU32(dst, uint32(OpServerMessage)), m.Text), m.Type)
}

// Fields implements Message.
func (m *ServerMessage) Fields() Object { return Object{{"text", m.Text}, {"type", m.Type}} }

func decodeServerMessage(r *reader) Message {
	v := &ServerMessage{}
	v.Text = r.string16L("text")
	v.Type = r.u32("chat_type")
	return v
}

// PrivateUpdateInt is 0x02CD (Qualities_PrivateUpdateInt): one of the
// player's int properties.
type PrivateUpdateInt struct {
	Sequence uint8
	Property uint32
	Value    int32
}

// Opcode implements Message.
func (*PrivateUpdateInt) Opcode() Opcode { return OpPrivateUpdateInt }

// Name implements Message.
func (*PrivateUpdateInt) Name() string { return "PrivateUpdatePropertyInt" }

// Encode implements Message.
func (m *PrivateUpdateInt) Encode(dst []byte) []byte {
	dst = appendU8(appendU32(dst, uint32(OpPrivateUpdateInt)), m.Sequence)
	return appendU32(appendU32(dst, m.Property), uint32(m.Value))
}

// Fields implements Message.
func (m *PrivateUpdateInt) Fields() Object {
	return Object{{"sequence", m.Sequence}, {"key", m.Property}, {"value", m.Value}}
}

func decodePrivateUpdateInt(r *reader) Message {
	v := &PrivateUpdateInt{}
	v.Sequence = r.u8("sequence")
	v.Property = r.u32("property")
	v.Value = int32(r.u32("value"))
	return v
}
