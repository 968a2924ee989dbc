package managers

import (
	"fmt"
	"github.com/dereth/dereth/motion"
	"math"
	"strings"
	"testing"

	"github.com/dereth/dereth/physics"
)

// mtJournal runs the real animation machine under a MoveToManager, like
// mtRig, and logs the manager, the interpreter's commands and the mover's
// position after every tick.
type mtJournal struct {
	*mtRig
	b      strings.Builder
	frozen bool // root motion is not applied (the mover cannot make progress)
	stuck  []string
}

// StickTo records a sticky arrival (MoveToSticker).
func (j *mtJournal) StickTo(guid uint32, radius, height float32) {
	j.stuck = append(j.stuck, fmt.Sprintf("%#x r%s h%s", guid, g(float64(radius)), g(float64(height))))
}

type stickyWorld struct {
	*ObjectMoveTo
	j *mtJournal
}

func (w stickyWorld) StickTo(guid uint32, radius, height float32) { w.j.StickTo(guid, radius, height) }

func newMTJournal(t *testing.T, radius, height float32) *mtJournal {
	r := newMoveToRig(t)
	j := &mtJournal{mtRig: r}
	w := r.m.World.(*ObjectMoveTo)
	w.Radius, w.Height = radius, height
	r.m.World = stickyWorld{w, j}
	return j
}

func pos3(p physics.Position) string {
	return fmt.Sprintf("%#x%s", p.Cell, v3(p.Frame.Origin))
}

func (j *mtJournal) log(format string, args ...any) {
	m, mi := j.m, j.o.Interp()
	s := &mi.Interpreted
	var pend []string
	for _, n := range m.Pending {
		if n.Type == motion.MovementTurnToHeading {
			pend = append(pend, "turn "+g(float64(n.Heading)))
		} else {
			pend = append(pend, "move")
		}
	}
	fmt.Fprintf(&j.b, "%s | type %d cmd %s aux %s away %v init %v pend [%s] prevH %s prevD %s origD %s fail %d obj %#x r%s h%s sought %s h%s target %s start %s hold %d | fwd %s/%s turn %s/%s | at %s h%s | done %#x stuck %v\n",
		fmt.Sprintf(format, args...), m.MovementType, cmd(m.CurrentCommand), cmd(m.AuxCommand), m.MovingAway, m.Initialized, strings.Join(pend, ","),
		g(float64(m.PreviousHeading)), g(float64(m.PreviousDistance)), g(float64(m.OriginalDistance)), m.FailProgressCount,
		m.SoughtObjectID, g(float64(m.SoughtObjectRadius)), g(float64(m.SoughtObjectHeight)), pos3(m.SoughtPosition), g(float64(motion.FrameHeading(m.SoughtPosition.Frame))),
		pos3(m.CurrentTargetPosition), pos3(m.StartingPosition), m.Params.HoldKeyToApply,
		cmd(s.ForwardCommand), g(float64(s.ForwardSpeed)), cmd(s.TurnCommand), g(float64(s.TurnSpeed)),
		pos3(j.o.Phys.Position), g(float64(motion.FrameHeading(j.o.Phys.Position.Frame))), j.done, j.stuck)
}

// tick is mtRig.step, optionally without applying root motion.
func (j *mtJournal) tick() {
	if !j.frozen {
		j.step()
	} else {
		j.now += mtDt
		f := physics.IdentityFrame
		j.o.Parts.Update(mtDt, &f)
		j.o.ProcessHooks(nil)
		j.m.UseTime()
		j.o.Parts.HandleMovement()
	}
}

// run ticks until the move reports or n ticks pass, logging every tick.
func (j *mtJournal) run(n int) {
	for i := 0; i < n && len(j.done) == 0; i++ {
		j.tick()
		j.log("t%s", g(j.now))
	}
}

func (j *mtJournal) check(t *testing.T, name string) {
	t.Helper()
	checkJournal(t, name, j.b.String())
}

