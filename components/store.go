package components

import (
	"reflect"
	"unsafe"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/internal/prefetch"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/motion"
	"github.com/dereth/dereth/physics"
)

// Columns reads the per-frame components — the physics state, the part
// array and the presentation — straight from donburi's storage: one
// location read per entry, then one indexed load per component, where
// ComponentType.Get finds the component's storage through an interface
// call for the type id on every call. It is the same store read another
// way (no copy is kept): the pointers it returns are the ones Get returns,
// which TestColumnsMatchGet checks across archetypes, removals and
// component moves.
//
// Donburi (pinned in go.mod) exports the storage (World.StorageAccessor,
// storage.Components.Storage) but not an entry's location nor a storage's
// rows; Columns reads those two through layout mirrors of
// donburi.Entry and storage.Storage, checked by the test and, for their
// sizes, at bind time.
//
// The zero Columns is unbound; Bind ties it to a world.
type Columns struct {
	phys, parts, pres *storageMirror
	// The world's cached entries and its entity locations (Entry).
	entries  *[]*donburi.Entry
	entities **locationMapMirror
	// The archetype last asked about and whether it has a part array and
	// a presentation; an archetype's layout never changes.
	arch              int
	hasParts, hasPres bool
}

// Row is an entity's place in the store: its archetype and its index
// among that archetype's entities, as of the entry it was read from (valid
// until a component is added or removed, or an entity of the archetype is
// removed). PartArray and Presentation answer from the layout memo of
// the archetype last read.
type Row struct{ arch, idx int }

// entryMirror is donburi.Entry's layout (v1.15.7: World *world, id
// storage.EntityId, entity Entity, loc *storage.Location).
type entryMirror struct {
	world  unsafe.Pointer
	id     uint32
	entity donburi.Entity
	loc    *locationMirror
}

// locationMirror is storage.Location's layout.
type locationMirror struct {
	archetype, component int
	valid                bool
}

// locationMapMirror is storage.LocationMap's layout: the locations by
// entity id.
type locationMapMirror struct {
	locs []*locationMirror
	len  int
}

// storageMirror is storage.Storage's layout: the component pointers by
// archetype, then by the entity's index in the archetype.
type storageMirror struct {
	rows [][]unsafe.Pointer
}

// Bind ties c to w's storage of the three components (made now when w has
// none yet, as donburi makes them on first use).
func (c *Columns) Bind(w donburi.World) {
	if unsafe.Sizeof(donburi.Entry{}) != unsafe.Sizeof(entryMirror{}) {
		panic("components: donburi.Entry's layout changed; Columns needs its mirror updated")
	}
	acc := w.StorageAccessor()
	if unsafe.Sizeof(*acc.Components.Storage(PhysicsObj)) != unsafe.Sizeof(storageMirror{}) {
		panic("components: donburi's storage.Storage layout changed; Columns needs its mirror updated")
	}
	// The world's entries and entities fields, found by name and checked
	// by type (donburi's world is unexported; its address is the
	// interface's pointer).
	rw := reflect.ValueOf(w)
	if rw.Kind() != reflect.Pointer || rw.Elem().Kind() != reflect.Struct {
		panic("components: the donburi world is not a pointer to a struct; Columns needs its mirror updated")
	}
	entries, entities := rw.Elem().FieldByName("entries"), rw.Elem().FieldByName("entities")
	if !entries.IsValid() || entries.Type() != reflect.TypeOf([]*donburi.Entry(nil)) ||
		!entities.IsValid() || entities.Kind() != reflect.Pointer || entities.Type().Elem().Size() != unsafe.Sizeof(locationMapMirror{}) {
		panic("components: donburi's world layout changed; Columns needs its mirror updated")
	}
	if f, ok := entities.Type().Elem().FieldByName("LocationMap"); !ok || f.Offset != 0 || f.Type.Kind() != reflect.Slice {
		panic("components: donburi's storage.LocationMap layout changed; Columns needs its mirror updated")
	}
	col := func(p unsafe.Pointer) *storageMirror { return (*storageMirror)(p) }
	*c = Columns{
		phys:     col(unsafe.Pointer(acc.Components.Storage(PhysicsObj))),
		parts:    col(unsafe.Pointer(acc.Components.Storage(PartArray))),
		pres:     col(unsafe.Pointer(acc.Components.Storage(Presentation))),
		entries:  (*[]*donburi.Entry)(unsafe.Pointer(entries.UnsafeAddr())),
		entities: (**locationMapMirror)(unsafe.Pointer(entities.UnsafeAddr())),
		arch:     -1,
	}
}

