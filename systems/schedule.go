package systems

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/physics"
)

// Gate is the set of conditions a stage needs to run for an object.
type Gate uint32

// The gate bits.
const (
	GateActive          Gate = 1 << iota // transient Active
	GateVisible                          // state lacks Hidden
	GatePartArray                        // has a part array
	GatePositionManager                  // has a PositionManager
	GateDetection                        // has a DetectionManager
	GateTarget                           // has a TargetManager
	GateMovement                         // has a MovementManager
	GateParticle                         // has a ParticleManager
	GateScript                           // has a ScriptManager
	GateMoved                            // the candidate frame moved
	GateDefaultAnim                      // state has HasDefaultAnim
	GateDefaultScript                    // state has HasDefaultScript
)

// gateNames spells each gate bit as docs/schedule.md writes it, in bit
// order (Gate.String; TestScheduleDocMatchesTable compares them).
var gateNames = []string{
	"Active", "not Hidden", "has a part array", "has a PositionManager",
	"has a DetectionManager", "has a TargetManager", "has a MovementManager",
	"has a ParticleManager", "has a ScriptManager", "the candidate moved",
	"HasDefaultAnim", "HasDefaultScript",
}

// gateIdents are the gate bits' Go names, in bit order (the direct-path
// generator writes them).
var gateIdents = []string{
	"GateActive", "GateVisible", "GatePartArray", "GatePositionManager",
	"GateDetection", "GateTarget", "GateMovement", "GateParticle",
	"GateScript", "GateMoved", "GateDefaultAnim", "GateDefaultScript",
}

// String lists the gate's conditions as docs/schedule.md does ("always"
// for none).
func (g Gate) String() string { return g.join(gateNames, ", ", "always") }

func (g Gate) join(names []string, sep, none string) string {
	if g == 0 {
		return none
	}
	out := ""
	for i, n := range names {
		if g&(1<<i) != 0 {
			if out != "" {
				out += sep
			}
			out += n
		}
	}
	return out
}

// presence is the set of gate conditions that hold for o at the start of a
// quantum (every gate but GateMoved, which the stages themselves decide).
// No stage changes the state bits or the manager set these depend on.
func presence(o *components.View) Gate {
	g := presenceOfObject(o)
	if managersAsleep(o) {
		return g // the common case: every manager asleep (ResolveActive)
	}
	if o.Position != nil {
		g |= GatePositionManager
	}
	if o.Detection != nil {
		g |= GateDetection
	}
	if o.Target != nil {
		g |= GateTarget
	}
	if o.Movement != nil {
		g |= GateMovement
	}
	if o.Particle != nil {
		g |= GateParticle
	}
	if o.Script != nil {
		g |= GateScript
	}
	return g
}

// managersAsleep reports whether o has no manager loaded: presence's
// manager gates (managerGates) all shut. The six manager pointers follow
// one another in components.View (asserted below) and are tested as one
// or of their addresses.
func managersAsleep(o *components.View) bool {
	m := (*[6]uintptr)(unsafe.Pointer(&o.Movement))
	return m[0]|m[1]|m[2]|m[3]|m[4]|m[5] == 0
}

// Movement, Position, Target, Detection, Particle and Script follow one
// another in components.View (managersAsleep): these constants overflow,
// and the build fails, otherwise.
const (
	_ = uint(unsafe.Offsetof(components.View{}.Position) - unsafe.Offsetof(components.View{}.Movement) - 1*unsafe.Sizeof(uintptr(0)))
	_ = uint(1*unsafe.Sizeof(uintptr(0)) - (unsafe.Offsetof(components.View{}.Position) - unsafe.Offsetof(components.View{}.Movement)))
	_ = uint(unsafe.Offsetof(components.View{}.Target) - unsafe.Offsetof(components.View{}.Movement) - 2*unsafe.Sizeof(uintptr(0)))
	_ = uint(2*unsafe.Sizeof(uintptr(0)) - (unsafe.Offsetof(components.View{}.Target) - unsafe.Offsetof(components.View{}.Movement)))
	_ = uint(unsafe.Offsetof(components.View{}.Detection) - unsafe.Offsetof(components.View{}.Movement) - 3*unsafe.Sizeof(uintptr(0)))
	_ = uint(3*unsafe.Sizeof(uintptr(0)) - (unsafe.Offsetof(components.View{}.Detection) - unsafe.Offsetof(components.View{}.Movement)))
	_ = uint(unsafe.Offsetof(components.View{}.Particle) - unsafe.Offsetof(components.View{}.Movement) - 4*unsafe.Sizeof(uintptr(0)))
	_ = uint(4*unsafe.Sizeof(uintptr(0)) - (unsafe.Offsetof(components.View{}.Particle) - unsafe.Offsetof(components.View{}.Movement)))
	_ = uint(unsafe.Offsetof(components.View{}.Script) - unsafe.Offsetof(components.View{}.Movement) - 5*unsafe.Sizeof(uintptr(0)))
	_ = uint(5*unsafe.Sizeof(uintptr(0)) - (unsafe.Offsetof(components.View{}.Script) - unsafe.Offsetof(components.View{}.Movement)))
)

