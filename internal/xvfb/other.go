//go:build !unix

// Package xvfb is a no-op here: only Linux and the BSDs need an X display.
package xvfb
