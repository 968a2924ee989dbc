package systems

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// gate is a Residency whose barrier the test opens.
type gate struct {
	ready   bool
	focus   []physics.Position
	hard    []bool
	missing uint32 // a cell the data lacks
}

func (g *gate) FrameBoundary(focus physics.Position, hard bool) {
	g.focus = append(g.focus, focus)
	g.hard = append(g.hard, hard)
}
func (g *gate) WorldRevealReady(dest physics.Position) bool { return g.ready || dest.Cell == g.missing }
func (g *gate) Hydratable(cell uint32) bool                 { return cell != g.missing }
func (g *gate) DrawRadius() int                             { return 1 }

func travelSteps(r *Recorder) string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == KindTravel {
			out = append(out, e.Stage)
		}
	}
	return strings.Join(out, ",")
}

var destB = physics.Position{Cell: 0x02020011, Frame: physics.Frame{Origin: physics.Vec3{X: 10, Y: 20, Z: 0}, Orientation: physics.IdentityQuat}}

// 0xF751 begins portal space; the UpdatePosition carrying the teleport
// stamp it recorded is the destination; the player waits cell-less until
// the barrier opens, is committed by SetPositionSimple at a frame
// boundary and revealed after its first quantum there.
func TestPlayerTeleportWaitsOnBarrier(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	g := &gate{}
	w.Stream = g
	o := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = o.Phys.GUID
	w.Step(1.0 / 30)
	if err := w.SmartBox.Apply(&protocol.PlayerTeleport{TeleportSequence: 1}); err != nil {
		t.Fatal(err)
	}
	if w.SmartBox.TravelState() != "awaiting" || !w.SmartBox.InPortalSpace() {
		t.Fatalf("after 0xF751: %q", w.SmartBox.TravelState())
	}
	up := &protocol.UpdatePosition{Guid: o.Phys.GUID, Position: protocol.Position{Cell: destB.Cell, Frame: destB.Frame},
		PositionSequence: 1, TeleportSequence: 1}
	if err := w.SmartBox.Apply(up); err != nil {
		t.Fatal(err)
	}
	p := w.Object(o.Phys.GUID).Phys
	if w.SmartBox.TravelState() != "loading" || p.Position.Cell != 0 {
		t.Fatalf("destination not accepted: %q cell 0x%08X", w.SmartBox.TravelState(), p.Position.Cell)
	}
	for range 10 {
		w.Step(1.0 / 30)
	}
	if w.SmartBox.TravelState() != "loading" || g.focus[1] != destB || !g.hard[1] || g.hard[2] {
		t.Fatalf("barrier closed: state %q, focus %v hard %v", w.SmartBox.TravelState(), g.focus[1], g.hard[:3])
	}
	g.ready = true
	w.Step(1.0 / 30)
	if p.Position != destB || w.SmartBox.TravelState() != "committed" {
		t.Fatalf("commit: %q at %+v", w.SmartBox.TravelState(), p.Position)
	}
	for range 3 {
		w.Step(1.0 / 30)
	}
	if w.SmartBox.InPortalSpace() {
		t.Fatal("never revealed")
	}
	if got := travelSteps(rec); got != "begin,destination,barrier_open,spatial_commit,reveal" {
		t.Fatalf("travel steps %s", got)
	}
}

// Without streaming every destination is resident: the commit and the
// reveal are immediate.
func TestTeleportWithoutStreaming(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	o := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = o.Phys.GUID
	if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
		t.Fatal(err)
	}
	if w.Object(o.Phys.GUID).Phys.Position != destB || w.SmartBox.InPortalSpace() {
		t.Fatal("not placed at once")
	}
	if got := travelSteps(rec); got != "begin,destination,spatial_commit,reveal" {
		t.Fatalf("travel steps %s", got)
	}
	// Another object is placed with SetPositionSimple, no travel.
	c := spawnCreature(t, w, 0x50000002, nil)
	if err := w.SmartBox.Teleport(c.Phys.GUID, destB); err != nil || w.Object(c.Phys.GUID).Phys.Position != destB {
		t.Fatal(err)
	}
	if err := w.SmartBox.Teleport(0x1234, destB); err == nil {
		t.Fatal("teleport of an unknown object accepted")
	}
}