// Entry is the world's Entry(e) read straight from the world, without
// the interface call: e's cached entry, its entity and location refreshed
// as donburi's Entry refreshes them. e must be alive, as there.
func (c *Columns) Entry(e donburi.Entity) *donburi.Entry {
	id := e.Id()
	entry := (*c.entries)[id]
	m := (*entryMirror)(unsafe.Pointer(entry))
	m.entity, m.loc = e, (*c.entities).locs[id]
	return entry
}

// Row returns entry's place in the store, and brings the layout memo
// that PartArray and Presentation answer from to entry's archetype.
func (c *Columns) Row(entry *donburi.Entry) Row {
	l := (*entryMirror)(unsafe.Pointer(entry)).loc
	if l.archetype != c.arch {
		c.remember(entry)
	}
	return Row{l.archetype, l.component}
}

// Locate is e's place in the store (Row) read from the world's entity
// locations alone: neither e's cached Entry nor donburi's entry list is
// read or written (Entry refreshes the cached entry, as donburi's Entry
// does; code that wants the entry calls Entry, which refreshes it then).
// Unlike Row it leaves the layout memo alone: call Remember before
// PartArray or Presentation (two calls, so that each inlines). e must be
// alive.
func (c *Columns) Locate(e donburi.Entity) Row {
	l := (*c.entities).locs[e.Id()]
	return Row{l.archetype, l.component}
}

// Remember brings the layout memo to r's archetype, e's (r is
// Locate(e)), as Row does.
func (c *Columns) Remember(e donburi.Entity, r Row) {
	if r.arch != c.arch {
		c.rememberEntity(e)
	}
}

// rememberEntity is remember for e's refreshed entry (out of line, so
// that Remember inlines).
//
//go:noinline
func (c *Columns) rememberEntity(e donburi.Entity) { c.remember(c.Entry(e)) }

// remember brings the layout memo to entry's archetype.
//
//go:noinline
func (c *Columns) remember(entry *donburi.Entry) {
	l := entry.Archetype().Layout()
	c.arch = (*entryMirror)(unsafe.Pointer(entry)).loc.archetype
	c.hasParts, c.hasPres = l.HasComponent(PartArray), l.HasComponent(Presentation)
}

// PhysicsObj is the physics state at r (every object has one).
func (c *Columns) PhysicsObj(r Row) *physics.Object {
	return (*physics.Object)(c.phys.rows[r.arch][r.idx])
}

// PartArray is the part array at r, nil when its archetype has none; r
// must be of the archetype of the last Row or Remember (it panics
// otherwise).
func (c *Columns) PartArray(r Row) *motion.PartArray {
	if r.arch != c.arch {
		panic("components: Columns.PartArray of a Row that is not the last read")
	}
	if !c.hasParts {
		return nil
	}
	return (*motion.PartArray)(c.parts.rows[r.arch][r.idx])
}

// Presentation is the presentation at r, nil when its archetype has
// none; r must be of the archetype of the last Row or Remember (it
// panics otherwise).
func (c *Columns) Presentation(r Row) *PresentationData {
	if r.arch != c.arch {
		panic("components: Columns.Presentation of a Row that is not the last read")
	}
	if !c.hasPres {
		return nil
	}
	return (*PresentationData)(c.pres.rows[r.arch][r.idx])
}

