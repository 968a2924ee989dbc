package motion

import (
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Animation ids the rich table adds to the test humanoid's.
const (
	animToCombat   = 0x03000020
	animFromCombat = 0x03000021
	animCrouch     = 0x03000022
	animSleep      = 0x03000023
	animCombatWalk = 0x03000024
	animRootRun    = 0x03000025
	animToCrouch   = 0x03000026
	animToSleep    = 0x03000027
)

// richTable is the test humanoid's table with a second style
// (HandCombat, entered through authored style links), a third
// (SwordCombat, with no style links and a default cycle that clears
// modifiers), a Crouch cycle that clears modifiers, a Sleeping cycle
// allowed only from the style default, a style-less turn modifier, a
// movement-less modifier, and a run cycle whose frames carry root motion
// and hooks.
func richTable() (AnimationMap, *dat.MotionTable, *dat.Setup) {
	anims, mt, setup := testWorld()
	nc, hc, sc := uint32(NonCombat), uint32(HandCombat), uint32(SwordCombat)
	k := dat.MotionKey
	for id, n := range map[uint32]int{animToCombat: 6, animFromCombat: 4, animCrouch: 8, animSleep: 5, animCombatWalk: 12, animToCrouch: 3, animToSleep: 2} {
		anims[id] = testAnim(id, n, testParts)
	}
	root := testAnim(animRootRun, 4, testParts)
	for f := range root.PartFrames {
		root.PosFrames = append(root.PosFrames, physics.Frame{Origin: physics.Vec3{Y: 0.25 * float32(f+1)}, Orientation: physics.Heading(0.01)})
	}
	root.PartFrames[1].Hooks = []dat.AnimHook{{Type: dat.HookSound, Direction: dat.HookForward}, {Type: dat.HookSound, Direction: dat.HookBackward, ID: 2}}
	root.PartFrames[3].Hooks = []dat.AnimHook{{Type: dat.HookSound, Direction: dat.HookBoth, ID: 3}}
	anims[animRootRun] = root
	mt.StyleDefaults[hc] = Ready
	mt.StyleDefaults[sc] = Ready
	mt.Cycles[k(hc, Ready)] = md(physics.Vec3{}, physics.Vec3{Z: 0.1}, animReady)
	mt.Cycles[k(hc, WalkForward)] = md(physics.Vec3{Y: 2}, physics.Vec3{}, animCombatWalk)
	scReady := md(physics.Vec3{}, physics.Vec3{}, animReady)
	scReady.Bitfield = dat.MotionClearModifiers
	mt.Cycles[k(sc, Ready)] = scReady
	mt.Cycles[k(nc, RunForward)] = md(runVel, physics.Vec3{}, animRootRun)
	crouch := md(physics.Vec3{}, physics.Vec3{}, animCrouch)
	crouch.Bitfield = dat.MotionClearModifiers
	mt.Cycles[k(nc, Crouch)] = crouch
	sleep := md(physics.Vec3{}, physics.Vec3{}, animSleep)
	sleep.Bitfield = dat.MotionOnlyFromDefault
	mt.Cycles[k(nc, Sleeping)] = sleep
	mt.Links[k(nc, Ready)][hc] = md(physics.Vec3{X: 0.5}, physics.Vec3{}, animToCombat)
	mt.Links[k(nc, Ready)][sc] = md(physics.Vec3{X: 0.25}, physics.Vec3{}, animToCombat, animToSleep)
	mt.Links[k(nc, Ready)][Crouch] = md(physics.Vec3{}, physics.Vec3{}, animToCrouch)
	mt.Links[k(nc, Ready)][Sleeping] = md(physics.Vec3{}, physics.Vec3{}, animToSleep)
	mt.Links[k(nc, Crouch)] = map[uint32]*dat.MotionData{Ready: md(physics.Vec3{}, physics.Vec3{}, animToCrouch)}
	mt.Links[k(hc, Ready)] = map[uint32]*dat.MotionData{
		nc:          md(physics.Vec3{X: -0.5}, physics.Vec3{}, animFromCombat),
		WalkForward: md(physics.Vec3{Y: 1}, physics.Vec3{}, animReadyWalk),
	}
	mt.Links[k(hc, WalkForward)] = map[uint32]*dat.MotionData{Ready: md(physics.Vec3{}, physics.Vec3{}, animWalkReady)}
	mt.Modifiers[TurnRight&0xFFFFFF] = md(physics.Vec3{}, physics.Vec3{Z: -0.75})
	mt.Modifiers[k(nc, Jump)] = &dat.MotionData{}
	mt.Links[k(hc, Ready)][sc] = md(physics.Vec3{}, physics.Vec3{Z: 0.2}, animToSleep)
	mt.Links[k(sc, Ready)] = map[uint32]*dat.MotionData{nc: md(physics.Vec3{Y: -0.1}, physics.Vec3{}, animFromCombat)}
	mt.Links[k(hc, WalkForward)][AttackHigh1] = md(physics.Vec3{}, physics.Vec3{}, animAttack)
	// Decoys: entries keyed where only a mis-dispatched command would look
	// (a cycle under a non-style "style", under style 0, for a style
	// command, for the empty substate; a modifier and cycle for Jump as a
	// substate; a modifier for an action). The class bits must keep every
	// lookup away from them.
	mt.Cycles[k(WalkForward, Ready)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Cycles[k(0, WalkForward)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Cycles[k(nc, hc)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Cycles[k(nc, 0)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Cycles[k(nc, Jump)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Modifiers[k(nc, Sleeping)] = md(physics.Vec3{X: 9}, physics.Vec3{}, animSleep)
	mt.Modifiers[AttackHigh1&0xFFFFFF] = md(physics.Vec3{X: 9}, physics.Vec3{})
	mt.Cycles[k(nc, Stop)] = &dat.MotionData{Velocity: physics.Vec3{Z: 3}} // a cycle with no clips
	return anims, mt, setup
}

// richObject is a grounded creature over richTable, not yet initialized.
func richObject() *Object {
	anims, mt, setup := richTable()
	o := NewObject(physics.NewObject(1), NewPartArray(setup, mt, anims))
	o.Phys.Position.Cell = 0x01010001
	o.Phys.State = physics.StateGravity
	o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
	return o
}

// TestJournalMotionTable drives CMotionTable::GetObjectSequence through
// every branch seed 004 Q2 describes (the same-substate fast path with
// change_cycle_speed, the link path, the double hop through the style
// default, a style change, an action, a modifier, re_modify across a
// link) and StopSequenceMotion / StopObjectCompletely (Q7), with
// MotionTableManager's add_to_queue, remove_redundant_links,
// CheckForCompletedMotions and AnimationDone (Q3) and CSequence's update,
// apricot and append_animation (Q4), journaling the whole machine after
// every step.
func TestJournalMotionTable(t *testing.T) {
	o := richObject()
	j := newJournal(o)
	j.step("created")
	o.MakeInterp()
	j.step("enter_default_state")
	o.EnterWorld(o.Phys.Position.Cell)
	j.step("enter_world")
	mi := o.Interp()
	do := func(m uint32, speed float32) {
		p := DefaultParams()
		p.Speed = speed
		j.step("DoInterpretedMotion %s %s → %#x", cmd(m), g(float64(speed)), uint32(mi.DoInterpretedMotion(m, &p)))
	}
	stop := func(m uint32) {
		p := DefaultParams()
		j.step("StopInterpretedMotion %s → %#x", cmd(m), uint32(mi.StopInterpretedMotion(m, &p)))
	}
	do(WalkForward, 1)
	j.tick(0.1)
	j.tick(0.1)
	do(WalkForward, 0.5) // fast path
	j.tick(0.2)
	do(SideStepRight, 1) // modifier
	do(TurnRight, 1)
	do(TurnRight, 1.5) // already a modifier: stop, then re-add
	do(RunForward, 1)  // link, modifiers re-applied
	j.tick(0.05)
	do(WalkForward, 1) // transition during a link
	do(RunForward, 1)  // redundant links
	for range 8 {
		j.tick(0.07)
	}
	stop(SideStepRight)
	stop(TurnRight)
	stop(TurnRight)    // nothing to stop
	do(RunForward, -1) // reversed: the hop
	for range 6 {
		j.tick(0.1)
	}
	do(AttackHigh1, 1) // an action with no link from the run: through the default
	for range 8 {
		j.tick(0.1)
	}
	stop(RunForward)
	for range 6 {
		j.tick(0.1)
	}
	do(AttackHigh1, 2) // an action from Ready: its direct link
	do(Crouch, 1)      // clears modifiers
	do(TurnRight, 1)   // refused on a clear-modifiers cycle
	for range 6 {
		j.tick(0.1)
	}
	do(Sleeping, 1) // only from the default: refused from Crouch
	do(Ready, 1)
	for range 4 {
		j.tick(0.1)
	}
	do(Sleeping, 1)
	do(Sleeping, 1) // re-entering is allowed
	do(Ready, 1)
	for range 4 {
		j.tick(0.1)
	}
	do(HandCombat, 1) // a style change through its authored link
	do(HandCombat, 1) // already in the style
	for range 4 {
		j.tick(0.1)
	}
	do(TurnRight, 1) // the style-less modifier
	do(WalkForward, 1)
	do(RunForward, 1) // no run cycle in HandCombat: refused
	for range 4 {
		j.tick(0.1)
	}
	do(NonCombat, 1) // back: to the default, then the style link
	for range 10 {
		j.tick(0.1)
	}
	do(SideStepRight, 2)
	j.step("StopCompletely → %#x", uint32(mi.StopCompletely()))
	for range 6 {
		j.tick(0.1)
	}
	do(Dead, 1)
	j.tick(0.3)
	o.Parts.HandleEnterWorld()
	j.step("HandleEnterWorld")
	j.check(t, "motion_table")
}
