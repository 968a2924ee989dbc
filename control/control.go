// Package control is the local player's input path, headless: movement
// keys become raw motion commands (CMotionInterp::DoMotion / StopMotion →
// apply_raw_movement, through the MovementManager), and every change is
// encoded as the MoveToState a live client sends, with AutonomousPosition
// while moving and the Jump game action (0xF61B) when a jump leaves the
// ground. The viewer maps its keyboard to Keys; Lua scripts drive the
// same Controller through world.input; nothing here needs a window.
package control

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/motioncmd"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// Keys is one frame's movement input for the local player.
type Keys struct {
	Forward, Backward   bool // walk forward / backward
	TurnLeft, TurnRight bool // turn
	StepLeft, StepRight bool // sidestep
	Run                 bool // hold Run
	Jump                bool // held charges, release jumps
}

// Sent is one message a live client would send: its name, the GameAction
// opcode and action type, the encoded bytes and a readable summary.
type Sent struct {
	Time   float64
	Name   string
	Opcode uint32
	Action uint32
	// Bytes is the encoded message; it belongs to the log and is reused
	// once LogSize newer messages were added.
	Bytes  []byte
	Detail string
}

func (m Sent) String() string {
	if m.Opcode == 0 {
		return fmt.Sprintf("%7.2fs %s %s", m.Time, m.Name, m.Detail)
	}
	return fmt.Sprintf("%7.2fs %s 0x%04X/0x%04X %d B %s", m.Time, m.Name, m.Opcode, m.Action, len(m.Bytes), m.Detail)
}

// LogSize is how many outbound messages the log keeps.
const LogSize = 10

// Log keeps the most recent outbound messages in a fixed ring.
type Log struct {
	Total int
	ring  [LogSize]Sent
}

// Add records a message, copying its bytes into the ring's own buffer.
func (l *Log) Add(m Sent) {
	slot := &l.ring[l.Total%LogSize]
	buf := append(slot.Bytes[:0], m.Bytes...)
	*slot = m
	slot.Bytes = buf
	l.Total++
}

// Recent returns the kept messages, oldest first.
func (l *Log) Recent() []Sent {
	n := min(l.Total, LogSize)
	out := make([]Sent, 0, n)
	for i := l.Total - n; i < l.Total; i++ {
		out = append(out, l.ring[i%LogSize])
	}
	return out
}

// AutonomousInterval is how often AutonomousPosition goes out while the
// player moves (seconds).
const AutonomousInterval = 1.0

// MaxJumpCharge is the charge time of a full jump (seconds).
const MaxJumpCharge = 1.0

// Controller drives the world's local player (World.PlayerGUID) from
// Keys, issuing motions only on change as the retail input layer does, and
// logs the outbound messages.
type Controller struct {
	Log Log
	// Send, when set, receives each MoveToState, AutonomousPosition and Jump as
	// it is encoded: a live session sends it to the server (renumbering
	// the GameAction sequence). The bytes are reused after the call.
	Send func(msg []byte)

	prev        Keys
	started     bool
	forward     uint32
	turn        uint32
	side        uint32
	out         systems.Outbound
	lastAuto    float64
	lastPos     physics.Position
	chargeStart float64
	buf         []byte
	player      components.View
	// own is !CommandInterpreter::controlled_by_server: whether the keys
	// drive the player. The zero value is server-controlled, as retail's
	// CommandInterpreter starts; a movement key press takes control.
	own bool
}

// LoseControlToServer is told by the world when a server movement for the
// local player was applied (seed 004 Q1: SetObjectMovement's nonzero
// result): the keys stop driving the player until a movement key is
// pressed again (CommandInterpreter::LoseControlToServer).
func (c *Controller) LoseControlToServer() { c.own = false }

func axis(pos, neg bool, p, n uint32) uint32 {
	switch {
	case pos:
		return p
	case neg:
		return n
	}
	return 0
}

// Update applies this frame's keys to the local player at the world's
// clock. Without a player (or before it has a MovementManager) the keys
// are only remembered.
func (c *Controller) Update(w *systems.World, k Keys) {
	e, ok := w.Entity(w.PlayerGUID)
	if !ok || !c.player.Resolve(w.ECS, e) {
		c.prev = k
		return
	}
	o := &c.player
	mm := w.Movement(o)
	m := mm.MakeInterp()
	now := w.Now
	if !c.started {
		c.started, c.lastAuto, c.lastPos = true, now, o.Phys.Position
	}
	changed := false
	if movementPressed(k, c.prev) && (!c.own || !o.Phys.Autonomous) {
		c.takeControlFromServer(o, k)
		changed = true
	}
	if k.Run != c.prev.Run {
		m.SetHoldRun(k.Run, true)
		changed = true
	}
	p := motion.DefaultParams()
	set := func(cur *uint32, next uint32) {
		if *cur == next {
			return
		}
		if *cur != 0 {
			mm.PerformMovement(motion.MovementStopRawCommand, *cur, &p)
		}
		if next != 0 {
			mm.PerformMovement(motion.MovementRawCommand, next, &p)
		}
		*cur = next
		changed = true
	}
	set(&c.forward, axis(k.Forward, k.Backward, motion.WalkForward, motion.WalkBackwards))
	set(&c.turn, axis(k.TurnRight, k.TurnLeft, motion.TurnRight, motion.TurnLeft))
	set(&c.side, axis(k.StepRight, k.StepLeft, motion.SideStepRight, motion.SideStepLeft))
	if k.Jump && !c.prev.Jump {
		m.ChargeJump()
		c.chargeStart = now
	}
	if !k.Jump && c.prev.Jump {
		c.jump(o, now, float32(min((now-c.chargeStart)/MaxJumpCharge, 1)))
		changed = true
	}
	c.prev = k
	if changed {
		c.sendMoveToState(o, now)
		c.lastAuto, c.lastPos = now, o.Phys.Position
		return
	}
	if now-c.lastAuto >= AutonomousInterval && o.Phys.Position != c.lastPos {
		c.sendAutonomousPosition(o, now)
		c.lastAuto, c.lastPos = now, o.Phys.Position
	}
}

