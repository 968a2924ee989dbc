//go:build !amd64 && !arm64

package prefetch

func two(p, q, r uintptr) {}
