package systems

import (
	"math"
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// TestStaticScriptsNeedHasDefaultScript pins seed 000's
// animate_static_object: "if state contains HasDefaultScript and
// script_manager != null: script_manager.UpdateScripts()". A static object
// whose Setup names a default script (so it has HasDefaultScript) runs its
// queued scripts each frame; one without the bit keeps a script queued by
// PlayEffect waiting, unrun, however long the frames go on.
func TestStaticScriptsNeedHasDefaultScript(t *testing.T) {
	const scriptID = 0x33000001
	w := NewWorld()
	w.Scripts[scriptID] = &managers.Script{ID: scriptID, Hooks: []managers.ScriptHook{
		{Time: 0, Hook: dat.AnimHook{Type: dat.HookEthereal, On: true}},
	}}
	with := spawnStaticScripted(t, w, 0x70000001, scriptID)
	without := spawnStatic(t, w, 0x70000002)
	if !with.Phys.State.Has(physics.StateHasDefaultScript) || without.Phys.State.Has(physics.StateHasDefaultScript) {
		t.Fatalf("HasDefaultScript: with %v, without %v", with.Phys.State.Has(physics.StateHasDefaultScript), without.Phys.State.Has(physics.StateHasDefaultScript))
	}
	if !w.PlayScript(without, scriptID, 0) {
		t.Fatal("PlayScript refused a known script")
	}
	for i := 0; i < 3; i++ {
		w.Step(0.05)
	}
	if !with.Phys.State.Has(physics.StateEthereal) {
		t.Error("the default script of a HasDefaultScript static object did not run")
	}
	if without.Phys.State.Has(physics.StateEthereal) {
		t.Error("a static object without HasDefaultScript ran its scripts")
	}
	if got := without.Script.Pending(); got != 1 {
		t.Errorf("the unrun script's queue holds %d scripts, want it still queued (1)", got)
	}
}

// spawnStaticScripted is spawnStatic with a default script in the Setup.
func spawnStaticScripted(t *testing.T, w *World, guid, script uint32) *components.View {
	t.Helper()
	setup, _, anims := humanoid(nil)
	setup.DefaultAnimation, setup.DefaultScript = tAnimWalk, script
	d, _ := archetypes.FromTemplate("static")
	d.GUID, d.Cell = guid, 0x01010001
	d.Setup, d.Anims = setup, anims
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestHiddenActiveObjectStillBlendsIn pins seed 000's Hidden rule: a
// Hidden object that stays Active skips only the part array and
// UpdatePhysicsInternal; PositionManager::adjust_offset still moves its
// candidate, and the moved candidate is committed.
func TestHiddenActiveObjectStillBlendsIn(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	viaBytes(t, w, &protocol.SetState{Guid: 0x50000001, InstanceSequence: 1, StateSequence: 1,
		State: uint32(physics.StateGravity | physics.StateHidden)})
	o := w.Object(0x50000001)
	near := protocol.Position{Cell: 0xA9B40012, Frame: physics.Frame{Origin: physics.Vec3{X: 62, Y: 40, Z: 80}, Orientation: physics.IdentityQuat}}
	viaBytes(t, w, &protocol.UpdatePosition{Guid: 0x50000001, InstanceSequence: 1, PositionSequence: 1, Position: near})
	if !o.Phys.State.Has(physics.StateHidden) || !o.Phys.Transient.Has(physics.TransientActive) || !o.Position.Interpolating {
		t.Fatalf("setup: hidden %v active %v interpolating %v", o.Phys.State.Has(physics.StateHidden),
			o.Phys.Transient.Has(physics.TransientActive), o.Position.Interpolating)
	}
	w.Step(0.1)
	if x := o.Phys.Position.Frame.Origin.X; x <= 60 || x > 62 {
		t.Fatalf("after 0.1 s of interpolation a Hidden, Active object is at x = %v, want it blended towards 62", x)
	}
}

// TestHooksOfASleepingMotionRunTheSameFrame: an object whose animation
// machine had no hooks pending is updated without it loaded; when its
// sequence fires a hook in a quantum, process_hooks still sees the hook in
// that quantum (the stage loads the machine), so the hook runs in the same
// frame as with tracing on (which loads everything).
func TestHooksOfASleepingMotionRunTheSameFrame(t *testing.T) {
	hookFrame := func(traced bool) int {
		w := NewWorld()
		if traced {
			w.Trace = &Recorder{}
		}
		o := spawnCreature(t, w, 0x50000001, []dat.AnimHook{{Type: dat.HookEthereal, On: true}})
		ran := -1
		w.HookObserver = observerFunc(func(guid uint32, h *dat.AnimHook, deferred bool) {
			if h.Type == dat.HookEthereal && ran < 0 {
				ran = w.FrameNo
			}
		})
		for range 3 {
			w.Step(0.035)
		}
		p := motion.DefaultParams()
		if err := w.Interp(w.Object(o.Phys.GUID)).DoMotion(motion.WalkForward, &p); err != 0 {
			t.Fatalf("DoMotion: %v", err)
		}
		for i := 0; i < 10 && ran < 0; i++ {
			w.Step(0.035)
		}
		return ran
	}
	untraced, traced := hookFrame(false), hookFrame(true)
	if traced < 0 || untraced != traced {
		t.Fatalf("the link's hook ran in frame %d untraced, %d traced; want the same frame", untraced, traced)
	}
	if traced == 4 {
		t.Fatal("the hook ran in the frame the motion began: the scenario does not put the machine to sleep first")
	}
}

// TestDefaultScriptOfAnyID: a Setup's default script plays at spawn for
// any id but 0 (none), id 1 included (World.Scripts may name any id).
func TestDefaultScriptOfAnyID(t *testing.T) {
	w := NewWorld()
	w.Scripts[1] = &managers.Script{ID: 1, Hooks: []managers.ScriptHook{{Hook: dat.AnimHook{Type: dat.HookEthereal, On: true}}}}
	o := spawnStaticScripted(t, w, 0x70000001, 1)
	if o.Script == nil || o.Script.Pending() != 1 {
		t.Fatal("the default script 1 was not queued at spawn")
	}
}

// TestStaticObjectsPublishAndCarryChildren pins animate_static_object's
// HasDefaultAnim branch after CPartArray::Update: UpdatePartsInternal
// rebuilds the poses (which the presenter then publishes, with the turned
// root) and UpdateChildrenInternal carries an attached child with the
// turning static parent.
func TestStaticObjectsPublishAndCarryChildren(t *testing.T) {
	w := NewWorld()
	o := spawnStatic(t, w, 0x70000001)
	o.Phys.Omega = physics.Vec3{Z: math.Pi}
	offset := physics.Frame{Origin: physics.Vec3{X: 1}, Orientation: physics.IdentityQuat}
	if _, err := w.Spawn(archetypes.Desc{GUID: 0x70000002, Parent: 0x70000001, ParentFrame: offset}); err != nil {
		t.Fatal(err)
	}
	w.Step(0.25)
	p := w.Object(0x70000001)
	if p.Phys.Position.Frame.Orientation == physics.IdentityQuat {
		t.Fatal("setup: the static parent did not turn")
	}
	if p.Pres.Revision == 0 || p.Pres.Root != p.Phys.Position || len(p.Pres.Visual) != 2 {
		t.Fatalf("static presentation: revision %d, root %+v (object at %+v), %d poses", p.Pres.Revision, p.Pres.Root, p.Phys.Position, len(p.Pres.Visual))
	}
	c := w.Object(0x70000002)
	want := physics.Combine(p.Phys.Position.Frame, offset)
	if c.Phys.Position.Frame != want || c.Phys.Position.Cell != p.Phys.Position.Cell {
		t.Fatalf("child at %+v, want %+v in cell 0x%08X", c.Phys.Position, want, p.Phys.Position.Cell)
	}
}

// TestStaticPosesFollowTheAnimation: a static object's published part
// poses follow its default animation (UpdatePartsInternal samples the
// advanced sequence each frame).
func TestStaticPosesFollowTheAnimation(t *testing.T) {
	w := NewWorld()
	setup, _, anims := humanoid(nil)
	a := tAnim(tAnimWalk, 10, nil)
	for f := range a.PartFrames {
		a.PartFrames[f].Frames[1] = physics.Frame{Origin: physics.Vec3{X: float32(f)}, Orientation: physics.IdentityQuat}
	}
	anims[tAnimWalk] = a
	setup.DefaultAnimation = tAnimWalk
	d, _ := archetypes.FromTemplate("static")
	d.GUID, d.Cell = 0x70000001, 0x01010001
	d.Setup, d.Anims = setup, anims
	if _, err := w.Spawn(d); err != nil {
		t.Fatal(err)
	}
	w.Step(0.05)
	first := append([]physics.Mat4(nil), w.Object(0x70000001).Pres.Visual...)
	w.Step(0.1) // three frames on at 30 fps
	now := w.Object(0x70000001).Pres.Visual
	if len(first) != 2 || len(now) != 2 || first[1] == now[1] {
		t.Fatalf("part 1's published pose did not follow the animation: %v then %v", first, now)
	}
}
