package cli

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dereth/dereth/testbed"
)

func TestVersionLine(t *testing.T) {
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"go install @version", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.3.0"}},
			"dereth v0.3.0 (commit unknown: built without VCS information) go1.26.8"},
		{"a checkout", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-03T20:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			"dereth (devel) (commit 0123456789ab, modified, 2026-12-03T20:00:00Z) go1.26.8"},
		{"no build info", nil, "dereth (no build information)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionLine(tt.info, tt.info != nil); got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// `dereth version` and `dereth --version` print one line naming dereth,
// the Go version this test binary was built with and the scripting API
// version (world.api_version).
func TestVersionCommand(t *testing.T) {
	info, _ := debug.ReadBuildInfo()
	want := fmt.Sprintf(" %s, world.api_version %d\n", info.GoVersion, testbed.APIVersion)
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var out, errb bytes.Buffer
		view, code := Dispatch(args, &out, &errb)
		if view != nil || code != 0 || errb.Len() != 0 {
			t.Fatalf("%v: view %v code %d stderr %q", args, view, code, errb.String())
		}
		if s := out.String(); !strings.HasPrefix(s, "dereth ") || !strings.HasSuffix(s, want) || strings.Count(s, "\n") != 1 {
			t.Errorf("%v: %q, want it to end in %q", args, s, want)
		}
	}
	var out, errb bytes.Buffer
	if _, code := Dispatch([]string{"version", "x"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "takes no arguments") {
		t.Errorf("version x: code %d stderr %q", code, errb.String())
	}
}
