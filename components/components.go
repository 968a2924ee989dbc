// Package components holds dereth's donburi component types: one component
// for each per-object fact, each holding a plain-Go retail type by value.
// donburi is the store: it keeps every component behind a stable pointer
// (an archetype change moves the pointer, never the data), so retail's own
// links between the parts of one object — the part array's owner, the
// interpreter's physics object — stay valid as managers come and go.
//
// Nothing else keeps a table of these pointers. Code that works on an
// object resolves a View from the ECS when it starts and drops it when it
// ends.
package components

import (
	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// PhysicsObj is the object's physical state (CPhysicsObj's data).
var PhysicsObj = donburi.NewComponentType[physics.Object]()

// Motion is the motion-facing half of CPhysicsObj: the animation-hook list
// and the MotionDone bridge between the part array and the movement
// manager.
var Motion = donburi.NewComponentType[motion.Object]()

// PartArray is CPartArray: Setup, Sequence, MotionTableManager, part poses.
var PartArray = donburi.NewComponentType[motion.PartArray]()

// MovementManager is the retail MovementManager: the interpreter and the
// MoveToManager, both created on first use.
var MovementManager = donburi.NewComponentType[managers.MovementManager]()

// PositionManager is the interpolation / sticky / constraint state.
var PositionManager = donburi.NewComponentType[managers.PositionManager]()

// TargetManager tracks a target.
var TargetManager = donburi.NewComponentType[managers.TargetManager]()

// DetectionManager exists only when a scenario adds one.
var DetectionManager = donburi.NewComponentType[managers.DetectionManager]()

// ParticleManager owns the object's emitters.
var ParticleManager = donburi.NewComponentType[managers.ParticleManager]()

// ScriptManager runs queued physics scripts.
var ScriptManager = donburi.NewComponentType[managers.ScriptManager]()

// PhysicsHooks is the object's linked list of physics hooks.
var PhysicsHooks = donburi.NewComponentType[PhysicsHookList]()

// Presentation is what the presenter last published for the object.
var Presentation = donburi.NewComponentType[PresentationData]()

// Appearance is what an ObjDesc sets: base palette, subpalettes, texture
// swaps and per-part GfxObj replacements. ObjDescEvent replaces it and
// nothing else.
var Appearance = donburi.NewComponentType[AppearanceData]()

// Name is the archetype name the entity was spawned with (for HUD/traces).
var Name = donburi.NewComponentType[string]()

// StaticAnimating tags a member of static_animating_objects (seed 000: the
// static workset animate_static_object walks).
var StaticAnimating = donburi.NewTag()

// PhysicsHook is a retail physics hook: Execute reports completion, and an
// incomplete hook stays linked for a later update.
type PhysicsHook interface {
	Execute(o *physics.Object) bool
}

// PhysicsHookList holds the live physics hooks in link order.
type PhysicsHookList struct {
	Hooks []PhysicsHook
}

// PresentationData is the published pose: a revision that increments when
// the presenter publishes a change (a new root or new part poses; a still
// or Hidden object keeps its revision) and on appearance changes, the root
// frame, and the part poses copied from the part array.
type PresentationData struct {
	Revision uint64
	Root     physics.Position
	Visual   []physics.Mat4
	Rigid    []physics.Mat4
	// Translucency is set by translucency hooks (0 opaque .. 1 invisible).
	Translucency float32
}

// AppearanceData is one object's visual description.
type AppearanceData struct {
	Palette uint32
	// SubPalettes are (palette, offset, count) triples in wire order.
	SubPalettes [][3]uint32
	// Textures are (part, old, new) swaps.
	Textures [][3]uint32
	// PartGfx replaces part i's GfxObj.
	PartGfx map[int]uint32
	// Changes counts replacements (ObjDescEvent).
	Changes int
}
