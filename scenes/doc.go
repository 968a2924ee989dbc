// Package scenes is dereth's viewer window: Ebitengine scenes — loading
// (a progress bar while main loads the DATs and the spawn script), world,
// and error (what failed and where) — over a live systems.World. Run is the
// entry main calls for `dereth` and `dereth view`.
//
// The world scene is the only place that draws. It reads the presenter's
// published poses through view.Renderer, which projects on the CPU and
// sorts back to front; this package hands the result to the GPU, the
// opaque triangles drawn with a depth test (view.Renderer.Depth).
// It is, with main, the only package that imports ebiten; the logic lives
// in package scenes/view, which is tested without a window. (On Linux and
// the BSDs ebiten's package init needs an X display, so this package's own
// tests re-execute themselves under xvfb-run when DISPLAY is unset.)
//
// Keys: W/S or the up/down arrows walk forward and back, Shift runs, A/D,
// Q/E or left/right turn, Z/C sidestep, Space jumps (hold to charge); a
// left drag orbits (pans the map), a right drag is mouse-look, the wheel
// zooms, M toggles the top-down map, Tab or a click selects an entity,
// Esc clears the selection, F1 toggles the HUD, F2 the free-flight camera
// (W/S/A/D move it along the view, Space and Ctrl up and down, Shift
// faster), F3 the frame-time graph, F4 opens the outbound log (the newest
// few messages), F5 reloads the spawn script, F6 and F7 invert the wheel
// and mouse-look's vertical axis, F8 draws the collision spheres and the
// polygons each object last hit, F12 saves a screenshot as a PNG in the
// working directory (its path printed), and [ / ] step the time of day by
// an hour. In a replay (Config.Replay) P pauses and plays, N steps to
// the next packet and a click on the scrubber along the top seeks there,
// ahead or back (Config.World hands over the world built again);
// a session's chat (Config.Chat) shows at the bottom right, and objects
// without a model in the DATs are labelled placeholder boxes. The window is resizable; its size, the HUD and graph toggles,
// the inversions and the time of day are remembered in the user's config
// directory (view.SettingsPath). HUD panels are trimmed so they never
// cover the middle of the screen (view.FitPanel). When loading failed (a
// broken spawn script, a bad DAT), the error screen's F5 loads again, so a
// fixed script comes up without restarting.
//
// The world is drawn in one DrawTrianglesShader call through a Kage shader
// (shader.go): perspective-correct, bilinearly filtered atlas lookups,
// distance fog and the alpha test of clip-map surfaces; runs of Additive
// surfaces are calls of their own with additive blending
// (view.Renderer.Batches). Before it, two calls of the same shader build
// the depth buffer from the opaque triangles (the high and low byte of
// view.DepthCode in two images, blended by maximum), and the colour call
// draws a fragment only where it is the nearest opaque surface.
package scenes
