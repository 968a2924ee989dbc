//go:build !amd64.v3 && !purego

// The renderer's hottest loops in SSE2 (GOAMD64=v1 has it): the Go
// loops they replace (render.go) stay for other architectures and as
// the tests' references. Each packed lane does one IEEE single-precision
// operation the Go loop does, on the same operands, in the same order
// (Go fuses no multiply-add on amd64 below GOAMD64=v3; at v3, where it
// does, these files are left out and the Go loops run, as they do with the
// purego build tag), so every value is the same bits;
// where a Go comparison picks a value (max, min, clamps) the MAXSS and
// MINPS operands are ordered so that ties and NaN pick what the Go
// picks. Field offsets are the compiler's (go_asm.h), except where fields
// are read or written together as one wider value and Vertex's fixed
// offsets 0/16/32, which TestAsmLayouts pins; the 32-byte records are
// stepped through by a shift of 5 (TestAsmLayouts).

#include "go_asm.h"
#include "textflag.h"

// func projectLitAsm(mp *meshPass, m *physics.Mat4, pos, nrm *physics.Vec3, vstamp *uint32, proj *projVert, n int, stamp uint32)
//
// Lanes are written low first, (x, y, z, w). Per stamped vertex, as
// projectInsideLitGo:
//   q  = ((p.X·m0 + p.Y·m1) + p.Z·m2) + m3   (qx, qy, qz, –; m's rows)
//   s  = ((qx, qy, 1, –) / qz)·(focal, −focal, 1, 0) + (w2, h2, −0, 0)
//        = (X, Y, IW, –): h2 + (−a) is h2 − a, 1/qz·1 + (−0) is 1/qz
//   d  = (n.X·sun.X + n.Y·sun.Y) + n.Z·sun.Z, then +0 where d ≤ 0
//   L  = amb + sunCol·d per lane, 1 where that is above 1
// and proj = (X, Y, IW, Fog 0, L.R, L.G, L.B, Z qz).
TEXT ·projectLitAsm(SB), NOSPLIT, $0-60
	MOVQ  mp+0(FP), AX
	MOVQ  m+8(FP), CX
	MOVUPS 0(CX), X8       // m's rows (the fourth lanes unused)
	MOVUPS 16(CX), X9
	MOVUPS 32(CX), X10
	MOVUPS 48(CX), X11
	MOVL  $0x80000000, DX
	MOVQ  DX, X1           // (−0, 0, 0, 0)
	MOVL  $0x3f800000, DX
	MOVQ  DX, X7           // (1, 0, 0, 0): lanes z, w by MOVLHPS
	MOVSS meshPass_focal(AX), X12
	MOVAPS X12, X0
	XORPS X1, X0           // −focal
	UNPCKLPS X0, X12
	MOVLHPS X7, X12        // (focal, −focal, 1, 0)
	MOVSD meshPass_w2(AX), X13
	MOVLHPS X1, X13        // (w2, h2, −0, 0)
	MOVSD meshPass_amb(AX), X14
	MOVSS meshPass_amb+8(AX), X0
	MOVLHPS X0, X14        // (amb.R, amb.G, amb.B, 0)
	MOVSD meshPass_sunCol(AX), X15
	MOVSS meshPass_sunCol+8(AX), X0
	MOVLHPS X0, X15        // (sunCol.R, sunCol.G, sunCol.B, 0)
	MOVL  $0x3f800000, DX
	MOVQ  DX, X6
	SHUFPS $0x00, X6, X6   // (1, 1, 1, 1)
	MOVQ  pos+16(FP), SI
	MOVQ  nrm+24(FP), BX
	MOVQ  vstamp+32(FP), DX
	MOVQ  proj+40(FP), DI
	MOVQ  n+48(FP), CX
	MOVL  stamp+56(FP), R8
	TESTQ CX, CX
	JLE   done

