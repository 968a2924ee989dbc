package motion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
)

// managerJournal drives a MotionTableManager's queue directly.
type managerJournal struct {
	b   strings.Builder
	m   TableManager
	seq Sequence
	log []string
}

func (j *managerJournal) MotionDone(motion uint32, ok bool) {
	j.log = append(j.log, fmt.Sprintf("done %s %v", cmd(motion), ok))
}
func (j *managerJournal) MotionQueued(motion, n uint32) {
	j.log = append(j.log, fmt.Sprintf("queued %s:%d", cmd(motion), n))
}

func newManagerJournal() *managerJournal {
	anims, mt, _ := richTable()
	j := &managerJournal{}
	j.m = TableManager{Table: Table{mt}, Owner: j}
	j.seq.Anims = anims
	return j
}

// setup replaces the queue and gives the sequence links link nodes
// before one cyclic node.
func (j *managerJournal) setup(links int, pending ...AnimNode) {
	j.seq.ClearAnimations()
	for range links {
		j.seq.AppendAnimation(dat.AnimData{AnimID: animReadyWalk, HighFrame: -1, Framerate: 30})
	}
	j.seq.AppendAnimation(dat.AnimData{AnimID: animWalk, HighFrame: -1, Framerate: 30})
	j.m.Pending = append(j.m.Pending[:0], pending...)
	j.m.AnimationCounter = 0
}

func (j *managerJournal) step(format string, args ...any) {
	fmt.Fprintf(&j.b, "## "+format+"\n  pending %s counter %d actions %s nodes %d\n  %s\n", append(args, animNodes(j.m.Pending), j.m.AnimationCounter,
		motions(j.m.State.Actions), j.seq.Len(), strings.Join(j.log, "; "))...)
	j.log = j.log[:0]
}

