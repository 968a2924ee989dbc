package systems

import (
	"testing"

	"github.com/dereth/dereth/archetypes"
	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
)

// mover spawns a player-like object gliding at velocity v (no gravity).
func mover(t *testing.T, w *World, cell uint32, at, v physics.Vec3) *components.View {
	t.Helper()
	d, _ := archetypes.FromTemplate("player")
	d.GUID, d.Cell = 0x50000001, cell
	d.State = 0
	d.Frame = physics.Frame{Origin: at, Orientation: physics.IdentityQuat}
	d.Velocity = v
	o, err := w.Spawn(d)
	if err != nil {
		t.Fatal(err)
	}
	w.PlayerGUID = o.Phys.GUID
	return o
}

func roundTrip[M protocol.Message](t *testing.T, m M) M {
	t.Helper()
	got, err := protocol.Decode(m.Encode(nil))
	if err != nil {
		t.Fatalf("%s: %v", m.Name(), err)
	}
	return got.(M)
}

func TestOutboundPositionCrossesTheLandblockSeam(t *testing.T) {
	w := NewWorld()
	o := mover(t, w, 0xA9B40039, physics.Vec3{X: 190, Y: 10, Z: 5}, physics.Vec3{X: 4})
	for range 10 { // 1 s at 4 u/s: x 190 → 194, across x = 192
		w.Step(0.1)
	}
	var ob Outbound
	m := roundTrip(t, ob.MoveToState(o))
	if m.Position.Cell != 0xAAB40001 {
		t.Fatalf("cell = 0x%08X, want 0xAAB40001 (the next landblock east, first cell)", m.Position.Cell)
	}
	if x := m.Position.Frame.Origin.X; x < 1.9 || x > 2.1 {
		t.Fatalf("origin x = %v, want about 2 in the new landblock", x)
	}
	if m.Position != (protocol.Position{Cell: o.Phys.Position.Cell, Frame: o.Phys.Position.Frame}) {
		t.Fatal("MoveToState must serialise exactly the committed Position")
	}
	ap := roundTrip(t, ob.AutonomousPosition(o))
	if ap.Position != m.Position || ap.Sequence != m.Sequence+1 {
		t.Fatalf("AutonomousPosition %+v, want the same Position, next sequence", ap)
	}
}

func TestOutboundPositionKeepsTheEnvCellIndoors(t *testing.T) {
	w := NewWorld()
	o := mover(t, w, 0xA9B40100, physics.Vec3{X: 5, Y: 5, Z: 0}, physics.Vec3{Y: 2})
	for range 5 {
		w.Step(0.1)
	}
	var ob Outbound
	ap := roundTrip(t, ob.AutonomousPosition(o))
	if ap.Position.Cell != 0xA9B40100 {
		t.Fatalf("cell = 0x%08X, want the EnvCell 0xA9B40100", ap.Position.Cell)
	}
	if y := ap.Position.Frame.Origin.Y; y < 5.9 || y > 6.1 {
		t.Fatalf("origin y = %v, want the EnvCell-relative frame moved to about 6", y)
	}
}

func TestOutboundMoveToStateCarriesRawMotion(t *testing.T) {
	w, _ := sampleWorld(t)
	viaBytes(t, w, human(0x50000001, motion.Ready))
	o := w.Object(0x50000001)
	o.Phys.Autonomous = true
	w.PlayerGUID = o.Phys.GUID
	in := w.Interp(o)
	in.SetHoldRun(true, true)
	p := motion.DefaultParams()
	in.PerformMovement(motion.MovementRawCommand, motion.WalkForward, &p)
	var ob Outbound
	m := roundTrip(t, ob.MoveToState(o))
	if m.Raw.ForwardCommand != 0x45000005 || m.Raw.CurrentHoldKey != protocol.HoldKeyRun {
		t.Fatalf("raw state = %+v, want WalkForward with the run key held", m.Raw)
	}
	if m.Raw.Flags&protocol.RawForwardCommand == 0 || m.Raw.Flags&protocol.RawCurrentHoldKey == 0 {
		t.Fatalf("flags 0x%X must mark the non-default fields", m.Raw.Flags)
	}
}
