package world

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The human's rest pose: part origins in object space (feet at z = 0) and
// each part's parent; a part's rest offset is its origin minus its parent's.
var (
	humanParent = [NumHumanParts]uint32{
		0xFFFFFFFF, PartPelvis, PartTorso, PartTorso, PartLUpperArm, PartTorso, PartRUpperArm,
		PartPelvis, PartLThigh, PartPelvis, PartRThigh,
	}
	humanRest = [NumHumanParts]physics.Vec3{
		{X: 0, Y: 0, Z: 0.95}, {X: 0, Y: 0, Z: 1.05}, {X: 0, Y: 0, Z: 1.57},
		{X: -0.26, Y: 0, Z: 1.5}, {X: -0.26, Y: 0, Z: 1.2},
		{X: 0.26, Y: 0, Z: 1.5}, {X: 0.26, Y: 0, Z: 1.2},
		{X: -0.1, Y: 0, Z: 0.9}, {X: -0.1, Y: 0, Z: 0.45},
		{X: 0.1, Y: 0, Z: 0.9}, {X: 0.1, Y: 0, Z: 0.45},
	}
	humanGfx = [NumHumanParts]uint32{
		PelvisGfxObj, TorsoGfxObj, HeadGfxObj, UpperArmGfxObj, ForearmGfxObj, UpperArmGfxObj, ForearmGfxObj,
		ThighGfxObj, ShinGfxObj, ThighGfxObj, ShinGfxObj,
	}
)

// pose is a human pose: the root's height and pitch about y (for lying
// dead), its yaw, and each part's swing about x relative to its parent.
type pose struct {
	rootZ, rootRoll, rootYaw float64
	swing                    [NumHumanParts]float64
}

func lerp(a, b pose, t float64) pose {
	l := func(x, y float64) float64 { return x + float64((y-x)*t) }
	p := pose{rootZ: l(a.rootZ, b.rootZ), rootRoll: l(a.rootRoll, b.rootRoll), rootYaw: l(a.rootYaw, b.rootYaw)}
	for i := range p.swing {
		p.swing[i] = l(a.swing[i], b.swing[i])
	}
	return p
}

func axis(x, y, z float64) physics.Quat {
	return physics.AxisAngle(physics.Vec3{X: float32(x), Y: float32(y), Z: float32(z)})
}

// frames turns a pose into per-part frames in object space by forward
// kinematics (the DAT stores object-space part frames, not chained ones).
func (p pose) frames() []physics.Frame {
	out := make([]physics.Frame, NumHumanParts)
	root := physics.Frame{Origin: physics.Vec3{Z: float32(p.rootZ)},
		Orientation: axis(0, 0, p.rootYaw).Mul(axis(0, p.rootRoll, 0))}
	for i := 0; i < NumHumanParts; i++ {
		local := axis(p.swing[i], 0, 0)
		if i == PartPelvis {
			out[i] = physics.Frame{Origin: root.Origin, Orientation: root.Orientation.Mul(local).Normalize()}
			continue
		}
		par := out[humanParent[i]]
		off := humanRest[i].Sub(humanRest[humanParent[i]])
		out[i] = physics.Frame{Origin: par.Origin.Add(par.Orientation.Rotate(off)), Orientation: par.Orientation.Mul(local).Normalize()}
	}
	return out
}

var restPose = pose{rootZ: 0.95}

// stride returns a walking (amp ≈ 0.45) or running (amp ≈ 0.8) pose at
// phase φ of the gait cycle.
func stride(amp, phase float64, lean float64) pose {
	s := math.Sin(phase)
	p := restPose
	p.rootZ = 0.95 - float64(0.03*math.Abs(math.Cos(phase))*amp)
	p.swing[PartTorso] = lean
	p.swing[PartLThigh] = amp * s
	p.swing[PartRThigh] = -amp * s
	p.swing[PartLShin] = -amp * math.Max(0, -s)
	p.swing[PartRShin] = -amp * math.Max(0, s)
	p.swing[PartLUpperArm] = -amp * 0.8 * s
	p.swing[PartRUpperArm] = amp * 0.8 * s
	p.swing[PartLForearm] = amp * 0.5
	p.swing[PartRForearm] = amp * 0.5
	return p
}

var deadPose = func() pose {
	p := restPose
	p.rootZ = 0.15
	p.rootRoll = math.Pi / 2
	p.swing[PartLUpperArm], p.swing[PartRUpperArm] = 0.4, -0.3
	return p
}()

func animFrames(poses []pose) []dat.AnimFrame {
	out := make([]dat.AnimFrame, len(poses))
	for i, p := range poses {
		out[i] = dat.AnimFrame{Frames: p.frames()}
	}
	return out
}

