package dat

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Container layout constants (dat-format.md §1).
const (
	HeaderOffset  = 0x140
	HeaderSize    = 80
	FirstBlockMin = 0x190 // no block starts before the end of the header
	Magic         = 0x5442
	NodeSize      = 1716 // a directory node's payload
	NodeBranches  = 62
	NodeEntries   = 61
	EntrySize     = 24
	// noBranch is the MSVC fill a DRW-written node has in unused branches.
	noBranch = 0xCDCDCDCD
	// maxDirDepth bounds the directory descent; retail trees are 3–4 deep.
	maxDirDepth = 32
)

// Dataset says which DAT a container is.
type Dataset int

// The datasets.
const (
	DatasetUnknown Dataset = iota
	DatasetPortal
	DatasetCell
	DatasetHighRes
	DatasetLocal
)

func (d Dataset) String() string {
	switch d {
	case DatasetPortal:
		return "portal"
	case DatasetCell:
		return "cell"
	case DatasetHighRes:
		return "highres"
	case DatasetLocal:
		return "local"
	}
	return "unknown"
}

// Header is the DiskFileInfo_t at 0x140 (dat-format.md §1.2).
type Header struct {
	FileType          uint32   `json:"file_type"`
	BlockSize         uint32   `json:"block_size"`
	FileSize          uint32   `json:"file_size"`
	DataSet           uint32   `json:"data_set"`
	DataSubset        uint32   `json:"data_subset"`
	FreeHead          uint32   `json:"free_head"`
	FreeTail          uint32   `json:"free_tail"`
	FreeCount         uint32   `json:"free_count"`
	BTreeRoot         uint32   `json:"btree_root"`
	NewLRU            uint32   `json:"new_lru"`
	OldLRU            uint32   `json:"old_lru"`
	UseLRU            uint32   `json:"use_lru"`
	MasterMapID       uint32   `json:"master_map_id"`
	EnginePackVersion uint32   `json:"engine_pack_version"`
	GamePackVersion   uint32   `json:"game_pack_version"`
	VersionMajor      [16]byte `json:"version_major"`
	VersionMinor      uint32   `json:"version_minor"`
}

func parseHeader(b []byte) Header {
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(b[i*4:]) }
	h := Header{
		FileType: u(0), BlockSize: u(1), FileSize: u(2), DataSet: u(3), DataSubset: u(4),
		FreeHead: u(5), FreeTail: u(6), FreeCount: u(7), BTreeRoot: u(8), NewLRU: u(9),
		OldLRU: u(10), UseLRU: u(11), MasterMapID: u(12), EnginePackVersion: u(13),
		GamePackVersion: u(14), VersionMinor: u(19),
	}
	copy(h.VersionMajor[:], b[60:76])
	return h
}

func (h *Header) appendTo(b []byte) []byte {
	for _, v := range []uint32{h.FileType, h.BlockSize, h.FileSize, h.DataSet, h.DataSubset,
		h.FreeHead, h.FreeTail, h.FreeCount, h.BTreeRoot, h.NewLRU, h.OldLRU, h.UseLRU,
		h.MasterMapID, h.EnginePackVersion, h.GamePackVersion} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = append(b, h.VersionMajor[:]...)
	return binary.LittleEndian.AppendUint32(b, h.VersionMinor)
}

// Entry is one directory entry: an object's id, first block and size.
type Entry struct {
	Flags     uint32 `json:"bit_flags"`
	ID        uint32 `json:"id"`
	Offset    uint32 `json:"offset"`
	Size      uint32 `json:"size"`
	Timestamp uint32 `json:"timestamp"`
	Iteration uint32 `json:"iteration"`
}

// EntryCompressed is the DRW "compressed" bit of Entry.Flags.
const EntryCompressed = 0x1

// Error is a container error: the DAT, the object (when one is involved)
// and the file offset where the problem was found.
type Error struct {
	File   string
	ID     uint32
	HasID  bool
	What   string // what was being read when there is no object id
	Offset int64
	Err    error
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "dat: %s: ", e.File)
	switch {
	case e.HasID:
		fmt.Fprintf(&b, "object 0x%08X: ", e.ID)
	case e.What != "":
		b.WriteString(e.What + ": ")
	}
	fmt.Fprintf(&b, "offset 0x%X: %v", e.Offset, e.Err)
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNotFound is returned (wrapped) for an id the directory does not hold.
var ErrNotFound = errors.New("object not in the directory")

// ErrClosed is returned for reads after Close.
var ErrClosed = errors.New("container closed")

