package protocol

import (
	"github.com/dereth/dereth/physics"
)

// PositionFlags bits of UpdatePosition (§4).
const (
	PositionHasVelocity    uint32 = 0x01
	PositionHasPlacementID uint32 = 0x02
	PositionIsGrounded     uint32 = 0x04
	PositionNoW            uint32 = 0x08
	PositionNoX            uint32 = 0x10
	PositionNoY            uint32 = 0x20
	PositionNoZ            uint32 = 0x40
)

// UpdatePosition is 0xF748 (§4). Flags says which rotation components,
// velocity and placement are on the wire; an omitted component is 0.
type UpdatePosition struct {
	Guid                  uint32
	Flags                 uint32
	Position              Position
	Velocity              physics.Vec3
	Placement             uint32
	InstanceSequence      uint16
	PositionSequence      uint16
	TeleportSequence      uint16
	ForcePositionSequence uint16
}

// PositionFlagsFor computes UpdatePosition flags the way ACE does
// (PositionPack.BuildFlags).
func PositionFlagsFor(rot physics.Quat, velocity physics.Vec3, hasPlacement, grounded bool) uint32 {
	var f uint32
	if !velocity.IsZero() {
		f |= PositionHasVelocity
	}
	if hasPlacement {
		f |= PositionHasPlacementID
	}
	if grounded {
		f |= PositionIsGrounded
	}
	for i, c := range [...]float32{rot.W, rot.X, rot.Y, rot.Z} {
		if c == 0 {
			f |= PositionNoW << i
		}
	}
	return f
}

// Opcode implements Message.
func (*UpdatePosition) Opcode() Opcode { return OpUpdatePosition }

// Name implements Message.
func (*UpdatePosition) Name() string { return "UpdatePosition" }

// DecodeUpdatePosition decodes b into m and returns the bytes used.
func DecodeUpdatePosition(b []byte, m *UpdatePosition) (int, error) {
	r := newReader(b, "UpdatePosition", OpUpdatePosition)
	*m = UpdatePosition{}
	m.Guid = r.u32("guid")
	r.positionPack(m)
	return r.Off, r.err
}

// positionPack reads the position pack (UpdatePosition's body after the
// guid, also 0xF619's position part) into m.
func (r *reader) positionPack(m *UpdatePosition) {
	m.Flags = r.u32("flags")
	m.Position.Cell = r.u32("cell")
	m.Position.Frame.Origin = r.vec3("origin")
	q := &m.Position.Frame.Orientation
	if m.Flags&PositionNoW == 0 {
		q.W = r.f32("rotation_w")
	}
	if m.Flags&PositionNoX == 0 {
		q.X = r.f32("rotation_x")
	}
	if m.Flags&PositionNoY == 0 {
		q.Y = r.f32("rotation_y")
	}
	if m.Flags&PositionNoZ == 0 {
		q.Z = r.f32("rotation_z")
	}
	if m.Flags&PositionHasVelocity != 0 {
		m.Velocity = r.vec3("velocity")
	}
	if m.Flags&PositionHasPlacementID != 0 {
		m.Placement = r.u32("placement")
	}
	m.InstanceSequence = r.u16("instance_sequence")
	m.PositionSequence = r.u16("position_sequence")
	m.TeleportSequence = r.u16("teleport_sequence")
	m.ForcePositionSequence = r.u16("force_position_sequence")
}

// Encode implements Message.
func (m *UpdatePosition) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpUpdatePosition))
	dst = appendU32(dst, m.Guid)
	return appendPositionPack(dst, m)
}

// appendPositionPack writes m's position pack (everything after the guid).
func appendPositionPack(dst []byte, m *UpdatePosition) []byte {
	dst = appendU32(dst, m.Flags)
	dst = appendU32(dst, m.Position.Cell)
	dst = appendVec3(dst, m.Position.Frame.Origin)
	q := m.Position.Frame.Orientation
	for i, c := range [...]float32{q.W, q.X, q.Y, q.Z} {
		if m.Flags&(PositionNoW<<i) == 0 {
			dst = appendF32(dst, c)
		}
	}
	if m.Flags&PositionHasVelocity != 0 {
		dst = appendVec3(dst, m.Velocity)
	}
	if m.Flags&PositionHasPlacementID != 0 {
		dst = appendU32(dst, m.Placement)
	}
	dst = appendU16(dst, m.InstanceSequence)
	dst = appendU16(dst, m.PositionSequence)
	dst = appendU16(dst, m.TeleportSequence)
	return appendU16(dst, m.ForcePositionSequence)
}

