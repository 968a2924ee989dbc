package components

import (
	"fmt"
	"testing"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/motion"
)

// TestColumnsMatchGet checks that Columns finds the very component
// ComponentType.Get finds, for every live entity of several archetypes
// (with and without a part array or presentation), after entities are
// removed (donburi swaps the last row into the hole) and after components
// are added and removed (the entity moves to another archetype), and
// across entities made after Bind (rows grow, the archetype table grows).
func TestColumnsMatchGet(t *testing.T) {
	w := donburi.NewWorld()
	var c Columns
	c.Bind(w)
	layouts := [][]donburi.IComponentType{
		{PhysicsObj, PartArray, Presentation},
		{PhysicsObj},
		{PhysicsObj, PartArray},
		{PhysicsObj, Presentation, Name},
		{PhysicsObj, PartArray, Presentation, Appearance},
	}
	var live []donburi.Entity
	for i := range 300 {
		e := w.Create(layouts[i%len(layouts)]...)
		PhysicsObj.Get(w.Entry(e)).GUID = uint32(i + 1)
		live = append(live, e)
	}
	check := func(stage string) {
		t.Helper()
		if len(live) == 0 {
			t.Fatalf("%s: no live entities left to check", stage)
		}
		for _, e := range live {
			// Locate reads the location without the entry, Remember
			// brings the memo to it: the same row and components.
			lr := c.Locate(e)
			c.Remember(e, lr)
			lpa, lpres := c.PartArray(lr), c.Presentation(lr)
			// Entry refreshes the cached entry as the world's does: the
			// same entry, entity and location.
			ce := c.Entry(e)
			if ce.Entity() != e {
				t.Fatalf("%s: Columns.Entry(%v) holds entity %v", stage, e, ce.Entity())
			}
			cr := c.Row(ce)
			entry := w.Entry(e)
			r := c.Row(entry)
			if ce != entry || cr != r {
				t.Fatalf("%s: entity %v: Columns.Entry %p at %v, world's %p at %v", stage, e, ce, cr, entry, r)
			}
			if got, want := c.PhysicsObj(r), PhysicsObj.Get(entry); got != want {
				t.Fatalf("%s: entity %v: PhysicsObj %p, Get %p", stage, e, got, want)
			}
			var wantPA *motion.PartArray
			if entry.HasComponent(PartArray) {
				wantPA = PartArray.Get(entry)
			}
			if got := c.PartArray(r); got != wantPA {
				t.Fatalf("%s: entity %v: PartArray %p, want %p", stage, e, got, wantPA)
			}
			var wantPres *PresentationData
			if entry.HasComponent(Presentation) {
				wantPres = Presentation.Get(entry)
			}
			if got := c.Presentation(r); got != wantPres {
				t.Fatalf("%s: entity %v: Presentation %p, want %p", stage, e, got, wantPres)
			}
			if lr != r || lpa != wantPA || lpres != wantPres {
				t.Fatalf("%s: entity %v: Locate %v (part array %p, presentation %p), want %v (%p, %p)", stage, e, lr, lpa, lpres, r, wantPA, wantPres)
			}
		}
	}
	check("created")

	// Remove every third entity: rows are swapped into the holes.
	kept := live[:0]
	for i, e := range live {
		if i%3 == 0 {
			w.Remove(e)
			continue
		}
		kept = append(kept, e)
	}
	live = kept
	check("after removals")

	// Move entities between archetypes, both ways.
	for i, e := range live {
		entry := w.Entry(e)
		switch {
		case i%4 == 0 && !entry.HasComponent(PartArray):
			entry.AddComponent(PartArray)
		case i%4 == 1 && entry.HasComponent(Presentation):
			entry.RemoveComponent(Presentation)
		case i%4 == 2 && !entry.HasComponent(Presentation):
			entry.AddComponent(Presentation)
		}
	}
	check("after component moves")

	// The physics state read through Columns is the stored one, not a
	// copy: a write through it is seen by Get.
	entry := w.Entry(live[len(live)/2])
	c.PhysicsObj(c.Row(entry)).GUID = 0xDEAD
	if g := PhysicsObj.Get(entry).GUID; g != 0xDEAD {
		t.Fatalf("a write through Columns is not seen by Get: GUID 0x%X", g)
	}

	// New entities (and a new archetype) after Bind.
	for range 50 {
		live = append(live, w.Create(PhysicsObj, PartArray, Motion))
	}
	check("after later creations")
}

// TestColumnsRefuseAStaleRow: PartArray and Presentation answer from the
// memo of the archetype last read, so a Row of another archetype is
// refused rather than answered from the wrong layout.
func TestColumnsRefuseAStaleRow(t *testing.T) {
	w := donburi.NewWorld()
	var c Columns
	c.Bind(w)
	bare := w.Create(PhysicsObj)
	full := w.Create(PhysicsObj, PartArray, Presentation)
	stale := c.Row(w.Entry(full))
	if c.PartArray(stale) == nil || c.Presentation(stale) == nil {
		t.Fatal("the part array and presentation of a full entity are missing")
	}
	if r := c.Row(w.Entry(bare)); c.PartArray(r) != nil || c.Presentation(r) != nil {
		t.Fatal("an entity with only a physics state has a part array or presentation")
	}
	for name, read := range map[string]func(){
		"PartArray":    func() { c.PartArray(stale) },
		"Presentation": func() { c.Presentation(stale) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s answered a Row of an archetype other than the last read", name)
				}
			}()
			read()
		}()
	}
}

