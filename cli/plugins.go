package cli

import (
	"fmt"
	"io"

	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/systems"
)

// pluginFlag is the help of --plugin, for replay, connect and view.
const pluginFlag = "run the Lua plugin `FILE.lua` on the session (docs/plugins.md); repeatable"

// pluginOutput writes the plugins' outputs: a plugin's print as
// "name: text" (a JSON line with --json), every action, panel change,
// refusal and disabling as a JSON line (docs/plugins.md).
func pluginOutput(write func([]byte), asJSON bool) func(plugin.Output) {
	return func(o plugin.Output) {
		if o.Event == "plugin_print" && !asJSON {
			write(fmt.Appendf(nil, "%s: %s\n", o.Plugin, o.Text))
			return
		}
		write(o.JSON())
	}
}

// loadPlugins loads the plugin files into a new Manager. Send (nil for a
// replay or the offline world) queues GameActions on the session;
// moveTo moves the local player.
func loadPlugins(paths []string, opts plugin.Options, w *systems.World) (*plugin.Manager, error) {
	m := plugin.New(opts)
	m.SetWorld(w) // the main chunks may query it
	for _, p := range paths {
		if _, err := m.Load(p); err != nil {
			m.Close()
			return nil, err
		}
	}
	return m, nil
}

// writerFunc adapts an io.Writer to pluginOutput.
func writerFunc(w io.Writer) func([]byte) { return func(b []byte) { w.Write(b) } }

// ViewPlugins loads the offline viewer's --plugin files on w (the spawn
// script's world): enter_world runs at once when it has a player. The
// plugins' prints and outputs go to stdout, their disabling to stderr.
// It returns nil without --plugin.
func ViewPlugins(opts ViewOptions, w *systems.World, stdout, stderr io.Writer) (*plugin.Manager, error) {
	if len(opts.Plugins) == 0 {
		return nil, nil
	}
	m, err := loadPlugins(opts.Plugins, plugin.Options{Out: pluginOutput(writerFunc(stdout), false), Stderr: stderr}, w)
	if err != nil {
		return nil, err
	}
	m.Tick(w.Now)
	if w.PlayerGUID != 0 {
		m.Lifecycle("enter_world", protocol.Object{{Key: "guid", Value: protocol.Hex(w.PlayerGUID)}})
	}
	return m, nil
}
