package managers

import "github.com/dereth/dereth/physics"

// DetectionManager reports objects entering and leaving a radius
// (DetectionManager). It exists only when a scenario adds one.
type DetectionManager struct {
	Radius float32
	// Inside are the guids currently within Radius.
	Inside map[uint32]bool
	// Entered and Left are the guids that crossed on the last check.
	Entered, Left []uint32
	// Others lists candidate objects and their positions.
	Others func(yield func(guid uint32, p physics.Position) bool)

	// scratch is the check's, kept so a check allocates nothing once
	// warm; made on the first check with candidates.
	scratch *detectScratch
}

// detectScratch is the manager being checked, who it saw, where its
// object stands and the candidate test bound once (to the scratch, which
// names the manager afresh on every check).
type detectScratch struct {
	m     *DetectionManager
	seen  map[uint32]bool
	self  physics.Position
	visit func(uint32, physics.Position) bool
}

// CheckDetection recomputes who is inside (DetectionManager::CheckDetection).
func (m *DetectionManager) CheckDetection(self physics.Position) {
	m.Entered, m.Left = m.Entered[:0], m.Left[:0]
	if m.Others == nil {
		return
	}
	if m.Inside == nil {
		m.Inside = map[uint32]bool{}
	}
	sc := m.scratch
	if sc == nil {
		sc = &detectScratch{seen: map[uint32]bool{}}
		sc.visit = sc.visitOne
		m.scratch = sc
	}
	clear(sc.seen)
	sc.m, sc.self = m, self
	m.Others(sc.visit)
	for g := range m.Inside {
		if !sc.seen[g] {
			delete(m.Inside, g)
			m.Left = append(m.Left, g)
		}
	}
}

// visitOne is CheckDetection's test of one candidate.
func (sc *detectScratch) visitOne(g uint32, p physics.Position) bool {
	m := sc.m
	if p.Cell>>16 == sc.self.Cell>>16 && p.Frame.Origin.Sub(sc.self.Frame.Origin).Len() <= m.Radius {
		sc.seen[g] = true
		if !m.Inside[g] {
			m.Inside[g] = true
			m.Entered = append(m.Entered, g)
		}
	}
	return true
}

// HasWork reports whether CheckDetection would change anything: it has
// candidates to look at, or last check's crossings to clear.
func (m *DetectionManager) HasWork() bool {
	return m.Others != nil || len(m.Entered) > 0 || len(m.Left) > 0
}
