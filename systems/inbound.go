package systems

import (
	"fmt"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
	"github.com/dereth/dereth/protocol"
)

// InterpolateMaxDistance is how far an UpdatePosition may be from where
// the object is and still be blended in by the PositionManager; further
// away it snaps (divergence UP-01).
const InterpolateMaxDistance = PlayerDistance

// ItemTypeCreature is WeenieDesc.ItemType's creature bit.
const ItemTypeCreature = 0x10

// wireWeenie is the game-object side of an object a server created.
type wireWeenie struct {
	w        *World
	guid     uint32
	creature bool
}

func (ww wireWeenie) IsCreature() bool            { return ww.creature }
func (ww wireWeenie) IsThePlayer() bool           { return ww.guid == ww.w.PlayerGUID }
func (ww wireWeenie) InqRunRate() (float32, bool) { return 0, false }

// traceMessage records an inbound message applied (reason empty) or
// dropped for reason.
func (b *SmartBox) traceMessage(guid uint32, msg string, reason Reason, detail string) {
	w := b.w
	if w.Trace != nil {
		w.emit(Event{Frame: w.FrameNo, Obj: guid, Kind: KindMessage, Message: msg, Reason: reason, Detail: detail})
	}
}

// Apply dispatches one decoded server message into the world
// (ACSmartBox::DispatchSmartBoxEvent). A stale message is dropped and
// traced, not an error; an error means the message could not be applied.
//
// A message carrying a NaN, ±Inf or out-of-bounds number (sanity.go) is
// dropped before any handler sees it and traced with ReasonBadValue.
func (b *SmartBox) Apply(m protocol.Message) error {
	w := b.w
	if guid, bad := badValue(m); bad != "" {
		b.traceMessage(guid, m.Name(), ReasonBadValue, bad)
		return nil
	}
	switch m := m.(type) {
	case *protocol.CreateObject:
		_, err := b.CreateObject(m)
		return err
	case *protocol.UpdateMotion:
		return b.UpdateMotion(m)
	case *protocol.UpdatePosition:
		return b.UpdatePosition(m)
	case *protocol.PositionAndMovement:
		return b.PositionAndMovement(m)
	case *protocol.SetState:
		return b.SetState(m)
	case *protocol.VectorUpdate:
		return b.VectorUpdate(m)
	case *protocol.PlayEffect:
		return b.PlayEffect(m)
	case *protocol.DeleteObject:
		return b.DeleteObject(m)
	case *protocol.ObjDescEvent:
		return b.ObjDescEvent(m)
	case *protocol.PlayerTeleport:
		if o := w.Object(w.PlayerGUID); o != nil {
			o.Phys.UpdateTimes[protocol.SeqTeleport] = m.TeleportSequence
			b.BeginTeleport()
		}
		b.traceMessage(w.PlayerGUID, "PlayerTeleport", "", "")
		return nil
	}
	return fmt.Errorf("systems: %s (0x%04X) is not applied to the world", m.Name(), uint32(m.Opcode()))
}

// ApplyBytes decodes and applies one message.
func (b *SmartBox) ApplyBytes(data []byte) error {
	m, err := protocol.Decode(data)
	if err != nil {
		return err
	}
	return b.Apply(m)
}

func (b *SmartBox) find(name string, guid uint32) (*components.View, error) {
	w := b.w
	o := w.Object(guid)
	if o == nil {
		b.traceMessage(guid, name, ReasonUnknownObject, "")
		return nil, &UnknownObjectError{Message: name, Guid: guid}
	}
	return o, nil
}

// UnknownObjectError is a message for an object the world does not hold
// (never created, or already deleted). A replay of a capture that starts
// mid-session counts these as before_capture rather than as failures.
type UnknownObjectError struct {
	Message string
	Guid    uint32
}

func (e *UnknownObjectError) Error() string {
	return fmt.Sprintf("systems: %s for unknown object 0x%08X", e.Message, e.Guid)
}

