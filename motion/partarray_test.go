package motion

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// expectVisual is DefaultScale·rotation·translation(origin)·ObjScale applied
// to a point, written out with frame math rather than matrices.
func expectVisual(f physics.Frame, ds, os, p physics.Vec3) physics.Vec3 {
	return f.Origin.Add(f.Orientation.Rotate(p.Mul(ds))).Mul(os)
}

// expectRigid is rotation·translation(origin·ObjScale) applied to a point.
func expectRigid(f physics.Frame, os, p physics.Vec3) physics.Vec3 {
	return f.Origin.Mul(os).Add(f.Orientation.Rotate(p))
}

func TestShortFramesKeepTrailingPartPoses(t *testing.T) {
	const parts = 5
	full := testAnim(0x03000200, 2, parts)
	short := testAnim(0x03000201, 2, 3) // authored prefix: parts 0–2 only
	for _, a := range []*dat.Animation{full, short} {
		for f := range a.PartFrames {
			for p := range a.PartFrames[f].Frames {
				a.PartFrames[f].Frames[p].Orientation = physics.Heading(math.Pi / 2)
				a.PartFrames[f].Frames[p].Origin.Z = float32(a.ID & 0xF)
			}
		}
	}
	ds := physics.Vec3{X: 2, Y: 1, Z: 1}
	setup := &dat.Setup{Parts: make([]uint32, parts), DefaultScale: []physics.Vec3{ds, ds, ds, ds, ds},
		PlacementFrames: map[int32]dat.AnimFrame{0: {Frames: restFrames(parts)}}}
	objScale := physics.Vec3{X: 1, Y: 1, Z: 3}
	probe := physics.Vec3{X: 1, Y: 1, Z: 1}

	check := func(pa *PartArray, part int, want physics.Frame, what string) {
		t.Helper()
		if pa.Poses.Frames[part] != want {
			t.Fatalf("%s: part %d frame %+v, want %+v", what, part, pa.Poses.Frames[part], want)
		}
		if got, exp := pa.Poses.Visual[part].Apply(probe), expectVisual(want, ds, objScale, probe); !vnear(got, exp) {
			t.Fatalf("%s: part %d visual %v, want %v", what, part, got, exp)
		}
		if got, exp := pa.Poses.Rigid[part].Apply(probe), expectRigid(want, objScale, probe); !vnear(got, exp) {
			t.Fatalf("%s: part %d rigid %v, want %v", what, part, got, exp)
		}
	}

	// First presentation of a short frame: trailing parts take the rest pose.
	pa := NewPartArray(setup, nil, AnimationMap{short.ID: short, full.ID: full})
	pa.Scale = objScale
	pa.Sequence.AppendAnimation(dat.AnimData{AnimID: short.ID, HighFrame: -1, Framerate: 30})
	pa.UpdateParts()
	for p := 0; p < 3; p++ {
		check(pa, p, short.PartFrames[0].Frames[p], "first short frame")
	}
	for p := 3; p < parts; p++ {
		check(pa, p, restFrames(parts)[p], "first short frame (rest pose)")
	}

	// After a full frame, a short frame leaves parts 3–4 at the previous pose.
	pb := NewPartArray(setup, nil, AnimationMap{short.ID: short, full.ID: full})
	pb.Scale = objScale
	pb.Sequence.AppendAnimation(dat.AnimData{AnimID: full.ID, HighFrame: -1, Framerate: 30})
	pb.UpdateParts()
	prev := full.PartFrames[0].Frames
	pb.Sequence.ClearAnimations()
	pb.Sequence.AppendAnimation(dat.AnimData{AnimID: short.ID, LowFrame: 1, HighFrame: -1, Framerate: 30})
	pb.UpdateParts()
	for p := 0; p < 3; p++ {
		check(pb, p, short.PartFrames[1].Frames[p], "short after full")
	}
	for p := 3; p < parts; p++ {
		check(pb, p, prev[p], "short after full (previous pose)")
	}
}

