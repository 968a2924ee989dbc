package protocol

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// Object is an ordered field view of a message: snake_case keys as in
// wire-format.md. It renders as a JSON object (keys in order) or as one line
// of readable text.
type Object []Field

// Field is one key and value of an Object. Values are Hex, Command, the Go
// integer and float types, bool, string, Object, []Object, []float32,
// []uint16 or nil.
type Field struct {
	Key   string
	Value any
}

// Hex is an id, guid, DID, cell or bit set: a JSON integer, "0x%08X" in text.
type Hex uint32

// Command is a full 32-bit motion command: a JSON integer, hex plus name in
// text.
type Command uint32

// MarshalJSON implements json.Marshaler.
func (o Object) MarshalJSON() ([]byte, error) { return o.AppendJSON(nil), nil }

// AppendJSON appends o as a JSON object. Non-finite floats, which JSON cannot
// hold, are written as the strings "NaN", "+Inf" and "-Inf".
func (o Object) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	for i, f := range o {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendQuote(dst, f.Key)
		dst = append(dst, ':')
		dst = appendJSONValue(dst, f.Value)
	}
	return append(dst, '}')
}

func appendJSONFloat(dst []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(dst, `"+Inf"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-Inf"`...)
	}
	return strconv.AppendFloat(dst, f, 'g', -1, bits)
}

func appendJSONValue(dst []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(dst, "null"...)
	case Hex:
		return strconv.AppendUint(dst, uint64(v), 10)
	case Command:
		return strconv.AppendUint(dst, uint64(v), 10)
	case uint8:
		return strconv.AppendUint(dst, uint64(v), 10)
	case uint16:
		return strconv.AppendUint(dst, uint64(v), 10)
	case uint32:
		return strconv.AppendUint(dst, uint64(v), 10)
	case int:
		return strconv.AppendInt(dst, int64(v), 10)
	case int8:
		return strconv.AppendInt(dst, int64(v), 10)
	case int32:
		return strconv.AppendInt(dst, int64(v), 10)
	case int16:
		return strconv.AppendInt(dst, int64(v), 10)
	case int64:
		return strconv.AppendInt(dst, v, 10)
	case uint64:
		return strconv.AppendUint(dst, v, 10)
	case []byte:
		dst = append(dst, '"')
		dst = hex.AppendEncode(dst, v)
		return append(dst, '"')
	case float32:
		return appendJSONFloat(dst, float64(v), 32)
	case float64:
		return appendJSONFloat(dst, v, 64)
	case bool:
		return strconv.AppendBool(dst, v)
	case string:
		b, _ := json.Marshal(v) // a string always marshals
		return append(dst, b...)
	case Object:
		return v.AppendJSON(dst)
	case []Object:
		dst = append(dst, '[')
		for i, o := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = o.AppendJSON(dst)
		}
		return append(dst, ']')
	case []float32:
		dst = append(dst, '[')
		for i, f := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONFloat(dst, float64(f), 32)
		}
		return append(dst, ']')
	case []uint16:
		dst = append(dst, '[')
		for i, n := range v {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendUint(dst, uint64(n), 10)
		}
		return append(dst, ']')
	}
	b, _ := json.Marshal(fmt.Sprint(v))
	return append(dst, b...)
}

// AppendText appends o as space-separated key=value pairs: ids in hex,
// commands with their names, nested objects in braces.
func (o Object) AppendText(dst []byte) []byte {
	for i, f := range o {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, f.Key...)
		dst = append(dst, '=')
		dst = appendTextValue(dst, f.Value)
	}
	return dst
}

func appendTextValue(dst []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(dst, '-')
	case Hex:
		return fmt.Appendf(dst, "0x%08X", uint32(v))
	case Command:
		if n, ok := motioncmd.Lookup(uint32(v)); ok {
			return fmt.Appendf(dst, "0x%08X(%s)", uint32(v), n)
		}
		return fmt.Appendf(dst, "0x%08X(unknown)", uint32(v))
	case string:
		return strconv.AppendQuote(dst, v)
	case []byte:
		return hex.AppendEncode(dst, v)
	case Object:
		return append(v.AppendText(append(dst, '{')), '}')
	case []Object:
		dst = append(dst, '[')
		for i, o := range v {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = append(o.AppendText(append(dst, '{')), '}')
		}
		return append(dst, ']')
	case []float32:
		dst = append(dst, '[')
		for i, f := range v {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = strconv.AppendFloat(dst, float64(f), 'g', -1, 32)
		}
		return append(dst, ']')
	case []uint16:
		dst = append(dst, '[')
		for i, n := range v {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = strconv.AppendUint(dst, uint64(n), 10)
		}
		return append(dst, ']')
	case float32:
		return strconv.AppendFloat(dst, float64(v), 'g', -1, 32)
	case float64:
		return strconv.AppendFloat(dst, v, 'g', -1, 64)
	}
	return fmt.Append(dst, v)
}

