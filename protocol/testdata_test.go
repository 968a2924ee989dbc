package protocol

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite protocol/testdata from the encoder")

// samples are the message files under testdata/, built by the encoder from
// the test vectors, for trying `dereth decode` by hand.
func samples() map[string][]byte {
	v := vectors()
	byName := map[string]Message{}
	for _, x := range v {
		byName[x.name] = x.msg
	}
	enc := func(name string) []byte { return byName[name].Encode(nil) }
	return map[string][]byte{
		"create_object.bin":           enc("CreateObject/full"),
		"create_object_pack.bin":      enc("CreateObject/animation_frame"),
		"update_motion_run.bin":       enc("UpdateMotion/doc_example"),
		"update_motion_actions.bin":   enc("UpdateMotion/full_ims"),
		"update_motion_move_to.bin":   enc("UpdateMotion/move_to_object"),
		"update_position.bin":         enc("UpdatePosition/doc_example"),
		"update_position_padded.bin":  append(enc("UpdatePosition/doc_example"), 0, 0, 0, 0),
		"set_state.bin":               enc("SetState"),
		"play_effect.bin":             enc("PlayEffect"),
		"delete_object.bin":           enc("DeleteObject"),
		"obj_desc_event.bin":          enc("ObjDescEvent"),
		"move_to_state.bin":           enc("MoveToState/doc_example"),
		"autonomous_position.bin":     enc("AutonomousPosition"),
		"truncated_update_motion.bin": enc("UpdateMotion/doc_example")[:31],
		"truncated_create_object.bin": enc("CreateObject/full")[:100],
	}
}

// TestTestdata keeps testdata/ in step with the encoder; run with -update
// (or `go generate ./protocol`) to rewrite it.
func TestTestdata(t *testing.T) {
	for name, want := range samples() {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go generate ./protocol)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale (run go generate ./protocol)", path)
		}
	}
}
