package protocol

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func viewOf(t *testing.T, m Message) map[string]any {
	t.Helper()
	b := m.Fields().AppendJSON(nil)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return out
}

func TestFieldViewHasRequiredKeys(t *testing.T) {
	tests := []struct {
		name string
		msg  Message
		keys []string
	}{
		{"CreateObject", fullCreateObject(), []string{"guid", "name", "wcid", "setup", "motion_table", "sound_table",
			"physics_script_table", "physics_state", "cell", "origin", "rotation", "timestamps", "movement"}},
		{"UpdateMotion", vectorNamed("UpdateMotion/doc_example").msg, []string{"guid", "instance_sequence", "movement_sequence",
			"server_control_sequence", "autonomous", "movement_type", "current_style", "forward_command",
			"forward_speed", "sidestep_command", "sidestep_speed", "turn_command", "turn_speed", "num_actions"}},
		{"UpdatePosition", vectorNamed("UpdatePosition/doc_example").msg, []string{"guid", "flags", "cell", "origin", "rotation",
			"instance_sequence", "position_sequence", "teleport_sequence", "force_position_sequence"}},
		{"SetState", &SetState{}, []string{"guid", "state", "instance_sequence", "state_sequence"}},
		{"PlayEffect", &PlayEffect{}, []string{"guid", "script", "speed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := viewOf(t, tt.msg)
			for _, k := range tt.keys {
				if _, ok := v[k]; !ok {
					t.Errorf("missing key %q in %v", k, v)
				}
			}
		})
	}
}

func TestFieldViewValues(t *testing.T) {
	um := viewOf(t, vectorNamed("UpdateMotion/doc_example").msg) // UpdateMotion doc example
	co := viewOf(t, fullCreateObject())
	mv, _ := co["movement"].(map[string]any)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"guid", um["guid"], float64(0x80000A01)},
		{"current_style", um["current_style"], float64(0x8000003D)},
		{"forward_command", um["forward_command"], float64(0x44000007)},
		{"turn_command", um["turn_command"], float64(0x6500000D)},
		{"sidestep_command", um["sidestep_command"], float64(0)},
		{"forward_speed", um["forward_speed"], 1.5},
		{"turn_speed", um["turn_speed"], 1.0},
		{"num_actions", um["num_actions"], float64(0)},
		{"autonomous", um["autonomous"], false},
		{"name", co["name"], "Tüsker Guard"},
		{"wcid", co["wcid"], float64(0x8123)},
		{"setup", co["setup"], float64(0x02000001)},
		{"cell", co["cell"], float64(0xA9B40021)},
		{"movement.sidestep_command", mv["sidestep_command"], float64(0x6500000F)},
		{"movement.num_actions", mv["num_actions"], float64(2)},
		{"movement.sticky_object", mv["sticky_object"], float64(0x80000B02)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v (%T), want %v", tt.name, tt.got, tt.got, tt.want)
		}
	}
	if got := co["rotation"].([]any); len(got) != 4 || float32(got[0].(float64)) != w7071 || got[1].(float64) != 0 {
		t.Errorf("rotation = %v, want [w x y z] with w first", got)
	}
	if got := co["timestamps"].([]any); len(got) != 9 || got[8].(float64) != 9 {
		t.Errorf("timestamps = %v", got)
	}
}

func TestFieldViewNonFiniteFloats(t *testing.T) {
	m := &PlayEffect{Guid: 1, Speed: float32(math.NaN())}
	b := m.Fields().AppendJSON(nil)
	if !json.Valid(b) || !strings.Contains(string(b), `"speed":"NaN"`) {
		t.Fatalf("got %s", b)
	}
}

func TestFieldViewText(t *testing.T) {
	got := string(vectorNamed("UpdateMotion/doc_example").msg.Fields().AppendText(nil))
	for _, want := range []string{"guid=0x80000A01", "forward_command=0x44000007(RunForward)",
		"current_style=0x8000003D(NonCombat)", "forward_speed=1.5", "actions=[]"} {
		if !strings.Contains(got, want) {
			t.Errorf("text %q lacks %q", got, want)
		}
	}
}
