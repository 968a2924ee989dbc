package sampleworld

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld/world"
)

// aceReader walks bytes as ACE's DatLoader BinaryReader does: little
// endian, PStrings with a u16 length, AlignBoundary to 4 bytes from the
// object's start.
type aceReader struct {
	b   []byte
	off int
	t   *testing.T
}

func (r *aceReader) need(n int) {
	if r.off+n > len(r.b) {
		r.t.Fatalf("read past the Region's %d bytes at %d", len(r.b), r.off)
	}
}
func (r *aceReader) u32() uint32 {
	r.need(4)
	v := binary.LittleEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v
}
func (r *aceReader) f32() float32 { return math.Float32frombits(r.u32()) }
func (r *aceReader) f64() float64 {
	r.need(8)
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.off:]))
	r.off += 8
	return v
}
func (r *aceReader) align() { r.off = (r.off + 3) &^ 3 }
func (r *aceReader) pstring() string {
	r.need(2)
	n := int(binary.LittleEndian.Uint16(r.b[r.off:]))
	r.off += 2
	r.need(n)
	s := string(r.b[r.off : r.off+n])
	r.off += n
	return s
}

// TestSampleSkyACELayout reads the sample Region's SkyDesc at ACE
// DatLoader's layout (RegionDesc.Unpack up to SkyInfo, then SkyDesc,
// DayGroup, SkyObject, SkyTimeOfDay and SkyObjectReplace.Unpack) and
// compares it with the decoder's; then checks what the sky names is
// stored: every sky object's and replace's GfxObj, with textured
// surfaces.
func TestSampleSkyACELayout(t *testing.T) {
	p, _ := open(t)
	b, err := p.Read(world.Region)
	if err != nil {
		t.Fatal(err)
	}
	region, err := p.Region(world.Region)
	if err != nil {
		t.Fatal(err)
	}
	r := &aceReader{b: b, t: t}
	r.u32()     // Id
	r.u32()     // RegionNumber
	r.u32()     // Version
	r.pstring() // RegionName
	r.align()
	r.off += 8*4 + 256*4 // LandDefs: 8 ints and floats, 256 heights
	r.f64()              // GameTime: ZeroTimeOfYear, ZeroYear, DayLength, DaysPerYear, YearSpec
	r.u32()
	r.f32()
	r.u32()
	r.pstring()
	r.align()
	for n := r.u32(); n > 0; n-- { // TimesOfDay
		r.f32()
		r.u32()
		r.pstring()
		r.align()
	}
	for n := r.u32(); n > 0; n-- { // DaysOfTheWeek
		r.pstring()
		r.align()
	}
	for n := r.u32(); n > 0; n-- { // Seasons
		r.u32()
		r.pstring()
		r.align()
	}
	if mask := r.u32(); mask&0x10 == 0 {
		t.Fatalf("PartsMask 0x%X has no sky", mask)
	}
	sky := &dat.SkyDesc{TickSize: r.f64(), LightTickSize: r.f64()}
	r.align()
	for n := r.u32(); n > 0; n-- {
		g := dat.DayGroup{ChanceOfOccur: r.f32(), DayName: r.pstring()}
		r.align()
		for m := r.u32(); m > 0; m-- {
			o := dat.SkyObject{BeginTime: r.f32(), EndTime: r.f32(), BeginAngle: r.f32(), EndAngle: r.f32(),
				TexVelocityX: r.f32(), TexVelocityY: r.f32(), GfxObjID: r.u32(), PESObjectID: r.u32(), Properties: r.u32()}
			r.align()
			g.SkyObjects = append(g.SkyObjects, o)
		}
		for m := r.u32(); m > 0; m-- {
			st := dat.SkyTimeOfDay{Begin: r.f32(), DirBright: r.f32(), DirHeading: r.f32(), DirPitch: r.f32(), DirColor: r.u32(),
				AmbBright: r.f32(), AmbColor: r.u32(), MinWorldFog: r.f32(), MaxWorldFog: r.f32(), WorldFogColor: r.u32(), WorldFog: r.u32()}
			r.align()
			for k := r.u32(); k > 0; k-- {
				st.Replaces = append(st.Replaces, dat.SkyObjectReplace{ObjectIndex: r.u32(), GfxObjID: r.u32(), Rotate: r.f32(),
					Transparent: r.f32(), Luminosity: r.f32(), MaxBright: r.f32()})
				r.align()
			}
			g.SkyTimes = append(g.SkyTimes, st)
		}
		sky.DayGroups = append(sky.DayGroups, g)
	}
	if !reflect.DeepEqual(sky, region.Sky) {
		t.Fatalf("the decoder's SkyDesc\n%+v\ndiffers from ACE's layout's\n%+v", region.Sky, sky)
	}
	g := sky.DayGroups[0]
	if len(g.SkyObjects) != 5 || len(g.SkyTimes) != 4 {
		t.Fatalf("%d sky objects, %d times of day; want the night and day domes, sun, moon and clouds over 4", len(g.SkyObjects), len(g.SkyTimes))
	}
	if o := g.SkyObjects[world.SkyObjClouds]; o.TexVelocityX == 0 && o.TexVelocityY == 0 {
		t.Errorf("the clouds do not scroll: %+v", o)
	}
	if o := g.SkyObjects[world.SkyObjSun]; o.BeginTime >= o.EndTime || o.BeginAngle == o.EndAngle {
		t.Errorf("the sun does not cross the sky: %+v", o)
	}
	ids := map[uint32]bool{}
	for _, o := range g.SkyObjects {
		ids[o.GfxObjID] = true
	}
	replaced := 0
	for _, st := range g.SkyTimes {
		for _, x := range st.Replaces {
			if int(x.ObjectIndex) >= len(g.SkyObjects) {
				t.Errorf("a replace names object %d of %d", x.ObjectIndex, len(g.SkyObjects))
			}
			if x.GfxObjID != 0 {
				ids[x.GfxObjID] = true
				replaced++
			}
		}
	}
	if replaced == 0 {
		t.Error("no time of day replaces a sky object's GfxObj")
	}
	for id := range ids {
		gfx, err := p.GfxObj(id)
		if err != nil {
			t.Errorf("sky GfxObj 0x%08X: %v", id, err)
			continue
		}
		for _, sid := range gfx.Surfaces {
			s, err := p.Surface(sid)
			if err != nil || !s.Textured() {
				t.Errorf("sky GfxObj 0x%08X surface 0x%08X: %v (textured %v)", id, sid, err, err == nil && s.Textured())
			}
		}
	}
}
