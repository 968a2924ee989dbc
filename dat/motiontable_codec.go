package dat

func (d *decoder) motionData() *MotionData {
	m := &MotionData{}
	n := int(d.u8())
	m.Bitfield = d.u8()
	m.Flags = d.u8()
	d.align()
	if c := d.count(uint64(n), 16, "anim"); c > 0 {
		m.Anims = make([]AnimData, c)
		for i := range m.Anims {
			m.Anims[i] = AnimData{AnimID: d.u32(), LowFrame: d.i32(), HighFrame: d.i32(), Framerate: d.f32()}
		}
	}
	if m.Flags&MotionHasVelocity != 0 {
		m.Velocity = d.vec()
	}
	if m.Flags&MotionHasOmega != 0 {
		m.Omega = d.vec()
	}
	return m
}

func (e *encoder) motionData(m *MotionData) {
	if m == nil {
		e.failf("nil MotionData")
		return
	}
	if len(m.Anims) > 0xFF {
		e.failf("%d anims do not fit a u8 count", len(m.Anims))
	}
	e.u8(uint8(len(m.Anims)))
	e.u8(m.Bitfield)
	e.u8(m.Flags)
	e.align()
	for _, a := range m.Anims {
		e.u32(a.AnimID)
		e.i32(a.LowFrame)
		e.i32(a.HighFrame)
		e.f32(a.Framerate)
	}
	if m.Flags&MotionHasVelocity != 0 {
		e.vec(m.Velocity)
	} else if !m.Velocity.IsZero() {
		e.failf("velocity without the HasVelocity flag")
	}
	if m.Flags&MotionHasOmega != 0 {
		e.vec(m.Omega)
	} else if !m.Omega.IsZero() {
		e.failf("omega without the HasOmega flag")
	}
}

func (d *decoder) motionMap(what string) map[uint32]*MotionData {
	c := d.count(uint64(d.u32()), 8, what)
	if c == 0 {
		return nil
	}
	m := make(map[uint32]*MotionData, c)
	for range c {
		k := d.u32()
		m[k] = d.motionData()
	}
	return m
}

func (e *encoder) motionMap(m map[uint32]*MotionData) {
	e.count(len(m))
	for _, k := range sortedKeys(m) {
		e.u32(k)
		e.motionData(m[k])
	}
}

// DecodeMotionTable decodes a 0x09 MotionTable (dat-format.md §4.4).
func DecodeMotionTable(id uint32, data []byte) (*MotionTable, error) {
	d := newDecoder("MotionTable", id, data)
	t := &MotionTable{ID: d.u32(), DefaultStyle: d.u32()}
	if c := d.count(uint64(d.u32()), 8, "style default"); c > 0 {
		t.StyleDefaults = make(map[uint32]uint32, c)
		for range c {
			k := d.u32()
			t.StyleDefaults[k] = d.u32()
		}
	}
	t.Cycles = d.motionMap("cycle")
	t.Modifiers = d.motionMap("modifier")
	if c := d.count(uint64(d.u32()), 8, "link group"); c > 0 {
		t.Links = make(map[uint32]map[uint32]*MotionData, c)
		for range c {
			k := d.u32()
			t.Links[k] = d.motionMap("link")
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return t, nil
}

// EncodeMotionTable encodes a MotionTable; maps in ascending key order.
func EncodeMotionTable(t *MotionTable) ([]byte, error) {
	e := newEncoder("MotionTable", t.ID, 256)
	e.u32(t.ID)
	e.u32(t.DefaultStyle)
	e.count(len(t.StyleDefaults))
	for _, k := range sortedKeys(t.StyleDefaults) {
		e.u32(k)
		e.u32(t.StyleDefaults[k])
	}
	e.motionMap(t.Cycles)
	e.motionMap(t.Modifiers)
	e.count(len(t.Links))
	for _, k := range sortedKeys(t.Links) {
		e.u32(k)
		e.motionMap(t.Links[k])
	}
	return e.result()
}
