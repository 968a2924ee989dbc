package netui

import (
	"fmt"
	"image"
	"sort"
	"strings"
	"sync"
)

// Timeline is the replay scrubber's model: the capture's packet times
// (seconds since its first packet, the world's clock in a replay), where
// the replay is, whether it is paused or stepping, a seek asked for, and
// every message about each object (the selected object's list).
//
// The window asks Advance how much world time each frame runs (none while
// paused), reports where the world is with Sync, and turns keys and
// clicks into TogglePause, Step and Seek; the replay takes a seek with
// TakeSeek. A seek back is the replay's to make: a world cannot be
// unwound, so it builds the world again from the capture's start and runs
// it to the time asked (ResetMentions clears the messages it lists again).
type Timeline struct {
	mu     sync.Mutex
	times  []float64
	now    float64
	paused bool
	// stepTo is the time a Step runs to (negative: not stepping).
	stepTo float64
	// seek is a Seek waiting for TakeSeek (negative: none).
	seek     float64
	mentions map[uint32][]Mention
}

// Mention is one message about an object: when, its catalogue name and
// what the world did with it.
type Mention struct {
	T            float64
	Name, Result string
}

// stepPast is how far past a packet's time a Step runs, so that the
// packet (fed when its time is before the frame's end) is applied.
const stepPast = 1e-3

// NewTimeline returns the model of a capture whose packets arrived at
// times (seconds since the first, ascending).
func NewTimeline(times []float64) *Timeline {
	return &Timeline{times: times, stepTo: -1, seek: -1, mentions: map[uint32][]Mention{}}
}

// End is the last packet's time.
func (t *Timeline) End() float64 {
	if len(t.times) == 0 {
		return 0
	}
	return t.times[len(t.times)-1]
}

// Now is the replay's time (the last Sync).
func (t *Timeline) Now() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.now
}

// Paused reports whether the replay is paused (a Step in progress counts
// as paused: it stops again at its packet).
func (t *Timeline) Paused() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.paused
}

// Sync records where the world is.
func (t *Timeline) Sync(now float64) {
	t.mu.Lock()
	t.now = now
	t.mu.Unlock()
}

// Advance is the world time a frame of dt runs: dt while playing, none
// while paused, and while stepping what is left to the step's packet.
func (t *Timeline) Advance(dt float64) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.paused {
		return dt
	}
	if t.stepTo < 0 {
		return 0
	}
	left := t.stepTo - t.now
	if left <= 0 {
		t.stepTo = -1
		return 0
	}
	return min(dt, left)
}

// TogglePause pauses a playing replay and plays a paused one (ending a
// step).
func (t *Timeline) TogglePause() {
	t.mu.Lock()
	t.paused, t.stepTo = !t.paused, -1
	t.mu.Unlock()
}

// Step pauses and runs the replay to its next packet: the first one after
// now (or after the step already running). It reports the packet's time,
// false when none is left.
func (t *Timeline) Step() (float64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	from := max(t.now, t.stepTo)
	i := sort.Search(len(t.times), func(i int) bool { return t.times[i] >= from })
	if i == len(t.times) {
		t.paused = true
		return 0, false
	}
	t.paused, t.stepTo = true, t.times[i]+stepPast
	return t.times[i], true
}

// Seek asks the replay to go to time to (clamped to the capture), ahead
// of now or back; it ends a step.
func (t *Timeline) Seek(to float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.seek, t.stepTo = min(max(to, 0), t.End()), -1
}

// TakeSeek returns a waiting Seek's time once.
func (t *Timeline) TakeSeek() (float64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.seek < 0 {
		return 0, false
	}
	to := t.seek
	t.seek = -1
	return to, true
}

// Density counts the packets in each of bins equal spans of the capture
// (the scrubber's bars); the last packet falls in the last bin.
func (t *Timeline) Density(bins int) []int {
	out := make([]int, max(bins, 0))
	if bins <= 0 || len(t.times) == 0 {
		return out
	}
	end := t.End()
	for _, at := range t.times {
		i := bins - 1
		if end > 0 {
			i = min(int(at/end*float64(bins)), bins-1)
		}
		out[max(i, 0)]++
	}
	return out
}

// TimeAt is the capture time under pixel x of a scrubber drawn from x0,
// w pixels wide.
func (t *Timeline) TimeAt(x, x0, w int) float64 {
	if w <= 0 {
		return 0
	}
	f := min(max(float64(x-x0)/float64(w), 0), 1)
	return f * t.End()
}

// Status is the scrubber's line: playing or paused, where, the capture's
// length, and the keys.
func (t *Timeline) Status() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	state := "playing"
	if t.paused {
		state = "paused"
	}
	return fmt.Sprintf("%s %.2f/%.2f s  P pause  N step  click: seek", state, t.now, t.End())
}

// Mention records a message about an object (the replay calls it for every
// message naming one).
func (t *Timeline) Mention(guid uint32, at float64, name, result string) {
	t.mu.Lock()
	t.mentions[guid] = append(t.mentions[guid], Mention{T: at, Name: name, Result: result})
	t.mu.Unlock()
}

// ResetMentions forgets every message recorded: a replay that sought
// back records them again as it runs the capture from its start.
func (t *Timeline) ResetMentions() {
	t.mu.Lock()
	clear(t.mentions)
	t.mu.Unlock()
}

// Mentions returns the messages about an object so far, oldest first.
func (t *Timeline) Mentions(guid uint32) []Mention {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Mention(nil), t.mentions[guid]...)
}

// MessagesText is the selected object's message list: a title with the
// count, then the newest n messages, one a line ("12.345 s  Item_SetState
// applied"). Empty for no selection.
func (t *Timeline) MessagesText(guid uint32, n int) string {
	if guid == 0 {
		return ""
	}
	ms := t.Mentions(guid)
	var b strings.Builder
	fmt.Fprintf(&b, "messages about 0x%08X: %d\n", guid, len(ms))
	if len(ms) > n {
		fmt.Fprintf(&b, "  ... %d earlier\n", len(ms)-n)
		ms = ms[len(ms)-n:]
	}
	for _, m := range ms {
		fmt.Fprintf(&b, "  %8.3f s  %s  %s\n", m.T, m.Name, m.Result)
	}
	return b.String()
}

// Scrubber layout: the bar runs along the top of the window between the
// corner panels (the middle third, ScrubberRect), ScrubberBarH pixels of
// density bars with the status line under them; ScrubberH is the whole
// strip, which the banners below it make room for.
const (
	ScrubberBarH = 28
	ScrubberH    = 64
)

// ScrubberRect is where the density bars are drawn on a w×h window.
func ScrubberRect(w, h int) image.Rectangle {
	return image.Rect(w/3+8, 8, w-w/3-8, 8+ScrubberBarH)
}
