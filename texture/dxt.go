package texture

import "encoding/binary"

// The DXT (S3TC / BC1–BC3) block decoders. A block encodes 4×4 pixels;
// blocks run left to right, top to bottom, and a size that is not a
// multiple of 4 keeps only the block pixels inside the image.

// decodeBlocks runs one block decoder over every block of a w×h image.
// block writes the 16 pixels (row-major, R, G, B, A) of one block into px.
func decodeBlocks(pix []byte, w, h int, src []byte, size int, block func(px *[64]byte, b []byte)) {
	bw := (w + 3) / 4
	var px [64]byte
	for by := 0; by < (h+3)/4; by++ {
		for bx := 0; bx < bw; bx++ {
			off := (by*bw + bx) * size
			block(&px, src[off:off+size:off+size])
			for y := 0; y < 4 && by*4+y < h; y++ {
				cols := min(4, w-bx*4)
				d := ((by*4+y)*w + bx*4) * 4
				copy(pix[d:d+cols*4], px[y*16:y*16+cols*4])
			}
		}
	}
}

// colours decodes a DXT colour block's palette: the two R5G6B5 end points
// and two colours between them. In the three-colour mode (c0 ≤ c1, DXT1
// only) the third is the midpoint and the fourth transparent black.
func colours(b []byte, threeAllowed bool) (pal [4][4]byte) {
	c0, c1 := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
	put565(pal[0][:], c0)
	put565(pal[1][:], c1)
	pal[0][3], pal[1][3] = 0xFF, 0xFF
	if c0 > c1 || !threeAllowed {
		for k := range 3 {
			a, z := uint16(pal[0][k]), uint16(pal[1][k])
			pal[2][k] = uint8((2*a + z + 1) / 3)
			pal[3][k] = uint8((a + 2*z + 1) / 3)
		}
		pal[2][3], pal[3][3] = 0xFF, 0xFF
		return pal
	}
	for k := range 3 {
		pal[2][k] = uint8((uint16(pal[0][k]) + uint16(pal[1][k])) / 2)
	}
	pal[2][3] = 0xFF
	return pal // pal[3] is transparent black
}

// colourIndices fills the 16 pixels' colours from the block's index word
// (two bits a pixel, pixel 0 in the lowest bits).
func colourIndices(px *[64]byte, pal *[4][4]byte, idx uint32) {
	for i := range 16 {
		c := pal[idx>>(2*i)&3]
		copy(px[i*4:i*4+4], c[:])
	}
}

// dxt1Block decodes an 8-byte DXT1 block: colour end points and indices,
// with one-bit alpha in the three-colour mode.
func dxt1Block(px *[64]byte, b []byte) {
	pal := colours(b, true)
	colourIndices(px, &pal, binary.LittleEndian.Uint32(b[4:]))
}

// dxt3Block decodes a 16-byte DXT3 block: 64 bits of explicit 4-bit alpha
// (pixel 0 in the lowest bits), then a four-colour DXT1 colour block.
func dxt3Block(px *[64]byte, b []byte) {
	pal := colours(b[8:], false)
	colourIndices(px, &pal, binary.LittleEndian.Uint32(b[12:]))
	alpha := binary.LittleEndian.Uint64(b)
	for i := range 16 {
		px[i*4+3] = uint8(alpha>>(4*i)&0xF) * 17
	}
}

// dxt5Block decodes a 16-byte DXT5 block: two alpha end points, 48 bits of
// 3-bit alpha indices (pixel 0 lowest), then a four-colour colour block.
// With a0 > a1 the six codes 2–7 interpolate; otherwise codes 2–5
// interpolate and 6, 7 are 0 and 255.
func dxt5Block(px *[64]byte, b []byte) {
	pal := colours(b[8:], false)
	colourIndices(px, &pal, binary.LittleEndian.Uint32(b[12:]))
	a0, a1 := uint32(b[0]), uint32(b[1])
	var al [8]uint8
	al[0], al[1] = uint8(a0), uint8(a1)
	if a0 > a1 {
		for k := uint32(1); k < 7; k++ {
			al[k+1] = uint8(((7-k)*a0 + k*a1 + 3) / 7)
		}
	} else {
		for k := uint32(1); k < 5; k++ {
			al[k+1] = uint8(((5-k)*a0 + k*a1 + 2) / 5)
		}
		al[6], al[7] = 0, 0xFF
	}
	bits := uint64(b[2]) | uint64(b[3])<<8 | uint64(b[4])<<16 | uint64(b[5])<<24 | uint64(b[6])<<32 | uint64(b[7])<<40
	for i := range 16 {
		px[i*4+3] = al[bits>>(3*i)&7]
	}
}