// presenceOfObject is presence without the manager gates: the ones the
// object's own state and part array decide.
func presenceOfObject(o *components.View) Gate {
	g := objectGates(o)
	s := o.Phys.State
	if s.Has(physics.StateHasDefaultAnim) {
		g |= GateDefaultAnim
	}
	if s.Has(physics.StateHasDefaultScript) {
		g |= GateDefaultScript
	}
	return g
}

// objectGates is presenceOfObject without the default-animation and
// default-script gates: Active, Visible and PartArray, the ones the
// ordinary table's stages ask for. The direct path takes these alone when
// no stage it runs needs the others (renderDirect decides).
func objectGates(o *components.View) Gate {
	active, visible, partArray := objectFlags(o)
	var g Gate
	if active {
		g |= GateActive
	}
	if visible {
		g |= GateVisible
	}
	if partArray {
		g |= GatePartArray
	}
	return g
}

// objectFlags is objectGates as three booleans, GateActive, GateVisible
// and GatePartArray: the direct path with every manager asleep tests these
// (objectFlagNames) instead of building and masking the gate bits.
func objectFlags(o *components.View) (active, visible, partArray bool) {
	return o.Phys.Transient.Has(physics.TransientActive), !o.Phys.State.Has(physics.StateHidden), o.Parts != nil
}

// admits reports whether every condition of g holds in tick t.
func (g Gate) admits(t *Tick) bool {
	have := t.have
	if t.Moved {
		have |= GateMoved
	}
	return g&^have == 0
}

// Tick is the per-quantum scratch a schedule's stages share: the quantum,
// the frame delta UpdatePositionInternal builds and the candidate frame.
type Tick struct {
	Dt        float64
	Delta     physics.Frame
	Candidate physics.Frame
	Moved     bool
	have      Gate // presence(o) at the quantum's start
}

// StageFunc is a stage's body for one object.
type StageFunc func(w *World, o *components.View, t *Tick)

// Stage is one named step of a schedule: the retail function it ports, the
// gate it needs and its body (nil for a trace-only marker).
type Stage struct {
	Name string
	Gate Gate
	Run  StageFunc
}

// Schedule is an ordered stage list. Ordinary and Static return fresh
// copies of the retail tables; contributors insert into a copy.
type Schedule struct {
	Name   string
	Stages []Stage
	retail []Stage
}

// Retail stage names (spelled as in seed 000).
const (
	StageUpdateObject         = "CPhysicsObj::update_object"
	StageUpdateObjectInternal = "CPhysicsObj::UpdateObjectInternal"
	StagePartArrayUpdate      = "CPartArray::Update"
	StageAdjustOffset         = "PositionManager::adjust_offset"
	StageFrameCombine         = "Frame::combine"
	StageUpdatePhysics        = "CPhysicsObj::UpdatePhysicsInternal"
	StageProcessHooks         = "CPhysicsObj::process_hooks"
	StageTransition           = "CPhysicsObj::transition"
	StageCheckDetection       = "DetectionManager::CheckDetection"
	StageHandleTargetting     = "TargetManager::HandleTargetting"
	StageMovementUseTime      = "MovementManager::UseTime"
	StageHandleMovement       = "CPartArray::HandleMovement"
	StagePositionUseTime      = "PositionManager::UseTime"
	StageUpdateParticles      = "ParticleManager::UpdateParticles"
	StageUpdateScripts        = "ScriptManager::UpdateScripts"
	StageAnimateStatic        = "CPhysicsObj::animate_static_object"
	StageUpdatePartsInternal  = "CPhysicsObj::UpdatePartsInternal"
	StageUpdateChildren       = "CPhysicsObj::UpdateChildrenInternal"
)

