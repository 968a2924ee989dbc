package sampleworld

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld/world"
)

// TestSampleEmitters reads every 0x32 object of the sample portal DAT
// field by field at ACE DatLoader's offsets (ParticleEmitterInfo.Unpack:
// 176 bytes) and compares the decoder's answer; then checks the windmill's
// smoke and the sparkle spell name stored emitters of their own, each
// drawing its own textured GfxObj (the spell's additive).
func TestSampleEmitters(t *testing.T) {
	p, _ := open(t)
	n := 0
	for _, e := range p.Entries() {
		if e.ID>>24 != 0x32 {
			continue
		}
		n++
		b, err := p.Read(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != 176 {
			t.Fatalf("emitter 0x%08X is %d bytes, ACE's layout has 176", e.ID, len(b))
		}
		u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }
		f32 := func(off int) float32 { return math.Float32frombits(u32(off)) }
		f64 := func(off int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b[off:])) }
		info, err := p.ParticleEmitterInfo(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		checks := []struct {
			name      string
			got, want float64
		}{
			{"id", float64(info.ID), float64(u32(0))}, {"EmitterType", float64(info.EmitterType), float64(int32(u32(8)))},
			{"ParticleType", float64(info.ParticleType), float64(int32(u32(12)))},
			{"GfxObjId", float64(info.GfxObjID), float64(u32(16))}, {"HwGfxObjId", float64(info.HWGfxObjID), float64(u32(20))},
			{"Birthrate", info.Birthrate, f64(24)}, {"MaxParticles", float64(info.MaxParticles), float64(int32(u32(32)))},
			{"InitialParticles", float64(info.InitialParticles), float64(int32(u32(36)))},
			{"TotalParticles", float64(info.TotalParticles), float64(int32(u32(40)))},
			{"TotalSeconds", info.TotalSeconds, f64(44)}, {"Lifespan", info.Lifespan, f64(52)}, {"LifespanRand", info.LifespanRand, f64(60)},
			{"OffsetDir.Z", float64(info.OffsetDir.Z), float64(f32(76))}, {"MinOffset", float64(info.MinOffset), float64(f32(80))},
			{"MaxOffset", float64(info.MaxOffset), float64(f32(84))}, {"A.X", float64(info.A.X), float64(f32(88))},
			{"A.Z", float64(info.A.Z), float64(f32(96))}, {"MinA", float64(info.MinA), float64(f32(100))}, {"MaxA", float64(info.MaxA), float64(f32(104))},
			{"B.Z", float64(info.B.Z), float64(f32(116))}, {"MinB", float64(info.MinB), float64(f32(120))}, {"MaxB", float64(info.MaxB), float64(f32(124))},
			{"C.X", float64(info.C.X), float64(f32(128))}, {"MinC", float64(info.MinC), float64(f32(140))}, {"MaxC", float64(info.MaxC), float64(f32(144))},
			{"StartScale", float64(info.StartScale), float64(f32(148))}, {"FinalScale", float64(info.FinalScale), float64(f32(152))},
			{"ScaleRand", float64(info.ScaleRand), float64(f32(156))}, {"StartTrans", float64(info.StartTrans), float64(f32(160))},
			{"FinalTrans", float64(info.FinalTrans), float64(f32(164))}, {"TransRand", float64(info.TransRand), float64(f32(168))},
			{"IsParentLocal", float64(info.IsParentLocal), float64(int32(u32(172)))},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("emitter 0x%08X %s: decoded %v, ACE's offset holds %v", e.ID, c.name, c.got, c.want)
			}
		}
	}
	if n < 4 {
		t.Fatalf("%d emitters stored, want the smoke, sparkle, mote and dust", n)
	}

	firstEmitter := func(script uint32) []uint32 {
		s, err := p.PhysicsScript(script)
		if err != nil {
			t.Fatal(err)
		}
		var ids []uint32
		for _, en := range s.Entries {
			if en.Hook.Type == dat.HookCreateParticle {
				ids = append(ids, en.Hook.ID)
			}
		}
		return ids
	}
	for _, c := range []struct {
		script   uint32
		additive bool
	}{{world.ScriptWindmill, false}, {world.ScriptSparkle, true}} {
		ids := firstEmitter(c.script)
		if len(ids) == 0 {
			t.Fatalf("script 0x%08X creates no particles", c.script)
		}
		for _, id := range ids {
			info, err := p.ParticleEmitterInfo(id)
			if err != nil {
				t.Fatalf("script 0x%08X: emitter 0x%08X: %v", c.script, id, err)
			}
			g, err := p.GfxObj(info.HWGfxObjID)
			if err != nil {
				t.Fatalf("emitter 0x%08X: particle GfxObj: %v", id, err)
			}
			s, err := p.Surface(g.Surfaces[0])
			if err != nil || !s.Textured() {
				t.Fatalf("emitter 0x%08X: surface 0x%08X not textured (%v)", id, g.Surfaces[0], err)
			}
			if add := s.Type&dat.SurfaceAdditive != 0; add != c.additive {
				t.Errorf("emitter 0x%08X additive %v, want %v", id, add, c.additive)
			}
		}
	}
	smoke, spell := firstEmitter(world.ScriptWindmill)[0], firstEmitter(world.ScriptSparkle)[0]
	if smoke == spell {
		t.Error("the windmill's smoke and the spell share an emitter")
	}
}
