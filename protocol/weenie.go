package protocol

// WeenieHeaderFlag bits (F1) in wire order of their fields (§2.3).
const (
	WeeniePluralName         uint32 = 0x00000001
	WeenieItemsCapacity      uint32 = 0x00000002
	WeenieContainersCapacity uint32 = 0x00000004
	WeenieAmmoType           uint32 = 0x00000100
	WeenieValue              uint32 = 0x00000008
	WeenieUsable             uint32 = 0x00000010
	WeenieUseRadius          uint32 = 0x00000020
	WeenieTargetType         uint32 = 0x00080000
	WeenieUiEffects          uint32 = 0x00000080
	WeenieCombatUse          uint32 = 0x00000200
	WeenieStructure          uint32 = 0x00000400
	WeenieMaxStructure       uint32 = 0x00000800
	WeenieStackSize          uint32 = 0x00001000
	WeenieMaxStackSize       uint32 = 0x00002000
	WeenieContainer          uint32 = 0x00004000
	WeenieWielder            uint32 = 0x00008000
	WeenieValidLocations     uint32 = 0x00010000
	WeenieCurrentlyWielded   uint32 = 0x00020000
	WeeniePriority           uint32 = 0x00040000
	WeenieRadarBlipColor     uint32 = 0x00100000
	WeenieRadarBehavior      uint32 = 0x00800000
	WeeniePScript            uint32 = 0x08000000
	WeenieWorkmanship        uint32 = 0x01000000
	WeenieBurden             uint32 = 0x00200000
	WeenieSpell              uint32 = 0x00400000
	WeenieHouseOwner         uint32 = 0x02000000
	WeenieHouseRestrictions  uint32 = 0x04000000
	WeenieHookItemTypes      uint32 = 0x20000000
	WeenieMonarch            uint32 = 0x00000040
	WeenieHookType           uint32 = 0x10000000
	WeenieIconOverlay        uint32 = 0x40000000
	WeenieMaterialType       uint32 = 0x80000000
)

// WeenieHeaderFlag2 bits (F2).
const (
	Weenie2IconUnderlay     uint32 = 0x00000001
	Weenie2Cooldown         uint32 = 0x00000002
	Weenie2CooldownDuration uint32 = 0x00000004
	Weenie2PetOwner         uint32 = 0x00000008
)

// ObjDescIncludesSecondHeader is the ObjectDescriptionFlag bit that puts
// WeenieDesc.Flags2 on the wire.
const ObjDescIncludesSecondHeader uint32 = 0x04000000

// RestrictionEntry is one guest of a house access list.
type RestrictionEntry struct {
	Guid   uint32
	Access uint32 // 0 dwelling access, 1 storage too
}

// RestrictionDB is the house access list (ACE RestrictionDB).
type RestrictionDB struct {
	Version uint32 // 0x10000002 from ACE
	Open    uint32 // 0 or 1
	Monarch uint32
	Buckets uint16 // 768 from ACE
	Entries []RestrictionEntry
}

// WeenieDesc is the CreateObject game-data block (§2.3). Flags and Flags2
// say which optional fields are on the wire; Flags2 itself is on the wire
// only when ObjectDescFlags has ObjDescIncludesSecondHeader.
type WeenieDesc struct {
	Flags           uint32
	Name            string
	WeenieClassID   uint32
	Icon            uint32 // 0x06…
	ItemType        uint32
	ObjectDescFlags uint32
	Flags2          uint32

	PluralName               string
	ItemsCapacity            uint8
	ContainersCapacity       uint8
	AmmoType                 uint16
	Value                    int32
	Usable                   uint32
	UseRadius                float32
	TargetType               uint32
	UiEffects                uint32
	CombatUse                int8
	Structure                uint16
	MaxStructure             uint16
	StackSize                uint16
	MaxStackSize             uint16
	Container                uint32
	Wielder                  uint32
	ValidLocations           uint32
	CurrentlyWieldedLocation uint32
	Priority                 uint32
	RadarBlipColor           uint8
	RadarBehavior            uint8
	PScript                  uint16
	Workmanship              float32
	Burden                   uint16
	Spell                    uint16
	HouseOwner               uint32
	HouseRestrictions        RestrictionDB
	HookItemTypes            uint32
	Monarch                  uint32
	HookType                 uint16
	IconOverlay              uint32 // 0x06…
	IconUnderlay             uint32 // 0x06…
	MaterialType             uint32
	Cooldown                 int32
	CooldownDuration         float64
	PetOwner                 uint32
}

