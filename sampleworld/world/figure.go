package world

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The figures: the humanoid's eleven parts are low-poly lathes (a head
// with a nose and chin, a torso broad at the shoulders, tapering limbs,
// hands and booted feet) with smooth normals, dressed in paletted (P8)
// textures that all index one palette, PaletteFigure, in slots the way
// retail's clothing palettes do: skin, hair, the face's features, shirt,
// trim, trousers, leather and metal. An ObjDesc's SubPalettes recolour a
// slot by copying the same entries of a colour palette (Palette*), which
// fills every slot with its own ramp — so one colour palette serves any
// slot. Outfits lists four such appearances.

// paletteSlot is a range of PaletteFigure: first colour and count, both
// multiples of 8 (an ObjDesc SubPalette's Offset and Count are in eights).
type paletteSlot struct{ first, n int }

// The figure palette's slots.
var (
	slotSkin     = paletteSlot{8, 32}
	slotHair     = paletteSlot{40, 16}
	slotFeatures = paletteSlot{56, 8} // eye white, iris, pupil, lips, mouth
	slotShirt    = paletteSlot{64, 32}
	slotTrim     = paletteSlot{96, 16}
	slotTrousers = paletteSlot{112, 32}
	slotLeather  = paletteSlot{144, 32}
	slotMetal    = paletteSlot{176, 8}
	rampSlots    = []paletteSlot{slotSkin, slotHair, slotShirt, slotTrim, slotTrousers, slotLeather, slotMetal}
)

// index is the palette index at shade t (0 dark … 1 light) of the slot.
func (s paletteSlot) index(t float64) uint8 {
	t = min(max(t, 0), 1)
	return uint8(s.first + int(math.Round(t*float64(s.n-1))))
}

// The colours of the face's features slot.
const (
	featEyeWhite = 56
	featIris     = 57
	featPupil    = 58
	featLips     = 59
	featMouth    = 60
)

// Figure textures, surfaces and palettes.
const (
	TexFace     = 0x06000015 // 128×64 P8: skin, hair, eyes, brows, nose, mouth, ears
	TexTrousers = 0x06000016 // 64×64 P8: trousers with a belt and buckle
	TexBoots    = 0x06000017 // 32×32 P8: leather boots

	SurfaceFace     = 0x08000010
	SurfaceTrousers = 0x08000011
	SurfaceBoots    = 0x08000012

	// PaletteFigure is the figures' base palette (the first outfit's
	// colours); every figure texture names it as its default.
	PaletteFigure = 0x04000001
	// Colour palettes for ObjDesc subpalettes: each fills every slot of
	// the figure palette with a ramp of one colour.
	PaletteBlue      = 0x04000010
	PaletteRed       = 0x04000011
	PaletteGreen     = 0x04000012
	PalettePurple    = 0x04000013
	PaletteCream     = 0x04000014
	PaletteGold      = 0x04000015
	PaletteBrown     = 0x04000016
	PaletteTan       = 0x04000017
	PaletteGrey      = 0x04000018
	PaletteBlack     = 0x04000019
	PaletteLeather   = 0x0400001A
	PaletteHairBlond = 0x0400001B
	PaletteHairBrown = 0x0400001C
	PaletteHairBlack = 0x0400001D
	PaletteHairGrey  = 0x0400001E
	PaletteSkinLight = 0x0400001F
	PaletteSkinTan   = 0x04000020
	PaletteSkinDark  = 0x04000021
	PaletteBrass     = 0x04000022
	PaletteSteel     = 0x04000023
)

