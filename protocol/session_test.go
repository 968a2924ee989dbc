package protocol

import (
	"reflect"
	"testing"
)

func TestSessionMessagesRoundTrip(t *testing.T) {
	msgs := []Message{
		&Bare{Op: OpDDDEnd}, &Bare{Op: OpEnterGameRequest}, &Bare{Op: OpEnterGameServerReady},
		&CharacterList{Characters: []Character{{GUID: 0x50000001, Name: "Alpha"}, {GUID: 0x50000002, Name: "Beta", DeleteDelta: 5}}, SlotCount: 11, Account: "acct", ThroneOfDestiny: 1},
		&ServerName{Online: 3, Max: -1, World: "Coldeve"},
		&DDDInterrogation{Region: 1, NameRuleLanguage: 1, ProductID: 1, Languages: []uint32{0, 1}},
		RetailIterations(),
		&CharacterEnterWorld{GUID: 0x50000001, Account: "acct"},
		&CharacterError{Code: 0x0A},
		&BootAccount{Reason: " because", HasReason: true}, &BootAccount{},
		&ServerMessage{Text: "Welcome", Type: 1},
		&PrivateUpdateInt{Sequence: 3, Property: 0x7D, Value: -5},
	}
	for _, m := range msgs {
		b := m.Encode(nil)
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", m.Name(), err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Errorf("%s: decoded %+v, want %+v", m.Name(), got, m)
		}
		if len(b) > 4 {
			if _, err := Decode(b[:len(b)-1]); err == nil {
				t.Errorf("%s: truncated message decodes", m.Name())
			}
		}
	}
	if len(RetailIterations().Encode(nil)) != 80 {
		t.Errorf("the retail DDD reply is %d bytes, want 80", len(RetailIterations().Encode(nil)))
	}
}
