package physics

// State is the retail PhysicsState bit set (what CreateObject's PhysicsDesc
// and SetState carry).
type State uint32

// The PhysicsState bits.
const (
	StateStatic                        State = 0x00000001
	StateEthereal                      State = 0x00000004
	StateReportCollisions              State = 0x00000008
	StateIgnoreCollisions              State = 0x00000010
	StateNoDraw                        State = 0x00000020
	StateMissile                       State = 0x00000040
	StatePushable                      State = 0x00000080
	StateAlignPath                     State = 0x00000100
	StatePathClipped                   State = 0x00000200
	StateGravity                       State = 0x00000400
	StateLightingOn                    State = 0x00000800
	StateParticleEmitter               State = 0x00001000
	StateHidden                        State = 0x00004000
	StateScriptedCollision             State = 0x00008000
	StateHasPhysicsBSP                 State = 0x00010000
	StateInelastic                     State = 0x00020000
	StateHasDefaultAnim                State = 0x00040000
	StateHasDefaultScript              State = 0x00080000
	StateCloaked                       State = 0x00100000
	StateReportCollisionsAsEnvironment State = 0x00200000
	StateEdgeSlide                     State = 0x00400000
	StateSledding                      State = 0x00800000
	StateFrozen                        State = 0x01000000
)

// Has reports whether every bit of b is set.
func (s State) Has(b State) bool { return s&b == b }

// Transient is the retail TransientState bit set: per-tick contact and
// activity facts the client derives itself.
type Transient uint32

// The TransientState bits.
const (
	TransientContact         Transient = 0x001
	TransientOnWalkable      Transient = 0x002
	TransientSliding         Transient = 0x004
	TransientWaterContact    Transient = 0x008
	TransientStationaryFall  Transient = 0x010
	TransientStationaryStop  Transient = 0x020
	TransientStationaryStuck Transient = 0x040
	TransientActive          Transient = 0x080
	TransientCheckEthereal   Transient = 0x100
)

// Has reports whether every bit of b is set.
func (t Transient) Has(b Transient) bool { return t&b == b }