func vec(v physics.Vec3) []float32 { return []float32{v.X, v.Y, v.Z} }

func quat(q physics.Quat) []float32 { return []float32{q.W, q.X, q.Y, q.Z} }

func positionFields(p Position) Object {
	return Object{{"cell", Hex(p.Cell)}, {"origin", vec(p.Frame.Origin)}, {"rotation", quat(p.Frame.Orientation)}}
}

func motionItemsView(items []MotionItem) []Object {
	out := make([]Object, 0, len(items))
	for _, it := range items {
		out = append(out, Object{{"command", Command(it.Command)}, {"sequence", it.Sequence},
			{"autonomous", it.Autonomous}, {"speed", it.Speed}})
	}
	return out
}

// movementFields is the view of a MovementData. For type 0, current_style
// is the InterpretedMotionState's stance (the authoritative one) and
// header_style the header's; for types 6–9 current_style is the header's.
func movementFields(m *MovementData) Object {
	o := Object{{"movement_type", uint8(m.Type)}, {"motion_flags", Hex(m.MotionFlags)}, {"header_style", Command(m.Style)}}
	switch m.Type {
	case MovementInterpreted:
		s := &m.State
		o = append(o,
			Field{"ims_flags", Hex(s.Flags)},
			Field{"current_style", Command(s.CurrentStyle)},
			Field{"forward_command", Command(s.ForwardCommand)},
			Field{"forward_speed", s.ForwardSpeed},
			Field{"sidestep_command", Command(s.SidestepCommand)},
			Field{"sidestep_speed", s.SidestepSpeed},
			Field{"turn_command", Command(s.TurnCommand)},
			Field{"turn_speed", s.TurnSpeed},
			Field{"num_actions", len(s.Actions)},
			Field{"actions", motionItemsView(s.Actions)})
		if m.MotionFlags&MotionStickToObject != 0 {
			o = append(o, Field{"sticky_object", Hex(m.StickyObject)})
		}
		return o
	}
	o = append(o, Field{"current_style", Command(m.Style)})
	switch m.Type {
	case MovementMoveToObject, MovementMoveToPosition:
		if m.Type == MovementMoveToObject {
			o = append(o, Field{"target", Hex(m.Target)})
		}
		p := m.MoveTo
		o = append(o,
			Field{"cell", Hex(m.Origin.Cell)}, Field{"origin", vec(m.Origin.Pos)},
			Field{"movement_params", Hex(p.MovementParams)},
			Field{"distance_to_object", p.DistanceToObject}, Field{"min_distance", p.MinDistance},
			Field{"fail_distance", p.FailDistance}, Field{"speed", p.Speed},
			Field{"walk_run_threshold", p.WalkRunThreshold}, Field{"desired_heading", p.DesiredHeading},
			Field{"run_rate", m.RunRate})
	case MovementTurnToObject, MovementTurnToHeading:
		if m.Type == MovementTurnToObject {
			o = append(o, Field{"target", Hex(m.Target)}, Field{"object_desired_heading", m.DesiredHeading})
		}
		o = append(o, Field{"movement_params", Hex(m.TurnTo.MovementParams)},
			Field{"speed", m.TurnTo.Speed}, Field{"desired_heading", m.TurnTo.DesiredHeading})
	}
	return o
}

func objDescFields(d *ObjDesc) Object {
	subs := make([]Object, 0, len(d.SubPalettes))
	for _, s := range d.SubPalettes {
		subs = append(subs, Object{{"id", Hex(s.ID)}, {"offset", s.Offset}, {"length", s.Length}})
	}
	tex := make([]Object, 0, len(d.TextureChanges))
	for _, t := range d.TextureChanges {
		tex = append(tex, Object{{"part", t.Part}, {"old", Hex(t.Old)}, {"new", Hex(t.New)}})
	}
	anim := make([]Object, 0, len(d.AnimPartChanges))
	for _, a := range d.AnimPartChanges {
		anim = append(anim, Object{{"part", a.Part}, {"gfxobj", Hex(a.GfxObj)}})
	}
	return Object{{"palette", Hex(d.Palette)}, {"subpalettes", subs}, {"texture_changes", tex}, {"anim_part_changes", anim}}
}

