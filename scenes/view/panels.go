package view

import (
	"fmt"
	"image"
	"strings"

	"github.com/dereth/dereth/control"
)

// Debug-font metrics of the HUD's text (ebitenutil.DebugPrint) and the
// panels' padding and distance from the screen edge.
const (
	CharW       = 6
	LineH       = 16
	PanelMargin = 8
	panelPadW   = 8
	panelPadH   = 6
)

// Corner is where a HUD panel is anchored.
type Corner int

// Panel anchors.
const (
	TopLeft Corner = iota
	TopRight
	BottomLeft
	TopCentre
	BottomRight
)

// TextSize is the pixel size of a panel holding text.
func TextSize(text string) (w, h int) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	cols := 0
	for _, l := range lines {
		cols = max(cols, len([]rune(l)))
	}
	return cols*CharW + panelPadW, len(lines)*LineH + panelPadH
}

// Centre is the middle of a w×h screen that HUD panels keep clear: the
// middle third each way, where the followed player and what it looks at
// are drawn.
func Centre(w, h int) image.Rectangle {
	return image.Rect(w/3, h/3, w-w/3, h-h/3)
}

// FitPanel places a panel of text at a corner of a w×h screen, trimmed to
// fit the screen and to leave the Centre clear: a side panel's long lines
// are cut at the centre's edge (when at least 24 columns remain), else
// lines are dropped from the end until the panel clears the centre, a last
// line saying how many were left out. It returns the text to draw and the
// panel's rectangle.
func FitPanel(text string, at Corner, w, h int) (string, image.Rectangle) {
	return FitPanelAbove(text, at, w, h, h-PanelMargin)
}

// FitPanelAbove is FitPanel for a top panel that must end at or above
// maxY (another panel lies below it): lines are dropped from the end, the
// last saying how many, as for the screen's own bottom. Bottom panels
// ignore maxY.
func FitPanelAbove(text string, at Corner, w, h, maxY int) (string, image.Rectangle) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	top := PanelMargin
	if at == TopCentre {
		top = 5 * PanelMargin
	}
	if at == BottomLeft || at == BottomRight {
		maxY = h - PanelMargin
	}
	lines = cutColumns(lines, (w-2*PanelMargin-panelPadW)/CharW)
	lines = cutLines(lines, (min(maxY, h-PanelMargin)-top-panelPadH)/LineH)
	text = strings.Join(lines, "\n")
	c := Centre(w, h)
	r := placePanel(text, at, w, h)
	if !r.Overlaps(c) {
		return text, r
	}
	if at != TopCentre {
		room := c.Min.X - PanelMargin // left panels end before the centre
		if at == TopRight || at == BottomRight {
			room = w - c.Max.X - PanelMargin
		}
		if cols := (room - panelPadW) / CharW; cols >= 24 {
			text = strings.Join(cutColumns(lines, cols), "\n")
			return text, placePanel(text, at, w, h)
		}
	}
	room := c.Min.Y - r.Min.Y // top panels end above the centre
	if at == BottomLeft || at == BottomRight {
		room = r.Max.Y - c.Max.Y
	}
	text = strings.Join(cutLines(lines, (room-panelPadH)/LineH), "\n")
	return text, placePanel(text, at, w, h)
}

// cutColumns shortens lines longer than cols runes (at least 4), ending
// them in "...".
func cutColumns(lines []string, cols int) []string {
	cols = max(cols, 4)
	out := make([]string, len(lines))
	for i, l := range lines {
		if r := []rune(l); len(r) > cols {
			l = string(r[:cols-3]) + "..."
		}
		out[i] = l
	}
	return out
}

// cutLines keeps at most n lines (at least 1), the last of them saying how
// many were left out.
func cutLines(lines []string, n int) []string {
	n = max(n, 1)
	switch {
	case n >= len(lines):
		return lines
	case n == 1:
		return lines[:1]
	}
	more := len(lines) - (n - 1)
	return append(lines[:n-1:n-1], fmt.Sprintf("... %d more lines", more))
}

// placePanel is the rectangle of a panel of text at a corner.
func placePanel(text string, at Corner, w, h int) image.Rectangle {
	pw, ph := TextSize(text)
	var x, y int
	switch at {
	case TopLeft:
		x, y = PanelMargin, PanelMargin
	case TopRight:
		x, y = w-PanelMargin-pw, PanelMargin
	case BottomLeft:
		x, y = PanelMargin, h-PanelMargin-ph
	case BottomRight:
		x, y = w-PanelMargin-pw, h-PanelMargin-ph
	case TopCentre:
		x, y = (w-pw)/2, PanelMargin*5
	}
	return image.Rect(x, y, x+pw, y+ph)
}

// MaxOutboundLines is how many outbound messages the open log panel lists.
const MaxOutboundLines = 4

// OutboundText is the outbound-log panel: one line when closed (the count
// and the key that opens it), else the newest MaxOutboundLines messages.
func OutboundText(log *control.Log, open bool) string {
	if !open {
		return fmt.Sprintf("outbound: %d messages (F4 shows the newest)", log.Total)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "outbound movement messages (%d so far; F4 hides):\n", log.Total)
	recent := log.Recent()
	for _, m := range recent[max(len(recent)-MaxOutboundLines, 0):] {
		b.WriteString("  " + m.String() + "\n")
	}
	return b.String()
}
