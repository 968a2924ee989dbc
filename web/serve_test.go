package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	if _, err := z.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestHandler: the precompressed copy goes to a client that accepts gzip,
// as the plain file's type with Content-Encoding and the decoded length;
// the plain file to one that does not (or refuses gzip with q=0), and for
// a file without a copy.
func TestHandler(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm wasm bytes "), 500)
	gz := gzipped(t, wasm)
	site := fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><p>dereth")},
		"dereth.wasm":     {Data: wasm},
		"dereth.wasm.gz":  {Data: gz},
		"wasm_exec.js":    {Data: []byte("// go")},
		"orphan.txt.gz":   {Data: gzipped(t, []byte("no plain file"))},
		"sub/nested.wasm": {Data: wasm},
	}
	srv := httptest.NewServer(Handler(site))
	defer srv.Close()
	for _, tc := range []struct {
		name, path, accept string
		wantGzip           bool
		wantType           string
		wantStatus         int
	}{
		{"gzip accepted", "/dereth.wasm", "gzip, deflate, br", true, "application/wasm", 200},
		{"gzip with a weight", "/dereth.wasm", "br;q=1.0, gzip;q=0.8", true, "application/wasm", 200},
		{"no Accept-Encoding", "/dereth.wasm", "", false, "application/wasm", 200},
		{"gzip refused", "/dereth.wasm", "gzip;q=0, br", false, "application/wasm", 200},
		{"gzip refused, spaced", "/dereth.wasm", "gzip; q=0.000", false, "application/wasm", 200},
		{"only br", "/dereth.wasm", "br", false, "application/wasm", 200},
		{"no copy", "/wasm_exec.js", "gzip", false, "text/javascript; charset=utf-8", 200},
		{"the copy asked for by name", "/dereth.wasm.gz", "gzip", false, "", 200},
		{"a copy without its plain file", "/orphan.txt", "gzip", false, "", 404},
		{"nested, no copy", "/sub/nested.wasm", "gzip", false, "application/wasm", 200},
		{"dot dots", "/../dereth.wasm", "gzip", true, "application/wasm", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest("GET", srv.URL+tc.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Set explicitly: the transport would otherwise add gzip and
			// decode the answer itself.
			req.Header.Set("Accept-Encoding", tc.accept)
			if tc.accept == "" {
				req.Header.Set("Accept-Encoding", "identity")
			}
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tc.wantStatus {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.wantStatus)
			}
			if tc.wantStatus != 200 {
				return
			}
			enc := res.Header.Get("Content-Encoding")
			if tc.wantGzip {
				if enc != "gzip" || !bytes.Equal(body, gz) {
					t.Fatalf("Content-Encoding %q, %d bytes: want gzip and the %d bytes of the copy", enc, len(body), len(gz))
				}
				if got := res.Header.Get("X-Decoded-Length"); got != strconv.Itoa(len(wasm)) {
					t.Errorf("X-Decoded-Length %q, want %d", got, len(wasm))
				}
				if got := res.Header.Get("Content-Length"); got != strconv.Itoa(len(gz)) {
					t.Errorf("Content-Length %q, want %d", got, len(gz))
				}
			} else if enc != "" {
				t.Fatalf("Content-Encoding %q, want none", enc)
			}
			if tc.wantType != "" && res.Header.Get("Content-Type") != tc.wantType {
				t.Errorf("Content-Type %q, want %q", res.Header.Get("Content-Type"), tc.wantType)
			}
			if res.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q, want Accept-Encoding", res.Header.Get("Vary"))
			}
		})
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"deflate, gzip;q=1.0, *;q=0.5", true},
		{"gzip;q=0.001", true},
		{"gzip;q=0", false},
		{"gzip; q=0.0", false},
		{"x-gzip", false},
		{"br", false},
	} {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}
