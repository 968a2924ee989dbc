package dat

import (
	"slices"

	"github.com/dereth/dereth/physics"
)

// DecodeSetup decodes a 0x02 Setup (dat-format.md §4.2).
func DecodeSetup(id uint32, data []byte) (*Setup, error) {
	d := newDecoder("Setup", id, data)
	s := &Setup{ID: d.u32(), Flags: d.u32()}
	n := d.count(uint64(d.u32()), 4, "part")
	if n > 0 {
		s.Parts = make([]uint32, n)
		for i := range s.Parts {
			s.Parts[i] = d.u32()
		}
	}
	if s.Flags&SetupHasParent != 0 {
		if c := d.count(uint64(n), 4, "parent index"); c > 0 {
			s.ParentIndex = make([]uint32, c)
			for i := range s.ParentIndex {
				s.ParentIndex[i] = d.u32()
			}
		}
	}
	if s.Flags&SetupHasDefaultScale != 0 {
		if c := d.count(uint64(n), 12, "default scale"); c > 0 {
			s.DefaultScale = make([]physics.Vec3, c)
			for i := range s.DefaultScale {
				s.DefaultScale[i] = d.vec()
			}
		}
	}
	s.HoldingLocations = d.locations("holding location")
	s.ConnectionPoints = d.locations("connection point")
	if c := d.scount(d.i32(), 4+n*28+4, "placement"); c > 0 {
		s.PlacementFrames = make(map[int32]AnimFrame, c)
		for range c {
			k := d.i32()
			s.PlacementFrames[k] = d.animFrame(n)
		}
	}
	if c := d.count(uint64(d.u32()), 20, "cylsphere"); c > 0 {
		s.CylSpheres = make([]CylSphere, c)
		for i := range s.CylSpheres {
			s.CylSpheres[i] = CylSphere{Origin: d.vec(), Radius: d.f32(), Height: d.f32()}
		}
	}
	if c := d.count(uint64(d.u32()), 16, "sphere"); c > 0 {
		s.Spheres = make([]Sphere, c)
		for i := range s.Spheres {
			s.Spheres[i] = d.sphere()
		}
	}
	s.Height, s.Radius, s.StepUpHeight, s.StepDownHeight = d.f32(), d.f32(), d.f32(), d.f32()
	s.SortingSphere = d.sphere()
	s.SelectionSphere = d.sphere()
	if c := d.scount(d.i32(), 48, "light"); c > 0 {
		s.Lights = make(map[int32]LightInfo, c)
		for range c {
			k := d.i32()
			s.Lights[k] = LightInfo{Frame: d.frame(), Color: d.u32(), Intensity: d.f32(), Falloff: d.f32(), ConeAngle: d.f32()}
		}
	}
	s.DefaultAnimation = d.u32()
	s.DefaultScript = d.u32()
	s.DefaultMotionTable = d.u32()
	s.DefaultSoundTable = d.u32()
	s.DefaultScriptTable = d.u32()
	if err := d.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

func (d *decoder) locations(what string) map[int32]LocationType {
	c := d.scount(d.i32(), 36, what)
	if c == 0 {
		return nil
	}
	m := make(map[int32]LocationType, c)
	for range c {
		k := d.i32()
		m[k] = d.location()
	}
	return m
}

func sortedKeys[K int32 | uint32, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (e *encoder) locations(m map[int32]LocationType) {
	e.i32(int32(len(m)))
	for _, k := range sortedKeys(m) {
		e.i32(k)
		e.location(m[k])
	}
}

// EncodeSetup encodes a Setup; maps are written in ascending key order.
func EncodeSetup(s *Setup) ([]byte, error) {
	n := len(s.Parts)
	e := newEncoder("Setup", s.ID, 128+n*40+len(s.PlacementFrames)*(n*28+8))
	e.u32(s.ID)
	e.u32(s.Flags)
	e.count(n)
	for _, p := range s.Parts {
		e.u32(p)
	}
	if s.Flags&SetupHasParent != 0 {
		if len(s.ParentIndex) != n {
			e.failf("%d parent indices for %d parts", len(s.ParentIndex), n)
		}
		for _, p := range s.ParentIndex {
			e.u32(p)
		}
	} else if len(s.ParentIndex) != 0 {
		e.failf("parent indices without the HasParent flag")
	}
	if s.Flags&SetupHasDefaultScale != 0 {
		if len(s.DefaultScale) != n {
			e.failf("%d default scales for %d parts", len(s.DefaultScale), n)
		}
		for _, v := range s.DefaultScale {
			e.vec(v)
		}
	} else if len(s.DefaultScale) != 0 {
		e.failf("default scales without the HasDefaultScale flag")
	}
	e.locations(s.HoldingLocations)
	e.locations(s.ConnectionPoints)
	e.i32(int32(len(s.PlacementFrames)))
	for _, k := range sortedKeys(s.PlacementFrames) {
		e.i32(k)
		e.animFrame(s.PlacementFrames[k], n)
	}
	e.count(len(s.CylSpheres))
	for _, c := range s.CylSpheres {
		e.vec(c.Origin)
		e.f32(c.Radius)
		e.f32(c.Height)
	}
	e.count(len(s.Spheres))
	for _, sp := range s.Spheres {
		e.sphere(sp)
	}
	e.f32(s.Height)
	e.f32(s.Radius)
	e.f32(s.StepUpHeight)
	e.f32(s.StepDownHeight)
	e.sphere(s.SortingSphere)
	e.sphere(s.SelectionSphere)
	e.i32(int32(len(s.Lights)))
	for _, k := range sortedKeys(s.Lights) {
		l := s.Lights[k]
		e.i32(k)
		e.frame(l.Frame)
		e.u32(l.Color)
		e.f32(l.Intensity)
		e.f32(l.Falloff)
		e.f32(l.ConeAngle)
	}
	e.u32(s.DefaultAnimation)
	e.u32(s.DefaultScript)
	e.u32(s.DefaultMotionTable)
	e.u32(s.DefaultSoundTable)
	e.u32(s.DefaultScriptTable)
	return e.result()
}
