package systems

import (
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// gravity is the retail PhysicsGlobals gravity (units/s²).
const gravity = -9.8000002

// stagePartArrayUpdate is CPartArray::Update, then the OnWalkable rule:
// the animation's root motion counts only on walkable ground, scaled by the
// object scale (UpdatePositionInternal).
func stagePartArrayUpdate(w *World, o *components.Object, t *Tick) {
	o.Parts.Update(t.Dt, &t.Delta)
	if o.Phys.Transient.Has(physics.TransientOnWalkable) {
		t.Delta.Origin = t.Delta.Origin.Scale(o.Phys.Scale)
	} else {
		t.Delta.Origin = physics.Vec3{}
	}
}

// stageAdjustOffset is PositionManager::adjust_offset.
func stageAdjustOffset(w *World, o *components.Object, t *Tick) {
	o.Position.AdjustOffset(o.Phys.Position, &t.Delta, t.Dt)
}

// stageFrameCombine builds the candidate: current frame ∘ delta.
func stageFrameCombine(w *World, o *components.Object, t *Tick) {
	t.Candidate = physics.Combine(o.Phys.Position.Frame, t.Delta)
	t.Moved = t.Candidate != o.Phys.Position.Frame
}

// stageUpdatePhysics is CPhysicsObj::UpdatePhysicsInternal: integrate
// velocity, acceleration (gravity off walkable ground) and omega into the
// candidate (ACE-derived).
func stageUpdatePhysics(w *World, o *components.Object, t *Tick) {
	p := o.Phys
	acc := p.Acceleration
	if p.State.Has(physics.StateGravity) && !p.Transient.Has(physics.TransientOnWalkable) {
		acc.Z += gravity
	}
	dt := float32(t.Dt)
	if !p.Velocity.IsZero() || !acc.IsZero() {
		t.Candidate.Origin = t.Candidate.Origin.Add(p.Velocity.Scale(dt)).Add(acc.Scale(0.5 * dt * dt))
		p.Velocity = p.Velocity.Add(acc.Scale(dt))
	}
	if !p.Omega.IsZero() {
		t.Candidate.Rotate(p.Omega.Scale(dt))
	}
	t.Moved = t.Candidate != p.Position.Frame
}

// stageProcessHooks is CPhysicsObj::process_hooks.
func stageProcessHooks(w *World, o *components.Object, t *Tick) { processHooks(o) }

// processHooks runs the physics hooks, keeping the incomplete ones linked,
// then drains the animation hooks with a live bound: AnimDone acts now,
// everything else is deferred (TS-50).
func processHooks(o *components.Object) {
	if o.Hooks != nil {
		kept := o.Hooks.Hooks[:0]
		for _, h := range o.Hooks.Hooks {
			if !h.Execute(o.Phys) {
				kept = append(kept, h)
			}
		}
		clear(o.Hooks.Hooks[len(kept):])
		o.Hooks.Hooks = kept
	}
	if o.Motion != nil {
		o.Motion.ProcessHooks(o.DeferHook)
	}
}

// stageTransition commits the candidate (SetPositionInternal after a
// transition): outdoors the cell is canonicalised with
// LandDefs.AdjustToOutside (seed 003 §3), and a walkable object stands on
// the terrain. There is no collision sweep yet (divergence TR-01).
func stageTransition(w *World, o *components.Object, t *Tick) {
	p := o.Phys
	cand, cell := t.Candidate, p.Position.Cell
	landed := false
	if t.Dt > 0 {
		p.CachedVelocity = cand.Origin.Sub(p.Position.Frame.Origin).Scale(float32(1 / t.Dt))
	}
	if dat.IsOutdoorCell(cell) {
		c, ok := dat.AdjustToOutside(cell, &cand.Origin)
		if !ok {
			p.CachedVelocity = physics.Vec3{}
			return // off the world: the move is refused
		}
		cell = c
		if w.Ground != nil {
			if z, ok := w.Ground(cell, cand.Origin.X, cand.Origin.Y); ok {
				landed = settle(p, &cand, z)
			}
		}
	}
	p.Position = physics.Position{Cell: cell, Frame: cand}
	if landed && o.Movement != nil && o.Movement.Interp != nil {
		o.Movement.Interp.HitGround()
	}
}

// settle keeps a walkable object on the terrain, lets one launched upward
// leave it (clearing Contact and OnWalkable so gravity acts), and lands a
// falling object with gravity when it reaches the ground: contact back,
// velocity zeroed. It reports a landing (CPhysicsObj's HitGround edge).
func settle(p *physics.Object, cand *physics.Frame, z float32) bool {
	const ground = physics.TransientContact | physics.TransientOnWalkable
	switch {
	case p.Transient.Has(physics.TransientOnWalkable) && p.Velocity.Z > 0:
		p.Transient &^= ground
	case p.Transient.Has(physics.TransientOnWalkable):
		cand.Origin.Z = z
	case p.State.Has(physics.StateGravity) && cand.Origin.Z <= z:
		cand.Origin.Z = z
		p.Velocity = physics.Vec3{}
		p.Transient |= ground
		return true
	}
	return false
}

func stageCheckDetection(w *World, o *components.Object, t *Tick) {
	o.Detection.CheckDetection(o.Phys.Position)
}

func stageHandleTargetting(w *World, o *components.Object, t *Tick) {
	o.Target.HandleTargetting(o.Phys.Position)
}

// stageMovementUseTime is MovementManager::UseTime: it drives the
// MoveToManager when one exists.
func stageMovementUseTime(w *World, o *components.Object, t *Tick) {
	if o.Movement.MoveTo != nil {
		o.Movement.MoveTo.UseTime()
	}
}

// stageHandleMovement is CPartArray::HandleMovement →
// MotionTableManager::UseTime (the completion poll).
func stageHandleMovement(w *World, o *components.Object, t *Tick) { o.Parts.HandleMovement() }

func stagePositionUseTime(w *World, o *components.Object, t *Tick) {
	o.Position.UseTime(o.Phys.Position)
}

func stageUpdateParticles(w *World, o *components.Object, t *Tick) {
	o.Particle.UpdateParticles(t.Dt)
}

func stageUpdateScripts(w *World, o *components.Object, t *Tick) {
	o.Script.UpdateScripts(t.Dt, o.RunHook)
}

// stageStaticPartArrayUpdate advances a static object's sequence by the
// whole elapsed time and turns the root by its omega.
func stageStaticPartArrayUpdate(w *World, o *components.Object, t *Tick) {
	o.Parts.Update(t.Dt, nil)
	if p := o.Phys; !p.Omega.IsZero() {
		p.Position.Frame.Rotate(p.Omega.Scale(float32(t.Dt)))
	}
}

// stageUpdatePartsInternal samples and rebuilds the part poses.
func stageUpdatePartsInternal(w *World, o *components.Object, t *Tick) { o.Parts.UpdateParts() }

// stageUpdateChildren moves attached children with their parent.
func stageUpdateChildren(w *World, o *components.Object, t *Tick) { w.updateChildrenOf(o) }