// colourRamps are the colour palettes' dark and light ends.
var colourRamps = []struct {
	id          uint32
	dark, light rgbf
}{
	{PaletteBlue, rgbf{18, 30, 74}, rgbf{96, 136, 220}},
	{PaletteRed, rgbf{66, 12, 12}, rgbf{220, 84, 64}},
	{PaletteGreen, rgbf{18, 48, 20}, rgbf{112, 172, 80}},
	{PalettePurple, rgbf{38, 16, 58}, rgbf{156, 104, 204}},
	{PaletteCream, rgbf{116, 100, 74}, rgbf{242, 230, 198}},
	{PaletteGold, rgbf{96, 66, 8}, rgbf{244, 204, 92}},
	{PaletteBrown, rgbf{46, 30, 16}, rgbf{150, 106, 66}},
	{PaletteTan, rgbf{98, 78, 48}, rgbf{212, 186, 132}},
	{PaletteGrey, rgbf{44, 44, 48}, rgbf{172, 172, 178}},
	{PaletteBlack, rgbf{12, 12, 14}, rgbf{84, 80, 78}},
	{PaletteLeather, rgbf{38, 22, 10}, rgbf{136, 92, 52}},
	{PaletteHairBlond, rgbf{116, 86, 36}, rgbf{242, 214, 136}},
	{PaletteHairBrown, rgbf{38, 22, 10}, rgbf{132, 86, 46}},
	{PaletteHairBlack, rgbf{10, 10, 12}, rgbf{72, 66, 62}},
	{PaletteHairGrey, rgbf{88, 88, 88}, rgbf{224, 222, 216}},
	{PaletteSkinLight, rgbf{150, 98, 74}, rgbf{252, 212, 182}},
	{PaletteSkinTan, rgbf{108, 68, 44}, rgbf{222, 170, 124}},
	{PaletteSkinDark, rgbf{48, 28, 18}, rgbf{156, 104, 72}},
	{PaletteBrass, rgbf{90, 64, 20}, rgbf{250, 220, 130}},
	{PaletteSteel, rgbf{60, 64, 70}, rgbf{220, 226, 232}},
}

func ramp256(id uint32, dark, light rgbf) *dat.Palette {
	p := &dat.Palette{ID: id, Colors: make([]uint32, 256)}
	for i := range p.Colors {
		p.Colors[i] = 0xFF000000
	}
	for _, s := range append(rampSlots, slotFeatures) {
		for k := range s.n {
			p.Colors[s.first+k] = argb(mix(dark, light, float64(k)/float64(s.n-1)))
		}
	}
	return p
}

func argb(c rgbf) uint32 {
	q := func(x float64) uint32 { return uint32(min(max(math.Round(x), 0), 255)) }
	return 0xFF000000 | q(c.R)<<16 | q(c.G)<<8 | q(c.B)
}

// figurePalettes are PaletteFigure (the Villager outfit's colours and the
// face's features) and the colour palettes.
func figurePalettes() []*dat.Palette {
	byID := map[uint32]*dat.Palette{}
	var out []*dat.Palette
	for _, c := range colourRamps {
		p := ramp256(c.id, c.dark, c.light)
		byID[c.id] = p
		out = append(out, p)
	}
	base := &dat.Palette{ID: PaletteFigure, Colors: make([]uint32, 256)}
	for i := range base.Colors {
		base.Colors[i] = 0xFF000000
	}
	for _, sub := range Outfits[0].SubPalettes {
		first, n := int(sub.Offset)*8, int(sub.Count)*8
		copy(base.Colors[first:first+n], byID[sub.Palette].Colors[first:first+n])
	}
	feat := map[int]rgbf{featEyeWhite: {226, 222, 212}, featIris: {70, 52, 34}, featPupil: {12, 10, 10},
		featLips: {168, 92, 82}, featMouth: {86, 40, 38}, 61: {40, 30, 28}, 62: {200, 200, 200}, 63: {255, 255, 255}}
	for i, c := range feat {
		base.Colors[i] = argb(c)
	}
	return append([]*dat.Palette{base}, out...)
}

// OutfitSub is one subpalette of an outfit: Palette's colours Offset×8 …
// (Offset+Count)×8−1 replace the figure palette's (ObjDesc SubPalette).
type OutfitSub struct {
	Palette       uint32
	Offset, Count uint8
}

// Outfit is an appearance of the humanoid: subpalettes over its textures'
// palette, as a CreateObject's ObjDesc carries them.
type Outfit struct {
	Name        string
	SubPalettes []OutfitSub
}

