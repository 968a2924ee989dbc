package control

import (
	"testing"

	"github.com/dereth/dereth/internal/testworld"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

func testWorld(t *testing.T) *systems.World {
	t.Helper()
	s, err := testworld.Open()
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestControllerRawMotionPath(t *testing.T) {
	w := testWorld(t)
	pl := w.Object(testworld.Player)
	var c Controller
	step := func(k Keys) {
		c.Update(w, k)
		w.Step(1.0 / 60)
	}
	for i := 0; i < 90; i++ {
		step(Keys{}) // standing still sends nothing
	}
	if c.Log.Total != 0 {
		t.Fatalf("standing still sent %v", c.Log.Recent())
	}
	step(Keys{Forward: true})
	in := pl.Movement.Interp
	if in.Raw.ForwardCommand != motion.WalkForward || in.Interpreted.ForwardCommand != motion.WalkForward {
		t.Fatalf("raw %s interpreted %s after W", motioncmd.Name(in.Raw.ForwardCommand), motioncmd.Name(in.Interpreted.ForwardCommand))
	}
	if c.Log.Total != 1 {
		t.Fatalf("%d outbound messages after one key change", c.Log.Total)
	}
	m := c.Log.Recent()[0]
	if m.Name != "MoveToState" || m.Opcode != uint32(protocol.OpGameAction) || m.Action != protocol.ActionMoveToState || len(m.Bytes) == 0 {
		t.Fatalf("outbound %+v", m)
	}
	// The encoded bytes decode back to the raw state.
	var back protocol.MoveToState
	if _, err := protocol.DecodeMoveToState(m.Bytes, &back); err != nil {
		t.Fatalf("decode: %v", err)
	}
	if back.Raw.ForwardCommand != motion.WalkForward || back.Position.Cell != pl.Phys.Position.Cell {
		t.Errorf("decoded %+v", back)
	}
	step(Keys{Forward: true}) // no change, no message
	if c.Log.Total != 1 {
		t.Fatalf("a held key sent %d messages", c.Log.Total)
	}
	step(Keys{Forward: true, Run: true})
	if in.Interpreted.ForwardCommand != motion.RunForward || in.Raw.CurrentHoldKey != motion.HoldKeyRun {
		t.Fatalf("Shift: interpreted %s hold %d", motioncmd.Name(in.Interpreted.ForwardCommand), in.Raw.CurrentHoldKey)
	}
	step(Keys{Forward: true, Run: true, TurnLeft: true, StepRight: true})
	if in.Raw.TurnCommand != motion.TurnLeft || in.Raw.SideStepCommand != motion.SideStepRight {
		t.Fatalf("turn %s side %s", motioncmd.Name(in.Raw.TurnCommand), motioncmd.Name(in.Raw.SideStepCommand))
	}
	step(Keys{})
	if in.Raw.ForwardCommand != motion.Ready || in.Raw.TurnCommand != 0 || in.Raw.SideStepCommand != 0 {
		t.Fatalf("release: raw fwd %s turn %x side %x", motioncmd.Name(in.Raw.ForwardCommand), in.Raw.TurnCommand, in.Raw.SideStepCommand)
	}
	if c.Log.Total != 4 {
		t.Fatalf("%d messages after four changes", c.Log.Total)
	}
	start := pl.Phys.Position
	for i := 0; i < 90; i++ {
		step(Keys{Backward: true})
	}
	if pl.Phys.Position == start {
		t.Fatal("walking backwards for 1.5 s did not move the player")
	}
	auto := 0
	for _, m := range c.Log.Recent() {
		if m.Name == "AutonomousPosition" && m.Action == protocol.ActionAutonomousPosition && len(m.Bytes) > 0 {
			auto++
		}
	}
	if auto == 0 {
		t.Fatalf("no AutonomousPosition while moving: %v", c.Log.Recent())
	}
}

// TestControllerJump: holding Space charges, releasing it jumps
// (CMotionInterp::jump, then LeaveGround) and sends the Jump game action
// 0xF7B1/0xF61B with its JumpPack (extent, the launch velocity, the
// instance, server-control, teleport and force-position stamps), then the
// MoveToState for the changed state.
func TestControllerJump(t *testing.T) {
	w := testWorld(t)
	pl := w.Object(testworld.Player)
	pl.Phys.UpdateTimes[protocol.SeqInstance], pl.Phys.UpdateTimes[protocol.SeqServerControl] = 3, 4
	pl.Phys.UpdateTimes[protocol.SeqTeleport], pl.Phys.UpdateTimes[protocol.SeqForcePosition] = 5, 6
	var c Controller
	for i := 0; i < 30; i++ { // hold Space half a second
		c.Update(w, Keys{Jump: true})
		w.Step(1.0 / 60)
	}
	c.Update(w, Keys{})
	// Jump(extent) then LeaveGround, which launches and clears the extent.
	if pl.Phys.Velocity.Z <= 0 || pl.Movement.Interp.JumpExtent != 0 {
		t.Fatalf("after the jump: velocity %v, extent %v", pl.Phys.Velocity, pl.Movement.Interp.JumpExtent)
	}
	r := c.Log.Recent()
	if len(r) < 2 || r[0].Name != "Jump" || r[1].Name != "MoveToState" {
		t.Fatalf("log %v", r)
	}
	j := r[0]
	if j.Opcode != uint32(protocol.OpGameAction) || j.Action != protocol.ActionJump || len(j.Bytes) == 0 {
		t.Fatalf("Jump was not sent: %v", j)
	}
	m, err := protocol.Decode(j.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	jp, ok := m.(*protocol.Jump)
	if !ok {
		t.Fatalf("decoded %T, want *protocol.Jump", m)
	}
	if jp.Extent != 0.5 || jp.Velocity != pl.Phys.Velocity || jp.InstanceSequence != 3 || jp.ServerControlSequence != 4 ||
		jp.TeleportSequence != 5 || jp.ForcePositionSequence != 6 {
		t.Fatalf("JumpPack %+v; want extent 0.5, velocity %v, stamps 3 4 5 6", jp, pl.Phys.Velocity)
	}
}

// TestRefusedJumpIsNotSent: a jump the interpreter refuses (in the air)
// sends no Jump.
func TestRefusedJumpIsNotSent(t *testing.T) {
	w := testWorld(t)
	pl := w.Object(testworld.Player)
	var c Controller
	c.Update(w, Keys{})
	pl.Phys.Transient &^= physics.TransientContact | physics.TransientOnWalkable
	if err := c.Jump(w, 1); err != motion.ErrYouCantJumpWhileInTheAir {
		t.Fatalf("airborne jump = %#x, want 0x24", uint32(err))
	}
	for _, m := range c.Log.Recent() {
		if m.Action == protocol.ActionJump {
			t.Fatalf("a refused jump was sent: %v", m)
		}
	}
}

func TestLogKeepsRecent(t *testing.T) {
	var l Log
	for i := 0; i < LogSize+3; i++ {
		l.Add(Sent{Bytes: []byte{byte(i)}})
	}
	r := l.Recent()
	if len(r) != LogSize || r[0].Bytes[0] != 3 || r[LogSize-1].Bytes[0] != LogSize+2 {
		t.Fatalf("recent %v", r)
	}
	msg := []byte{1, 2, 3}
	allocs := testing.AllocsPerRun(100, func() { l.Add(Sent{Bytes: msg}) })
	if allocs != 0 {
		t.Fatalf("Log.Add allocates %v times once its ring is warm", allocs)
	}
}

// TestControllerSend: Send sees every message the log records, byte for
// byte, as it is encoded.
func TestControllerSend(t *testing.T) {
	w := testWorld(t)
	var c Controller
	var sent [][]byte
	c.Send = func(b []byte) { sent = append(sent, append([]byte(nil), b...)) }
	for _, k := range []Keys{{}, {Forward: true}, {Forward: true}, {Forward: true, TurnLeft: true}, {}} {
		c.Update(w, k)
		w.Step(1.0 / 60)
	}
	for i := 0; i < 150; i++ { // walking: an AutonomousPosition a second
		c.Update(w, Keys{Forward: true})
		w.Step(1.0 / 60)
	}
	recent := c.Log.Recent()
	if len(sent) != c.Log.Total || len(sent) < 4 {
		t.Fatalf("Send saw %d messages, the log %d", len(sent), c.Log.Total)
	}
	for i, m := range recent {
		if got := sent[len(sent)-len(recent)+i]; string(got) != string(m.Bytes) {
			t.Errorf("message %d (%s): Send saw other bytes than the log", i, m.Name)
		}
	}
	if recent[len(recent)-1].Name != "AutonomousPosition" {
		t.Errorf("last message %s, want AutonomousPosition while walking", recent[len(recent)-1].Name)
	}
}