// instanceOK is the instance-sequence gate: a message for an older
// incarnation of the object is dropped.
func (b *SmartBox) instanceOK(o *components.View, name string, seq uint16) bool {
	cur := o.Phys.UpdateTimes[protocol.SeqInstance]
	if seq != cur && !physics.NewerStamp(cur, seq) {
		b.traceMessage(o.Phys.GUID, name, ReasonStaleInstance, "")
		return false
	}
	o.Phys.UpdateTimes[protocol.SeqInstance] = seq
	return true
}

// gate accepts seq when it is newer than the stamp at index i and records it.
func (b *SmartBox) gate(o *components.View, name string, i int, seq uint16) bool {
	if !physics.NewerStamp(o.Phys.UpdateTimes[i], seq) {
		b.traceMessage(o.Phys.GUID, name, ReasonStaleSequence, "")
		return false
	}
	o.Phys.UpdateTimes[i] = seq
	return true
}

// CreateObject builds the object through the one initializer
// (SmartBox::HandleCreateObject: set_description → apply MovementData
// while detached → enter_world → HandleEnterWorld). A second CreateObject
// for a live guid replaces it only when its instance sequence is newer.
func (b *SmartBox) CreateObject(m *protocol.CreateObject) (*components.View, error) {
	w := b.w
	pd := &m.Physics
	if old := w.Object(m.Guid); old != nil {
		if !physics.NewerStamp(old.Phys.UpdateTimes[protocol.SeqInstance], pd.Timestamps[protocol.SeqInstance]) {
			b.traceMessage(m.Guid, "CreateObject", ReasonObjectExists, "")
			return old, nil
		}
		w.Remove(m.Guid)
	}
	d := archetypes.Desc{GUID: m.Guid, Archetype: archetypeOf(m), State: physics.State(pd.State),
		Scale: 1, UpdateTimes: pd.Timestamps, Autonomous: pd.MovementAutonomous}
	d.Weenie = wireWeenie{w: w, guid: m.Guid, creature: m.Weenie.ItemType&ItemTypeCreature != 0}
	if pd.Flags&protocol.PhysicsPosition != 0 {
		d.Cell, d.Frame = pd.Position.Cell, pd.Position.Frame
	}
	if pd.Flags&protocol.PhysicsParent != 0 {
		d.Parent = pd.Parent
	}
	if pd.Flags&protocol.PhysicsObjScale != 0 && pd.Scale > 0 {
		d.Scale = pd.Scale
	}
	d.Velocity, d.Acceleration, d.Omega = pd.Velocity, pd.Acceleration, pd.Omega
	if pd.Flags&(protocol.PhysicsCSetup|protocol.PhysicsMTable) != 0 && w.Assets == nil {
		return nil, fmt.Errorf("CreateObject 0x%08X: %w", m.Guid, errNoAssets)
	}
	var err error
	if pd.Flags&protocol.PhysicsCSetup != 0 {
		if d.Setup, err = w.Assets.Setup(pd.Setup); err != nil {
			return nil, fmt.Errorf("CreateObject 0x%08X: setup: %w", m.Guid, err)
		}
	}
	if pd.Flags&protocol.PhysicsMTable != 0 && pd.MotionTable != 0 {
		if d.MotionTable, err = w.Assets.MotionTable(pd.MotionTable); err != nil {
			return nil, fmt.Errorf("CreateObject 0x%08X: motion table: %w", m.Guid, err)
		}
	}
	if w.Assets != nil {
		d.Anims = w.Assets
	}
	d.Managers = archetypes.WithParticle | archetypes.WithScript | archetypes.WithPhysicsHooks | archetypes.WithPosition | archetypes.WithTarget
	d.Transient = physics.TransientContact | physics.TransientOnWalkable
	if md := pd.Movement; md != nil && md.Type == protocol.MovementInterpreted {
		st := physobj.InterpretedFromWire(&md.State)
		d.Movement = &st
		d.StandingLongJump = md.MotionFlags&protocol.MotionStandingLongJump != 0
	}
	d.Look = appearanceFrom(&m.Model)
	d.Static = d.State.Has(physics.StateStatic) && d.Setup != nil && d.Setup.DefaultAnimation != 0
	d.ScriptTable = pd.PhysicsScriptTable
	o, err := w.Spawn(d)
	if err != nil {
		return nil, fmt.Errorf("CreateObject 0x%08X: %w", m.Guid, err)
	}
	if md := pd.Movement; md != nil && md.Type >= protocol.MovementMoveToObject {
		b.unpackMovement(o, md)
	}
	b.traceMessage(m.Guid, "CreateObject", "", "")
	return o, nil
}

