package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dereth/dereth/protocol"
)

const td = "../protocol/testdata/"

// runDecode runs Decode and returns the exit status and stdout lines.
func runDecode(t *testing.T, args ...string) (int, []string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Decode(args, &out, &errOut)
	s := strings.TrimSuffix(out.String(), "\n")
	var lines []string
	if s != "" {
		lines = strings.Split(s, "\n")
	}
	return code, lines, errOut.String()
}

func jsonLine(t *testing.T, line string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatalf("not JSON: %s: %v", line, err)
	}
	return v
}

func TestDecodeJSONStatuses(t *testing.T) {
	tests := []struct {
		file, message, status string
		opcode                float64
		errPart               string
	}{
		{"create_object.bin", "CreateObject", "exact", 0xF745, ""},
		{"update_motion_run.bin", "UpdateMotion", "exact", 0xF74C, ""},
		{"update_position.bin", "UpdatePosition", "exact", 0xF748, ""},
		{"update_position_padded.bin", "UpdatePosition", "padded", 0xF748, ""},
		{"set_state.bin", "SetState", "exact", 0xF74B, ""},
		{"play_effect.bin", "PlayEffect", "exact", 0xF755, ""},
		{"move_to_state.bin", "MoveToState", "exact", 0xF7B1, ""},
		{"truncated_update_motion.bin", "UpdateMotion", "error", 0xF74C,
			"protocol: UpdateMotion: field forward_speed at offset 0x1E: need 4 bytes, have 1"},
		{"truncated_create_object.bin", "CreateObject", "error", 0xF745, "at offset 0x"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			code, lines, _ := runDecode(t, "--json", td+tt.file)
			wantCode := 0
			if tt.status == "error" {
				wantCode = 1
			}
			if code != wantCode || len(lines) != 1 {
				t.Fatalf("exit %d with %d lines, want exit %d with 1 line", code, len(lines), wantCode)
			}
			v := jsonLine(t, lines[0])
			if v["file"] != td+tt.file || v["message"] != tt.message || v["status"] != tt.status || v["opcode"] != tt.opcode {
				t.Fatalf("got %v", v)
			}
			if sum, _ := v["sha256"].(string); len(sum) != 64 {
				t.Fatalf("sha256 %v", v["sha256"])
			}
			e, hasErr := v["error"].(string)
			if hasErr != (tt.errPart != "") || !strings.Contains(e, tt.errPart) {
				t.Fatalf("error %q, want it to contain %q", e, tt.errPart)
			}
			if _, ok := v["fields"]; !ok {
				t.Fatalf("no fields key: %v", v)
			}
		})
	}
}

func TestDecodeJSONFields(t *testing.T) {
	tests := []struct {
		file string
		want map[string]any
	}{
		{"update_motion_run.bin", map[string]any{
			"guid": float64(0x80000A01), "instance_sequence": float64(0), "movement_sequence": float64(0x102),
			"server_control_sequence": float64(0x102), "autonomous": false, "movement_type": float64(0),
			"current_style": float64(0x8000003D), "forward_command": float64(0x44000007), "forward_speed": 1.5,
			"sidestep_command": float64(0), "sidestep_speed": float64(1), "turn_command": float64(0x6500000D),
			"turn_speed": float64(1), "num_actions": float64(0)}},
		{"update_position.bin", map[string]any{
			"guid": float64(0x80000A01), "flags": float64(0x34), "cell": float64(0xA9B40021),
			"instance_sequence": float64(0), "position_sequence": float64(0x33), "teleport_sequence": float64(0),
			"force_position_sequence": float64(0)}},
		{"set_state.bin", map[string]any{"guid": float64(0x50000001), "state": float64(0x00400408),
			"instance_sequence": float64(3), "state_sequence": float64(0x1234)}},
		{"play_effect.bin", map[string]any{"guid": float64(0x50000001), "script": float64(0x12), "speed": float64(1)}},
		{"create_object.bin", map[string]any{"guid": float64(0x80000A01), "name": "Tüsker Guard",
			"wcid": float64(0x8123), "setup": float64(0x02000001), "motion_table": float64(0x09000001),
			"sound_table": float64(0x20000014), "physics_script_table": float64(0x34000004),
			"physics_state": float64(0x00410C08), "cell": float64(0xA9B40021)}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, lines, _ := runDecode(t, "--json", td+tt.file)
			fields, _ := jsonLine(t, lines[0])["fields"].(map[string]any)
			for k, want := range tt.want {
				if got, ok := fields[k]; !ok || got != want {
					t.Errorf("%s = %v (present %v), want %v", k, got, ok, want)
				}
			}
		})
	}
}

