package world

import (
	"image"
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/texture"
)

// The houses' doors and windows: a window is four panes of dark glass in a
// wooden frame (TexWindow), with open shutters beside it and a sill under
// it; a doorway gets wooden jambs and a lintel, and the town houses' door
// stands open against the facade (TexDoor: planks with iron bands and a
// ring). They stand a few centimetres proud of the walls and only draw:
// collision still meets the wall behind them.
const (
	TexWindow = 0x0600001C
	TexDoor   = 0x0600001D

	SurfaceWindow = 0x08000016
	SurfaceDoor   = 0x08000017
)

// window is four panes with a diagonal sheen, a frame and a cross of
// glazing bars.
func window() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		frame := rgbf{92, 62, 36}
		if u < 0.09 || u > 0.91 || v < 0.09 || v > 0.91 {
			return frame.scale(0.8 + float64(0.3*noise(u, v, 16, 400)))
		}
		if math.Abs(u-0.5) < 0.035 || math.Abs(v-0.5) < 0.035 {
			return frame
		}
		pu, pv := math.Mod(u, 0.5)*2, math.Mod(v, 0.5)*2
		glass := mix(rgbf{30, 40, 56}, rgbf{70, 90, 112}, float64(0.6*pv)+float64(0.2*noise(u, v, 8, 401)))
		if d := math.Abs(pu + pv - 0.9); d < 0.12 {
			glass = mix(glass, rgbf{170, 190, 210}, 0.6*(1-d/0.12))
		}
		return glass
	})
}

// door is vertical planks held by two iron bands with rivets, a ring
// handle on the right.
func door() *image.NRGBA {
	return paint(64, func(u, v float64) rgbf {
		plank := int(u * 5)
		fu := float64(u*5) - float64(plank)
		base := mix(rgbf{70, 44, 24}, rgbf{120, 80, 46}, 0.4+0.4*float64(hash(plank, 1, 410)&0xFF)/255)
		grain := 0.85 + float64(0.25*math.Sin(2*math.Pi*(float64(fu*2)+float64(3*noise(u, v*0.3, 4, 411+plank)))))
		c := base.scale(grain)
		if fu < 0.06 {
			c = rgbf{34, 22, 12}
		}
		for _, b := range []float64{0.18, 0.8} {
			if math.Abs(v-b) < 0.04 {
				c = mix(rgbf{40, 40, 44}, rgbf{90, 90, 96}, noise(u, v, 16, 412))
				if math.Abs(fu-0.5) < 0.1 && math.Abs(v-b) < 0.015 {
					c = rgbf{140, 140, 146}
				}
			}
		}
		if r := math.Hypot(u-0.8, (v-0.52)*0.8); math.Abs(r-0.05) < 0.014 {
			c = rgbf{60, 60, 66}
		}
		return c
	})
}

func houseTextures() []*dat.RenderSurface {
	dxt := func(id uint32, img *image.NRGBA) *dat.RenderSurface {
		return &dat.RenderSurface{ID: id, Width: int32(img.Rect.Dx()), Height: int32(img.Rect.Dy()), Format: dat.PixelDXT1,
			SourceData: texture.EncodeDXT1(img)}
	}
	return []*dat.RenderSurface{dxt(TexWindow, window()), dxt(TexDoor, door())}
}

// facade places decorations on one outside wall of the box lo..hi: along
// s, up z, d out from the wall.
type facade struct {
	at func(s, z float32) physics.Vec3
	n  physics.Vec3 // outward
}

func facadeOf(wall byte, lo, hi physics.Vec3) facade {
	n, at, _, _ := wallOf(wall, lo, hi, -1)
	return facade{at: at, n: n}
}

// p is the point s along the wall, z up, d out.
func (f facade) p(s, z, d float32) physics.Vec3 { return f.at(s, z).Add(f.n.Scale(d)) }

// panel adds the rectangle s0..s1 × z0..z1 standing d out of the wall,
// facing out, one whole texture of surface surf.
func (m *mesh) panel(f facade, surf int16, s0, s1, z0, z1, d float32) {
	tile := m.tile
	m.tile = 0
	m.rect(surf, f.n, f.p(s0, z0, d), f.p(s1, z1, d))
	m.tile = tile
}

