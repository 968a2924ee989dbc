package motioncmd

// Command class masks (the top byte of a 32-bit motion command, §1.7).
const (
	MaskStyle     = 0x80000000
	MaskSubState  = 0x40000000
	MaskModifier  = 0x20000000
	MaskAction    = 0x10000000
	MaskUI        = 0x08000000
	MaskToggle    = 0x04000000
	MaskChatEmote = 0x02000000
	MaskMappable  = 0x01000000
)

// Motion commands the animation machine, the wire codecs and the input
// name, as full 32-bit values. Each is an entry of the retail table in
// commands_table.go, which alone holds the names
// (TestNamedCommandsAreRetail).
const (
	Ready                = 0x41000003
	Stop                 = 0x40000004
	WalkForward          = 0x45000005
	WalkBackwards        = 0x45000006
	RunForward           = 0x44000007
	Fallen               = 0x40000008
	On                   = 0x4000000B
	Off                  = 0x4000000C
	TurnRight            = 0x6500000D
	TurnLeft             = 0x6500000E
	SideStepRight        = 0x6500000F
	SideStepLeft         = 0x65000010
	Dead                 = 0x40000011
	Crouch               = 0x41000012
	Sitting              = 0x41000013
	Sleeping             = 0x41000014
	Falling              = 0x40000015
	Reload               = 0x40000016
	Pickup               = 0x40000018
	AimLevel             = 0x4000001E
	MagicPray            = 0x40000039
	Jump                 = 0x2500003B
	HandCombat           = 0x8000003C
	NonCombat            = 0x8000003D
	SwordCombat          = 0x8000003E
	Jumpup               = 0x1000004B
	AttackHigh1          = 0x10000062
	MagicPowerUp01       = 0x1000006F
	MagicPowerUp10       = 0x10000078
	TripleThrustLow      = 0x10000128
	MagicPowerUp07Purple = 0x10000131
)

// FromWire widens the 16-bit wire form of a motion command or stance
// (its low word) to the full 32-bit command through the retail table. An
// unknown value is returned unchanged with ok false; no high byte is guessed.
func FromWire(w uint16) (full uint32, ok bool) {
	if int(w) < len(wireCommands) && (w == 0 || wireCommands[w] != 0) {
		return wireCommands[w], true
	}
	return uint32(w), false
}

// ToWire is the 16-bit wire form of a command: its low word.
func ToWire(full uint32) uint16 { return uint16(full) }

// Lookup returns the retail name of a full 32-bit command, with ok
// false (and name "") when the retail table does not hold that value.
func Lookup(full uint32) (name string, ok bool) {
	low := full & 0xFFFF
	if int(low) < len(wireCommands) && wireCommands[low] == full && commandNames[low] != "" {
		return commandNames[low], true
	}
	return "", false
}

// Name returns the retail name of a motion command, or its value as
// "0x%08X" when the retail table does not hold it.
func Name(c uint32) string {
	if n, ok := Lookup(c); ok {
		return n
	}
	const hex = "0123456789ABCDEF"
	b := []byte("0x00000000")
	for i := 0; i < 8; i++ {
		b[9-i] = hex[c>>(4*i)&0xF]
	}
	return string(b)
}

// commandsByName inverts the retail table for ByName.
var commandsByName = func() map[string]uint32 {
	m := make(map[string]uint32, len(commandNames))
	for low, n := range commandNames {
		if n != "" {
			m[n] = wireCommands[low]
		}
	}
	return m
}()

// ByName returns the command with the retail name (as Name
// spells it), for every command in the retail table.
func ByName(name string) (uint32, bool) {
	c, ok := commandsByName[name]
	return c, ok
}