func humanAnim(id uint32, poses []pose) *dat.Animation {
	return &dat.Animation{ID: id, NumParts: NumHumanParts, PartFrames: animFrames(poses)}
}

func cycle(n int, f func(phase float64) pose) []pose {
	out := make([]pose, n)
	for i := range out {
		out[i] = f(2 * math.Pi * float64(i) / float64(n))
	}
	return out
}

func blend(a, b pose, n int) []pose {
	out := make([]pose, n)
	for i := range out {
		out[i] = lerp(a, b, float64(i+1)/float64(n))
	}
	return out
}

func sound(id uint32) dat.AnimHook {
	return dat.AnimHook{Type: dat.HookSound, Direction: dat.HookForward, ID: id}
}

func humanAnimations() []*dat.Animation {
	walk := func(ph float64) pose { return stride(0.45, ph, 0.05) }
	run := func(ph float64) pose { return stride(0.8, ph, 0.2) }
	ready := humanAnim(AnimReady, cycle(2, func(ph float64) pose {
		p := restPose
		p.swing[PartLUpperArm], p.swing[PartRUpperArm] = 0.03*math.Sin(ph), -0.03*math.Sin(ph)
		return p
	}))
	walkA := humanAnim(AnimWalkForward, cycle(8, walk))
	walkA.PartFrames[1].Hooks = []dat.AnimHook{sound(SoundFootstep)}
	walkA.PartFrames[5].Hooks = []dat.AnimHook{sound(SoundFootstep)}
	runA := humanAnim(AnimRunForward, cycle(8, run))
	runA.PartFrames[2].Hooks = []dat.AnimHook{sound(SoundRunStep)}
	runA.PartFrames[6].Hooks = []dat.AnimHook{sound(SoundRunStep)}
	dead := humanAnim(AnimDead, []pose{deadPose})
	turn := humanAnim(AnimTurnRight, cycle(4, func(ph float64) pose {
		p := restPose
		p.swing[PartLThigh], p.swing[PartRThigh] = 0.2*math.Sin(ph), -0.2*math.Sin(ph)
		return p
	}))
	side := humanAnim(AnimSideStepRight, cycle(4, func(ph float64) pose {
		p := restPose
		p.rootZ = 0.95 - float64(0.02*math.Abs(math.Sin(ph)))
		p.swing[PartLThigh], p.swing[PartRThigh] = 0.15*math.Sin(ph), 0.15*math.Sin(ph)
		return p
	}))
	readyToDead := humanAnim(AnimReadyToDead, blend(restPose, deadPose, 6))
	readyToDead.Flags = dat.AnimationPosFrames
	for range readyToDead.PartFrames {
		readyToDead.PosFrames = append(readyToDead.PosFrames, physics.Frame{Origin: physics.Vec3{Y: -0.05}, Orientation: physics.IdentityQuat})
	}
	readyToDead.PartFrames[3].Hooks = []dat.AnimHook{{Type: dat.HookCreateParticle, Direction: dat.HookBoth,
		ID: EmitterDust, Part: PartPelvis, Offset: physics.IdentityFrame, EmitterID: 1}}
	readyToDead.PartFrames[5].Hooks = []dat.AnimHook{sound(SoundThud)}
	return []*dat.Animation{
		ready, walkA, runA, dead, turn, side,
		humanAnim(AnimReadyToWalk, blend(restPose, walk(0), 3)),
		humanAnim(AnimWalkToReady, blend(walk(0), restPose, 3)),
		humanAnim(AnimWalkToRun, blend(walk(0), run(0), 3)),
		humanAnim(AnimRunToWalk, blend(run(0), walk(0), 3)),
		humanAnim(AnimRunToReady, blend(run(0), restPose, 4)),
		readyToDead,
	}
}

func sphere(x, y, z, r float32) dat.Sphere { return dat.Sphere{Origin: v3(x, y, z), Radius: r} }

