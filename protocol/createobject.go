package protocol

import (
	"github.com/dereth/dereth/internal/cursor"
	"github.com/dereth/dereth/physics"
)

// PhysicsDescriptionFlag bits (§2.2).
const (
	PhysicsCSetup                 uint32 = 0x00001
	PhysicsMTable                 uint32 = 0x00002
	PhysicsVelocity               uint32 = 0x00004
	PhysicsAcceleration           uint32 = 0x00008
	PhysicsOmega                  uint32 = 0x00010
	PhysicsParent                 uint32 = 0x00020
	PhysicsChildren               uint32 = 0x00040
	PhysicsObjScale               uint32 = 0x00080
	PhysicsFriction               uint32 = 0x00100
	PhysicsElasticity             uint32 = 0x00200
	PhysicsTimestamps             uint32 = 0x00400
	PhysicsSTable                 uint32 = 0x00800
	PhysicsPeTable                uint32 = 0x01000
	PhysicsDefaultScript          uint32 = 0x02000
	PhysicsDefaultScriptIntensity uint32 = 0x04000
	PhysicsPosition               uint32 = 0x08000
	PhysicsMovement               uint32 = 0x10000
	PhysicsAnimationFrame         uint32 = 0x20000
	PhysicsTranslucency           uint32 = 0x40000
)

// Timestamp indices of PhysicsDesc.Timestamps (§1.8).
const (
	SeqPosition = iota
	SeqMovement
	SeqState
	SeqVector
	SeqTeleport
	SeqServerControl
	SeqForcePosition
	SeqVisualDesc
	SeqInstance
)

// Child is one (guid, parent location) entry of PhysicsDesc.Children.
type Child struct {
	Guid     uint32
	Location uint32
}

// PhysicsDesc is the CreateObject physics block (§2.2). Flags says which
// optional fields are on the wire; the timestamps always are.
type PhysicsDesc struct {
	Flags uint32
	State uint32
	// Movement is the movement buffer (flag Movement): nil for a zero-length
	// buffer. MovementAutonomous follows a non-empty buffer.
	Movement               *MovementData
	MovementAutonomous     bool
	AnimationFrame         uint32 // placement id; only without Movement
	Position               Position
	MotionTable            uint32
	SoundTable             uint32
	PhysicsScriptTable     uint32
	Setup                  uint32
	Parent                 uint32
	ParentLocation         uint32
	Children               []Child
	Scale                  float32
	Friction               float32
	Elasticity             float32
	Translucency           float32
	Velocity               physics.Vec3
	Acceleration           physics.Vec3
	Omega                  physics.Vec3
	DefaultScript          uint32
	DefaultScriptIntensity float32
	Timestamps             [9]uint16
}

func (r *reader) physicsDesc(p *PhysicsDesc) {
	mv, children := p.Movement, p.Children[:0]
	*p = PhysicsDesc{Children: children}
	p.Flags = r.u32("physics_flags")
	p.State = r.u32("physics_state")
	f := p.Flags
	if f&PhysicsMovement != 0 {
		lenAt := r.Off
		n := r.u32("movement_length")
		if n > 0 && r.err == nil {
			if uint64(n) > uint64(r.left()) {
				r.fail("movement_length", lenAt, "length %d, have %d bytes", n, r.left())
				return
			}
			if mv == nil {
				mv = new(MovementData)
			}
			sub := reader{Cursor: cursor.Cursor{B: r.B[:r.Off+int(n)], Off: r.Off}, msg: r.msg}
			sub.movementData(mv)
			if sub.err != nil {
				r.err = sub.err
				return
			}
			if sub.Off != len(sub.B) {
				r.fail("movement_length", lenAt, "length %d but the body used %d bytes", n, sub.Off-lenAt-4)
				return
			}
			r.Off = sub.Off
			p.Movement = mv
			p.MovementAutonomous = r.u32("movement_autonomous") != 0
		}
	} else if f&PhysicsAnimationFrame != 0 {
		p.AnimationFrame = r.u32("animation_frame")
	}
	if f&PhysicsPosition != 0 {
		p.Position = r.position("position")
	}
	if f&PhysicsMTable != 0 {
		p.MotionTable = r.u32("motion_table")
	}
	if f&PhysicsSTable != 0 {
		p.SoundTable = r.u32("sound_table")
	}
	if f&PhysicsPeTable != 0 {
		p.PhysicsScriptTable = r.u32("physics_script_table")
	}
	if f&PhysicsCSetup != 0 {
		p.Setup = r.u32("setup")
	}
	if f&PhysicsParent != 0 {
		p.Parent = r.u32("parent")
		p.ParentLocation = r.u32("parent_location")
	}
	if f&PhysicsChildren != 0 {
		at := r.Off
		n := r.count("num_children", at, uint64(r.u32("num_children")), 8)
		p.Children = grow(p.Children, n)
		for range n {
			p.Children = append(p.Children, Child{Guid: r.u32("child_guid"), Location: r.u32("child_location")})
		}
	}
	if f&PhysicsObjScale != 0 {
		p.Scale = r.f32("scale")
	}
	if f&PhysicsFriction != 0 {
		p.Friction = r.f32("friction")
	}
	if f&PhysicsElasticity != 0 {
		p.Elasticity = r.f32("elasticity")
	}
	if f&PhysicsTranslucency != 0 {
		p.Translucency = r.f32("translucency")
	}
	if f&PhysicsVelocity != 0 {
		p.Velocity = r.vec3("velocity")
	}
	if f&PhysicsAcceleration != 0 {
		p.Acceleration = r.vec3("acceleration")
	}
	if f&PhysicsOmega != 0 {
		p.Omega = r.vec3("omega")
	}
	if f&PhysicsDefaultScript != 0 {
		p.DefaultScript = r.u32("default_script")
	}
	if f&PhysicsDefaultScriptIntensity != 0 {
		p.DefaultScriptIntensity = r.f32("default_script_intensity")
	}
	if r.need("timestamps", 18) {
		for i := range p.Timestamps {
			p.Timestamps[i] = r.u16("timestamps")
		}
	}
	r.align("physics_pad")
}