// TestJournalMotionTableManager pins MotionTableManager's queue (seed 004
// Q3): add_to_queue with remove_redundant_links (ACE-derived: the newest
// waiting substate or style entry cuts everything queued after an older
// waiting entry of the same motion, unless a style, modifier or action —
// for a style: a substate, modifier or action — waits in between),
// AnimationDone's running total, CheckForCompletedMotions, the drains of
// HandleEnterWorld and HandleExitWorld, and an action entry's release of
// the MotionState action head.
func TestJournalMotionTableManager(t *testing.T) {
	j := newManagerJournal()
	q := func(motion, n uint32) {
		j.m.addToQueue(motion, n, &j.seq)
		j.step("add_to_queue %s:%d", cmd(motion), n)
	}
	j.setup(2, AnimNode{WalkForward, 1}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // walk/run/walk: the run and the new walk are redundant
	j.setup(3, AnimNode{WalkForward, 1}, AnimNode{AttackHigh1, 2}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // an action waits in between: kept
	j.setup(3, AnimNode{WalkForward, 1}, AnimNode{SideStepRight, 2}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // a modifier waits in between: kept
	j.setup(3, AnimNode{WalkForward, 1}, AnimNode{NonCombat, 2}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // a style waits in between: kept
	j.setup(3, AnimNode{WalkForward, 1}, AnimNode{AttackHigh1, 0}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // the action in between no longer waits
	j.setup(2, AnimNode{WalkForward, 0}, AnimNode{RunForward, 1})
	q(WalkForward, 1) // the older walk no longer waits: not redundant
	j.setup(2, AnimNode{WalkForward, 1}, AnimNode{RunForward, 1})
	q(WalkForward, 0) // the newest does not wait: the run is the newest waiting; no older run
	j.setup(2, AnimNode{RunForward, 1}, AnimNode{WalkForward, 1})
	q(Ready, 0) // the walk is the newest waiting; no older walk: then the run; no older run
	j.setup(2, AnimNode{SideStepRight, 1}, AnimNode{SideStepRight, 1})
	q(SideStepRight, 1) // a modifier-class newest entry stops the search
	j.setup(2, AnimNode{AttackHigh1, 1}, AnimNode{AttackHigh1, 1})
	q(AttackHigh1, 1) // an action newest entry stops the search
	j.setup(3, AnimNode{NonCombat, 0}, AnimNode{HandCombat, 1}, AnimNode{WalkForward, 0})
	q(NonCombat, 2) // a style: the older NonCombat matches even not waiting
	j.setup(3, AnimNode{NonCombat, 1}, AnimNode{WalkForward, 1}, AnimNode{HandCombat, 1})
	q(NonCombat, 1) // a substate waits in between a style: kept
	j.setup(3, AnimNode{NonCombat, 1}, AnimNode{WalkForward, 0}, AnimNode{Ready, 1})
	q(NonCombat, 1) // the substate in between does not wait
	j.setup(1, AnimNode{Ready, 1}, AnimNode{0x00000001, 1})
	q(0x00000002, 1) // classless entries stop the search

	// Completions.
	j.m.State.Actions = []Motion{{AttackHigh1, 1}, {AttackHigh1, 2}}
	j.setup(0, AnimNode{WalkForward, 0}, AnimNode{AttackHigh1, 2}, AnimNode{Ready, 0}, AnimNode{RunForward, 3})
	j.m.CheckForCompletedMotions()
	j.step("CheckForCompletedMotions")
	j.m.AnimationDone(true)
	j.step("AnimationDone")
	j.m.AnimationDone(true)
	j.step("AnimationDone")
	j.m.AnimationDone(false)
	j.step("AnimationDone false")
	j.m.AnimationDone(true)
	j.m.AnimationDone(true)
	j.step("AnimationDone ×2")
	j.m.AnimationDone(true)
	j.step("AnimationDone with nothing pending")
	j.m.State.Actions = []Motion{{AttackHigh1, 1}}
	j.setup(2, AnimNode{WalkForward, 2}, AnimNode{AttackHigh1, 5}, AnimNode{Ready, 0}, AnimNode{RunForward, 1})
	j.m.AnimationCounter = 1
	j.m.HandleExitWorld()
	j.step("HandleExitWorld")
	j.setup(2, AnimNode{WalkForward, 1}, AnimNode{RunForward, 7})
	j.m.HandleEnterWorld(&j.seq)
	j.step("HandleEnterWorld")
	j.m.HandleExitWorld()
	j.step("HandleExitWorld with nothing pending")
	(&journal{b: j.b}).check(t, "manager")
}

// TestJournalManagerPerformMovement pins MotionTableManager::PerformMovement
// (seed 004 Q1/Q7): an interpreted command queues its motion with the
// table's tick count, a stop queues Ready, StopCompletely queues Ready even
// when nothing stopped; failures return NoMtableData, a missing table
// NoAnimationTable; initialize_state queues Ready.
func TestJournalManagerPerformMovement(t *testing.T) {
	j := newManagerJournal()
	var nilTable TableManager
	nilTable.InitializeState(&j.seq)
	fmt.Fprintf(&j.b, "nil table: perform %#x pending %s\n", uint32(nilTable.PerformMovement(MovementInterpretedCommand, WalkForward, 1, &j.seq)),
		animNodes(nilTable.Pending))
	nilTable.Pending = []AnimNode{{AttackHigh1, 0}}
	nilTable.CheckForCompletedMotions() // no owner, no state actions
	fmt.Fprintf(&j.b, "nil owner poll: pending %s\n", animNodes(nilTable.Pending))
	j.m.InitializeState(&j.seq)
	j.step("InitializeState")
	do := func(t MovementType, motion uint32, speed float32) {
		r := j.m.PerformMovement(t, motion, speed, &j.seq)
		j.step("PerformMovement %d %s %s → %#x (%s)", t, cmd(motion), g(float64(speed)), uint32(r), describeState(&j.m.State))
	}
	do(MovementInterpretedCommand, WalkForward, 1)
	do(MovementInterpretedCommand, 0x40000099, 1)
	do(MovementInterpretedCommand, TurnRight, 1)
	do(MovementStopInterpretedCommand, TurnRight, 1)
	do(MovementStopInterpretedCommand, TurnRight, 1)
	do(MovementStopInterpretedCommand, WalkForward, 1)
	do(MovementInterpretedCommand, SideStepRight, 1)
	do(MovementStopCompletely, 0, 1)
	do(MovementStopCompletely, 0, 1)
	do(MovementRawCommand, WalkForward, 1)
	do(MovementInvalid, WalkForward, 1)
	(&journal{b: j.b}).check(t, "manager_perform")
}