// ObjDescEvent is 0xF625: a new appearance for an existing object.
type ObjDescEvent struct {
	Guid               uint32
	Model              ObjDesc
	InstanceSequence   uint16
	VisualDescSequence uint16
}

// Opcode implements Message.
func (*ObjDescEvent) Opcode() Opcode { return OpObjDescEvent }

// Name implements Message.
func (*ObjDescEvent) Name() string { return "ObjDescEvent" }

// DecodeObjDescEvent decodes b into m, reusing m's slices, and returns the
// bytes used.
func DecodeObjDescEvent(b []byte, m *ObjDescEvent) (int, error) {
	r := newReader(b, "ObjDescEvent", OpObjDescEvent)
	m.Guid = r.u32("guid")
	r.objDesc(&m.Model)
	m.InstanceSequence = r.u16("instance_sequence")
	m.VisualDescSequence = r.u16("visual_desc_sequence")
	return r.Off, r.err
}

// Encode implements Message.
func (m *ObjDescEvent) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpObjDescEvent))
	dst = appendU32(dst, m.Guid)
	dst = appendObjDesc(dst, start, &m.Model)
	return appendU16(appendU16(dst, m.InstanceSequence), m.VisualDescSequence)
}

// DeleteObject is 0xF747: the object is gone (for this instance).
type DeleteObject struct {
	Guid             uint32
	InstanceSequence uint16
}

// Opcode implements Message.
func (*DeleteObject) Opcode() Opcode { return OpDeleteObject }

// Name implements Message.
func (*DeleteObject) Name() string { return "DeleteObject" }

// DecodeDeleteObject decodes b into m and returns the bytes used.
func DecodeDeleteObject(b []byte, m *DeleteObject) (int, error) {
	r := newReader(b, "DeleteObject", OpDeleteObject)
	m.Guid = r.u32("guid")
	m.InstanceSequence = r.u16("instance_sequence")
	r.align("pad")
	return r.Off, r.err
}

// Encode implements Message.
func (m *DeleteObject) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpDeleteObject))
	dst = appendU32(dst, m.Guid)
	return appendAlign(appendU16(dst, m.InstanceSequence), start)
}

// SetState is 0xF74B: new PhysicsState bits.
type SetState struct {
	Guid             uint32
	State            uint32
	InstanceSequence uint16
	StateSequence    uint16
}

// Opcode implements Message.
func (*SetState) Opcode() Opcode { return OpSetState }

// Name implements Message.
func (*SetState) Name() string { return "SetState" }

// DecodeSetState decodes b into m and returns the bytes used.
func DecodeSetState(b []byte, m *SetState) (int, error) {
	r := newReader(b, "SetState", OpSetState)
	m.Guid = r.u32("guid")
	m.State = r.u32("state")
	m.InstanceSequence = r.u16("instance_sequence")
	m.StateSequence = r.u16("state_sequence")
	return r.Off, r.err
}

// Encode implements Message.
func (m *SetState) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpSetState))
	dst = appendU32(appendU32(dst, m.Guid), m.State)
	return appendU16(appendU16(dst, m.InstanceSequence), m.StateSequence)
}

// PlayerTeleport is 0xF751: the client enters portal space.
type PlayerTeleport struct {
	TeleportSequence uint16
}

// Opcode implements Message.
func (*PlayerTeleport) Opcode() Opcode { return OpPlayerTeleport }

// Name implements Message.
func (*PlayerTeleport) Name() string { return "PlayerTeleport" }

