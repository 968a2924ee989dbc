package motion

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Table is CMotionTable: the transition logic over a DAT MotionTable.
type Table struct {
	*dat.MotionTable
}

// sameSign reports whether a and b are both non-negative or both negative
// (same_sign, 0x00522260: zero counts as non-negative).
func sameSign(a, b float32) bool { return (a < 0) == (b < 0) }

func (t Table) styleDefault(style uint32) uint32 { return t.StyleDefaults[style] }

func (t Table) cycle(style, substate uint32) *dat.MotionData {
	return t.Cycles[dat.MotionKey(style, substate)]
}

func (t Table) modifier(style, motion uint32) *dat.MotionData {
	if md := t.Modifiers[dat.MotionKey(style, motion)]; md != nil {
		return md
	}
	return t.Modifiers[motion&0xFFFFFF]
}

func numAnims(md *dat.MotionData) int {
	if md == nil {
		return 0
	}
	return len(md.Anims)
}

func ticks(n int) uint32 {
	if n < 0 {
		return 0
	}
	return uint32(n)
}

// DoObjectMotion is GetObjectSequence without force (CMotionTable::DoObjectMotion).
func (t Table) DoObjectMotion(motion uint32, state *State, seq *Sequence, speed float32) (uint32, bool) {
	return t.GetObjectSequence(motion, state, seq, speed, false)
}

// StopObjectMotion is StopSequenceMotion (CMotionTable::StopObjectMotion).
func (t Table) StopObjectMotion(motion uint32, speed float32, state *State, seq *Sequence) (uint32, bool) {
	return t.StopSequenceMotion(motion, speed, state, seq)
}

// GetObjectSequence is CMotionTable::GetObjectSequence (0x00522860): it
// decides, for a new command, between the same-substate fast path, the link
// path (with a double hop through the style default), a style change, an
// action and a modifier, and edits state and seq accordingly. It returns the
// tick count the MotionTableManager queues and whether the motion applied.
func (t Table) GetObjectSequence(motion uint32, state *State, seq *Sequence, speed float32, force bool) (uint32, bool) {
	if t.MotionTable == nil || state.Style == 0 || state.Substate == 0 {
		return 0, false
	}
	styleDefault, _ := t.StyleDefaults[state.Style]
	if motion == styleDefault && !force && state.Substate&MaskModifier != 0 {
		return 0, true
	}
	if motion&MaskStyle != 0 {
		if n, ok := t.changeStyle(motion, styleDefault, state, seq, speed); ok {
			return n, true
		}
	}
	if motion&MaskSubState != 0 {
		if n, ok := t.changeSubstate(motion, state, seq, speed); ok {
			return n, true
		}
	}
	if motion&MaskAction != 0 {
		if n, ok := t.doAction(motion, state, seq, speed); ok {
			return n, true
		}
	}
	if motion&MaskModifier != 0 {
		return t.addModifier(motion, state, seq, speed)
	}
	return 0, false
}

// changeStyle enters a new style at its default substate.
func (t Table) changeStyle(style, substate uint32, state *State, seq *Sequence, speed float32) (uint32, bool) {
	if state.Style == style {
		return 0, true
	}
	var toDefault *dat.MotionData
	if substate != state.Substate {
		toDefault = t.getLink(state.Style, state.Substate, state.SubstateMod, substate, speed)
	}
	if substate == 0 {
		return 0, false
	}
	cyc := t.cycle(style, substate)
	if cyc == nil {
		return 0, false
	}
	if cyc.Bitfield&dat.MotionClearModifiers != 0 {
		state.ClearModifiers()
	}
	link := t.getLink(state.Style, substate, state.SubstateMod, style, speed)
	var viaDefault *dat.MotionData
	if link == nil && state.Style != style {
		link = t.getLink(state.Style, substate, 1, t.DefaultStyle, 1)
		viaDefault = t.getLink(t.DefaultStyle, t.styleDefault(t.DefaultStyle), 1, style, 1)
	}
	seq.ClearPhysics()
	seq.RemoveCyclicAnims()
	t.addMotion(seq, toDefault, speed)
	t.addMotion(seq, link, speed)
	t.addMotion(seq, viaDefault, speed)
	t.addMotion(seq, cyc, speed)
	state.Substate, state.Style, state.SubstateMod = substate, style, speed
	t.reModify(seq, state)
	return ticks(numAnims(toDefault) + numAnims(link) + numAnims(viaDefault) + numAnims(cyc) - 1), true
}