// TestJournalMoveTo drives the MoveToManager (ACE-derived, divergences
// MT-01…MT-08; seed 004 Q1's unpack_movement cases 6–9 start it) through
// its legs: turn then move toward, walk or run by the walk/run threshold,
// the final heading, moving away, the fail distance, no progress, a
// moving, vanishing or unknown target, TurnToObject and TurnToHeading,
// cancellation, a sticky arrival, cylinder distances, and waiting for
// ground contact.
func TestJournalMoveTo(t *testing.T) {
	type scenario struct {
		name  string
		steps int
		setup func(j *mtJournal)
	}
	for _, sc := range []scenario{
		{"position_ahead_walk", 300, func(j *mtJournal) {
			j.m.MoveToPosition(j.at(0, 8), motion.DefaultMoveToParams())
		}},
		{"position_far_run", 400, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.RunRate = 1.5
			j.o.WeenieObj = mtWeenie{}
			j.m.MoveToPosition(j.at(3, 30), p)
		}},
		{"position_behind_left_final_heading", 600, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.UseFinalHeading, p.DesiredHeading = true, 90
			j.m.MoveToPosition(j.at(-3, -6), p)
		}},
		{"position_behind_right", 600, func(j *mtJournal) {
			j.m.MoveToPosition(j.at(3, -6), motion.DefaultMoveToParams())
		}},
		{"position_in_range_final_heading_only", 200, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.UseFinalHeading, p.DesiredHeading = true, 270
			j.m.MoveToPosition(j.at(0, 0.3), p)
		}},
		{"move_away", 400, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.MoveAway, p.MoveTowards, p.MinDistance = true, false, 4
			j.m.MoveToPosition(j.at(0, 1), p)
		}},
		{"towards_and_away_backwards", 400, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.MoveAway, p.MoveTowards, p.MinDistance, p.DistanceToObject = true, true, 3, 5
			j.m.MoveToPosition(j.at(0, 1), p)
		}},
		{"fail_distance", 300, func(j *mtJournal) {
			p := motion.DefaultMoveToParams()
			p.FailDistance = 2
			j.m.MoveToPosition(j.at(0, 20), p)
		}},
		{"no_progress", 200, func(j *mtJournal) {
			j.frozen = true
			j.m.MoveToPosition(j.at(0, 10), motion.DefaultMoveToParams())
		}},
		{"object_moving_then_gone", 400, func(j *mtJournal) {
			j.targets[0x80000001] = j.at(4, 10)
			p := motion.DefaultMoveToParams()
			p.UseFinalHeading, p.DesiredHeading = true, 300
			j.m.MoveToObject(0x80000001, 0.5, 1.8, p)
			j.log("started")
			for range 40 {
				j.tick()
				j.log("t%s", g(j.now))
			}
			j.targets[0x80000001] = j.at(-4, 12)
			for range 40 {
				j.tick()
				j.log("t%s moved", g(j.now))
			}
			delete(j.targets, 0x80000001)
		}},
		{"object_unknown", 5, func(j *mtJournal) {
			j.m.MoveToObject(0x80000002, 0.5, 1.8, motion.DefaultMoveToParams())
		}},
		{"object_sticky_spheres", 600, func(j *mtJournal) {
			j.targets[0x80000003] = j.at(0, 9)
			p := motion.DefaultMoveToParams()
			p.Sticky, p.UseSpheres = true, true
			j.m.World.(stickyWorld).Radius, j.m.World.(stickyWorld).Height = 0.4, 1.6
			j.m.MoveToObject(0x80000003, 1, 2, p)
		}},
		{"turn_to_object", 300, func(j *mtJournal) {
			j.targets[0x80000004] = j.at(-5, 0)
			p := motion.NewTurnToParams(motion.MoveParamStopCompletely, 1, 30)
			j.m.TurnToObject(0x80000004, p)
		}},
		{"turn_to_object_unknown", 5, func(j *mtJournal) {
			j.m.TurnToObject(0x80000005, motion.NewTurnToParams(0, 1, 0))
		}},
		{"turn_to_heading_right", 300, func(j *mtJournal) {
			j.m.TurnToHeading(motion.NewTurnToParams(motion.MoveParamStopCompletely, 1.5, 100))
		}},
		{"turn_to_heading_left", 300, func(j *mtJournal) {
			j.m.TurnToHeading(motion.NewTurnToParams(0, 1, 250))
		}},
		{"turn_to_heading_already", 20, func(j *mtJournal) {
			j.m.TurnToHeading(motion.NewTurnToParams(0, 1, 0))
		}},
		{"cancelled_by_a_new_move", 200, func(j *mtJournal) {
			j.m.MoveToPosition(j.at(0, 20), motion.DefaultMoveToParams())
			for range 30 {
				j.tick()
				j.log("t%s", g(j.now))
			}
			j.m.MoveToPosition(j.at(0, -20), motion.DefaultMoveToParams())
			j.log("replaced")
			j.m.CancelMoveTo(motion.ErrActionCancelled)
		}},
		{"waits_for_contact", 200, func(j *mtJournal) {
			j.o.Phys.Transient = 0
			j.m.MoveToPosition(j.at(0, 5), motion.DefaultMoveToParams())
			for range 10 {
				j.tick()
				j.log("t%s airborne", g(j.now))
			}
			j.o.Phys.Transient = physics.TransientContact | physics.TransientOnWalkable
			mm(j.o).HitGround()
			j.log("landed")
		}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			j := newMTJournal(t, 0.5, 1.8)
			sc.setup(j)
			j.log("begin")
			j.run(sc.steps)
			j.log("end")
			j.m.HitGround() // idle or finished: nothing happens
			j.m.CancelMoveTo(motion.ErrObjectGone)
			j.log("after")
			j.check(t, "moveto_"+sc.name)
		})
	}
}