func TestPartPoseChannels(t *testing.T) {
	f := physics.Frame{Origin: physics.Vec3{X: 1, Y: 2, Z: 3}, Orientation: physics.Heading(0.4)}
	ds, os := physics.Vec3{X: 2, Y: 3, Z: 4}, physics.Vec3{X: 0.5, Y: 0.5, Z: 2}
	v, r := PartPose(f, ds, os)
	p := physics.Vec3{X: -1, Y: 0.5, Z: 2}
	if !vnear(v.Apply(p), expectVisual(f, ds, os, p)) || !vnear(r.Apply(p), expectRigid(f, os, p)) {
		t.Fatalf("channels disagree with the seed formulas")
	}
}

// partPoseMatrices is PartPose as the four matrix products it stands for.
func partPoseMatrices(f physics.Frame, defaultScale, objScale physics.Vec3) (visual, rigid physics.Mat4) {
	rot := physics.RotateMat4(f.Orientation)
	visual = physics.ScaleMat4(defaultScale).Mul(rot).Mul(physics.TranslateMat4(f.Origin)).Mul(physics.ScaleMat4(objScale))
	rigid = rot.Mul(physics.TranslateMat4(f.Origin.Mul(objScale)))
	return visual, rigid
}

// TestPartPoseClosedFormMatchesMatrices compares the closed-form part pose
// with the matrix products over many frames, scales and orientations:
// every entry equal.
func TestPartPoseClosedFormMatchesMatrices(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// rng.Float32() is itself a product (u·2⁻²⁴) and ×2 compiles to an
	// add: it is rounded too, or the two fuse.
	r := func(lo, hi float32) float32 { return lo + float32(float32(rng.Float32())*(hi-lo)) }
	for i := 0; i < 20000; i++ {
		q := physics.Quat{W: r(-1, 1), X: r(-1, 1), Y: r(-1, 1), Z: r(-1, 1)}.Normalize()
		f := physics.Frame{Origin: physics.Vec3{X: r(-50, 50), Y: r(-50, 50), Z: r(-50, 50)}, Orientation: q}
		d := physics.Vec3{X: r(0.1, 3), Y: r(0.1, 3), Z: r(0.1, 3)}
		s := physics.Vec3{X: r(0.1, 3), Y: r(0.1, 3), Z: r(0.1, 3)}
		if i%4 == 0 {
			d, s = physics.Vec3{X: 1, Y: 1, Z: 1}, physics.Vec3{X: 1, Y: 1, Z: 1}
		}
		v1, r1 := PartPose(f, d, s)
		v2, r2 := partPoseMatrices(f, d, s)
		if v1 != v2 || r1 != r2 {
			t.Fatalf("frame %+v scales %v %v:\nclosed  %v %v\nmatrix  %v %v", f, d, s, v1, r1, v2, r2)
		}
	}
}

// TestUpdatePartsSkipsAnUnchangedSample: sampling the same AnimFrame at the
// same scale rebuilds nothing; a new frame or a new scale rebuilds.
func TestUpdatePartsSkipsAnUnchangedSample(t *testing.T) {
	o := newTestObject()
	pa := o.Parts
	pa.UpdateParts()
	pa.Poses.Changed = false
	if pa.UpdateParts() || pa.Poses.Changed {
		t.Fatal("the same sample rebuilt the poses")
	}
	pa.Scale = physics.Vec3{X: 2, Y: 2, Z: 2}
	if !pa.UpdateParts() || !pa.Poses.Changed {
		t.Fatal("a new scale must rebuild")
	}
	before := pa.Sequence.GetCurrAnimFrame()
	o.Interp().MoveToInterpretedState(ims(WalkForward, 1))
	for i := 0; i < 10 && pa.Sequence.GetCurrAnimFrame() == before; i++ {
		tick(o, 0.05)
	}
	if pa.Sequence.GetCurrAnimFrame() == before {
		t.Fatal("setup: walking never changed the sampled frame")
	}
	if !pa.UpdateParts() {
		t.Fatal("a new frame must rebuild")
	}
}
