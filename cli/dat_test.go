package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
)

func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = Dat(args, &o, &e)
	return code, o.String(), e.String()
}

func TestLs(t *testing.T) {
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run("ls", "sample:portal")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != p.Len() {
		t.Fatalf("%d lines for %d objects", len(lines), p.Len())
	}
	if !strings.Contains(out, fmt.Sprintf("0x%08X  Setup", sampleworld.HumanSetup)) {
		t.Errorf("human Setup not listed:\n%s", out)
	}
}

func TestLsJSON(t *testing.T) {
	for _, path := range []string{"sample:portal", "sample:cell"} {
		code, out, errOut := run("ls", "--json", path)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", path, code, errOut)
		}
		valid := map[string]bool{"Unknown": true}
		for _, ty := range dat.Types() {
			valid[ty.String()] = true
		}
		seen := map[uint32]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var rec struct {
				ID   *uint32 `json:"id"`
				Type string  `json:"type"`
				Size *uint32 `json:"size"`
			}
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&rec); err != nil || rec.ID == nil || rec.Size == nil {
				t.Fatalf("%s: line %q: %v", path, line, err)
			}
			if !valid[rec.Type] {
				t.Errorf("type %q not in the list", rec.Type)
			}
			seen[*rec.ID] = rec.Type
		}
		if path == "sample:cell" && seen[sampleworld.BlockNE] != "LandBlock" {
			t.Errorf("0x%08X listed as %q (ids above 2^31 must stay unsigned)", uint32(sampleworld.BlockNE), seen[sampleworld.BlockNE])
		}
		if path == "sample:portal" && seen[sampleworld.HumanMotionTable] != "MotionTable" {
			t.Errorf("motion table listed as %q", seen[sampleworld.HumanMotionTable])
		}
	}
}

var upper = regexp.MustCompile(`"[^"]*[A-Z][^"]*":`)