// TestDrawColumnsMatchGet checks that DrawColumns resolves the very
// components ComponentType.Get finds (nil where the entity has none, its
// name or "") for every live entity of archetypes with and without each
// of the six, after removals and component moves, for entities made after
// it bound, and for a second world; and that a dead entity resolves to
// false and a zero View.
func TestDrawColumnsMatchGet(t *testing.T) {
	w := donburi.NewWorld()
	var d DrawColumns
	layouts := [][]donburi.IComponentType{
		{PhysicsObj, PartArray, Presentation, Appearance, Name},
		{PhysicsObj},
		{PhysicsObj, Name},
		{PhysicsObj, PartArray, ParticleManager, Name},
		{PhysicsObj, Presentation, Appearance},
		{PhysicsObj, PartArray, Presentation, ParticleManager, Appearance, Name, Motion},
	}
	var live []donburi.Entity
	for i := range 300 {
		e := w.Create(layouts[i%len(layouts)]...)
		entry := w.Entry(e)
		PhysicsObj.Get(entry).GUID = uint32(i + 1)
		if entry.HasComponent(Name) {
			Name.SetValue(entry, fmt.Sprintf("object %d", i))
		}
		live = append(live, e)
	}
	want := func(w donburi.World, e donburi.Entity) View {
		entry := w.Entry(e)
		v := View{Entity: entry.Entity(), Phys: PhysicsObj.Get(entry)}
		if entry.HasComponent(PartArray) {
			v.Parts = PartArray.Get(entry)
		}
		if entry.HasComponent(ParticleManager) {
			v.Particle = ParticleManager.Get(entry)
		}
		if entry.HasComponent(Presentation) {
			v.Pres = Presentation.Get(entry)
		}
		if entry.HasComponent(Appearance) {
			v.Look = Appearance.Get(entry)
		}
		if entry.HasComponent(Name) {
			v.Name = Name.GetValue(entry)
		}
		return v
	}
	check := func(stage string, w donburi.World, live []donburi.Entity) {
		t.Helper()
		if len(live) == 0 {
			t.Fatalf("%s: no live entities left to check", stage)
		}
		named := 0
		for _, e := range live {
			var got View
			if !d.Resolve(w, e, &got) {
				t.Fatalf("%s: entity %v not resolved", stage, e)
			}
			if exp := want(w, e); got != exp {
				t.Fatalf("%s: entity %v: DrawColumns %+v, Get %+v", stage, e, got, exp)
			}
			if got.Name != "" {
				named++
			}
		}
		if named == 0 {
			t.Fatalf("%s: no entity with a name checked", stage)
		}
	}
	check("created", w, live)

	// Remove every third entity: rows are swapped into the holes; the
	// removed ones no longer resolve.
	kept := live[:0]
	var dead []donburi.Entity
	for i, e := range live {
		if i%3 == 0 {
			w.Remove(e)
			dead = append(dead, e)
			continue
		}
		kept = append(kept, e)
	}
	live = kept
	check("after removals", w, live)
	for _, e := range dead {
		v := View{Name: "stale"}
		if d.Resolve(w, e, &v) || v != (View{}) {
			t.Fatalf("removed entity %v resolved: %+v", e, v)
		}
	}

	// Move entities between archetypes, both ways.
	for i, e := range live {
		entry := w.Entry(e)
		switch {
		case i%4 == 0 && !entry.HasComponent(ParticleManager):
			entry.AddComponent(ParticleManager)
		case i%4 == 1 && entry.HasComponent(Appearance):
			entry.RemoveComponent(Appearance)
		case i%4 == 2 && !entry.HasComponent(Presentation):
			entry.AddComponent(Presentation)
		case i%4 == 3 && entry.HasComponent(Name):
			entry.RemoveComponent(Name)
		}
	}
	check("after component moves", w, live)

	// New entities (and a new archetype) after binding.
	for i := range 50 {
		e := w.Create(PhysicsObj, PartArray, ParticleManager, Name, ScriptManager)
		Name.SetValue(w.Entry(e), fmt.Sprintf("late %d", i))
		live = append(live, e)
	}
	check("after later creations", w, live)

	// A second world: DrawColumns binds to it.
	w2 := donburi.NewWorld()
	var live2 []donburi.Entity
	for i := range 20 {
		e := w2.Create(PhysicsObj, Presentation, Name)
		Name.SetValue(w2.Entry(e), fmt.Sprintf("second %d", i))
		live2 = append(live2, e)
	}
	check("a second world", w2, live2)
	check("the first world again", w, live)
}