// ordinaryStages is UpdateObjectInternal's body in retail order (seed 000):
// UpdatePositionInternal's five steps, the transition, then the manager
// tail. Stages gated on Active are skipped for an inactive object, which
// keeps only Particle then Script.
var ordinaryStages = []Stage{
	{StageUpdateObjectInternal, 0, nil},
	{StagePartArrayUpdate, GateActive | GateVisible | GatePartArray, stagePartArrayUpdate},
	{StageAdjustOffset, GateActive | GatePositionManager, stageAdjustOffset},
	{StageFrameCombine, GateActive, stageFrameCombine},
	{StageUpdatePhysics, GateActive | GateVisible, stageUpdatePhysics},
	{StageProcessHooks, GateActive, stageProcessHooks},
	{StageTransition, GateActive | GateMoved, stageTransition},
	{StageCheckDetection, GateActive | GateDetection, stageCheckDetection},
	{StageHandleTargetting, GateActive | GateTarget, stageHandleTargetting},
	{StageMovementUseTime, GateActive | GateMovement, stageMovementUseTime},
	{StageHandleMovement, GateActive | GatePartArray, stageHandleMovement},
	{StagePositionUseTime, GateActive | GatePositionManager, stagePositionUseTime},
	{StageUpdateParticles, GateParticle, stageUpdateParticles},
	{StageUpdateScripts, GateScript, stageUpdateScripts},
}

// staticStages is animate_static_object's body after its clock gate, in
// retail order: Script → Particle → process_hooks, all inside the
// part-array check.
var staticStages = []Stage{
	{StagePartArrayUpdate, GatePartArray | GateDefaultAnim, stageStaticPartArrayUpdate},
	{StageUpdatePartsInternal, GatePartArray | GateDefaultAnim, stageUpdatePartsInternal},
	{StageUpdateChildren, GatePartArray | GateDefaultAnim, stageUpdateChildren},
	{StageUpdateScripts, GatePartArray | GateDefaultScript | GateScript, stageUpdateScripts},
	{StageUpdateParticles, GatePartArray | GateParticle, stageUpdateParticles},
	{StageProcessHooks, GatePartArray, stageProcessHooks},
}

// Ordinary returns a fresh copy of the ordinary schedule.
func Ordinary() *Schedule { return newSchedule("ordinary", ordinaryStages) }

// Static returns a fresh copy of the static-object schedule.
func Static() *Schedule { return newSchedule("static", staticStages) }

func newSchedule(name string, stages []Stage) *Schedule {
	return &Schedule{Name: name, Stages: append([]Stage(nil), stages...), retail: stages}
}

// Slot names a position relative to an existing stage.
type Slot struct {
	stage string
	after bool
}

// Before is the slot just before the named stage.
func Before(stage string) Slot { return Slot{stage: stage} }

// After is the slot just after the named stage.
func After(stage string) Slot { return Slot{stage: stage, after: true} }

// Insert adds a contributor stage at slot. The name must not be a retail
// stage name.
func (s *Schedule) Insert(slot Slot, st Stage) (err error) {
	s.Stages, err = insertNamed("schedule "+s.Name, s.Stages, s.retail, slot, st)
	return err
}

// Validate checks that every retail stage is present once and in retail
// order; an error names the two stages that are out of order.
func (s *Schedule) Validate() error { return validateNamed("schedule "+s.Name, s.Stages, s.retail) }

func (s Stage) stepName() string { return s.Name }

// named is a schedule entry: a stage or a frame step.
type named interface{ stepName() string }

// insertNamed adds st at slot in list (what, e.g. "schedule ordinary",
// prefixes errors). The name must not be one of retail's.
func insertNamed[T named](what string, list, retail []T, slot Slot, st T) ([]T, error) {
	for _, r := range retail {
		if r.stepName() == st.stepName() {
			return list, fmt.Errorf("%s: %q is a retail stage; contributor stages need their own name", what, st.stepName())
		}
	}
	for i, cur := range list {
		if cur.stepName() == slot.stage {
			if slot.after {
				i++
			}
			return append(list[:i], append([]T{st}, list[i:]...)...), nil
		}
	}
	return list, fmt.Errorf("%s: no stage %q to insert %q next to", what, slot.stage, st.stepName())
}

