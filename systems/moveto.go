package systems

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
)

// The World is every MoveTo's host (physobj.MoveToHost).

// TargetPosition is where an object currently is; false when it is gone
// or has no cell.
func (w *World) TargetPosition(guid uint32) (physics.Position, bool) {
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
func (w *World) TargetCylinder(guid uint32) (radius, height float32) {
	if s, ok := w.byGUID[guid]; ok {
		if entry := w.ECS.Entry(s.e); entry.HasComponent(components.PartArray) {
			return physobj.Cylinder(components.PartArray.Get(entry))
		}
	}
	return physobj.Cylinder(nil)
}

// CurrentTime is the physics clock (PhysicsTimer::curr_time).
func (w *World) CurrentTime() float64 { return w.Now }

// MoveToDone traces how a MoveTo ended.
func (w *World) MoveToDone(guid uint32, err motion.WeenieError) {
	w.traceMessage(guid, "MoveTo", "", fmt.Sprintf("done: 0x%02X", uint32(err)))
}
