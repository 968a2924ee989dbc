package luahost

import (
	"errors"
	"testing"
)

// TestRunSource: an in-memory script reports errors under its own name and
// line, like a file, with nothing on disk.
func TestRunSource(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // the message; "" means it must pass
		kind      error
	}{
		{"pass", "print('hi')", "", nil},
		{"runtime", "\n\nerror('boom')", "[built-in] sample.lua:3: boom", nil},
		{"syntax", "x = = 1", "[built-in] sample.lua:1: syntax error near '=' (column 5)", ErrSyntax},
		{"expect", "expect.eq(1, 2)", "[built-in] sample.lua:1: expect.eq failed: got 1, want 2", ErrExpectation},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, out := newTestHost(t, Options{})
			err := h.RunSource("[built-in] sample.lua", []byte(tt.src))
			if tt.want == "" {
				if err != nil || out.String() != "hi\n" {
					t.Fatalf("err %v, output %q", err, out.String())
				}
				return
			}
			var se *ScriptError
			if !errors.As(err, &se) || se.Message != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if tt.kind != nil && !errors.Is(err, tt.kind) {
				t.Fatalf("error %v is not %v", err, tt.kind)
			}
		})
	}
}
