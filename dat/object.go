package dat

import (
	"errors"
	"fmt"
)

// Type is a DAT object type, named as the `dat` CLI prints it.
type Type int

// The object types dereth decodes.
const (
	TypeUnknown Type = iota
	TypeGfxObj
	TypeSetup
	TypeAnimation
	TypeSurface
	TypeMotionTable
	TypePhysicsScript
	TypePhysicsScriptTable
	TypeRegion
	TypeIteration
	TypeLandBlock
	TypeLandBlockInfo
	TypeEnvCell
	TypePalette
	TypeSurfaceTexture
	TypeRenderSurface
	TypeEnvironment
	TypeScene
	TypeParticleEmitterInfo
	TypeGfxObjDegradeInfo
)

var typeNames = [...]string{"Unknown", "GfxObj", "Setup", "Animation", "Surface", "MotionTable",
	"PhysicsScript", "PhysicsScriptTable", "Region", "Iteration", "LandBlock", "LandBlockInfo", "EnvCell",
	"Palette", "SurfaceTexture", "RenderSurface", "Environment", "Scene", "ParticleEmitterInfo", "GfxObjDegradeInfo"}

func (t Type) String() string {
	if t >= 0 && int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "Unknown"
}

// Types lists every known type, Unknown excluded, in a stable order.
func Types() []Type {
	return []Type{TypeGfxObj, TypeSetup, TypeAnimation, TypeSurface, TypeMotionTable, TypePhysicsScript,
		TypePhysicsScriptTable, TypeRegion, TypeIteration, TypeLandBlock, TypeLandBlockInfo, TypeEnvCell,
		TypePalette, TypeSurfaceTexture, TypeRenderSurface, TypeEnvironment, TypeScene, TypeParticleEmitterInfo,
		TypeGfxObjDegradeInfo}
}

// TypeOf classifies an object id of a dataset (dat-format.md §2).
func TypeOf(id uint32, ds Dataset) Type {
	if id == IterationID {
		return TypeIteration
	}
	if ds == DatasetCell {
		switch c := id & 0xFFFF; {
		case c == 0xFFFF:
			return TypeLandBlock
		case c == 0xFFFE:
			return TypeLandBlockInfo
		case c >= 0x0100 && c <= 0xFFFD:
			return TypeEnvCell
		}
		return TypeUnknown
	}
	switch id >> 24 {
	case 0x01:
		return TypeGfxObj
	case 0x02:
		return TypeSetup
	case 0x03:
		return TypeAnimation
	case 0x04:
		return TypePalette
	case 0x05:
		return TypeSurfaceTexture
	case 0x06, 0x07:
		return TypeRenderSurface
	case 0x08:
		return TypeSurface
	case 0x09:
		return TypeMotionTable
	case 0x0D:
		return TypeEnvironment
	case 0x11:
		return TypeGfxObjDegradeInfo
	case 0x12:
		return TypeScene
	case 0x13:
		return TypeRegion
	case 0x32:
		return TypeParticleEmitterInfo
	case 0x33:
		return TypePhysicsScript
	case 0x34:
		return TypePhysicsScriptTable
	}
	return TypeUnknown
}

// ErrUnknownType is returned when asked to decode an object of no known type.
var ErrUnknownType = errors.New("no decoder for this object type")

