package systems

import (
	"fmt"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/physobj"
)

// Travel kinds: what a reveal ends.
const (
	TravelLogin  = "login"
	TravelPortal = "portal"
)

// Travel steps (trace Stage of KindTravel).
const (
	TravelBegin         = "begin"          // PlayerTeleport: portal space begins
	TravelDestination   = "destination"    // a destination was accepted; the player left its cell
	TravelBarrierOpen   = "barrier_open"   // WorldRevealReady(destination) became true
	TravelSpatialCommit = "spatial_commit" // SetPositionSimple put the player in its destination cell
	TravelReveal        = "reveal"         // the barrier is open and the world is shown
	// TravelUnhydratable: the destination's data does not exist; the
	// player is placed there anyway and the error is traced and kept
	// (SmartBox.TravelErr).
	TravelUnhydratable = "unhydratable"
)

// travel is the local player's login or portal arrival in progress
// (SmartBox's teleport_in_progress / position_update_complete).
type travel struct {
	kind     string // TravelLogin, TravelPortal; "" none
	dest     physics.Position
	haveDest bool
	// recenter: the streamer owes a hard recenter on dest.
	recenter bool
	// committed: the player is in its destination cell since commitTime.
	committed  bool
	commitTime float64
}

// awaiting reports whether PlayerTeleport arrived and the destination has
// not (a login always has its destination).
func (t *travel) awaiting() bool { return t.kind != "" && !t.haveDest }

// InPortalSpace reports whether the local player is between a login or
// teleport and its reveal: the viewer shows portal space, not the world.
func (b *SmartBox) InPortalSpace() bool { return b.travel.kind != "" }

// TravelState names the step the local player's arrival is at: "" (none),
// "awaiting" (PlayerTeleport, no destination yet), "loading" (waiting on
// the barrier) or "committed" (in its cell, reveal pending).
func (b *SmartBox) TravelState() string {
	t := &b.travel
	switch {
	case t.kind == "":
		return ""
	case t.awaiting():
		return "awaiting"
	case !t.committed:
		return "loading"
	}
	return "committed"
}

// TravelDestination is the accepted destination of the arrival in
// progress.
func (b *SmartBox) TravelDestination() (physics.Position, bool) {
	return b.travel.dest, b.travel.haveDest
}

func (b *SmartBox) traceTravel(stage, detail string) {
	w := b.w
	if w.Trace != nil {
		w.Trace.Event(&Event{Frame: w.FrameNo, Obj: w.PlayerGUID, Kind: KindTravel, Stage: stage, Detail: detail})
	}
}

// CancelTravel forgets an arrival in progress (the world is being reset).
func (b *SmartBox) CancelTravel() { b.travel = travel{} }

// BeginTeleport is PlayerTeleport (0xF751) for the local player
// (gmSmartBoxUI::BeginTeleportAnimation): portal space begins and the
// next teleport-sequence UpdatePosition is the destination.
func (b *SmartBox) BeginTeleport() {
	b.travel = travel{kind: TravelPortal}
	b.traceTravel(TravelBegin, TravelPortal)
}

// BeginLogin holds the local player's first position behind the reveal
// barrier: the player leaves its cell (update_object's cell == null early
// return) until WorldRevealReady(dest), then enters it. Without streaming
// it enters at once.
func (b *SmartBox) BeginLogin(dest physics.Position) error {
	b.travel = travel{kind: TravelLogin}
	b.traceTravel(TravelBegin, TravelLogin)
	return b.acceptDestination(dest)
}

// Teleport moves object guid to dest. The local player travels through
// portal space (TeleportPlayer behind the reveal barrier); any other
// object is placed at once with SetPositionSimple.
func (b *SmartBox) Teleport(guid uint32, dest physics.Position) error {
	w := b.w
	if dest.Cell == 0 {
		return fmt.Errorf("systems: teleport 0x%08X: destination has no cell", guid)
	}
	if guid != w.PlayerGUID || w.PlayerGUID == 0 {
		o := w.Object(guid)
		if o == nil {
			return fmt.Errorf("systems: teleport of unknown object 0x%08X", guid)
		}
		b.SetPositionSimple(o, dest)
		return nil
	}
	if b.travel.kind == "" || b.travel.haveDest {
		b.travel = travel{kind: TravelPortal}
		b.traceTravel(TravelBegin, TravelPortal)
	}
	return b.acceptDestination(dest)
}

// acceptDestination records the player's accepted destination. With
// streaming, the player leaves its old cell and the streamer owes a hard
// recenter on dest; the spatial commit waits for the barrier at a frame
// boundary. Without streaming everything is resident: the commit is now.
func (b *SmartBox) acceptDestination(dest physics.Position) error {
	w := b.w
	o := w.Object(w.PlayerGUID)
	if o == nil {
		b.travel = travel{}
		return fmt.Errorf("systems: travel without a local player 0x%08X", w.PlayerGUID)
	}
	t := &b.travel
	t.dest, t.haveDest, t.committed = dest, true, false
	b.traceTravel(TravelDestination, fmt.Sprintf("%s cell 0x%08X", t.kind, dest.Cell))
	if w.Stream == nil {
		b.commitArrival(o)
		return nil
	}
	o.Phys.Position.Cell = 0
	w.dropBody(o.Phys.GUID)
	w.Moved(o.Phys.GUID)
	t.recenter = true
	return nil
}