func dress(name string, skin, hair, shirt, trim, trousers, leather, metal uint32) Outfit {
	s := func(p uint32, slot paletteSlot) OutfitSub {
		return OutfitSub{Palette: p, Offset: uint8(slot.first / 8), Count: uint8(slot.n / 8)}
	}
	return Outfit{Name: name, SubPalettes: []OutfitSub{s(skin, slotSkin), s(hair, slotHair), s(shirt, slotShirt),
		s(trim, slotTrim), s(trousers, slotTrousers), s(leather, slotLeather), s(metal, slotMetal)}}
}

// Outfits are the humanoid's four appearances. The first is the figure
// palette's own colours, so a figure spawned without an ObjDesc wears it.
var Outfits = []Outfit{
	dress("villager", PaletteSkinLight, PaletteHairBrown, PaletteBlue, PaletteCream, PaletteBrown, PaletteLeather, PaletteBrass),
	dress("guard", PaletteSkinTan, PaletteHairBlack, PaletteRed, PaletteGold, PaletteGrey, PaletteBlack, PaletteSteel),
	dress("farmer", PaletteSkinLight, PaletteHairBlond, PaletteGreen, PaletteTan, PaletteTan, PaletteBrown, PaletteSteel),
	dress("mage", PaletteSkinDark, PaletteHairGrey, PalettePurple, PaletteGold, PaletteBlack, PaletteBlack, PaletteGold),
}

// The figure textures (P8 indices into PaletteFigure; u runs round a
// part from its back, the front at u = 0.5; v down from its top).

// pix8 fills a w×h P8 image from f(u, v).
func pix8(w, h int, f func(u, v float64) uint8) []byte {
	// Products are rounded (float64(a*b), float32(a*b)) before they are
	// added: no fused multiply-add, so go generate writes the same world on
	// every target (docs/architecture.md, "No fused multiply-add").
	out := make([]byte, w*h)
	for y := range h {
		for x := range w {
			out[y*w+x] = f(float64((float64(x)+0.5)/float64(w)), float64((float64(y)+0.5)/float64(h)))
		}
	}
	return out
}

// shirt: a woven cloth with vertical folds, a trimmed collar with a
// V-neck showing skin, lacing down the front, a trimmed hem and cuffs.
func shirt() []byte {
	return pix8(64, 64, func(u, v float64) uint8 {
		front := math.Abs(u - 0.5)
		switch {
		case v < 0.24 && front < 0.075*(1-v/0.24):
			return slotSkin.index(0.45 + float64(0.3*v))
		case v < 0.07 || (v < 0.26 && front < float64(0.09*(1-v/0.26))+0.012):
			return slotTrim.index(0.55 + float64(0.3*noise(u, v, 16, 201)))
		case v > 0.93:
			return slotTrim.index(0.45 + float64(0.3*noise(u, v, 16, 202)))
		case front < 0.008 && v < 0.55:
			return slotTrim.index(0.2)
		case front < 0.02 && v < 0.55 && math.Mod(v*40, 2) < 0.6:
			return slotTrim.index(0.3)
		}
		weave := 0.5 + float64(0.5*math.Sin(2*math.Pi*32*u)*math.Sin(2*math.Pi*32*v))
		fold := math.Sin(2 * math.Pi * (float64(7*u) + float64(0.6*fbm(u, v, 2, 2, 203))))
		return slotShirt.index(0.5 + float64(0.12*weave) + float64(0.18*fold) + float64(0.3*(fbm(u, v, 4, 3, 204)-0.5)))
	})
}

// trousers: cloth with side seams and a front crease, a leather belt with
// a metal buckle at the top.
func trousers() []byte {
	return pix8(64, 64, func(u, v float64) uint8 {
		front := math.Abs(u - 0.5)
		switch {
		case v < 0.13 && front < 0.045 && v > 0.02:
			if front > 0.03 || v < 0.035 || v > 0.115 {
				return slotMetal.index(0.8)
			}
			return slotMetal.index(0.35)
		case v < 0.13:
			return slotLeather.index(0.35 + float64(0.3*noise(u, v, 32, 210)) + float64(0.2*boolf(v < 0.025 || v > 0.11)))
		}
		t := 0.5 + float64(0.25*(fbm(u, v, 4, 3, 211)-0.5)) + float64(0.1*math.Sin(2*math.Pi*48*v))
		for _, seam := range []float64{0.25, 0.75} {
			if math.Abs(u-seam) < 0.012 {
				t -= 0.25
			}
		}
		if math.Abs(front-0.12) < 0.01 {
			t += 0.15
		}
		return slotTrousers.index(t)
	})
}

