package systems

import "github.com/dereth/dereth/physics"

// Residency is landblock streaming as the world sees it (package stream's
// Adapter implements it): render and collision residency, kept apart from
// every object's authoritative cell (seed 003 §2.1).
type Residency interface {
	// FrameBoundary follows focus (the player, or an accepted teleport
	// destination) — a hard recenter when hard — and publishes the builds
	// completed since the last frame. The world calls it once per frame,
	// before the ordinary tick.
	FrameBoundary(focus physics.Position, hard bool)
	// WorldRevealReady is seed 003 §2's one reveal predicate.
	WorldRevealReady(dest physics.Position) bool
	// Hydratable reports whether the data holds the cell (an unhydratable
	// destination is ready, and its placement is reported loudly).
	Hydratable(cell uint32) bool
	// DrawRadius is how many landblocks around the focus may be resident
	// (the Far ring's radius): the renderer draws that far.
	DrawRadius() int
}

// Trace kinds of streaming and travel.
const (
	// KindStream is a streaming event: Stage is the event (request,
	// publish, drop, teardown, gen, error), Detail the operation,
	// landblock, tier, generation and reason.
	KindStream Kind = "stream"
	// KindTravel is a login or portal step: Stage is begin, destination,
	// spatial_commit or reveal, Detail login or portal.
	KindTravel Kind = "travel"
)

// TraceStream records a streaming event (the Adapter's observer).
func (w *World) TraceStream(stage, detail string) {
	if w.Trace != nil {
		w.Trace.Event(&Event{Frame: w.FrameNo, Kind: KindStream, Stage: stage, Detail: detail})
	}
}