// DecodePlayerTeleport decodes b into m and returns the bytes used.
func DecodePlayerTeleport(b []byte, m *PlayerTeleport) (int, error) {
	r := newReader(b, "PlayerTeleport", OpPlayerTeleport)
	m.TeleportSequence = r.u16("teleport_sequence")
	r.align("pad")
	return r.Off, r.err
}

// Encode implements Message.
func (m *PlayerTeleport) Encode(dst []byte) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(OpPlayerTeleport))
	return appendAlign(appendU16(dst, m.TeleportSequence), start)
}

// PlayEffect is 0xF755 (ACE GameMessageScript): play a PlayScript type,
// resolved through the object's physics script table.
type PlayEffect struct {
	Guid   uint32
	Script uint32 // PlayScript type
	Speed  float32
}

// Opcode implements Message.
func (*PlayEffect) Opcode() Opcode { return OpPlayEffect }

// Name implements Message.
func (*PlayEffect) Name() string { return "PlayEffect" }

// DecodePlayEffect decodes b into m and returns the bytes used.
func DecodePlayEffect(b []byte, m *PlayEffect) (int, error) {
	r := newReader(b, "PlayEffect", OpPlayEffect)
	m.Guid = r.u32("guid")
	m.Script = r.u32("script")
	m.Speed = r.f32("speed")
	return r.Off, r.err
}

// Encode implements Message.
func (m *PlayEffect) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpPlayEffect))
	return appendF32(appendU32(appendU32(dst, m.Guid), m.Script), m.Speed)
}

// VectorUpdate is 0xF74E: new velocity and omega.
type VectorUpdate struct {
	Guid             uint32
	Velocity         physics.Vec3
	Omega            physics.Vec3
	InstanceSequence uint16
	VectorSequence   uint16
}

// Opcode implements Message.
func (*VectorUpdate) Opcode() Opcode { return OpVectorUpdate }

// Name implements Message.
func (*VectorUpdate) Name() string { return "VectorUpdate" }

// DecodeVectorUpdate decodes b into m and returns the bytes used.
func DecodeVectorUpdate(b []byte, m *VectorUpdate) (int, error) {
	r := newReader(b, "VectorUpdate", OpVectorUpdate)
	m.Guid = r.u32("guid")
	m.Velocity = r.vec3("velocity")
	m.Omega = r.vec3("omega")
	m.InstanceSequence = r.u16("instance_sequence")
	m.VectorSequence = r.u16("vector_sequence")
	return r.Off, r.err
}

// Encode implements Message.
func (m *VectorUpdate) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpVectorUpdate))
	dst = appendVec3(appendVec3(appendU32(dst, m.Guid), m.Velocity), m.Omega)
	return appendU16(appendU16(dst, m.InstanceSequence), m.VectorSequence)
}

// GameEvent is the 0xF7B0 envelope header; Body is the event payload and
// aliases the decoded input.
type GameEvent struct {
	Guid      uint32 // your character
	Sequence  uint32
	EventType uint32
	Body      []byte
}

// Opcode implements Message.
func (*GameEvent) Opcode() Opcode { return OpGameEvent }

// Name implements Message.
func (*GameEvent) Name() string { return "GameEvent" }

// DecodeGameEvent decodes b into m and returns the bytes used (all of b: the
// body runs to the end).
func DecodeGameEvent(b []byte, m *GameEvent) (int, error) {
	r := newReader(b, "GameEvent", OpGameEvent)
	m.Guid = r.u32("guid")
	m.Sequence = r.u32("event_sequence")
	m.EventType = r.u32("event_type")
	m.Body = nil
	if r.err == nil {
		m.Body = r.B[r.Off:len(r.B):len(r.B)]
		r.Off = len(r.B)
	}
	return r.Off, r.err
}

// Encode implements Message.
func (m *GameEvent) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpGameEvent))
	dst = appendU32(appendU32(appendU32(dst, m.Guid), m.Sequence), m.EventType)
	return append(dst, m.Body...)
}

// ParentEvent is 0xF749: child is now held by parent (wielded).
type ParentEvent struct {
	Parent                 uint32
	Child                  uint32
	ParentLocation         uint32
	Placement              uint32
	ParentInstanceSequence uint16
	ChildPositionSequence  uint16
}