func (r *reader) weenieDesc(w *WeenieDesc) {
	entries := w.HouseRestrictions.Entries[:0]
	*w = WeenieDesc{}
	w.HouseRestrictions.Entries = entries
	w.Flags = r.u32("weenie_flags")
	w.Name = r.string16L("name")
	w.WeenieClassID = r.packed("wcid")
	w.Icon = r.knownDID("icon", didIcon)
	w.ItemType = r.u32("item_type")
	w.ObjectDescFlags = r.u32("object_description_flags")
	r.align("weenie_header_pad")
	if w.ObjectDescFlags&ObjDescIncludesSecondHeader != 0 {
		w.Flags2 = r.u32("weenie_flags2")
	}
	f, f2 := w.Flags, w.Flags2
	if f&WeeniePluralName != 0 {
		w.PluralName = r.string16L("plural_name")
	}
	if f&WeenieItemsCapacity != 0 {
		w.ItemsCapacity = r.u8("items_capacity")
	}
	if f&WeenieContainersCapacity != 0 {
		w.ContainersCapacity = r.u8("containers_capacity")
	}
	if f&WeenieAmmoType != 0 {
		w.AmmoType = r.u16("ammo_type")
	}
	if f&WeenieValue != 0 {
		w.Value = int32(r.u32("value"))
	}
	if f&WeenieUsable != 0 {
		w.Usable = r.u32("usable")
	}
	if f&WeenieUseRadius != 0 {
		w.UseRadius = r.f32("use_radius")
	}
	if f&WeenieTargetType != 0 {
		w.TargetType = r.u32("target_type")
	}
	if f&WeenieUiEffects != 0 {
		w.UiEffects = r.u32("ui_effects")
	}
	if f&WeenieCombatUse != 0 {
		w.CombatUse = int8(r.u8("combat_use"))
	}
	if f&WeenieStructure != 0 {
		w.Structure = r.u16("structure")
	}
	if f&WeenieMaxStructure != 0 {
		w.MaxStructure = r.u16("max_structure")
	}
	if f&WeenieStackSize != 0 {
		w.StackSize = r.u16("stack_size")
	}
	if f&WeenieMaxStackSize != 0 {
		w.MaxStackSize = r.u16("max_stack_size")
	}
	if f&WeenieContainer != 0 {
		w.Container = r.u32("container")
	}
	if f&WeenieWielder != 0 {
		w.Wielder = r.u32("wielder")
	}
	if f&WeenieValidLocations != 0 {
		w.ValidLocations = r.u32("valid_locations")
	}
	if f&WeenieCurrentlyWielded != 0 {
		w.CurrentlyWieldedLocation = r.u32("currently_wielded_location")
	}
	if f&WeeniePriority != 0 {
		w.Priority = r.u32("priority")
	}
	if f&WeenieRadarBlipColor != 0 {
		w.RadarBlipColor = r.u8("radar_blip_color")
	}
	if f&WeenieRadarBehavior != 0 {
		w.RadarBehavior = r.u8("radar_behavior")
	}
	if f&WeeniePScript != 0 {
		w.PScript = r.u16("pscript")
	}
	if f&WeenieWorkmanship != 0 {
		w.Workmanship = r.f32("workmanship")
	}
	if f&WeenieBurden != 0 {
		w.Burden = r.u16("burden")
	}
	if f&WeenieSpell != 0 {
		w.Spell = r.u16("spell")
	}
	if f&WeenieHouseOwner != 0 {
		w.HouseOwner = r.u32("house_owner")
	}
	if f&WeenieHouseRestrictions != 0 {
		h := &w.HouseRestrictions
		h.Version = r.u32("house_restrictions_version")
		h.Open = r.u32("house_restrictions_open")
		h.Monarch = r.u32("house_restrictions_monarch")
		at := r.Off
		cnt := r.u16("house_restrictions_count")
		h.Buckets = r.u16("house_restrictions_buckets")
		n := r.count("house_restrictions_count", at, uint64(cnt), 8)
		h.Entries = grow(h.Entries, n)
		for range n {
			h.Entries = append(h.Entries, RestrictionEntry{Guid: r.u32("house_guest"), Access: r.u32("house_guest_access")})
		}
	}
	if f&WeenieHookItemTypes != 0 {
		w.HookItemTypes = r.u32("hook_item_types")
	}
	if f&WeenieMonarch != 0 {
		w.Monarch = r.u32("monarch")
	}
	if f&WeenieHookType != 0 {
		w.HookType = r.u16("hook_type")
	}
	if f&WeenieIconOverlay != 0 {
		w.IconOverlay = r.knownDID("icon_overlay", didIcon)
	}
	if f2&Weenie2IconUnderlay != 0 {
		w.IconUnderlay = r.knownDID("icon_underlay", didIcon)
	}
	if f&WeenieMaterialType != 0 {
		w.MaterialType = r.u32("material_type")
	}
	if f2&Weenie2Cooldown != 0 {
		w.Cooldown = int32(r.u32("cooldown"))
	}
	if f2&Weenie2CooldownDuration != 0 {
		w.CooldownDuration = r.f64("cooldown_duration")
	}
	if f2&Weenie2PetOwner != 0 {
		w.PetOwner = r.u32("pet_owner")
	}
	r.align("weenie_pad")
}

