package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func build(t testing.TB, b *Builder) []byte {
	t.Helper()
	data, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func open(t testing.TB, data []byte) *Container {
	t.Helper()
	c, err := Open(bytes.NewReader(data), int64(len(data)), "test.dat")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func objData(id uint32, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(int(id) + i*7)
	}
	return b
}

// TestDirectoryMultiLevel builds trees of several depths (ids above
// 0x7FFFFFFF included, so a signed compare would break) and looks every id up.
func TestDirectoryMultiLevel(t *testing.T) {
	for _, n := range []int{0, 1, 61, 62, 200, 3844, 5000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			b := NewBuilder(DatasetCell)
			var ids []uint32
			for i := 0; i < n; i++ {
				id := uint32(i) * 0x0001_3579
				if i%2 == 1 {
					id |= 0x80000000
				}
				ids = append(ids, id)
				b.Add(id, objData(id, i%600))
			}
			c := open(t, build(t, b))
			if c.Len() != n {
				t.Fatalf("listed %d entries, want %d", c.Len(), n)
			}
			for i, e := range c.Entries() {
				if i > 0 && c.Entries()[i-1].ID >= e.ID {
					t.Fatalf("entries not ascending at %d", i)
				}
			}
			buf := make([]byte, 0, 1024)
			for i, id := range ids {
				got, err := c.ReadAppend(buf, id)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, objData(id, i%600)) {
					t.Fatalf("object 0x%08X: wrong bytes", id)
				}
			}
			if _, err := c.Read(0x7FFFFFFF); !errors.Is(err, ErrNotFound) {
				t.Fatalf("missing id: err %v, want ErrNotFound", err)
			}
		})
	}
}

func TestDirectoryDepth(t *testing.T) {
	b := NewBuilder(DatasetPortal)
	for i := 0; i < 5000; i++ {
		b.Add(uint32(i), []byte{1})
	}
	data := build(t, b)
	root := binary.LittleEndian.Uint32(data[HeaderOffset+0x20:])
	node := readNode(data, root, PortalBlockSize)
	if binary.LittleEndian.Uint32(node[0:]) == 0 {
		t.Fatal("5000 objects built a single-level directory")
	}
	child := readNode(data, binary.LittleEndian.Uint32(node[0:]), PortalBlockSize)
	if binary.LittleEndian.Uint32(child[0:]) == 0 {
		t.Fatal("5000 objects built a two-level directory; want three levels")
	}
}

// readNode follows a well-formed chain (test helper, no checks).
func readNode(data []byte, off, bs uint32) []byte {
	var out []byte
	for len(out) < NodeSize {
		n := min(int(bs-4), NodeSize-len(out))
		out = append(out, data[off+4:off+4+uint32(n)]...)
		off = binary.LittleEndian.Uint32(data[off:])
	}
	return out
}

// TestDRWLeafFill reads a leaf whose unused branches hold 0xCDCDCDCD.
func TestDRWLeafFill(t *testing.T) {
	b := NewBuilder(DatasetPortal)
	b.Add(0x01000001, []byte("hello"))
	data := build(t, b)
	root := binary.LittleEndian.Uint32(data[HeaderOffset+0x20:])
	for i := 0; i < NodeBranches; i++ {
		putNode(data, root, PortalBlockSize, i*4, noBranch)
	}
	c := open(t, data)
	got, err := c.Read(0x01000001)
	if err != nil || string(got) != "hello" {
		t.Fatalf("got %q, %v", got, err)
	}
}

// putNode writes a u32 at a payload offset of the chained node at off.
func putNode(data []byte, off, bs uint32, at int, v uint32) {
	p := int(bs - 4)
	for at >= p {
		off = binary.LittleEndian.Uint32(data[off:])
		at -= p
	}
	if at+4 > p { // straddles two blocks
		var tmp [4]byte
		binary.LittleEndian.PutUint32(tmp[:], v)
		for i := 0; i < 4; i++ {
			putNodeByte(data, off, bs, at+i, tmp[i])
		}
		return
	}
	binary.LittleEndian.PutUint32(data[int(off)+4+at:], v)
}

