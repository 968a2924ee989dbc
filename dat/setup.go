package dat

import "github.com/dereth/dereth/physics"

// Setup flag bits.
const (
	SetupHasParent        = 0x1
	SetupHasDefaultScale  = 0x2
	SetupAllowFreeHeading = 0x4
	SetupHasPhysicsBSP    = 0x8
)

// Placement keys used by the animation machine.
const PlacementDefault = 0

// Setup is a 0x02xxxxxx Setup: the parts of an object, its rest poses,
// collision shapes, lights and default tables (dat-format.md §4.2).
type Setup struct {
	ID    uint32 `json:"id"`
	Flags uint32 `json:"flags"`
	// Parts are GfxObj ids, one per part.
	Parts []uint32 `json:"parts"`
	// ParentIndex is each part's parent (≥ len(Parts) means none).
	ParentIndex []uint32 `json:"parent_index"`
	// DefaultScale is each part's scale; nil means (1,1,1) for every part.
	DefaultScale []physics.Vec3 `json:"default_scale"`
	// HoldingLocations are where held objects attach, by ParentLocation.
	HoldingLocations map[int32]LocationType `json:"holding_locations"`
	// ConnectionPoints are the Setup's connection points, by key.
	ConnectionPoints map[int32]LocationType `json:"connection_points"`
	// PlacementFrames are the rest poses by placement key.
	PlacementFrames map[int32]AnimFrame `json:"placement_frames"`
	CylSpheres      []CylSphere         `json:"cylspheres"`
	Spheres         []Sphere            `json:"spheres"`
	Height          float32             `json:"height"`
	Radius          float32             `json:"radius"`
	StepUpHeight    float32             `json:"step_up_height"`
	StepDownHeight  float32             `json:"step_down_height"`
	SortingSphere   Sphere              `json:"sorting_sphere"`
	SelectionSphere Sphere              `json:"selection_sphere"`
	// Lights are the Setup's lights, by key.
	Lights map[int32]LightInfo `json:"lights"`

	DefaultAnimation   uint32 `json:"default_animation"`
	DefaultScript      uint32 `json:"default_script"`
	DefaultMotionTable uint32 `json:"default_motion_table"`
	DefaultSoundTable  uint32 `json:"default_sound_table"`
	DefaultScriptTable uint32 `json:"default_script_table"`
}

// NumParts returns the Setup's part count.
func (s *Setup) NumParts() int { return len(s.Parts) }

// PartScale returns part i's default scale.
func (s *Setup) PartScale(i int) physics.Vec3 {
	if i < len(s.DefaultScale) {
		return s.DefaultScale[i]
	}
	return physics.Vec3{X: 1, Y: 1, Z: 1}
}

// Placement returns the placement frame with the key, falling back to key 0
// (CPartArray::SetPlacementFrame); ok is false when neither exists.
func (s *Setup) Placement(key int32) (AnimFrame, bool) {
	if f, ok := s.PlacementFrames[key]; ok {
		return f, true
	}
	f, ok := s.PlacementFrames[PlacementDefault]
	return f, ok
}
