// Package display makes sure the viewer has an X display before
// Ebitengine's init opens one. It knows nothing of dereth's commands:
// cli/prewindow decides, before Ebitengine is initialised, that the
// command line is the viewer's and calls Guard.
//
// Linking Ebitengine is enough to need an X display on Linux and the BSDs:
// the init function of its internal/ui package creates the user interface,
// which calls glfw.Init, which opens DISPLAY and panics ("glfw: X11: Failed
// to open display") when it is unset or unreachable. On those systems
// Guard checks the display first: a DISPLAY no X server answers stops
// dereth with "display :N unreachable" (exit status 2) instead of
// Ebitengine's panic; without DISPLAY or WAYLAND_DISPLAY a screenshot
// starts its own Xvfb, which is stopped when dereth exits or is killed
// (the parent-death signal on Linux, SIGINT/SIGTERM handlers everywhere),
// and the interactive viewer stops with a message saying it needs a
// display. Elsewhere Guard does nothing.
package display

// Guard makes sure the viewer about to open (a screenshot run when
// screenshot is set) has a display, or exits with status 2 and a message.
func Guard(screenshot bool) { guard(screenshot) }