func TestDecodeJSONCreateObjectShapes(t *testing.T) {
	_, lines, _ := runDecode(t, "--json", td+"create_object.bin")
	f := jsonLine(t, lines[0])["fields"].(map[string]any)
	if o, _ := f["origin"].([]any); len(o) != 3 || o[0] != float64(50) || o[1] != 60.5 {
		t.Errorf("origin %v", f["origin"])
	}
	if r, _ := f["rotation"].([]any); len(r) != 4 || r[1] != float64(0) || r[2] != float64(0) {
		t.Errorf("rotation %v, want [w x y z]", f["rotation"])
	}
	if ts, _ := f["timestamps"].([]any); len(ts) != 9 {
		t.Errorf("timestamps %v", f["timestamps"])
	}
	mv, _ := f["movement"].(map[string]any)
	if mv["forward_command"] != float64(0x44000007) || mv["current_style"] != float64(0x8000003D) || mv["num_actions"] != float64(2) {
		t.Errorf("movement %v", mv)
	}
}

func TestDecodeText(t *testing.T) {
	code, lines, _ := runDecode(t, td+"update_motion_run.bin", td+"truncated_update_motion.bin")
	if code != 1 || len(lines) != 2 {
		t.Fatalf("exit %d, %d lines: %q", code, len(lines), lines)
	}
	for _, want := range []string{"UpdateMotion 0xF74C exact", "guid=0x80000A01", "forward_command=0x44000007(RunForward)",
		"turn_command=0x6500000D(TurnRight)", "current_style=0x8000003D(NonCombat)"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("line %q lacks %q", lines[0], want)
		}
	}
	if !strings.Contains(lines[1], "error: protocol: UpdateMotion: field forward_speed at offset 0x1E") {
		t.Errorf("truncated line %q", lines[1])
	}
}

func TestDecodeBadInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, path, errPart string
	}{
		{"missing", filepath.Join(dir, "nope.bin"), "no such file"},
		{"empty", write("empty.bin", nil), "field opcode at offset 0x0: need 4 bytes, have 0"},
		{"unknown opcode", write("unk.bin", []byte{0x34, 0x12, 0, 0}), "unknown opcode 0x1234"},
		{"trailing garbage", write("trail.bin", append(mustRead(t, td+"play_effect.bin"), 0, 7)),
			"field trailing at offset 0x10: 2 unexpected bytes"},
		// Zero padding past the allowance is refused (it used to pass as
		// "padded" at any length), and so is a file too large for a message.
		{"17 bytes of zero padding", write("pad17.bin", append(mustRead(t, td+"play_effect.bin"), make([]byte, 17)...)),
			"PlayEffect: 17 zero bytes after the message at offset 0x10, more than the 16 bytes of padding allowed"},
		{"2 MiB of zeros", write("pad2m.bin", append(mustRead(t, td+"play_effect.bin"), make([]byte, 2<<20)...)),
			"larger than 1048576 bytes"},
		{"16 bytes of zero padding", write("pad16.bin", append(mustRead(t, td+"play_effect.bin"), make([]byte, 16)...)), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, lines, _ := runDecode(t, "--json", tt.path)
			if tt.errPart == "" {
				if code != 0 || len(lines) != 1 || jsonLine(t, lines[0])["status"] != "padded" {
					t.Fatalf("exit %d, lines %q, want status padded", code, lines)
				}
				return
			}
			if code != 1 || len(lines) != 1 {
				t.Fatalf("exit %d, lines %q", code, lines)
			}
			v := jsonLine(t, lines[0])
			if v["status"] != "error" || !strings.Contains(v["error"].(string), tt.errPart) {
				t.Fatalf("got %v, want error containing %q", v, tt.errPart)
			}
		})
	}
}