func humanSetup() *dat.Setup {
	s := &dat.Setup{ID: HumanSetup, Flags: dat.SetupHasParent, DefaultMotionTable: HumanMotionTable,
		DefaultScriptTable: HumanScriptTable,
		PlacementFrames:    map[int32]dat.AnimFrame{dat.PlacementDefault: {Frames: restPose.frames()}},
		HoldingLocations: map[int32]dat.LocationType{
			1: {PartID: PartRForearm, Frame: physics.Frame{Origin: v3(0, 0, -0.3), Orientation: physics.IdentityQuat}},
			2: {PartID: PartLForearm, Frame: physics.Frame{Origin: v3(0, 0, -0.3), Orientation: physics.IdentityQuat}},
			3: {PartID: PartLForearm, Frame: physics.Frame{Origin: v3(-0.08, 0, -0.15), Orientation: physics.IdentityQuat}},
		},
		CylSpheres: []dat.CylSphere{{Origin: v3(0, 0, 0), Radius: 0.35, Height: 1.75}},
		Spheres:    []dat.Sphere{sphere(0, 0, 0.45, 0.45), sphere(0, 0, 1.3, 0.45)},
		Height:     1.75, Radius: 0.35, StepUpHeight: 0.4, StepDownHeight: 0.4,
		SortingSphere:   sphere(0, 0, 0.9, 1.0),
		SelectionSphere: sphere(0, 0, 0.9, 0.95),
	}
	for i := 0; i < NumHumanParts; i++ {
		s.Parts = append(s.Parts, humanGfx[i])
		s.ParentIndex = append(s.ParentIndex, humanParent[i])
	}
	return s
}

func anims(id uint32) []dat.AnimData {
	return []dat.AnimData{{AnimID: id, LowFrame: 0, HighFrame: -1, Framerate: 30}}
}

func humanMotionTable() *dat.MotionTable {
	k := func(m uint32) uint32 { return dat.MotionKey(NonCombat, m) }
	link := func(id uint32) *dat.MotionData { return &dat.MotionData{Anims: anims(id)} }
	return &dat.MotionTable{
		ID: HumanMotionTable, DefaultStyle: NonCombat,
		StyleDefaults: map[uint32]uint32{NonCombat: Ready},
		Cycles: map[uint32]*dat.MotionData{
			k(Ready):       {Anims: anims(AnimReady)},
			k(WalkForward): {Flags: dat.MotionHasVelocity, Anims: anims(AnimWalkForward), Velocity: v3(0, 3.12, 0)},
			k(RunForward):  {Flags: dat.MotionHasVelocity, Anims: anims(AnimRunForward), Velocity: v3(0, 4.0, 0)},
			k(Dead):        {Bitfield: dat.MotionClearModifiers, Anims: anims(AnimDead)},
		},
		Modifiers: map[uint32]*dat.MotionData{
			k(TurnRight):     {Flags: dat.MotionHasOmega, Anims: anims(AnimTurnRight), Omega: v3(0, 0, -math.Pi/2)},
			k(SideStepRight): {Flags: dat.MotionHasVelocity, Anims: anims(AnimSideStepRight), Velocity: v3(1.25, 0, 0)},
		},
		Links: map[uint32]map[uint32]*dat.MotionData{
			k(Ready):       {WalkForward: link(AnimReadyToWalk), Dead: link(AnimReadyToDead)},
			k(WalkForward): {Ready: link(AnimWalkToReady), RunForward: link(AnimWalkToRun)},
			k(RunForward):  {WalkForward: link(AnimRunToWalk), Ready: link(AnimRunToReady)},
		},
	}
}

func yawFrame(angle float64) physics.Frame {
	return physics.Frame{Orientation: physics.Heading(angle)}
}

func doorAnim(id uint32, from, to float64, n int, hooks ...dat.AnimHook) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: 1}
	for i := 0; i < n; i++ {
		t := 1.0
		if n > 1 {
			t = float64(i+1) / float64(n)
		}
		a.PartFrames = append(a.PartFrames, dat.AnimFrame{Frames: []physics.Frame{yawFrame(from + float64((to-from)*t))}})
	}
	if len(hooks) > 0 {
		a.PartFrames[0].Hooks = hooks
	}
	return a
}

func doorAnimations() []*dat.Animation {
	open := -math.Pi / 2
	creak := dat.AnimHook{Type: dat.HookSound, Direction: dat.HookBoth, ID: SoundDoorCreak}
	return []*dat.Animation{
		doorAnim(AnimDoorClosed, 0, 0, 1),
		doorAnim(AnimDoorOpen, open, open, 1),
		doorAnim(AnimDoorOpening, 0, open, 5, creak),
		doorAnim(AnimDoorClosing, open, 0, 5, creak),
	}
}

func doorSetup() *dat.Setup {
	return &dat.Setup{ID: DoorSetup, Parts: []uint32{DoorGfxObj}, DefaultMotionTable: DoorMotionTable,
		PlacementFrames: map[int32]dat.AnimFrame{dat.PlacementDefault: {Frames: []physics.Frame{physics.IdentityFrame}}},
		CylSpheres:      []dat.CylSphere{{Origin: v3(0.65, 0, 0), Radius: 0.65, Height: 2.1}},
		Height:          2.1, Radius: 0.65,
		SortingSphere: sphere(0.65, 0, 1.05, 1.3), SelectionSphere: sphere(0.65, 0, 1.05, 1.3),
	}
}