// DrawColumns resolves what drawing an object reads — its physics state,
// part array, particle manager, presentation, appearance and name — the
// way Columns reads the tick's: one location read per entity, a memo of
// which of the six its archetype has, then one indexed load each. The
// renderer resolves every object every frame, most of them only to cull
// them; ComponentType.Get would look each component's storage up through
// an interface call and Layout.HasComponent scan the archetype's types.
//
// The zero DrawColumns is unbound; Resolve binds it to the world it is
// given (again when given another).
type DrawColumns struct {
	world donburi.World
	// cols are the storages of drawColumnTypes, in that order.
	cols [6]*storageMirror
	// The archetype last asked about and which of the six it has.
	arch int
	has  [6]bool
}

// drawColumnTypes are the components DrawColumns reads, in its order.
var drawColumnTypes = [6]donburi.IComponentType{PhysicsObj, PartArray, ParticleManager, Presentation, Appearance, Name}

// bind ties d to w's storage of the six components (made now when w has
// none yet, as donburi makes them on first use).
func (d *DrawColumns) bind(w donburi.World) {
	if unsafe.Sizeof(donburi.Entry{}) != unsafe.Sizeof(entryMirror{}) {
		panic("components: donburi.Entry's layout changed; DrawColumns needs its mirror updated")
	}
	acc := w.StorageAccessor()
	if unsafe.Sizeof(*acc.Components.Storage(PhysicsObj)) != unsafe.Sizeof(storageMirror{}) {
		panic("components: donburi's storage.Storage layout changed; DrawColumns needs its mirror updated")
	}
	*d = DrawColumns{world: w, arch: -1}
	for k, c := range drawColumnTypes {
		d.cols[k] = (*storageMirror)(unsafe.Pointer(acc.Components.Storage(c)))
	}
}

// remember brings the layout memo to entry's archetype.
//
//go:noinline
func (d *DrawColumns) remember(entry *donburi.Entry) {
	l := entry.Archetype().Layout()
	d.arch = (*entryMirror)(unsafe.Pointer(entry)).loc.archetype
	for k, c := range drawColumnTypes {
		d.has[k] = l.HasComponent(c)
	}
}

// Resolve fills v with what drawing e reads — its physics state, part
// array, particle manager, presentation, appearance and name ("" when
// it has none) — and leaves the other components nil; it reports false
// (and leaves v zero) when e is not a live entity of w.
func (d *DrawColumns) Resolve(w donburi.World, e donburi.Entity, v *View) bool {
	if d.world != w {
		d.bind(w)
	}
	if !w.Valid(e) {
		*v = View{}
		return false
	}
	entry := w.Entry(e)
	l := (*entryMirror)(unsafe.Pointer(entry)).loc
	if l.archetype != d.arch {
		d.remember(entry)
	}
	a, i := l.archetype, l.component
	var p [6]unsafe.Pointer
	for k := range p {
		if d.has[k] {
			p[k] = d.cols[k].rows[a][i]
		}
	}
	var name string
	if p[5] != nil {
		name = *(*string)(p[5])
	}
	*v = View{
		Phys:     (*physics.Object)(p[0]),
		Parts:    (*motion.PartArray)(p[1]),
		Particle: (*managers.ParticleManager)(p[2]),
		Pres:     (*PresentationData)(p[3]),
		Look:     (*AppearanceData)(p[4]),
		Entity:   entry.Entity(),
		Name:     name,
	}
	return true
}

// Ahead asks the processor for the lines an update of e reads first, a
// whole update before it starts (the ordinary tick calls it for the
// object after the one it is updating): e's physics object (whole,
// asserted below) and the first prefetch.Span bytes of its part array
// (the table manager, the Setup, the turned spheres and the sequence's
// head), and the location of after (the object after e), which the next
// call reads. Both must be live entities. It changes nothing.
func (c *Columns) Ahead(e, after donburi.Entity) {
	locs := (*c.entities).locs
	l, la := locs[e.Id()], unsafe.Pointer(locs[after.Id()])
	if l.archetype != c.arch || !c.hasParts {
		prefetch.Two(la, la, la)
		return
	}
	prefetch.Two(c.phys.rows[l.archetype][l.component], c.parts.rows[l.archetype][l.component], la)
}

// Ahead asks for a whole physics object: these constants overflow, and
// the build fails, otherwise.
const _ = prefetch.Span - unsafe.Sizeof(physics.Object{})
