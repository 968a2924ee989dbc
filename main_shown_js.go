//go:build js && !headless

package main

import "syscall/js"

// pageShown tells the browser page the world is on screen: it calls the
// page's derethShown(), when defined (web/index.html records its time to
// first frame there).
var pageShown = func() {
	if f := js.Global().Get("derethShown"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}
