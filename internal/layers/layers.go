// Package layers holds the import-layer test: docs/architecture.md's
// package table is the order of dereth's layers, and a package may import
// only packages of its own layer or above it (layers_test.go).
package layers
