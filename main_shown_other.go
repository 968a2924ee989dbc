//go:build !js && !headless

package main

// pageShown is the browser page's first-frame hook (main_shown_js.go);
// outside the browser there is no page to tell.
var pageShown func()