func boolf(b bool) float64 {
	if b {
		return -1
	}
	return 0
}

// boots: creased leather, a turned-down cuff and a dark sole.
func boots() []byte {
	return pix8(32, 32, func(u, v float64) uint8 {
		switch {
		case v > 0.86:
			return slotLeather.index(0.08)
		case v < 0.12:
			return slotLeather.index(0.55 + float64(0.2*noise(u, v, 8, 220)))
		}
		crease := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(5*v)+fbm(u, v, 2, 2, 221))))
		return slotLeather.index(0.3 + float64(0.25*crease) + float64(0.2*noise(u, v, 16, 222)))
	})
}

// skinTex: the hands' skin.
func skinTex() []byte {
	return pix8(32, 32, func(u, v float64) uint8 { return slotSkin.index(0.5 + float64(0.25*(fbm(u, v, 2, 3, 230)-0.5))) })
}

// ellipse is (du/a)² + (dv/b)², < 1 inside.
func ellipse(du, dv, a, b float64) float64 { return float64((du/a)*(du/a)) + float64((dv/b)*(dv/b)) }

// face: hair over the crown and the back of the head, the face in front
// (u 0.4–0.6): brows, eyes with irises, a lit nose ridge with a shadow
// under it, lips, ears at the sides, the neck in shadow under the jaw.
// Rows: the crown at v = 0, the brows about 0.35, the eyes 0.42, the
// mouth 0.68, the chin 0.78 (the head's rings, headGfxObj).
func face() []byte {
	return pix8(128, 64, func(u, v float64) uint8 {
		du := u - 0.5
		front := math.Abs(du)
		skin := 0.56 + float64(0.12*(fbm(u, v, 4, 3, 240)-0.5))
		hairLine := 0.27 + float64(0.03*math.Cos(2*math.Pi*du*6))
		if front > 0.17 {
			hairLine = 0.62 + float64(0.04*noise(u, v, 8, 241))
		} else if front > 0.12 {
			hairLine = 0.27 + float64((front-0.12)/0.05*0.35)
		}
		// Ears on the sides, over the hair.
		for _, ex := range []float64{0.25, 0.75} {
			if e := ellipse(u-ex, v-0.47, 0.025, 0.07); e < 1 {
				return slotSkin.index(0.42 + float64(0.2*e))
			}
		}
		if v < hairLine {
			strand := 0.5 + float64(0.5*math.Sin(2*math.Pi*(float64(u*48)+float64(3*fbm(u, v, 4, 2, 242)))))
			return slotHair.index(0.3 + float64(0.35*strand) + float64(0.25*(v/hairLine)))
		}
		if front < 0.1 {
			for _, ex := range []float64{-0.045, 0.045} {
				x := du - ex
				if math.Abs(x) < 0.028 && math.Abs(v-0.355+float64(0.01*x/0.028*math.Copysign(1, ex))) < 0.012 {
					return slotHair.index(0.15)
				}
				if e := ellipse(x, v-0.425, 0.024, 0.03); e < 1 {
					switch {
					case ellipse(x, v-0.425, 0.008, 0.022) < 1:
						return featPupil
					case ellipse(x, v-0.425, 0.013, 0.03) < 1:
						return featIris
					}
					return featEyeWhite
				}
				if e := ellipse(x, v-0.46, 0.028, 0.012); e < 1 {
					skin -= 0.12 // the lower lid's shadow
				}
			}
			switch {
			case math.Abs(du) < 0.036 && math.Abs(v-0.675) < 0.006:
				return featMouth
			case ellipse(du, v-0.675, 0.04, 0.022) < 1:
				return featLips
			case math.Abs(du) < 0.012 && v > 0.43 && v < 0.56:
				skin += 0.18 // the nose's ridge
			case math.Abs(du) < 0.03 && v >= 0.56 && v < 0.59:
				skin -= 0.22 // under the nose
			}
			if ellipse(du-0.065, v-0.55, 0.03, 0.05) < 1 || ellipse(du+0.065, v-0.55, 0.03, 0.05) < 1 {
				skin += 0.06 // cheeks
			}
		}
		if v > 0.8 {
			skin -= 0.25 * (v - 0.8) / 0.2
		}
		return slotSkin.index(skin)
	})
}

