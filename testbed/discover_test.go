package testbed

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/sampleworld"
)

// openDATs opens a portal and a cell DAT from bytes.
func openDATs(t *testing.T, portal, cell []byte) (*dat.Container, *dat.Container) {
	t.Helper()
	p, err := dat.OpenBytes(portal, "client_portal.dat")
	if err != nil {
		t.Fatal(err)
	}
	c, err := dat.OpenBytes(cell, "client_cell_1.dat")
	if err != nil {
		t.Fatal(err)
	}
	return p, c
}

// TestDefaultScriptDiscovers runs the embedded spawn script on the sample
// world and on DATs holding the same things under other ids: it finds the
// humanoid, the door, the animated object and a place on land in both, and
// says so in its status. The player stands in the landblock west of the
// place where there is one (the sample's town), else in the place's own.
func TestDefaultScriptDiscovers(t *testing.T) {
	otherPortal, otherCell, err := testworld.OtherDATs(false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name                  string
		portal, cell          []byte
		human, door, windmill uint32
		block, playerBlock    uint32
	}{
		{"sample", sampleworld.PortalBytes(), sampleworld.CellBytes(), sampleworld.HumanSetup, sampleworld.DoorSetup, sampleworld.WindmillSetup, 0xA9B40000, 0xA8B40000},
		{"other ids", otherPortal, otherCell, testworld.OtherHumanSetup, testworld.OtherDoorSetup, testworld.OtherWindmillSetup, testworld.OtherBlock, testworld.OtherBlock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, c := openDATs(t, tt.portal, tt.cell)
			var out bytes.Buffer
			s := New("", Options{Portal: p, Cell: c, Stdout: &out})
			defer s.Close()
			if err := s.RunSample(); err != nil {
				t.Fatalf("the default script failed: %v", err)
			}
			for _, id := range []uint32{tt.human, tt.door, tt.windmill} {
				if !strings.Contains(s.Status, fmt.Sprintf("0x%08X", id)) {
					t.Errorf("status %q does not name 0x%08X", s.Status, id)
				}
			}
			if want := fmt.Sprintf("landblock 0x%04X", tt.block>>16); !strings.Contains(s.Status, want) {
				t.Errorf("status %q, want %q", s.Status, want)
			}
			o := s.World.Object(s.World.PlayerGUID)
			if o == nil || o.Phys.Position.Cell&0xFFFF0000 != tt.playerBlock {
				t.Fatalf("no player on landblock 0x%08X", tt.playerBlock)
			}
			if passed, failed := s.Expectations(); passed < 3 || failed != 0 {
				t.Errorf("expectations: %d passed, %d failed", passed, failed)
			}
		})
	}
}

// TestFindSetups: each query of the default script on the sample world.
func TestFindSetups(t *testing.T) {
	p, c := openDATs(t, sampleworld.PortalBytes(), sampleworld.CellBytes())
	s := New("", Options{Portal: p, Cell: c})
	defer s.Close()
	tests := []struct {
		name string
		q    SetupQuery
		want []uint32
	}{
		{"all", SetupQuery{}, []uint32{sampleworld.HumanSetup, sampleworld.DoorSetup, sampleworld.WindmillSetup, sampleworld.TreeSetup,
			sampleworld.PineSetup, sampleworld.RockSetup, sampleworld.BushSetup, sampleworld.PortalSetup, sampleworld.TorchSetup}},
		{"humanoid", SetupQuery{MotionTable: 1, Cycles: []uint32{0x45000005, 0x44000007}}, []uint32{sampleworld.HumanSetup}},
		{"door", SetupQuery{MotionTable: 1, Cycles: []uint32{0x4000000B, 0x4000000C}, MaxParts: 4}, []uint32{sampleworld.DoorSetup}},
		{"animated", SetupQuery{MotionTable: -1, Animated: 1}, []uint32{sampleworld.WindmillSetup, sampleworld.PortalSetup}},
		{"many parts", SetupQuery{MinParts: 2}, []uint32{sampleworld.HumanSetup, sampleworld.WindmillSetup, sampleworld.TreeSetup,
			sampleworld.PineSetup, sampleworld.PortalSetup}},
		{"limit", SetupQuery{Limit: 1}, []uint32{sampleworld.HumanSetup}},
		{"none", SetupQuery{MinParts: 100}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.FindSetups(tt.q)
			if err != nil || fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("FindSetups(%+v) = %x, %v; want %x", tt.q, got, err, tt.want)
			}
		})
	}
}

// TestDefaultScriptErrorNamesItself: on DATs it cannot use, the embedded
// script's error names it and its line, never a file on disk.
func TestDefaultScriptErrorNamesItself(t *testing.T) {
	portal, cell, err := testworld.OtherDATs(true)
	if err != nil {
		t.Fatal(err)
	}
	p, c := openDATs(t, portal, cell)
	s := New("", Options{Portal: p, Cell: c})
	defer s.Close()
	err = s.RunSample()
	if err == nil || !strings.HasPrefix(err.Error(), SampleName+":") || !strings.Contains(err.Error(), "world.find_place") {
		t.Fatalf("error %v, want %s:LINE: world.find_place: ...", err, SampleName)
	}
}
