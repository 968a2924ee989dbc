package systems

import (
	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
)

// The stages are thin: each hands the object's view to the retail
// algorithm it names (package physobj, the motion machine, the managers),
// adding only the world-level context the algorithm asks for.

// stagePartArrayUpdate is UpdatePositionInternal's first step:
// CPartArray::Update fills the delta with the animation's root motion,
// then the OnWalkable rule (physobj.RootMotion).
func stagePartArrayUpdate(w *World, o *components.View, t *Tick) {
	o.Parts.Update(t.Dt, &t.Delta)
	physobj.RootMotion(o.Phys, &t.Delta)
}

// stageAdjustOffset is PositionManager::adjust_offset.
func stageAdjustOffset(w *World, o *components.View, t *Tick) {
	o.Position.AdjustOffset(o.Phys.Position, &t.Delta, t.Dt)
}

// stageFrameCombine builds the candidate: current frame ∘ delta.
func stageFrameCombine(w *World, o *components.View, t *Tick) {
	t.Moved = physics.CombineInto(&t.Candidate, &o.Phys.Position.Frame, &t.Delta)
}

// stageUpdatePhysics is CPhysicsObj::UpdatePhysicsInternal.
func stageUpdatePhysics(w *World, o *components.View, t *Tick) {
	t.Moved = physobj.UpdatePhysicsInternal(o.Phys, t.Dt, &t.Candidate)
}

// stageUpdatePhysicsAfterCombine is stageUpdatePhysics where Frame::combine
// ran just before it in the same quantum and nothing between (the direct
// path; renderDirect puts it only there): t.Moved is Frame::combine's test
// of the same candidate against the same frame, so it is taken again only
// when UpdatePhysicsInternal wrote the candidate.
//
// Not called: the generator writes its statements into UpdateObject
// (inlinedBodies); this function is their source.
func stageUpdatePhysicsAfterCombine(w *World, o *components.View, t *Tick) {
	if !physobj.Still(o.Phys) { // two ifs, not &&: Still's answer is a branch, not a boolean made and tested
		if physobj.UpdatePhysicsInternalTouched(o.Phys, t.Dt, &t.Candidate) {
			t.Moved = t.Candidate != o.Phys.Position.Frame
		}
	}
}

// stageProcessHooks is CPhysicsObj::process_hooks; non-AnimDone animation
// hooks go to the frame's deferred drain.
func stageProcessHooks(w *World, o *components.View, t *Tick) {
	// Inlined into the direct path: an object with no hook list, no
	// motion object loaded and no animation hooks waiting has nothing to
	// process (processHooks would load nothing and call nothing).
	if o.Phys.Work&physics.WorkAnimHooks != 0 || o.Hooks != nil || o.Motion != nil {
		processHooks(w, o)
	}
}

func processHooks(w *World, o *components.View) {
	if o.Phys.Work&physics.WorkAnimHooks != 0 {
		o.LoadMotion(w.ECS) // the sequence fired hooks this quantum
	}
	if o.Hooks != nil || o.Motion != nil { // ProcessHooks has nothing else to read
		physobj.ProcessHooks(o, w.deferHook)
	}
}

// stageTransition is CPhysicsObj::transition → SetPositionInternal: the
// sweep (physobj.Transition with the world's resolver) and the commit; a
// landing reaches the MovementManager, asleep or not
// (MovementManager::HitGround), as does leaving the ground (LeaveGround);
// the moved object's broad-phase body follows it.
func stageTransition(w *World, o *components.View, t *Tick) {
	// r := w.resolver(), inline but for making the collision glue.
	var r *collision.Resolver
	if !w.noCollide && w.Ground != nil {
		if c := w.collide; c != nil {
			r = c.resolver
		} else {
			r = w.resolver()
		}
	}
	if r == nil && w.Trace == nil {
		// Nothing to sweep against and no trace to report the contact
		// to: physobj.Transition would take its no-sweep commit (Accept)
		// and nothing below would act but a landing.
		cand := t.Candidate
		if physobj.Accept(o.Phys, &cand, t.Dt, w.Ground) {
			if mm := o.LoadMovement(w.ECS); mm != nil {
				mm.HitGround()
			}
		}
		return
	}
	cand := t.Candidate // the transition may change its copy, not the tick's
	transitionWith(w, o, t.Dt, r, &cand)
}

