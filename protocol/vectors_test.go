package protocol

import (
	"github.com/dereth/dereth/protocol/schema"
	"math"

	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// Test vectors built from wire-format.md. Each has the message value and,
// where it was written out independently (a worked example from the doc or a
// hand-built byte list), the exact wire bytes.

var w7071 = math.Float32frombits(0x3F3504F3) // 0.7071 as in the doc's examples

var docPosition = Position{Cell: 0xA9B40021, Frame: physics.Frame{
	Origin: physics.Vec3{X: 50, Y: 60.5, Z: 12}, Orientation: physics.Quat{W: 1}}}

func fullIMS() InterpretedMotionState {
	return InterpretedMotionState{
		Flags:        0x7F,
		CurrentStyle: motioncmd.NonCombat, ForwardCommand: motioncmd.RunForward,
		SidestepCommand: motioncmd.SideStepRight, TurnCommand: motioncmd.TurnRight,
		ForwardSpeed: 2.5, SidestepSpeed: -1.25, TurnSpeed: 1.5,
		Actions: []MotionItem{
			{Command: 0x10000051, Sequence: 5, Autonomous: true, Speed: 1},          // Twitch1
			{Command: 0x13000087, Sequence: 0x7FFF, Autonomous: false, Speed: 1.25}, // Wave
		},
	}
}

// fullIMSWire is fullIMS on the wire (40 bytes, starts and ends aligned).
func fullIMSWire(b le) le {
	return b.u32(0x7F | 2<<7).
		u16(0x3D).u16(0x07).u16(0x0F).u16(0x0D).
		f32(2.5).f32(-1.25).f32(1.5).
		u16(0x51).u16(0x8005).f32(1).
		u16(0x87).u16(0x7FFF).f32(1.25)
}

func fullMoveTo() MoveToParameters {
	return MoveToParameters{MovementParams: 0x1EE0F, DistanceToObject: 0.6, MinDistance: 0,
		FailDistance: math.MaxFloat32, Speed: 1, WalkRunThreshold: 15, DesiredHeading: 90}
}

func moveToWire(b le) le {
	return b.u32(0x1EE0F).f32(0.6).f32(0).u32(0x7F7FFFFF).f32(1).f32(15).f32(90)
}

// fullCreateObject has every PhysicsDesc field except AnimationFrame (which
// Movement excludes) and every WeenieDesc field.
func fullCreateObject() *CreateObject {
	sticky := MovementData{Type: MovementInterpreted, MotionFlags: MotionStickToObject,
		Style: motioncmd.NonCombat, State: fullIMS(), StickyObject: 0x80000B02}
	return &CreateObject{
		Guid: 0x80000A01,
		Model: ObjDesc{
			Marker:  0x11,
			Palette: 0x0400007E,
			SubPalettes: []SubPalette{
				{ID: 0x04001FDF, Offset: 0, Length: 24},
				{ID: 0x04012345, Offset: 3, Length: 2},
			},
			TextureChanges:  []TextureChange{{Part: 4, Old: 0x05008001, New: 0x05000C3A}},
			AnimPartChanges: []AnimPartChange{{Part: 9, GfxObj: 0x01001234}},
		},
		Physics: PhysicsDesc{
			Flags: PhysicsMovement | PhysicsPosition | PhysicsMTable | PhysicsSTable | PhysicsPeTable |
				PhysicsCSetup | PhysicsParent | PhysicsChildren | PhysicsObjScale | PhysicsFriction |
				PhysicsElasticity | PhysicsTranslucency | PhysicsVelocity | PhysicsAcceleration |
				PhysicsOmega | PhysicsDefaultScript | PhysicsDefaultScriptIntensity,
			State:              0x00410C08,
			Movement:           &sticky,
			MovementAutonomous: true,
			Position: Position{Cell: 0xA9B40021, Frame: physics.Frame{
				Origin: physics.Vec3{X: 50, Y: 60.5, Z: 12}, Orientation: physics.Quat{W: w7071, Z: w7071}}},
			MotionTable: 0x09000001, SoundTable: 0x20000014, PhysicsScriptTable: 0x34000004, Setup: 0x02000001,
			Parent: 0x50000001, ParentLocation: 1,
			Children: []Child{{Guid: 0x80000C01, Location: 2}, {Guid: 0x80000C02, Location: 3}},
			Scale:    1.2, Friction: 0.95, Elasticity: 0.05, Translucency: 0.5,
			Velocity: physics.Vec3{X: 1, Y: 2, Z: 3}, Acceleration: physics.Vec3{Z: -9.8}, Omega: physics.Vec3{Z: 0.5},
			DefaultScript: 0x33, DefaultScriptIntensity: 0.75,
			Timestamps: [9]uint16{1, 2, 3, 4, 5, 6, 7, 8, 9},
		},
		Weenie: WeenieDesc{
			Flags: 0xFFFFFFFF, Name: "Tüsker Guard", WeenieClassID: 0x8123, Icon: 0x06001036,
			ItemType: 0x10, ObjectDescFlags: 0x04000014, Flags2: 0xF,
			PluralName: "Tüsker Guards", ItemsCapacity: 102, ContainersCapacity: 7, AmmoType: 2,
			Value: -5, Usable: 1, UseRadius: 3.5, TargetType: 0x10, UiEffects: 1, CombatUse: -2,
			Structure: 40, MaxStructure: 50, StackSize: 10, MaxStackSize: 100,
			Container: 0x50000002, Wielder: 0x50000003, ValidLocations: 0x00200000,
			CurrentlyWieldedLocation: 0x00200000, Priority: 8, RadarBlipColor: 8, RadarBehavior: 4,
			PScript: 0x55, Workmanship: 7.5, Burden: 250, Spell: 0x0F3A, HouseOwner: 0x50000004,
			HouseRestrictions: RestrictionDB{Version: 0x10000002, Open: 1, Monarch: 0x50000005, Buckets: 768,
				Entries: []RestrictionEntry{{Guid: 0x50000006, Access: 0}, {Guid: 0x50000007, Access: 1}}},
			HookItemTypes: 2, Monarch: 0x50000008, HookType: 3, IconOverlay: 0x06005A5B,
			IconUnderlay: 0x06009999, MaterialType: 0x0C, Cooldown: 1001, CooldownDuration: 12.5,
			PetOwner: 0x50000009,
		},
	}
}

// fullCreateObjectWire is fullCreateObject written out field by field from
// the tables in wire-format.md §2.
func fullCreateObjectWire(opcode uint32) []byte {
	b := le{}.u32(opcode).u32(0x80000A01)
	// ObjDesc
	b = b.u8(0x11).u8(2).u8(1).u8(1).
		raw(0x7E, 0x00).                                   // palette 0x0400007E
		raw(0xDF, 0x1F).u8(0).u8(24).                      // 0x04001FDF
		raw(0x01, 0x80, 0x45, 0x23).u8(3).u8(2).           // 0x04012345 → 0x12345, two words
		u8(4).raw(0x00, 0x80, 0x01, 0x80).raw(0x3A, 0x0C). // texture 0x05008001 → 0x05000C3A
		u8(9).raw(0x34, 0x12).                             // GfxObj 0x01001234
		pad()
	// PhysicsDesc
	b = b.u32(0x0007FBFF &^ PhysicsTimestamps &^ PhysicsAnimationFrame).u32(0x00410C08)
	b = b.u32(48)                                    // movement length
	b = b.u8(0).u8(MotionStickToObject).u16(0x3D)    // type 0, sticky, NonCombat
	b = fullIMSWire(b).u32(0x80000B02)               // IMS, sticky object
	b = b.u32(1)                                     // autonomous
	b = b.u32(0xA9B40021).f32(50).f32(60.5).f32(12). // position
								f32(w7071).f32(0).f32(0).f32(w7071)
	b = b.u32(0x09000001).u32(0x20000014).u32(0x34000004).u32(0x02000001)
	b = b.u32(0x50000001).u32(1)
	b = b.u32(2).u32(0x80000C01).u32(2).u32(0x80000C02).u32(3)
	b = b.f32(1.2).f32(0.95).f32(0.05).f32(0.5)
	b = b.f32(1).f32(2).f32(3).f32(0).f32(0).f32(-9.8).f32(0).f32(0).f32(0.5)
	b = b.u32(0x33).f32(0.75)
	for i := range 9 {
		b = b.u16(uint16(i + 1))
	}
	b = b.pad()
	// WeenieDesc
	b = b.u32(0xFFFFFFFF).u16(12).raw([]byte("T\xFCsker Guard")...).pad()
	b = b.raw(0x00, 0x80, 0x23, 0x81) // wcid 0x8123 as two words
	b = b.raw(0x36, 0x10)             // icon 0x06001036
	b = b.u32(0x10).u32(0x04000014).pad().u32(0xF)
	b = b.u16(13).raw([]byte("T\xFCsker Guards")...).pad()
	b = b.u8(102).u8(7).u16(2).u32(uint32(0xFFFFFFFB)).u32(1).f32(3.5).u32(0x10).u32(1)
	b = b.u8(0xFE).u16(40).u16(50).u16(10).u16(100)
	b = b.u32(0x50000002).u32(0x50000003).u32(0x00200000).u32(0x00200000).u32(8)
	b = b.u8(8).u8(4).u16(0x55).f32(7.5).u16(250).u16(0x0F3A).u32(0x50000004)
	b = b.u32(0x10000002).u32(1).u32(0x50000005).u16(2).u16(768).
		u32(0x50000006).u32(0).u32(0x50000007).u32(1)
	b = b.u32(2).u32(0x50000008).u16(3)
	b = b.raw(0x5B, 0x5A)             // icon overlay 0x06005A5B
	b = b.raw(0x00, 0x80, 0x99, 0x99) // icon underlay 0x06009999 → 0x9999, two words
	b = b.u32(0x0C).u32(1001).f64(12.5).u32(0x50000009).pad()
	return b
}

type vector struct {
	name string
	msg  Message
	wire []byte // nil: checked by round trip only
}

func vectors() []vector {
	full := fullCreateObject()
	upd := &UpdateObject{CreateObject: *fullCreateObject()}

	minimal := &CreateObject{
		Guid:    0x7A9B4001,
		Model:   ObjDesc{Marker: 0x11},
		Physics: PhysicsDesc{Flags: PhysicsMovement, State: 0x1},
		Weenie:  WeenieDesc{Name: "", WeenieClassID: 1, Icon: 0, ItemType: 0x80},
	}
	minimalWire := le{}.u32(0xF745).u32(0x7A9B4001).u8(0x11).u8(0).u8(0).u8(0).
		u32(PhysicsMovement).u32(1).u32(0).
		u16(0).u16(0).u16(0).u16(0).u16(0).u16(0).u16(0).u16(0).u16(0).pad().
		u32(0).u16(0).pad().u16(1).u16(0).u32(0x80).u32(0)

	animFrame := &CreateObject{
		Guid:  0x80000D01,
		Model: ObjDesc{Marker: 0x11},
		Physics: PhysicsDesc{Flags: PhysicsAnimationFrame | PhysicsPosition | PhysicsCSetup, State: 0x400,
			AnimationFrame: 101, Position: docPosition, Setup: 0x02000ABC, Timestamps: [9]uint16{8: 3}},
		Weenie: WeenieDesc{Name: "Pack", WeenieClassID: 136, Icon: 0x06001036, ItemType: 0x200,
			Flags: WeenieItemsCapacity | WeenieContainersCapacity, ItemsCapacity: 24, ContainersCapacity: 0},
	}
	moveToBuffer := &CreateObject{
		Guid:  0x80000D02,
		Model: ObjDesc{Marker: 0x11},
		Physics: PhysicsDesc{Flags: PhysicsMovement | PhysicsMTable, State: 0x408,
			Movement: &MovementData{Type: MovementMoveToObject, Style: motioncmd.NonCombat, Target: 0x50000001,
				Origin: Origin{Cell: 0xA9B40021, Pos: physics.Vec3{X: 1, Y: 2, Z: 3}}, MoveTo: fullMoveTo(), RunRate: 0},
			MotionTable: 0x09000001},
		Weenie: WeenieDesc{Name: "Drudge", WeenieClassID: 7, ItemType: 0x10},
	}

	docMotion := &UpdateMotion{
		Guid: 0x80000A01, MovementSequence: 0x0102, ServerControlSequence: 0x0102,
		Movement: MovementData{Type: MovementInterpreted, Style: motioncmd.NonCombat,
			State: InterpretedMotionState{Flags: 0x27, CurrentStyle: motioncmd.NonCombat, ForwardCommand: motioncmd.RunForward,
				TurnCommand: motioncmd.TurnRight, ForwardSpeed: 1.5, SidestepSpeed: 1, TurnSpeed: 1}},
	}
	docMotionWire := unhex(`
		4c f7 00 00  01 0a 00 80  00 00  02 01  02 01  00  00 | opcode, guid, inst, mseq, sctl, auto, pad
		00 00 3d 00  | type 0, flags 0, header style
		27 00 00 00  | IMS flags
		3d 00  07 00  0d 00  | style, forward, turn
		00 00 c0 3f  | forward_speed 1.5
		00 00        | align`)

	fullMotion := &UpdateMotion{
		Guid: 0x50000001, InstanceSequence: 7, MovementSequence: 0xFFFF, ServerControlSequence: 0x10,
		Autonomous: true,
		Movement: MovementData{Type: MovementInterpreted, MotionFlags: MotionStickToObject | MotionStandingLongJump,
			Style: 0, State: fullIMS(), StickyObject: 0x80000B02},
	}
	fullMotionWire := fullIMSWire(le{}.u32(0xF74C).u32(0x50000001).u16(7).u16(0xFFFF).u16(0x10).u8(1).u8(0).
		u8(0).u8(3).u16(0)).u32(0x80000B02)

	defaults := &UpdateMotion{Guid: 0x80000A02, MovementSequence: 1,
		Movement: MovementData{Type: MovementInterpreted, Style: 0x80000041,
			State: InterpretedMotionState{CurrentStyle: motioncmd.NonCombat, ForwardCommand: motioncmd.Ready,
				ForwardSpeed: 1, SidestepSpeed: 1, TurnSpeed: 1}}}
	defaultsWire := le{}.u32(0xF74C).u32(0x80000A02).u16(0).u16(1).u16(0).u8(0).u8(0).
		u8(0).u8(0).u16(0x41).u32(0)

	moveToObject := &UpdateMotion{Guid: 0x80000A03, MovementSequence: 2, ServerControlSequence: 1,
		Movement: MovementData{Type: MovementMoveToObject, Style: motioncmd.NonCombat, Target: 0x50000001,
			Origin: Origin{Cell: 0xA9B40022, Pos: physics.Vec3{X: 10, Y: 20, Z: 0.5}}, MoveTo: fullMoveTo(), RunRate: 1.75}}
	moveToObjectWire := moveToWire(le{}.u32(0xF74C).u32(0x80000A03).u16(0).u16(2).u16(1).u8(0).u8(0).
		u8(6).u8(0).u16(0x3D).u32(0x50000001).u32(0xA9B40022).f32(10).f32(20).f32(0.5)).f32(1.75)

	moveToPosition := &UpdateMotion{Guid: 0x80000A04, MovementSequence: 3, ServerControlSequence: 2,
		Movement: MovementData{Type: MovementMoveToPosition, Style: 0x8000003E,
			Origin: Origin{Cell: 0x01D90108, Pos: physics.Vec3{X: -5, Y: 7.25, Z: 0}}, MoveTo: fullMoveTo(), RunRate: 0}}
	moveToPositionWire := moveToWire(le{}.u32(0xF74C).u32(0x80000A04).u16(0).u16(3).u16(2).u8(0).u8(0).
		u8(7).u8(0).u16(0x3E).u32(0x01D90108).f32(-5).f32(7.25).f32(0)).f32(0)

	turnToObject := &UpdateMotion{Guid: 0x80000A05, MovementSequence: 4, ServerControlSequence: 3,
		Movement: MovementData{Type: MovementTurnToObject, Style: motioncmd.NonCombat, Target: 0x50000001,
			DesiredHeading: 180, TurnTo: TurnToParameters{MovementParams: 0x1EE0F, Speed: 1, DesiredHeading: 45}}}
	turnToObjectWire := le{}.u32(0xF74C).u32(0x80000A05).u16(0).u16(4).u16(3).u8(0).u8(0).
		u8(8).u8(0).u16(0x3D).u32(0x50000001).f32(180).u32(0x1EE0F).f32(1).f32(45)

	turnToHeading := &UpdateMotion{Guid: 0x80000A06, MovementSequence: 5, ServerControlSequence: 4,
		Movement: MovementData{Type: MovementTurnToHeading, Style: motioncmd.NonCombat,
			TurnTo: TurnToParameters{MovementParams: 0x40, Speed: 1.5, DesiredHeading: 270}}}
	turnToHeadingWire := le{}.u32(0xF74C).u32(0x80000A06).u16(0).u16(5).u16(4).u8(0).u8(0).
		u8(9).u8(0).u16(0x3D).u32(0x40).f32(1.5).f32(270)

	stop := &UpdateMotion{Guid: 0x80000A07, MovementSequence: 6,
		Movement: MovementData{Type: MovementStopCompletely, Style: motioncmd.NonCombat}}
	stopWire := le{}.u32(0xF74C).u32(0x80000A07).u16(0).u16(6).u16(0).u8(0).u8(0).u8(5).u8(0).u16(0x3D)

	docPos := &UpdatePosition{Guid: 0x80000A01, Flags: 0x34,
		Position: Position{Cell: 0xA9B40021, Frame: physics.Frame{Origin: physics.Vec3{X: 50, Y: 60.5, Z: 12},
			Orientation: physics.Quat{W: w7071, Z: w7071}}}, PositionSequence: 0x33}
	docPosWire := unhex(`
		48 f7 00 00  01 0a 00 80  34 00 00 00
		21 00 b4 a9  00 00 48 42  00 00 72 42  00 00 40 41
		f3 04 35 3f  f3 04 35 3f
		00 00  33 00  00 00  00 00`)

	fullPos := &UpdatePosition{Guid: 0x50000001, Flags: PositionHasVelocity | PositionHasPlacementID | PositionIsGrounded,
		Position: Position{Cell: 0xA9B40021, Frame: physics.Frame{Origin: physics.Vec3{X: 1, Y: 2, Z: 3},
			Orientation: physics.Quat{W: 0.5, X: 0.5, Y: 0.5, Z: 0.5}}},
		Velocity: physics.Vec3{X: 4, Y: 5, Z: 6}, Placement: 101,
		InstanceSequence: 9, PositionSequence: 10, TeleportSequence: 11, ForcePositionSequence: 12}
	fullPosWire := le{}.u32(0xF748).u32(0x50000001).u32(7).u32(0xA9B40021).f32(1).f32(2).f32(3).
		f32(0.5).f32(0.5).f32(0.5).f32(0.5).f32(4).f32(5).f32(6).u32(101).u16(9).u16(10).u16(11).u16(12)

	noRot := &UpdatePosition{Guid: 0x50000002, Flags: PositionNoW | PositionNoX | PositionNoY | PositionNoZ,
		Position: Position{Cell: 0x01D90108}, PositionSequence: 1}
	noRotWire := le{}.u32(0xF748).u32(0x50000002).u32(0x78).u32(0x01D90108).f32(0).f32(0).f32(0).
		u16(0).u16(1).u16(0).u16(0)

	// 0xF619: guid, the position pack (rotation W and Z kept, velocity),
	// the movement stamps, autonomous, pad, a type-0 MovementData.
	posMove := &PositionAndMovement{
		Position: UpdatePosition{Guid: 0x80000A01, Flags: PositionHasVelocity | PositionNoX | PositionNoY,
			Position: Position{Cell: 0xA9B40021, Frame: physics.Frame{Origin: physics.Vec3{X: 50, Y: 60.5, Z: 12},
				Orientation: physics.Quat{W: w7071, Z: w7071}}}, Velocity: physics.Vec3{X: 1, Y: 2, Z: 3},
			InstanceSequence: 2, PositionSequence: 0x33, TeleportSequence: 4, ForcePositionSequence: 5},
		MovementSequence: 0x0102, ServerControlSequence: 0x0103, Autonomous: true,
		Movement: MovementData{Type: MovementInterpreted, Style: motioncmd.NonCombat,
			State: InterpretedMotionState{Flags: 0x07, CurrentStyle: motioncmd.NonCombat, ForwardCommand: motioncmd.RunForward,
				ForwardSpeed: 1.5, SidestepSpeed: 1, TurnSpeed: 1}},
	}
	posMoveWire := le{}.u32(0xF619).u32(0x80000A01).u32(0x31).u32(0xA9B40021).f32(50).f32(60.5).f32(12).
		f32(w7071).f32(w7071).f32(1).f32(2).f32(3).u16(2).u16(0x33).u16(4).u16(5).
		u16(0x0102).u16(0x0103).u8(1).pad().
		u8(0).u8(0).u16(0x3D).u32(0x07).u16(0x3D).u16(0x07).f32(1.5)

	objDesc := &ObjDescEvent{Guid: 0x50000001, Model: ObjDesc{Marker: 0x11, Palette: 0x0400007E,
		SubPalettes: []SubPalette{{ID: 0x04001FDF, Offset: 1, Length: 2}}}, InstanceSequence: 3, VisualDescSequence: 4}
	objDescWire := le{}.u32(0xF625).u32(0x50000001).u8(0x11).u8(1).u8(0).u8(0).raw(0x7E, 0, 0xDF, 0x1F).
		u8(1).u8(2).pad().u16(3).u16(4)

	return []vector{
		{"CreateObject/full", full, fullCreateObjectWire(0xF745)},
		{"CreateObject/minimal", minimal, minimalWire},
		{"CreateObject/animation_frame", animFrame, nil},
		{"CreateObject/move_to_buffer", moveToBuffer, nil},
		{"UpdateObject/full", upd, fullCreateObjectWire(0xF7DB)},
		{"UpdateMotion/doc_example", docMotion, docMotionWire},
		{"UpdateMotion/full_ims", fullMotion, fullMotionWire},
		{"UpdateMotion/defaults", defaults, defaultsWire},
		{"UpdateMotion/move_to_object", moveToObject, moveToObjectWire},
		{"UpdateMotion/move_to_position", moveToPosition, moveToPositionWire},
		{"UpdateMotion/turn_to_object", turnToObject, turnToObjectWire},
		{"UpdateMotion/turn_to_heading", turnToHeading, turnToHeadingWire},
		{"UpdateMotion/stop_completely", stop, stopWire},
		{"UpdatePosition/doc_example", docPos, docPosWire},
		{"UpdatePosition/full", fullPos, fullPosWire},
		{"UpdatePosition/no_rotation", noRot, noRotWire},
		{"ObjDescEvent", objDesc, objDescWire},
		{"PositionAndMovement", posMove, posMoveWire},
		{"DeleteObject", &DeleteObject{Guid: 0x80000A01, InstanceSequence: 2},
			le{}.u32(0xF747).u32(0x80000A01).u16(2).u16(0)},
		{"SetState", &SetState{Guid: 0x50000001, State: 0x00400408, InstanceSequence: 3, StateSequence: 0x1234},
			le{}.u32(0xF74B).u32(0x50000001).u32(0x00400408).u16(3).u16(0x1234)},
		{"PlayerTeleport", &PlayerTeleport{TeleportSequence: 0xABCD}, le{}.u32(0xF751).u16(0xABCD).u16(0)},
		{"PlayEffect", &PlayEffect{Guid: 0x50000001, Script: 0x12, Speed: 1},
			le{}.u32(0xF755).u32(0x50000001).u32(0x12).f32(1)},
		{"VectorUpdate", &VectorUpdate{Guid: 0x80000A01, Velocity: physics.Vec3{X: 1, Y: -2, Z: 3},
			Omega: physics.Vec3{Z: 0.25}, InstanceSequence: 1, VectorSequence: 2},
			le{}.u32(0xF74E).u32(0x80000A01).f32(1).f32(-2).f32(3).f32(0).f32(0).f32(0.25).u16(1).u16(2)},
		{"ParentEvent", &ParentEvent{Parent: 0x80000A01, Child: 0x80000C01, ParentLocation: 1, Placement: 1,
			ParentInstanceSequence: 2, ChildPositionSequence: 3},
			le{}.u32(0xF749).u32(0x80000A01).u32(0x80000C01).u32(1).u32(1).u16(2).u16(3)},
		{"PickupEvent", &PickupEvent{Guid: 0x80000C01, InstanceSequence: 1, PositionSequence: 9},
			le{}.u32(0xF74A).u32(0x80000C01).u16(1).u16(9)},
		{"Sound", &Sound{Guid: 0x80000A01, Sound: 0x7A, Volume: 0.5}, le{}.u32(0xF750).u32(0x80000A01).u32(0x7A).f32(0.5)},
		{"PlayerCreate", &PlayerCreate{Guid: 0x50000001}, le{}.u32(0xF746).u32(0x50000001)},
		{"GameEvent/Item_UseDone", catalogEvent(schema.Event, 0x01C7, 0x50000001, 17, Object{{"failure_type", uint32(0x0405)}}),
			le{}.u32(0xF7B0).u32(0x50000001).u32(17).u32(0x01C7).u32(0x0405)},
		// The two overrides (protocol/overrides.go), in the layouts ACE
		// writes them: Social_CharacterTitleTable with its leading u32 1,
		// and Communication_ChannelBroadcast with the sender's name between
		// the channel and the message (String16L: a u16 length, the bytes,
		// padding to four from the message's start).
		{"GameEvent/Social_CharacterTitleTable", catalogEvent(schema.Event, 0x0029, 0x50000001, 3,
			Object{{"unknown", uint32(1)}, {"display_title", uint32(14)}, {"titles", Object{{"count", uint32(2)}, {"list", []Object{{{"value", uint32(1)}}, {{"value", uint32(14)}}}}}}}),
			le{}.u32(0xF7B0).u32(0x50000001).u32(3).u32(0x0029).u32(1).u32(14).u32(2).u32(1).u32(14)},
		{"GameEvent/Communication_ChannelBroadcast", catalogEvent(schema.Event, 0x0147, 0x50000001, 4,
			Object{{"channel", uint32(0x00000800)}, {"sender_name", "Bob"}, {"message", "hello there"}}),
			le{}.u32(0xF7B0).u32(0x50000001).u32(4).u32(0x0147).u32(0x00000800).
				u16(3).raw('B', 'o', 'b').pad().u16(11).raw([]byte("hello there")...).pad()},
		{"GameAction/login_complete", catalogEvent(schema.Action, 0xA1, 0, 1, nil),
			le{}.u32(0xF7B1).u32(1).u32(0xA1)},
		{"MoveToState/doc_example", docMoveToState(), unhex(`
			b1 f7 00 00  05 00 00 00  1c f6 00 00
			05 00 00 00
			02 00 00 00  05 00 00 45
			21 00 b4 a9  00 00 48 42 00 00 72 42 00 00 40 41  00 00 80 3f 00 00 00 00 00 00 00 00 00 00 00 00
			03 00  00 00  01 00  00 00
			01  00 00 00`)},
		{"MoveToState/full", fullMoveToState(), fullMoveToStateWire()},
		{"Jump", &Jump{Sequence: 9, Extent: 0.5, Velocity: physics.Vec3{X: 1, Y: -2, Z: 10}, ClientStamps: ClientStamps{InstanceSequence: 1,
			ServerControlSequence: 2, TeleportSequence: 3, ForcePositionSequence: 4}},
			le{}.u32(0xF7B1).u32(9).u32(0xF61B).f32(0.5).f32(1).f32(-2).f32(10).u16(1).u16(2).u16(3).u16(4)},
		{"AutonomousPosition", &AutonomousPosition{Sequence: 6, Position: docPosition, ClientStamps: ClientStamps{InstanceSequence: 3,
			ServerControlSequence: 2, TeleportSequence: 1}, Contact: true},
			le{}.u32(0xF7B1).u32(6).u32(0xF753).u32(0xA9B40021).f32(50).f32(60.5).f32(12).f32(1).f32(0).f32(0).f32(0).
				u16(3).u16(2).u16(1).u16(0).u8(1).pad()},
	}
}

func docMoveToState() *MoveToState {
	m := &MoveToState{Sequence: 5, Position: docPosition, ClientStamps: ClientStamps{InstanceSequence: 3, TeleportSequence: 1}, Contact: true}
	m.Raw.Reset()
	m.Raw.CurrentHoldKey = HoldKeyRun
	m.Raw.ForwardCommand = motioncmd.WalkForward
	m.Raw.BuildFlags()
	return m
}

func fullMoveToState() *MoveToState {
	return &MoveToState{Sequence: 0x01020304, Position: docPosition,
		Raw: RawMotionState{Flags: 0x7FF, CurrentHoldKey: HoldKeyRun, CurrentStyle: 0x8000003E,
			ForwardCommand: motioncmd.WalkBackwards, ForwardHoldKey: HoldKeyRun, ForwardSpeed: 0.5,
			SidestepCommand: motioncmd.SideStepLeft, SidestepHoldKey: HoldKeyNone, SidestepSpeed: 0.75,
			TurnCommand: motioncmd.TurnLeft, TurnHoldKey: HoldKeyRun, TurnSpeed: 1.25,
			Actions: []MotionItem{{Command: 0x13000087, Sequence: 2, Autonomous: true, Speed: 1}}},
		ClientStamps: ClientStamps{InstanceSequence: 1, ServerControlSequence: 2, TeleportSequence: 3, ForcePositionSequence: 4},
		Contact:      true, StandingLongJump: true}
}

func fullMoveToStateWire() []byte {
	return le{}.u32(0xF7B1).u32(0x01020304).u32(0xF61C).u32(0x7FF | 1<<11).
		u32(2).u32(0x8000003E).u32(0x45000006).u32(2).f32(0.5).
		u32(0x65000010).u32(1).f32(0.75).u32(0x6500000E).u32(2).f32(1.25).
		u16(0x87).u16(0x8002).f32(1).
		u32(0xA9B40021).f32(50).f32(60.5).f32(12).f32(1).f32(0).f32(0).f32(0).
		u16(1).u16(2).u16(3).u16(4).u8(3).pad()
}

// vectorNamed returns the vector with the given name.
func vectorNamed(name string) vector {
	for _, v := range vectors() {
		if v.name == name {
			return v
		}
	}
	panic("no vector " + name)
}

// catalogEvent is a GameEvent or GameAction of the catalogue.
func catalogEvent(g schema.Group, typ, guid, seq uint32, values Object) *Generic {
	d, ok := Describe(g, typ)
	if !ok {
		panic("not in the catalogue")
	}
	return &Generic{Desc: d, Guid: guid, Sequence: seq, Values: values}
}
