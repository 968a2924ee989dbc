package motion

import (
	"math"
	"slices"
	"unsafe"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// PartArray is the animation half of CPartArray: the Setup, the Sequence,
// the MotionTableManager (nil without a motion table), the object scale and
// the published part poses.
//
// Laid out by cache line. A PartArray is allocated in the 896-byte size
// class with the allocator's 8-byte header ahead of it (objects over 512
// bytes that hold pointers), so it starts 8 bytes into a line (line n
// below is the one holding offsets 64n-8 to 64n+55). A tick reads lines
// 1 (Setup, Manager and Manager's Pending, the completion poll), 3 and 4
// (the Sequence's first 72 bytes, what Update reads) and the current
// node's; the collision transition adds line 0, its turned spheres (key
// and up to two spheres; their last 16 bytes are line 1's first). The
// frame's UpdateParts reads Scale and Poses, lines 11 and 12. Lines
// 0 and 1 are one aligned 128-byte pair, which the hardware's
// adjacent-line prefetch fetches together, and the tick's first touch of
// the part array is its nil check of &pa.Sequence at line 0. The inline
// nodes start 16 bytes into a line, as before. The checks in layout64.go
// pin the offsets (on 64-bit targets).
type PartArray struct {
	// Turned are the Setup's spheres as the collision mover last took
	// them (package physobj).
	Turned TurnedSpheres

	Setup   *dat.Setup
	Manager *TableManager
	// manager is Manager's storage, ahead of the sequence so that the
	// tick's completion poll (Pending, its first field) shares a cache
	// line with Manager.
	manager TableManager

	Sequence Sequence

	// What UpdateParts reads, from a line's start (two lines).
	_ [32]byte
	// Scale is the object scale (ObjScale).
	Scale physics.Vec3
	Poses Poses
}

// Poses are the per-part poses of the last UpdateParts, in the object's
// space, in the two channels seed 002 names.
type Poses struct {
	// Frames are the part frames the poses were built from.
	Frames []physics.Frame
	// Visual is DefaultScale·rotation·translation(origin)·ObjScale: what
	// the renderer draws.
	Visual []physics.Mat4
	// Rigid is rotation·translation(origin·ObjScale): where attached
	// effects, lights and collision parts sit.
	Rigid []physics.Mat4
	// Presented is false until the first UpdateParts.
	Presented bool
	// Changed is set whenever UpdateParts rebuilds the poses; the
	// presenter clears it when it publishes them. Visual and Rigid hold
	// the last rebuild only while Changed: publishing swaps them with the
	// presentation's previous buffers, which the next rebuild overwrites
	// whole (every matrix, every time).
	Changed bool

	// sampled and scale are what the last UpdateParts built from.
	sampled *dat.AnimFrame
	scale   physics.Vec3
}

// A Quat must be its four float32s for TurnedSpheres.Of's key.
var _ = [1]struct{}{}[unsafe.Sizeof(physics.Quat{})-16]

// TurnedSpheres are a Setup's collision spheres scaled and turned to an
// orientation, kept until the spheres' slice, the scale or the
// orientation changes: an object that has not turned since its last
// transition does not turn its spheres again. One or two spheres (a
// creature's usual) are kept inline, beside their key; more in a slice
// of their own.
type TurnedSpheres struct {
	q     [4]uint32
	scale uint32
	n     uint32
	// from is the spheres' slice's first element; the pointer keeps that
	// array alive, so no other spheres can come to share the address.
	from   *dat.Sphere
	inline [2]dat.Sphere
	more   *[]dat.Sphere
}

// Of returns s's spheres scaled by scale (their origins and radii) and
// their origins turned by q, as q.Rotate(origin·scale) and radius·scale
// compute them (nil when s has none); the slice is the cache's, valid
// until the next call. The key compares bits, so equal inputs give the
// very result computed before. A Setup's spheres changed in place (not
// replaced) are not noticed.
func (t *TurnedSpheres) Of(s *dat.Setup, scale float32, q physics.Quat) []dat.Sphere {
	key := *(*[4]uint32)(unsafe.Pointer(&q)) // the four float32s' bits
	sc := math.Float32bits(scale)
	n := len(s.Spheres)
	if n == 0 {
		return nil
	}
	from := unsafe.SliceData(s.Spheres)
	if t.q == key && t.scale == sc && t.from == from && int(t.n) == n {
		return t.kept()
	}
	t.q, t.scale, t.from, t.n = key, sc, from, uint32(n)
	out := t.inline[:]
	if n > len(t.inline) {
		if t.more == nil {
			t.more = new([]dat.Sphere)
		}
		*t.more = slices.Grow((*t.more)[:0], n)[:n]
		out = *t.more
	}
	out = out[:n]
	for i, sp := range s.Spheres {
		out[i] = dat.Sphere{Origin: q.Rotate(sp.Origin.Scale(scale)), Radius: sp.Radius * scale}
	}
	return out
}

// kept returns the spheres the key was last set for.
func (t *TurnedSpheres) kept() []dat.Sphere {
	if t.n <= uint32(len(t.inline)) {
		return t.inline[:t.n]
	}
	return *t.more
}

// Kept returns the spheres Of(s, scale, q) would return without turning
// them again when they are kept inline (one or two spheres, and its key
// matches: q's and scale's bits and the spheres' slice), else nil. It is
// small enough to be inlined.
func (t *TurnedSpheres) Kept(s *dat.Setup, scale float32, q *physics.Quat) []dat.Sphere {
	if t.q == *(*[4]uint32)(unsafe.Pointer(q)) && t.scale == math.Float32bits(scale) &&
		t.from == unsafe.SliceData(s.Spheres) && int(t.n) == len(s.Spheres) && t.n-1 < uint32(len(t.inline)) {
		return t.inline[:t.n]
	}
	return nil
}

// NewPartArray returns a part array for setup with an optional motion table.
func NewPartArray(setup *dat.Setup, mt *dat.MotionTable, anims AnimationSource) *PartArray {
	pa := &PartArray{}
	pa.Init(setup, mt, anims)
	return pa
}

// Init sets up a part array in place (for callers that allocate it inside
// a larger object).
func (pa *PartArray) Init(setup *dat.Setup, mt *dat.MotionTable, anims AnimationSource) {
	*pa = PartArray{Setup: setup, Scale: physics.Vec3{X: 1, Y: 1, Z: 1}}
	pa.Sequence.Anims = anims
	if mt != nil {
		pa.manager = TableManager{Table: Table{mt}}
		pa.manager.State.SubstateMod = 1
		pa.Manager = &pa.manager
	}
	pa.SetPlacementFrame(dat.PlacementDefault)
}

// NumParts returns the Setup's part count (0 without a Setup).
func (pa *PartArray) NumParts() int {
	if pa.Setup == nil {
		return 0
	}
	return pa.Setup.NumParts()
}

// SetPlacementFrame selects the rest pose by key, falling back to key 0
// (CPartArray::SetPlacementFrame).
func (pa *PartArray) SetPlacementFrame(key int32) bool {
	pa.Sequence.PlacementFrame = nil
	if pa.Setup == nil {
		return false
	}
	f, ok := pa.Setup.Placement(key)
	if !ok {
		return false
	}
	pa.Sequence.PlacementFrame = &f
	return true
}

// InitDefaults starts the Setup's default animation, if any, as the only
// node (CPartArray::InitDefaults).
func (pa *PartArray) InitDefaults() {
	if pa.Setup == nil || pa.Setup.DefaultAnimation == 0 {
		return
	}
	pa.Sequence.ClearAnimations()
	pa.Sequence.AppendAnimation(dat.AnimData{AnimID: pa.Setup.DefaultAnimation, HighFrame: -1, Framerate: 30})
}

// Update advances the sequence (CPartArray::Update).
func (pa *PartArray) Update(dt float64, frame *physics.Frame) { pa.Sequence.Update(dt, frame) }

// perform forwards a movement to the manager.
func (pa *PartArray) perform(t MovementType, motion uint32, speed float32) WeenieError {
	if pa.Manager == nil {
		return ErrNoAnimationTable
	}
	return pa.Manager.PerformMovement(t, motion, speed, &pa.Sequence)
}

// DoInterpretedMotion is CPartArray::DoInterpretedMotion.
func (pa *PartArray) DoInterpretedMotion(motion uint32, p Params) WeenieError {
	return pa.perform(MovementInterpretedCommand, motion, p.Speed)
}

// StopInterpretedMotion is CPartArray::StopInterpretedMotion.
func (pa *PartArray) StopInterpretedMotion(motion uint32, p Params) WeenieError {
	return pa.perform(MovementStopInterpretedCommand, motion, p.Speed)
}

// StopCompletelyInternal is CPartArray::StopCompletelyInternal.
func (pa *PartArray) StopCompletelyInternal() WeenieError {
	return pa.perform(MovementStopCompletely, 0, 1)
}

// AnimationDone is CPartArray::AnimationDone.
func (pa *PartArray) AnimationDone(success bool) {
	if pa.Manager != nil {
		pa.Manager.AnimationDone(success)
	}
}

// CheckForCompletedMotions is CPartArray::CheckForCompletedMotions.
func (pa *PartArray) CheckForCompletedMotions() {
	if pa.Manager != nil {
		pa.Manager.CheckForCompletedMotions()
	}
}

// HandleMovement is the manager-tail slot: MotionTableManager::UseTime
// (CPartArray::HandleMovement, 0x00517D60).
func (pa *PartArray) HandleMovement() {
	pa.Manager.UseTime() // nothing without a manager (UseTime's nil test)
}

// HandleEnterWorld strips links and drains the queue
// (CPartArray::HandleEnterWorld, 0x00517D70).
func (pa *PartArray) HandleEnterWorld() {
	if pa.Manager != nil {
		pa.Manager.HandleEnterWorld(&pa.Sequence)
	}
}

// InitializeMotionTables is CPartArray::InitializeMotionTables.
func (pa *PartArray) InitializeMotionTables() {
	if pa.Manager != nil {
		pa.Manager.InitializeState(&pa.Sequence)
	}
}

// UpdateParts samples the current frame without advancing time and
// rebuilds the poses (CPartArray::UpdateParts, 0x005190F0). Only the
// authored prefix of the AnimFrame updates; trailing parts keep their
// previous pose, or the rest pose on first presentation (seed 002). It
// reports whether the poses changed: sampling the same AnimFrame at the
// same scale again changes nothing and is skipped.
func (pa *PartArray) UpdateParts() bool {
	n := pa.NumParts()
	p := &pa.Poses
	if len(p.Frames) != n {
		p.Frames = make([]physics.Frame, n)
		p.Visual = make([]physics.Mat4, n)
		p.Rigid = make([]physics.Mat4, n)
		p.Presented = false
	}
	cur := pa.Sequence.GetCurrAnimFrame()
	if p.Presented && cur == p.sampled && pa.Scale == p.scale {
		return false
	}
	p.sampled, p.scale = cur, pa.Scale
	if !p.Presented {
		rest := pa.Sequence.PlacementFrame
		for i := range p.Frames {
			p.Frames[i] = physics.IdentityFrame
			if rest != nil && i < len(rest.Frames) {
				p.Frames[i] = rest.Frames[i]
			}
		}
	}
	if cur != nil {
		copy(p.Frames, cur.Frames[:min(n, len(cur.Frames))])
	}
	objUnit := pa.Scale == unitScale
	for i := range p.Frames {
		ds, unit := &unitScale, objUnit
		if i < len(pa.Setup.DefaultScale) { // Setup.PartScale
			ds = &pa.Setup.DefaultScale[i]
			unit = unit && *ds == unitScale
		}
		partPoseInto(&p.Visual[i], &p.Rigid[i], &p.Frames[i], ds, &pa.Scale, unit)
	}
	p.Presented, p.Changed = true, true
	return true
}

// PartPose builds both channels for one part frame: visual
// DefaultScale·rotation·translation(origin)·ObjScale and rigid
// rotation·translation(origin·ObjScale). It writes the products out in
// closed form — entry (i, j) of the rotation block is
// (defaultScale_i·R_ij)·objScale_j, the translation row origin·objScale —
// which equals the four matrix products for every finite input
// (TestPartPoseClosedFormMatchesMatrices) at a fraction of the cost.
func PartPose(f physics.Frame, defaultScale, objScale physics.Vec3) (visual, rigid physics.Mat4) {
	unit := defaultScale == unitScale && objScale == unitScale
	partPoseInto(&visual, &rigid, &f, &defaultScale, &objScale, unit)
	return visual, rigid
}

// unitScale is the scale that changes nothing.
var unitScale = physics.Vec3{X: 1, Y: 1, Z: 1}

// partPoseInto is PartPose writing both matrices in place, the scales
// read through pointers; unit says that both scales are (1, 1, 1). Then
// the visual rotation block is the rigid one — (1·R_ij)·1 is R_ij exactly
// — and is copied rather than multiplied out.
func partPoseInto(visual, rigid *physics.Mat4, f *physics.Frame, defaultScale, objScale *physics.Vec3, unit bool) {
	physics.PoseMat4Into(rigid, f.Orientation, f.Origin.Mul(*objScale))
	if unit {
		// Row by row: a whole-matrix copy between two pointers is a
		// memmove call (they might overlap), a row is two moves.
		visual[0], visual[1], visual[2], visual[3] = rigid[0], rigid[1], rigid[2], rigid[3]
		return
	}
	m, d, s := rigid, *defaultScale, *objScale
	*visual = physics.Mat4{
		{d.X * m[0][0] * s.X, d.X * m[0][1] * s.Y, d.X * m[0][2] * s.Z, 0},
		{d.Y * m[1][0] * s.X, d.Y * m[1][1] * s.Y, d.Y * m[1][2] * s.Z, 0},
		{d.Z * m[2][0] * s.X, d.Z * m[2][1] * s.Y, d.Z * m[2][2] * s.Z, 0},
		m[3],
	}
}