func figureTextures() []*dat.RenderSurface {
	p8 := func(id uint32, w, h int, pix []byte) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(w), Height: int32(h), Format: dat.PixelP8, SourceData: pix, DefaultPaletteID: PaletteFigure}
	}
	return []*dat.RenderSurface{
		p8(TexCloth, 64, 64, shirt()),
		p8(TexSkin, 32, 32, skinTex()),
		p8(TexFace, 128, 64, face()),
		p8(TexTrousers, 64, 64, trousers()),
		p8(TexBoots, 32, 32, boots()),
	}
}

// The figure's parts. Each is modelled about its joint (the part's
// origin in the rest pose, humanRest): the pelvis and torso rise from the
// hips, the head from the neck, the limbs hang down.

func pelvisGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceTrousers}}
	m.lathe(6, []ring{
		{z: -0.13, v: 1},
		{z: -0.1, rx: 0.13, ry: 0.085, v: 0.82},
		{z: -0.02, rx: 0.175, ry: 0.11, back: 0.02, v: 0.42},
		{z: 0.12, rx: 0.155, ry: 0.1, v: 0},
	})
	return m.gfxObj(PelvisGfxObj)
}

func torsoGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceCloth}}
	m.lathe(8, []ring{
		{z: -0.03, rx: 0.15, ry: 0.095, v: 1},
		{z: 0.27, rx: 0.19, ry: 0.12, front: 0.025, v: 0.4},
		{z: 0.45, rx: 0.225, ry: 0.11, v: 0.1},
		{z: 0.53, v: 0},
	})
	return m.gfxObj(TorsoGfxObj)
}

func headGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceFace}}
	m.lathe(8, []ring{
		{z: -0.09, rx: 0.05, ry: 0.055, v: 1},
		{z: 0.03, rx: 0.078, ry: 0.085, front: 0.012, v: 0.78},
		{z: 0.11, rx: 0.088, ry: 0.097, front: 0.03, v: 0.55},
		{z: 0.18, rx: 0.093, ry: 0.105, front: 0.006, back: 0.006, v: 0.33},
		{z: 0.245, rx: 0.076, ry: 0.09, v: 0.14},
		{z: 0.275, v: 0},
	})
	return m.gfxObj(HeadGfxObj)
}

func upperArmGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceCloth}}
	m.lathe(6, []ring{
		{z: -0.3, rx: 0.045, ry: 0.048, v: 0.6},
		{z: -0.03, rx: 0.058, ry: 0.062, v: 0.3},
		{z: 0.01, v: 0.26},
	})
	return m.gfxObj(UpperArmGfxObj)
}

func forearmGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceSkin, SurfaceCloth}}
	m.lathe(6, []ring{
		{z: -0.3, v: 1},
		{z: -0.27, rx: 0.026, ry: 0.045, v: 0.75},
		{z: -0.2, rx: 0.03, ry: 0.036, v: 0.98, vTop: 0.1, split: true, surf: 1},
		{z: 0.03, rx: 0.046, ry: 0.05, v: 0.6, surf: 1},
	})
	return m.gfxObj(ForearmGfxObj)
}

func thighGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceTrousers}}
	m.lathe(6, []ring{
		{z: -0.45, rx: 0.058, ry: 0.062, v: 0.95},
		{z: 0.04, rx: 0.085, ry: 0.085, v: 0.25},
	})
	return m.gfxObj(ThighGfxObj)
}

