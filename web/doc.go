// Package web is dereth's browser build: index.html runs the viewer
// compiled to WebAssembly (GOOS=js GOARCH=wasm) on the embedded sample
// world. `go tool task web` assembles the page, the wasm binary
// (stripped) and Go's wasm_exec.js in build/web, with gzip copies
// (Precompress); `go tool task serve` (tools/serve) serves it through
// Handler, which sends those copies gzip-encoded, and any static file
// server serves it uncompressed. The test builds the same, serves it
// through Handler and screenshots it in headless Chromium, recording
// the page's time to first frame.
package web
