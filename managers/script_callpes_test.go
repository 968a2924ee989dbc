package managers

import (
	"testing"

	"github.com/dereth/dereth/dat"
)

// TestUpdateScriptsKeepsScriptQueuedByHook pins that a script queued by a
// running script's own hook (CallPES) is not dropped by UpdateScripts.
func TestUpdateScriptsKeepsScriptQueuedByHook(t *testing.T) {
	var m ScriptManager
	inner := &Script{Hooks: []ScriptHook{{Time: 0}}}
	outer := &Script{Hooks: []ScriptHook{{Time: 0}}}
	ran := 0
	m.AddScript(outer, 0)
	m.UpdateScripts(0, func(*dat.AnimHook) {
		ran++
		if ran == 1 {
			m.AddScript(inner, 0)
		}
	})
	if got := m.Pending(); got != 1 {
		t.Fatalf("after the outer script: Pending() = %d, want 1 (the script its hook queued)", got)
	}
	m.UpdateScripts(0, func(*dat.AnimHook) { ran++ })
	if ran != 2 || m.Pending() != 0 {
		t.Fatalf("ran = %d, Pending() = %d; want the queued script's hook run once and the queue empty", ran, m.Pending())
	}
}
