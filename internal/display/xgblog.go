//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"bytes"
	"io"
	"log"
	"os"
	"sync"

	"github.com/jezek/xgb"
)

// Ebitengine asks the X server about its monitors through xgb, opening
// two connections while it initialises; without an ~/.Xauthority (dereth's
// own Xvfb has none) xgb logs the same two lines for each. Its log goes
// through onceWriter, so each line is printed once.
func init() {
	xgb.Logger = log.New(&onceWriter{w: os.Stderr}, "XGB: ", log.Lshortfile)
}

// onceWriter passes each distinct write (a log line) to w once and drops
// its repeats.
type onceWriter struct {
	mu   sync.Mutex
	w    io.Writer
	seen map[string]bool
}

func (o *onceWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.seen == nil {
		o.seen = map[string]bool{}
	}
	key := string(bytes.TrimSpace(p))
	if o.seen[key] {
		return len(p), nil
	}
	o.seen[key] = true
	return o.w.Write(p)
}