func putNodeByte(data []byte, off, bs uint32, at int, v byte) {
	p := int(bs - 4)
	for at >= p {
		off = binary.LittleEndian.Uint32(data[off:])
		at -= p
	}
	data[int(off)+4+at] = v
}

func TestDatasets(t *testing.T) {
	tests := []struct {
		ds   Dataset
		name string
		want Dataset
	}{
		{DatasetPortal, "client_portal.dat", DatasetPortal},
		{DatasetPortal, "client_highres.dat", DatasetHighRes},
		{DatasetPortal, "client_local_English.dat", DatasetLocal},
		{DatasetCell, "client_cell_1.dat", DatasetCell},
		{DatasetHighRes, "x.dat", DatasetHighRes},
		{DatasetLocal, "x.dat", DatasetLocal},
	}
	for _, tc := range tests {
		data := build(t, NewBuilder(tc.ds))
		c, err := Open(bytes.NewReader(data), int64(len(data)), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if c.Dataset() != tc.want {
			t.Errorf("%s: dataset %v, want %v", tc.name, c.Dataset(), tc.want)
		}
	}
}

// corruptCase damages a valid container and names the error it must cause.
type corruptCase struct {
	name string
	// mutate damages data (a portal DAT holding objects 1..3 and, for big,
	// 0x100); it returns the new file bytes.
	mutate func(t *testing.T, data []byte, c *Container) []byte
	// readID, when set, is read after a successful Open; the error must
	// come from that read.
	readID uint32
	want   string
}

func entryOf(t *testing.T, c *Container, id uint32) Entry {
	e, ok := c.Lookup(id)
	if !ok {
		t.Fatalf("no entry 0x%X", id)
	}
	return e
}

func putU32(data []byte, at uint32, v uint32) { binary.LittleEndian.PutUint32(data[at:], v) }

// setEntry rewrites a directory entry field (field 2 = offset, 3 = size) in
// the root node, which in these small DATs holds every entry.
func setEntry(t *testing.T, data []byte, idx, field int, v uint32) {
	root := binary.LittleEndian.Uint32(data[HeaderOffset+0x20:])
	putNode(data, root, PortalBlockSize, NodeBranches*4+4+idx*EntrySize+field*4, v)
}

// TestRobustness covers every check of dat-format.md §1.5: each damaged
// DAT must give an error naming the DAT (and the object and an offset where
// one is involved) within a second, never a panic or a hang.
func TestRobustness(t *testing.T) {
	const big = 0x100 // an object spanning 4 blocks
	tests := []corruptCase{
		{name: "file shorter than header", want: "shorter than",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { return d[:0x150] }},
		{name: "bad magic", want: "magic",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { putU32(d, HeaderOffset, 0x1234); return d }},
		{name: "block size 4", want: "block size",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { putU32(d, HeaderOffset+4, 4); return d }},
		{name: "block size 0", want: "block size",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { putU32(d, HeaderOffset+4, 0); return d }},
		{name: "block size beyond file", want: "block size",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { putU32(d, HeaderOffset+4, 1<<30); return d }},
		{name: "root outside file", want: "directory root",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				putU32(d, HeaderOffset+0x20, uint32(len(d)))
				return d
			}},
		{name: "root inside header", want: "directory root",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { putU32(d, HeaderOffset+0x20, 0x100); return d }},
		{name: "truncated file", want: "truncated: the header records 10240 bytes, the file has 1524",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				return d[:binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])+500]
			}},
		{name: "truncated file, header's size cut too", want: "directory node",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				d = d[:binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])+500]
				putU32(d, HeaderOffset+8, uint32(len(d)))
				return d
			}},
		{name: "one byte short", want: "(1 missing)",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { return d[:len(d)-1] }},
		{name: "entry count above 61", want: "entry_count",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				putNode(d, root, PortalBlockSize, NodeBranches*4, 62)
				return d
			}},
		{name: "entry count huge", want: "entry_count",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				putNode(d, root, PortalBlockSize, NodeBranches*4, 0xFFFFFFFF)
				return d
			}},
		{name: "internal node with zero branch", want: "branch 1",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				putNode(d, root, PortalBlockSize, 0, root) // branch 0 real, branch 1 zero
				return d
			}},
		{name: "internal node with CDCDCDCD branch", want: "branch 1",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				putNode(d, root, PortalBlockSize, 0, root)
				putNode(d, root, PortalBlockSize, 4, noBranch)
				return d
			}},
		{name: "directory cycle", want: "cycle",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				for i := 0; i <= 4; i++ { // 4 entries → 5 branches, all the root
					putNode(d, root, PortalBlockSize, i*4, root)
				}
				return d
			}},
		{name: "directory too deep", want: "deeper than",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				// Append 40 single-child internal nodes (entry_count 0), each
				// pointing at the next; the last points at the real root.
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				bs := uint32(PortalBlockSize)
				for i := 0; i < 40; i++ {
					off := uint32(len(d))
					d = append(d, make([]byte, 2*bs)...)
					putU32(d, off, off+bs)
					putU32(d, off+4, root)
					root = off
				}
				putU32(d, HeaderOffset+0x20, root)
				return d
			}},
		{name: "directory node chain loops", want: "loops",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				root := binary.LittleEndian.Uint32(d[HeaderOffset+0x20:])
				putU32(d, root, root)
				return d
			}},
		{name: "object size beyond file", readID: 2, want: "exceeds the file length",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { setEntry(t, d, 1, 3, uint32(len(d))+1); return d }},
		{name: "object offset inside header", readID: 2, want: "block offset",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { setEntry(t, d, 1, 2, 0x20); return d }},
		{name: "object offset past EOF", readID: 2, want: "block offset",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { setEntry(t, d, 1, 2, uint32(len(d))+100); return d }},
		{name: "object payload past EOF", readID: 2, want: "past the end",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { setEntry(t, d, 1, 2, uint32(len(d))-8); return d }},
		{name: "chain next past EOF", readID: big, want: "block offset",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				putU32(d, entryOf(t, c, big).Offset, uint32(len(d))+4096)
				return d
			}},
		{name: "chain loops", readID: big, want: "loops",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				e := entryOf(t, c, big)
				putU32(d, e.Offset+PortalBlockSize, e.Offset) // block 2 → block 1
				return d
			}},
		{name: "chain self loop", readID: big, want: "loops",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				e := entryOf(t, c, big)
				putU32(d, e.Offset, e.Offset)
				return d
			}},
		{name: "chain ends early", readID: big, want: "chain ends",
			mutate: func(t *testing.T, d []byte, c *Container) []byte {
				putU32(d, entryOf(t, c, big).Offset+PortalBlockSize, 0)
				return d
			}},
		{name: "compressed entry", readID: 2, want: "compressed",
			mutate: func(t *testing.T, d []byte, c *Container) []byte { setEntry(t, d, 1, 0, 0x00020001); return d }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder(DatasetPortal)
			for id := uint32(1); id <= 3; id++ {
				b.Add(id, objData(id, 100))
			}
			b.Add(big, objData(big, 3500))
			data := build(t, b)
			c := open(t, data)
			data = tc.mutate(t, data, c)
			err := withinSecond(t, func() error {
				c, err := Open(bytes.NewReader(data), int64(len(data)), "bad.dat")
				if tc.readID == 0 || err != nil {
					return err
				}
				if _, err := c.Read(tc.readID); err != nil {
					return err
				}
				return nil
			})
			if err == nil {
				t.Fatal("damaged DAT read without error")
			}
			msg := err.Error()
			if !strings.Contains(msg, "bad.dat") || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "offset 0x") {
				t.Fatalf("error %q should name bad.dat, an offset and %q", msg, tc.want)
			}
			if tc.readID != 0 && !strings.Contains(msg, fmt.Sprintf("0x%08X", tc.readID)) {
				t.Fatalf("error %q should name object 0x%08X", msg, tc.readID)
			}
			if tc.readID != 0 {
				// One bad object does not make the others unreadable.
				c := open(t, data)
				for _, id := range []uint32{1, 2, 3, big} {
					if id == tc.readID {
						continue
					}
					got, err := c.Read(id)
					if err != nil || !bytes.Equal(got, objData(id, len(got))) {
						t.Fatalf("good object 0x%X unreadable next to a bad one: %v", id, err)
					}
				}
			}
		})
	}
}