func shinGfxObj() *dat.GfxObj {
	m := &mesh{surfaces: []uint32{SurfaceBoots, SurfaceTrousers}}
	m.lathe(6, []ring{
		{z: -0.38, rx: 0.046, ry: 0.05, v: 0.85},
		{z: -0.2, rx: 0.06, ry: 0.064, v: 0.95, vTop: 0.02, split: true, surf: 1},
		{z: 0.03, rx: 0.062, ry: 0.066, v: 0.3, surf: 1},
	})
	// The foot: a wedge from the ankle down to a sole reaching forward.
	lo := []physics.Vec3{v3(-0.05, -0.06, -0.45), v3(0.05, -0.06, -0.45), v3(0.056, 0.17, -0.45), v3(-0.056, 0.17, -0.45)}
	hi := []physics.Vec3{v3(-0.046, -0.055, -0.36), v3(0.046, -0.055, -0.36), v3(0.05, 0.11, -0.405), v3(-0.05, 0.11, -0.405)}
	m.frustum(0, lo, hi, true, false) // no sole: it faces the ground
	return m.gfxObj(ShinGfxObj)
}

// figureGfxObjs are the parts at full detail, each naming its
// GfxObjDegradeInfo (figureDegrades).
func figureGfxObjs() []*dat.GfxObj {
	gs := []*dat.GfxObj{pelvisGfxObj(), torsoGfxObj(), headGfxObj(), upperArmGfxObj(), forearmGfxObj(), thighGfxObj(), shinGfxObj()}
	for k, g := range gs {
		g.Flags |= dat.GfxObjHasDIDDegrade
		g.DIDDegrade = uint32(figureDegrade0 + k)
	}
	return gs
}

// The figure's levels of detail: every part's GfxObj names a
// GfxObjDegradeInfo (0x11) whose level 0 is the part itself, level 1 a
// low-detail copy (four or three sides, the same textures and UV rows)
// and level 2 a far copy (three sides, no hands or feet; the upper arm
// and thigh keep level 1's), which the renderer draws from
// DegradeDistance + figureIdealDist and DegradeDistance + figureLowDist
// units away — as retail's human parts carry degrade chains. The
// player's own figure never degrades.
const (
	figureLowGfx0    = 0x01000070 // the low-detail parts, in figureGfxObjs' order
	figureFarGfx0    = 0x01000078 // the far parts, likewise (0 where level 1 serves)
	figureDegrade0   = 0x11000010 // their GfxObjDegradeInfos, likewise
	figureIdealDist  = 1
	figureLowDist    = 20
	figureLowMaxDist = 1000
	degradeModeFixed = 1
)

// figureFarGfxObjs are the parts' far levels, in figureGfxObjs' order;
// nil where the low level is already three plain sides (upper arm,
// thigh).
func figureFarGfxObjs() []*dat.GfxObj {
	mk := func(k int, surfaces []uint32, build func(m *mesh)) *dat.GfxObj {
		m := &mesh{surfaces: surfaces}
		build(m)
		return m.gfxObj(uint32(figureFarGfx0 + k))
	}
	return []*dat.GfxObj{
		mk(0, []uint32{SurfaceTrousers}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.12, v: 1}, {z: 0.12, rx: 0.165, ry: 0.105, v: 0}})
		}),
		mk(1, []uint32{SurfaceCloth}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.03, rx: 0.15, ry: 0.095, v: 1}, {z: 0.45, rx: 0.215, ry: 0.115, v: 0.1}, {z: 0.53, v: 0}})
		}),
		mk(2, []uint32{SurfaceFace}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.09, v: 1}, {z: 0.14, rx: 0.09, ry: 0.1, front: 0.02, v: 0.45}, {z: 0.275, v: 0}})
		}),
		nil,
		mk(4, []uint32{SurfaceSkin, SurfaceCloth}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.32, rx: 0.03, ry: 0.04, v: 0.98, surf: 1}, {z: 0.03, rx: 0.046, ry: 0.05, v: 0.6, surf: 1}})
		}),
		nil,
		mk(6, []uint32{SurfaceBoots, SurfaceTrousers}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.45, rx: 0.05, ry: 0.06, v: 0.85}, {z: -0.36, rx: 0.05, ry: 0.055, v: 0.85, surf: 1},
				{z: 0.03, rx: 0.062, ry: 0.066, v: 0.3, surf: 1}})
		}),
	}
}

