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
