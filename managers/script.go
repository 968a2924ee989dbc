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
	// A hook may queue another script (CallPES): AddScript then appends to
	// (and may reallocate) m.queue, so compact by index into the current
	// slice and keep the scripts queued during this update for the next one.
	n, orig := 0, len(m.queue)
	for i := 0; i < orig; i++ {
		q := m.queue[i]
		for q.next < len(q.script.Hooks) && q.start+q.script.Hooks[q.next].Time <= m.Now {
			if run != nil {
				run(&q.script.Hooks[q.next].Hook)
			}
			q.next++
		}
		if q.next < len(q.script.Hooks) {
			m.queue[n] = q
			n++
		}
	}
	n += copy(m.queue[n:], m.queue[orig:])
	clear(m.queue[n:])
	m.queue = m.queue[:n]
}

// HasWork reports whether a script is queued. An idle manager's clock may
// skip updates: queued start times are relative to it, so skipping changes
// no hook's timing.
func (m *ScriptManager) HasWork() bool { return len(m.queue) > 0 }
