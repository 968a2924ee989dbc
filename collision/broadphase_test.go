package collision

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// TestTypedCellsMirrorResolv: after every change of a random crowd —
// bodies added, walking a little or far (across cell lines and into the
// next landblocks, partly or wholly out of their landblock's space, to a
// NaN position), turning (to a NaN orientation too), changing scale and
// dropped — each cell's typed list (what the query reads: its cellList
// and more) holds the bodies of resolv's list for that cell, in its
// order; and each circle is registered in the cells of its body's
// position (its Bounds' cells are reg's when exact): a circle left where
// it was while its body moves within its cells is registered right by the
// SetPosition of a later move out of them. Some cells' lists outgrow
// their cellList.
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
		w.gx, w.gy = 180+float32(rng.Float32()*24), 180+float32(rng.Float32()*24)
		at(w)
	}
	place := func(w *walker, move bool) {
		if move {
			b.Move(w.guid, &w.pos, w.scale)
		} else {
			b.Place(w.guid, &w.pos, w.scale, w.s, false)
		}
	}
	longest, stale := 0, 0
	check := func(step int) {
		t.Helper()
		for id, s := range b.spaces {
			sp := s.sp
			for gy := range gridSide {
				for gx := range gridSide {
					c := sp.Cell(gx, gy)
					first, rest := s.parts(gy*gridSide + gx)
					got := append(append([]*Body(nil), first...), rest...)
					longest = max(longest, len(got))
					if len(got) != len(c.Shapes) {
						t.Fatalf("step %d: space %08X cell (%d,%d): %d listed, resolv %d", step, id, gx, gy, len(got), len(c.Shapes))
					}
					for i, sh := range c.Shapes {
						if bd, _ := sh.Data().(*Body); bd != got[i] {
							t.Fatalf("step %d: space %08X cell (%d,%d) entry %d differs", step, id, gx, gy, i)
						}
					}
				}
			}
		}
		for _, bd := range b.bodies {
			c := bd.circle
			if c.Data() != bd || c.Space() != b.spaces[bd.block].sp || c.Radius() != bd.radius && bd.radius == bd.radius {
				t.Fatalf("step %d: body %d's circle is not its registration", step, bd.guid)
			}
			if !bd.exact {
				continue
			}
			// resolv's registration of the circle where it is: its
			// Bounds' cells (SelectTouchingCells with no margin).
			cs := c.SelectTouchingCells(0)
			if got := [4]int{cs.StartX, cs.StartY, cs.EndX, cs.EndY}; got != bd.reg() {
				t.Fatalf("step %d: body %d's circle is registered in cells %v, reg %v", step, bd.guid, got, bd.reg())
			}
			x, y := float64(bd.pos.Frame.Origin.X), float64(bd.pos.Frame.Origin.Y)
			if p := c.Position(); p.X != x || p.Y != y {
				stale++
				// Within its cells, as registered there.
				if bd.leaves(x, y, float64(bd.reach)) {
					t.Fatalf("step %d: body %d left its cells without moving its circle", step, bd.guid)
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
			place(w, false)
		case k < 3:
			i := rng.IntN(len(crowd))
			b.Drop(crowd[i].guid)
			crowd = append(crowd[:i], crowd[i+1:]...)
		case k < 4:
			w := crowd[rng.IntN(len(crowd))]
			randPos(w) // far, often into another landblock
			switch rng.IntN(10) {
			case 0: // out of its landblock's space, wholly or in part
				w.pos.Frame.Origin.X = -rng.Float32() * 3
			case 1:
				w.pos.Frame.Origin.Y = dat.BlockLength + float32(rng.Float32()*3)
			case 2:
				w.pos.Frame.Origin.X = float32(math.NaN())
			}
			place(w, false)
		case k < 5:
			w := crowd[rng.IntN(len(crowd))]
			// rng.Float32() is itself a product (u·2⁻²⁴) and ×2 compiles
			// to an add: round it too, or the two fuse.
			w.scale = 0.5 + float32(float32(rng.Float32())*2)
			place(w, false)
		case k < 6:
			w := crowd[rng.IntN(len(crowd))]
			w.pos.Frame.Orientation = physics.AxisAngle(physics.Vec3{Z: rng.Float32() * 6})
			if rng.IntN(10) == 0 { // a NaN footprint, whose radius is never its last
				w.pos.Frame.Orientation.X = float32(math.NaN())
			}
			place(w, false)
		default:
			// Every walker steps a little.
			for _, w := range crowd {
				w.gx = min(max(w.gx+float32(float32(rng.Float32())*2)-1, 180), 204)
				w.gy = min(max(w.gy+float32(float32(rng.Float32())*2)-1, 180), 204)
				at(w)
				place(w, true)
			}
		}
		check(step)
	}
	if len(b.spaces) != 4 {
		t.Fatalf("the crowd used %d landblock spaces, want 4", len(b.spaces))
	}
	if longest <= cellInline {
		t.Fatalf("no list grew past a cellList (%d bodies at most)", longest)
	}
	if stale == 0 {
		t.Fatalf("no circle was left where it was registered")
	}
}

// TestLeavesIsTheBoundsTest: leaves, from the registration's cells as
// bytes, is the test of the footprint's box against the bounds of those
// cells as float32s (NaN at the space's edges) that place made before.
func TestLeavesIsTheBoundsTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -0.5, 4, 8, 191.99, 192, 200}
	pick := func() float64 {
		if rng.IntN(4) == 0 {
			return vals[rng.IntN(len(vals))]
		}
		if rng.IntN(3) == 0 {
			return float64(rng.IntN(gridSide+1)) * CellSize // on a cell line
		}
		return float64(rng.Float64()*210) - 10
	}
	for range 200000 {
		x, y, f := pick(), pick(), float64(rng.Float64()*3)
		r := f + slack
		bd := Body{bodyCold: &bodyCold{}}
		bd.register(pick(), pick(), r)
		if rng.IntN(2) == 0 {
			bd.register(x, y, r)
		}
		reg := bd.reg()
		nan := float32(math.NaN())
		in := [4]float32{nan, nan, nan, nan}
		if reg[0] > 0 {
			in[0] = float32(reg[0]) * CellSize
		}
		if reg[1] > 0 {
			in[1] = float32(reg[1]) * CellSize
		}
		if reg[2] < gridSide-1 {
			in[2] = float32(reg[2]+1) * CellSize
		}
		if reg[3] < gridSide-1 {
			in[3] = float32(reg[3]+1) * CellSize
		}
		want := x-f < float64(in[0]) || y-f < float64(in[1]) || x+f >= float64(in[2]) || y+f >= float64(in[3])
		if got := bd.leaves(x, y, f); got != want {
			t.Fatalf("reg %v, box %v, %v ± %v: leaves %v, bounds test %v", reg, x, y, f, got, want)
		}
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

// TestQueryIsTheGeneralLoops: a query inside one landblock (scanBlock,
// and scanCrowded once a cell's list outgrows its cellList) gathers the
// obstacles the general loop (obstaclesWide) gathers for the same box, in
// the same order, in a crowd of one to a cell and of a dozen.
func TestQueryIsTheGeneralLoops(t *testing.T) {
	b := NewBroadphase(nil, nil)
	small := &dat.Setup{ID: 0x02000001, Spheres: []dat.Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}}}
	rng := rand.New(rand.NewPCG(5, 6))
	const block = 0xA9B40000
	guid := uint32(1)
	add := func(x, y float32) {
		pos := physics.Position{Cell: dat.CellAt(block, x, y), Frame: physics.Frame{Origin: physics.Vec3{X: x, Y: y}, Orientation: physics.IdentityQuat}}
		b.Place(guid, &pos, 1, small, false)
		guid++
	}
	compare := func(crowded bool) {
		t.Helper()
		if sp := b.spaces[block]; (sp.crowded != 0) != crowded {
			t.Fatalf("%d crowded cells, want crowded %v", sp.crowded, crowded)
		}
		for range 2000 {
			x, y := 20+float32(rng.Float32()*40), 20+float32(rng.Float32()*40)
			w, h := float32(rng.Float32()*6), float32(rng.Float32()*6)
			lo, hi := physics.Vec3{X: x, Y: y}, physics.Vec3{X: x + w, Y: y + h, Z: 2}
			self := uint32(0)
			if rng.IntN(2) == 0 {
				self = 1 + uint32(rng.IntN(int(guid-1)))
			}
			got := b.Obstacles(block, lo, hi, self, nil)
			b.nextQuery()
			want := b.obstaclesWide(block, lo, hi, self, nil)
			if len(got) != len(want) {
				t.Fatalf("box %v..%v: %d obstacles, the general loop %d", lo, hi, len(got), len(want))
			}
			for i := range got {
				if got[i].GUID != want[i].GUID || got[i].Frame != want[i].Frame {
					t.Fatalf("box %v..%v: obstacle %d is %08X, the general loop's %08X", lo, hi, i, got[i].GUID, want[i].GUID)
				}
			}
		}
	}
	for range 100 {
		add(20+float32(rng.Float32()*40), 20+float32(rng.Float32()*40))
	}
	compare(false)
	for range 12 { // a dozen in one cell
		add(40.5+float32(rng.Float32()*3), 40.5+float32(rng.Float32()*3))
	}
	compare(true)
}
