// Package web is dereth's browser build: index.html runs the viewer
// compiled to WebAssembly (GOOS=js GOARCH=wasm) on the embedded sample
// world. `go tool task web` assembles the page, the wasm binary and Go's
// wasm_exec.js in build/web; any static file server serves it. The test
// builds the same, serves it from a local server and screenshots it in
// headless Chromium.
package web
