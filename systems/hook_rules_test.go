package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// runScriptHooks plays a physics script made of hooks (all at time 0) on a
// fresh creature and steps one frame, so ScriptManager::UpdateScripts
// executes them in order.
// Without particles, the creature has no ParticleManager.
func runScriptHooks(t *testing.T, particles bool, hooks ...dat.AnimHook) (*World, *components.View) {
	t.Helper()
	const id = 0x33000010
	w := NewWorld()
	s := &managers.Script{ID: id}
	for _, h := range hooks {
		s.Hooks = append(s.Hooks, managers.ScriptHook{Hook: h})
	}
	w.Scripts[id] = s
	setup, mt, anims := humanoid(nil)
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell = 0x50000001, 0x01010001
	d.Setup, d.MotionTable, d.Anims = setup, mt, anims
	if !particles {
		d.Managers &^= archetypes.WithParticle
	}
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	if !w.PlayScript(o, id, 0) {
		t.Fatal("PlayScript refused a known script")
	}
	w.Step(0.05)
	return w, w.Object(0x50000001)
}

// TestHookEffects pins each hook's effect on its object (executeHook):
// the state bits of Ethereal and NoDraw follow the hook's flag, SetOmega
// sets the angular velocity, Transparent the translucency, and the
// particle hooks create, stop and destroy the emitter they name.
func TestHookEffects(t *testing.T) {
	omega := physics.Vec3{X: 0.25, Y: -0.5, Z: 1.5}
	cases := []struct {
		name      string
		particles bool
		hooks     []dat.AnimHook
		check     func(o *components.View) string
	}{
		{"Ethereal on", true, []dat.AnimHook{{Type: dat.HookEthereal, On: true}}, func(o *components.View) string {
			return expect(o.Phys.State.Has(physics.StateEthereal), "not Ethereal")
		}},
		{"Ethereal on then off", true, []dat.AnimHook{{Type: dat.HookEthereal, On: true}, {Type: dat.HookEthereal}}, func(o *components.View) string {
			return expect(!o.Phys.State.Has(physics.StateEthereal), "still Ethereal")
		}},
		{"NoDraw on", true, []dat.AnimHook{{Type: dat.HookNoDraw, On: true}}, func(o *components.View) string {
			return expect(o.Phys.State.Has(physics.StateNoDraw) && !o.Phys.State.Has(physics.StateEthereal), "not NoDraw alone")
		}},
		{"NoDraw on then off", true, []dat.AnimHook{{Type: dat.HookNoDraw, On: true}, {Type: dat.HookNoDraw}}, func(o *components.View) string {
			return expect(!o.Phys.State.Has(physics.StateNoDraw), "still NoDraw")
		}},
		{"SetOmega", true, []dat.AnimHook{{Type: dat.HookSetOmega, Vector: omega}}, func(o *components.View) string {
			return expect(o.Phys.Omega == omega, "omega not set")
		}},
		{"Transparent", true, []dat.AnimHook{{Type: dat.HookTransparent, Start: 0.1, End: 0.75, Time: 1}}, func(o *components.View) string {
			return expect(o.Pres.Translucency == 0.75, "translucency not the hook's end")
		}},
		{"TransparentPart", true, []dat.AnimHook{{Type: dat.HookTransparentPart, Part: 1, End: 0.5}}, func(o *components.View) string {
			return expect(o.Pres.Translucency == 0.5, "translucency not the hook's end")
		}},
		{"CreateParticle", true, []dat.AnimHook{{Type: dat.HookCreateParticle, ID: 0x32000001, EmitterID: 7, Part: 1}}, func(o *components.View) string {
			return expect(o.Particle != nil && len(o.Particle.Emitters) == 1 && o.Particle.Emitters[0].EmitterID == 7 &&
				o.Particle.Emitters[0].InfoID == 0x32000001 && o.Particle.Emitters[0].Part == 1, "no emitter 7 on part 1")
		}},
		{"CreateBlockingParticle", true, []dat.AnimHook{{Type: dat.HookCreateBlockingParticle, ID: 0x32000001, EmitterID: 8}}, func(o *components.View) string {
			return expect(o.Particle != nil && len(o.Particle.Emitters) == 1 && o.Particle.Emitters[0].EmitterID == 8, "no emitter 8")
		}},
		{"StopParticle", true, []dat.AnimHook{{Type: dat.HookCreateParticle, EmitterID: 7}, {Type: dat.HookCreateParticle, EmitterID: 9}, {Type: dat.HookStopParticle, EmitterID: 7}}, func(o *components.View) string {
			return expect(len(o.Particle.Emitters) == 2 && o.Particle.Emitters[0].Stopped && !o.Particle.Emitters[1].Stopped, "emitter 7 alone not stopped")
		}},
		{"DestroyParticle", true, []dat.AnimHook{{Type: dat.HookCreateParticle, EmitterID: 7}, {Type: dat.HookCreateParticle, EmitterID: 9}, {Type: dat.HookDestroyParticle, EmitterID: 7}}, func(o *components.View) string {
			return expect(len(o.Particle.Emitters) == 1 && o.Particle.Emitters[0].EmitterID == 9, "emitter 7 alone not destroyed")
		}},
		{"StopParticle without particles", false, []dat.AnimHook{{Type: dat.HookStopParticle, EmitterID: 7}}, func(o *components.View) string {
			return expect(o.Particle == nil, "a particle manager appeared")
		}},
		{"DestroyParticle without particles", false, []dat.AnimHook{{Type: dat.HookDestroyParticle, EmitterID: 7}}, func(o *components.View) string {
			return expect(o.Particle == nil, "a particle manager appeared")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, o := runScriptHooks(t, c.particles, c.hooks...)
			if msg := c.check(o); msg != "" {
				t.Fatal(msg)
			}
		})
	}
}

