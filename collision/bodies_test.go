package collision

import (
	"errors"
	"math"
	"testing"
	"unsafe"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// crowdPos is the position of the i-th of a crowd 3 units apart, 40 to
// a row, in landblock 0xA9B4.
func crowdPos(i int) physics.Position {
	x, y := float32(10+3*(i%40)), float32(10+3*(i/40))
	return physics.Position{Cell: dat.CellAt(0xA9B40000, x, y), Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y}, Orientation: physics.IdentityQuat}}
}

var walkerSetup = &dat.Setup{ID: 0x02000001, Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}}

// TestBodiesALineApart: the bodies of a crowd placed one after another
// lie a line after another, each starting on a line, its bodyCold too,
// across more than one chunk.
func TestBodiesALineApart(t *testing.T) {
	b := NewBroadphase(nil, nil)
	const n = bodyChunk + 100
	for i := range n {
		pos := crowdPos(i)
		b.Place(uint32(100+i), &pos, 1, walkerSetup, false)
	}
	for i := range n {
		bd := b.list[i]
		at, cold := uintptr(unsafe.Pointer(bd)), uintptr(unsafe.Pointer(bd.bodyCold))
		if at%64 != 0 || cold%64 != 0 {
			t.Fatalf("body %d at %#x, its cold part at %#x: not on a line", i, at, cold)
		}
		if i%bodyChunk == 0 {
			continue
		}
		if prev := uintptr(unsafe.Pointer(b.list[i-1])); at-prev != 64 {
			t.Fatalf("body %d is %d bytes after body %d, want 64", i, int64(at)-int64(prev), i-1)
		}
	}
	if len(b.store.chunks) != 2 {
		t.Fatalf("%d chunks for %d bodies, want 2", len(b.store.chunks), n)
	}
}

// TestDroppedBodiesAreMadeAgain: a dropped body goes back to the store,
// zeroed, and the next body placed is made from it; the broad phase
// finds the new body and not the old, and makes no more chunks.
func TestDroppedBodiesAreMadeAgain(t *testing.T) {
	b := NewBroadphase(nil, nil)
	for i := range 10 {
		pos := crowdPos(i)
		b.Place(uint32(100+i), &pos, 1, walkerSetup, false)
	}
	old := b.bodies[103]
	b.Drop(103)
	if old.guid != 0 || old.circle != nil || old.shapes != nil || old.query != 0 {
		t.Fatalf("a dropped body keeps guid %d, circle %v, shapes %v, mark %d", old.guid, old.circle, old.shapes, old.query)
	}
	pos := crowdPos(3)
	b.Place(200, &pos, 1, walkerSetup, false)
	if b.bodies[200] != old {
		t.Fatal("the body placed after a drop was not made from the dropped one")
	}
	if len(b.store.hot) != 10 || len(b.store.chunks) != 1 {
		t.Fatalf("%d bodies made in %d chunks for 10 live ones, want 10 in 1", len(b.store.hot), len(b.store.chunks))
	}
	lo, hi := physics.Vec3{X: 17, Y: 8}, physics.Vec3{X: 21, Y: 12, Z: 2}
	obs := b.Obstacles(0xA9B40000, lo, hi, 0, nil)
	if len(obs) != 1 || obs[0].GUID != 200 {
		t.Fatalf("a query over the new body gathers %+v, want its 200 alone", obs)
	}
}

