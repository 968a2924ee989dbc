// Package netui holds the models of the viewer's session panels — the
// chat panel and the replay scrubber — without a display: package scenes
// draws them, and their tests run headless.
package netui

import (
	"fmt"
	"strings"
	"sync"
)

// ChatLine is one message that puts text on the player's screen: speech,
// a textbox line, a channel broadcast, a transient string, a weenie error
// or a pop-up.
type ChatLine struct {
	// T is when it arrived: seconds into the capture (a replay) or the
	// session (live).
	T float64
	// Kind is the message's catalogue name (Communication_HearSpeech…).
	Kind   string
	Sender string
	Text   string
	// Type is the chat type, or the WeenieError code.
	Type uint32
}

// String is the line as the chat panel shows it, in the retail client's
// words: `Sender says, "text"` for speech, `Sender tells you, "text"` for
// a tell, the text alone for the server's lines, and a marker for errors
// and pop-ups.
func (l ChatLine) String() string {
	kind := strings.TrimPrefix(l.Kind, "Communication_")
	switch kind {
	case "HearSpeech", "HearRangedSpeech":
		return fmt.Sprintf("%s says, %q", l.Sender, l.Text)
	case "HearDirectSpeech":
		return fmt.Sprintf("%s tells you, %q", l.Sender, l.Text)
	case "ChannelBroadcast":
		if l.Sender == "" {
			return fmt.Sprintf("[channel %d] %s", l.Type, l.Text)
		}
		return fmt.Sprintf("[channel %d] %s says, %q", l.Type, l.Sender, l.Text)
	case "WeenieError", "WeenieErrorWithString":
		return "! " + l.Text
	case "PopUpString":
		return "[pop-up] " + l.Text
	}
	return l.Text
}

// MaxChat is how many lines the chat keeps (the oldest go first).
const MaxChat = 200

// Chat is the chat panel's model: the newest MaxChat lines, safe for the
// session's goroutine to add to while the window reads.
type Chat struct {
	mu    sync.Mutex
	lines []ChatLine
	// total counts every line added.
	total int
}

// Add appends a line, dropping the oldest past MaxChat.
func (c *Chat) Add(l ChatLine) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total++
	if len(c.lines) == MaxChat {
		copy(c.lines, c.lines[1:])
		c.lines = c.lines[:MaxChat-1]
	}
	c.lines = append(c.lines, l)
}

// Reset empties the chat (its count too): a replay that sought back adds
// the lines again as it runs the capture from its start.
func (c *Chat) Reset() {
	c.mu.Lock()
	c.lines, c.total = c.lines[:0], 0
	c.mu.Unlock()
}

// Lines returns a copy of the kept lines, oldest first.
func (c *Chat) Lines() []ChatLine {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]ChatLine(nil), c.lines...)
}

// Total is how many lines were ever added.
func (c *Chat) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Text is the panel's text: a title with the count, then the newest lines
// that fit in rows screen lines, each wrapped at word boundaries to cols
// columns (a continuation indented). Empty when nothing was said.
func (c *Chat) Text(rows, cols int) string {
	lines := c.Lines()
	if len(lines) == 0 {
		return ""
	}
	cols, rows = max(cols, 16), max(rows, 2)
	var shown []string
	for i := len(lines) - 1; i >= 0 && len(shown) < rows-1; i-- {
		w := Wrap(lines[i].String(), cols)
		for j := 1; j < len(w); j++ {
			w[j] = "  " + w[j]
		}
		if len(shown)+len(w) > rows-1 {
			if len(shown) > 0 {
				break // the older line does not fit whole
			}
			w = w[:rows-1] // the newest line alone is too long: its start
		}
		shown = append(w, shown...)
	}
	return fmt.Sprintf("chat (%d)\n", c.Total()) + strings.Join(shown, "\n") + "\n"
}

// Wrap breaks s into lines of at most width runes at spaces; a word
// longer than width is broken inside (the only case a word is cut).
func Wrap(s string, width int) []string {
	width = max(width, 4)
	r := []rune(strings.ReplaceAll(s, "\n", " "))
	var out []string
	for len(r) > width {
		cut := -1
		for i := width; i > 0; i-- {
			if r[i] == ' ' {
				cut = i
				break
			}
		}
		if cut <= 0 {
			out = append(out, string(r[:width]))
			r = r[width:]
			continue
		}
		out = append(out, string(r[:cut]))
		for cut < len(r) && r[cut] == ' ' {
			cut++
		}
		r = r[cut:]
	}
	return append(out, string(r))
}