// archetypeOf names the object for display from its data only.
func archetypeOf(m *protocol.CreateObject) string {
	switch {
	case m.Weenie.Name != "":
		return m.Weenie.Name
	case m.Weenie.ItemType&ItemTypeCreature != 0:
		return "creature"
	}
	return "object"
}

func appearanceFrom(d *protocol.ObjDesc) *components.AppearanceData {
	a := &components.AppearanceData{Palette: d.Palette, PartGfx: map[int]uint32{}}
	for _, s := range d.SubPalettes {
		a.SubPalettes = append(a.SubPalettes, [3]uint32{s.ID, uint32(s.Offset), uint32(s.Length)})
	}
	for _, t := range d.TextureChanges {
		a.Textures = append(a.Textures, [3]uint32{uint32(t.Part), t.Old, t.New})
	}
	for _, c := range d.AnimPartChanges {
		a.PartGfx[int(c.Part)] = c.GfxObj
	}
	return a
}

// UpdateMotion applies 0xF74C: the instance gate (update_times[8]), then
// SetObjectMovement, and LoseControlToServer when the local player lost
// control (seed 004 Q1).
func (b *SmartBox) UpdateMotion(m *protocol.UpdateMotion) error {
	w := b.w
	o, err := b.find("UpdateMotion", m.Guid)
	if err != nil {
		return err
	}
	if !b.instanceOK(o, "UpdateMotion", m.InstanceSequence) {
		return nil
	}
	if b.SetObjectMovement(o, "UpdateMotion", m.MovementSequence, m.ServerControlSequence, m.Autonomous, &m.Movement) && w.Control != nil {
		w.Control.LoseControlToServer()
	}
	return nil
}

// SetObjectMovement is CPhysics::SetObjectMovement (0x00509690, seed 004
// Q1), the one movement path of 0xF74C and 0xF619: the movement gate
// (update_times[1] stored as soon as it passes), the server-control gate
// (update_times[5]), then — unless this is the local player's own
// autonomous movement — last_move_was_autonomous and unpack_movement. It
// reports whether the local player lost control to the server (the
// caller's LoseControlToServer). name is the message traced.
func (b *SmartBox) SetObjectMovement(o *components.View, name string, movement, serverControl uint16, autonomous bool, md *protocol.MovementData) bool {
	w := b.w
	switch protocol.GateMovement(&o.Phys.UpdateTimes, movement, serverControl) {
	case protocol.MovementStale:
		b.traceMessage(o.Phys.GUID, name, ReasonStaleMovementSequence, "movement")
		return false
	case protocol.ServerControlStale:
		b.traceMessage(o.Phys.GUID, name, ReasonStaleMovementSequence, "server control")
		return false
	}
	isPlayer := o.Phys.GUID == w.PlayerGUID
	if autonomous && isPlayer {
		b.traceMessage(o.Phys.GUID, name, ReasonOwnMovement, "")
		return false
	}
	o.Phys.Autonomous = autonomous
	b.unpackMovement(o, md)
	b.traceMessage(o.Phys.GUID, name, "", "")
	return isPlayer
}

// unpackMovement is CPhysicsObj::unpack_movement (physobj.UnpackMovement)
// with the world as the MoveTo host; an ignored movement type is traced.
func (b *SmartBox) unpackMovement(o *components.View, md *protocol.MovementData) {
	w := b.w
	if !physobj.UnpackMovement(w.ECS, o, md, MoveToHost(w)) {
		b.traceMessage(o.Phys.GUID, "MovementData", ReasonUnknownMovementType, fmt.Sprintf("type %d", md.Type))
	}
}

// UpdatePosition applies 0xF748 behind its sequence gate: a teleport or
// forced position, a far jump, or an object without a PositionManager
// snaps (SetPositionInternal); otherwise the PositionManager blends it in
// (seed 004 Q6). The local player accepts only forced positions.
func (b *SmartBox) UpdatePosition(m *protocol.UpdatePosition) error {
	o, err := b.find("UpdatePosition", m.Guid)
	if err != nil {
		return err
	}
	b.positionEvent(o, "UpdatePosition", m)
	return nil
}

