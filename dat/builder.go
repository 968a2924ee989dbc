package dat

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
)

// Builder assembles a DAT container: objects are added by id and Bytes lays
// out the header, the B-tree directory and one contiguous block chain per
// object (dat-format.md §1).
type Builder struct {
	// BlockSize is the size of every block, the 4-byte link included.
	BlockSize uint32
	// DataSet and DataSubset go to the header (1 portal, 2 cell).
	DataSet    uint32
	DataSubset uint32
	objects    map[uint32][]byte
}

// Default block sizes of the retail DATs.
const (
	PortalBlockSize = 1024
	CellBlockSize   = 256
)

// NewBuilder returns a builder for the dataset with its retail block size.
func NewBuilder(ds Dataset) *Builder {
	b := &Builder{BlockSize: PortalBlockSize, DataSet: 1, objects: make(map[uint32][]byte)}
	switch ds {
	case DatasetCell:
		b.BlockSize, b.DataSet = CellBlockSize, 2
	case DatasetLocal:
		b.DataSet = 3
	case DatasetHighRes:
		b.DataSet = 4
	}
	return b
}

// Add stores an object's bytes under id, replacing any earlier one.
func (b *Builder) Add(id uint32, data []byte) {
	b.objects[id] = slices.Clone(data)
}

// AddObject encodes one of the dat object types and adds it.
func (b *Builder) AddObject(obj any) error {
	id, data, err := Encode(obj)
	if err != nil {
		return err
	}
	b.Add(id, data)
	return nil
}

// Len returns the number of objects added.
func (b *Builder) Len() int { return len(b.objects) }

type buildNode struct {
	entries  []uint32 // ids
	children []*buildNode
	offset   uint32
}

// nodeCapacity returns how many entries a tree of the given depth holds.
func nodeCapacity(depth int) int {
	c := NodeEntries
	for d := 1; d < depth; d++ {
		c = NodeEntries + (NodeEntries+1)*c
	}
	return c
}

// buildTree makes a balanced B-tree over sorted ids.
func buildTree(ids []uint32) *buildNode {
	depth := 1
	for nodeCapacity(depth) < len(ids) {
		depth++
	}
	return buildLevel(ids, depth)
}

func buildLevel(ids []uint32, depth int) *buildNode {
	if len(ids) <= NodeEntries || depth <= 1 {
		return &buildNode{entries: ids}
	}
	sub := nodeCapacity(depth - 1)
	nchild := min(NodeEntries+1, (len(ids)+1+sub)/(sub+1))
	if nchild < 2 {
		nchild = 2
	}
	n := &buildNode{}
	rest := len(ids) - (nchild - 1) // ids that go into children
	pos := 0
	for i := 0; i < nchild; i++ {
		size := rest / nchild
		if i < rest%nchild {
			size++
		}
		n.children = append(n.children, buildLevel(ids[pos:pos+size], depth-1))
		pos += size
		if i < nchild-1 {
			n.entries = append(n.entries, ids[pos])
			pos++
		}
	}
	return n
}

// Bytes lays the container out and returns the whole file.
func (b *Builder) Bytes() ([]byte, error) {
	bs := b.BlockSize
	if bs <= 4 || bs > 1<<20 {
		return nil, fmt.Errorf("dat: builder: block size %d out of range", bs)
	}
	payload := int64(bs - 4)
	blocksFor := func(size int) int64 { return max(1, (int64(size)+payload-1)/payload) }

	ids := make([]uint32, 0, len(b.objects))
	for id := range b.objects {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	root := buildTree(ids)

	first := (int64(FirstBlockMin) + int64(bs) - 1) / int64(bs) * int64(bs)
	next := first
	// Directory nodes first (pre-order), then the objects in id order.
	var nodes []*buildNode
	var place func(n *buildNode)
	place = func(n *buildNode) {
		n.offset = uint32(next)
		next += blocksFor(NodeSize) * int64(bs)
		nodes = append(nodes, n)
		for _, ch := range n.children {
			place(ch)
		}
	}
	place(root)
	offsets := make(map[uint32]uint32, len(ids))
	for _, id := range ids {
		offsets[id] = uint32(next)
		next += blocksFor(len(b.objects[id])) * int64(bs)
	}
	if next > 0xFFFFFFFF {
		return nil, fmt.Errorf("dat: builder: %d bytes exceed the 4 GiB a DAT can address", next)
	}
	out := make([]byte, next)
	copy(out[0x100:], []byte{0x00, 0x50, 0x4C, 0x00})
	h := Header{FileType: Magic, BlockSize: bs, FileSize: uint32(next), DataSet: b.DataSet,
		DataSubset: b.DataSubset, BTreeRoot: root.offset}
	h.appendTo(out[HeaderOffset:HeaderOffset])

	writeChain := func(off uint32, data []byte) {
		n := blocksFor(len(data))
		for i := int64(0); i < n; i++ {
			at := int64(off) + i*int64(bs)
			if i < n-1 {
				binary.LittleEndian.PutUint32(out[at:], uint32(at+int64(bs)))
			}
			lo := i * payload
			hi := min(lo+payload, int64(len(data)))
			copy(out[at+4:], data[lo:hi])
		}
	}
	node := make([]byte, NodeSize)
	for _, n := range nodes {
		clear(node)
		for i, ch := range n.children {
			binary.LittleEndian.PutUint32(node[i*4:], ch.offset)
		}
		binary.LittleEndian.PutUint32(node[NodeBranches*4:], uint32(len(n.entries)))
		for i, id := range n.entries {
			p := node[NodeBranches*4+4+i*EntrySize:]
			binary.LittleEndian.PutUint32(p, 0x00020000) // DRW entry version 2, uncompressed
			binary.LittleEndian.PutUint32(p[4:], id)
			binary.LittleEndian.PutUint32(p[8:], offsets[id])
			binary.LittleEndian.PutUint32(p[12:], uint32(len(b.objects[id])))
		}
		writeChain(n.offset, node)
	}
	for _, id := range ids {
		writeChain(offsets[id], b.objects[id])
	}
	return out, nil
}

// WriteTo writes the container to w.
func (b *Builder) WriteTo(w io.Writer) (int64, error) {
	data, err := b.Bytes()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(data)
	return int64(n), err
}
