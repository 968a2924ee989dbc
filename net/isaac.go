package net

// ISAAC is Bob Jenkins' ISAAC generator with ACE's seeding (ISAAC.cs): the
// standard initialisation over zeroed tables, then a = b = c = seed and one
// scramble. Keys are read from the result table from index 255 down,
// scrambling again when it is used up. The zero value is not ready: use
// NewISAAC.
type ISAAC struct {
	mm, rsl [256]uint32
	a, b, c uint32
	next    int // index of the next key in rsl
}

// NewISAAC returns the generator for seed (the u32 from ConnectRequest).
func NewISAAC(seed uint32) *ISAAC {
	g := new(ISAAC)
	g.Reset(seed)
	return g
}

// Reset re-seeds g in place.
func (g *ISAAC) Reset(seed uint32) {
	*g = ISAAC{}
	var x [8]uint32
	for i := range x {
		x[i] = 0x9E3779B9
	}
	for range 4 {
		shuffle(&x)
	}
	for pass := range 2 {
		for j := 0; j < 256; j += 8 {
			for k := range 8 {
				if pass == 0 {
					x[k] += g.rsl[j+k]
				} else {
					x[k] += g.mm[j+k]
				}
			}
			shuffle(&x)
			copy(g.mm[j:j+8], x[:])
		}
	}
	g.a, g.b, g.c = seed, seed, seed
	g.scramble()
	g.next = 255
}

// Next returns the next key.
func (g *ISAAC) Next() uint32 {
	v := g.rsl[g.next]
	if g.next > 0 {
		g.next--
	} else {
		g.scramble()
		g.next = 255
	}
	return v
}

// Block returns the current result table (the 256 values Next hands out
// from index 255 down), for comparing against published test vectors.
func (g *ISAAC) Block() *[256]uint32 { return &g.rsl }

// Scramble runs one ISAAC round, refilling the result table, and restarts
// Next at index 255.
func (g *ISAAC) Scramble() {
	g.scramble()
	g.next = 255
}

func (g *ISAAC) scramble() {
	g.c++
	g.b += g.c
	a, b := g.a, g.b
	mm := &g.mm
	for i := range 256 {
		x := mm[i]
		switch i & 3 {
		case 0:
			a ^= a << 13
		case 1:
			a ^= a >> 6
		case 2:
			a ^= a << 2
		case 3:
			a ^= a >> 16
		}
		a += mm[(i+128)&0xFF]
		y := mm[(x>>2)&0xFF] + a + b
		mm[i] = y
		b = mm[(y>>10)&0xFF] + x
		g.rsl[i] = b
	}
	g.a, g.b = a, b
}

func shuffle(x *[8]uint32) {
	x[0] ^= x[1] << 11
	x[3] += x[0]
	x[1] += x[2]
	x[1] ^= x[2] >> 2
	x[4] += x[1]
	x[2] += x[3]
	x[2] ^= x[3] << 8
	x[5] += x[2]
	x[3] += x[4]
	x[3] ^= x[4] >> 16
	x[6] += x[3]
	x[4] += x[5]
	x[4] ^= x[5] << 10
	x[7] += x[4]
	x[5] += x[6]
	x[5] ^= x[6] >> 4
	x[0] += x[5]
	x[6] += x[7]
	x[6] ^= x[7] << 8
	x[1] += x[6]
	x[7] += x[0]
	x[7] ^= x[0] >> 9
	x[2] += x[7]
	x[0] += x[1]
}

// KeyWindow is the receiving side of one direction's ISAAC keys, as ACE's
// CryptoSystem accepts them: the expected key, or one further ahead
// (packets lost or not captured), or one skipped earlier (a late packet,
// or a resend that keeps its original key). It looks Window keys ahead,
// ACE's reach, or as far as the caller's sequence numbers prove keys were
// used (MatchWithin, up to MaxAhead): a burst of more than 256 lost
// packets is survived. Unlike ACE, a key that matches nothing leaves the
// window unchanged, so a forged or corrupt packet cannot push the
// generator ahead. Its memory is fixed: 2 × MaxAhead keys (32 KiB).
type KeyWindow struct {
	gen *ISAAC
	// ahead is a ring of generated keys not yet matched, oldest at head.
	ahead  [MaxAhead]uint32
	head   int
	nAhead int
	// skipped holds keys passed over, oldest first (the oldest forgotten
	// beyond MaxAhead).
	skipped  [MaxAhead]uint32
	nSkipped int
}

// Window is how many keys a KeyWindow looks ahead by default (ACE's
// CryptoSystem.MaximumEffortLevel).
const Window = 256

// MaxAhead is the furthest a KeyWindow looks ahead when the packet
// sequence proves that many packets were lost, and how many skipped keys
// it remembers for their resends: the session's packet window.
const MaxAhead = PacketWindow

// PacketWindow is how many server packets a session accepts past the last
// one it has every packet up to (the one it acks): the packets after a
// loss, held until the resend fills it. A login burst of 2,500 packets a
// second fills it in 1.6 s, longer than a NAK and its resend take.
const PacketWindow = 4096

// NewKeyWindow returns the receiving window for seed.
func NewKeyWindow(seed uint32) *KeyWindow { return &KeyWindow{gen: NewISAAC(seed)} }

// Match reports whether key is an acceptable key of this direction within
// Window keys ahead and consumes it: keys generated before it are
// remembered as skipped.
func (w *KeyWindow) Match(key uint32) bool { return w.MatchWithin(key, Window) }

// MatchWithin is Match looking up to limit keys ahead (at most MaxAhead,
// at least 1): a receiver that knows by the packet sequence that up to
// limit packets were sent since the last key it matched may look that
// far.
func (w *KeyWindow) MatchWithin(key uint32, limit int) bool {
	limit = min(max(limit, 1), MaxAhead)
	if w.at(0) == key {
		w.pop(1)
		return true
	}
	for i := 0; i < w.nSkipped; i++ {
		if w.skipped[i] == key {
			copy(w.skipped[i:w.nSkipped], w.skipped[i+1:w.nSkipped])
			w.nSkipped--
			return true
		}
	}
	for i := 1; i < limit; i++ {
		if w.at(i) == key {
			for j := range i {
				w.skip(w.ahead[(w.head+j)%MaxAhead])
			}
			w.pop(i + 1)
			return true
		}
	}
	return false
}

// at returns the i-th key ahead, generating it when needed.
func (w *KeyWindow) at(i int) uint32 {
	for w.nAhead <= i {
		w.ahead[(w.head+w.nAhead)%MaxAhead] = w.gen.Next()
		w.nAhead++
	}
	return w.ahead[(w.head+i)%MaxAhead]
}

// pop drops the first n keys ahead.
func (w *KeyWindow) pop(n int) {
	w.head = (w.head + n) % MaxAhead
	w.nAhead -= n
}

func (w *KeyWindow) skip(k uint32) {
	if w.nSkipped == MaxAhead {
		copy(w.skipped[:], w.skipped[1:])
		w.nSkipped--
	}
	w.skipped[w.nSkipped] = k
	w.nSkipped++
}

// Skipped is how many earlier keys the window still accepts.
func (w *KeyWindow) Skipped() int { return w.nSkipped }
