package netui

import (
	"fmt"
	"strings"
	"testing"
)

func TestChatLineString(t *testing.T) {
	for _, c := range []struct {
		l    ChatLine
		want string
	}{
		{ChatLine{Kind: "Communication_HearSpeech", Sender: "Tom", Text: "hi"}, `Tom says, "hi"`},
		{ChatLine{Kind: "Communication_HearRangedSpeech", Sender: "Town Crier", Text: "hear ye"}, `Town Crier says, "hear ye"`},
		{ChatLine{Kind: "Communication_HearDirectSpeech", Sender: "Ann", Text: "psst"}, `Ann tells you, "psst"`},
		{ChatLine{Kind: "Communication_ChannelBroadcast", Sender: "Bob", Text: "lfg", Type: 4}, `[channel 4] Bob says, "lfg"`},
		{ChatLine{Kind: "Communication_ChannelBroadcast", Text: "server restart", Type: 1}, `[channel 1] server restart`},
		{ChatLine{Kind: "Communication_TextboxString", Text: "Welcome"}, `Welcome`},
		{ChatLine{Kind: "Communication_TransientString", Text: "You are too busy"}, `You are too busy`},
		{ChatLine{Kind: "Communication_WeenieError", Text: "WeenieError 0x001D"}, `! WeenieError 0x001D`},
		{ChatLine{Kind: "Communication_WeenieErrorWithString", Text: "Allegiance"}, `! Allegiance`},
		{ChatLine{Kind: "Communication_PopUpString", Text: "Are you sure?"}, `[pop-up] Are you sure?`},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%s: %q, want %q", c.l.Kind, got, c.want)
		}
	}
}

// TestChatKeepsNewest: past MaxChat lines the oldest go, the count keeps
// every line.
func TestChatKeepsNewest(t *testing.T) {
	var c Chat
	for i := 0; i < MaxChat+5; i++ {
		c.Add(ChatLine{Kind: "Communication_TextboxString", Text: fmt.Sprint(i)})
	}
	l := c.Lines()
	if len(l) != MaxChat || l[0].Text != "5" || l[len(l)-1].Text != fmt.Sprint(MaxChat+4) || c.Total() != MaxChat+5 {
		t.Fatalf("%d lines, first %q last %q, total %d", len(l), l[0].Text, l[len(l)-1].Text, c.Total())
	}
}

// TestChatText shows the newest lines that fit, wrapped at spaces within
// the columns, an older line left out whole rather than cut.
// TestChatReset: Reset empties the lines and the count; lines added
// afterwards are kept as before.
func TestChatReset(t *testing.T) {
	var c Chat
	for i := range 3 {
		c.Add(ChatLine{Kind: "Communication_HearSpeech", Text: fmt.Sprint(i)})
	}
	c.Reset()
	if len(c.Lines()) != 0 || c.Total() != 0 || c.Text(10, 40) != "" {
		t.Fatalf("after Reset: %d lines, total %d", len(c.Lines()), c.Total())
	}
	c.Add(ChatLine{Kind: "Communication_HearSpeech", Text: "again"})
	if l := c.Lines(); len(l) != 1 || l[0].Text != "again" || c.Total() != 1 {
		t.Errorf("after Reset and Add: %v, total %d", l, c.Total())
	}
}

func TestChatText(t *testing.T) {
	var c Chat
	if c.Text(10, 40) != "" {
		t.Fatal("text for an empty chat")
	}
	c.Add(ChatLine{Kind: "Communication_TextboxString", Text: "first line that is old"})
	c.Add(ChatLine{Kind: "Communication_HearSpeech", Sender: "Tom", Text: "a long sentence that needs two lines"})
	c.Add(ChatLine{Kind: "Communication_TextboxString", Text: "newest"})
	lines := strings.Split(strings.TrimRight(c.Text(4, 30), "\n"), "\n")
	want := []string{"chat (3)", `Tom says, "a long sentence`, `  that needs two lines"`, "newest"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Fatalf("text\n%q\nwant\n%q", lines, want)
	}
	for _, l := range lines {
		if len(l) > 30+2 {
			t.Errorf("line %q wider than the columns", l)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		s     string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"exactly ten", 11, []string{"exactly ten"}},
		{"exactly ten", 10, []string{"exactly", "ten"}},
		{"GfxObj 0x01001212 not found", 12, []string{"GfxObj", "0x01001212", "not found"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
	} {
		if got := Wrap(c.s, c.width); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}
