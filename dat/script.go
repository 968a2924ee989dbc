package dat

// ScriptEntry is one timed hook of a PhysicsScript.
type ScriptEntry struct {
	StartTime float64  `json:"start_time"`
	Hook      AnimHook `json:"hook"`
}

// PhysicsScript is a 0x33 PhysicsScript: hooks fired at times in seconds.
type PhysicsScript struct {
	ID      uint32        `json:"id"`
	Entries []ScriptEntry `json:"entries"`
}

// ScriptAndMod is one PhysicsScriptTable choice: a script and the
// modifier value at which it applies.
type ScriptAndMod struct {
	Mod      float32 `json:"mod"`
	ScriptID uint32  `json:"script_id"`
}

// PhysicsScriptTable is a 0x34 PhysicsScriptTable: scripts by script type.
type PhysicsScriptTable struct {
	ID      uint32                    `json:"id"`
	Scripts map[uint32][]ScriptAndMod `json:"script_table"`
}

// DecodePhysicsScript decodes a PhysicsScript (dat-format.md §4.5).
func DecodePhysicsScript(id uint32, data []byte) (*PhysicsScript, error) {
	d := newDecoder("PhysicsScript", id, data)
	s := &PhysicsScript{ID: d.u32()}
	if c := d.count(uint64(d.u32()), 16, "script entry"); c > 0 {
		s.Entries = make([]ScriptEntry, c)
		for i := range s.Entries {
			s.Entries[i].StartTime = d.f64()
			s.Entries[i].Hook = d.hook()
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

// EncodePhysicsScript encodes a PhysicsScript.
func EncodePhysicsScript(s *PhysicsScript) ([]byte, error) {
	e := newEncoder("PhysicsScript", s.ID, 8+len(s.Entries)*48)
	e.u32(s.ID)
	e.count(len(s.Entries))
	for _, en := range s.Entries {
		e.f64(en.StartTime)
		e.hook(en.Hook)
	}
	return e.result()
}

// DecodePhysicsScriptTable decodes a PhysicsScriptTable (ACE layout:
// id, u32 n, n × {u32 type, u32 m, m × {f32 mod, u32 script}}).
func DecodePhysicsScriptTable(id uint32, data []byte) (*PhysicsScriptTable, error) {
	d := newDecoder("PhysicsScriptTable", id, data)
	t := &PhysicsScriptTable{ID: d.u32()}
	if c := d.count(uint64(d.u32()), 8, "script type"); c > 0 {
		t.Scripts = make(map[uint32][]ScriptAndMod, c)
		for range c {
			k := d.u32()
			var list []ScriptAndMod
			if m := d.count(uint64(d.u32()), 8, "script"); m > 0 {
				list = make([]ScriptAndMod, m)
				for i := range list {
					list[i] = ScriptAndMod{Mod: d.f32(), ScriptID: d.u32()}
				}
			}
			t.Scripts[k] = list
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return t, nil
}

// EncodePhysicsScriptTable encodes a PhysicsScriptTable.
func EncodePhysicsScriptTable(t *PhysicsScriptTable) ([]byte, error) {
	e := newEncoder("PhysicsScriptTable", t.ID, 64)
	e.u32(t.ID)
	e.count(len(t.Scripts))
	for _, k := range sortedKeys(t.Scripts) {
		e.u32(k)
		e.count(len(t.Scripts[k]))
		for _, s := range t.Scripts[k] {
			e.f32(s.Mod)
			e.u32(s.ScriptID)
		}
	}
	return e.result()
}

// Surface type bits (dat-format.md §4.6).
const (
	SurfaceBase1Solid   = 0x1
	SurfaceBase1Image   = 0x2
	SurfaceBase1ClipMap = 0x4
	SurfaceTranslucent  = 0x10
	SurfaceDiffuse      = 0x20
	SurfaceLuminous     = 0x40
	SurfaceAlpha        = 0x100
	SurfaceInvAlpha     = 0x200
	SurfaceAdditive     = 0x10000
	SurfaceDetail       = 0x20000
	SurfaceGouraud      = 0x10000000
	SurfaceStippled     = 0x40000000
	SurfacePerspective  = 0x80000000
)

// Surface is a 0x08 Surface: a solid colour or a texture and palette.
// The DAT object carries no id; ID is the directory id.
type Surface struct {
	ID            uint32  `json:"id"`
	Type          uint32  `json:"type"`
	OrigTextureID uint32  `json:"orig_texture_id,omitempty"`
	OrigPaletteID uint32  `json:"orig_palette_id,omitempty"`
	Color         uint32  `json:"color,omitempty"`
	Translucency  float32 `json:"translucency"`
	Luminosity    float32 `json:"luminosity"`
	Diffuse       float32 `json:"diffuse"`
}

// Textured reports whether the surface uses a texture instead of a colour.
func (s *Surface) Textured() bool { return s.Type&(SurfaceBase1Image|SurfaceBase1ClipMap) != 0 }

// DecodeSurface decodes a Surface.
func DecodeSurface(id uint32, data []byte) (*Surface, error) {
	d := newDecoder("Surface", id, data)
	s := &Surface{ID: id, Type: d.u32()}
	if s.Textured() {
		s.OrigTextureID, s.OrigPaletteID = d.u32(), d.u32()
	} else {
		s.Color = d.u32()
	}
	s.Translucency, s.Luminosity, s.Diffuse = d.f32(), d.f32(), d.f32()
	if err := d.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

// EncodeSurface encodes a Surface.
func EncodeSurface(s *Surface) ([]byte, error) {
	e := newEncoder("Surface", s.ID, 24)
	e.u32(s.Type)
	if s.Textured() {
		if s.Color != 0 {
			e.failf("colour set on a textured surface")
		}
		e.u32(s.OrigTextureID)
		e.u32(s.OrigPaletteID)
	} else {
		if s.OrigTextureID != 0 || s.OrigPaletteID != 0 {
			e.failf("texture set on a solid surface")
		}
		e.u32(s.Color)
	}
	e.f32(s.Translucency)
	e.f32(s.Luminosity)
	e.f32(s.Diffuse)
	return e.result()
}

// IterationID is the id of the Iteration object in every DAT.
const IterationID = 0xFFFF0001

// IterationRange is one {consecutive, start} pair; consecutive is stored
// negative.
type IterationRange struct {
	Consecutive int32 `json:"consecutive"`
	Start       int32 `json:"start"`
}

// Iteration is the 0xFFFF0001 Iteration object (no id in the data).
type Iteration struct {
	ID     uint32           `json:"id"`
	Total  int32            `json:"total_iterations"`
	Ranges []IterationRange `json:"ranges"`
}

// DecodeIteration decodes an Iteration (dat-format.md §4.8).
func DecodeIteration(id uint32, data []byte) (*Iteration, error) {
	d := newDecoder("Iteration", id, data)
	it := &Iteration{ID: id, Total: d.i32()}
	sum := int64(it.Total)
	for sum > 0 && d.err == nil {
		r := IterationRange{Consecutive: d.i32(), Start: d.i32()}
		if d.err != nil {
			break
		}
		if r.Consecutive >= 0 {
			d.Off -= 8
			d.failf("iteration range count %d is not negative", r.Consecutive)
			break
		}
		it.Ranges = append(it.Ranges, r)
		sum += int64(r.Consecutive)
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return it, nil
}

// EncodeIteration encodes an Iteration.
func EncodeIteration(it *Iteration) ([]byte, error) {
	e := newEncoder("Iteration", it.ID, 4+8*len(it.Ranges))
	e.i32(it.Total)
	sum := int64(it.Total)
	for _, r := range it.Ranges {
		if r.Consecutive >= 0 || sum <= 0 {
			e.failf("iteration ranges do not count down to zero")
		}
		e.i32(r.Consecutive)
		e.i32(r.Start)
		sum += int64(r.Consecutive)
	}
	if sum > 0 {
		e.failf("iteration ranges leave %d unaccounted", sum)
	}
	return e.result()
}
