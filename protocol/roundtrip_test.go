package protocol

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"testing"
)

func TestVectorsRoundTrip(t *testing.T) {
	for _, v := range vectors() {
		t.Run(v.name, func(t *testing.T) {
			enc := v.msg.Encode(nil)
			if v.wire != nil && !bytes.Equal(enc, v.wire) {
				t.Fatalf("encode mismatch\n got %s\nwant %s", hex.EncodeToString(enc), hex.EncodeToString(v.wire))
			}
			got, err := Decode(enc)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if reflect.TypeOf(got) != reflect.TypeOf(v.msg) {
				t.Fatalf("decoded %T, want %T", got, v.msg)
			}
			if !sameValue(got, v.msg) {
				t.Fatalf("decoded value differs\n got %+v\nwant %+v", got, v.msg)
			}
			if again := got.Encode(nil); !bytes.Equal(again, enc) {
				t.Fatalf("re-encode differs\n got %x\nwant %x", again, enc)
			}
			// Alignment is relative to the message start, not to dst.
			prefix := []byte{0xAA, 0xBB, 0xCC}
			if out := v.msg.Encode(prefix); !bytes.Equal(out[3:], enc) || !bytes.Equal(out[:3], prefix) {
				t.Fatalf("encode after a 3-byte prefix differs\n got %x\nwant %x", out[3:], enc)
			}
		})
	}
}

func TestMessageLengthsMatchDoc(t *testing.T) {
	tests := []struct {
		name string
		msg  Message
		want int
	}{
		{"DeleteObject", &DeleteObject{}, 12},
		{"SetState", &SetState{}, 16},
		{"PlayerTeleport", &PlayerTeleport{}, 8},
		{"PlayEffect", &PlayEffect{}, 16},
		{"VectorUpdate", &VectorUpdate{}, 36},
		{"ParentEvent", &ParentEvent{}, 24},
		{"PickupEvent", &PickupEvent{}, 12},
		{"Sound", &Sound{}, 16},
		{"PlayerCreate", &PlayerCreate{}, 8},
		{"AutonomousPosition", &AutonomousPosition{}, 56},
		{"UpdateMotion/move_to_object", &UpdateMotion{Movement: MovementData{Type: MovementMoveToObject}}, 20 + 52},
		{"UpdateMotion/move_to_position", &UpdateMotion{Movement: MovementData{Type: MovementMoveToPosition}}, 20 + 48},
		{"UpdateMotion/turn_to_object", &UpdateMotion{Movement: MovementData{Type: MovementTurnToObject}}, 20 + 20},
		{"UpdateMotion/turn_to_heading", &UpdateMotion{Movement: MovementData{Type: MovementTurnToHeading}}, 20 + 12},
	}
	for _, tt := range tests {
		if got := len(tt.msg.Encode(nil)); got != tt.want {
			t.Errorf("%s: %d bytes, want %d", tt.name, got, tt.want)
		}
	}
}