// PositionAndMovement applies 0xF619, the plain movement event (seed 004
// Q1, ACSmartBox::DispatchSmartBoxEvent's "Movement" case):
// SmartBox::UnpackPositionEvent applies the position part as 0xF748 does;
// when it was processed, CPhysics::SetObjectMovement applies the movement
// part through the same path as 0xF74C, and a nonzero result —
// the local player under server control — calls LoseControlToServer.
func (b *SmartBox) PositionAndMovement(m *protocol.PositionAndMovement) error {
	w := b.w
	const name = "PositionAndMovement"
	o, err := b.find(name, m.Position.Guid)
	if err != nil {
		return err
	}
	if !b.positionEvent(o, name, &m.Position) {
		return nil
	}
	if b.SetObjectMovement(o, name, m.MovementSequence, m.ServerControlSequence, m.Autonomous, &m.Movement) && w.Control != nil {
		w.Control.LoseControlToServer()
	}
	return nil
}

// positionEvent is the position half of SmartBox::UnpackPositionEvent for
// object o, traced as name. It reports whether the event was processed:
// false only for an older incarnation (the instance gate); a stale
// position stamp drops the position and is still processed (divergence
// IN-02).
func (b *SmartBox) positionEvent(o *components.View, name string, m *protocol.UpdatePosition) bool {
	w := b.w
	if !b.instanceOK(o, name, m.InstanceSequence) {
		return false
	}
	if !b.gate(o, name, protocol.SeqPosition, m.PositionSequence) {
		return true
	}
	t := &o.Phys.UpdateTimes
	teleport := physics.NewerStamp(t[protocol.SeqTeleport], m.TeleportSequence) ||
		m.Guid == w.PlayerGUID && b.travel.awaiting() && t[protocol.SeqTeleport] == m.TeleportSequence
	forced := teleport || physics.NewerStamp(t[protocol.SeqForcePosition], m.ForcePositionSequence)
	t[protocol.SeqTeleport], t[protocol.SeqForcePosition] = m.TeleportSequence, m.ForcePositionSequence
	if m.Guid == w.PlayerGUID && !forced {
		b.traceMessage(m.Guid, name, ReasonOwnPosition, "")
		return true
	}
	o.Phys.Velocity = m.Velocity
	target := physics.Position{Cell: m.Position.Cell, Frame: m.Position.Frame}
	if teleport && m.Guid == w.PlayerGUID && target.Cell != 0 {
		b.Teleport(m.Guid, target) // TeleportPlayer behind the reveal barrier
		b.traceMessage(m.Guid, name, "", "teleport")
		return true
	}
	far := dat.GlobalDistance(o.Phys.Position, target) > InterpolateMaxDistance
	if forced || far || o.Position == nil || o.Phys.Position.Cell == 0 {
		w.SetPositionInternal(o, target)
		b.traceMessage(m.Guid, name, "", "snap")
		return true
	}
	o.Phys.Position.Frame.Orientation = target.Frame.Orientation
	w.Moved(m.Guid)
	o.Position.InterpolateTo(target)
	b.traceMessage(m.Guid, name, "", "interpolate")
	return true
}

// SetState applies 0xF74B: Hidden transitions go through SetHidden
// (seed 003 §1), every other bit is set as sent.
func (b *SmartBox) SetState(m *protocol.SetState) error {
	w := b.w
	o, err := b.find("SetState", m.Guid)
	if err != nil {
		return err
	}
	if !b.instanceOK(o, "SetState", m.InstanceSequence) || !b.gate(o, "SetState", protocol.SeqState, m.StateSequence) {
		return nil
	}
	next := physics.State(m.State)
	was := o.Phys.State.Has(physics.StateHidden)
	o.Phys.State = next&^physics.StateHidden | o.Phys.State&physics.StateHidden
	w.Moved(m.Guid) // Ethereal, HasPhysicsBSP: its body may leave, come back or change shape
	switch now := next.Has(physics.StateHidden); {
	case now && !was:
		w.SetHidden(o, true, b.typedScript(o, ScriptTypeHide))
	case !now && was:
		w.SetHidden(o, false, 0)
		if id := b.typedScript(o, ScriptTypeUnHide); id != 0 {
			w.PlayScript(o, id, 0)
		}
	}
	b.traceMessage(m.Guid, "SetState", "", "")
	return nil
}

