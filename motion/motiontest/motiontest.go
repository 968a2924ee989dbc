// Package motiontest holds the test scaffolding that the animation
// machine's tests (package motion) and the MoveToManager's (package
// managers) share: the test humanoid's animation world and the journal
// comparison against testdata/journal. It imports only dat, physics and
// motioncmd, so package motion's own tests can use it.
package motiontest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
)

// Update rewrites the journals instead of comparing them (go test -update).
var Update = flag.Bool("update", false, "rewrite the journals in testdata/journal")

// Animation ids of the test humanoid.
const (
	AnimReady      = 0x03000001
	AnimWalk       = 0x03000002
	AnimRun        = 0x03000003
	AnimDead       = 0x03000004
	AnimReadyWalk  = 0x03000010
	AnimWalkRun    = 0x03000011
	AnimRunWalk    = 0x03000012
	AnimWalkReady  = 0x03000013
	AnimRunReady   = 0x03000014
	AnimReadyDead  = 0x03000015
	AnimWalkToRdy2 = 0x03000016
	AnimAttack     = 0x03000017
	AnimRecall     = 0x03000018
	AnimSidestep   = 0x03000019
)

// Parts is the test humanoid's part count.
const Parts = 5

// The test humanoid's root motions.
var (
	WalkVel      = physics.Vec3{Y: 3.12}
	RunVel       = physics.Vec3{Y: 4.0}
	ReadyWalkVel = physics.Vec3{Y: 1.0}
	WalkRunVel   = physics.Vec3{Y: 3.5}
	SidestepVel  = physics.Vec3{X: 1.25}
	TurnOmega    = physics.Vec3{Z: -1.5}
)

// Anim builds an animation of n frames whose part p in frame f sits at
// (f, p, 0), with hooks added by the caller.
func Anim(id uint32, frames, parts int) *dat.Animation {
	a := &dat.Animation{ID: id, NumParts: uint32(parts), PartFrames: make([]dat.AnimFrame, frames)}
	for f := range a.PartFrames {
		a.PartFrames[f].Frames = make([]physics.Frame, parts)
		for p := range a.PartFrames[f].Frames {
			a.PartFrames[f].Frames[p] = physics.Frame{Origin: physics.Vec3{X: float32(f), Y: float32(p)}, Orientation: physics.IdentityQuat}
		}
	}
	return a
}

// MotionData is a motion with root velocity vel and omega playing anims
// whole at 30 frames a second.
func MotionData(vel, omega physics.Vec3, anims ...uint32) *dat.MotionData {
	m := &dat.MotionData{Velocity: vel, Omega: omega}
	for _, a := range anims {
		m.Anims = append(m.Anims, dat.AnimData{AnimID: a, LowFrame: 0, HighFrame: -1, Framerate: 30})
	}
	return m
}

// World is the humanoid: NonCombat with Ready, Walk, Run, Dead cycles,
// sidestep and turn modifiers, links ready↔walk, walk↔run, run→ready,
// ready→dead, and an AttackHigh1 action from Ready. The animations are
// keyed by id (a motion.AnimationMap).
func World() (map[uint32]*dat.Animation, *dat.MotionTable, *dat.Setup) {
	anims := map[uint32]*dat.Animation{
		AnimReady: Anim(AnimReady, 10, Parts), AnimWalk: Anim(AnimWalk, 30, Parts),
		AnimRun: Anim(AnimRun, 20, Parts), AnimDead: Anim(AnimDead, 4, Parts),
		AnimReadyWalk: Anim(AnimReadyWalk, 5, Parts), AnimWalkRun: Anim(AnimWalkRun, 6, Parts),
		AnimRunWalk: Anim(AnimRunWalk, 6, Parts), AnimWalkReady: Anim(AnimWalkReady, 5, Parts),
		AnimRunReady: Anim(AnimRunReady, 8, Parts), AnimReadyDead: Anim(AnimReadyDead, 12, Parts),
		AnimAttack: Anim(AnimAttack, 9, Parts), AnimSidestep: Anim(AnimSidestep, 10, Parts),
	}
	nc := uint32(motioncmd.NonCombat)
	k := dat.MotionKey
	md := MotionData
	mt := &dat.MotionTable{
		ID:            0x09000001,
		DefaultStyle:  nc,
		StyleDefaults: map[uint32]uint32{nc: motioncmd.Ready},
		Cycles: map[uint32]*dat.MotionData{
			k(nc, motioncmd.Ready):       md(physics.Vec3{}, physics.Vec3{}, AnimReady),
			k(nc, motioncmd.WalkForward): md(WalkVel, physics.Vec3{}, AnimWalk),
			k(nc, motioncmd.RunForward):  md(RunVel, physics.Vec3{}, AnimRun),
			k(nc, motioncmd.Dead):        md(physics.Vec3{}, physics.Vec3{}, AnimDead),
		},
		Modifiers: map[uint32]*dat.MotionData{
			k(nc, motioncmd.SideStepRight): md(SidestepVel, physics.Vec3{}, AnimSidestep),
			k(nc, motioncmd.TurnRight):     md(physics.Vec3{}, TurnOmega),
		},
		Links: map[uint32]map[uint32]*dat.MotionData{
			k(nc, motioncmd.Ready): {
				motioncmd.WalkForward: md(ReadyWalkVel, physics.Vec3{}, AnimReadyWalk),
				motioncmd.Dead:        md(physics.Vec3{}, physics.Vec3{}, AnimReadyDead),
				motioncmd.AttackHigh1: md(physics.Vec3{}, physics.Vec3{}, AnimAttack),
			},
			k(nc, motioncmd.WalkForward): {
				motioncmd.RunForward: md(WalkRunVel, physics.Vec3{}, AnimWalkRun),
				motioncmd.Ready:      md(physics.Vec3{}, physics.Vec3{}, AnimWalkReady),
			},
			k(nc, motioncmd.RunForward): {
				motioncmd.WalkForward: md(WalkRunVel, physics.Vec3{}, AnimRunWalk),
				motioncmd.Ready:       md(physics.Vec3{}, physics.Vec3{}, AnimRunReady),
			},
		},
	}
	setup := &dat.Setup{ID: 0x02000001, Parts: make([]uint32, Parts),
		PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: RestFrames(Parts)}}}
	return anims, mt, setup
}

// RestFrames is a rest pose whose part p sits at (-1, -p, 7).
func RestFrames(n int) []physics.Frame {
	f := make([]physics.Frame, n)
	for p := range f {
		f[p] = physics.Frame{Origin: physics.Vec3{X: -1, Y: -float32(p), Z: 7}, Orientation: physics.IdentityQuat}
	}
	return f
}

// G formats a number as the journals do (five significant digits).
func G(f float64) string { return fmt.Sprintf("%.5g", f) }

// V3 formats a vector as the journals do.
func V3(v physics.Vec3) string {
	return "(" + G(float64(v.X)) + "," + G(float64(v.Y)) + "," + G(float64(v.Z)) + ")"
}

// Cmd names a motion command, "-" for none.
func Cmd(c uint32) string {
	if c == 0 {
		return "-"
	}
	return motioncmd.Name(c)
}

// CheckJournal compares got with testdata/journal/name.txt of the package
// under test, failing at the first line that differs; with -update it
// writes the file instead (review the diff).
func CheckJournal(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "journal", name+".txt")
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run Journal -update writes it)", err)
	}
	g, w := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Fatalf("%s differs at line %d:\n got  %s\n want %s", path, i+1, gl, wl)
		}
	}
}
