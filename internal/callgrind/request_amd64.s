#include "textflag.h"

// func request(args *[6]uintptr) uintptr
//
// Valgrind's client request: the argument block's address in AX, the
// default answer (0) in DX, then the special sequence (rolq $3, $13, $61,
// $51 of DI — 128 bits in all, so nothing changes outside valgrind — and
// xchgq %rbx,%rbx), spelled as bytes so the assembler cannot choose
// another encoding. Valgrind leaves its answer in DX.
TEXT ·request(SB), NOSPLIT, $0-16
	MOVQ args+0(FP), AX
	MOVQ $0, DX
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x03
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x0d
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x3d
	BYTE $0x48; BYTE $0xc1; BYTE $0xc7; BYTE $0x33
	BYTE $0x48; BYTE $0x87; BYTE $0xdb
	MOVQ DX, ret+8(FP)
	RET
