package testbed

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestHeadingConvention: world.spawn's heading is degrees clockwise from
// north, as docs/scripting.md states: the object's forward (+y in its own
// frame) points north at 0, east at 90, south at 180 and west at 270, and
// world.position reads the heading back.
func TestHeadingConvention(t *testing.T) {
	tests := []struct {
		heading float64
		fwd     physics.Vec3
	}{
		{0, physics.Vec3{Y: 1}},
		{90, physics.Vec3{X: 1}},
		{180, physics.Vec3{Y: -1}},
		{270, physics.Vec3{X: -1}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.heading), func(t *testing.T) {
			s := New(t.TempDir(), Options{})
			defer s.Close()
			src := fmt.Sprintf(`world.setup{id = 0x02000001}
local g = world.spawn{archetype = "static", guid = 0x70000001, setup = 0x02000001, cell = 0x01010001, heading = %v}
expect.near(world.position(g).heading, %v, 1e-3)`, tt.heading, tt.heading)
			if err := s.host.RunSource("heading.lua", []byte(src)); err != nil {
				t.Fatal(err)
			}
			o := s.World.Object(0x70000001)
			got := o.Phys.Position.Frame.Orientation.Rotate(physics.Vec3{Y: 1})
			if d := got.Sub(tt.fwd); d.Len() > 1e-5 {
				t.Fatalf("heading %v faces %v, want %v", tt.heading, got, tt.fwd)
			}
		})
	}
	doc := readDoc(t)
	if !strings.Contains(doc, "0 faces north (+y), 90 east (+x)") {
		t.Error("docs/scripting.md does not state the heading convention")
	}
}