// SetPositionSimple is CPhysicsObj::SetPositionSimple (0x005162B0) as
// SmartBox::TeleportPlayer uses it: change_cell into the destination cell
// and the frame, attached children follow, then CPartArray::
// HandleEnterWorld strips links (the cursor lands on the cyclic tail). A
// hidden object keeps sampling that pose without advancing time.
// MovementManager::HandleEnterWorld (0x00524F40) follows: it changes
// nothing the port models (ACE's body is a commented-out notice).
//
// With collision on, the destination goes through the placement search
// first (CheckPositionInternal → FindPlacementPosition, physobj.Place,
// sliding allowed): a destination overlapping a wall, a static object or
// another creature is moved to the nearest free spot within 4 units and
// stepped down onto the ground under it; without a placement the
// destination is taken as sent (divergence TR-01).
func (b *SmartBox) SetPositionSimple(o *components.View, dest physics.Position) {
	w := b.w
	if r := w.resolver(); r != nil && o.Phys.Parent == 0 {
		w.useLand()
		dest, _ = physobj.Place(o, dest, true, r)
	}
	w.SetPositionInternal(o, dest)
	if o.Parts != nil {
		o.Parts.HandleEnterWorld()
	}
}

// commitArrival is the spatial commit of an arrival whose barrier opened:
// SmartBox::TeleportPlayer (0x00453910) for a portal exit, the enter_world
// tail for the login — both SetPositionSimple(destination). The player's
// clock restarts now (prepare_to_enter_world), so its simulation — the
// Script/Particle tails, a queued Hidden PES — resumes behind the portal
// viewport on the next quantum, Active again. An unhydratable destination
// is placed anyway and reported (TravelErr, trace "unhydratable").
func (b *SmartBox) commitArrival(o *components.View) {
	w := b.w
	t := &b.travel
	if w.Stream != nil && !w.Stream.Hydratable(t.dest.Cell) {
		b.TravelErr = fmt.Errorf("systems: %s destination cell 0x%08X cannot be hydrated: no such landblock or EnvCell in the data", t.kind, t.dest.Cell)
		b.traceTravel(TravelUnhydratable, b.TravelErr.Error())
	}
	b.SetPositionSimple(o, t.dest)
	o.Phys.UpdateTime = w.Now
	o.Phys.Transient |= physics.TransientActive // update_object's cell == null return cleared it
	t.committed, t.commitTime = true, w.Now
	w.player.valid = false
	b.traceTravel(TravelSpatialCommit, fmt.Sprintf("%s cell 0x%08X", t.kind, t.dest.Cell))
	if w.Stream == nil {
		b.reveal()
	}
}

func (b *SmartBox) reveal() {
	b.traceTravel(TravelReveal, b.travel.kind)
	b.travel = travel{}
}

// streamBoundary is the frame boundary of streaming: the streamer follows
// the player (or the destination; with neither, StreamFocus), publishes,
// and an arrival whose barrier opened commits its cell before the
// ordinary tick.
func streamBoundary(w *World) {
	if w.Stream == nil {
		return
	}
	b := &w.SmartBox
	t := &b.travel
	focus, hard := physics.Position{}, false
	switch {
	case t.haveDest && !t.committed:
		focus, hard = t.dest, t.recenter
		t.recenter = false
	default:
		if p := w.localPlayer(); p != nil {
			focus = p.Position
		} else if w.StreamFocus != nil {
			focus = w.StreamFocus()
		}
	}
	w.streamFocus, w.streamFocused = focus, true
	w.Stream.FrameBoundary(focus, hard)
	if t.haveDest && !t.committed && w.Stream.WorldRevealReady(t.dest) {
		b.traceTravel(TravelBarrierOpen, t.kind)
		if o := w.Object(w.PlayerGUID); o != nil {
			b.commitArrival(o)
		}
	}
}

// StreamSettled reports whether the world is as loaded as it will get
// around its focus: no streaming, or a frame boundary has run, no travel
// is under way and the landblocks around the last boundary's focus (the
// player, or StreamFocus) are published and ready to draw (the reveal
// predicate). A screenshot waits for it.
func (b *SmartBox) StreamSettled() bool {
	w := b.w
	if w.Stream == nil {
		return true
	}
	return w.streamFocused && !b.InPortalSpace() && w.Stream.WorldRevealReady(w.streamFocus)
}

// revealBoundary ends a frame: an arrival committed earlier reveals the
// world once the player's own simulation has run a quantum since the
// commit (its Hidden PES and tails fired behind the portal viewport) and
// the barrier is still open.
func revealBoundary(w *World) {
	b := &w.SmartBox
	t := &b.travel
	if w.Stream == nil || !t.committed {
		return
	}
	p := w.localPlayer()
	if p == nil {
		b.travel = travel{}
		return
	}
	if p.UpdateTime > t.commitTime && w.Stream.WorldRevealReady(t.dest) {
		b.reveal()
	}
}
