package cli

import (
	"errors"
	"fmt"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/stream"
	"github.com/dereth/dereth/systems"
)

// lenientAssets serves a portal DAT's data and treats an id the DAT does
// not hold as absent rather than an error, so a server's world (retail
// setups) can be followed over the sample DATs: such an object is spawned
// without a Setup or MotionTable. Missing counts the ids it could not find.
type lenientAssets struct {
	*systems.DatAssets
	Missing int
	// ids are the distinct ids missing, in the order first met.
	ids  []MissingAsset
	seen map[MissingAsset]bool
}

// MissingAsset is an asset the world could not find in the DAT: its type
// (Setup, MotionTable) and id.
type MissingAsset struct {
	Type string
	ID   uint32
}

// miss counts a missing asset and records it once.
func (a *lenientAssets) miss(typ string, id uint32) {
	a.Missing++
	k := MissingAsset{Type: typ, ID: id}
	if a.seen == nil {
		a.seen = map[MissingAsset]bool{}
	}
	if !a.seen[k] {
		a.seen[k] = true
		a.ids = append(a.ids, k)
	}
}

// Setup implements systems.Assets.
func (a *lenientAssets) Setup(id uint32) (*dat.Setup, error) {
	s, err := a.DatAssets.Setup(id)
	if err != nil {
		a.miss("Setup", id)
		return nil, nil
	}
	return s, nil
}

// MotionTable implements systems.Assets.
func (a *lenientAssets) MotionTable(id uint32) (*dat.MotionTable, error) {
	t, err := a.DatAssets.MotionTable(id)
	if err != nil {
		a.miss("MotionTable", id)
		return nil, nil
	}
	return t, nil
}

// newNetWorld returns a world for a server's messages over the portal DAT
// in dir (the embedded sample DAT when empty). Without dir it has no
// terrain: objects stand where the server puts them, and the login and
// PlayerTeleport (0xF751) commit the player's position at once. With dir,
// its cell DAT streams landblocks around the player (docs/streaming.md):
// the login and every teleport wait on the reveal barrier.
func newNetWorld(dir string) (*netWorld, *lenientAssets, error) {
	portal, cell, err := OpenDATs(dir)
	if err != nil {
		return nil, nil, err
	}
	w := &netWorld{World: systems.NewWorld(), Contained: map[uint32]bool{}}
	a := &lenientAssets{DatAssets: systems.NewDatAssets(portal)}
	w.Assets, w.assets = a, a
	if dir != "" {
		if w.stream, err = attachStream(w.World, portal, cell); err != nil {
			return nil, nil, err
		}
	}
	return w, a, nil
}

// attachStream streams cell's landblocks into w (stream.DefaultConfig),
// with the portal DAT's Region for heights and procedural scenery.
func attachStream(w *systems.World, portal, cell *dat.Container) (*stream.Adapter, error) {
	src, err := stream.DatSourceOf(portal, cell)
	if err != nil {
		return nil, err
	}
	return stream.Attach(w, stream.DefaultConfig, src)
}

// beginLogin holds the local player's first position behind the reveal
// barrier once the player is known (PlayerCreate) and placed
// (CreateObject), whichever comes last; streaming only.
func (w *netWorld) beginLogin() error {
	if w.stream == nil || w.loginBegun || w.PlayerGUID == 0 {
		return nil
	}
	o := w.Object(w.PlayerGUID)
	if o == nil || o.Phys.Position.Cell == 0 {
		return nil
	}
	w.loginBegun = true
	return w.SmartBox.BeginLogin(o.Phys.Position)
}

// Close stops the streamer's workers (when streaming).
func (w *netWorld) Close() {
	if w.stream != nil {
		w.stream.Close()
	}
}

// netWorld is a world fed by a server, and the objects the server created
// that have no place in it: contained objects (inventory, a pack's
// contents) come with neither a position nor a parent, and the world only
// holds objects that stand somewhere.
type netWorld struct {
	*systems.World
	// Contained holds the guids of the objects created without a place.
	Contained map[uint32]bool
	// Created counts the CreateObjects taken (placed or contained).
	Created int
	// assets is the world's Assets, counting the DAT ids it lacked.
	assets *lenientAssets
	// stream streams the cell DAT's landblocks (--dat DIR; nil without).
	stream *stream.Adapter
	// loginBegun: the player's login went behind the reveal barrier.
	loginBegun bool
}

// maxObjects bounds the objects a live or replayed world holds, placed
// and contained together (200,000: a busy town at login is a few
// thousand; 100,000 distinct CreateObjects fit). A CreateObject of a new
// object past it is refused with errObjectBudget, which ends a live
// session saying so. A variable for tests.
var maxObjects = 200_000

// errObjectBudget is a CreateObject past maxObjects.
var errObjectBudget = errors.New("the world's object bound was hit")

// applyServerMessage applies one decoded server message to the world:
// PlayerCreate names the local player, a CreateObject without position or
// parent is recorded as contained, the world messages go through
// SmartBox.Apply, everything else (game events, login messages) is not the
// world's. applied reports whether it was taken; err is SmartBox.Apply's.
func (w *netWorld) applyServerMessage(d protocol.Message) (applied bool, err error) {
	switch m := d.(type) {
	case nil:
		return false, nil
	case *protocol.PlayerCreate:
		w.PlayerGUID = m.Guid
		return true, w.beginLogin()
	case *protocol.CreateObject:
		if w.Object(m.Guid) == nil && !w.Contained[m.Guid] && w.Len()+len(w.Contained) >= maxObjects {
			return true, fmt.Errorf("CreateObject 0x%08X: the world holds %d objects, its bound: %w", m.Guid, maxObjects, errObjectBudget)
		}
		if m.Physics.Flags&(protocol.PhysicsPosition|protocol.PhysicsParent) == 0 {
			w.Contained[m.Guid] = true
			w.Created++
			return true, nil
		}
		if _, err := w.SmartBox.CreateObject(m); err != nil {
			return true, err
		}
		delete(w.Contained, m.Guid)
		w.Created++
		return true, w.beginLogin()
	case *protocol.DeleteObject:
		if w.Contained[m.Guid] {
			delete(w.Contained, m.Guid)
			return true, nil
		}
		return true, w.SmartBox.Apply(m)
	case *protocol.UpdateMotion, *protocol.UpdatePosition, *protocol.SetState,
		*protocol.VectorUpdate, *protocol.PlayEffect, *protocol.ObjDescEvent,
		*protocol.PlayerTeleport:
		return true, w.SmartBox.Apply(m)
	}
	return false, nil
}