func expect(ok bool, msg string) string {
	if ok {
		return ""
	}
	return msg
}

// TestAnimationHooksPlayScripts pins the script-playing hooks as an
// animation fires them (deferred to the frame's drain): CallPES queues
// its script after the hook's pause, DefaultScript plays the Setup's
// default script at once; the observer sees both as deferred.
func TestAnimationHooksPlayScripts(t *testing.T) {
	const pes, def = 0x33000020, 0x33000021
	w := NewWorld()
	w.Scripts[pes] = &managers.Script{ID: pes, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookEthereal, On: true}}}}
	w.Scripts[def] = &managers.Script{ID: def, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookNoDraw, On: true}}}}
	o := spawnCreature(t, w, 0x50000001, []dat.AnimHook{{Type: dat.HookCallPES, ID: pes, Time: 0.5}, {Type: dat.HookDefaultScript}})
	o.Parts.Setup.DefaultScript = def
	var deferred []dat.HookType
	w.HookObserver = observerFunc(func(guid uint32, h *dat.AnimHook, d bool) {
		if d {
			deferred = append(deferred, h.Type)
		}
	})
	p := motion.DefaultParams()
	w.Interp(w.Object(o.Phys.GUID)).DoMotion(motion.WalkForward, &p)
	fired := -1
	for i := 0; i < 20 && fired < 0; i++ {
		w.Step(0.035)
		if len(deferred) > 0 {
			fired = w.FrameNo
		}
	}
	if len(deferred) != 2 || deferred[0] != dat.HookCallPES || deferred[1] != dat.HookDefaultScript {
		t.Fatalf("deferred hooks %v, want CallPES then DefaultScript", deferred)
	}
	v := w.Object(o.Phys.GUID)
	if v.Phys.State.Has(physics.StateEthereal) {
		t.Fatal("CallPES's script ran before its pause")
	}
	if v.Script.Pending() != 2 {
		t.Fatalf("%d scripts queued after the hooks, want CallPES's and the default script", v.Script.Pending())
	}
	w.Step(0.035)
	if len(deferred) != 2 {
		t.Fatalf("deferred hooks %v after the next frame: a drained hook must not run again", deferred)
	}
	if n := len(w.deferred); n != 0 {
		t.Fatalf("%d deferred hooks left queued between frames: the drain must empty the queue (it would grow without bound)", n)
	}
	if !v.Phys.State.Has(physics.StateNoDraw) || v.Phys.State.Has(physics.StateEthereal) {
		t.Fatal("the default script must run at the next update, CallPES's not yet")
	}
	for range 14 { // 0.49 s: the pause of 0.5 s counted from the hook's frame
		w.Step(0.035)
	}
	if !v.Phys.State.Has(physics.StateEthereal) {
		t.Fatal("CallPES's script did not run after its pause")
	}
}

// TestPlayScriptUnknownAndSetupless: PlayScript reports an unknown id as
// not played, and a DefaultScript hook on an object without a Setup plays
// nothing (and does not fail).
func TestPlayScriptUnknownAndSetupless(t *testing.T) {
	w := NewWorld()
	o := spawnCreature(t, w, 0x50000001, nil)
	if w.PlayScript(o, 0x3300FFFF, 0) {
		t.Fatal("PlayScript reported an unknown script as played")
	}
	const id = 0x33000040
	w.Scripts[id] = &managers.Script{ID: id, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookDefaultScript}}}}
	bare, err := w.Spawn(archetypes.Desc{GUID: 0x50000002, Cell: 0x01010001, Managers: archetypes.WithScript})
	if err != nil {
		t.Fatal(err)
	}
	if !w.PlayScript(bare, id, 0) {
		t.Fatal("PlayScript refused a known script")
	}
	w.Step(0.05)
	if n := w.Object(0x50000002).Script.Pending(); n != 0 {
		t.Fatalf("%d scripts queued by a DefaultScript hook on an object without a Setup, want 0", n)
	}
}

// TestDeferredHooksAreTracedAsDeferred: an animation hook is traced when
// captured and again, with phase "deferred", when the frame's drain runs
// it; a script's hook is traced with phase "script".
func TestDeferredHooksAreTracedAsDeferred(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	o := spawnCreature(t, w, 0x50000001, []dat.AnimHook{{Type: dat.HookEthereal, On: true}})
	const id = 0x33000041
	w.Scripts[id] = &managers.Script{ID: id, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookNoDraw, On: true}}}}
	w.PlayScript(o, id, 0)
	p := motion.DefaultParams()
	w.Interp(w.Object(o.Phys.GUID)).DoMotion(motion.WalkForward, &p)
	for range 10 {
		w.Step(0.035)
	}
	phases := map[string]int{}
	for _, e := range rec.Events {
		if e.Kind == KindHook {
			phases[e.Hook+" "+string(e.Phase)]++
		}
	}
	eth, nd := dat.HookEthereal.String(), dat.HookNoDraw.String()
	if phases[eth+" "+string(PhaseCapture)] != 1 || phases[eth+" "+string(PhaseDeferred)] != 1 || phases[nd+" "+string(PhaseScript)] != 1 {
		t.Fatalf("hook trace phases %v, want %s captured once and deferred once, %s run by its script once", phases, eth, nd)
	}
}
