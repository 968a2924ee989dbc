package physics

// Position is a retail Position: a cell id and a frame in that cell.
type Position struct {
	Cell  uint32
	Frame Frame
}

// Object is the physical state of a CPhysicsObj: identity, state bits,
// placement, clock and motion vectors. The managers and the animation
// machine keep their own state and point at this one.
type Object struct {
	// The fields the ordinary tick reads for every object come first, in
	// the order it reads them (update_object's early returns and clock,
	// the work bits, UpdatePhysicsInternal, the transition commit), so
	// they share the object's first cache lines.

	GUID      uint32
	State     State
	Transient Transient
	// Parent is the guid of the object this one is attached to, 0 if none.
	Parent uint32
	// Work marks the managers that may have work this update; one whose
	// bit is clear is not even loaded by the ordinary tick.
	Work Work
	// Scale is the object scale (uniform, as the wire carries it).
	Scale float32
	// UpdateTime is the physics time of the object's last admitted update.
	UpdateTime float64
	Position   Position
	Velocity   Vec3
	// Acceleration and Omega are integrated by UpdatePhysicsInternal.
	Acceleration Vec3
	Omega        Vec3
	// CachedVelocity is the actual displacement / dt of the last transition.
	CachedVelocity Vec3

	// ContactPlaneN and ContactPlaneD are contact_plane (N·p + D = 0,
	// local to the landblock of Position.Cell), valid with
	// TransientContact; SlidingNormal is sliding_normal, valid with
	// TransientSliding. The transition starts from them and leaves them.
	ContactPlaneN Vec3
	ContactPlaneD float32
	SlidingNormal Vec3
	// Autonomous is last_move_was_autonomous.
	Autonomous bool
	// Children are the guids attached to this object.
	Children []uint32
	// ParentFrame is the child's frame relative to its parent.
	ParentFrame Frame
	// UpdateTimes are the nine wire sequence stamps (update_times):
	// position, movement, state, vector, teleport, server control, force
	// position, visual description, instance.
	UpdateTimes [9]uint16
	// ScriptTable is the PhysicsScriptTable id PlayEffect and the typed
	// Hide/UnHide scripts resolve through (0: none).
	ScriptTable uint32
}

// NewObject returns an object with unit scale at the identity frame.
func NewObject(guid uint32) *Object {
	return &Object{GUID: guid, Scale: 1, Position: Position{Frame: IdentityFrame}}
}

// ScaleVec returns the uniform scale as a vector.
func (o *Object) ScaleVec() Vec3 { return Vec3{o.Scale, o.Scale, o.Scale} }

// Work is the set of an object's managers that may have work: the
// ordinary tick loads only those, and puts one back to sleep when it
// reports none (components.View).
type Work uint16

// The work bits, one per manager, and one for captured animation hooks.
const (
	WorkPosition Work = 1 << iota
	WorkTarget
	WorkDetection
	WorkMovement
	WorkParticle
	WorkScript
	WorkHooks
	// WorkAnimHooks is set when the sequence fires an animation hook, so
	// process_hooks loads the motion object to drain it.
	WorkAnimHooks
	WorkAll = WorkPosition | WorkTarget | WorkDetection | WorkMovement | WorkParticle | WorkScript | WorkHooks | WorkAnimHooks
)