func TestShowJSON(t *testing.T) {
	tests := []struct {
		path, id string
		check    func(t *testing.T, m map[string]any)
	}{
		{"sample:portal", "0x02000001", func(t *testing.T, m map[string]any) {
			if m["id"] != float64(sampleworld.HumanSetup) {
				t.Errorf("id %v", m["id"])
			}
			f := m["placement_frames"].(map[string]any)["0"].(map[string]any)["frames"].([]any)[0].(map[string]any)
			if len(f["origin"].([]any)) != 3 || len(f["orientation"].([]any)) != 4 {
				t.Errorf("frame %v: want origin [x,y,z], orientation [w,x,y,z]", f)
			}
			if w := f["orientation"].([]any)[0].(float64); w < 0.99 {
				t.Errorf("pelvis orientation w = %v, want the identity's 1 first", w)
			}
		}},
		{"sample:portal", "0x09000001", func(t *testing.T, m map[string]any) {
			if m["default_style"] != float64(0x8000003D) {
				t.Errorf("default_style %v, want unsigned 2147483709", m["default_style"])
			}
		}},
		{"sample:cell", "0xA9B4FFFF", func(t *testing.T, m map[string]any) {
			if len(m["heights"].([]any)) != 81 {
				t.Error("heights not 81 numbers")
			}
		}},
		{"sample:cell", fmt.Sprint(uint32(sampleworld.HouseCell0)), func(t *testing.T, m map[string]any) {
			if m["environment_id"] != float64(0x0D000001) {
				t.Errorf("environment_id %v", m["environment_id"])
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			code, out, errOut := run("show", "--json", tc.path, tc.id)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if k := upper.FindString(out); k != "" {
				t.Errorf("key %s is not snake_case", k)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(out), &m); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			tc.check(t, m)
		})
	}
}

func TestShowText(t *testing.T) {
	code, out, _ := run("show", "sample:portal", "0x33000001")
	if code != 0 || !strings.HasPrefix(out, "PhysicsScript 0x33000001") || !strings.Contains(out, "0x32000002") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestCheck(t *testing.T) {
	for _, path := range []string{"sample:portal", "sample:cell"} {
		code, out, errOut := run("check", path)
		if code != 0 || errOut != "" || !strings.HasSuffix(out, "ok\n") {
			t.Fatalf("%s: exit %d\n%s\n%s", path, code, out, errOut)
		}
		if strings.Contains(out, "\r") {
			t.Errorf("%s: progress bar drawn on a non-terminal", path)
		}
	}
	_, out, _ := run("check", "sample:portal")
	if !regexp.MustCompile(`Animation\s+18`).MatchString(out) {
		t.Errorf("no Animation count:\n%s", out)
	}
}

func TestCheckProgressBar(t *testing.T) {
	old := terminal
	terminal = func(io.Writer) bool { return true }
	defer func() { terminal = old }()
	code, out, _ := run("check", "sample:portal")
	if code != 0 || !strings.Contains(out, "\r[") || !strings.Contains(out, "100%") {
		t.Fatalf("exit %d, no progress bar:\n%q", code, out)
	}
}

// badDAT writes a portal DAT with one good and one undecodable object.
func badDAT(t *testing.T) string {
	b := dat.NewBuilder(dat.DatasetPortal)
	b.Add(0x03000001, []byte{1, 2, 3}) // truncated Animation
	b.Add(0x0A000001, []byte{0})       // a Wave: no decoder, not an error for check
	s := &dat.Surface{ID: 0x08000001, Type: dat.SurfaceBase1Solid, Color: 0xFF00FF00}
	if err := b.AddObject(s); err != nil {
		t.Fatal(err)
	}
	data, err := b.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "bad.dat")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestErrors(t *testing.T) {
	bad := badDAT(t)
	notDAT := filepath.Join(t.TempDir(), "zeros.dat")
	if err := os.WriteFile(notDAT, make([]byte, 4096), 0o644); err != nil {
		t.Fatal(err)
	}
	trunc := filepath.Join(t.TempDir(), "client_portal.dat")
	if err := os.WriteFile(trunc, sampleworld.PortalBytes()[:len(sampleworld.PortalBytes())/2], 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"truncated download", []string{"check", trunc}, 1, "truncated"},
		{"no command", nil, 2, "usage"},
		{"unknown command", []string{"frob"}, 2, "unknown dat command"},
		{"ls without path", []string{"ls"}, 2, "want PATH, got 0"},
		{"bad flag", []string{"ls", "--yaml", "x"}, 2, "yaml"},
		{"missing file", []string{"ls", filepath.Join(t.TempDir(), "none.dat")}, 1, "no such file"},
		{"unknown sample", []string{"ls", "sample:highres"}, 1, "unknown sample"},
		{"not a DAT", []string{"check", notDAT}, 1, "magic"},
		{"bad id", []string{"show", "sample:portal", "xyz"}, 2, "bad object id"},
		{"absent id", []string{"show", "sample:portal", "0x02FFFFFF"}, 1, "0x02FFFFFF"},
		{"iteration", []string{"show", "--json", "sample:portal", "0xFFFF0001"}, 0, ""},
		{"no decoder", []string{"show", bad, "0x0A000001"}, 1, "no decoder"},
		{"undecodable object", []string{"show", bad, "0x03000001"}, 1, "Animation 0x03000001"},
		{"check finds it", []string{"check", bad}, 1, "Animation 0x03000001"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := run(tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d mentioning %q", code, errOut, tc.code, tc.want)
			}
			if tc.code != 0 && errOut == "" {
				t.Fatal("failure without a message on stderr")
			}
		})
	}
	// check still counts and reports the good object next to the bad one.
	_, out, _ := run("check", bad)
	if !strings.Contains(out, "Surface") || !strings.Contains(out, "(1 bad)") || !strings.Contains(out, "not decoded") {
		t.Errorf("check report:\n%s", out)
	}
}

// `dereth dat export DIR` writes the sample world under retail's names, the
// bytes of the embedded DATs, opens as --dat DIR would, and will not
// overwrite them.
func TestDatExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	var out, errb bytes.Buffer
	if code := Dat([]string{"export", dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for name, want := range map[string][]byte{"client_portal.dat": sampleworld.PortalBytes(), "client_cell_1.dat": sampleworld.CellBytes()} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes, err %v; want the embedded %d", name, len(got), err, len(want))
		}
		if _, err := dat.OpenFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out.String(), "dereth --dat "+dir) {
		t.Errorf("output %q does not say how to use it", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := Dat([]string{"export", dir}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "exists; not overwriting") {
		t.Errorf("second export: exit %d, %q", code, errb.String())
	}
}
