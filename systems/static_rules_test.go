package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
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
