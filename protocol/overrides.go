package protocol

import "github.com/dereth/dereth/protocol/schema"

// overrides are the layouts where protocol.xml and the captured ACE
// session disagree and the captures decide (docs/wire-notes.md, "The
// catalogue"). The generated catalogue stays protocol.xml's word for word;
// Decode and Encode use these instead.
var overrides = map[msgKey][]schema.Node{
	// Social_CharacterTitleTable: ACE writes a u32 1 before the display
	// title (captured: 01 00 00 00, 0e 00 00 00, then the list).
	{schema.Event, schema.S2C, 0x0029}: {
		{Kind: schema.Field, Name: "Unknown", Key: "unknown", Type: "uint"},
		{Kind: schema.Field, Name: "DisplayTitle", Key: "display_title", Type: "uint"},
		{Kind: schema.Field, Name: "Titles", Key: "titles", Type: "PackableList", Generic: []string{"uint"}},
	},
	// Communication_ChannelBroadcast: protocol.xml's event has the channel
	// and the message; ACE writes the sender's name between them, as the
	// GameAction of the same number has it ("" makes the retail client
	// say "You say"). No capture holds one yet.
	{schema.Event, schema.S2C, 0x0147}: {
		{Kind: schema.Field, Name: "Channel", Key: "channel", Type: "Channel"},
		{Kind: schema.Field, Name: "SenderName", Key: "sender_name", Type: "string"},
		{Kind: schema.Field, Name: "Message", Key: "message", Type: "string"},
	},
}