func withinSecond(t *testing.T, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("panic: %v", r)
			}
		}()
		done <- f()
	}()
	select {
	case err := <-done:
		if err != nil && strings.HasPrefix(err.Error(), "panic:") {
			t.Fatal(err)
		}
		return err
	case <-time.After(time.Second):
		t.Fatal("no result within a second")
		return nil
	}
}

// TestObjectChecks covers §1.5's object checks: counts against remaining
// bytes, unknown hook types, BSP tags and vertex types, and exact size.
func TestObjectChecks(t *testing.T) {
	enc := func(obj any) []byte {
		_, b, err := Encode(obj)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	mod := func(b []byte, at int, v uint32) []byte {
		b = bytes.Clone(b)
		binary.LittleEndian.PutUint32(b[at:], v)
		return b
	}
	anim := enc(fixtureAnimation())
	gfx := enc(fixtureGfxObj())
	setup := enc(fixtureSetup())
	// In the Animation fixture, frame 0's hook list starts after the
	// header (16), two pos frames and two part frames: 16+56+56 = 128.
	tests := []struct {
		name string
		typ  Type
		id   uint32
		data []byte
		want string
	}{
		{"animation frame count huge", TypeAnimation, 0x03000001, mod(anim, 12, 0x7FFFFFFF), "count"},
		{"animation part count huge", TypeAnimation, 0x03000001, mod(anim, 8, 0xFFFFFFFF), "count"},
		{"hook count huge", TypeAnimation, 0x03000001, mod(anim, 128, 0x10000000), "hook count"},
		{"unknown hook type", TypeAnimation, 0x03000001, mod(anim, 132, 27), "unknown animation hook type 27"},
		{"hook type 0", TypeAnimation, 0x03000001, mod(anim, 132, 0), "unknown animation hook type 0"},
		{"trailing bytes", TypeAnimation, 0x03000001, append(bytes.Clone(anim), 0, 0, 0, 0), "trailing"},
		{"truncated", TypeAnimation, 0x03000001, anim[:len(anim)-3], "truncated"},
		{"vertex type", TypeGfxObj, 0x01000001, mod(gfx, 8+1+8, 2), "vertex type 2"},
		{"unknown BSP tag", TypeGfxObj, 0x01000001, bytes.Replace(gfx, []byte("NIPB"), []byte("XXXX"), 1), "unknown BSP tag"},
		{"setup part count huge", TypeSetup, 0x02000001, mod(setup, 8, 0x40000000), "part count"},
		{"id mismatch", TypeSetup, 0x02000002, setup, "carries id"},
		{"landblock has_objects 7", TypeLandBlock, 0xA9B4FFFF, mod(enc(fixtureLandBlock()), 4, 7), "has_objects"},
		{"iteration positive range", TypeIteration, IterationID, mod(enc(fixtureIteration()), 4, 5), "not negative"},
		{"region land surf type 1", TypeRegion, RegionID, regionWithLandSurf(t), "land surface type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := withinSecond(t, func() error { _, err := Decode(tc.typ, tc.id, tc.data); return err })
			if err == nil {
				t.Fatal("decoded damaged object without error")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, tc.typ.String()) || !strings.Contains(msg, fmt.Sprintf("0x%08X", tc.id)) {
				t.Fatalf("error %q should name %s 0x%08X and %q", msg, tc.typ, tc.id, tc.want)
			}
		})
	}
}

