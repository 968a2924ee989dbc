package view

import (
	"image"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/texture"
)

// MaterialChanger is optionally implemented by Materialer assets to draw
// an object's ObjDesc appearance: its surfaces resolved with the texture
// swaps and subpalettes applied. Without it appearance changes other than
// part replacements are not drawn.
type MaterialChanger interface {
	MaterialWith(surfaceID uint32, ch *texture.Changes) (*texture.Material, error)
}

// variantKey names a part's mesh drawn with an appearance: the GfxObj and
// a hash of the changes that reach it.
type variantKey struct {
	gfx  uint32
	look uint64
}

// partLookHash hashes what of an appearance changes part i's surfaces:
// the base palette, the subpalettes and the part's texture swaps (FNV-1a
// over the values; 0 when nothing does). It allocates nothing.
func partLookHash(l *components.AppearanceData, part int) uint64 {
	if l == nil {
		return 0
	}
	h := uint64(14695981039346656037)
	mix := func(v uint32) {
		for range 4 {
			h ^= uint64(v & 0xFF)
			h *= 1099511628211
			v >>= 8
		}
	}
	n := 0
	if l.Palette != 0 {
		mix(l.Palette)
		n++
	}
	for _, s := range l.SubPalettes {
		mix(s[0])
		mix(s[1])
		mix(s[2])
		n++
	}
	for _, t := range l.Textures {
		if int(t[0]) == part {
			mix(t[1])
			mix(t[2])
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return h | 1 // never 0
}

// plainLook reports whether appearance l changes no part's GfxObj or
// surfaces: partGfx is then every part's Setup GfxObj and partLookHash
// 0 (a nil l is plain).
func plainLook(l *components.AppearanceData) bool {
	return l == nil || l.Palette == 0 && len(l.SubPalettes) == 0 && len(l.Textures) == 0 && len(l.PartGfx) == 0
}

// partGfx is the GfxObj drawn for part i: the appearance's replacement,
// else the Setup's.
func partGfx(l *components.AppearanceData, part int, setup uint32) uint32 {
	if l != nil {
		if g, ok := l.PartGfx[part]; ok && g != 0 {
			return g
		}
	}
	return setup
}

// partMesh returns the mesh of part i of an object with appearance l:
// the plain cached mesh when nothing of l reaches the part, else a
// variant built with the changes applied (cached by GfxObj and change
// hash; its swapped textures get atlas keys of their own).
func (r *Renderer) partMesh(l *components.AppearanceData, part int, gfx uint32) *Mesh {
	h := partLookHash(l, part)
	mc := r.changer
	if h == 0 || mc == nil || r.Atlas == nil {
		return r.Mesh(gfx)
	}
	key := variantKey{gfx, h}
	if m, ok := r.variants[key]; ok {
		return m
	}
	ch := &texture.Changes{Textures: map[uint32]uint32{}, Palette: l.Palette}
	for _, s := range l.SubPalettes {
		ch.SubPalettes = append(ch.SubPalettes, texture.SubPalette{ID: s[0], Offset: uint8(s[1]), Count: uint8(s[2])})
	}
	for _, t := range l.Textures {
		if int(t[0]) == part {
			ch.Textures[t[1]] = t[2]
		}
	}
	var m *Mesh
	g, err := r.Assets.GfxObj(gfx)
	if err == nil {
		tex := func(sid uint32) (image.Rectangle, bool) {
			mk := variantKey{sid, h}
			ak, ok := r.variantTex[mk]
			if !ok {
				r.nextKey++
				ak = r.nextKey
				r.variantTex[mk] = ak
			}
			if rect, ok := r.Atlas.Rect(ak); ok {
				return rect, true
			}
			mat, err := mc.MaterialWith(sid, ch)
			if err != nil {
				r.failAsset("Surface", sid, err)
				return image.Rectangle{}, false
			}
			if mat.Image == nil {
				return image.Rectangle{}, false
			}
			return r.Atlas.Add(ak, mat.Image)
		}
		m, err = BuildTexturedMesh(g, r.Assets.Surface, tex)
	}
	if err != nil {
		r.failAsset("GfxObj", gfx, err)
	}
	r.attachDegrade(m, g)
	r.variants[key] = m
	return m
}