// TestCreateObjectBranches sets one optional bit at a time and checks the
// field it governs survives the round trip.
func TestCreateObjectBranches(t *testing.T) {
	type branch struct {
		physics, weenie, weenie2 uint32
		field                    string // PhysicsDesc or WeenieDesc field name
	}
	branches := []branch{
		{physics: PhysicsMovement, field: "Movement"},
		{physics: PhysicsAnimationFrame, field: "AnimationFrame"},
		{physics: PhysicsPosition, field: "Position"},
		{physics: PhysicsMTable, field: "MotionTable"},
		{physics: PhysicsSTable, field: "SoundTable"},
		{physics: PhysicsPeTable, field: "PhysicsScriptTable"},
		{physics: PhysicsCSetup, field: "Setup"},
		{physics: PhysicsParent, field: "Parent"},
		{physics: PhysicsParent, field: "ParentLocation"},
		{physics: PhysicsChildren, field: "Children"},
		{physics: PhysicsObjScale, field: "Scale"},
		{physics: PhysicsFriction, field: "Friction"},
		{physics: PhysicsElasticity, field: "Elasticity"},
		{physics: PhysicsTranslucency, field: "Translucency"},
		{physics: PhysicsVelocity, field: "Velocity"},
		{physics: PhysicsAcceleration, field: "Acceleration"},
		{physics: PhysicsOmega, field: "Omega"},
		{physics: PhysicsDefaultScript, field: "DefaultScript"},
		{physics: PhysicsDefaultScriptIntensity, field: "DefaultScriptIntensity"},
		{weenie: WeeniePluralName, field: "PluralName"},
		{weenie: WeenieItemsCapacity, field: "ItemsCapacity"},
		{weenie: WeenieContainersCapacity, field: "ContainersCapacity"},
		{weenie: WeenieAmmoType, field: "AmmoType"},
		{weenie: WeenieValue, field: "Value"},
		{weenie: WeenieUsable, field: "Usable"},
		{weenie: WeenieUseRadius, field: "UseRadius"},
		{weenie: WeenieTargetType, field: "TargetType"},
		{weenie: WeenieUiEffects, field: "UiEffects"},
		{weenie: WeenieCombatUse, field: "CombatUse"},
		{weenie: WeenieStructure, field: "Structure"},
		{weenie: WeenieMaxStructure, field: "MaxStructure"},
		{weenie: WeenieStackSize, field: "StackSize"},
		{weenie: WeenieMaxStackSize, field: "MaxStackSize"},
		{weenie: WeenieContainer, field: "Container"},
		{weenie: WeenieWielder, field: "Wielder"},
		{weenie: WeenieValidLocations, field: "ValidLocations"},
		{weenie: WeenieCurrentlyWielded, field: "CurrentlyWieldedLocation"},
		{weenie: WeeniePriority, field: "Priority"},
		{weenie: WeenieRadarBlipColor, field: "RadarBlipColor"},
		{weenie: WeenieRadarBehavior, field: "RadarBehavior"},
		{weenie: WeeniePScript, field: "PScript"},
		{weenie: WeenieWorkmanship, field: "Workmanship"},
		{weenie: WeenieBurden, field: "Burden"},
		{weenie: WeenieSpell, field: "Spell"},
		{weenie: WeenieHouseOwner, field: "HouseOwner"},
		{weenie: WeenieHouseRestrictions, field: "HouseRestrictions"},
		{weenie: WeenieHookItemTypes, field: "HookItemTypes"},
		{weenie: WeenieMonarch, field: "Monarch"},
		{weenie: WeenieHookType, field: "HookType"},
		{weenie: WeenieIconOverlay, field: "IconOverlay"},
		{weenie2: Weenie2IconUnderlay, field: "IconUnderlay"},
		{weenie: WeenieMaterialType, field: "MaterialType"},
		{weenie2: Weenie2Cooldown, field: "Cooldown"},
		{weenie2: Weenie2CooldownDuration, field: "CooldownDuration"},
		{weenie2: Weenie2PetOwner, field: "PetOwner"},
	}
	for _, br := range branches {
		t.Run(br.field, func(t *testing.T) {
			src := fullCreateObject()
			src.Physics.Flags = br.physics
			src.Physics.AnimationFrame = 101
			src.Weenie.Flags = br.weenie
			src.Weenie.Flags2 = br.weenie2
			if br.weenie2 == 0 {
				src.Weenie.ObjectDescFlags &^= ObjDescIncludesSecondHeader
			}
			enc := src.Encode(nil)
			if len(enc)%4 != 0 {
				t.Fatalf("length %d is not a multiple of 4", len(enc))
			}
			var got CreateObject
			n, err := DecodeCreateObject(enc, &got)
			if err != nil || n != len(enc) {
				t.Fatalf("decode used %d of %d bytes: %v", n, len(enc), err)
			}
			sv, gv := reflect.ValueOf(&src.Physics).Elem(), reflect.ValueOf(&got.Physics).Elem()
			if br.physics == 0 {
				sv, gv = reflect.ValueOf(&src.Weenie).Elem(), reflect.ValueOf(&got.Weenie).Elem()
			}
			want, have := sv.FieldByName(br.field), gv.FieldByName(br.field)
			if !sameV(want, have) || have.IsZero() {
				t.Fatalf("%s: got %+v, want %+v", br.field, have.Interface(), want.Interface())
			}
			if again := got.Encode(nil); !bytes.Equal(again, enc) {
				t.Fatalf("re-encode differs\n got %x\nwant %x", again, enc)
			}
		})
	}
}

// TestCreateObjectAbsentFieldsStayZero checks that with no optional bits the
// decoder reads none of the optional fields.
func TestCreateObjectAbsentFieldsStayZero(t *testing.T) {
	src := fullCreateObject()
	src.Physics.Flags, src.Weenie.Flags, src.Weenie.Flags2 = 0, 0, 0
	src.Weenie.ObjectDescFlags &^= ObjDescIncludesSecondHeader
	enc := src.Encode(nil)
	var got CreateObject
	if _, err := DecodeCreateObject(enc, &got); err != nil {
		t.Fatal(err)
	}
	want := CreateObject{Guid: src.Guid, Model: src.Model,
		Physics: PhysicsDesc{State: src.Physics.State, Timestamps: src.Physics.Timestamps},
		Weenie: WeenieDesc{Name: src.Weenie.Name, WeenieClassID: src.Weenie.WeenieClassID, Icon: src.Weenie.Icon,
			ItemType: src.Weenie.ItemType, ObjectDescFlags: src.Weenie.ObjectDescFlags}}
	if !sameValue(&got, &want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
}

func TestMovementAndAnimationFrameAreExclusive(t *testing.T) {
	src := fullCreateObject()
	src.Physics.Flags = PhysicsMovement | PhysicsAnimationFrame
	src.Physics.AnimationFrame = 101
	enc := src.Encode(nil)
	var got CreateObject
	if _, err := DecodeCreateObject(enc, &got); err != nil {
		t.Fatal(err)
	}
	if got.Physics.AnimationFrame != 0 || got.Physics.Movement == nil {
		t.Fatalf("Movement must win over AnimationFrame: frame %d, movement %v", got.Physics.AnimationFrame, got.Physics.Movement)
	}
}
