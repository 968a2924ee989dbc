package texture

import (
	"encoding/binary"
	"image"
)

// EncodeDXT1 compresses an opaque image to DXT1 blocks (the sample world's
// generator uses it; it is not a quality encoder). Each block's end points
// are its darkest and brightest pixels, each pixel takes the nearest of the
// four block colours. A size that is not a multiple of 4 repeats the edge
// pixels into the partial blocks.
func EncodeDXT1(img *image.NRGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	bw, bh := (w+3)/4, (h+3)/4
	out := make([]byte, 0, bw*bh*8)
	var blk [16][3]int
	for by := range bh {
		for bx := range bw {
			lo, hi := 0, 0
			for i := range 16 {
				x, y := min(bx*4+i%4, w-1), min(by*4+i/4, h-1)
				p := img.NRGBAAt(img.Rect.Min.X+x, img.Rect.Min.Y+y)
				blk[i] = [3]int{int(p.R), int(p.G), int(p.B)}
				if luma(blk[i]) < luma(blk[lo]) {
					lo = i
				}
				if luma(blk[i]) > luma(blk[hi]) {
					hi = i
				}
			}
			c0, c1 := to565(blk[hi]), to565(blk[lo])
			if c0 < c1 {
				c0, c1 = c1, c0
			}
			var idx uint32
			if c0 != c1 {
				var b [4]byte
				binary.LittleEndian.PutUint16(b[:], c0)
				binary.LittleEndian.PutUint16(b[2:], c1)
				pal := colours(b[:], true)
				for i := range 16 {
					best, bestD := 0, 1<<30
					for k := range 4 {
						d := 0
						for c := range 3 {
							e := blk[i][c] - int(pal[k][c])
							d += e * e
						}
						if d < bestD {
							best, bestD = k, d
						}
					}
					idx |= uint32(best) << (2 * i)
				}
			}
			out = binary.LittleEndian.AppendUint16(out, c0)
			out = binary.LittleEndian.AppendUint16(out, c1)
			out = binary.LittleEndian.AppendUint32(out, idx)
		}
	}
	return out
}

func luma(c [3]int) int { return 299*c[0] + 587*c[1] + 114*c[2] }

func to565(c [3]int) uint16 {
	return uint16(c[0]>>3)<<11 | uint16(c[1]>>2)<<5 | uint16(c[2]>>3)
}
