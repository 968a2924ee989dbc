package web

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// chromium finds a Chromium to drive: Debian's chromium, else the other
// usual names.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Build assembles the browser build in dir: the viewer compiled to wasm
// (stripped), index.html, Go's wasm_exec.js and the gzip copies (what
// `go tool task web` does).
func build(t *testing.T, dir string) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found: %v", err)
	}
	cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "dereth.wasm"), "github.com/dereth/dereth")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wasm build: %v\n%s", err, out)
	}
	root, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	copyFile(t, filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js"))
	copyFile(t, "index.html", filepath.Join(dir, "index.html"))
	if err := Precompress(dir); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserViewer builds the browser viewer, serves it from a local
// static file server, lets headless Chromium (WebGL through SwiftShader)
// run it for a while and checks its screenshot: not a blank canvas (nor
// portal space), the terrain in more than one texture, and figures drawn
// (their skin).
func TestBrowserViewer(t *testing.T) {
	bin := chromium()
	if bin == "" {
		if os.Getenv("DERETH_REQUIRE_TOOLS") != "" {
			t.Fatal("no chromium to drive, and DERETH_REQUIRE_TOOLS (go tool task test) forbids skipping")
		}
		t.Skip("SKIPPED: no chromium to drive; `go tool task web-deps` installs Debian's chromium")
	}
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	build(t, site)
	plain, gz := fileSize(t, filepath.Join(site, "dereth.wasm")), fileSize(t, filepath.Join(site, "dereth.wasm.gz"))
	t.Logf("dereth.wasm %.1f MB stripped, %.1f MB gzipped", float64(plain)/1e6, float64(gz)/1e6)
	srv, rec := timingServer(site)
	defer srv.Close()

	// The page first shows portal space while the world streams in; a
	// loaded machine can need longer than the first wait, so a failed
	// check waits longer once before it fails.
	var err error
	for i, budget := range []int{60000, 180000} {
		rec.reset()
		img := screenshot(t, bin, dir, srv.URL+"/index.html#timing", budget, i)
		if err = checkShot(img); err == nil {
			t.Logf("screenshot classes (virtual time %d ms): %s", budget, classSummary)
			if !rec.gzipped() {
				t.Error("dereth.wasm was not sent gzip-encoded (the .gz copy, Content-Encoding: gzip)")
			}
			shown, page, ok := rec.result()
			if !ok {
				t.Fatal("the world was drawn but the page posted no timing: derethShown was not called")
			}
			t.Logf("time to first frame: %.1f s wall-clock from the page's request to the page's report (page's own clock, virtual time: %s)", shown.Seconds(), page)
			return
		}
		t.Logf("after %d ms of virtual time: %v", budget, err)
	}
	t.Fatal(err)
}

func fileSize(t *testing.T, name string) int64 {
	t.Helper()
	st, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// timing records what the browser test's server saw: when index.html was
// asked for, whether dereth.wasm went out gzip-encoded, and when the page
// posted its timings (derethShown: the loaded world's first frame).
type timing struct {
	mu     sync.Mutex
	start  time.Time
	gz     bool
	shown  time.Time
	posted string
}

func (r *timing) reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.start, r.gz, r.shown, r.posted = time.Time{}, false, time.Time{}, ""
}

func (r *timing) gzipped() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gz
}

// result is the wall-clock time from the page's request to its report,
// and the page's own figures.
func (r *timing) result() (time.Duration, string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.start.IsZero() || r.shown.IsZero() {
		return 0, "", false
	}
	return r.shown.Sub(r.start), r.posted, true
}

// timingServer serves site as `go tool task serve` does (Handler), and
// records the page's requests and its posted timings.
func timingServer(site string) (*httptest.Server, *timing) {
	rec := &timing{}
	files := Handler(os.DirFS(site))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		switch r.URL.Path {
		case "/timing":
			b, _ := io.ReadAll(io.LimitReader(r.Body, 4096))
			rec.mu.Lock()
			if rec.shown.IsZero() {
				rec.shown, rec.posted = now, string(b)
			}
			rec.mu.Unlock()
			return
		case "/index.html":
			rec.mu.Lock()
			if rec.start.IsZero() {
				rec.start = now
			}
			rec.mu.Unlock()
		}
		files.ServeHTTP(w, r)
		if r.URL.Path == "/dereth.wasm" && w.Header().Get("Content-Encoding") == "gzip" {
			rec.mu.Lock()
			rec.gz = true
			rec.mu.Unlock()
		}
	}))
	return srv, rec
}

