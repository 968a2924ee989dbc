package managers

import "github.com/dereth/dereth/dat"

// ScriptHook is one hook of a physics script at a time offset.
type ScriptHook struct {
	Time float64
	Hook dat.AnimHook
}

// Script is a physics script (PhysicsScript): hooks ordered by time.
type Script struct {
	ID    uint32
	Hooks []ScriptHook
}

type queued struct {
	script *Script
	start  float64
	next   int
}

// ScriptManager runs an object's queued physics scripts (ScriptManager).
type ScriptManager struct {
	queue []queued
	// Now is the manager's own clock, advanced by UpdateScripts.
	Now float64
}

// AddScript queues s to start delay seconds from the manager's now.
func (m *ScriptManager) AddScript(s *Script, delay float64) {
	if s != nil {
		m.queue = append(m.queue, queued{script: s, start: m.Now + delay})
	}
}

// Pending returns the number of scripts not yet finished.
func (m *ScriptManager) Pending() int { return len(m.queue) }

// UpdateScripts advances the clock by dt and runs, in order, every hook
// whose start time has come (ScriptManager::UpdateScripts); finished
// scripts leave the queue.
func (m *ScriptManager) UpdateScripts(dt float64, run func(*dat.AnimHook)) {
	m.Now += dt
	kept := m.queue[:0]
	for _, q := range m.queue {
		for q.next < len(q.script.Hooks) && q.start+q.script.Hooks[q.next].Time <= m.Now {
			if run != nil {
				run(&q.script.Hooks[q.next].Hook)
			}
			q.next++
		}
		if q.next < len(q.script.Hooks) {
			kept = append(kept, q)
		}
	}
	clear(m.queue[len(kept):])
	m.queue = kept
}

// HasWork reports whether a script is queued. An idle manager's clock may
// skip updates: queued start times are relative to it, so skipping changes
// no hook's timing.
func (m *ScriptManager) HasWork() bool { return len(m.queue) > 0 }
