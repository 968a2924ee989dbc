package protocol

// Known DID types stripped before packing (§1.5).
const (
	didPalette uint32 = 0x04000000
	didTexture uint32 = 0x05000000
	didGfxObj  uint32 = 0x01000000
	didIcon    uint32 = 0x06000000
)

// SubPalette replaces Length×8 palette entries starting at Offset×8.
type SubPalette struct {
	ID     uint32 // 0x04… palette
	Offset uint8
	Length uint8
}

// TextureChange swaps one surface texture on one Setup part.
type TextureChange struct {
	Part uint8
	Old  uint32 // 0x05…
	New  uint32 // 0x05…
}

// AnimPartChange replaces the GfxObj of one Setup part.
type AnimPartChange struct {
	Part   uint8
	GfxObj uint32 // 0x01…
}

// ObjDesc is the ModelData block (§2.1). Palette is only on the wire when
// there are sub-palettes. Each list holds at most 255 entries.
type ObjDesc struct {
	Marker          uint8 // 0x11 from ACE
	Palette         uint32
	SubPalettes     []SubPalette
	TextureChanges  []TextureChange
	AnimPartChanges []AnimPartChange
}

func (r *reader) objDesc(d *ObjDesc) {
	d.Marker = r.u8("marker")
	at := r.Off
	nSub := uint64(r.u8("num_subpalettes"))
	nTex := uint64(r.u8("num_texture_changes"))
	nAnim := uint64(r.u8("num_anim_part_changes"))
	d.Palette = 0
	d.SubPalettes = d.SubPalettes[:0]
	d.TextureChanges = d.TextureChanges[:0]
	d.AnimPartChanges = d.AnimPartChanges[:0]
	if r.err != nil {
		return
	}
	// Minimum sizes: sub-palette 4, texture change 5, anim part 3 bytes.
	need := nSub*4 + nTex*5 + nAnim*3
	if nSub > 0 {
		need += 2 // base palette
	}
	if need > uint64(r.left()) {
		r.fail("num_subpalettes", at, "counts %d/%d/%d need at least %d bytes, have %d", nSub, nTex, nAnim, need, r.left())
		return
	}
	if nSub > 0 {
		d.Palette = r.knownDID("palette", didPalette)
		d.SubPalettes = grow(d.SubPalettes, int(nSub))
		for range nSub {
			d.SubPalettes = append(d.SubPalettes, SubPalette{
				ID:     r.knownDID("subpalette_id", didPalette),
				Offset: r.u8("subpalette_offset"),
				Length: r.u8("subpalette_length"),
			})
		}
	}
	d.TextureChanges = grow(d.TextureChanges, int(nTex))
	for range nTex {
		d.TextureChanges = append(d.TextureChanges, TextureChange{
			Part: r.u8("texture_part"),
			Old:  r.knownDID("texture_old", didTexture),
			New:  r.knownDID("texture_new", didTexture),
		})
	}
	d.AnimPartChanges = grow(d.AnimPartChanges, int(nAnim))
	for range nAnim {
		d.AnimPartChanges = append(d.AnimPartChanges, AnimPartChange{
			Part:   r.u8("anim_part_index"),
			GfxObj: r.knownDID("anim_part_gfxobj", didGfxObj),
		})
	}
	r.align("objdesc_pad")
}

// grow returns s emptied with room for n elements (n already bounded by the
// input size).
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

func appendObjDesc(dst []byte, start int, d *ObjDesc) []byte {
	sub, tex, anim := d.SubPalettes, d.TextureChanges, d.AnimPartChanges
	sub, tex, anim = sub[:min(len(sub), 255)], tex[:min(len(tex), 255)], anim[:min(len(anim), 255)]
	dst = append(dst, d.Marker, uint8(len(sub)), uint8(len(tex)), uint8(len(anim)))
	if len(sub) > 0 {
		dst = appendKnownDID(dst, d.Palette, didPalette)
		for _, p := range sub {
			dst = appendKnownDID(dst, p.ID, didPalette)
			dst = append(dst, p.Offset, p.Length)
		}
	}
	for _, t := range tex {
		dst = append(dst, t.Part)
		dst = appendKnownDID(dst, t.Old, didTexture)
		dst = appendKnownDID(dst, t.New, didTexture)
	}
	for _, a := range anim {
		dst = append(dst, a.Part)
		dst = appendKnownDID(dst, a.GfxObj, didGfxObj)
	}
	return appendAlign(dst, start)
}
