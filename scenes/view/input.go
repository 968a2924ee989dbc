package view

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// Keys is one frame's movement input for the local player.
type Keys struct {
	Forward, Backward   bool // W / S, up / down
	TurnLeft, TurnRight bool // Q / E, A / D, left / right
	StepLeft, StepRight bool // Z / C
	Run                 bool // Shift
	Jump                bool // Space (held charges, release jumps)
}

// Outbound is one message a live client would send: its name, the
// GameAction opcode and action type, and its encoded length.
type Outbound struct {
	Time   float64
	Name   string
	Opcode uint32
	Action uint32
	Bytes  int
	Detail string
}

func (m Outbound) String() string {
	if m.Opcode == 0 {
		return fmt.Sprintf("%7.2fs %s %s", m.Time, m.Name, m.Detail)
	}
	return fmt.Sprintf("%7.2fs %s 0x%04X/0x%04X %d B %s", m.Time, m.Name, m.Opcode, m.Action, m.Bytes, m.Detail)
}

// LogSize is how many outbound messages the log keeps.
const LogSize = 10

// Log keeps the most recent outbound messages.
type Log struct {
	Total int
	ring  [LogSize]Outbound
}

// Add records a message.
func (l *Log) Add(m Outbound) {
	l.ring[l.Total%LogSize] = m
	l.Total++
}

// Recent returns the kept messages, oldest first.
func (l *Log) Recent() []Outbound {
	n := min(l.Total, LogSize)
	out := make([]Outbound, 0, n)
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

// Controller drives the local player through the interpreter's raw-motion
// path (CMotionInterp::DoMotion / StopMotion → apply_raw_movement) and
// encodes the MoveToState and AutonomousPosition messages a live client
// would send, into Log.
type Controller struct {
	Log Log

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
}

func axis(pos, neg bool, p, n uint32) uint32 {
	switch {
	case pos:
		return p
	case neg:
		return n
	}
	return 0
}

// Update applies this frame's keys to the player o at time now. It issues
// motions only on change, as the retail input layer does.
func (c *Controller) Update(o *components.Object, now float64, k Keys) {
	if o == nil || o.Movement == nil || o.Movement.Interp == nil {
		c.prev = k
		return
	}
	m := o.Movement.Interp
	if !c.started {
		c.started, c.lastAuto, c.lastPos = true, now, o.Phys.Position
	}
	changed := false
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
			m.PerformMovement(motion.MovementStopRawCommand, *cur, &p)
		}
		if next != 0 {
			m.PerformMovement(motion.MovementRawCommand, next, &p)
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
		extent := float32(min((now-c.chargeStart)/MaxJumpCharge, 1))
		err := m.Jump(extent)
		if err == motion.ErrNone {
			m.LeaveGround()
		}
		res := "ok"
		if err != motion.ErrNone {
			res = fmt.Sprintf("refused (WeenieError 0x%X)", uint32(err))
		}
		c.Log.Add(Outbound{Time: now, Name: "Jump", Detail: fmt.Sprintf("extent %.2f %s (no Jump encoder: not sent)", extent, res)})
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

func (c *Controller) sendMoveToState(o *components.Object, now float64) {
	m := o.Movement.Interp
	t := c.out.MoveToState(o)
	c.buf = t.Encode(c.buf[:0])
	c.Log.Add(Outbound{Time: now, Name: t.Name(), Opcode: uint32(t.Opcode()), Action: protocol.ActionMoveToState, Bytes: len(c.buf),
		Detail: fmt.Sprintf("fwd %s turn %s side %s hold %d", motion.CommandName(m.Raw.ForwardCommand),
			cmdName(m.Raw.TurnCommand), cmdName(m.Raw.SideStepCommand), m.Raw.CurrentHoldKey)})
}

func (c *Controller) sendAutonomousPosition(o *components.Object, now float64) {
	a := c.out.AutonomousPosition(o)
	c.buf = a.Encode(c.buf[:0])
	org := a.Position.Frame.Origin
	c.Log.Add(Outbound{Time: now, Name: a.Name(), Opcode: uint32(a.Opcode()), Action: protocol.ActionAutonomousPosition, Bytes: len(c.buf),
		Detail: fmt.Sprintf("0x%08X (%.1f, %.1f, %.1f)", a.Position.Cell, org.X, org.Y, org.Z)})
}

func cmdName(c uint32) string {
	if c == 0 {
		return "-"
	}
	return motion.CommandName(c)
}
