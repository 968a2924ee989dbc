package systems

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/physics"
)

// travelEvents lists the travel events as "stage:detail".
func travelEvents(r *Recorder) string {
	var out []string
	for _, e := range r.Events {
		if e.Kind == KindTravel {
			out = append(out, e.Stage+":"+e.Detail)
		}
	}
	return strings.Join(out, ",")
}

// TestTravelRulesUnpinned pins travel rules the systems/ mutation run
// found unchecked (teleport.go:79, 94–95, 103, 106, 128, 172–173, 225).
func TestTravelRulesUnpinned(t *testing.T) {
	t.Run("a login is traced as one", func(t *testing.T) {
		w := NewWorld()
		rec := &Recorder{}
		w.Trace = rec
		o := spawnCreature(t, w, 0x50000001, nil)
		w.PlayerGUID = o.Phys.GUID
		if err := w.SmartBox.BeginLogin(destB); err != nil {
			t.Fatal(err)
		}
		want := "begin:login,destination:login cell 0x02020011,spatial_commit:login cell 0x02020011,reveal:login"
		if got := travelEvents(rec); got != want {
			t.Fatalf("travel events %s, want %s", got, want)
		}
	})
	t.Run("cancel forgets the arrival", func(t *testing.T) {
		w := NewWorld()
		o := spawnCreature(t, w, 0x50000001, nil)
		w.PlayerGUID = o.Phys.GUID
		w.SmartBox.BeginTeleport()
		w.SmartBox.CancelTravel()
		if w.SmartBox.InPortalSpace() || w.SmartBox.TravelState() != "" {
			t.Fatalf("after CancelTravel: in portal space %v, state %q", w.SmartBox.InPortalSpace(), w.SmartBox.TravelState())
		}
	})
	t.Run("no destination cell, no local player", func(t *testing.T) {
		w := NewWorld()
		rec := &Recorder{}
		w.Trace = rec
		o := spawnCreature(t, w, 0x50000001, nil)
		if err := w.SmartBox.Teleport(o.Phys.GUID, physics.Position{}); err == nil {
			t.Fatal("a teleport to cell 0 accepted")
		}
		if err := w.SmartBox.Teleport(0, destB); err == nil || rec.Events != nil && travelEvents(rec) != "" {
			t.Fatalf("guid 0 without a local player: error %v, travel %q; want an error and no travel", err, travelEvents(rec))
		}
		w.PlayerGUID = 0x50000077 // named, but no such object
		if err := w.SmartBox.Teleport(0x50000077, destB); err == nil || w.SmartBox.InPortalSpace() {
			t.Fatalf("travel without the player's object: error %v, in portal space %v; want an error, no travel left", err, w.SmartBox.InPortalSpace())
		}
	})
	t.Run("the commit restarts the player's clock, Active", func(t *testing.T) {
		w := NewWorld()
		o := spawnCreature(t, w, 0x50000001, nil)
		w.PlayerGUID = o.Phys.GUID
		w.Step(1.0 / 30)
		w.Now = 5
		o.Phys.Transient &^= physics.TransientActive
		if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
			t.Fatal(err)
		}
		if o.Phys.UpdateTime != 5 || !o.Phys.Transient.Has(physics.TransientActive) {
			t.Fatalf("update time %v, active %v; want 5 and Active", o.Phys.UpdateTime, o.Phys.Transient.Has(physics.TransientActive))
		}
	})
	t.Run("the player gone before the reveal ends the travel", func(t *testing.T) {
		w := NewWorld()
		g := &gate{ready: true}
		w.Stream = g
		o := spawnCreature(t, w, 0x50000001, nil)
		w.PlayerGUID = o.Phys.GUID
		if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
			t.Fatal(err)
		}
		w.Step(1.0 / 30) // the barrier is open: committed, the reveal waits a quantum
		if w.SmartBox.TravelState() != "committed" {
			t.Fatalf("setup: state %q", w.SmartBox.TravelState())
		}
		w.Remove(o.Phys.GUID)
		w.Step(1.0 / 30)
		if w.SmartBox.InPortalSpace() {
			t.Fatal("travel left in progress without a player")
		}
	})
}

// TestStreamFocusFollowsThePlayer pins the streaming frame boundary's focus
// (teleport.go:195–202): with no arrival pending the streamer follows the
// player's position softly (no hard recenter), also once an arrival has
// committed.
func TestStreamFocusFollowsThePlayer(t *testing.T) {
	w := NewWorld()
	g := &gate{ready: true}
	w.Stream = g
	o := spawnCreature(t, w, 0x50000001, nil)
	w.PlayerGUID = o.Phys.GUID
	start := o.Phys.Position
	w.Step(1.0 / 30)
	if last := len(g.focus) - 1; last < 0 || g.focus[last] != start || g.hard[last] {
		t.Fatalf("focus %v hard %v, want the player's position, soft", g.focus, g.hard)
	}
	if err := w.SmartBox.Teleport(o.Phys.GUID, destB); err != nil {
		t.Fatal(err)
	}
	w.Step(1.0 / 30) // commits
	if w.SmartBox.TravelState() != "committed" {
		t.Fatalf("setup: state %q", w.SmartBox.TravelState())
	}
	o.Phys.Position.Frame.Origin.X += 3 // moved since the commit
	want := o.Phys.Position
	w.Step(1.0 / 30)
	if last := len(g.focus) - 1; g.focus[last] != want || g.hard[last] {
		t.Fatalf("after the commit: focus %v hard %v, want the player's position %v, soft", g.focus[last], g.hard[last], want)
	}
}

// TestDestinationDropsThePlayersBody pins acceptDestination's dropBody
// (teleport.go:139): with streaming the player leaves its cell when the
// destination is accepted, and its body leaves the broad phase at once,
// not at its next update, so nothing moving earlier in the same frame
// collides with where it stood.
func TestDestinationDropsThePlayersBody(t *testing.T) {
	w := collideWorld(t)
	walker(t, w, 0x50000001, 60, 40, 0)
	w.Step(0.05)
	if w.collide == nil || w.collide.bp.Bodies() != 1 {
		t.Fatal("setup: the walker has no body in the broad phase")
	}
	w.Stream = &gate{}
	w.PlayerGUID = 0x50000001
	if err := w.SmartBox.Teleport(0x50000001, destB); err != nil {
		t.Fatal(err)
	}
	if w.collide.bp.Bodies() != 0 {
		t.Fatal("the travelling player's body is still in the broad phase")
	}
}