// TestJournalMoveToNoInterpreter: without an interpreter every entry point
// gives up (MoveToManager's "no physics object" paths).
func TestJournalMoveToNoInterpreter(t *testing.T) {
	var b strings.Builder
	var done []motion.WeenieError
	w := &ObjectMoveTo{Obj: motion.NewObject(physics.NewObject(9), nil), Host: doneHost{&done}}
	m := NewMoveToManager(w)
	at := physics.Position{Cell: 1, Frame: physics.IdentityFrame}
	m.MoveToPosition(at, motion.DefaultMoveToParams())
	m.MoveToObject(5, 1, 1, motion.DefaultMoveToParams())
	m.TurnToObject(5, motion.DefaultMoveToParams())
	m.TurnToHeading(motion.DefaultMoveToParams())
	m.UseTime()
	fmt.Fprintf(&b, "entry points: moving %v done %v\n", m.IsMovingTo(), done)
	m.MovementType, m.Pending = motion.MovementMoveToPosition, []MoveToNode{{Type: motion.MovementMoveToPosition}}
	m.handleMoveToPosition()
	fmt.Fprintf(&b, "handleMoveToPosition: moving %v done %#x\n", m.IsMovingTo(), done)
	m.MovementType, m.Pending = motion.MovementMoveToPosition, []MoveToNode{{Type: motion.MovementMoveToPosition}}
	m.beginMoveForward()
	fmt.Fprintf(&b, "beginMoveForward: moving %v done %#x\n", m.IsMovingTo(), done)
	m.MovementType, m.Pending = motion.MovementTurnToHeading, []MoveToNode{{Type: motion.MovementTurnToHeading, Heading: 90}}
	m.handleTurnToHeading()
	fmt.Fprintf(&b, "handleTurnToHeading: moving %v done %#x\n", m.IsMovingTo(), done)
	m.MovementType, m.Pending = motion.MovementTurnToHeading, []MoveToNode{{Type: motion.MovementTurnToHeading, Heading: 90}}
	m.beginTurnToHeading()
	fmt.Fprintf(&b, "beginTurnToHeading: moving %v done %#x\n", m.IsMovingTo(), done)
	m.MovementType = motion.MovementMoveToObject
	m.HandleUpdateTarget(5, at, true)
	fmt.Fprintf(&b, "HandleUpdateTarget: moving %v done %#x\n", m.IsMovingTo(), done)
	fmt.Fprintf(&b, "doMotion %#x stopMotion %#x\n", m.doMotion(motion.WalkForward, motion.DefaultParams()), m.stopMotion(motion.WalkForward, motion.DefaultParams()))
	var bare MoveToManager
	fmt.Fprintf(&b, "no world: now %v interp %v distance %v\n", bare.now(), bare.interp() == nil, bare.currentDistance())
	bare.MovementType = motion.MovementMoveToPosition
	bare.cleanUpAndCallWeenie(motion.ErrNone)
	fmt.Fprintf(&b, "no world cleanup: moving %v\n", bare.IsMovingTo())
	checkJournal(t, "moveto_no_interp", b.String())
}

