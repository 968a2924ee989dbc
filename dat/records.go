package dat

import "github.com/dereth/dereth/physics"

// Sphere is a centre and a radius (16 bytes).
type Sphere struct {
	Origin physics.Vec3 `json:"origin"`
	Radius float32      `json:"radius"`
}

// Plane is a normal and the plane constant d (16 bytes).
type Plane struct {
	Normal physics.Vec3 `json:"normal"`
	D      float32      `json:"d"`
}

// CylSphere is a vertical cylinder: base centre, radius, height (20 bytes).
type CylSphere struct {
	Origin physics.Vec3 `json:"origin"`
	Radius float32      `json:"radius"`
	Height float32      `json:"height"`
}

// LocationType is a holding location or connection point: a part and a
// frame relative to it (32 bytes).
type LocationType struct {
	PartID int32         `json:"part_id"`
	Frame  physics.Frame `json:"frame"`
}

// LightInfo is a light attached to a Setup (44 bytes).
type LightInfo struct {
	Frame     physics.Frame `json:"frame"`
	Color     uint32        `json:"color"`
	Intensity float32       `json:"intensity"`
	Falloff   float32       `json:"falloff"`
	ConeAngle float32       `json:"cone_angle"`
}

// Stab is a static object: a GfxObj or Setup id and its frame (32 bytes).
type Stab struct {
	ID    uint32        `json:"id"`
	Frame physics.Frame `json:"frame"`
}

func (d *decoder) stab() Stab { return Stab{ID: d.u32(), Frame: d.frame()} }

func (e *encoder) stab(s Stab) { e.u32(s.ID); e.frame(s.Frame) }

func (d *decoder) location() LocationType {
	return LocationType{PartID: d.i32(), Frame: d.frame()}
}

func (e *encoder) location(l LocationType) { e.i32(l.PartID); e.frame(l.Frame) }
