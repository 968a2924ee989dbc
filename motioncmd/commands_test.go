package motioncmd

import "testing"

func TestCommandFromWire(t *testing.T) {
	tests := []struct {
		wire uint16
		full uint32
		name string
		ok   bool
	}{
		{0x0000, 0x00000000, "Invalid", true},
		{0x0003, 0x41000003, "Ready", true},
		{0x0005, 0x45000005, "WalkForward", true},
		{0x0006, 0x45000006, "WalkBackwards", true},
		{0x0007, 0x44000007, "RunForward", true},
		{0x000D, 0x6500000D, "TurnRight", true},
		{0x000F, 0x6500000F, "SideStepRight", true},
		{0x0011, 0x40000011, "Dead", true},
		{0x003B, 0x2500003B, "Jump", true},
		{0x003D, 0x8000003D, "NonCombat", true},
		{0x0051, 0x10000051, "Twitch1", true},
		{0x0087, 0x13000087, "Wave", true},
		{0x0001, 0x85000001, "HoldRun", true},
		{0x0192, 0x10000192, "PunchSlowHigh", true},
		{0x0115, 0x0115, "", false}, // unused index
		{0x019C, 0x019C, "", false}, // past the table
		{0xFFFF, 0xFFFF, "", false},
	}
	for _, tt := range tests {
		full, ok := FromWire(tt.wire)
		if full != tt.full || ok != tt.ok {
			t.Errorf("FromWire(%#04x) = %#08x, %v; want %#08x, %v", tt.wire, full, ok, tt.full, tt.ok)
		}
		if name, known := Lookup(full); name != tt.name || known != tt.ok {
			t.Errorf("Lookup(%#08x) = %q, %v; want %q, %v", full, name, known, tt.name, tt.ok)
		}
		if tt.ok {
			if back, ok := ByName(tt.name); !ok || back != tt.full {
				t.Errorf("ByName(%q) = %#08x, %v; want %#08x", tt.name, back, ok, tt.full)
			}
		}
	}
}

func TestCommandTableIsComplete(t *testing.T) {
	known := 0
	names := map[string]uint32{}
	for w := range 0x10000 {
		full, ok := FromWire(uint16(w))
		if !ok {
			continue
		}
		known++
		if ToWire(full) != uint16(w) {
			t.Errorf("low word of %#08x is not %#04x", full, w)
		}
		name, ok := Lookup(full)
		if !ok || name == "" {
			t.Errorf("%#08x has no name", full)
			continue
		}
		if prev, dup := names[name]; dup {
			t.Errorf("%q names both %#08x and %#08x", name, prev, full)
		}
		names[name] = full
		if back, ok := ByName(name); !ok || back != full {
			t.Errorf("ByName(%q) = %#08x, %v; want %#08x", name, back, ok, full)
		}
	}
	if known != 409 || len(names) != 409 {
		t.Fatalf("%d known commands with %d names, want 409", known, len(names))
	}
}

// TestNamedCommandsAreRetail pins each Go constant to the retail table entry
// of the same name, so the constants cannot drift from the one table.
func TestNamedCommandsAreRetail(t *testing.T) {
	tests := []struct {
		c    uint32
		name string
	}{
		{Ready, "Ready"}, {Stop, "Stop"}, {WalkForward, "WalkForward"}, {WalkBackwards, "WalkBackwards"},
		{RunForward, "RunForward"}, {Fallen, "Fallen"}, {On, "On"}, {Off, "Off"},
		{TurnRight, "TurnRight"}, {TurnLeft, "TurnLeft"}, {SideStepRight, "SideStepRight"},
		{SideStepLeft, "SideStepLeft"}, {Dead, "Dead"}, {Crouch, "Crouch"}, {Sitting, "Sitting"},
		{Sleeping, "Sleeping"}, {Falling, "Falling"}, {Reload, "Reload"}, {Pickup, "Pickup"},
		{AimLevel, "AimLevel"}, {MagicPray, "MagicPray"}, {Jump, "Jump"}, {HandCombat, "HandCombat"},
		{NonCombat, "NonCombat"}, {SwordCombat, "SwordCombat"}, {Jumpup, "Jumpup"},
		{AttackHigh1, "AttackHigh1"}, {MagicPowerUp01, "MagicPowerUp01"}, {MagicPowerUp10, "MagicPowerUp10"},
		{TripleThrustLow, "TripleThrustLow"}, {MagicPowerUp07Purple, "MagicPowerUp07Purple"},
	}
	for _, tt := range tests {
		if got := Name(tt.c); got != tt.name {
			t.Errorf("Name(%#08x) = %q, want %q", tt.c, got, tt.name)
		}
		if got, ok := ByName(tt.name); !ok || got != tt.c {
			t.Errorf("ByName(%q) = %#08x, %v; want %#08x", tt.name, got, ok, tt.c)
		}
	}
}

func TestCommandNameAndByNameMisses(t *testing.T) {
	names := []struct {
		c    uint32
		want string
	}{
		{0x13000087, "Wave"},
		{0x00000087, "0x00000087"}, // right low word, wrong class bits
		{0x00000115, "0x00000115"}, // unused index
		{0xDEADBEEF, "0xDEADBEEF"},
	}
	for _, tt := range names {
		if got := Name(tt.c); got != tt.want {
			t.Errorf("Name(%#08x) = %q, want %q", tt.c, got, tt.want)
		}
	}
	for _, name := range []string{"", "wave", "WAVE", "0x13000087", "NoSuchMotion"} {
		if c, ok := ByName(name); ok {
			t.Errorf("ByName(%q) = %#08x, want no command", name, c)
		}
	}
}