// Seed 003 §1 across a teleport: a hidden player mid-link lands on the
// cyclic tail (HandleEnterWorld in SetPositionSimple) and samples that
// pose without advancing time after the commit.
func TestHiddenPoseAcrossTeleport(t *testing.T) {
	w := NewWorld()
	g := &gate{}
	w.Stream = g
	o := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = o.Phys.GUID
	p := motion.DefaultParams()
	w.Interp(o).DoMotion(motion.WalkForward, &p)
	w.Step(1.0 / 30)
	seq := &w.Object(o.Phys.GUID).Parts.Sequence
	if seq.CurrAnim() == seq.FirstCyclic() {
		t.Fatal("setup: the link should be playing")
	}
	w.Object(o.Phys.GUID).Phys.State |= physics.StateHidden
	if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
		t.Fatal(err)
	}
	g.ready = true
	w.Step(1.0 / 30)
	if seq.CurrAnim() != seq.FirstCyclic() || seq.FrameNumber != seq.FirstCyclic().StartingFrame() {
		t.Fatalf("not on the cyclic tail's start: frame %v", seq.FrameNumber)
	}
	for range 5 {
		w.Step(1.0 / 30)
	}
	if seq.FrameNumber != seq.FirstCyclic().StartingFrame() {
		t.Fatalf("Hidden advanced time after the teleport: frame %v", seq.FrameNumber)
	}
}

// An unhydratable destination opens the barrier at once and the
// placement is reported.
func TestUnhydratableDestinationIsLoud(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	w.Stream = &gate{missing: destB.Cell}
	o := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = o.Phys.GUID
	if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
		t.Fatal(err)
	}
	w.Step(1.0 / 30)
	if w.SmartBox.TravelErr == nil || !strings.Contains(w.SmartBox.TravelErr.Error(), "0x02020011") {
		t.Fatalf("no placement error: %v", w.SmartBox.TravelErr)
	}
	if !strings.Contains(travelSteps(rec), "unhydratable,spatial_commit") {
		t.Fatal(travelSteps(rec))
	}
}

// A teleport-sequence UpdatePosition without a PlayerTeleport before it
// is a teleport too; one for another object, or a plain forced position,
// snaps as before.
func TestTeleportSequenceUpdatePosition(t *testing.T) {
	w := NewWorld()
	rec := &Recorder{}
	w.Trace = rec
	g := &gate{}
	w.Stream = g
	o := spawnCreature(t, w, 0x50000001, nil)
	c := spawnCreature(t, w, 0x50000002, nil)
	w.PlayerGUID = o.Phys.GUID
	up := func(guid uint32, seq, tele, force uint16) {
		t.Helper()
		if err := w.SmartBox.Apply(&protocol.UpdatePosition{Guid: guid, Position: protocol.Position{Cell: destB.Cell, Frame: destB.Frame},
			PositionSequence: seq, TeleportSequence: tele, ForcePositionSequence: force}); err != nil {
			t.Fatal(err)
		}
	}
	up(c.Phys.GUID, 1, 1, 0)
	if w.SmartBox.InPortalSpace() || w.Object(c.Phys.GUID).Phys.Position != destB {
		t.Fatal("another object's teleport stamp must snap it, not start travel")
	}
	up(o.Phys.GUID, 1, 0, 1) // forced, same teleport stamp: a snap
	if w.SmartBox.InPortalSpace() || w.Object(o.Phys.GUID).Phys.Position != destB {
		t.Fatal("a forced position is not a teleport")
	}
	up(o.Phys.GUID, 2, 1, 1)
	if w.SmartBox.TravelState() != "loading" || w.Object(o.Phys.GUID).Phys.Position.Cell != 0 {
		t.Fatalf("teleport stamp: %q", w.SmartBox.TravelState())
	}
	if got := travelSteps(rec); got != "begin,destination" {
		t.Fatalf("travel steps %s", got)
	}
}
