package cli

import (
	"encoding/json"
	"fmt"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/scenes/netui"
)

// chatNames are the messages and events that put text on the player's
// screen: speech, the server's textbox lines, channel broadcasts,
// transient strings, weenie errors and pop-ups.
var chatNames = map[string]bool{
	"Communication_HearSpeech": true, "Communication_HearRangedSpeech": true,
	"Communication_HearDirectSpeech": true, "Communication_TextboxString": true,
	"Communication_ChannelBroadcast": true, "Communication_TransientString": true,
	"Communication_WeenieError": true, "Communication_WeenieErrorWithString": true,
	"Communication_PopUpString": true,
}

// chatLine is one `connect --json` chat line.
type chatLine struct {
	Event  string `json:"event"` // "chat"
	Kind   string `json:"kind"`  // the message's catalogue name
	Sender string `json:"sender,omitempty"`
	Text   string `json:"text"`
	Type   uint32 `json:"type"` // the chat type, a ChannelBroadcast's channel, or the WeenieError code
}

// chatOf returns the chat line a message puts on screen, if it is one.
func chatOf(m protocol.Message) (chatLine, bool) {
	name := protocol.CatalogName(m)
	if !chatNames[name] {
		return chatLine{}, false
	}
	c := chatLine{Event: "chat", Kind: name}
	for _, f := range m.Fields() {
		switch v := f.Value.(type) {
		case string:
			switch f.Key {
			case "message", "text":
				c.Text = v
			case "sender_name":
				c.Sender = v
			}
		case uint32:
			if f.Key == "type" || f.Key == "channel" { // a ChannelBroadcast's type is its channel
				c.Type = v
			}
		}
	}
	if name == "Communication_WeenieError" && c.Text == "" {
		c.Text = fmt.Sprintf("WeenieError 0x%04X", c.Type)
	}
	return c, true
}

func (c chatLine) json() []byte {
	b, _ := json.Marshal(c)
	return append(b, '\n')
}

// ui is the line for the viewer's chat panel, arrived t seconds in.
func (c chatLine) ui(t float64) netui.ChatLine {
	return netui.ChatLine{T: t, Kind: c.Kind, Sender: c.Sender, Text: c.Text, Type: c.Type}
}