// Decode decodes an object's bytes as type t. Objects that carry their own
// id must carry id.
func Decode(t Type, id uint32, data []byte) (any, error) {
	var (
		v   any
		err error
		own uint32
		has = true
	)
	switch t {
	case TypeGfxObj:
		var o *GfxObj
		if o, err = DecodeGfxObj(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeSetup:
		var o *Setup
		if o, err = DecodeSetup(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeAnimation:
		var o *Animation
		if o, err = DecodeAnimation(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeSurface:
		var o *Surface
		if o, err = DecodeSurface(id, data); err == nil {
			v, has = o, false
		}
	case TypeMotionTable:
		var o *MotionTable
		if o, err = DecodeMotionTable(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypePhysicsScript:
		var o *PhysicsScript
		if o, err = DecodePhysicsScript(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypePhysicsScriptTable:
		var o *PhysicsScriptTable
		if o, err = DecodePhysicsScriptTable(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeRegion:
		var o *Region
		if o, err = DecodeRegion(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeIteration:
		var o *Iteration
		if o, err = DecodeIteration(id, data); err == nil {
			v, has = o, false
		}
	case TypeLandBlock:
		var o *LandBlock
		if o, err = DecodeLandBlock(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeLandBlockInfo:
		var o *LandBlockInfo
		if o, err = DecodeLandBlockInfo(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeEnvCell:
		var o *EnvCell
		if o, err = DecodeEnvCell(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypePalette:
		var o *Palette
		if o, err = DecodePalette(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeSurfaceTexture:
		var o *SurfaceTexture
		if o, err = DecodeSurfaceTexture(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeRenderSurface:
		var o *RenderSurface
		if o, err = DecodeRenderSurface(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeEnvironment:
		var o *Environment
		if o, err = DecodeEnvironment(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeScene:
		var o *Scene
		if o, err = DecodeScene(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeParticleEmitterInfo:
		var o *ParticleEmitterInfo
		if o, err = DecodeParticleEmitterInfo(id, data); err == nil {
			v, own = o, o.ID
		}
	case TypeGfxObjDegradeInfo:
		var o *GfxObjDegradeInfo
		if o, err = DecodeGfxObjDegradeInfo(id, data); err == nil {
			v, own = o, o.ID
		}
	default:
		return nil, fmt.Errorf("dat: object 0x%08X: %w", id, ErrUnknownType)
	}
	if err != nil {
		return nil, err
	}
	if has && own != id {
		return nil, &DecodeError{Type: t.String(), ID: id, Offset: 0,
			Err: fmt.Errorf("object carries id 0x%08X", own)}
	}
	return v, nil
}

// Encode encodes any of the object types, returning its directory id.
func Encode(obj any) (uint32, []byte, error) {
	var (
		id   uint32
		data []byte
		err  error
	)
	switch o := obj.(type) {
	case *GfxObj:
		id = o.ID
		data, err = EncodeGfxObj(o)
	case *Setup:
		id = o.ID
		data, err = EncodeSetup(o)
	case *Animation:
		id = o.ID
		data, err = EncodeAnimation(o)
	case *Surface:
		id = o.ID
		data, err = EncodeSurface(o)
	case *MotionTable:
		id = o.ID
		data, err = EncodeMotionTable(o)
	case *PhysicsScript:
		id = o.ID
		data, err = EncodePhysicsScript(o)
	case *PhysicsScriptTable:
		id = o.ID
		data, err = EncodePhysicsScriptTable(o)
	case *Region:
		id = o.ID
		data, err = EncodeRegion(o)
	case *Iteration:
		id = o.ID
		data, err = EncodeIteration(o)
	case *LandBlock:
		id = o.ID
		data, err = EncodeLandBlock(o)
	case *LandBlockInfo:
		id = o.ID
		data, err = EncodeLandBlockInfo(o)
	case *EnvCell:
		id = o.ID
		data, err = EncodeEnvCell(o)
	case *Palette:
		id = o.ID
		data, err = EncodePalette(o)
	case *SurfaceTexture:
		id = o.ID
		data, err = EncodeSurfaceTexture(o)
	case *RenderSurface:
		id = o.ID
		data, err = EncodeRenderSurface(o)
	case *Environment:
		id = o.ID
		data, err = EncodeEnvironment(o)
	case *Scene:
		id = o.ID
		data, err = EncodeScene(o)
	case *ParticleEmitterInfo:
		id = o.ID
		data, err = EncodeParticleEmitterInfo(o)
	case *GfxObjDegradeInfo:
		id = o.ID
		data, err = EncodeGfxObjDegradeInfo(o)
	default:
		return 0, nil, fmt.Errorf("dat: cannot encode %T", obj)
	}
	return id, data, err
}

// wrap adds the container's name to a decode error.
func (c *Container) wrap(err error) error {
	if err == nil {
		return nil
	}
	var ce *Error
	if errors.As(err, &ce) {
		return err
	}
	var de *DecodeError
	if errors.As(err, &de) {
		de.File = c.name
		return err
	}
	return fmt.Errorf("dat: %s: %w", c.name, err)
}

// Object reads and decodes object id by the type its id implies.
func (c *Container) Object(id uint32) (any, error) {
	data, err := c.Read(id)
	if err != nil {
		return nil, err
	}
	v, err := Decode(TypeOf(id, c.dataset), id, data)
	return v, c.wrap(err)
}

func read[T any](c *Container, id uint32, dec func(uint32, []byte) (*T, error)) (*T, error) {
	data, err := c.Read(id)
	if err != nil {
		return nil, err
	}
	v, err := dec(id, data)
	if err != nil {
		return nil, c.wrap(err)
	}
	return v, nil
}

// GfxObj reads a GfxObj.
func (c *Container) GfxObj(id uint32) (*GfxObj, error) { return read(c, id, DecodeGfxObj) }

// Setup reads a Setup.
func (c *Container) Setup(id uint32) (*Setup, error) { return read(c, id, DecodeSetup) }

// Animation reads an Animation.
func (c *Container) Animation(id uint32) (*Animation, error) { return read(c, id, DecodeAnimation) }

// Surface reads a Surface.
func (c *Container) Surface(id uint32) (*Surface, error) { return read(c, id, DecodeSurface) }

// MotionTable reads a MotionTable.
func (c *Container) MotionTable(id uint32) (*MotionTable, error) {
	return read(c, id, DecodeMotionTable)
}

// PhysicsScript reads a PhysicsScript.
func (c *Container) PhysicsScript(id uint32) (*PhysicsScript, error) {
	return read(c, id, DecodePhysicsScript)
}

// ParticleEmitterInfo reads a ParticleEmitterInfo.
func (c *Container) ParticleEmitterInfo(id uint32) (*ParticleEmitterInfo, error) {
	return read(c, id, DecodeParticleEmitterInfo)
}

// PhysicsScriptTable reads a PhysicsScriptTable.
func (c *Container) PhysicsScriptTable(id uint32) (*PhysicsScriptTable, error) {
	return read(c, id, DecodePhysicsScriptTable)
}

// Region reads a Region (Dereth is RegionID).
func (c *Container) Region(id uint32) (*Region, error) { return read(c, id, DecodeRegion) }

// Iteration reads the Iteration object.
func (c *Container) Iteration() (*Iteration, error) { return read(c, IterationID, DecodeIteration) }

// LandBlock reads a LandBlock.
func (c *Container) LandBlock(id uint32) (*LandBlock, error) { return read(c, id, DecodeLandBlock) }

// LandBlockInfo reads a LandBlockInfo.
func (c *Container) LandBlockInfo(id uint32) (*LandBlockInfo, error) {
	return read(c, id, DecodeLandBlockInfo)
}

// GfxObjDegradeInfo reads a GfxObjDegradeInfo.
func (c *Container) GfxObjDegradeInfo(id uint32) (*GfxObjDegradeInfo, error) {
	return read(c, id, DecodeGfxObjDegradeInfo)
}

// Palette reads a Palette.
func (c *Container) Palette(id uint32) (*Palette, error) { return read(c, id, DecodePalette) }

// SurfaceTexture reads a SurfaceTexture.
func (c *Container) SurfaceTexture(id uint32) (*SurfaceTexture, error) {
	return read(c, id, DecodeSurfaceTexture)
}

// RenderSurface reads a RenderSurface (Texture, 0x06/0x07).
func (c *Container) RenderSurface(id uint32) (*RenderSurface, error) {
	return read(c, id, DecodeRenderSurface)
}

// EnvCell reads an EnvCell.
func (c *Container) EnvCell(id uint32) (*EnvCell, error) { return read(c, id, DecodeEnvCell) }

// Environment reads an Environment (0x0D…).
func (c *Container) Environment(id uint32) (*Environment, error) {
	return read(c, id, DecodeEnvironment)
}

// Scene reads a Scene (0x12…).
func (c *Container) Scene(id uint32) (*Scene, error) { return read(c, id, DecodeScene) }
