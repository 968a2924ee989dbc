// Command serve serves the browser build (`go tool task web` writes it to
// build/web) over HTTP on the local machine (`go tool task serve`):
//
//	go run ./tools/serve [-addr 127.0.0.1:8080] [-dir build/web]
//	go run ./tools/serve -precompress [-dir build/web]
//
// A file with a precompressed copy beside it (dereth.wasm.gz) is sent as
// that copy with Content-Encoding: gzip to a browser that accepts gzip
// (web.Handler). -precompress writes those copies and exits.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/dereth/dereth/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	dir := flag.String("dir", "build/web", "serve the folder `DIR` (go tool task web builds it)")
	precompress := flag.Bool("precompress", false, "write the gzip copies (dereth.wasm.gz, wasm_exec.js.gz) in DIR and exit")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "serve: takes no arguments, got %q\n", flag.Arg(0))
		os.Exit(2)
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		fmt.Fprintf(os.Stderr, "serve: no index.html in %s (run `go tool task web` first): %v\n", *dir, err)
		os.Exit(1)
	}
	if *precompress {
		if err := web.Precompress(*dir); err != nil {
			fmt.Fprintf(os.Stderr, "serve: %v\n", err)
			os.Exit(1)
		}
		for _, name := range web.Precompressed {
			plain, _ := os.Stat(filepath.Join(*dir, name))
			gz, _ := os.Stat(filepath.Join(*dir, name+".gz"))
			if plain != nil && gz != nil {
				fmt.Printf("serve: %s: %d bytes, %s.gz %d bytes\n", name, plain.Size(), name, gz.Size())
			}
		}
		return
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("serve: %s on http://%s/ (Ctrl-C stops)\n", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, web.Handler(os.DirFS(*dir))))
}
