package stream

import (
	"testing"
)

// FuzzStreamer drives a manual streamer with arbitrary walks, recentres,
// builds, publications and injected stale, duplicate and Far completions,
// and checks the publication owner's invariants after every boundary: a
// block is Near only while the ring wants it Near, its statics are
// installed exactly once, terrain exactly while it is published, and the
// resident set stays within the ring around the centre.
func FuzzStreamer(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 10, 3, 3, 0, 20, 4, 2, 5, 6, 3, 7, 3})
	f.Add([]byte{0, 5, 2, 0, 6, 2, 3, 4, 5, 3, 1, 200, 2, 3})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 400 {
			ops = ops[:400]
		}
		s, k, _, _ := manual(t, 1, 2)
		x, y := 100, 100
		var last Result
		for i := 0; i+1 < len(ops); i += 2 {
			op, arg := ops[i]%8, int(ops[i+1])
			switch op {
			case 0: // walk one block
				x += arg%3 - 1
				y += arg/3%3 - 1
				s.Update(at(x, y))
			case 1: // teleport
				x, y = 50+arg%100, 50+arg/2%100
				s.Recenter(at(x, y))
			case 2: // enter or leave the dungeon
				if arg%2 == 0 {
					s.Update(at(250, 250))
					s.Update(physicsCell(blk(250, 250) | 0x0101))
				} else {
					s.Update(at(x, y))
				}
			case 3:
				q := s.Queued()
				s.RunPending()
				if len(q) > 0 {
					r := q[arg%len(q)]
					b, err := s.src.Build(r)
					last = Result{Req: r, Build: b, Err: err}
				}
			case 4: // a duplicate of an earlier completion
				if last.Build != nil {
					s.Deliver(last)
				}
			case 5: // a Far completion for a block near the centre
				r := Request{Block: blk(x+arg%3-1, y+arg/3%3-1), Tier: Far, Gen: s.Gen()}
				b, err := s.src.Build(r)
				s.Deliver(Result{Req: r, Build: b, Err: err})
			case 6: // a completion of an older generation
				r := Request{Block: blk(x, y), Tier: Near, Gen: s.Gen() - Gen(1+arg%3)}
				b, err := s.src.Build(r)
				s.Deliver(Result{Req: r, Build: b, Err: err})
			case 7:
			}
			s.Publish()
			check(t, s, k)
		}
	})
}

func check(t *testing.T, s *Streamer, k *sink) {
	t.Helper()
	c, ok := s.Center()
	if !ok {
		return
	}
	ring := 2*s.cfg.FarRadius + 1
	if s.Len() > ring*ring {
		t.Fatalf("%d slots, ring %d", s.Len(), ring*ring)
	}
	for _, sl := range s.Resident() {
		if ringDistance(c, sl.Block) > s.cfg.FarRadius {
			t.Fatalf("0x%08X outside the ring around 0x%08X", sl.Block, c)
		}
		if sl.Published == Near && sl.Want != Near {
			t.Fatalf("0x%08X Near while the ring wants %s", sl.Block, sl.Want)
		}
		if want := sl.Published == Near; (k.statics[sl.Block] > 0) != want && len(sl.Build.Statics) > 0 {
			t.Fatalf("0x%08X published %s with %d statics installed", sl.Block, sl.Published, k.statics[sl.Block])
		}
		if sl.Published == Near && k.statics[sl.Block] != len(sl.Build.Statics) {
			t.Fatalf("0x%08X: %d statics installed, build has %d", sl.Block, k.statics[sl.Block], len(sl.Build.Statics))
		}
		if k.terrain[sl.Block] != (sl.Published >= Far) {
			t.Fatalf("0x%08X published %s, terrain installed %v", sl.Block, sl.Published, k.terrain[sl.Block])
		}
	}
	for b := range k.terrain {
		if s.Slot(b) == nil {
			t.Fatalf("terrain of 0x%08X installed without a slot", b)
		}
	}
}