// TestQueryNumbersWrapAround: after 2³² queries the query number starts
// again; a body marked by the first query is not taken for one the new
// first query already looked at, and the queries across the wrap gather
// what the same queries gather in a fresh broad phase.
func TestQueryNumbersWrapAround(t *testing.T) {
	fresh := func() *Broadphase {
		b := NewBroadphase(nil, nil)
		for i := range 200 {
			pos := crowdPos(i)
			b.Place(uint32(100+i), &pos, 1, walkerSetup, false)
		}
		return b
	}
	// Boxes over several cells (the scan that reads the marks), each
	// with bodies in it.
	first := [2]physics.Vec3{{X: 8, Y: 8}, {X: 30, Y: 20, Z: 2}}
	other := [2]physics.Vec3{{X: 40, Y: 12}, {X: 60, Y: 30, Z: 2}}
	// The last number, then the first again (over the bodies query 1
	// marked), then the second.
	boxes := [][2]physics.Vec3{other, first, other}
	want := fresh()
	var wants [][]Obstacle
	for _, bx := range boxes {
		wants = append(wants, want.Obstacles(0xA9B40000, bx[0], bx[1], 0, nil))
	}
	b := fresh()
	// Query 1 marks the first box's bodies 1.
	b.Obstacles(0xA9B40000, first[0], first[1], 0, nil)
	b.query = math.MaxUint32 - 1
	for i, bx := range boxes {
		got := b.Obstacles(0xA9B40000, bx[0], bx[1], 0, nil)
		if len(got) == 0 || len(got) != len(wants[i]) {
			t.Fatalf("box %d after query %d: %d obstacles, want %d", i, b.query, len(got), len(wants[i]))
		}
		for k := range got {
			if got[k].GUID != wants[i][k].GUID {
				t.Fatalf("box %d: obstacle %d is %d, want %d", i, k, got[k].GUID, wants[i][k].GUID)
			}
		}
	}
	if b.query != 2 {
		t.Fatalf("query number %d after the wrap, want 2", b.query)
	}
}

// blockLand is a Land of one landblock, whose build can be replaced.
type blockLand struct{ lb *Landblock }

func (l *blockLand) Landblock(block uint32) *Landblock {
	if l.lb != nil && l.lb.Block == block {
		return l.lb
	}
	return nil
}

// setupAssets resolves one Setup.
type setupAssets struct{ s *dat.Setup }

func (a setupAssets) Setup(id uint32) (*dat.Setup, error) {
	if id == a.s.ID {
		return a.s, nil
	}
	return nil, errors.New("no such Setup")
}
func (setupAssets) GfxObj(uint32) (*dat.GfxObj, error) { return nil, errors.New("no GfxObjs") }
func (setupAssets) Environment(uint32) (*dat.Environment, error) {
	return nil, errors.New("no Environments")
}

// TestStaticsMadeAgain: a landblock's statics, dropped when its build
// changes or it is forgotten, are made again from the store's dropped
// bodies, and the new build's statics are the obstacles.
func TestStaticsMadeAgain(t *testing.T) {
	const block = 0xA9B40000
	tree := &dat.Setup{ID: 0x02000123, CylSpheres: []dat.CylSphere{{Radius: 0.6, Height: 4}}}
	build := func(x float32) *Landblock {
		var st []Static
		for i := range 20 {
			pos := crowdPos(i)
			pos.Frame.Origin.X += x
			st = append(st, Static{ID: tree.ID, Cell: dat.CellAt(block, pos.Frame.Origin.X, pos.Frame.Origin.Y), Frame: pos.Frame, Scale: 1})
		}
		return &Landblock{Block: block, Scenery: st}
	}
	land := &blockLand{lb: build(0)}
	b := NewBroadphase(land, setupAssets{tree})
	around := func(x float32) int {
		b.BeginSync()
		b.EndSync()
		lo, hi := physics.Vec3{X: 8 + x, Y: 8}, physics.Vec3{X: 12 + x, Y: 12, Z: 2}
		return len(b.Obstacles(block, lo, hi, 0, nil))
	}
	if n := around(0); n != 1 {
		t.Fatalf("%d obstacles about the first tree, want 1", n)
	}
	made := len(b.store.hot)
	land.lb = build(1.5) // a new build: every tree 1.5 units east
	if n := around(1.5); n != 1 {
		t.Fatalf("%d obstacles about the first tree moved, want 1", n)
	}
	if n := around(-1.5); n != 0 {
		t.Fatalf("%d obstacles where the first tree was, want 0", n)
	}
	b.Forget(block)
	if n := around(1.5); n != 1 {
		t.Fatalf("%d obstacles about the first tree after Forget, want 1", n)
	}
	if len(b.store.hot) != made {
		t.Fatalf("%d bodies made for 20 statics published three times, want %d", len(b.store.hot), made)
	}
}