// changeSubstate is the cycle branch: the same-substate fast path or the
// link path (seed 004 Q2).
func (t Table) changeSubstate(motion uint32, state *State, seq *Sequence, speed float32) (uint32, bool) {
	cyc := t.cycle(state.Style, motion) // the current style only (seed 004 Q2)
	if cyc == nil || !t.isAllowed(motion, cyc, state) {
		return 0, false
	}
	if motion == state.Substate && sameSign(speed, state.SubstateMod) && seq.HasAnims() {
		changeCycleSpeed(seq, state.SubstateMod, speed)
		subtractMotion(seq, cyc, state.SubstateMod)
		combineMotion(seq, cyc, speed)
		state.SubstateMod = speed
		return 0, true
	}
	if cyc.Bitfield&dat.MotionClearModifiers != 0 {
		state.ClearModifiers()
	}
	link := t.getLink(state.Style, state.Substate, state.SubstateMod, motion, speed)
	var second *dat.MotionData
	if link == nil || !sameSign(speed, state.SubstateMod) {
		def := t.styleDefault(state.Style)
		link = t.getLink(state.Style, state.Substate, state.SubstateMod, def, 1)
		second = t.getLink(state.Style, def, 1, motion, speed)
	}
	seq.ClearPhysics()
	seq.RemoveCyclicAnims()
	if second != nil {
		t.addMotion(seq, link, state.SubstateMod)
		t.addMotion(seq, second, speed)
	} else {
		// A lone link plays at the new speed, reversed when the old speed
		// is negative and the new positive (ACE; divergence MA-16). That
		// is a sign change whose hop found no link out of the style
		// default: link is then the hop's first link, looked up for the
		// negative old speed, so it plays backwards.
		linkSpeed := speed
		if state.SubstateMod < 0 && speed > 0 {
			linkSpeed = -speed
		}
		t.addMotion(seq, link, linkSpeed)
	}
	t.addMotion(seq, cyc, speed)
	if state.Substate != motion && state.Substate&MaskModifier != 0 && t.styleDefault(state.Style) != motion {
		state.AddModifierNoCheck(state.Substate, state.SubstateMod)
	}
	state.SubstateMod, state.Substate = speed, motion
	t.reModify(seq, state)
	return ticks(numAnims(cyc) + numAnims(link) + numAnims(second) - 1), true
}

// doAction plays an action's link and returns to the current cycle.
func (t Table) doAction(motion uint32, state *State, seq *Sequence, speed float32) (uint32, bool) {
	cyc := t.cycle(state.Style, state.Substate)
	if cyc == nil {
		return 0, false
	}
	if link := t.getLink(state.Style, state.Substate, state.SubstateMod, motion, speed); link != nil {
		state.AddAction(motion, speed)
		seq.ClearPhysics()
		seq.RemoveCyclicAnims()
		t.addMotion(seq, link, speed)
		t.addMotion(seq, cyc, state.SubstateMod)
		t.reModify(seq, state)
		return ticks(numAnims(link)), true
	}
	def := t.styleDefault(state.Style)
	toDefault := t.getLink(state.Style, state.Substate, state.SubstateMod, def, 1)
	if toDefault == nil {
		return 0, false
	}
	action := t.getLink(state.Style, def, 1, motion, speed)
	if action == nil {
		return 0, false
	}
	back := t.getLink(state.Style, def, 1, state.Substate, state.SubstateMod)
	state.AddAction(motion, speed)
	seq.ClearPhysics()
	seq.RemoveCyclicAnims()
	t.addMotion(seq, toDefault, 1)
	t.addMotion(seq, action, speed)
	t.addMotion(seq, back, 1)
	t.addMotion(seq, cyc, state.SubstateMod)
	t.reModify(seq, state)
	return ticks(numAnims(toDefault) + numAnims(action) + numAnims(back)), true
}

// addModifier layers a modifier's physics on the current cycle.
func (t Table) addModifier(motion uint32, state *State, seq *Sequence, speed float32) (uint32, bool) {
	cyc := t.cycle(state.Style, state.Substate)
	if cyc == nil || cyc.Bitfield&dat.MotionClearModifiers != 0 {
		return 0, false
	}
	md := t.modifier(state.Style, motion)
	if md == nil {
		return 0, false
	}
	var n uint32
	if !state.AddModifier(motion, speed) {
		n, _ = t.StopSequenceMotion(motion, 1, state, seq)
		if !state.AddModifier(motion, speed) {
			return n, false
		}
	}
	combineMotion(seq, md, speed)
	return n, true
}

// StopSequenceMotion is CMotionTable::StopSequenceMotion (0x00522FC0):
// stopping the main cycle transitions to the style default with force and
// returns that transition's result (seed 004 Q7); stopping a modifier
// subtracts exactly its contribution.
func (t Table) StopSequenceMotion(motion uint32, speed float32, state *State, seq *Sequence) (uint32, bool) {
	if t.MotionTable == nil {
		return 0, false
	}
	if motion&MaskSubState != 0 && motion == state.Substate {
		return t.GetObjectSequence(t.styleDefault(state.Style), state, seq, 1, true)
	}
	if motion&MaskModifier == 0 {
		return 0, false
	}
	i := state.modifierIndex(motion)
	if i < 0 {
		return 0, false
	}
	md := t.modifier(state.Style, motion)
	if md == nil {
		return 0, false
	}
	subtractMotion(seq, md, state.Modifiers[i].SpeedMod)
	state.RemoveModifierAt(i)
	return 0, true
}

