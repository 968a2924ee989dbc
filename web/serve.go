package web

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Handler serves the files of site, each NAME.gz beside a NAME as NAME
// gzip-encoded to clients that accept it.
func Handler(site fs.FS) http.Handler {
	files := http.FileServerFS(site)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" || strings.HasSuffix(name, ".gz") || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			files.ServeHTTP(w, r)
			return
		}
		plain, err := fs.Stat(site, name)
		if err != nil || plain.IsDir() {
			files.ServeHTTP(w, r)
			return
		}
		gz, err := site.Open(name + ".gz")
		if errors.Is(err, fs.ErrNotExist) {
			files.ServeHTTP(w, r)
			return
		}
		if err != nil {
			http.Error(w, "serve: "+err.Error(), http.StatusInternalServerError)
			return
		}
		defer gz.Close()
		st, err := gz.Stat()
		if err != nil {
			http.Error(w, "serve: "+err.Error(), http.StatusInternalServerError)
			return
		}
		typ := mime.TypeByExtension(path.Ext(name))
		if path.Ext(name) == ".wasm" {
			typ = "application/wasm"
		}
		if typ == "" {
			typ = "application/octet-stream"
		}
		h := w.Header()
		h.Set("Content-Type", typ)
		h.Set("Content-Encoding", "gzip")
		h.Set("X-Decoded-Length", strconv.FormatInt(plain.Size(), 10))
		rs, ok := gz.(io.ReadSeeker)
		if !ok {
			http.Error(w, "serve: "+name+".gz is not seekable", http.StatusInternalServerError)
			return
		}
		// ServeContent answers ranges and If-Modified-Since on the
		// compressed bytes, which is what the client receives.
		http.ServeContent(w, r, name, st.ModTime(), rs)
	})
}

// acceptsGzip reports whether an Accept-Encoding header value allows gzip
// (named without q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Precompressed are the files of the browser build Precompress writes a
// gzip copy of: the wasm binary and the scripts, which compress well.
var Precompressed = []string{"dereth.wasm", "wasm_exec.js"}

// Precompress writes NAME.gz beside each of Precompressed in dir, at
// gzip's best compression, for Handler (or any server that serves
// precompressed files) to send.
func Precompress(dir string) error {
	for _, name := range Precompressed {
		if err := gzipFile(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("precompress: %w", err)
		}
	}
	return nil
}

func gzipFile(name string) error {
	in, err := os.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(name + ".gz")
	if err != nil {
		return err
	}
	z, err := gzip.NewWriterLevel(out, gzip.BestCompression)
	if err != nil {
		out.Close()
		return err
	}
	z.Name = filepath.Base(name)
	if _, err := io.Copy(z, in); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := z.Close(); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return out.Close()
}
