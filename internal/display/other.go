//go:build !unix

// Package display is a no-op where Ebitengine needs no X display.
package display
