package cli

import (
	"fmt"
	"io"

	"github.com/dereth/dereth/plugin"
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
func loadPlugins(paths []string, opts plugin.Options) (*plugin.Manager, error) {
	m := plugin.New(opts)
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
