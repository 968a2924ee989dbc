package systems

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
)

// moveToHost is the World as every MoveTo's host (physobj.MoveToHost):
// the object table's positions and cylinders, the clock and the trace. It
// is a view of the World, not a copy: (*moveToHost)(w).
type moveToHost World

// MoveToHost returns the world as physobj.MoveToHost, for whoever starts
// a MoveTo: the SmartBox's unpack_movement, Lua's world.move_to.
func MoveToHost(w *World) physobj.MoveToHost { return (*moveToHost)(w) }

// TargetPosition is where an object currently is; false when it is gone
// or has no cell.
func (h *moveToHost) TargetPosition(guid uint32) (physics.Position, bool) {
	w := (*World)(h)
	s, ok := w.byGUID[guid]
	if !ok {
		return physics.Position{}, false
	}
	if p := components.PhysicsObj.Get(w.ECS.Entry(s.e)); p.Position.Cell != 0 {
		return p.Position, true
	}
	return physics.Position{}, false
}

// TargetCylinder is an object's radius and height for MoveTo distances.
func (h *moveToHost) TargetCylinder(guid uint32) (radius, height float32) {
	w := (*World)(h)
	if s, ok := w.byGUID[guid]; ok {
		if entry := w.ECS.Entry(s.e); entry.HasComponent(components.PartArray) {
			return physobj.Cylinder(components.PartArray.Get(entry))
		}
	}
	return physobj.Cylinder(nil)
}

// CurrentTime is the physics clock (PhysicsTimer::curr_time).
func (h *moveToHost) CurrentTime() float64 { return h.Now }

// HeadingSet is told that a MoveTo turned its mover outside a
// transition: its collision body follows at the next sync (Moved).
func (h *moveToHost) HeadingSet(guid uint32) { (*World)(h).Moved(guid) }

// MoveToDone traces how a MoveTo ended.
func (h *moveToHost) MoveToDone(guid uint32, err motion.WeenieError) {
	w := (*World)(h)
	w.SmartBox.traceMessage(guid, "MoveTo", "", fmt.Sprintf("done: 0x%02X", uint32(err)))
}