// screenshot runs headless Chromium on url for budget milliseconds of
// virtual time and returns its screenshot (kept at DERETH_WEB_KEEP).
func screenshot(t *testing.T, bin, dir, url string, budget, n int) image.Image {
	t.Helper()
	shot := filepath.Join(dir, fmt.Sprintf("shot%d.png", n))
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--no-first-run", "--user-data-dir="+filepath.Join(dir, fmt.Sprintf("profile%d", n)),
		"--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--window-size=800,450",
		// This machine's network is closed: Chromium's background
		// connections are refused many at a time and can stall it.
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
		fmt.Sprintf("--virtual-time-budget=%d", budget), "--screenshot="+shot, url)
	cmd.Env = append(os.Environ(), "HOME="+dir)
	// Chromium's helper processes inherit the output pipe and outlive a
	// killed browser: without a WaitDelay, a timed-out run would hang the
	// test until go test's own 10-minute alarm.
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("chromium did not finish: %v\n%s", ctx.Err(), out)
	}
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, out)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if keep := os.Getenv("DERETH_WEB_KEEP"); keep != "" {
		copyFile(t, shot, keep)
	}
	return img
}

// Pixel classes of the sample world's textures, lit or not: the ratios
// of the channels survive the lighting's scaling.
type class int

const (
	other class = iota
	grass
	sand
	water
	dirt
	grey
	skin
	numClasses
)

var classNames = [numClasses]string{"other", "grass", "sand", "water", "dirt", "grey", "skin"}

func classify(r, g, b float64) class {
	if r+g+b < 60 {
		return other // too dark to tell
	}
	switch {
	case g > r*1.15 && g > b*1.2:
		return grass
	case b > r*1.4 && b > g*1.05:
		return water
	case r > 0:
		gr, br := g/r, b/r
		switch {
		case gr >= 0.84 && gr <= 0.96 && br >= 0.5 && br <= 0.76:
			return sand
		case gr >= 0.7 && gr <= 0.83 && br >= 0.53 && br <= 0.7:
			return skin
		case gr >= 0.7 && gr <= 0.8 && br >= 0.42 && br < 0.53:
			return dirt
		case gr >= 0.9 && gr <= 1.1 && br >= 0.85 && br <= 1.15:
			return grey
		}
	}
	return other
}

// checkShot: a real frame of the sample world has many colours, at least
// two terrain textures covering 1% of it each, and skin-coloured pixels
// (the figures' heads and hands).
func checkShot(img image.Image) error {
	b := img.Bounds()
	var counts [numClasses]int
	colours := map[uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[r>>8<<16|g>>8<<8|bl>>8] = true
			counts[classify(float64(r>>8), float64(g>>8), float64(bl>>8))]++
		}
	}
	total := b.Dx() * b.Dy()
	var summary []string
	for c, n := range counts {
		summary = append(summary, fmt.Sprintf("%s %.2f%%", classNames[c], 100*float64(n)/float64(total)))
	}
	if len(colours) < 256 {
		return fmt.Errorf("%d colours: a blank or flat canvas (%s)", len(colours), strings.Join(summary, ", "))
	}
	terrains := 0
	for _, c := range []class{grass, sand, water, dirt, grey} {
		if counts[c]*100 >= total {
			terrains++
		}
	}
	if terrains < 2 {
		return fmt.Errorf("%d terrain textures cover 1%% of the frame, want 2 or more (%s)", terrains, strings.Join(summary, ", "))
	}
	if counts[skin] < 20 {
		return fmt.Errorf("%d skin pixels: no figure drawn (%s)", counts[skin], strings.Join(summary, ", "))
	}
	classSummary = strings.Join(summary, ", ")
	return nil
}

// classSummary is the last passing checkShot's class fractions.
var classSummary string

// TestCheckShot runs the screenshot check on frames that must fail: black,
// one flat colour, terrain without figures.
func TestCheckShot(t *testing.T) {
	fill := func(f func(x, y int) (uint8, uint8, uint8)) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, 200, 100))
		for y := range 100 {
			for x := range 200 {
				r, g, b := f(x, y)
				i := img.PixOffset(x, y)
				img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = r, g, b, 255
			}
		}
		return img
	}
	noise := func(x, y, k int) uint8 { return uint8((x*7 + y*13 + k*x*y) % 24) }
	sandAndWater := func(x, y int) (uint8, uint8, uint8) {
		if y < 50 {
			return 40 + noise(x, y, 1), 90 + noise(x, y, 2), 160 + noise(x, y, 3)
		}
		return 180 + noise(x, y, 1)/2, 165 + noise(x, y, 2)/2, 110 + noise(x, y, 3)/2
	}
	withFigure := func(x, y int) (uint8, uint8, uint8) {
		if x >= 90 && x < 100 && y >= 60 && y < 70 {
			return 205, 156, 122
		}
		return sandAndWater(x, y)
	}
	for _, tc := range []struct {
		name string
		img  image.Image
		ok   bool
	}{
		{"black", fill(func(int, int) (uint8, uint8, uint8) { return 0, 0, 0 }), false},
		{"portal space", fill(func(x, y int) (uint8, uint8, uint8) {
			if (x+y)%17 < 3 { // ring strokes
				return uint8(140 + x%60), 64, 216
			}
			return 0x14, 0x06, 0x24
		}), false},
		{"sand only", fill(func(x, y int) (uint8, uint8, uint8) { return sandAndWater(x, 60+y%40) }), false},
		{"no figure", fill(sandAndWater), false},
		{"terrain and a figure", fill(withFigure), true},
	} {
		if err := checkShot(tc.img); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}