// Opcode implements Message.
func (*ParentEvent) Opcode() Opcode { return OpParentEvent }

// Name implements Message.
func (*ParentEvent) Name() string { return "ParentEvent" }

// DecodeParentEvent decodes b into m and returns the bytes used.
func DecodeParentEvent(b []byte, m *ParentEvent) (int, error) {
	r := newReader(b, "ParentEvent", OpParentEvent)
	m.Parent = r.u32("parent")
	m.Child = r.u32("child")
	m.ParentLocation = r.u32("parent_location")
	m.Placement = r.u32("placement")
	m.ParentInstanceSequence = r.u16("parent_instance_sequence")
	m.ChildPositionSequence = r.u16("child_position_sequence")
	return r.Off, r.err
}

// Encode implements Message.
func (m *ParentEvent) Encode(dst []byte) []byte {
	dst = appendU32(dst, uint32(OpParentEvent))
	dst = appendU32(appendU32(dst, m.Parent), m.Child)
	dst = appendU32(appendU32(dst, m.ParentLocation), m.Placement)
	return appendU16(appendU16(dst, m.ParentInstanceSequence), m.ChildPositionSequence)
}

// PickupEvent is 0xF74A: the object left the landblock into a container.
type PickupEvent struct {
	Guid             uint32
	InstanceSequence uint16
	PositionSequence uint16
}

// Opcode implements Message.
func (*PickupEvent) Opcode() Opcode { return OpPickupEvent }

// Name implements Message.
func (*PickupEvent) Name() string { return "PickupEvent" }

// DecodePickupEvent decodes b into m and returns the bytes used.
func DecodePickupEvent(b []byte, m *PickupEvent) (int, error) {
	r := newReader(b, "PickupEvent", OpPickupEvent)
	m.Guid = r.u32("guid")
	m.InstanceSequence = r.u16("instance_sequence")
	m.PositionSequence = r.u16("position_sequence")
	return r.Off, r.err
}

// Encode implements Message.
func (m *PickupEvent) Encode(dst []byte) []byte {
	dst = appendU32(appendU32(dst, uint32(OpPickupEvent)), m.Guid)
	return appendU16(appendU16(dst, m.InstanceSequence), m.PositionSequence)
}

// Sound is 0xF750: play a sound type from the object's sound table.
type Sound struct {
	Guid   uint32
	Sound  uint32 // sound type
	Volume float32
}

// Opcode implements Message.
func (*Sound) Opcode() Opcode { return OpSound }

// Name implements Message.
func (*Sound) Name() string { return "Sound" }

// DecodeSound decodes b into m and returns the bytes used.
func DecodeSound(b []byte, m *Sound) (int, error) {
	r := newReader(b, "Sound", OpSound)
	m.Guid = r.u32("guid")
	m.Sound = r.u32("sound")
	m.Volume = r.f32("volume")
	return r.Off, r.err
}

// Encode implements Message.
func (m *Sound) Encode(dst []byte) []byte {
	dst = appendU32(appendU32(dst, uint32(OpSound)), m.Guid)
	return appendF32(appendU32(dst, m.Sound), m.Volume)
}

// PlayerCreate is 0xF746: the guid of your own character.
type PlayerCreate struct {
	Guid uint32
}

// Opcode implements Message.
func (*PlayerCreate) Opcode() Opcode { return OpPlayerCreate }

// Name implements Message.
func (*PlayerCreate) Name() string { return "PlayerCreate" }

// DecodePlayerCreate decodes b into m and returns the bytes used.
func DecodePlayerCreate(b []byte, m *PlayerCreate) (int, error) {
	r := newReader(b, "PlayerCreate", OpPlayerCreate)
	m.Guid = r.u32("guid")
	return r.Off, r.err
}

// Encode implements Message.
func (m *PlayerCreate) Encode(dst []byte) []byte {
	return appendU32(appendU32(dst, uint32(OpPlayerCreate)), m.Guid)
}