// validateNamed checks that every retail entry is in list once and in
// retail order; an error names the two entries that are out of order.
func validateNamed[T named](what string, list, retail []T) error {
	pos := make(map[string]int, len(list))
	for i, st := range list {
		if _, dup := pos[st.stepName()]; dup {
			return fmt.Errorf("%s: stage %q appears twice", what, st.stepName())
		}
		pos[st.stepName()] = i
	}
	for _, r := range retail {
		if _, ok := pos[r.stepName()]; !ok {
			return fmt.Errorf("%s: retail stage %q is missing", what, r.stepName())
		}
	}
	// Of all retail pairs out of order, report the one furthest apart in
	// retail order: for a swap of two stages that is exactly the pair.
	bi, bj := -1, -1
	for i := range retail {
		for j := i + 1; j < len(retail); j++ {
			if pos[retail[j].stepName()] < pos[retail[i].stepName()] && (bi < 0 || j-i > bj-bi) {
				bi, bj = i, j
			}
		}
	}
	if bi >= 0 {
		return fmt.Errorf("%s: %q must run before %q (retail order), but runs after it",
			what, retail[bi].stepName(), retail[bj].stepName())
	}
	return nil
}

// run applies the stages in order to o for one quantum. The table is the
// only form of a schedule: traced or not, the same stages run under the
// same gates (presence at the quantum's start, GateMoved as the stages
// decide it); tracing only adds an event before each admitted stage.
func (s *Schedule) run(w *World, o *components.View, t *Tick) {
	t.have = presence(o)
	if w.Trace != nil {
		s.runTraced(w, o, t)
		return
	}
	for i := range s.Stages {
		st := &s.Stages[i]
		if st.Gate.admits(t) && st.Run != nil {
			st.Run(w, o, t)
		}
	}
}

// runTraced is run with an event before every admitted stage.
func (s *Schedule) runTraced(w *World, o *components.View, t *Tick) {
	for i := range s.Stages {
		st := &s.Stages[i]
		if !st.Gate.admits(t) {
			continue
		}
		w.emit(Event{Frame: w.FrameNo, Obj: o.Phys.GUID, Kind: KindStage, Schedule: s.Name, Stage: st.Name, Dt: t.Dt})
		if st.Run != nil {
			st.Run(w, o, t)
		}
	}
}

// The untraced ordinary tick runs the table as straight-line calls,
// generated from ordinaryStages into ordinary_direct.go (written out in
// UpdateObject's quantum loop) together with a copy of the table it was
// generated from (directOrdinary). The direct path runs only while the world's ordinary
// schedule is that copy, stage for stage — same names, gates and bodies —
// so an edit to the table, in the source or at run time, sends untraced
// ticks through the table walk until the file is generated again, and
// TestDirectOrdinaryIsGenerated fails until it is.
//
//go:generate go test -run ^TestDirectOrdinaryIsGenerated$ . -args -update-direct

// matches reports whether s runs exactly stages: same names, gates and
// bodies in the same order.
func (s *Schedule) matches(stages []Stage) bool {
	if len(s.Stages) != len(stages) {
		return false
	}
	for i := range s.Stages {
		a, b := &s.Stages[i], &stages[i]
		if a.Name != b.Name || a.Gate != b.Gate || funcPC(a.Run) != funcPC(b.Run) {
			return false
		}
	}
	return true
}

// funcPC identifies a stage body, or a frame step's condition or body (0
// for none).
func funcPC[F StageFunc | func(*World) | func(*World) bool](f F) uintptr {
	if f == nil {
		return 0
	}
	return reflect.ValueOf(f).Pointer()
}

// ordinaryIsDirect reports whether the ordinary schedule is the table
// UpdateObject's direct path was generated from, checked once per physics time (a
// change to w.Ordinary takes effect at the next tick).
func (w *World) ordinaryIsDirect() bool {
	if w.direct.checked && w.direct.now == w.Now {
		return w.direct.ok
	}
	return w.checkDirect()
}

// checkDirect compares the ordinary schedule with the direct path's table
// and remembers the answer for this physics time (ordinaryIsDirect).
func (w *World) checkDirect() bool {
	w.direct.checked, w.direct.now = true, w.Now
	w.direct.ok = w.Ordinary.matches(directOrdinary[:])
	return w.direct.ok
}
