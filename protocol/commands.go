package protocol

import "fmt"

// Motion command class bits (the high byte of a 32-bit command, §1.7).
const (
	CommandStyle     uint32 = 0x80000000
	CommandSubState  uint32 = 0x40000000
	CommandModifier  uint32 = 0x20000000
	CommandAction    uint32 = 0x10000000
	CommandUI        uint32 = 0x08000000
	CommandToggle    uint32 = 0x04000000
	CommandChatEmote uint32 = 0x02000000
	CommandMappable  uint32 = 0x01000000
)

// Frequently used motion commands, full 32-bit values.
const (
	CommandInvalid       uint32 = 0x00000000
	CommandReady         uint32 = 0x41000003
	CommandWalkForward   uint32 = 0x45000005
	CommandWalkBackwards uint32 = 0x45000006
	CommandRunForward    uint32 = 0x44000007
	CommandTurnRight     uint32 = 0x6500000D
	CommandTurnLeft      uint32 = 0x6500000E
	CommandSideStepRight uint32 = 0x6500000F
	CommandSideStepLeft  uint32 = 0x65000010
	CommandDead          uint32 = 0x40000011
	CommandNonCombat     uint32 = 0x8000003D
)

// CommandFromWire maps the 16-bit wire form of a motion command or stance to
// the full 32-bit value through the constant command table (ACE
// PackedCommandExtensions.RawToInterpreted). An unknown value is returned
// unchanged with ok false.
func CommandFromWire(w uint16) (full uint32, ok bool) {
	if int(w) < len(wireCommands) && (w == 0 || wireCommands[w] != 0) {
		return wireCommands[w], true
	}
	return uint32(w), false
}

// CommandToWire is the 16-bit wire form of a command: its low word.
func CommandToWire(full uint32) uint16 { return uint16(full) }

// CommandName returns the MotionCommand name of a full command, or "" if the
// value is not in the table.
func CommandName(full uint32) string {
	low := full & 0xFFFF
	if int(low) < len(wireCommands) && wireCommands[low] == full && commandNames[low] != "" {
		return commandNames[low]
	}
	return ""
}

// FormatCommand renders a command as "0x45000005 WalkForward", or with
// "unknown" when it is not in the table.
func FormatCommand(full uint32) string {
	if n := CommandName(full); n != "" {
		return fmt.Sprintf("0x%08X %s", full, n)
	}
	return fmt.Sprintf("0x%08X unknown", full)
}