func regionWithLandSurf(t *testing.T) []byte {
	r := fixtureRegion()
	_, b, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	// LandSurfType follows the terrain types; find it by encoding a region
	// whose terrain maps are empty and patching the u32 before base_tex_size.
	r.Terrain.BaseTexSize = 0xABCDEF01
	_, b, _ = Encode(r)
	i := bytes.Index(b, []byte{0x01, 0xEF, 0xCD, 0xAB})
	if i < 4 {
		t.Fatal("base_tex_size not found")
	}
	b = bytes.Clone(b)
	binary.LittleEndian.PutUint32(b[i-4:], 1)
	return b
}

// TestFragmentedChain moves the middle blocks of an object elsewhere (out
// of order, past the other objects) and reads it through both access paths.
func TestFragmentedChain(t *testing.T) {
	const id = 0x100
	want := objData(id, 5000) // 5 blocks of 1020 bytes
	b := NewBuilder(DatasetPortal)
	b.Add(id, want)
	b.Add(0x200, objData(0x200, 10))
	data := build(t, b)
	c := open(t, data)
	e := entryOf(t, c, id)
	bs := uint32(PortalBlockSize)
	// Blocks k=1..3 go to the end of the file in reverse order.
	blocks := []uint32{e.Offset}
	for k := uint32(1); k <= 3; k++ {
		blocks = append(blocks, uint32(len(data))+(3-k)*bs)
	}
	blocks = append(blocks, e.Offset+4*bs)
	moved := make([]byte, 3*bs)
	for k := uint32(1); k <= 3; k++ {
		copy(moved[(3-k)*bs:], data[e.Offset+k*bs:e.Offset+(k+1)*bs])
		clear(data[e.Offset+k*bs : e.Offset+(k+1)*bs])
	}
	data = append(data, moved...)
	for k := 0; k < 4; k++ {
		putU32(data, blocks[k], blocks[k+1])
	}
	putU32(data, HeaderOffset+8, uint32(len(data)))
	for _, opened := range []func() (*Container, error){
		func() (*Container, error) { return OpenBytes(data, "frag.dat") },
		func() (*Container, error) { return Open(bytes.NewReader(data), int64(len(data)), "frag.dat") },
	} {
		c, err := opened()
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.Read(id)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("fragmented read: %v", err)
		}
	}
}

