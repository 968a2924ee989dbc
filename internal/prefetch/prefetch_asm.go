//go:build amd64 || arm64

package prefetch

// two is Two in assembly: it takes addresses, which the collector does not
// follow (nothing is read through them).
//
//go:noescape
func two(p, q, r uintptr)