func appendWeenieDesc(dst []byte, start int, w *WeenieDesc) []byte {
	dst = appendU32(dst, w.Flags)
	dst = appendString16L(dst, w.Name)
	dst = appendPacked(dst, w.WeenieClassID)
	dst = appendKnownDID(dst, w.Icon, didIcon)
	dst = appendU32(dst, w.ItemType)
	dst = appendU32(dst, w.ObjectDescFlags)
	dst = appendAlign(dst, start)
	var f2 uint32
	if w.ObjectDescFlags&ObjDescIncludesSecondHeader != 0 {
		f2 = w.Flags2
		dst = appendU32(dst, f2)
	}
	f := w.Flags
	if f&WeeniePluralName != 0 {
		dst = appendString16L(dst, w.PluralName)
	}
	if f&WeenieItemsCapacity != 0 {
		dst = appendU8(dst, w.ItemsCapacity)
	}
	if f&WeenieContainersCapacity != 0 {
		dst = appendU8(dst, w.ContainersCapacity)
	}
	if f&WeenieAmmoType != 0 {
		dst = appendU16(dst, w.AmmoType)
	}
	if f&WeenieValue != 0 {
		dst = appendU32(dst, uint32(w.Value))
	}
	if f&WeenieUsable != 0 {
		dst = appendU32(dst, w.Usable)
	}
	if f&WeenieUseRadius != 0 {
		dst = appendF32(dst, w.UseRadius)
	}
	if f&WeenieTargetType != 0 {
		dst = appendU32(dst, w.TargetType)
	}
	if f&WeenieUiEffects != 0 {
		dst = appendU32(dst, w.UiEffects)
	}
	if f&WeenieCombatUse != 0 {
		dst = appendU8(dst, uint8(w.CombatUse))
	}
	if f&WeenieStructure != 0 {
		dst = appendU16(dst, w.Structure)
	}
	if f&WeenieMaxStructure != 0 {
		dst = appendU16(dst, w.MaxStructure)
	}
	if f&WeenieStackSize != 0 {
		dst = appendU16(dst, w.StackSize)
	}
	if f&WeenieMaxStackSize != 0 {
		dst = appendU16(dst, w.MaxStackSize)
	}
	if f&WeenieContainer != 0 {
		dst = appendU32(dst, w.Container)
	}
	if f&WeenieWielder != 0 {
		dst = appendU32(dst, w.Wielder)
	}
	if f&WeenieValidLocations != 0 {
		dst = appendU32(dst, w.ValidLocations)
	}
	if f&WeenieCurrentlyWielded != 0 {
		dst = appendU32(dst, w.CurrentlyWieldedLocation)
	}
	if f&WeeniePriority != 0 {
		dst = appendU32(dst, w.Priority)
	}
	if f&WeenieRadarBlipColor != 0 {
		dst = appendU8(dst, w.RadarBlipColor)
	}
	if f&WeenieRadarBehavior != 0 {
		dst = appendU8(dst, w.RadarBehavior)
	}
	if f&WeeniePScript != 0 {
		dst = appendU16(dst, w.PScript)
	}
	if f&WeenieWorkmanship != 0 {
		dst = appendF32(dst, w.Workmanship)
	}
	if f&WeenieBurden != 0 {
		dst = appendU16(dst, w.Burden)
	}
	if f&WeenieSpell != 0 {
		dst = appendU16(dst, w.Spell)
	}
	if f&WeenieHouseOwner != 0 {
		dst = appendU32(dst, w.HouseOwner)
	}
	if f&WeenieHouseRestrictions != 0 {
		h := &w.HouseRestrictions
		entries := h.Entries[:min(len(h.Entries), 0xFFFF)]
		dst = appendU32(dst, h.Version)
		dst = appendU32(dst, h.Open)
		dst = appendU32(dst, h.Monarch)
		dst = appendU16(dst, uint16(len(entries)))
		dst = appendU16(dst, h.Buckets)
		for _, e := range entries {
			dst = appendU32(appendU32(dst, e.Guid), e.Access)
		}
	}
	if f&WeenieHookItemTypes != 0 {
		dst = appendU32(dst, w.HookItemTypes)
	}
	if f&WeenieMonarch != 0 {
		dst = appendU32(dst, w.Monarch)
	}
	if f&WeenieHookType != 0 {
		dst = appendU16(dst, w.HookType)
	}
	if f&WeenieIconOverlay != 0 {
		dst = appendKnownDID(dst, w.IconOverlay, didIcon)
	}
	if f2&Weenie2IconUnderlay != 0 {
		dst = appendKnownDID(dst, w.IconUnderlay, didIcon)
	}
	if f&WeenieMaterialType != 0 {
		dst = appendU32(dst, w.MaterialType)
	}
	if f2&Weenie2Cooldown != 0 {
		dst = appendU32(dst, uint32(w.Cooldown))
	}
	if f2&Weenie2CooldownDuration != 0 {
		dst = appendF64(dst, w.CooldownDuration)
	}
	if f2&Weenie2PetOwner != 0 {
		dst = appendU32(dst, w.PetOwner)
	}
	return appendAlign(dst, start)
}
