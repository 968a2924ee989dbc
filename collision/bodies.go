package collision

// bodyStore makes and keeps the broad phase's bodies: each body's first
// line (Body, 64 bytes) in one chunk of bodies and its bodyCold in
// another, both starting on a line, a body made after another the line
// after it while a chunk lasts. A crowd's bodies, made in the order the
// sync walks its objects, are the order the tick moves them in: a
// query's neighbours in the row ahead are a run of lines, one more for
// each walker, which the processor's prefetch follows (with a body a
// 256-byte object of its own, the line it read was every fourth, and it
// did not: docs/performance.md, "Issue 26 (round 10: bodies a line
// apart)"). A dropped body goes back to the store and is made again
// first.
type bodyStore struct {
	// hot and cold are the chunk being handed out.
	hot  []Body
	cold []bodyCold
	// chunks are every chunk's bodies, for clearMarks.
	chunks [][]Body
	// free are the dropped bodies, zeroed.
	free []*Body
}

// bodyChunk is how many bodies a chunk holds: 32 KiB of Bodies, 64 KiB
// of their bodyColds (each an allocation that starts on a page).
const bodyChunk = 512

// alloc returns a zero body (its bodyCold zero too).
func (s *bodyStore) alloc() *Body {
	if n := len(s.free); n > 0 {
		bd := s.free[n-1]
		s.free[n-1] = nil
		s.free = s.free[:n-1]
		return bd
	}
	if len(s.hot) == cap(s.hot) {
		s.hot = make([]Body, 0, bodyChunk)
		s.cold = make([]bodyCold, 0, bodyChunk)
		s.chunks = append(s.chunks, s.hot[:bodyChunk])
	}
	s.hot, s.cold = s.hot[:len(s.hot)+1], s.cold[:len(s.cold)+1]
	bd := &s.hot[len(s.hot)-1]
	bd.bodyCold = &s.cold[len(s.cold)-1]
	return bd
}

// release takes back a body nothing refers to any more (out of its
// space, the lists and the maps), zeroed for its next alloc.
func (s *bodyStore) release(bd *Body) {
	c := bd.bodyCold
	*c = bodyCold{}
	*bd = Body{bodyCold: c}
	s.free = append(s.free, bd)
}

// clearMarks sets every body's query mark to 0 (none), for a query
// number that wrapped around (nextQuery).
func (s *bodyStore) clearMarks() {
	for _, ch := range s.chunks {
		for i := range ch {
			ch[i].query = 0
		}
	}
}

// nextQuery numbers a new Obstacles query: the marks it leaves on the
// bodies it looks at (Body.query) are its number. After 2³² queries the
// number wraps around: every mark is cleared then, and the numbers start
// again at 1, so that no mark left by an earlier query is taken for the
// new one's.
func (b *Broadphase) nextQuery() uint32 {
	b.query++
	if b.query == 0 {
		b.store.clearMarks()
		b.query = 1
	}
	return b.query
}
