package motion

// AnimNode is one pending_animations entry: a motion and the number of
// animation completions it waits for.
type AnimNode struct {
	Motion   uint32
	NumAnims uint32
}

// MotionDoneSink receives completed motions (CPhysicsObj::MotionDone) and
// sees every entry queued on pending_animations.
type MotionDoneSink interface {
	MotionDone(motion uint32, success bool)
	MotionQueued(motion, numAnims uint32)
}

// MovementType selects what TableManager.PerformMovement does.
type MovementType uint8

// The movement types a MovementStruct carries.
const (
	MovementInvalid MovementType = iota
	MovementRawCommand
	MovementInterpretedCommand
	MovementStopRawCommand
	MovementStopInterpretedCommand
	MovementStopCompletely
)

// TableManager is MotionTableManager: the motion table, its MotionState,
// the pending_animations queue and the running animation_counter.
type TableManager struct {
	// Pending comes first: the per-tick completion poll reads only it.
	Pending []AnimNode
	Table   Table
	State   State
	// AnimationCounter is the running total of animation completions not
	// yet consumed by a pending entry.
	AnimationCounter uint32
	// Owner is told about every queued and completed motion.
	Owner MotionDoneSink
}

func (m *TableManager) popHead(success bool) {
	e := m.Pending[0]
	m.Pending = append(m.Pending[:0], m.Pending[1:]...)
	if e.Motion&MaskAction != 0 {
		m.State.RemoveActionHead()
	}
	if m.Owner != nil {
		m.Owner.MotionDone(e.Motion, success)
	}
}

// AnimationDone counts one animation completion and pops every head entry
// the running total covers (MotionTableManager::AnimationDone, 0x0051BCE0).
func (m *TableManager) AnimationDone(success bool) {
	if len(m.Pending) == 0 {
		return
	}
	m.AnimationCounter++
	for len(m.Pending) > 0 && m.Pending[0].NumAnims <= m.AnimationCounter {
		m.AnimationCounter -= m.Pending[0].NumAnims
		m.popHead(success)
	}
	if len(m.Pending) == 0 {
		m.AnimationCounter = 0
	}
}

// CheckForCompletedMotions pops head entries while their tick count is 0
// (MotionTableManager::CheckForCompletedMotions, 0x0051BE00). It stays
// out of line so that UseTime, the per-tick poll, inlines to its test.
//
//go:noinline
func (m *TableManager) CheckForCompletedMotions() {
	for len(m.Pending) > 0 && m.Pending[0].NumAnims == 0 {
		m.popHead(true)
	}
}

// UseTime is the per-tick poll (MotionTableManager::UseTime):
// CheckForCompletedMotions, its first test repeated here so that the
// poll inlines to the test and calls out only when a head entry is done.
// A nil m (no motion table) has nothing to poll.
func (m *TableManager) UseTime() {
	if m != nil && len(m.Pending) > 0 && m.Pending[0].NumAnims == 0 {
		m.CheckForCompletedMotions()
	}
}

// HandleEnterWorld strips every link node and drains the queue, each entry
// completing unsuccessfully (MotionTableManager::HandleEnterWorld, 0x0051BDD0).
func (m *TableManager) HandleEnterWorld(seq *Sequence) {
	seq.RemoveAllLinkAnimations()
	m.drain()
}

// HandleExitWorld drains the queue (MotionTableManager::HandleExitWorld).
func (m *TableManager) HandleExitWorld() { m.drain() }

// drain is retail's `while pending: AnimationDone(false)` without the idle
// iterations: each round pops at least the head, in order.
func (m *TableManager) drain() {
	for len(m.Pending) > 0 {
		if need := m.Pending[0].NumAnims; need > m.AnimationCounter+1 {
			m.AnimationCounter = need - 1
		}
		m.AnimationDone(false)
	}
}

// PerformMovement applies an interpreted command, stop or stop-completely
// to the table and queues its completion (MotionTableManager::PerformMovement).
func (m *TableManager) PerformMovement(t MovementType, motion uint32, speed float32, seq *Sequence) WeenieError {
	if m.Table.MotionTable == nil {
		return ErrNoAnimationTable
	}
	switch t {
	case MovementInterpretedCommand:
		n, ok := m.Table.DoObjectMotion(motion, &m.State, seq, speed)
		if !ok {
			return ErrNoMtableData
		}
		m.addToQueue(motion, n, seq)
	case MovementStopInterpretedCommand:
		n, ok := m.Table.StopObjectMotion(motion, speed, &m.State, seq)
		if !ok {
			return ErrNoMtableData
		}
		m.addToQueue(Ready, n, seq)
	case MovementStopCompletely:
		n, _ := m.Table.StopObjectCompletely(&m.State, seq)
		m.addToQueue(Ready, n, seq)
	}
	return ErrNone
}

// InitializeState enters the default state and queues Ready
// (MotionTableManager::initialize_state).
func (m *TableManager) InitializeState(seq *Sequence) {
	var n uint32
	if m.Table.MotionTable != nil {
		n, _ = m.Table.SetDefaultState(&m.State, seq)
	}
	m.addToQueue(Ready, n, seq)
}

// addToQueue appends a pending entry and prunes superseded links
// (MotionTableManager::add_to_queue, 0x0051BFE0).
func (m *TableManager) addToQueue(motion, n uint32, seq *Sequence) {
	m.Pending = append(m.Pending, AnimNode{motion, n})
	if m.Owner != nil {
		m.Owner.MotionQueued(motion, n)
	}
	m.removeRedundantLinks(seq)
}

// removeRedundantLinks (0x0051BF20, ACE-derived): find the newest entry
// still waiting on animations. If an older entry with the same motion is
// still waiting too — with nothing in between that waits on a style,
// modifier or action (for a substate; on a substate or action for a style)
// — everything queued after that older entry is redundant: its links are
// cut from the sequence and its tick counts zeroed, so rapid walk/run/walk
// plays one link, not one per message.
func (m *TableManager) removeRedundantLinks(seq *Sequence) {
	for i := len(m.Pending) - 1; i >= 0; i-- {
		e := m.Pending[i]
		if e.NumAnims == 0 {
			continue
		}
		if e.Motion&MaskSubState != 0 && e.Motion&MaskModifier == 0 {
			if m.removeRedundantFrom(i, seq, false) {
				return
			}
			continue
		}
		if e.Motion&MaskStyle == 0 {
			return
		}
		if m.removeRedundantFrom(i, seq, true) {
			return
		}
	}
}

func (m *TableManager) removeRedundantFrom(i int, seq *Sequence, style bool) bool {
	e := m.Pending[i]
	var blockers uint32 = 0xB0000000
	if style {
		blockers = 0x70000000
	}
	for j := i - 1; j >= 0; j-- {
		p := m.Pending[j]
		if p.Motion == e.Motion && (style || p.NumAnims != 0) {
			m.truncateAnimationList(j, seq)
			return true
		}
		if p.NumAnims != 0 && p.Motion&blockers != 0 {
			return true
		}
	}
	return false
}

// truncateAnimationList zeroes every entry after j and removes as many link
// nodes as they were waiting on (trancuate_animation_list).
func (m *TableManager) truncateAnimationList(j int, seq *Sequence) {
	total := 0
	for k := len(m.Pending) - 1; k > j; k-- {
		total += int(m.Pending[k].NumAnims)
		m.Pending[k].NumAnims = 0
	}
	seq.RemoveLinkAnimations(total)
}
