package managers

import "github.com/dereth/dereth/physics"

// TargetInfo is what HandleTargetting last learned about the target.
type TargetInfo struct {
	GUID     uint32
	Position physics.Position
	Distance float32
	Valid    bool
}

// TargetManager tracks the object's current target (TargetManager).
type TargetManager struct {
	TargetGUID uint32
	Info       TargetInfo
	// Lookup finds an object's position; false when it is gone.
	Lookup func(guid uint32) (physics.Position, bool)
}

// SetTarget starts tracking guid (0 clears).
func (m *TargetManager) SetTarget(guid uint32) {
	m.TargetGUID = guid
	m.Info = TargetInfo{GUID: guid}
}

// HandleTargetting refreshes the target's position and distance
// (TargetManager::HandleTargetting).
func (m *TargetManager) HandleTargetting(self physics.Position) {
	if m.TargetGUID == 0 || m.Lookup == nil {
		return
	}
	p, ok := m.Lookup(m.TargetGUID)
	m.Info.Valid = ok
	if !ok {
		return
	}
	m.Info.Position = p
	m.Info.Distance = p.Frame.Origin.Sub(self.Frame.Origin).Len()
}

// HasWork reports whether HandleTargetting would do anything.
func (m *TargetManager) HasWork() bool { return m.TargetGUID != 0 && m.Lookup != nil }
