package motion

// Motion is one modifier or action entry of a MotionState: a command and the
// speed it was applied with.
type Motion struct {
	ID       uint32
	SpeedMod float32
}

// State is the MotionTableManager's MotionState: style, substate and its
// speed, plus the layered modifiers (head first) and queued actions.
type State struct {
	Style       uint32
	Substate    uint32
	SubstateMod float32
	Modifiers   []Motion
	Actions     []Motion
}

// AddAction queues an action (MotionState::add_action).
func (s *State) AddAction(action uint32, speed float32) {
	s.Actions = append(s.Actions, Motion{action, speed})
}

// AddModifier layers a modifier unless it is the substate or already
// present (MotionState::add_modifier).
func (s *State) AddModifier(mod uint32, speed float32) bool {
	if s.Substate == mod || s.modifierIndex(mod) >= 0 {
		return false
	}
	s.AddModifierNoCheck(mod, speed)
	return true
}

// AddModifierNoCheck inserts a modifier at the head
// (MotionState::add_modifier_no_check).
func (s *State) AddModifierNoCheck(mod uint32, speed float32) {
	s.Modifiers = append(s.Modifiers, Motion{})
	copy(s.Modifiers[1:], s.Modifiers)
	s.Modifiers[0] = Motion{mod, speed}
}

// RemoveModifierAt drops the modifier at index i (MotionState::remove_modifier).
func (s *State) RemoveModifierAt(i int) {
	if i < 0 || i >= len(s.Modifiers) {
		return
	}
	s.Modifiers = append(s.Modifiers[:i], s.Modifiers[i+1:]...)
}

// RemoveActionHead drops the oldest action (MotionState::remove_action_head).
func (s *State) RemoveActionHead() {
	if len(s.Actions) > 0 {
		s.Actions = append(s.Actions[:0], s.Actions[1:]...)
	}
}

// ClearModifiers drops every modifier.
func (s *State) ClearModifiers() { s.Modifiers = s.Modifiers[:0] }

// ClearActions drops every action.
func (s *State) ClearActions() { s.Actions = s.Actions[:0] }

func (s *State) modifierIndex(mod uint32) int {
	for i, m := range s.Modifiers {
		if m.ID == mod {
			return i
		}
	}
	return -1
}
