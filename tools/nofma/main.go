// Command nofma fails when the compiler fuses a multiply and an add in the
// module's own code.
//
// Go may compile x*y + z (and on arm64 also z - x*y, x*y - z and -(x*y) - z)
// into one fused multiply-add, which rounds once instead of twice. amd64 with
// the default GOAMD64=v1 never fuses, and every golden, screenshot and the
// embedded sample world were made there; an explicit conversion,
// float32(x*y) + z, rounds the product and so forbids the fusion (the Go
// spec, "Arithmetic operators"). nofma compiles the module for arm64 (the
// headless build) and for amd64 with GOAMD64=v3 (the whole module, viewer
// included) with -S, and lists every fused instruction whose source position
// lies in the module's directory: a dependency's code inlined into ours
// (ebiten's GeoM) is not ours to change and is left out.
//
// With -tests it then compiles the tests of the same packages (go test -c)
// and checks them too: a test's expected values, reference paths and
// fixtures must round as the code under test does, or a test that passes
// on amd64 compares different numbers on arm64. -tests covers everything
// the plain run does; it is what go tool task nofma (and so CI) runs.
//
// Run it from the module's root: go run ./tools/nofma -tests (or go tool
// task nofma); without -tests only the non-test code is checked, faster.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// target is one configuration nofma compiles: the binary or packages
// (args), then the test code of the module's packages it holds (test,
// go test -c), so that a test's own arithmetic (a reference path a
// test compares with, a golden's expected value) is checked too.
type target struct {
	name string
	env  []string
	args []string
	// test lists the packages whose tests are compiled; nil means the
	// module's packages in args' build.
	test []string
	// fused matches an assembly line holding a fused multiply-add.
	fused *regexp.Regexp
}

// pos is the position the compiler prints in a -S listing, "(file.go:line)".
var pos = regexp.MustCompile(`\(([^()]*\.go):([0-9]+)\)`)

func main() {
	withTests := flag.Bool("tests", false, "also compile the module's tests (go test -c), as go tool task nofma and CI do: slower")
	flag.Parse()
	dir, mod, err := module()
	if err != nil {
		fmt.Fprintln(os.Stderr, "nofma:", err)
		os.Exit(2)
	}
	gcflags := "-gcflags=" + mod + "/...=-S"
	targets := []target{
		{
			// Every package of the headless build that does not
			// import ebiten (which needs cgo there): the headless
			// binary's, and the renderer scenes/view, which the viewer
			// on Apple Silicon runs.
			name:  "arm64 headless",
			env:   []string{"GOOS=linux", "GOARCH=arm64"},
			args:  append([]string{"build", gcflags, "-tags", "headless"}, noEbiten(dir)...),
			test:  []string{"test", "-c", gcflags, "-tags", "headless", "-o", os.DevNull},
			fused: regexp.MustCompile(`\s(FMADD|FMSUB|FNMADD|FNMSUB)[SD]\s`),
		},
		{
			name:  "amd64 GOAMD64=v3",
			env:   []string{"GOOS=linux", "GOARCH=amd64", "GOAMD64=v3"},
			args:  []string{"build", gcflags, "-o", os.DevNull, "./..."},
			test:  []string{"test", "-c", gcflags, "-o", os.DevNull},
			fused: regexp.MustCompile(`\sVFN?M(ADD|SUB)[0-9]*S[SD]\s`),
		},
	}
	bad := 0
	for _, t := range targets {
		if !*withTests {
			t.test = nil
		}
		sites, err := scan(t, dir, mod)
		if err != nil {
			fmt.Fprintf(os.Stderr, "nofma: %s: %v\n", t.name, err)
			os.Exit(2)
		}
		for _, s := range sites {
			fmt.Printf("%s: fused multiply-add (%s)\n", s, t.name)
		}
		bad += len(sites)
	}
	if bad > 0 {
		fmt.Fprintf(os.Stderr, "nofma: %d fused multiply-add site(s): write the product as float32(a*b) or float64(a*b) (docs/architecture.md, \"No fused multiply-add\")\n", bad)
		os.Exit(1)
	}
	what := "code"
	if *withTests {
		what = "code and tests"
	}
	fmt.Printf("nofma: no fused multiply-add in the module's %s (arm64, amd64 v3)\n", what)
}

// module returns the main module's directory and path.
func module() (dir, path string, err error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}\t{{.Path}}").Output()
	if err != nil {
		return "", "", fmt.Errorf("go list -m: %w", err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) != 2 {
		return "", "", fmt.Errorf("go list -m: unexpected output %q", out)
	}
	return f[0], f[1], nil
}

// scan compiles t, its code and then its tests, and returns the module's
// positions ("file:line", relative to dir) of its fused instructions, sorted
// and without repeats.
func scan(t target, dir, mod string) ([]string, error) {
	listing, err := goRun(t.env, dir, t.args...)
	if err != nil {
		return nil, err
	}
	if t.test == nil {
		return positions(listing, dir, t.fused), nil
	}
	// The module's packages in the build, for their tests.
	list := []string{"list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}
	for i := 2; i < len(t.args); i++ {
		if t.args[i] == "-o" {
			i++ // go list has no -o
			continue
		}
		list = append(list, t.args[i])
	}
	pkgs, err := goOut(t.env, dir, list...)
	if err != nil {
		return nil, err
	}
	var own []string
	for _, p := range strings.Fields(pkgs) {
		if p == mod || strings.HasPrefix(p, mod+"/") {
			own = append(own, p)
		}
	}
	tests, err := goRun(t.env, dir, append(t.test, own...)...)
	if err != nil {
		return nil, err
	}
	return positions(listing+tests, dir, t.fused), nil
}

// noEbiten lists the module's packages that do not import ebiten.
func noEbiten(dir string) []string {
	out, err := goOut([]string{"GOOS=linux", "GOARCH=arm64"}, dir, "list", "-tags", "headless", "-f", "{{if .GoFiles}}{{.ImportPath}} {{join .Deps \" \"}}{{end}}", "./...")
	if err != nil {
		fmt.Fprintln(os.Stderr, "nofma:", err)
		os.Exit(2)
	}
	var pkgs []string
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) == 0 || strings.Contains(line, " github.com/hajimehoshi/ebiten/") {
			continue
		}
		pkgs = append(pkgs, f[0])
	}
	return pkgs
}

// positions returns the module's positions ("file:line", relative to dir)
// of the fused instructions in a -S listing, sorted and without repeats.
func positions(listing, dir string, fused *regexp.Regexp) []string {
	prefix := filepath.ToSlash(dir) + "/"
	seen := map[string]bool{}
	for line := range strings.Lines(listing) {
		if !fused.MatchString(line) {
			continue
		}
		m := pos.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		file := filepath.ToSlash(m[1])
		if !strings.HasPrefix(file, prefix) {
			continue // a dependency's code inlined into ours
		}
		seen[strings.TrimPrefix(file, prefix)+":"+m[2]] = true
	}
	sites := make([]string, 0, len(seen))
	for s := range seen {
		sites = append(sites, s)
	}
	sort.Strings(sites)
	return sites
}

// goRun runs the go command and returns what it printed on stderr (the
// compiler's -S listing).
func goRun(env []string, dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	if stderr.Len() == 0 {
		return "", fmt.Errorf("go %s printed no assembly listing", strings.Join(args, " "))
	}
	return stderr.String(), nil
}

// goOut runs the go command and returns its standard output.
func goOut(env []string, dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return string(out), nil
}

// lastLines returns s's last n lines.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
