#include "textflag.h"

// func projectLitAsm(k *litConsts, pos, nrm *physics.Vec3, vstamp *uint32, proj *projVert, n int, stamp uint32)
//
// Lanes are written low first, (x, y, z, w). Per stamped vertex, as
// projectInsideLitGo:
//   q  = ((p.X·row0 + p.Y·row1) + p.Z·row2) + row3       (qx, qy, qz, 0)
//   s  = ((qx, qy, 1, 0) / qz)·scale + offs              (X, Y, IW, –)
//   d  = (n.X·sun.X + n.Y·sun.Y) + n.Z·sun.Z, then +0 where d ≤ 0
//   L  = min(1, amb + sunCol·d) per lane (1 where the sum is above 1)
// and proj = (X, Y, IW, Fog 0, L.R, L.G, L.B, Z qz).
TEXT ·projectLitAsm(SB), NOSPLIT, $0-52
	MOVQ  k+0(FP), AX
	MOVQ  pos+8(FP), SI
	MOVQ  nrm+16(FP), BX
	MOVQ  vstamp+24(FP), DX
	MOVQ  proj+32(FP), DI
	MOVQ  n+40(FP), CX
	MOVL  stamp+48(FP), R8
	MOVUPS 0(AX), X8     // row0
	MOVUPS 16(AX), X9    // row1
	MOVUPS 32(AX), X10   // row2
	MOVUPS 48(AX), X11   // row3
	MOVUPS 64(AX), X12   // scale
	MOVUPS 80(AX), X13   // offs
	MOVUPS 96(AX), X14   // amb
	MOVUPS 112(AX), X15  // sunCol
	MOVUPS 128(AX), X7   // one0: (1, 0) for lanes z, w
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
	MOVUPS X0, 0(DI)
	MOVL  $0, 12(DI)      // Fog
	MOVSS 0(BX), X3
	MULSS 144(AX), X3
	MOVSS 4(BX), X4
	MULSS 148(AX), X4
	ADDSS X4, X3
	MOVSS 8(BX), X4
	MULSS 152(AX), X4
	ADDSS X4, X3          // d
	XORPS X4, X4
	MAXSS X3, X4          // 0 > d ? 0 : d (d for NaN, the zeros' second: d)
	XORPS X3, X3
	ADDSS X3, X4          // −0 + 0 = +0: d ≤ 0 gives +0, as the Go
	SHUFPS $0x00, X4, X4
	MULPS X15, X4
	ADDPS X14, X4         // amb + sunCol·d
	MOVUPS 160(AX), X5    // ones
	MINPS X4, X5          // 1 < l ? 1 : l (l for NaN)
	MOVUPS X5, 16(DI)
	MOVSS X2, 28(DI)      // Z

next:
	ADDQ  $12, SI
	ADDQ  $12, BX
	ADDQ  $4, DX
	ADDQ  $32, DI
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
	MOVL  R14, (DX) \
	MOVL  R13, 4(DX) \
	SHLQ  $5, AX \
	ADDQ  corners+56(FP), AX \
	MOVWLZX (AX), R15 \
	SHLQ  $5, R15 \
	MOVSD (R11)(R15*1), X0 \
	MOVHPS 4(AX), X0 \
	MOVUPS X0, 0(CX) \
	MOVAPS X0, X1 \
	MINPS X8, X0 \
	MAXPS X9, X1 \
	MOVAPS X0, X8 \
	MOVAPS X1, X9 \
	MOVUPS 12(AX), X2 \
	MOVUPS 16(R11)(R15*1), X3 \
	ANDPS X10, X3 \
	ORPS  X11, X3 \
	MULPS X3, X2 \
	MOVUPS X2, 16(CX) \
	MOVSS 8(R11)(R15*1), X4 \
	SHUFPS $0x40, X4, X4 \
	MOVSD 4(AX), X5 \
	MOVLHPS X12, X5 \
	MULPS X4, X5 \
	MOVUPS X5, 32(CX) \
	ADDQ  $48, CX \
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
	MOVSD 0(AX), X8        // MinX, MinY
	MOVSD 8(AX), X9        // MaxX, MaxY
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
	MOVWLZX 0(R10), AX
	SHLQ  $5, AX
	MOVSS 28(R11)(AX*1), X0
	MOVWLZX 2(R10), AX
	SHLQ  $5, AX
	ADDSS 28(R11)(AX*1), X0
	MOVWLZX 4(R10), AX
	SHLQ  $5, AX
	ADDSS 28(R11)(AX*1), X0
	DIVSS X13, X0
	MOVAPS X14, X1
	MAXSS X0, X1
	ADDSS X14, X1
	MOVQ  X1, AX
	NOTL  AX
	MOVL  AX, (R8)(R12*4)
	MOVL  R12, (R9)(R12*4)

	MOVWLZX 6(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  (DX), R14
	JEQ   have0
	NEWCORNER
have0:
	MOVL  4(DX), AX
	MOVL  AX, 0(DI)

	MOVWLZX 8(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  (DX), R14
	JEQ   have1
	NEWCORNER
have1:
	MOVL  4(DX), AX
	MOVL  AX, 4(DI)

	MOVWLZX 10(R10), AX
	LEAQ  (BX)(AX*8), DX
	CMPL  (DX), R14
	JEQ   have2
	NEWCORNER
have2:
	MOVL  4(DX), AX
	MOVL  AX, 8(DI)

	MOVL  owner+96(FP), AX
	MOVL  AX, 12(DI)
	MOVW  16(R10), AX      // Additive, Solid1 → Blend, Solid
	MOVW  AX, 16(DI)
	ADDQ  $32, DI
	INCQ  R12
	CMPQ  R12, j1+80(FP)
	JLT   loop

done:
	MOVQ  bounds+104(FP), AX
	MOVLHPS X9, X8
	MOVUPS X8, 0(AX)
	MOVL  R13, ret+112(FP)
	RET
