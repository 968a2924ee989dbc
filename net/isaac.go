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
// CryptoSystem accepts them: the expected key, or one up to Window keys
// ahead (packets lost or not captured), or one skipped earlier (a late
// packet, or a resend that keeps its original key). Unlike ACE, a key that
// matches nothing leaves the window unchanged, so a forged or corrupt
// packet cannot push the generator ahead.
type KeyWindow struct {
	gen *ISAAC
	// ahead holds generated keys not yet matched, oldest first.
	ahead    [Window]uint32
	nAhead   int
	skipped  [Window]uint32
	nSkipped int
}

// Window is how many keys a KeyWindow looks ahead and how many skipped keys
// it remembers (ACE's CryptoSystem.MaximumEffortLevel).
const Window = 256

// NewKeyWindow returns the receiving window for seed.
func NewKeyWindow(seed uint32) *KeyWindow { return &KeyWindow{gen: NewISAAC(seed)} }

// Match reports whether key is an acceptable key of this direction and
// consumes it: keys generated before it are remembered as skipped (the
// oldest forgotten beyond Window).
func (w *KeyWindow) Match(key uint32) bool {
	for i := 0; i < w.nSkipped; i++ {
		if w.skipped[i] == key {
			copy(w.skipped[i:w.nSkipped], w.skipped[i+1:w.nSkipped])
			w.nSkipped--
			return true
		}
	}
	for i := 0; i < Window; i++ {
		if i == w.nAhead {
			w.ahead[i] = w.gen.Next()
			w.nAhead++
		}
		if w.ahead[i] == key {
			for _, k := range w.ahead[:i] {
				w.skip(k)
			}
			copy(w.ahead[:], w.ahead[i+1:w.nAhead])
			w.nAhead -= i + 1
			return true
		}
	}
	return false
}

func (w *KeyWindow) skip(k uint32) {
	if w.nSkipped == Window {
		copy(w.skipped[:], w.skipped[1:])
		w.nSkipped--
	}
	w.skipped[w.nSkipped] = k
	w.nSkipped++
}

// Skipped is how many earlier keys the window still accepts.
func (w *KeyWindow) Skipped() int { return w.nSkipped }
