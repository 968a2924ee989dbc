package systems

import (
	"fmt"

	"dereth/components"
	"dereth/protocol"
)

// moveTo hands MovementData types 6–9 to the MoveToManager.
func (w *World) moveTo(o *components.Object, md *protocol.MovementData) {
	w.traceMessage(o.Phys.GUID, fmt.Sprintf("movement type %d: no MoveToManager yet", md.Type))
}