// ErrCorrupt is wrapped by every error caused by damaged container bytes.
var ErrCorrupt = errors.New("corrupt DAT")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// Container is an open DAT file. It reads through an io.ReaderAt and never
// loads the whole file; it is safe for concurrent use.
type Container struct {
	name    string
	r       io.ReaderAt
	mem     []byte // the whole file when memory-mapped or opened from bytes
	size    int64
	closer  func() error
	header  Header
	dataset Dataset
	entries []Entry // sorted by id
	scratch sync.Pool
}

// OpenFile opens the DAT at path. It memory-maps the file where the
// platform allows and reads through pread otherwise; either way only the
// blocks asked for are touched.
func OpenFile(path string) (*Container, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dat: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("dat: %w", err)
	}
	name := filepath.Base(path)
	if st.Size() >= FirstBlockMin {
		if mem, unmap, err := mmapFile(f, st.Size()); err == nil {
			f.Close()
			c, err := OpenBytes(mem, name)
			if err != nil {
				unmap()
				return nil, err
			}
			c.closer = unmap
			return c, nil
		}
	}
	c, err := Open(f, st.Size(), name)
	if err != nil {
		f.Close()
		return nil, err
	}
	c.closer = f.Close
	return c, nil
}

// OpenBytes opens a DAT held in memory (an embedded file, a mapping). The
// container reads data in place and never modifies it.
func OpenBytes(data []byte, name string) (*Container, error) {
	c := &Container{name: name, r: bytes.NewReader(data), mem: data, size: int64(len(data))}
	if err := c.readHeader(); err != nil {
		return nil, err
	}
	if err := c.readDirectory(); err != nil {
		return nil, err
	}
	return c, nil
}

// Open reads the header and directory of a DAT of the given size through r.
// name labels errors (usually the file's base name).
func Open(r io.ReaderAt, size int64, name string) (*Container, error) {
	c := &Container{name: name, r: r, size: size}
	if err := c.readHeader(); err != nil {
		return nil, err
	}
	if err := c.readDirectory(); err != nil {
		return nil, err
	}
	return c, nil
}

// Close releases the file or mapping when the container was opened by
// OpenFile; the container must not be used afterwards.
func (c *Container) Close() error {
	if c.closer != nil {
		f := c.closer
		c.closer, c.mem, c.r, c.entries = nil, nil, nil, nil
		return f()
	}
	return nil
}

// Name returns the label the container was opened with.
func (c *Container) Name() string { return c.name }

// Header returns the DAT header.
func (c *Container) Header() Header { return c.header }

// Dataset returns which DAT this is.
func (c *Container) Dataset() Dataset { return c.dataset }

// Size returns the DAT's length in bytes.
func (c *Container) Size() int64 { return c.size }

// Len returns the number of objects in the directory.
func (c *Container) Len() int { return len(c.entries) }

// Entries returns every directory entry, sorted by id. The slice is shared:
// do not modify it.
func (c *Container) Entries() []Entry { return c.entries }

// Lookup returns the directory entry of id.
func (c *Container) Lookup(id uint32) (Entry, bool) {
	i, ok := slices.BinarySearchFunc(c.entries, id, func(e Entry, id uint32) int {
		switch {
		case e.ID < id:
			return -1
		case e.ID > id:
			return 1
		}
		return 0
	})
	if !ok {
		return Entry{}, false
	}
	return c.entries[i], true
}

func (c *Container) errf(off int64, format string, args ...any) error {
	return &Error{File: c.name, What: "header", Offset: off, Err: corrupt(format, args...)}
}

func (c *Container) readHeader() error {
	if c.size < FirstBlockMin {
		return c.errf(0, "file is %d bytes, shorter than the 0x%X-byte header area", c.size, FirstBlockMin)
	}
	var b [HeaderSize]byte
	if _, err := c.r.ReadAt(b[:], HeaderOffset); err != nil {
		return &Error{File: c.name, What: "header", Offset: HeaderOffset, Err: err}
	}
	h := parseHeader(b[:])
	if h.FileType != Magic {
		return c.errf(HeaderOffset, "magic 0x%X, want 0x%X", h.FileType, Magic)
	}
	if h.BlockSize <= 4 || int64(h.BlockSize) > c.size {
		return c.errf(HeaderOffset+4, "block size %d outside (4, file length %d]", h.BlockSize, c.size)
	}
	if int64(h.BTreeRoot) < FirstBlockMin || int64(h.BTreeRoot) > c.size-4 {
		return c.errf(HeaderOffset+0x20, "directory root 0x%X outside the file", h.BTreeRoot)
	}
	// A file shorter than its header says is cut short (an interrupted
	// copy or download): say so now, not at the first object read from
	// the missing part.
	if int64(h.FileSize) > c.size {
		return c.errf(HeaderOffset+8, "truncated: the header records %d bytes, the file has %d (%d missing)", h.FileSize, c.size, int64(h.FileSize)-c.size)
	}
	c.header = h
	c.dataset = datasetOf(h, c.name)
	return nil
}