// TestJournalMoveToHelpers tabulates the pure helpers: get_command,
// towards_and_away, get_desired_heading, the heading arithmetic and
// CylinderDistance, at and around their boundaries.
func TestJournalMoveToHelpers(t *testing.T) {
	var b strings.Builder
	p := motion.DefaultMoveToParams()
	p.MinDistance = 2
	for _, c := range []struct {
		away, towards, walk, run bool
	}{{false, true, true, true}, {true, false, true, true}, {true, true, true, true}, {false, false, false, true}, {false, false, true, false}} {
		p.MoveAway, p.MoveTowards, p.CanWalk, p.CanRun = c.away, c.towards, c.walk, c.run
		for _, d := range []float32{0, 1.9, 2, 2 + motion.MoveToEpsilon, 0.6, 0.61, 15.6, 15.61, 30} {
			m, h, a := p.GetCommand(d)
			fmt.Fprintf(&b, "get_command away %v towards %v walk %v run %v dist %s → %s hold %d away %v\n", c.away, c.towards, c.walk, c.run, g(float64(d)), cmd(m), h, a)
		}
	}
	for _, m := range []uint32{motion.RunForward, motion.WalkForward, motion.WalkBackwards, motion.TurnRight} {
		fmt.Fprintf(&b, "desired heading %s: %s %s\n", cmd(m), g(float64(motion.DesiredHeading(m, false))), g(float64(motion.DesiredHeading(m, true))))
	}
	for _, d := range []float32{0, 0.0001, -0.0001, -0.0003, 0.0003, -10, 10, -359} {
		fmt.Fprintf(&b, "normalize %s → %s\n", g(float64(d)), g(float64(normalizeHeadingDiff(d))))
	}
	for _, c := range [][2]float32{{90, 0}, {0, 90}, {10, 350}, {350, 10}, {180, 0}, {0, 180}, {5, 5}, {181, 0}, {0, 181}, {359.9999, 0}} {
		fmt.Fprintf(&b, "heading %s vs %s: diff right %s left %s greater right %v left %v\n", g(float64(c[0])), g(float64(c[1])),
			g(float64(headingDiff(c[0], c[1], motion.TurnRight))), g(float64(headingDiff(c[0], c[1], motion.TurnLeft))),
			headingGreater(c[0], c[1], motion.TurnRight), headingGreater(c[0], c[1], motion.TurnLeft))
	}
	for _, c := range [][2]float32{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {-1, -1e-9}, {0, 0}} {
		fmt.Fprintf(&b, "vector heading (%s,%s) = %s\n", g(float64(c[0])), g(float64(c[1])), g(float64(motion.VectorHeading(c[0], c[1]))))
	}
	at := func(x, y, z float32) physics.Position {
		return physics.Position{Cell: 0x01010001, Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: z}, Orientation: physics.IdentityQuat}}
	}
	for _, c := range []struct{ a, b physics.Position }{
		{at(0, 0, 0), at(0, 4, 0)}, {at(0, 0, 0), at(0, 4, 5)}, {at(0, 0, 5), at(0, 4, 0)},
		{at(0, 0, 0), at(0, 0.5, 0)}, {at(0, 0, 0), at(0, 0.5, 0.5)}, {at(0, 0, 3), at(0, 0.5, 0)},
		{at(0, 0, 0), at(0, 0, 0)}, {at(0, 0, 2), at(0, 4, 0)},
	} {
		fmt.Fprintf(&b, "cylinder %s → %s = %s\n", v3(c.a.Frame.Origin), v3(c.b.Frame.Origin), g(float64(motion.CylinderDistance(0.5, 1.5, c.a, 0.75, 2, c.b))))
	}
	def := motion.DefaultMoveToParams()
	fmt.Fprintf(&b, "position heading to self %s, flags %#x, defaults %+v\n", g(float64(motion.PositionHeading(at(1, 1, 0), at(1, 1, 9)))),
		def.Flags(), def)
	fmt.Fprintf(&b, "new move-to params %+v\n", motion.NewMoveToParams(0x3, 1, 2, 3, 4, 5, 6, 7))
	f := physics.IdentityFrame
	motion.SetFrameHeading(&f, 123)
	fmt.Fprintf(&b, "frame heading 123 → %s; max float %v\n", g(float64(motion.FrameHeading(f))), math.MaxFloat32 > 0)
	checkJournal(t, "moveto_helpers", b.String())
}