// figureLowGfxObjs are the parts' low-detail levels.
func figureLowGfxObjs() []*dat.GfxObj {
	mk := func(k int, surfaces []uint32, build func(m *mesh)) *dat.GfxObj {
		m := &mesh{surfaces: surfaces}
		build(m)
		return m.gfxObj(uint32(figureLowGfx0 + k))
	}
	return []*dat.GfxObj{
		mk(0, []uint32{SurfaceTrousers}, func(m *mesh) {
			m.lathe(4, []ring{{z: -0.12, v: 1}, {z: 0.12, rx: 0.165, ry: 0.105, v: 0}})
		}),
		mk(1, []uint32{SurfaceCloth}, func(m *mesh) {
			m.lathe(4, []ring{{z: -0.03, rx: 0.15, ry: 0.095, v: 1}, {z: 0.45, rx: 0.215, ry: 0.115, v: 0.1}, {z: 0.53, v: 0}})
		}),
		mk(2, []uint32{SurfaceFace}, func(m *mesh) {
			m.lathe(4, []ring{{z: -0.09, rx: 0.06, ry: 0.065, v: 1}, {z: 0.14, rx: 0.09, ry: 0.1, front: 0.02, v: 0.45}, {z: 0.275, v: 0}})
		}),
		mk(3, []uint32{SurfaceCloth}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.3, rx: 0.045, ry: 0.048, v: 0.6}, {z: 0.03, rx: 0.058, ry: 0.062, v: 0.3}})
		}),
		mk(4, []uint32{SurfaceSkin, SurfaceCloth}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.32, v: 1}, {z: -0.2, rx: 0.03, ry: 0.04, v: 0.98, vTop: 0.1, split: true, surf: 1},
				{z: 0.03, rx: 0.046, ry: 0.05, v: 0.6, surf: 1}})
		}),
		mk(5, []uint32{SurfaceTrousers}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.45, rx: 0.058, ry: 0.062, v: 0.95}, {z: 0.04, rx: 0.085, ry: 0.085, v: 0.25}})
		}),
		mk(6, []uint32{SurfaceBoots, SurfaceTrousers}, func(m *mesh) {
			m.lathe(3, []ring{{z: -0.38, rx: 0.05, ry: 0.055, v: 0.85, surf: 1}, {z: 0.03, rx: 0.062, ry: 0.066, v: 0.3, surf: 1}})
			lo := []physics.Vec3{v3(-0.05, -0.06, -0.45), v3(0.05, -0.06, -0.45), v3(0.056, 0.17, -0.45), v3(-0.056, 0.17, -0.45)}
			hi := []physics.Vec3{v3(-0.046, -0.055, -0.36), v3(0.046, -0.055, -0.36), v3(0.05, 0.11, -0.405), v3(-0.05, 0.11, -0.405)}
			m.frustum(0, lo, hi, true, false)
		}),
	}
}

// figureDegrades are the parts' GfxObjDegradeInfos: level 0 the part,
// level 1 its low-detail copy, level 2 its far copy (the low one again
// where there is none).
func figureDegrades() []*dat.GfxObjDegradeInfo {
	var out []*dat.GfxObjDegradeInfo
	far := figureFarGfxObjs()
	for k, g := range figureGfxObjs() {
		farID := uint32(figureLowGfx0 + k)
		if far[k] != nil {
			farID = far[k].ID
		}
		out = append(out, &dat.GfxObjDegradeInfo{ID: uint32(figureDegrade0 + k), Degrades: []dat.GfxObjInfo{
			{ID: g.ID, DegradeMode: degradeModeFixed, MinDist: 0, IdealDist: figureIdealDist, MaxDist: 2 * figureIdealDist},
			{ID: uint32(figureLowGfx0 + k), DegradeMode: degradeModeFixed, MinDist: figureIdealDist, IdealDist: figureLowDist, MaxDist: 2 * figureLowDist},
			{ID: farID, DegradeMode: degradeModeFixed, MinDist: figureLowDist, IdealDist: figureLowMaxDist, MaxDist: figureLowMaxDist},
		}})
	}
	return out
}