func TestOpenFileAndClose(t *testing.T) {
	b := NewBuilder(DatasetPortal)
	b.Add(0x01000001, []byte("mapped"))
	path := filepath.Join(t.TempDir(), "client_portal.dat")
	if err := os.WriteFile(path, build(t, b), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := c.Lookup(0x01000001)
	if got, err := c.Read(0x01000001); err != nil || string(got) != "mapped" {
		t.Fatalf("read %q, %v", got, err)
	}
	if c.Name() != "client_portal.dat" || c.Header().BlockSize != PortalBlockSize {
		t.Errorf("name %q header %+v", c.Name(), c.Header())
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadEntry(nil, e); !errors.Is(err, ErrClosed) {
		t.Fatalf("read after Close: %v", err)
	}
	if _, err := OpenFile(filepath.Join(t.TempDir(), "missing.dat")); err == nil {
		t.Fatal("opened a missing file")
	}
}

// TestConcurrentReads reads through one container from several goroutines
// (the ReaderAt path shares a scratch pool); run with -race.
func TestConcurrentReads(t *testing.T) {
	b := NewBuilder(DatasetPortal)
	for i := uint32(0); i < 200; i++ {
		b.Add(i, objData(i, int(i*37%5000)))
	}
	data := build(t, b)
	c, err := Open(bytes.NewReader(data), int64(len(data)), "x.dat")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := uint32(0); i < 200; i++ {
				got, err := c.Read(i)
				if err != nil || !bytes.Equal(got, objData(i, int(i*37%5000))) {
					t.Errorf("object %d: concurrent read wrong (%v)", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
