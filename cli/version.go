package cli

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/dereth/dereth/testbed"
)

// Version implements `dereth version` (and `dereth --version`): the
// module's version and the VCS commit the binary was built from, as the Go
// toolchain recorded them (debug.ReadBuildInfo), and the scripting
// surface's version (world.api_version, testbed.APIVersion).
func Version(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("version", "dereth version")
	fs.Detail = "Prints dereth's module version, the commit it was built from, the Go version and\nthe scripting API version (world.api_version).\n"
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "dereth version: takes no arguments, got %q\n", fs.Args())
		return 2
	}
	info, ok := debug.ReadBuildInfo()
	fmt.Fprintf(stdout, "%s, world.api_version %d\n", versionLine(info, ok), testbed.APIVersion)
	return 0
}

// versionLine formats build info: "dereth VERSION (commit REV[, modified],
// TIME) GOVERSION".
func versionLine(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return "dereth (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	line := "dereth " + v
	switch {
	case rev != "":
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += " (commit " + rev + modified
		if at != "" {
			line += ", " + at
		}
		line += ")"
	default:
		line += " (commit unknown: built without VCS information)"
	}
	return line + " " + info.GoVersion
}