func appendPhysicsDesc(dst []byte, start int, p *PhysicsDesc) []byte {
	f := p.Flags
	dst = appendU32(dst, f)
	dst = appendU32(dst, p.State)
	if f&PhysicsMovement != 0 {
		if p.Movement == nil {
			dst = appendU32(dst, 0)
		} else {
			lenAt := len(dst)
			dst = appendU32(dst, 0)
			dst = appendMovementData(dst, start, p.Movement)
			putU32(dst[lenAt:], uint32(len(dst)-lenAt-4))
			dst = appendU32(dst, uint32(b2u8(p.MovementAutonomous)))
		}
	} else if f&PhysicsAnimationFrame != 0 {
		dst = appendU32(dst, p.AnimationFrame)
	}
	if f&PhysicsPosition != 0 {
		dst = appendPosition(dst, p.Position)
	}
	if f&PhysicsMTable != 0 {
		dst = appendU32(dst, p.MotionTable)
	}
	if f&PhysicsSTable != 0 {
		dst = appendU32(dst, p.SoundTable)
	}
	if f&PhysicsPeTable != 0 {
		dst = appendU32(dst, p.PhysicsScriptTable)
	}
	if f&PhysicsCSetup != 0 {
		dst = appendU32(dst, p.Setup)
	}
	if f&PhysicsParent != 0 {
		dst = appendU32(appendU32(dst, p.Parent), p.ParentLocation)
	}
	if f&PhysicsChildren != 0 {
		dst = appendU32(dst, uint32(len(p.Children)))
		for _, c := range p.Children {
			dst = appendU32(appendU32(dst, c.Guid), c.Location)
		}
	}
	if f&PhysicsObjScale != 0 {
		dst = appendF32(dst, p.Scale)
	}
	if f&PhysicsFriction != 0 {
		dst = appendF32(dst, p.Friction)
	}
	if f&PhysicsElasticity != 0 {
		dst = appendF32(dst, p.Elasticity)
	}
	if f&PhysicsTranslucency != 0 {
		dst = appendF32(dst, p.Translucency)
	}
	if f&PhysicsVelocity != 0 {
		dst = appendVec3(dst, p.Velocity)
	}
	if f&PhysicsAcceleration != 0 {
		dst = appendVec3(dst, p.Acceleration)
	}
	if f&PhysicsOmega != 0 {
		dst = appendVec3(dst, p.Omega)
	}
	if f&PhysicsDefaultScript != 0 {
		dst = appendU32(dst, p.DefaultScript)
	}
	if f&PhysicsDefaultScriptIntensity != 0 {
		dst = appendF32(dst, p.DefaultScriptIntensity)
	}
	for _, t := range p.Timestamps {
		dst = appendU16(dst, t)
	}
	return appendAlign(dst, start)
}

// CreateObject is 0xF745 (§2): guid, ObjDesc, PhysicsDesc, WeenieDesc.
type CreateObject struct {
	Guid    uint32
	Model   ObjDesc
	Physics PhysicsDesc
	Weenie  WeenieDesc
}

// UpdateObject is 0xF7DB: the CreateObject body under another opcode.
type UpdateObject struct {
	CreateObject
}

// Opcode implements Message.
func (*CreateObject) Opcode() Opcode { return OpCreateObject }

// Name implements Message.
func (*CreateObject) Name() string { return "CreateObject" }

// Opcode implements Message.
func (*UpdateObject) Opcode() Opcode { return OpUpdateObject }

// Name implements Message.
func (*UpdateObject) Name() string { return "UpdateObject" }

// DecodeCreateObject decodes b into m, reusing m's slices, and returns the
// bytes used.
func DecodeCreateObject(b []byte, m *CreateObject) (int, error) {
	r := newReader(b, "CreateObject", OpCreateObject)
	m.decodeBody(&r)
	return r.Off, r.err
}

// DecodeUpdateObject decodes b into m, reusing m's slices, and returns the
// bytes used.
func DecodeUpdateObject(b []byte, m *UpdateObject) (int, error) {
	r := newReader(b, "UpdateObject", OpUpdateObject)
	m.decodeBody(&r)
	return r.Off, r.err
}

func (m *CreateObject) decodeBody(r *reader) {
	m.Guid = r.u32("guid")
	r.objDesc(&m.Model)
	r.physicsDesc(&m.Physics)
	r.weenieDesc(&m.Weenie)
}

func (m *CreateObject) encodeAs(dst []byte, op Opcode) []byte {
	start := len(dst)
	dst = appendU32(dst, uint32(op))
	dst = appendU32(dst, m.Guid)
	dst = appendObjDesc(dst, start, &m.Model)
	dst = appendPhysicsDesc(dst, start, &m.Physics)
	return appendWeenieDesc(dst, start, &m.Weenie)
}

// Encode implements Message.
func (m *CreateObject) Encode(dst []byte) []byte { return m.encodeAs(dst, OpCreateObject) }

// Encode implements Message.
func (m *UpdateObject) Encode(dst []byte) []byte { return m.encodeAs(dst, OpUpdateObject) }