func TestDecodeExitStatus(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		code  int
		lines int
	}{
		{"all good", []string{td + "set_state.bin", td + "play_effect.bin"}, 0, 2},
		{"one bad", []string{"--json", td + "set_state.bin", td + "truncated_create_object.bin", td + "play_effect.bin"}, 1, 3},
		{"flag after files", []string{td + "set_state.bin", "--json"}, 2, 0},
		{"file named like a flag after --", []string{"--", "--json"}, 1, 1},
		{"no files", []string{"--json"}, 2, 0},
		{"unknown flag", []string{"--yaml", td + "set_state.bin"}, 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, lines, _ := runDecode(t, tt.args...)
			if code != tt.code || len(lines) != tt.lines {
				t.Fatalf("exit %d with %d lines, want %d with %d", code, len(lines), tt.code, tt.lines)
			}
		})
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A packet capture given to decode is named as one, with the command that
// reads it; a message file that merely starts with other bytes is not.
func TestDecodeCaptureSaysReplay(t *testing.T) {
	dir := t.TempDir()
	magics := map[string][]byte{
		"le.pcap":    {0xD4, 0xC3, 0xB2, 0xA1, 2, 0, 4, 0},
		"be.pcap":    {0xA1, 0xB2, 0xC3, 0xD4, 0, 2, 0, 4},
		"ns.pcap":    {0x4D, 0x3C, 0xB2, 0xA1, 2, 0, 4, 0},
		"x.pcapng":   {0x0A, 0x0D, 0x0D, 0x0A, 28, 0, 0, 0},
		"big.pcapng": append([]byte{0x0A, 0x0D, 0x0D, 0x0A}, make([]byte, maxMessageFile+10)...),
	}
	for name, b := range magics {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if code := Decode([]string{path}, &out, &errb); code != 1 {
			t.Errorf("%s: exit %d", name, code)
		}
		if want := path + ": error: this is a capture (libpcap or pcapng), not a game message: use dereth replay FILE\n"; out.String() != want {
			t.Errorf("%s: %q, want %q", name, out.String(), want)
		}
	}
	// One byte off a magic number is an ordinary (undecodable) message.
	path := filepath.Join(dir, "msg.bin")
	if err := os.WriteFile(path, []byte{0xD5, 0xC3, 0xB2, 0xA1, 0, 0, 0, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	Decode([]string{path}, &out, &errb)
	if strings.Contains(out.String(), "capture") {
		t.Errorf("a non-capture called a capture: %q", out.String())
	}
}

func TestDecodeCatalog(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Decode([]string{"--catalog", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(protocol.Catalog()) || len(lines) < 300 {
		t.Fatalf("%d lines for %d catalogue messages", len(lines), len(protocol.Catalog()))
	}
	for _, want := range []string{
		`{"opcode":"0x02BB","name":"Communication_HearSpeech","direction":"S2C","group":"message","queue":"UIQueue"}`,
		`{"opcode":"0xF7B0","type":"0x02BD","name":"Communication_HearDirectSpeech","direction":"S2C","group":"event","queue":"UIQueue"}`,
		`{"opcode":"0xF7B1","type":"0xF61C","name":"Movement_MoveToState","direction":"C2S","group":"action","queue":"Weenie"}`,
	} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("no line %s", want)
		}
	}
	if code := Decode([]string{"--catalog", "x.bin"}, &out, &errb); code != 2 {
		t.Errorf("--catalog with a FILE: exit %d, want 2", code)
	}
}