// movementPressed reports whether a movement key went down this frame.
func movementPressed(k, prev Keys) bool {
	return k.Forward && !prev.Forward || k.Backward && !prev.Backward ||
		k.TurnLeft && !prev.TurnLeft || k.TurnRight && !prev.TurnRight ||
		k.StepLeft && !prev.StepLeft || k.StepRight && !prev.StepRight
}

// takeControlFromServer is CommandInterpreter::TakeControlFromServer on a
// movement key press: the player's moves are its own again
// (last_move_was_autonomous = 1, so apply_current_movement takes the raw
// path, seed 004 Q2), it stops completely and stops interpolating, the
// Run key is reapplied, and every held key is issued anew below. Without
// it, once a server movement had cleared last_move_was_autonomous, the
// player's own input went through the interpreted path and releasing Run
// replayed the interpreted RunForward (divergence CT-01 for what is
// simplified).
func (c *Controller) takeControlFromServer(o *components.View, k Keys) {
	c.own = true
	o.Phys.Autonomous = true
	mm := o.Movement
	p := motion.DefaultParams()
	mm.PerformMovement(motion.MovementStopCompletely, 0, &p)
	if o.Position != nil {
		o.Position.StopInterpolating()
	}
	mm.MakeInterp().SetHoldRun(k.Run, true)
	c.forward, c.turn, c.side = 0, 0, 0
}

// Jump jumps the local player now with the given extent (0..1), as a
// Space press and release would, without the charge time: charge_jump,
// then jump. It returns the interpreter's WeenieError; ErrNone means the
// player left the ground and the Jump game action was sent. Without a
// player it returns ErrGeneralMovementFailure.
func (c *Controller) Jump(w *systems.World, extent float32) motion.WeenieError {
	e, ok := w.Entity(w.PlayerGUID)
	if !ok || !c.player.Resolve(w.ECS, e) {
		return motion.ErrGeneralMovementFailure
	}
	o := &c.player
	w.Movement(o).MakeInterp().ChargeJump()
	return c.jump(o, w.Now, extent)
}

// jump is the Space release (CMotionInterp::jump, then LeaveGround when
// allowed): an allowed jump sends the Jump game action (0xF61B) with its
// JumpPack; a refused one is logged, not sent.
func (c *Controller) jump(o *components.View, now float64, extent float32) motion.WeenieError {
	mm := o.Movement
	err := mm.MakeInterp().Jump(extent)
	if err != motion.ErrNone {
		c.Log.Add(Sent{Time: now, Name: "Jump", Detail: fmt.Sprintf("extent %.2f refused (WeenieError 0x%X): not sent", extent, uint32(err))})
		return err
	}
	mm.LeaveGround()
	j := c.out.Jump(o, min(extent, 1))
	c.buf = j.Encode(c.buf[:0])
	if c.Send != nil {
		c.Send(c.buf)
	}
	v := j.Velocity
	c.Log.Add(Sent{Time: now, Name: j.Name(), Opcode: uint32(j.Opcode()), Action: protocol.ActionJump, Bytes: c.buf,
		Detail: fmt.Sprintf("extent %.2f velocity (%.2f, %.2f, %.2f)", j.Extent, v.X, v.Y, v.Z)})
	return err
}

func (c *Controller) sendMoveToState(o *components.View, now float64) {
	m := o.Movement.Interp
	t := c.out.MoveToState(o)
	c.buf = t.Encode(c.buf[:0])
	if c.Send != nil {
		c.Send(c.buf)
	}
	c.Log.Add(Sent{Time: now, Name: t.Name(), Opcode: uint32(t.Opcode()), Action: protocol.ActionMoveToState, Bytes: c.buf,
		Detail: fmt.Sprintf("fwd %s turn %s side %s hold %d", motioncmd.Name(m.Raw.ForwardCommand),
			cmdName(m.Raw.TurnCommand), cmdName(m.Raw.SideStepCommand), m.Raw.CurrentHoldKey)})
}

func (c *Controller) sendAutonomousPosition(o *components.View, now float64) {
	a := c.out.AutonomousPosition(o)
	c.buf = a.Encode(c.buf[:0])
	if c.Send != nil {
		c.Send(c.buf)
	}
	org := a.Position.Frame.Origin
	c.Log.Add(Sent{Time: now, Name: a.Name(), Opcode: uint32(a.Opcode()), Action: protocol.ActionAutonomousPosition, Bytes: c.buf,
		Detail: fmt.Sprintf("0x%08X (%.1f, %.1f, %.1f)", a.Position.Cell, org.X, org.Y, org.Z)})
}

func cmdName(c uint32) string {
	if c == 0 {
		return "-"
	}
	return motioncmd.Name(c)
}
