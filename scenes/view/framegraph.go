package view

import "time"

// FrameGraphLen is how many frames the frame-time graph shows.
const FrameGraphLen = 180

// FrameGraph is the HUD's frame-time graph (F3): the last FrameGraphLen
// frame times in a ring, without allocating.
type FrameGraph struct {
	ms   [FrameGraphLen]float32
	next int
	n    int
}

// Add records one frame's time.
func (g *FrameGraph) Add(d time.Duration) {
	g.ms[g.next] = float32(d.Seconds() * 1000)
	g.next = (g.next + 1) % FrameGraphLen
	g.n = min(g.n+1, FrameGraphLen)
}

// Len is how many frames are recorded.
func (g *FrameGraph) Len() int { return g.n }

// At returns the i-th recorded frame time in milliseconds, oldest first.
func (g *FrameGraph) At(i int) float32 {
	return g.ms[(g.next-g.n+i+FrameGraphLen)%FrameGraphLen]
}

// Max is the longest recorded frame time in milliseconds.
func (g *FrameGraph) Max() float32 {
	var m float32
	for i := range g.n {
		m = max(m, g.At(i))
	}
	return m
}

// Bar is one bar of the drawn graph: its rectangle and whether the frame
// missed the 60 Hz budget (16.7 ms).
type Bar struct {
	X, Y, W, H int
	Slow       bool
}

// Budget60 is one frame at 60 Hz in milliseconds.
const Budget60 = 1000.0 / 60

// Bars lays the graph out in a w×h box at (x, y): one bar a frame, oldest
// at the left, scaled so the box's height is the larger of twice the 60 Hz
// budget and the longest frame. It appends to dst and returns it, with the
// budget line's y.
func (g *FrameGraph) Bars(dst []Bar, x, y, w, h int) ([]Bar, int) {
	scale := max(2*Budget60, g.Max())
	bw := max(w/FrameGraphLen, 1)
	for i := range g.n {
		ms := g.At(i)
		bh := min(int(float32(ms/scale*float32(h))+0.5), h)
		dst = append(dst, Bar{X: x + i*bw, Y: y + h - bh, W: bw, H: bh, Slow: ms > Budget60})
	}
	return dst, y + h - int(float32(Budget60/scale*float32(h))+0.5)
}
