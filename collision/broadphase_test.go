package collision

import (
	"math/rand/v2"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestTypedCellsMirrorResolv: after every change of a random crowd —
// bodies added, walking a little or far (across cell lines and into the
// next landblocks), turning, changing scale and dropped — each cell's
// typed list (what the query reads) holds the bodies of resolv's list for
// that cell, in its order.
func TestTypedCellsMirrorResolv(t *testing.T) {
	b := NewBroadphase(nil, nil)
	small := &dat.Setup{ID: 0x02000001, Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}}
	wide := &dat.Setup{ID: 0x02000002, Spheres: []dat.Sphere{{Origin: physics.Vec3{X: 1.5, Z: 0.5}, Radius: 0.7}}}
	rng := rand.New(rand.NewPCG(1, 2))
	// Walkers crowd a 24-unit square across the corner of four
	// landblocks (gx, gy: world coordinates from the corner of 0xA9B4's),
	// several to a cell.
	type walker struct {
		guid   uint32
		gx, gy float32
		pos    physics.Position
		scale  float32
		s      *dat.Setup
	}
	var crowd []*walker
	at := func(w *walker) {
		bx, by := uint32(0xA9), uint32(0xB4)
		x, y := w.gx, w.gy
		if x >= dat.BlockLength {
			bx, x = bx+1, x-dat.BlockLength
		}
		if y >= dat.BlockLength {
			by, y = by+1, y-dat.BlockLength
		}
		w.pos.Cell = dat.CellAt(bx<<24|by<<16, x, y)
		w.pos.Frame.Origin = physics.Vec3{X: x, Y: y}
	}
	randPos := func(w *walker) {
		w.gx, w.gy = 180+rng.Float32()*24, 180+rng.Float32()*24
		at(w)
	}
	check := func(step int) {
		t.Helper()
		for id, s := range b.spaces {
			for gy := range gridSide {
				for gx := range gridSide {
					c := s.sp.Cell(gx, gy)
					got := s.cells[gy*gridSide+gx]
					if len(got) != len(c.Shapes) {
						t.Fatalf("step %d: space %08X cell (%d,%d): %d typed, resolv %d", step, id, gx, gy, len(got), len(c.Shapes))
					}
					for i, sh := range c.Shapes {
						if bd, _ := sh.Data().(*Body); bd != got[i] {
							t.Fatalf("step %d: space %08X cell (%d,%d) entry %d differs", step, id, gx, gy, i)
						}
					}
				}
			}
		}
	}
	for step := range 1000 {
		switch k := rng.IntN(10); {
		case k < 2 || len(crowd) < 20:
			w := &walker{guid: uint32(1000 + step), scale: 1, s: small}
			w.pos.Frame.Orientation = physics.IdentityQuat
			randPos(w)
			if rng.IntN(3) == 0 {
				w.s = wide
			}
			crowd = append(crowd, w)
			b.Place(w.guid, &w.pos, w.scale, w.s, false)
		case k < 3:
			i := rng.IntN(len(crowd))
			b.Drop(crowd[i].guid)
			crowd = append(crowd[:i], crowd[i+1:]...)
		case k < 4:
			w := crowd[rng.IntN(len(crowd))]
			randPos(w) // far, often into another landblock
			b.Place(w.guid, &w.pos, w.scale, w.s, false)
		case k < 5:
			w := crowd[rng.IntN(len(crowd))]
			w.scale = 0.5 + rng.Float32()*2
			b.Place(w.guid, &w.pos, w.scale, w.s, false)
		case k < 6:
			w := crowd[rng.IntN(len(crowd))]
			w.pos.Frame.Orientation = physics.AxisAngle(physics.Vec3{Z: rng.Float32() * 6})
			b.Place(w.guid, &w.pos, w.scale, w.s, false)
		default:
			// Every walker steps a little.
			for _, w := range crowd {
				w.gx = min(max(w.gx+rng.Float32()*2-1, 180), 204)
				w.gy = min(max(w.gy+rng.Float32()*2-1, 180), 204)
				at(w)
				b.Move(w.guid, &w.pos, w.scale)
			}
		}
		check(step)
	}
	if len(b.spaces) != 4 {
		t.Fatalf("the crowd used %d landblock spaces, want 4", len(b.spaces))
	}
}

// TestEndSyncDropsWhatNoSyncPlaced: EndSync drops exactly the bodies no
// Still, Move or Place reached since BeginSync — when Still found every
// body in order (its shortcut), when one was left out, when a Drop
// reordered the list mid-sync, and when Move went back in the list
// before Still found bodies again.
func TestEndSyncDropsWhatNoSyncPlaced(t *testing.T) {
	s := &dat.Setup{ID: 0x02000001, Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}}
	pos := func(i int) physics.Position {
		x, y := float32(10+3*i), float32(20)
		return physics.Position{Cell: dat.CellAt(0xA9B40000, x, y), Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y}, Orientation: physics.IdentityQuat}}
	}
	const n = 6
	fresh := func() (*Broadphase, []physics.Position) {
		b := NewBroadphase(nil, nil)
		ps := make([]physics.Position, n)
		b.BeginSync()
		for i := range ps {
			ps[i] = pos(i)
			b.Place(uint32(100+i), &ps[i], 1, s, false)
		}
		b.EndSync()
		return b, ps
	}
	sync := func(b *Broadphase, ps []physics.Position, visit func(i int) bool, mid func()) {
		b.BeginSync()
		for i := range ps {
			if i == n/2 && mid != nil {
				mid()
			}
			if visit(i) && !b.Still(uint32(100+i), &ps[i], 1) {
				b.Move(uint32(100+i), &ps[i], 1)
			}
		}
		b.EndSync()
	}
	has := func(b *Broadphase, want ...int) {
		t.Helper()
		if b.Bodies() != len(want) {
			t.Fatalf("%d bodies, want %v", b.Bodies(), want)
		}
		for _, i := range want {
			if _, ok := b.bodies[uint32(100+i)]; !ok {
				t.Fatalf("body %d dropped, want %v", i, want)
			}
		}
	}
	all := func(int) bool { return true }

	b, ps := fresh()
	sync(b, ps, all, nil)
	has(b, 0, 1, 2, 3, 4, 5)

	b, ps = fresh()
	sync(b, ps, func(i int) bool { return i != 4 }, nil)
	has(b, 0, 1, 2, 3, 5)

	// A Drop mid-sync of a body Still found moves the last body into its
	// place: counted, the dropped body would make up for body 5, which
	// no visit reaches.
	b, ps = fresh()
	sync(b, ps, func(i int) bool { return i != 5 }, func() { b.Drop(100) })
	has(b, 1, 2, 3, 4)

	// Move through the map sends next back, and Still finds bodies it
	// found already again: counted twice they would make up for bodies
	// 4 and 5, which no visit reaches.
	b, ps = fresh()
	sync(b, ps, func(i int) bool { return i < 4 }, func() {
		b.Move(100, &ps[0], 1)
		b.Still(101, &ps[1], 1)
		b.Still(102, &ps[2], 1)
	})
	has(b, 0, 1, 2, 3)
}
