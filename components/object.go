package components

import (
	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// Object is one object-table entry: the entity and its component pointers,
// resolved once so the per-tick schedules do no component lookups. A nil
// pointer means the entity lacks that component (a missing manager).
type Object struct {
	Entity donburi.Entity
	Name   string

	Phys      *physics.Object
	Motion    *motion.Object
	Parts     *motion.PartArray
	Movement  *MovementManagerData
	Position  *managers.PositionManager
	Target    *managers.TargetManager
	Detection *managers.DetectionManager
	Particle  *managers.ParticleManager
	Script    *managers.ScriptManager
	Hooks     *PhysicsHookList
	Pres      *PresentationData
	Look      *AppearanceData

	// ScriptTable is the PhysicsScriptTable id PlayEffect resolves through.
	ScriptTable uint32
	// Static marks a member of static_animating_objects.
	Static bool
	// DeferHook queues a non-AnimDone animation hook for the deferred drain;
	// RunHook executes a physics-script hook at once. Both are bound once at
	// spawn so the schedules do not allocate.
	DeferHook func(*dat.AnimHook)
	RunHook   func(*dat.AnimHook)
}

// Set stores v as e's component c, adding the component when missing.
func Set[T any](w donburi.World, e donburi.Entity, c *donburi.ComponentType[T], v T) {
	entry := w.Entry(e)
	if !entry.HasComponent(c) {
		entry.AddComponent(c)
	}
	c.SetValue(entry, v)
}