// datasetOf recognises the dataset from data_set; data_set 1 is shared by
// the portal and highres DATs (and used by the local DAT), so the file
// name decides between them (docs/dat-notes.md).
func datasetOf(h Header, name string) Dataset {
	n := strings.ToLower(name)
	switch h.DataSet {
	case 1:
		switch {
		case strings.Contains(n, "highres"):
			return DatasetHighRes
		case strings.Contains(n, "local"):
			return DatasetLocal
		}
		return DatasetPortal
	case 2:
		return DatasetCell
	case 3:
		return DatasetLocal
	case 4:
		return DatasetHighRes
	}
	return DatasetUnknown
}

// readDirectory walks the whole B-tree in order, checking every node.
func (c *Container) readDirectory() error {
	visited := make(map[uint32]bool)
	// Nodes occupy disjoint blocks in a well-formed DAT, so there can be no
	// more of them than the file has room for; this also bounds the work.
	bs := int64(c.header.BlockSize)
	perNode := (NodeSize + bs - 5) / (bs - 4)
	maxNodes := int(c.size / (bs * perNode))
	node := make([]byte, NodeSize)
	var walk func(off uint32, depth int) error
	walk = func(off uint32, depth int) error {
		nerr := func(format string, args ...any) error {
			return &Error{File: c.name, What: fmt.Sprintf("directory node 0x%X", off), Offset: int64(off), Err: corrupt(format, args...)}
		}
		if depth > maxDirDepth {
			return nerr("directory deeper than %d levels", maxDirDepth)
		}
		if visited[off] {
			return nerr("directory cycle: node visited twice")
		}
		if len(visited) >= maxNodes {
			return nerr("more directory nodes than the file has room for")
		}
		visited[off] = true
		buf, err := c.readChain(node[:0], off, NodeSize)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.HasID, e.What = false, fmt.Sprintf("directory node 0x%X", off)
			}
			return err
		}
		count := binary.LittleEndian.Uint32(buf[NodeBranches*4:])
		if count > NodeEntries {
			return nerr("entry_count %d exceeds %d", count, NodeEntries)
		}
		var branches [NodeBranches]uint32
		for i := range branches {
			branches[i] = binary.LittleEndian.Uint32(buf[i*4:])
		}
		var ents [NodeEntries]Entry
		for i := 0; i < int(count); i++ {
			p := buf[NodeBranches*4+4+i*EntrySize:]
			ents[i] = Entry{
				Flags: binary.LittleEndian.Uint32(p), ID: binary.LittleEndian.Uint32(p[4:]),
				Offset: binary.LittleEndian.Uint32(p[8:]), Size: binary.LittleEndian.Uint32(p[12:]),
				Timestamp: binary.LittleEndian.Uint32(p[16:]), Iteration: binary.LittleEndian.Uint32(p[20:]),
			}
		}
		leaf := branches[0] == 0 || branches[0] == noBranch
		if !leaf {
			for i := 0; i <= int(count); i++ {
				if branches[i] == 0 || branches[i] == noBranch {
					return nerr("internal node: branch %d of %d is empty", i, count+1)
				}
			}
		}
		for i := 0; i <= int(count); i++ {
			if !leaf {
				if err := walk(branches[i], depth+1); err != nil {
					return err
				}
			}
			if i < int(count) {
				c.entries = append(c.entries, ents[i])
			}
		}
		return nil
	}
	if err := walk(c.header.BTreeRoot, 0); err != nil {
		return err
	}
	if !slices.IsSortedFunc(c.entries, cmpEntry) {
		slices.SortStableFunc(c.entries, cmpEntry)
	}
	return nil
}

func cmpEntry(a, b Entry) int {
	switch {
	case a.ID < b.ID:
		return -1
	case a.ID > b.ID:
		return 1
	}
	return 0
}

// Read returns a new buffer holding object id's bytes.
func (c *Container) Read(id uint32) ([]byte, error) {
	return c.ReadAppend(nil, id)
}

// ReadAppend reads object id into dst's storage (grown as needed) and
// returns the object bytes; with a large enough dst it does not allocate.
func (c *Container) ReadAppend(dst []byte, id uint32) ([]byte, error) {
	e, ok := c.Lookup(id)
	if !ok {
		return nil, &Error{File: c.name, ID: id, HasID: true, Err: ErrNotFound}
	}
	return c.ReadEntry(dst, e)
}