loop:
	CMPL  (DX), R8
	JNE   next
	MOVSS 0(SI), X0
	MOVSS 4(SI), X1
	MOVSS 8(SI), X2
	SHUFPS $0x00, X0, X0
	SHUFPS $0x00, X1, X1
	SHUFPS $0x00, X2, X2
	MULPS X8, X0
	MULPS X9, X1
	MULPS X10, X2
	ADDPS X1, X0
	ADDPS X2, X0
	ADDPS X11, X0         // q
	MOVAPS X0, X2
	SHUFPS $0xAA, X2, X2  // (qz, qz, qz, qz)
	MOVLHPS X7, X0        // (qx, qy, 1, 0)
	DIVPS X2, X0
	MULPS X12, X0
	ADDPS X13, X0
	MOVUPS X0, projVert_X(DI)
	MOVL  $0, projVert_Fog(DI)
	MOVSS 0(BX), X3
	MULSS meshPass_sun+0(AX), X3
	MOVSS 4(BX), X4
	MULSS meshPass_sun+4(AX), X4
	ADDSS X4, X3
	MOVSS 8(BX), X4
	MULSS meshPass_sun+8(AX), X4
	ADDSS X4, X3          // d
	XORPS X4, X4
	MAXSS X3, X4          // 0 > d ? 0 : d (d for NaN; for ±0 the second, d)
	XORPS X3, X3
	ADDSS X3, X4          // −0 + 0 is +0: every d ≤ 0 gives +0, as the Go
	SHUFPS $0x00, X4, X4
	MULPS X15, X4
	ADDPS X14, X4         // amb + sunCol·d
	MOVAPS X6, X5
	MINPS X4, X5          // 1 < l ? 1 : l (l for NaN)
	MOVUPS X5, projVert_L(DI)
	MOVSS X2, projVert_Z(DI)

next:
	ADDQ  $12, SI
	ADDQ  $12, BX
	ADDQ  $4, DX
	ADDQ  $projVert__size, DI
	DECQ  CX
	JNZ   loop

done:
	RET

// func cornerRunLitAsm(ctris *cornerTri, vis *int32, keys, vals *uint32, tris *triRec, proj *projVert, cslot *cornerSlot, corners *meshCorner, verts *Vertex, j0, j1 int, stamp, nv uint32, owner int32, alpha float32, bounds *Rect) uint32
//
// cornerRunLitTex's loop for an object drawn at alpha with sa 1: the
// triangles vis[0 : j1−j0] recorded at tris, their keys and numbers
// (j0, j0+1, …) at keys and vals, new corners' vertices written from
// verts on, numbered from nv; it returns the next vertex number. Every
// float is worked out by the Go loop's operations in the Go loop's
// order (TestCornerRunLitAsm).
TEXT ·cornerRunLitAsm(SB), NOSPLIT, $0-116

// NEWCORNER writes the output vertex of corner AX (its slot at
// DX, not yet stamped) at CX, as cornerRunLitTex's Go loop: the slot
// stamped with R14 and given R13 (nv), the vertex
//   (p.X, p.Y, u, v), (Col·L, alpha·Alpha), (u·IW, v·IW, IW, 0)
// from the corner cc (AX·32 + corners) and its projected vertex p
// (cc.V·32 + R11), the bounds (X8 min, X9 max in lanes x, y) grown by
// (p.X, p.Y) with add's comparisons; then CX and R13 step on.
#define NEWCORNER \
	MOVL  R14, cornerSlot_stamp(DX) \
	MOVL  R13, cornerSlot_out(DX) \
	SHLQ  $5, AX \
	ADDQ  corners+56(FP), AX \
	MOVWLZX meshCorner_V(AX), R15 \
	SHLQ  $5, R15 \
	MOVSD projVert_X(R11)(R15*1), X0 \
	MOVHPS meshCorner_UV(AX), X0 \
	MOVUPS X0, 0(CX) \
	MOVAPS X0, X1 \
	MINPS X8, X0 \
	MAXPS X9, X1 \
	MOVAPS X0, X8 \
	MOVAPS X1, X9 \
	MOVUPS meshCorner_Col(AX), X2 \
	MOVUPS projVert_L(R11)(R15*1), X3 \
	ANDPS X10, X3 \
	ORPS  X11, X3 \
	MULPS X3, X2 \
	MOVUPS X2, 16(CX) \
	MOVSS projVert_IW(R11)(R15*1), X4 \
	SHUFPS $0x40, X4, X4 \
	MOVSD meshCorner_UV(AX), X5 \
	MOVLHPS X12, X5 \
	MULPS X4, X5 \
	MOVUPS X5, 32(CX) \
	ADDQ  $Vertex__size, CX \
	INCL  R13

	MOVQ  vis+8(FP), SI
	MOVQ  keys+16(FP), R8
	MOVQ  vals+24(FP), R9
	MOVQ  tris+32(FP), DI
	MOVQ  proj+40(FP), R11
	MOVQ  cslot+48(FP), BX
	MOVQ  verts+64(FP), CX
	MOVQ  j0+72(FP), R12
	MOVL  stamp+88(FP), R14
	MOVL  nv+92(FP), R13
	// Index vis, keys and vals by j (j0 … j1): their first entries are j0's.
	MOVQ  R12, AX
	SHLQ  $2, AX
	SUBQ  AX, SI
	SUBQ  AX, R8
	SUBQ  AX, R9
	MOVQ  bounds+104(FP), AX
	MOVSD Rect_MinX(AX), X8   // MinX, MinY
	MOVSD Rect_MaxX(AX), X9   // MaxX, MaxY
	// X10: lanes x–z kept; X11: alpha in lane w; X12: (1, 0) for
	// lanes z, w; X13: 3; X14: 0.
	PCMPEQL X10, X10
	PSRLDQ $4, X10
	MOVSS alpha+100(FP), X11
	PSLLDQ $12, X11
	MOVL  $0x3f800000, AX
	MOVQ  AX, X12
	MOVL  $0x40400000, AX
	MOVQ  AX, X13
	XORPS X14, X14
	CMPQ  R12, j1+80(FP)
	JGE   done