// Fields implements Message.
func (m *CreateObject) Fields() Object {
	p, w := &m.Physics, &m.Weenie
	o := Object{
		{"guid", Hex(m.Guid)}, {"name", w.Name}, {"wcid", w.WeenieClassID},
		{"setup", Hex(p.Setup)}, {"motion_table", Hex(p.MotionTable)}, {"sound_table", Hex(p.SoundTable)},
		{"physics_script_table", Hex(p.PhysicsScriptTable)},
		{"physics_flags", Hex(p.Flags)}, {"physics_state", Hex(p.State)},
	}
	if p.Flags&PhysicsPosition != 0 {
		o = append(o, positionFields(p.Position)...)
	} else {
		o = append(o, Field{"cell", nil}, Field{"origin", nil}, Field{"rotation", nil})
	}
	ts := p.Timestamps
	o = append(o, Field{"timestamps", ts[:]})
	if p.Movement != nil {
		o = append(o, Field{"movement", movementFields(p.Movement)}, Field{"movement_autonomous", p.MovementAutonomous})
	} else {
		o = append(o, Field{"movement", nil})
	}
	f := p.Flags
	opt := func(bit uint32, key string, v any) {
		if f&bit != 0 {
			o = append(o, Field{key, v})
		}
	}
	if f&PhysicsMovement == 0 {
		opt(PhysicsAnimationFrame, "animation_frame", p.AnimationFrame)
	}
	if f&PhysicsParent != 0 {
		o = append(o, Field{"parent", Hex(p.Parent)}, Field{"parent_location", p.ParentLocation})
	}
	if f&PhysicsChildren != 0 {
		ch := make([]Object, 0, len(p.Children))
		for _, c := range p.Children {
			ch = append(ch, Object{{"guid", Hex(c.Guid)}, {"location", c.Location}})
		}
		o = append(o, Field{"children", ch})
	}
	opt(PhysicsObjScale, "scale", p.Scale)
	opt(PhysicsFriction, "friction", p.Friction)
	opt(PhysicsElasticity, "elasticity", p.Elasticity)
	opt(PhysicsTranslucency, "translucency", p.Translucency)
	opt(PhysicsVelocity, "velocity", vec(p.Velocity))
	opt(PhysicsAcceleration, "acceleration", vec(p.Acceleration))
	opt(PhysicsOmega, "omega", vec(p.Omega))
	opt(PhysicsDefaultScript, "default_script", p.DefaultScript)
	opt(PhysicsDefaultScriptIntensity, "default_script_intensity", p.DefaultScriptIntensity)
	o = append(o, Field{"model", objDescFields(&m.Model)})
	o = append(o, Field{"icon", Hex(w.Icon)}, Field{"item_type", Hex(w.ItemType)},
		Field{"weenie_flags", Hex(w.Flags)}, Field{"object_description_flags", Hex(w.ObjectDescFlags)})
	if w.ObjectDescFlags&ObjDescIncludesSecondHeader != 0 {
		o = append(o, Field{"weenie_flags2", Hex(w.Flags2)})
	}
	f, f2 := w.Flags, w.Flags2
	opt(WeeniePluralName, "plural_name", w.PluralName)
	opt(WeenieItemsCapacity, "items_capacity", w.ItemsCapacity)
	opt(WeenieContainersCapacity, "containers_capacity", w.ContainersCapacity)
	opt(WeenieAmmoType, "ammo_type", w.AmmoType)
	opt(WeenieValue, "value", w.Value)
	opt(WeenieUsable, "usable", Hex(w.Usable))
	opt(WeenieUseRadius, "use_radius", w.UseRadius)
	opt(WeenieTargetType, "target_type", Hex(w.TargetType))
	opt(WeenieUiEffects, "ui_effects", Hex(w.UiEffects))
	opt(WeenieCombatUse, "combat_use", w.CombatUse)
	opt(WeenieStructure, "structure", w.Structure)
	opt(WeenieMaxStructure, "max_structure", w.MaxStructure)
	opt(WeenieStackSize, "stack_size", w.StackSize)
	opt(WeenieMaxStackSize, "max_stack_size", w.MaxStackSize)
	opt(WeenieContainer, "container", Hex(w.Container))
	opt(WeenieWielder, "wielder", Hex(w.Wielder))
	opt(WeenieValidLocations, "valid_locations", Hex(w.ValidLocations))
	opt(WeenieCurrentlyWielded, "currently_wielded_location", Hex(w.CurrentlyWieldedLocation))
	opt(WeeniePriority, "priority", Hex(w.Priority))
	opt(WeenieRadarBlipColor, "radar_blip_color", w.RadarBlipColor)
	opt(WeenieRadarBehavior, "radar_behavior", w.RadarBehavior)
	opt(WeeniePScript, "pscript", w.PScript)
	opt(WeenieWorkmanship, "workmanship", w.Workmanship)
	opt(WeenieBurden, "burden", w.Burden)
	opt(WeenieSpell, "spell", w.Spell)
	opt(WeenieHouseOwner, "house_owner", Hex(w.HouseOwner))
	if f&WeenieHouseRestrictions != 0 {
		h := &w.HouseRestrictions
		guests := make([]Object, 0, len(h.Entries))
		for _, e := range h.Entries {
			guests = append(guests, Object{{"guid", Hex(e.Guid)}, {"access", e.Access}})
		}
		o = append(o, Field{"house_restrictions", Object{{"version", Hex(h.Version)}, {"open", h.Open},
			{"monarch", Hex(h.Monarch)}, {"buckets", h.Buckets}, {"guests", guests}}})
	}
	opt(WeenieHookItemTypes, "hook_item_types", Hex(w.HookItemTypes))
	opt(WeenieMonarch, "monarch", Hex(w.Monarch))
	opt(WeenieHookType, "hook_type", w.HookType)
	opt(WeenieIconOverlay, "icon_overlay", Hex(w.IconOverlay))
	opt(WeenieMaterialType, "material_type", w.MaterialType)
	f = f2
	opt(Weenie2IconUnderlay, "icon_underlay", Hex(w.IconUnderlay))
	opt(Weenie2Cooldown, "cooldown", w.Cooldown)
	opt(Weenie2CooldownDuration, "cooldown_duration", w.CooldownDuration)
	opt(Weenie2PetOwner, "pet_owner", Hex(w.PetOwner))
	return o
}