// ReadEntry reads the object of a directory entry into dst's storage.
func (c *Container) ReadEntry(dst []byte, e Entry) ([]byte, error) {
	if c.r == nil {
		return nil, &Error{File: c.name, ID: e.ID, HasID: true, Offset: int64(e.Offset), Err: ErrClosed}
	}
	if e.Flags&EntryCompressed != 0 {
		return nil, &Error{File: c.name, ID: e.ID, HasID: true, Offset: int64(e.Offset),
			Err: errors.New("compressed objects are not supported")}
	}
	b, err := c.readChain(dst[:0], e.Offset, e.Size)
	if err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			ce.ID, ce.HasID = e.ID, true
		}
		return nil, err
	}
	return b, nil
}

// maxSpan caps one speculative read of contiguous blocks.
const maxSpan = 64 << 10

// readChain reads size bytes from the block chain starting at off
// (dat-format.md §1.3), checking every block, and appends them to dst.
func (c *Container) readChain(dst []byte, off, size uint32) ([]byte, error) {
	fail := func(at uint32, format string, args ...any) error {
		return &Error{File: c.name, Offset: int64(at), Err: corrupt(format, args...)}
	}
	if int64(size) > c.size {
		return nil, fail(off, "size %d exceeds the file length %d", size, c.size)
	}
	bs := int64(c.header.BlockSize)
	payload := bs - 4
	start := len(dst)
	dst = slices.Grow(dst, int(size))[:start+int(size)]
	out := dst[start:]

	var sp *[]byte
	var scratch []byte
	if c.mem == nil {
		sp, _ = c.scratch.Get().(*[]byte)
		if sp == nil {
			sp = new([]byte)
		}
		defer c.scratch.Put(sp)
		scratch = *sp
	}

	var seenSmall [16]uint32
	nSeen := 0
	var seenMap map[uint32]bool
	seen := func(b uint32) bool {
		if seenMap != nil {
			if seenMap[b] {
				return true
			}
			seenMap[b] = true
			return false
		}
		for _, s := range seenSmall[:nSeen] {
			if s == b {
				return true
			}
		}
		if nSeen < len(seenSmall) {
			seenSmall[nSeen] = b
			nSeen++
			return false
		}
		seenMap = make(map[uint32]bool, 64)
		for _, s := range seenSmall {
			seenMap[s] = true
		}
		seenMap[b] = true
		return false
	}

	block := off
	straight := true // the chain has been contiguous so far
	pos := int64(0)
	remaining := int64(size)
	for {
		// Read a span: as many contiguous blocks as the rest of the object
		// would occupy if the chain runs straight on.
		if int64(block) < FirstBlockMin || int64(block) > c.size-4 {
			return nil, fail(block, "block offset outside [0x%X, file length-4]", FirstBlockMin)
		}
		nblocks := (remaining + payload - 1) / payload
		if nblocks < 1 || !straight {
			nblocks = 1
		}
		last := remaining - (nblocks-1)*payload
		span := (nblocks-1)*bs + 4 + last
		if span > maxSpan {
			span = (maxSpan / bs) * bs
			if span < 4+min(payload, remaining) {
				span = 4 + min(payload, remaining)
			}
		}
		if avail := c.size - int64(block); span > avail {
			span = avail
		}
		var buf []byte
		if c.mem != nil {
			buf = c.mem[block : int64(block)+span]
		} else {
			if int64(cap(scratch)) < span {
				scratch = make([]byte, span)
				*sp = scratch
			}
			buf = scratch[:span]
			if n, err := c.r.ReadAt(buf, int64(block)); int64(n) < span {
				if err == nil {
					err = io.ErrUnexpectedEOF
				}
				return nil, &Error{File: c.name, Offset: int64(block), Err: err}
			}
		}
		// Walk the blocks inside the span.
		for i := int64(0); ; i++ {
			cur := uint32(int64(block) + i*bs)
			if seen(cur) {
				return nil, fail(cur, "block chain loops")
			}
			n := min(payload, remaining)
			at := i * bs
			if at+4+n > span {
				return nil, fail(cur, "block payload runs past the end of the file")
			}
			next := binary.LittleEndian.Uint32(buf[at:])
			copy(out[pos:], buf[at+4:at+4+n])
			pos += n
			remaining -= n
			if remaining == 0 {
				return dst, nil
			}
			if next == 0 {
				return nil, fail(cur, "block chain ends with %d of %d bytes unread", remaining, size)
			}
			if int64(next) != int64(cur)+bs || at+bs+4 > span {
				// After a jump read one block at a time: a fragmented
				// chain would make long speculative reads wasteful.
				straight = straight && int64(next) == int64(cur)+bs
				block = next
				break
			}
		}
	}
}
