package callgrind

import "unsafe"

// request is the client request sequence (request_amd64.s).
//
//go:noescape
func request(args *[6]uintptr) uintptr

func unsafePointer(b *byte) unsafe.Pointer { return unsafe.Pointer(b) }