// VectorUpdate applies 0xF74E: velocity and omega.
func (b *SmartBox) VectorUpdate(m *protocol.VectorUpdate) error {
	o, err := b.find("VectorUpdate", m.Guid)
	if err != nil {
		return err
	}
	if !b.instanceOK(o, "VectorUpdate", m.InstanceSequence) || !b.gate(o, "VectorUpdate", protocol.SeqVector, m.VectorSequence) {
		return nil
	}
	o.Phys.Velocity, o.Phys.Omega = m.Velocity, m.Omega
	b.traceMessage(m.Guid, "VectorUpdate", "", "")
	return nil
}

// Physics script types (PlayScript) the world itself plays.
const (
	ScriptTypeHide   = 0x4E
	ScriptTypeUnHide = 0x4F
)

// typedScript resolves a script type through the object's
// PhysicsScriptTable: the entry with the largest mod not above 1.
func (b *SmartBox) typedScript(o *components.View, typ uint32) uint32 {
	return b.scriptFor(o, typ, 1)
}

func (b *SmartBox) scriptFor(o *components.View, typ uint32, mod float32) uint32 {
	w := b.w
	if o.Phys.ScriptTable == 0 || w.Assets == nil {
		return 0
	}
	t, err := w.Assets.PhysicsScriptTable(o.Phys.ScriptTable)
	if err != nil || t == nil {
		return 0
	}
	var id uint32
	best := float32(-1)
	for _, e := range t.Scripts[typ] {
		if e.Mod <= mod && e.Mod > best {
			id, best = e.ScriptID, e.Mod
		}
	}
	if id == 0 && len(t.Scripts[typ]) > 0 {
		id = t.Scripts[typ][0].ScriptID
	}
	return id
}

// PlayEffect applies 0xF755: the typed script, picked by speed from the
// object's PhysicsScriptTable, is queued on its ScriptManager.
func (b *SmartBox) PlayEffect(m *protocol.PlayEffect) error {
	w := b.w
	o, err := b.find("PlayEffect", m.Guid)
	if err != nil {
		return err
	}
	id := b.scriptFor(o, m.Script, m.Speed)
	if id == 0 {
		b.traceMessage(m.Guid, "PlayEffect", ReasonNoScript, fmt.Sprintf("script type 0x%X", m.Script))
		return nil
	}
	w.PlayScript(o, id, 0)
	b.traceMessage(m.Guid, "PlayEffect", "", "")
	return nil
}

// DeleteObject applies 0xF747: the object is destroyed.
func (b *SmartBox) DeleteObject(m *protocol.DeleteObject) error {
	w := b.w
	o, err := b.find("DeleteObject", m.Guid)
	if err != nil {
		return err
	}
	if !b.instanceOK(o, "DeleteObject", m.InstanceSequence) {
		return nil
	}
	w.Remove(m.Guid)
	b.traceMessage(m.Guid, "DeleteObject", "", "")
	return nil
}

// ObjDescEvent applies 0xF625: appearance only. The entity, its animation
// state and sequencer, movement bindings, physics and selection all
// survive; palette, texture swaps, part replacements are replaced and the
// presentation revision increments (seed 002).
func (b *SmartBox) ObjDescEvent(m *protocol.ObjDescEvent) error {
	o, err := b.find("ObjDescEvent", m.Guid)
	if err != nil {
		return err
	}
	if !b.instanceOK(o, "ObjDescEvent", m.InstanceSequence) || !b.gate(o, "ObjDescEvent", protocol.SeqVisualDesc, m.VisualDescSequence) {
		return nil
	}
	n := appearanceFrom(&m.Model)
	n.Changes = o.Look.Changes + 1
	*o.Look = *n
	if o.Pres != nil {
		o.Pres.Revision++
	}
	b.traceMessage(m.Guid, "ObjDescEvent", "", "")
	return nil
}