// slab adds a block s0..s1 × z0..z1 from the wall out to d (its back
// against the wall is left open).
func (m *mesh) slab(f facade, surf int16, s0, s1, z0, z1, d float32) {
	a, b := f.p(s0, z0, 0), f.p(s1, z1, d)
	lo := v3(min(a.X, b.X), min(a.Y, b.Y), min(a.Z, b.Z))
	hi := v3(max(a.X, b.X), max(a.Y, b.Y), max(a.Z, b.Z))
	for _, side := range []struct{ n, a, b physics.Vec3 }{
		{v3(0, 0, 1), v3(lo.X, lo.Y, hi.Z), hi}, {v3(0, 0, -1), lo, v3(hi.X, hi.Y, lo.Z)},
		{v3(1, 0, 0), v3(hi.X, lo.Y, lo.Z), hi}, {v3(-1, 0, 0), lo, v3(lo.X, hi.Y, hi.Z)},
		{v3(0, 1, 0), v3(lo.X, hi.Y, lo.Z), hi}, {v3(0, -1, 0), lo, v3(hi.X, lo.Y, hi.Z)},
	} {
		// Skip the face against the wall.
		if side.n.Dot(f.n) < -0.5 {
			continue
		}
		m.rect(surf, side.n, side.a, side.b)
	}
}

// houseSurfaces are the surface indices a decorated house mesh uses.
type houseSurfaces struct{ wood, window, door int16 }

// windowAt adds a window w wide, h high, its sill at z0, centred at s:
// glass in its frame, shutters open either side, a sill.
func (m *mesh) windowAt(f facade, hs houseSurfaces, s, z0, w, h float32) {
	// Products are rounded (float64(a*b), float32(a*b)) before they are
	// added: no fused multiply-add, so go generate writes the same world on
	// every target (docs/architecture.md, "No fused multiply-add").
	m.panel(f, hs.window, s-float32(w/2), s+float32(w/2), z0, z0+h, 0.03)
	m.panel(f, hs.wood, s-w, s-float32(w/2)-0.02, z0, z0+h, 0.05)
	m.panel(f, hs.wood, s+float32(w/2)+0.02, s+w, z0, z0+h, 0.05)
	m.slab(f, hs.wood, s-float32(w/2)-0.1, s+float32(w/2)+0.1, z0-0.1, z0, 0.16)
}

// doorFrame adds jambs and a lintel round a doorway w wide, h high at s.
func (m *mesh) doorFrame(f facade, hs houseSurfaces, s, w, h float32) {
	m.slab(f, hs.wood, s-float32(w/2)-0.16, s-float32(w/2), 0, h, 0.1)
	m.slab(f, hs.wood, s+float32(w/2), s+float32(w/2)+0.16, 0, h, 0.1)
	m.slab(f, hs.wood, s-float32(w/2)-0.22, s+float32(w/2)+0.22, h, h+0.22, 0.12)
}

// decorateTownHouse adds the town house's doors and windows: the doorway
// framed, its door open against the facade east of it, a window west of
// it, two on the north wall and one on each end wall.
func (m *mesh) decorateTownHouse(hs houseSurfaces) {
	lo, hi := townHouseLo, townHouseHi
	m.decor = len(m.polys)
	south := facadeOf('S', lo, hi)
	m.doorFrame(south, hs, 0, townDoorW, townDoorH)
	m.panel(south, hs.door, townDoorW/2+0.18, townDoorW/2+0.18+townDoorW-0.1, 0.02, townDoorH-0.05, 0.06)
	m.windowAt(south, hs, -2.6, 1.05, 1, 1.1)
	north := facadeOf('N', lo, hi)
	m.windowAt(north, hs, -2, 1.05, 1, 1.1)
	m.windowAt(north, hs, 2, 1.05, 1, 1.1)
	m.windowAt(facadeOf('E', lo, hi), hs, 0, 1.05, 1, 1.1)
	m.windowAt(facadeOf('W', lo, hi), hs, 0, 1.05, 1, 1.1)
}

// decorateHouse adds the house's windows: two on each long wall, one on
// each end wall (its door is DoorSetup, in the frame houseGfxObj builds).
func (m *mesh) decorateHouse(hs houseSurfaces) {
	lo, hi := v3(-5, -4, 0), v3(5, 4, 4)
	m.decor = len(m.polys)
	for _, w := range []byte{'S', 'N'} {
		f := facadeOf(w, lo, hi)
		m.windowAt(f, hs, -3, 1.1, 1.1, 1.2)
		m.windowAt(f, hs, 3, 1.1, 1.1, 1.2)
	}
	m.windowAt(facadeOf('E', lo, hi), hs, 0, 1.1, 1.1, 1.2)
	m.windowAt(facadeOf('W', lo, hi), hs, 0, 1.1, 1.1, 1.2)
}
