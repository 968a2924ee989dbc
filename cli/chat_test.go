package cli

import (
	"testing"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/protocol/schema"
)

// TestChatOfEveryKind: each of the nine messages that put text on screen
// (issue 30 item 6), encoded from its catalogue description and decoded
// as a capture or a live session decodes it, becomes a chat line with its
// text, its sender and its type (a channel broadcast's channel, a weenie
// error's number); a message that is not text is no chat line.
func TestChatOfEveryKind(t *testing.T) {
	const text, sender = "hear ye", "Town Crier"
	for _, c := range []struct {
		name       string
		values     protocol.Object
		wantSender string
		wantText   string
		wantType   uint32
	}{
		{"Communication_HearSpeech", protocol.Object{{Key: "message", Value: text}, {Key: "sender_name", Value: sender}, {Key: "sender_id", Value: protocol.Hex(0x50000001)}, {Key: "type", Value: uint32(2)}}, sender, text, 2},
		{"Communication_HearRangedSpeech", protocol.Object{{Key: "message", Value: text}, {Key: "sender_name", Value: sender}, {Key: "sender_id", Value: protocol.Hex(0x50000001)}, {Key: "range", Value: float32(50)}, {Key: "type", Value: uint32(2)}}, sender, text, 2},
		{"Communication_HearDirectSpeech", protocol.Object{{Key: "message", Value: text}, {Key: "sender_name", Value: sender}, {Key: "sender_id", Value: protocol.Hex(0x50000001)}, {Key: "target_id", Value: protocol.Hex(0x50000002)}, {Key: "type", Value: uint32(3)}}, sender, text, 3},
		{"Communication_TextboxString", protocol.Object{{Key: "text", Value: text}, {Key: "type", Value: uint32(0)}}, "", text, 0},
		{"Communication_ChannelBroadcast", protocol.Object{{Key: "channel", Value: uint32(4)}, {Key: "sender_name", Value: sender}, {Key: "message", Value: text}}, sender, text, 4},
		{"Communication_TransientString", protocol.Object{{Key: "message", Value: text}}, "", text, 0},
		{"Communication_WeenieError", protocol.Object{{Key: "type", Value: uint32(0x001D)}}, "", "WeenieError 0x001D", 0x001D},
		{"Communication_WeenieErrorWithString", protocol.Object{{Key: "type", Value: uint32(0x0046)}, {Key: "text", Value: text}}, "", text, 0x0046},
		{"Communication_PopUpString", protocol.Object{{Key: "message", Value: text}}, "", text, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := describeByName(t, c.name)
			m, err := protocol.Decode((&protocol.Generic{Desc: d, Guid: 0x50000001, Sequence: 3, Values: c.values}).Encode(nil))
			if err != nil {
				t.Fatal(err)
			}
			l, ok := chatOf(m)
			if !ok {
				t.Fatalf("%s (%s) is no chat line", c.name, protocol.CatalogName(m))
			}
			if l.Event != "chat" || l.Kind != c.name || l.Text != c.wantText || l.Sender != c.wantSender || l.Type != c.wantType {
				t.Errorf("chat line %+v, want text %q sender %q type %d (fields %v)", l, c.wantText, c.wantSender, c.wantType, m.Fields())
			}
		})
	}
	if _, ok := chatOf(&protocol.Generic{Desc: describeByName(t, "Qualities_UpdateInt")}); ok {
		t.Error("Qualities_UpdateInt became a chat line")
	}
}

// describeByName is the catalogue's server-to-client description of name.
func describeByName(t *testing.T, name string) *schema.Message {
	t.Helper()
	for _, m := range protocol.Catalog() {
		if m.Name == name && m.Dir == schema.S2C {
			d, _ := protocol.Describe(m.Group, m.Op)
			return d
		}
	}
	t.Fatalf("%s is not in the catalogue", name)
	return nil
}