func doorMotionTable() *dat.MotionTable {
	k := func(m uint32) uint32 { return dat.MotionKey(NonCombat, m) }
	return &dat.MotionTable{
		ID: DoorMotionTable, DefaultStyle: NonCombat,
		StyleDefaults: map[uint32]uint32{NonCombat: Off},
		Cycles: map[uint32]*dat.MotionData{
			k(On):  {Anims: anims(AnimDoorOpen)},
			k(Off): {Anims: anims(AnimDoorClosed)},
		},
		Links: map[uint32]map[uint32]*dat.MotionData{
			k(Off): {On: {Anims: anims(AnimDoorOpening)}},
			k(On):  {Off: {Anims: anims(AnimDoorClosing)}},
		},
	}
}

// The windmill: a tower and blades turning about the y axis at its top.
var bladesAt = v3(0, -1.7, 9)

func windmillSetup() *dat.Setup {
	return &dat.Setup{ID: WindmillSetup, Flags: dat.SetupHasParent,
		Parts: []uint32{WindmillTowerGfx, WindmillBladesGfx}, ParentIndex: []uint32{0xFFFFFFFF, 0},
		PlacementFrames: map[int32]dat.AnimFrame{dat.PlacementDefault: {Frames: []physics.Frame{
			physics.IdentityFrame, {Origin: bladesAt, Orientation: physics.IdentityQuat}}}},
		CylSpheres: []dat.CylSphere{{Radius: 1.8, Height: 12}},
		Height:     12, Radius: 1.8,
		SortingSphere: sphere(0, 0, 6, 8), SelectionSphere: sphere(0, 0, 6, 8),
		Lights:           map[int32]dat.LightInfo{0: {Frame: physics.Frame{Origin: v3(0, -1.6, 3), Orientation: physics.IdentityQuat}, Color: 0xFFFFC060, Intensity: 1, Falloff: 8, ConeAngle: 0}},
		DefaultAnimation: AnimWindmill, DefaultScript: ScriptWindmill,
	}
}

func windmillAnimation() *dat.Animation {
	a := &dat.Animation{ID: AnimWindmill, NumParts: 2}
	for i := 0; i < 8; i++ {
		rot := axis(0, 2*math.Pi*float64(i)/8, 0)
		a.PartFrames = append(a.PartFrames, dat.AnimFrame{Frames: []physics.Frame{
			physics.IdentityFrame, {Origin: bladesAt, Orientation: rot}}})
	}
	return a
}

func scripts() []*dat.PhysicsScript {
	particle := func(emitter uint32, z float32, eid uint32) dat.AnimHook {
		return dat.AnimHook{Type: dat.HookCreateParticle, Direction: dat.HookBoth, ID: emitter, Part: 0,
			Offset: physics.Frame{Origin: v3(0, 0, z), Orientation: physics.IdentityQuat}, EmitterID: eid}
	}
	return []*dat.PhysicsScript{
		{ID: ScriptSparkle, Entries: []dat.ScriptEntry{
			{StartTime: 0, Hook: particle(EmitterSparkle, 1, 1)},
			{StartTime: 0.5, Hook: particle(EmitterSpellMote, 0, 2)},
			{StartTime: 2, Hook: dat.AnimHook{Type: dat.HookStopParticle, EmitterID: 1}},
			{StartTime: 2, Hook: dat.AnimHook{Type: dat.HookStopParticle, EmitterID: 2}},
		}},
		{ID: ScriptHide, Entries: []dat.ScriptEntry{
			{StartTime: 0, Hook: dat.AnimHook{Type: dat.HookTransparent, Start: 0, End: 1, Time: 1}},
			{StartTime: 1, Hook: dat.AnimHook{Type: dat.HookNoDraw, On: true}},
		}},
		{ID: ScriptWindmill, Entries: []dat.ScriptEntry{
			{StartTime: 0, Hook: particle(EmitterSmoke, 14, 1)},
		}},
		{ID: ScriptUnhide, Entries: []dat.ScriptEntry{
			{StartTime: 0, Hook: dat.AnimHook{Type: dat.HookNoDraw, On: false}},
			{StartTime: 0, Hook: dat.AnimHook{Type: dat.HookTransparent, Start: 1, End: 0, Time: 1}},
		}},
	}
}

func scriptTable() *dat.PhysicsScriptTable {
	return &dat.PhysicsScriptTable{ID: HumanScriptTable, Scripts: map[uint32][]dat.ScriptAndMod{
		ScriptTypeSparkle: {{Mod: 0, ScriptID: ScriptSparkle}},
		ScriptTypeHide:    {{Mod: 0, ScriptID: ScriptHide}},
		ScriptTypeUnhide:  {{Mod: 0, ScriptID: ScriptUnhide}},
	}}
}