loop:
	MOVLQSX (SI)(R12*4), R10
	SHLQ  $5, R10
	ADDQ  ctris+0(FP), R10 // ct
	// The depth key: (za + zb + zc)/3, +0 where ≤ 0.
	MOVWLZX cornerTri_V+0(R10), AX
	SHLQ  $5, AX
	MOVSS projVert_Z(R11)(AX*1), X0
	MOVWLZX cornerTri_V+2(R10), AX
	SHLQ  $5, AX
	ADDSS projVert_Z(R11)(AX*1), X0
	MOVWLZX cornerTri_V+4(R10), AX
	SHLQ  $5, AX
	ADDSS projVert_Z(R11)(AX*1), X0
	DIVSS X13, X0
	MOVAPS X14, X1
	MAXSS X0, X1
	ADDSS X14, X1
	MOVQ  X1, AX
	NOTL  AX
	MOVL  AX, (R8)(R12*4)
	MOVL  R12, (R9)(R12*4)

	MOVWLZX cornerTri_C+0(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  cornerSlot_stamp(DX), R14
	JEQ   have0
	NEWCORNER
have0:
	MOVL  cornerSlot_out(DX), AX
	MOVL  AX, triRec_V+0(DI)

	MOVWLZX cornerTri_C+2(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  cornerSlot_stamp(DX), R14
	JEQ   have1
	NEWCORNER
have1:
	MOVL  cornerSlot_out(DX), AX
	MOVL  AX, triRec_V+4(DI)

	MOVWLZX cornerTri_C+4(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  cornerSlot_stamp(DX), R14
	JEQ   have2
	NEWCORNER
have2:
	MOVL  cornerSlot_out(DX), AX
	MOVL  AX, triRec_V+8(DI)

	MOVL  owner+96(FP), AX
	MOVL  AX, triRec_Owner(DI)
	MOVW  cornerTri_Additive(R10), AX      // Additive, Solid1 → Blend, Solid
	MOVW  AX, triRec_Blend(DI)
	ADDQ  $32, DI
	INCQ  R12
	CMPQ  R12, j1+80(FP)
	JLT   loop

done:
	MOVQ  bounds+104(FP), AX
	MOVLHPS X9, X8
	MOVUPS X8, Rect_MinX(AX)
	MOVL  R13, ret+112(FP)
	RET

// AFFROW(off) is row off of affineMulTo's product in X0: a's row's x,
// y and z times b's rows 0–2 (X8–X10), summed x + y first, its fourth
// lane cleared (X12).
#define AFFROW(off) \
	MOVUPS off(SI), X0 \
	MOVAPS X0, X1 \
	MOVAPS X0, X2 \
	SHUFPS $0x00, X0, X0 \
	SHUFPS $0x55, X1, X1 \
	SHUFPS $0xAA, X2, X2 \
	MULPS X8, X0 \
	MULPS X9, X1 \
	MULPS X10, X2 \
	ADDPS X1, X0 \
	ADDPS X2, X0

// func affineMulTo(dst, a, b *physics.Mat4)
//
// affineMulToGo in SSE: each row of dst is (x·b0 + y·b1) + z·b2 of a's
// row (x, y, z), the last plus b3, each lane in the Go's order, the
// fourth column 0, 0, 0, 1 (TestAffineMulTo).
TEXT ·affineMulTo(SB), NOSPLIT, $0-24
	MOVQ  dst+0(FP), DI
	MOVQ  a+8(FP), SI
	MOVQ  b+16(FP), AX
	MOVUPS 0(AX), X8
	MOVUPS 16(AX), X9
	MOVUPS 32(AX), X10
	MOVUPS 48(AX), X11
	PCMPEQL X12, X12
	PSRLDQ $4, X12         // lanes x–z kept
	MOVL  $0x3f800000, AX
	MOVQ  AX, X13
	PSLLDQ $12, X13        // (0, 0, 0, 1)
	AFFROW(0)
	ANDPS X12, X0
	MOVUPS X0, 0(DI)
	AFFROW(16)
	ANDPS X12, X0
	MOVUPS X0, 16(DI)
	AFFROW(32)
	ANDPS X12, X0
	MOVUPS X0, 32(DI)
	AFFROW(48)
	ADDPS X11, X0
	ANDPS X12, X0
	ORPS  X13, X0
	MOVUPS X0, 48(DI)
	RET

// func solidIndicesAsm(out, vals *uint32, n int, tris *triRec) int
//
// solidIndices' loop: for each of the n triangle numbers at vals whose
// triRec is Solid, its three vertices appended at out; it returns how
// many indices it wrote.
TEXT ·solidIndicesAsm(SB), NOSPLIT, $0-40
	MOVQ  out+0(FP), DI
	MOVQ  vals+8(FP), SI
	MOVQ  n+16(FP), CX
	MOVQ  tris+24(FP), BX
	MOVQ  DI, R8
	TESTQ CX, CX
	JLE   sdone

sloop:
	MOVL  (SI), AX
	ADDQ  $4, SI
	SHLQ  $5, AX
	ADDQ  BX, AX
	CMPB  triRec_Solid(AX), $0
	JEQ   snext
	MOVQ  triRec_V+0(AX), DX
	MOVQ  DX, 0(DI)
	MOVL  triRec_V+8(AX), DX
	MOVL  DX, 8(DI)
	ADDQ  $12, DI

snext:
	DECQ  CX
	JNZ   sloop

sdone:
	SUBQ  R8, DI
	SHRQ  $2, DI
	MOVQ  DI, ret+32(FP)
	RET

// func chooseSidesAsm(planes *meshPlane, n int, vis *int32, vstamp *uint32, stamp uint32, W, EX, EY, EZ float32) int
//
// chooseSides' loop for a part whose every triangle is opaque enough:
// plane i's side faces the camera when ((W·D + N.X·EX) + N.Y·EY) +
// N.Z·EZ > 0 (i in vis), else its back is drawn if Back (^i); the
// drawn triangles' vertices are stamped. It returns how many it wrote.
TEXT ·chooseSidesAsm(SB), NOSPLIT, $0-64
	MOVQ  planes+0(FP), SI
	MOVQ  n+8(FP), CX
	MOVQ  vis+16(FP), DI
	MOVQ  vstamp+24(FP), BX
	MOVL  stamp+32(FP), R8
	MOVSS W+36(FP), X8
	MOVSS EX+40(FP), X9
	MOVSS EY+44(FP), X10
	MOVSS EZ+48(FP), X11
	XORPS X12, X12
	XORQ  DX, DX           // i
	XORQ  R9, R9           // drawn
	TESTQ CX, CX
	JLE   cdone

cloop:
	MOVSS meshPlane_D(SI), X0
	MULSS X8, X0
	MOVSS meshPlane_N+0(SI), X1
	MULSS X9, X1
	ADDSS X1, X0
	MOVSS meshPlane_N+4(SI), X1
	MULSS X10, X1
	ADDSS X1, X0
	MOVSS meshPlane_N+8(SI), X1
	MULSS X11, X1
	ADDSS X1, X0
	MOVL  DX, R10
	UCOMISS X12, X0
	JA    cdraw            // > 0 (not for NaN)
	CMPB  meshPlane_Back(SI), $0
	JEQ   cnext
	NOTL  R10

cdraw:
	MOVWLZX meshPlane_V+0(SI), AX
	MOVL  R8, (BX)(AX*4)
	MOVWLZX meshPlane_V+2(SI), AX
	MOVL  R8, (BX)(AX*4)
	MOVWLZX meshPlane_V+4(SI), AX
	MOVL  R8, (BX)(AX*4)
	MOVL  R10, (DI)(R9*4)
	INCQ  R9

cnext:
	ADDQ  $meshPlane__size, SI
	INCQ  DX
	CMPQ  DX, CX
	JLT   cloop

cdone:
	MOVQ  R9, ret+56(FP)
	RET

// func radixCount14Asm(keys *uint32, n int, c0, c1 *[1<<14 + 1]int32) (and, or uint32)
//
// radixCount14's loop: each key's low and middle 14-bit digits counted
// one place up in c0 and c1, the keys' AND and OR.
TEXT ·radixCount14Asm(SB), NOSPLIT, $0-40
	MOVQ  keys+0(FP), SI
	MOVQ  n+8(FP), CX
	MOVQ  c0+16(FP), DI
	MOVQ  c1+24(FP), BX
	MOVL  $0xffffffff, R8
	XORL  R9, R9
	TESTQ CX, CX
	JLE   rcdone

rcloop:
	MOVL  (SI), AX
	ANDL  AX, R8
	ORL   AX, R9
	MOVL  AX, DX
	ANDL  $0x3fff, AX
	INCL  4(DI)(AX*4)
	SHRL  $14, DX
	ANDL  $0x3fff, DX
	INCL  4(BX)(DX*4)
	ADDQ  $4, SI
	DECQ  CX
	JNZ   rcloop

rcdone:
	MOVL  R8, and+32(FP)
	MOVL  R9, or+36(FP)
	RET

// func radixLow14Asm(keys, vals *uint32, n int, pairs *[2]uint32, count *[1<<14 + 1]int32)
//
// radixLow14's loop: each (key, val) to pairs at its low digit's next
// place.
TEXT ·radixLow14Asm(SB), NOSPLIT, $0-40
	MOVQ  keys+0(FP), SI
	MOVQ  vals+8(FP), BX
	MOVQ  n+16(FP), CX
	MOVQ  pairs+24(FP), R8
	MOVQ  count+32(FP), DI
	XORQ  R10, R10
	TESTQ CX, CX
	JLE   rldone

rlloop:
	MOVL  (SI)(R10*4), AX
	MOVL  (BX)(R10*4), R11
	MOVL  AX, DX
	ANDL  $0x3fff, DX
	MOVLQSX (DI)(DX*4), R12
	MOVL  AX, (R8)(R12*8)
	MOVL  R11, 4(R8)(R12*8)
	INCL  (DI)(DX*4)
	INCQ  R10
	CMPQ  R10, CX
	JLT   rlloop

rldone:
	RET

// func radixHigh14Asm(pairs *[2]uint32, n int, keys, vals *uint32, count *[1<<14 + 1]int32)
//
// radixHigh14's loop: each pair's key and val to keys and vals at its
// middle digit's next place.
TEXT ·radixHigh14Asm(SB), NOSPLIT, $0-40
	MOVQ  pairs+0(FP), SI
	MOVQ  n+8(FP), CX
	MOVQ  keys+16(FP), R8
	MOVQ  vals+24(FP), R9
	MOVQ  count+32(FP), DI
	TESTQ CX, CX
	JLE   rhdone

rhloop:
	MOVL  0(SI), AX
	MOVL  4(SI), R11
	MOVL  AX, DX
	SHRL  $14, DX
	ANDL  $0x3fff, DX
	MOVLQSX (DI)(DX*4), R12
	MOVL  AX, (R8)(R12*4)
	MOVL  R11, (R9)(R12*4)
	INCL  (DI)(DX*4)
	ADDQ  $8, SI
	DECQ  CX
	JNZ   rhloop

rhdone:
	RET