// StopObjectCompletely stops every modifier, then the substate
// (CMotionTable::StopObjectCompletely).
func (t Table) StopObjectCompletely(state *State, seq *Sequence) (uint32, bool) {
	success := false
	var n uint32
	for len(state.Modifiers) > 0 {
		m := state.Modifiers[0]
		if k, ok := t.StopSequenceMotion(m.ID, m.SpeedMod, state, seq); ok {
			success, n = true, k
		} else {
			state.RemoveModifierAt(0) // a modifier without data cannot stop; drop it (MA-05)
		}
	}
	if k, ok := t.StopSequenceMotion(state.Substate, state.SubstateMod, state, seq); ok {
		return k, true
	}
	return n, success
}

// SetDefaultState resets state and seq to the default style's default
// substate (CMotionTable::SetDefaultState).
func (t Table) SetDefaultState(state *State, seq *Sequence) (uint32, bool) {
	if t.MotionTable == nil {
		return 0, false
	}
	sub, ok := t.StyleDefaults[t.DefaultStyle]
	if !ok {
		return 0, false
	}
	state.ClearModifiers()
	state.ClearActions()
	cyc := t.cycle(t.DefaultStyle, sub)
	if cyc == nil {
		return 0, false
	}
	state.Style, state.Substate, state.SubstateMod = t.DefaultStyle, sub, 1
	seq.ClearPhysics()
	seq.ClearAnimations()
	t.addMotion(seq, cyc, 1)
	return ticks(numAnims(cyc) - 1), true
}

// getLink is CMotionTable::get_link (0x00522710): the authored transition
// from substate to motion, looked up in reverse when either speed is
// negative.
func (t Table) getLink(style, substate uint32, substateSpeed float32, motion uint32, speed float32) *dat.MotionData {
	if speed < 0 || substateSpeed < 0 {
		if md := t.Links[dat.MotionKey(style, motion)][substate]; md != nil {
			return md
		}
		if def, ok := t.StyleDefaults[style]; ok {
			return t.Links[dat.MotionKey(style, substate)][def]
		}
		return nil
	}
	if md := t.Links[dat.MotionKey(style, substate)][motion]; md != nil {
		return md
	}
	return t.Links[style<<16][motion]
}

// isAllowed is CMotionTable::is_allowed: a cycle flagged only-from-default
// may be entered only from the style default (or re-entered).
func (t Table) isAllowed(motion uint32, md *dat.MotionData, state *State) bool {
	if md.Bitfield&dat.MotionOnlyFromDefault == 0 || motion == state.Substate {
		return true
	}
	return t.styleDefault(state.Style) == state.Substate
}

// reModify re-applies every active modifier once, in order, on top of a new
// chain (CMotionTable::re_modify; divergence MA-04).
func (t Table) reModify(seq *Sequence, state *State) {
	for range len(state.Modifiers) {
		last := len(state.Modifiers) - 1
		m := state.Modifiers[last]
		state.RemoveModifierAt(last)
		t.GetObjectSequence(m.ID, state, seq, m.SpeedMod, false)
	}
}

// addMotion appends md's clips with their framerates scaled by speed; the
// nodes carry md's physics scaled by speed (add_motion, 0x005224B0;
// divergence MA-01).
func (t Table) addMotion(seq *Sequence, md *dat.MotionData, speed float32) {
	if md == nil {
		return
	}
	vel, omega := md.Velocity.Scale(speed), md.Omega.Scale(speed)
	appended := false
	for _, ad := range md.Anims {
		ad.Framerate *= speed
		if seq.appendAnimation(ad, vel, omega) != nil {
			appended = true
		}
	}
	if !appended {
		seq.combineFirst(vel, omega)
	}
}

// combineMotion adds md's physics scaled by speed (combine_motion).
func combineMotion(seq *Sequence, md *dat.MotionData, speed float32) {
	if md != nil {
		seq.CombinePhysics(md.Velocity.Scale(speed), md.Omega.Scale(speed))
	}
}

// subtractMotion removes md's physics scaled by speed (subtract_motion).
func subtractMotion(seq *Sequence, md *dat.MotionData, speed float32) {
	if md != nil {
		seq.SubtractPhysics(md.Velocity.Scale(speed), md.Omega.Scale(speed))
	}
}

// changeCycleSpeed rescales the cyclic tail by new/old; a near-zero old
// speed freezes it (change_cycle_speed, 0x00522290). The speeds, the
// epsilon 0.000199999995f and the ratio are float32, as retail's are.
func changeCycleSpeed(seq *Sequence, oldSpeed, newSpeed float32) {
	if abs32(oldSpeed) >= physics.FrameEpsilon32 {
		seq.MultiplyCyclicAnimationFr(newSpeed / oldSpeed)
	} else if abs32(newSpeed) >= physics.FrameEpsilon32 {
		seq.MultiplyCyclicAnimationFr(0)
	}
}

// abs32 is fabs on a float32.
func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }
