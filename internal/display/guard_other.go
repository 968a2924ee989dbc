//go:build !((linux && !android) || freebsd || netbsd || openbsd || dragonfly)

package display

// guard does nothing where Ebitengine needs no X display.
func guard(bool) {}