// transitionWith is stageTransition past its resolver: the sweep of cand
// (changed in place) with resolver r (nil: none, but a trace to report
// to), the movement manager told of a landing or of leaving the ground,
// the contacts kept and the broad-phase body placed (a failed sweep,
// which only turned the object, marks it for the next sync instead; no
// resolver, no body: the next sync walks every object).
func transitionWith(w *World, o *components.View, dt float64, r *collision.Resolver, cand *physics.Frame) {
	begin := o.Phys.Position.Cell
	var contact physobj.Contact
	c := &contact
	physobj.Transition(o, cand, dt, w.Ground, r, c)
	if c.Landed || c.Left {
		if mm := o.LoadMovement(w.ECS); mm != nil {
			if c.Landed {
				mm.HitGround()
			} else {
				mm.LeaveGround()
			}
		}
	}
	if w.Trace != nil {
		w.traceTransition(o.Phys.GUID, c)
	}
	if r == nil {
		return // no body to place (the next sync walks every object)
	}
	if c.Failed {
		w.Moved(o.Phys.GUID)
		return
	}
	if len(c.Hits) > 0 || len(w.collide.contacts) > 0 { // else nothing to look up
		w.keepContacts(o.Phys.GUID, begin, c.Hits)
	}
	// w.placeBody(o.Phys, o.Parts), inline:
	p, pa := o.Phys, o.Parts
	if !inWorld(p) || pa == nil || pa.Setup == nil {
		w.collide.bp.Drop(p.GUID)
		return
	}
	bsp := p.State.Has(physics.StateHasPhysicsBSP) || pa.Setup.Flags&dat.SetupHasPhysicsBSP != 0
	w.collide.bp.Place(p.GUID, &p.Position, p.Scale, pa.Setup, bsp)
}

// stageTransitionLast is stageTransition where no stage after it reads the
// candidate (the direct path; renderDirect puts it only there), so it may
// work on the Tick's own candidate instead of a copy: with the world's
// resolver made and no trace (the commonest collision case), the sweep;
// with nothing to sweep against (no ground, so no resolver, nothing to
// settle on and no landing) and no trace, the no-sweep commit. Anything
// else is stageTransition.
//
// Not called: the generator writes its statements into UpdateObject
// (inlinedBodies); this function is their source.
func stageTransitionLast(w *World, o *components.View, t *Tick) {
	if w.Ground != nil || w.Trace != nil { // a resolver, or ground to settle on
		if c := w.collide; !w.noCollide && w.Ground != nil && w.Trace == nil && c != nil && c.resolver != nil {
			transitionWith(w, o, t.Dt, c.resolver, &t.Candidate)
		} else {
			stageTransition(w, o, t) // the resolver to make, a trace, or collision off
		}
	} else {
		physobj.AcceptWithoutGround(o.Phys, &t.Candidate, t.Dt) // no ground: no landing
	}
}

func stageCheckDetection(w *World, o *components.View, t *Tick) {
	o.Detection.CheckDetection(o.Phys.Position)
}

func stageHandleTargetting(w *World, o *components.View, t *Tick) {
	o.Target.HandleTargetting(o.Phys.Position)
}

// stageMovementUseTime is MovementManager::UseTime.
func stageMovementUseTime(w *World, o *components.View, t *Tick) { o.Movement.UseTime() }

// stageHandleMovement is CPartArray::HandleMovement →
// MotionTableManager::UseTime (the completion poll).
func stageHandleMovement(w *World, o *components.View, t *Tick) { o.Parts.HandleMovement() }

func stagePositionUseTime(w *World, o *components.View, t *Tick) {
	o.Position.UseTime(o.Phys.Position)
}

func stageUpdateParticles(w *World, o *components.View, t *Tick) {
	o.Particle.UpdateParticles(t.Dt)
}

func stageUpdateScripts(w *World, o *components.View, t *Tick) {
	o.Script.UpdateScripts(t.Dt, w.runHook)
}

// stageStaticPartArrayUpdate advances a static object's sequence by the
// whole elapsed time and turns the root by its omega.
func stageStaticPartArrayUpdate(w *World, o *components.View, t *Tick) {
	physobj.AnimateStatic(o, t.Dt)
}

// stageUpdatePartsInternal samples and rebuilds the part poses.
func stageUpdatePartsInternal(w *World, o *components.View, t *Tick) { o.Parts.UpdateParts() }

// stageUpdateChildren moves attached children with their parent.
func stageUpdateChildren(w *World, o *components.View, t *Tick) { w.updateChildrenOf(o.Phys) }