// Fields implements Message.
func (m *UpdateMotion) Fields() Object {
	o := Object{{"guid", Hex(m.Guid)}, {"instance_sequence", m.InstanceSequence},
		{"movement_sequence", m.MovementSequence}, {"server_control_sequence", m.ServerControlSequence},
		{"autonomous", m.Autonomous}}
	return append(o, movementFields(&m.Movement)...)
}

// Fields implements Message.
func (m *PositionAndMovement) Fields() Object {
	o := m.Position.Fields()
	o = append(o, Field{"movement_sequence", m.MovementSequence}, Field{"server_control_sequence", m.ServerControlSequence},
		Field{"autonomous", m.Autonomous})
	return append(o, movementFields(&m.Movement)...)
}

// Fields implements Message.
func (m *UpdatePosition) Fields() Object {
	o := Object{{"guid", Hex(m.Guid)}, {"flags", Hex(m.Flags)}}
	o = append(o, positionFields(m.Position)...)
	if m.Flags&PositionHasVelocity != 0 {
		o = append(o, Field{"velocity", vec(m.Velocity)})
	}
	if m.Flags&PositionHasPlacementID != 0 {
		o = append(o, Field{"placement", m.Placement})
	}
	return append(o, Field{"grounded", m.Flags&PositionIsGrounded != 0},
		Field{"instance_sequence", m.InstanceSequence}, Field{"position_sequence", m.PositionSequence},
		Field{"teleport_sequence", m.TeleportSequence}, Field{"force_position_sequence", m.ForcePositionSequence})
}

// Fields implements Message.
func (m *ObjDescEvent) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"model", objDescFields(&m.Model)},
		{"instance_sequence", m.InstanceSequence}, {"visual_desc_sequence", m.VisualDescSequence}}
}

// Fields implements Message.
func (m *DeleteObject) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"instance_sequence", m.InstanceSequence}}
}

