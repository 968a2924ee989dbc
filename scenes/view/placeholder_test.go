package view

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/physics"
)

// TestMissingText lists missing assets by type and id, one a line, wraps
// a long error at word boundaries (no line longer than the columns, no
// id cut), and counts what it leaves out.
func TestMissingText(t *testing.T) {
	var missing []MissingAsset
	for i := 0; i < MaxMissingListed+3; i++ {
		missing = append(missing, MissingAsset{Type: "Setup", ID: 0x02000100 + uint32(i), NotFound: true})
	}
	missing[1] = MissingAsset{Type: "GfxObj", ID: 0x01001212, Err: "dat: client_portal.dat: decoding GfxObj 0x01001212 at byte 0x1C: polygon 7 has 0 vertices"}
	const cols = 40
	text := MissingText(missing, cols)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if !strings.HasPrefix(lines[0], fmt.Sprintf("missing assets: %d ", len(missing))) {
		t.Errorf("first line %q", lines[0])
	}
	if lines[1] != "  Setup 0x02000100 not in the DAT" {
		t.Errorf("second line %q", lines[1])
	}
	for _, l := range lines[1:] {
		if len(l) > cols {
			t.Errorf("line %q is longer than %d columns", l, cols)
		}
	}
	for _, id := range []string{"0x01001212", "0x02000107"} {
		if !strings.Contains(text, id+" ") && !strings.Contains(text, id+":") && !strings.HasSuffix(strings.TrimSpace(text), id) {
			t.Errorf("%s cut or missing in\n%s", id, text)
		}
	}
	if want := "  ... 3 more"; lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
	if MissingText(nil, cols) != "" {
		t.Error("text for no missing assets")
	}
}

// TestAssetTextKeepsOtherErrors: the renderer's error for a missing asset
// is listed once (as the asset), a landblock's error under "asset errors".
func TestAssetTextKeepsOtherErrors(t *testing.T) {
	r := NewRenderer(nil)
	r.failAsset("GfxObj", 0x01000001, fmt.Errorf("dat: sample:portal: %w", dat.ErrNotFound))
	r.fail(errors.New("landblock 0xA9B4FFFF: bad height table"))
	text := AssetText(r.Missing, r.Errors, 60)
	if strings.Count(text, "0x01000001") != 1 || !strings.Contains(text, "GfxObj 0x01000001 not in the DAT") {
		t.Errorf("missing GfxObj not listed once:\n%s", text)
	}
	if !strings.Contains(text, "asset errors:\n  landblock 0xA9B4FFFF: bad height table") {
		t.Errorf("landblock error not listed:\n%s", text)
	}
}

// TestPlayerBanner names each reason the player is not drawn, and none
// when it stands in the world.
func TestPlayerBanner(t *testing.T) {
	s, err := testworld.Open()
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	if b := PlayerBanner(w); b != "" {
		t.Errorf("banner %q for a player standing in the world", b)
	}
	p := w.Object(testworld.Player).Phys
	for _, c := range []struct {
		set  func()
		want string
	}{
		{func() { p.State |= physics.StateHidden }, "Hidden physics state"},
		{func() { p.State = p.State&^physics.StateHidden | physics.StateNoDraw }, "NoDraw physics state"},
		{func() { p.State &^= physics.StateNoDraw; p.Position.Cell = 0 }, "no position yet"},
		{func() { w.PlayerGUID = 0x50000999 }, "player 0x50000999 not in the world yet"},
		{func() { w.PlayerGUID = 0 }, "no player yet"},
	} {
		c.set()
		if b := PlayerBanner(w); !strings.Contains(b, c.want) {
			t.Errorf("banner %q, want it to say %q", b, c.want)
		}
	}
}
