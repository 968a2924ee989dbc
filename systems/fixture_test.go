package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

const (
	tAnimReady = 0x03000001
	tAnimWalk  = 0x03000002
	tAnimLink  = 0x03000003
)

func tAnim(id uint32, frames int, hooks map[int][]dat.AnimHook) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: 2, PartFrames: make([]dat.AnimFrame, frames)}
	for f := range a.PartFrames {
		a.PartFrames[f].Frames = []physics.Frame{physics.IdentityFrame, physics.IdentityFrame}
		a.PartFrames[f].Hooks = hooks[f]
	}
	return a
}

// humanoid returns a 2-part setup with Ready and Walk cycles and a 3-frame
// ready→walk link whose frame 1 carries the given hooks.
func humanoid(linkHooks []dat.AnimHook) (*dat.Setup, *dat.MotionTable, motion.AnimationMap) {
	anims := motion.AnimationMap{
		tAnimReady: tAnim(tAnimReady, 4, nil),
		tAnimWalk:  tAnim(tAnimWalk, 10, nil),
		tAnimLink:  tAnim(tAnimLink, 3, map[int][]dat.AnimHook{1: linkHooks}),
	}
	nc := uint32(motion.NonCombat)
	data := func(vel physics.Vec3, id uint32) *dat.MotionData {
		return &dat.MotionData{Velocity: vel, Anims: []dat.AnimData{{AnimID: id, HighFrame: -1, Framerate: 30}}}
	}
	mt := &dat.MotionTable{
		DefaultStyle: nc, StyleDefaults: map[uint32]uint32{nc: motion.Ready},
		Cycles: map[uint32]*dat.MotionData{
			dat.MotionKey(nc, motion.Ready):       data(physics.Vec3{}, tAnimReady),
			dat.MotionKey(nc, motion.WalkForward): data(physics.Vec3{Y: 3.12}, tAnimWalk),
		},
		Links: map[uint32]map[uint32]*dat.MotionData{
			dat.MotionKey(nc, motion.Ready): {motion.WalkForward: data(physics.Vec3{Y: 1}, tAnimLink)},
		},
	}
	setup := &dat.Setup{Parts: []uint32{1, 2}, PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: []physics.Frame{physics.IdentityFrame, physics.IdentityFrame}}}}
	return setup, mt, anims
}

// spawnCreature adds a creature carrying every manager, including detection.
func spawnCreature(t testing.TB, w *World, guid uint32, hooks []dat.AnimHook) *components.View {
	t.Helper()
	setup, mt, anims := humanoid(hooks)
	return spawnShared(t, w, guid, setup, mt, anims)
}

// spawnShared adds such a creature over given DAT objects.
func spawnShared(t testing.TB, w *World, guid uint32, setup *dat.Setup, mt *dat.MotionTable, anims motion.AnimationMap) *components.View {
	t.Helper()
	d, _ := archetypes.FromTemplate("creature")
	d.GUID, d.Cell = guid, 0x01010001
	d.Setup, d.MotionTable, d.Anims = setup, mt, anims
	d.Managers |= archetypes.WithDetection
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// stages returns the stage names traced for guid, in order.
func stages(r *Recorder, guid uint32, schedule string) []string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == KindStage && e.Obj == guid && e.Schedule == schedule {
			out = append(out, e.Stage)
		}
	}
	return out
}

func count(list []string, name string) int {
	n := 0
	for _, s := range list {
		if s == name {
			n++
		}
	}
	return n
}

// spawnStatic adds a static animating object with a default animation.
func spawnStatic(t testing.TB, w *World, guid uint32) *components.View {
	t.Helper()
	setup, _, anims := humanoid(nil)
	setup.DefaultAnimation = tAnimWalk
	d, _ := archetypes.FromTemplate("static")
	d.GUID, d.Cell = guid, 0x01010001
	d.Setup, d.Anims = setup, anims
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