// Fields implements Message.
func (m *SetState) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"state", Hex(m.State)},
		{"instance_sequence", m.InstanceSequence}, {"state_sequence", m.StateSequence}}
}

// Fields implements Message.
func (m *PlayerTeleport) Fields() Object {
	return Object{{"teleport_sequence", m.TeleportSequence}}
}

// Fields implements Message.
func (m *PlayEffect) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"script", m.Script}, {"speed", m.Speed}}
}

// Fields implements Message.
func (m *VectorUpdate) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"velocity", vec(m.Velocity)}, {"omega", vec(m.Omega)},
		{"instance_sequence", m.InstanceSequence}, {"vector_sequence", m.VectorSequence}}
}

// Fields implements Message.
func (m *GameEvent) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"event_sequence", m.Sequence}, {"event_type", Hex(m.EventType)},
		{"body_length", len(m.Body)}}
}

// Fields implements Message.
func (m *MoveToState) Fields() Object {
	s := &m.Raw
	o := Object{{"sequence", m.Sequence}, {"action_type", Hex(ActionMoveToState)},
		{"raw_flags", Hex(s.Flags)},
		{"current_holdkey", s.CurrentHoldKey}, {"current_style", Command(s.CurrentStyle)},
		{"forward_command", Command(s.ForwardCommand)}, {"forward_holdkey", s.ForwardHoldKey}, {"forward_speed", s.ForwardSpeed},
		{"sidestep_command", Command(s.SidestepCommand)}, {"sidestep_holdkey", s.SidestepHoldKey}, {"sidestep_speed", s.SidestepSpeed},
		{"turn_command", Command(s.TurnCommand)}, {"turn_holdkey", s.TurnHoldKey}, {"turn_speed", s.TurnSpeed},
		{"num_actions", len(s.Actions)}, {"actions", motionItemsView(s.Actions)}}
	o = append(o, positionFields(m.Position)...)
	return append(o, Field{"instance_sequence", m.InstanceSequence},
		Field{"server_control_sequence", m.ServerControlSequence}, Field{"teleport_sequence", m.TeleportSequence},
		Field{"force_position_sequence", m.ForcePositionSequence},
		Field{"contact", m.Contact}, Field{"standing_long_jump", m.StandingLongJump})
}

// Fields implements Message.
func (m *Jump) Fields() Object {
	return Object{{"sequence", m.Sequence}, {"action_type", Hex(ActionJump)}, {"extent", m.Extent},
		{"velocity", vec(m.Velocity)}, {"instance_sequence", m.InstanceSequence},
		{"server_control_sequence", m.ServerControlSequence}, {"teleport_sequence", m.TeleportSequence},
		{"force_position_sequence", m.ForcePositionSequence}}
}

// Fields implements Message.
func (m *AutonomousPosition) Fields() Object {
	o := Object{{"sequence", m.Sequence}, {"action_type", Hex(ActionAutonomousPosition)}}
	o = append(o, positionFields(m.Position)...)
	return append(o, Field{"instance_sequence", m.InstanceSequence},
		Field{"server_control_sequence", m.ServerControlSequence}, Field{"teleport_sequence", m.TeleportSequence},
		Field{"force_position_sequence", m.ForcePositionSequence}, Field{"contact", m.Contact})
}

// Fields implements Message.
func (m *GameAction) Fields() Object {
	return Object{{"sequence", m.Sequence}, {"action_type", Hex(m.Type)}, {"body_length", len(m.Body)}}
}

// Fields implements Message.
func (m *ParentEvent) Fields() Object {
	return Object{{"parent", Hex(m.Parent)}, {"child", Hex(m.Child)}, {"parent_location", m.ParentLocation},
		{"placement", m.Placement}, {"parent_instance_sequence", m.ParentInstanceSequence},
		{"child_position_sequence", m.ChildPositionSequence}}
}

// Fields implements Message.
func (m *PickupEvent) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"instance_sequence", m.InstanceSequence}, {"position_sequence", m.PositionSequence}}
}

// Fields implements Message.
func (m *Sound) Fields() Object {
	return Object{{"guid", Hex(m.Guid)}, {"sound", m.Sound}, {"volume", m.Volume}}
}

// Fields implements Message.
func (m *PlayerCreate) Fields() Object { return Object{{"guid", Hex(m.Guid)}} }
