package cli

import (
	"bytes"
	"strings"
	"testing"
)

// connect checks ACCOUNT@HOST[:PORT] before it reads a password: a bad
// argument is a usage error (exit 2) and no password is asked for, even
// with no password source (which would fail with "no password").
func TestConnectChecksServerBeforePassword(t *testing.T) {
	t.Setenv("DERETH_PASSWORD", "")
	for _, tt := range []struct {
		arg, want string
	}{
		{"a@host:0", `port "0" is not a number in 1–65534`},
		{"a@host:1", ""},
		{"a@host:65534", ""},
		{"a@host:65535", `port "65535" is not a number in 1–65534`},
		{"a@host:x", `port "x"`},
		{"a@h:1:2", "too many colons"},
		{"a@bad host", `host "bad host" is not a host name`},
		{"a@[::1]:9000", ""},
		{"a@host", ""},
	} {
		var out, errb bytes.Buffer
		code := Connect([]string{"--headless", tt.arg}, &out, &errb)
		if tt.want == "" {
			if !strings.Contains(errb.String(), "DERETH_PASSWORD is set but empty") {
				t.Errorf("%s: valid argument did not reach the password (exit %d): %q", tt.arg, code, errb.String())
			}
			continue
		}
		if code != 2 || !strings.Contains(errb.String(), tt.want) || strings.Contains(errb.String(), "password:") ||
			strings.Contains(errb.String(), "DERETH_PASSWORD") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 naming %q before any password", tt.arg, code, errb.String(), tt.want)
		}
	}
}
