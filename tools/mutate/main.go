// Command mutate is dereth's mutation tester: it makes small wrong changes
// to one package's source, one at a time, runs that package's tests
// against each, and reports which changes (mutants) the tests kill and
// which survive.
//
//	go run ./tools/mutate [flags] ./motion ./physics
//
// Mutants are applied with `go test -overlay`, so the working tree is
// never modified and several mutants can run at once. The operators are:
//
//   - cmp: a comparison's boundary or sense (< ↔ <=, > ↔ >=, < → >=, …,
//     == ↔ !=);
//   - arith: + ↔ -, * ↔ /;
//   - logic: && ↔ ||, a removed !;
//   - stmt: an expression statement, assignment or ++/-- dropped;
//   - const: an integer literal +1, a float literal ×2 (0 → 1), true ↔
//     false.
//
// A mutant whose package no longer compiles is "not viable" and left out
// of the score; one whose tests fail or time out is "killed"; one whose
// tests pass "survived". A surviving mutant that cannot change behaviour
// is listed, with the reason, in the equivalents file (default
// tools/mutate/equivalent.txt) and counted apart. The score is killed /
// (viable − equivalent).
//
// The run is bounded: -budget caps the whole run, -timeout each test run,
// -max the number of mutants per package (sampled evenly when more
// exist). It is not part of `go test ./...`; see docs/testing.md.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Mutant is one small change to one file.
type Mutant struct {
	File      string // path relative to the module root
	Line, Col int
	Off, End  int // byte range replaced
	Op        string
	Orig      string
	Repl      string
}

// Key names the mutant the way the equivalents file does.
func (m Mutant) Key() string {
	return fmt.Sprintf("%s:%d:%d %s → %s", m.File, m.Line, m.Col, oneLine(m.Orig), oneLine(m.Repl))
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "∅"
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// Outcome is what running a mutant's tests gave.
type Outcome int

// The outcomes.
const (
	Killed Outcome = iota
	Survived
	NotViable
	TimedOut
	NotRun
)

func (o Outcome) String() string {
	return [...]string{"killed", "survived", "not viable", "timed out", "not run"}[o]
}

func main() {
	var (
		budget  = flag.Duration("budget", 45*time.Minute, "stop starting mutants after this long")
		timeout = flag.Duration("timeout", 60*time.Second, "time limit for one mutant's test run")
		jobs    = flag.Int("j", 2, "mutants tested at once")
		max     = flag.Int("max", 0, "at most this many mutants per package, sampled evenly (0: all)")
		equiv   = flag.String("equivalent", "tools/mutate/equivalent.txt", "file of mutants documented as equivalent")
		skip    = flag.String("skip", "commands_table.go", "comma-separated file names not mutated (data tables)")
		only    = flag.String("only", "", "mutate only lines with one of these comma-separated file:line prefixes (e.g. motion/table.go:37,motion/node.go)")
		keys    = flag.String("keys", "", "mutate only the mutants whose keys (as printed for a survivor, FILE:LINE:COL ORIG → REPL) are listed in this file, one a line")
		list    = flag.Bool("list", false, "list the mutants and exit")
		verbose = flag.Bool("v", false, "print every mutant's outcome")
	)
	flag.StringVar(&testRun, "run", "", "pass -run REGEXP to go test: only those tests judge the mutants (narrow the set per file on a loaded machine; check survivors again with the full set)")
	flag.StringVar(&testSkip, "skiptests", "", "pass -skip REGEXP to go test: leave out slow tests that cannot judge the mutated file")
	flag.StringVar(&testPkgs, "tests", "", "comma-separated package dirs whose tests judge each mutant too (e.g. ./managers for motion code whose tests live there)")
	flag.BoolVar(&buildOnly, "buildonly", false, "only compile the package with each mutant (viable ones count as survived): counts the not-viable mutants of a set without running tests")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./tools/mutate [flags] PACKAGE_DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err != nil {
		fatal(err)
	}
	eq, err := readEquivalents(filepath.Join(root, *equiv))
	if err != nil {
		fatal(err)
	}
	skipped := map[string]bool{}
	for _, s := range strings.Split(*skip, ",") {
		if s != "" {
			skipped[s] = true
		}
	}
	deadline := time.Now().Add(*budget)
	tmp, err := os.MkdirTemp("", "mutate")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(tmp)

	total := map[Outcome]int{}
	totalEq := 0
	for _, dir := range flag.Args() {
		pkg := filepath.Clean(strings.TrimPrefix(dir, "./"))
		ms, src, err := mutants(root, pkg, skipped)
		if err != nil {
			fatal(err)
		}
		if *only != "" {
			var keep []Mutant
			for _, m := range ms {
				at := fmt.Sprintf("%s:%d", m.File, m.Line)
				for _, p := range strings.Split(*only, ",") {
					if strings.HasPrefix(at, p) {
						keep = append(keep, m)
						break
					}
				}
			}
			ms = keep
		}
		if *keys != "" {
			want, err := readKeys(*keys)
			if err != nil {
				fatal(err)
			}
			var keep []Mutant
			for _, m := range ms {
				if want[m.Key()] {
					keep = append(keep, m)
				}
			}
			ms = keep
		}
		ms = sample(ms, *max)
		if *list {
			for _, m := range ms {
				fmt.Printf("%-6s %s\n", m.Op, m.Key())
			}
			continue
		}
		fmt.Printf("== %s: %d mutants\n", pkg, len(ms))
		out := run(root, pkg, ms, src, tmp, *jobs, *timeout, deadline, *verbose)
		counts := map[Outcome]int{}
		nEq := 0
		var survivors []Mutant
		for i, m := range ms {
			o := out[i]
			if o == Survived && eq[m.Key()] != "" {
				nEq++
				continue
			}
			counts[o]++
			if o == Survived {
				survivors = append(survivors, m)
			}
		}
		for _, m := range survivors {
			fmt.Printf("SURVIVED %-6s %s\n", m.Op, m.Key())
		}
		report(pkg, counts, nEq)
		for k, v := range counts {
			total[k] += v
		}
		totalEq += nEq
	}
	if !*list && flag.NArg() > 1 {
		report("total", total, totalEq)
	}
}

// readKeys reads a file of mutant keys, one a line; text after " | " and
// blank lines are ignored, so survivor lists and the equivalents file both
// work.
func readKeys(path string) (map[string]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if i := strings.Index(l, " | "); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out[l] = true
		}
	}
	return out, nil
}

// report prints one package's counts and score.
func report(name string, c map[Outcome]int, nEq int) {
	killed := c[Killed] + c[TimedOut]
	viable := killed + c[Survived]
	score := 100.0
	if viable > 0 {
		score = 100 * float64(killed) / float64(viable)
	}
	fmt.Printf("%s: %d killed (%d by timeout), %d survived, %d equivalent, %d not viable, %d not run — %.1f%% of non-equivalent mutants killed\n",
		name, killed, c[TimedOut], c[Survived], nEq, c[NotViable], c[NotRun], score)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutate:", err)
	os.Exit(1)
}

// moduleRoot is the directory holding go.mod, from the working directory up.
func moduleRoot() (string, error) {
	d, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", errors.New("no go.mod above the working directory")
		}
		d = up
	}
}

// readEquivalents reads "KEY | reason" lines; # starts a comment.
func readEquivalents(path string) (map[string]string, error) {
	eq := map[string]string{}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return eq, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, ok := strings.Cut(line, " | ")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s: %q: want KEY | reason", path, line)
		}
		eq[strings.TrimSpace(key)] = strings.TrimSpace(reason)
	}
	return eq, sc.Err()
}

// sample keeps at most n mutants, evenly spread (all when n ≤ 0).
func sample(ms []Mutant, n int) []Mutant {
	if n <= 0 || len(ms) <= n {
		return ms
	}
	out := make([]Mutant, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, ms[i*len(ms)/n])
	}
	return out
}

// mutants lists every mutant of the package's non-test files, in file
// and offset order, with each file's source.
func mutants(root, pkg string, skipped map[string]bool) ([]Mutant, map[string][]byte, error) {
	files, err := filepath.Glob(filepath.Join(root, pkg, "*.go"))
	if err != nil {
		return nil, nil, err
	}
	src := map[string][]byte{}
	var out []Mutant
	for _, path := range files {
		base := filepath.Base(path)
		if strings.HasSuffix(base, "_test.go") || skipped[base] {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		rel, _ := filepath.Rel(root, path)
		src[rel] = b
		ms, err := fileMutants(rel, b)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, ms...)
	}
	return out, src, nil
}

var (
	cmpRepl = map[token.Token][]token.Token{
		token.LSS: {token.LEQ, token.GEQ},
		token.LEQ: {token.LSS, token.GTR},
		token.GTR: {token.GEQ, token.LEQ},
		token.GEQ: {token.GTR, token.LSS},
		token.EQL: {token.NEQ},
		token.NEQ: {token.EQL},
	}
	arithRepl = map[token.Token]token.Token{
		token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO, token.QUO: token.MUL,
		token.ADD_ASSIGN: token.SUB_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN,
		token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN,
	}
	logicRepl = map[token.Token]token.Token{token.LAND: token.LOR, token.LOR: token.LAND}
)

// fileMutants lists the mutants of one file.
func fileMutants(rel string, b []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, b, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Mutant
	add := func(op string, pos token.Pos, end int, repl string) {
		p := fset.Position(pos)
		out = append(out, Mutant{File: rel, Line: p.Line, Col: p.Column, Off: p.Offset, End: end,
			Op: op, Orig: string(b[p.Offset:end]), Repl: repl})
	}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	// literals that size arrays are not mutated: a longer array behaves the same
	arrayLens := map[ast.Expr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if a, ok := n.(*ast.ArrayType); ok && a.Len != nil {
			arrayLens[a.Len] = true
		}
		return true
	})
	stmtList := func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.ExprStmt, *ast.IncDecStmt:
				add("stmt", s.Pos(), offset(s.End()), "")
			case *ast.AssignStmt:
				if s.Tok != token.DEFINE {
					add("stmt", s.Pos(), offset(s.End()), "")
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			o := offset(n.OpPos)
			end := o + len(n.Op.String())
			for _, r := range cmpRepl[n.Op] {
				add("cmp", n.OpPos, end, r.String())
			}
			if r, ok := arithRepl[n.Op]; ok {
				add("arith", n.OpPos, end, r.String())
			}
			if r, ok := logicRepl[n.Op]; ok {
				add("logic", n.OpPos, end, r.String())
			}
		case *ast.AssignStmt:
			if r, ok := arithRepl[n.Tok]; ok {
				o := offset(n.TokPos)
				add("arith", n.TokPos, o+len(n.Tok.String()), r.String())
			}
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				add("logic", n.OpPos, offset(n.OpPos)+1, "")
			}
		case *ast.BlockStmt:
			stmtList(n.List)
		case *ast.CaseClause:
			stmtList(n.Body)
		case *ast.CommClause:
			stmtList(n.Body)
		case *ast.BasicLit:
			if arrayLens[n] {
				return true
			}
			if r, ok := literal(n); ok {
				add("const", n.Pos(), offset(n.End()), r)
			}
		case *ast.Ident:
			switch n.Name {
			case "true":
				add("const", n.Pos(), offset(n.End()), "false")
			case "false":
				add("const", n.Pos(), offset(n.End()), "true")
			}
		}
		return true
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Off < out[j].Off })
	return out, nil
}

// literal returns the changed text of an integer or float literal.
func literal(l *ast.BasicLit) (string, bool) {
	switch l.Kind {
	case token.INT:
		v, err := strconv.ParseUint(strings.ReplaceAll(l.Value, "_", ""), 0, 64)
		if err != nil {
			return "", false
		}
		if strings.HasPrefix(strings.ToLower(l.Value), "0x") {
			return fmt.Sprintf("0x%X", v+1), true
		}
		return strconv.FormatUint(v+1, 10), true
	case token.FLOAT:
		v, err := strconv.ParseFloat(strings.ReplaceAll(l.Value, "_", ""), 64)
		if err != nil {
			return "", false
		}
		if v == 0 {
			return "1.0", true
		}
		s := strconv.FormatFloat(v*2, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s, true
	}
	return "", false
}

// run tests every mutant, jobs at a time, and returns their outcomes.
func run(root, pkg string, ms []Mutant, src map[string][]byte, tmp string, jobs int, timeout time.Duration, deadline time.Time, verbose bool) []Outcome {
	out := make([]Outcome, len(ms))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(jobs, 1); w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			dir := filepath.Join(tmp, strconv.Itoa(w))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				fatal(err)
			}
			for i := range next {
				o := NotRun
				if time.Now().Before(deadline) {
					o = test(root, pkg, ms[i], src[ms[i].File], dir, timeout)
				}
				out[i] = o
				mu.Lock()
				done++
				if verbose || (o == Survived) {
					fmt.Printf("[%d/%d] %-10s %s\n", done, len(ms), o, ms[i].Key())
				}
				mu.Unlock()
			}
		}(w)
	}
	for i := range ms {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// buildOnly (-buildonly) only compiles each mutant: a viable one is
// reported as surviving, so the counts give how many of a set are viable.
var buildOnly bool

// testRun (-run) narrows the tests that judge each mutant.
var testRun string

// testSkip (-skiptests) leaves tests out of judging each mutant.
var testSkip string

// testPkgs (-tests) names more packages whose tests judge each mutant,
// beside the mutated package's own.
var testPkgs string

// test applies one mutant through an overlay and runs the package tests.
func test(root, pkg string, m Mutant, orig []byte, dir string, timeout time.Duration) Outcome {
	mutated := make([]byte, 0, len(orig)+len(m.Repl))
	mutated = append(mutated, orig[:m.Off]...)
	mutated = append(mutated, m.Repl...)
	mutated = append(mutated, orig[m.End:]...)
	file := filepath.Join(dir, filepath.Base(m.File))
	if err := os.WriteFile(file, mutated, 0o644); err != nil {
		fatal(err)
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(root, m.File): file}})
	ovPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout+30*time.Second)
	defer cancel()
	// The test binary is linked without symbol and DWARF tables
	// (-ldflags=-s -w): nothing reads them, and linking is a large part of
	// each mutant's cost.
	args := []string{"test", "-count=1", "-failfast", "-vet=off", "-ldflags=-s -w", "-overlay=" + ovPath, "-timeout=" + timeout.String()}
	if testRun != "" {
		args = append(args, "-run", testRun)
	}
	if testSkip != "" {
		args = append(args, "-skip", testSkip)
	}
	args = append(args, "./"+pkg)
	for _, p := range strings.Split(testPkgs, ",") {
		if p = filepath.Clean(strings.TrimPrefix(p, "./")); p != "." && p != pkg {
			args = append(args, "./"+p)
		}
	}
	if buildOnly {
		args = []string{"build", "-overlay=" + ovPath, "./" + pkg}
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	switch {
	case buildOnly && err != nil:
		return NotViable
	case err == nil:
		return Survived
	case ctx.Err() != nil || strings.Contains(buf.String(), "test timed out"):
		return TimedOut
	case strings.Contains(buf.String(), "[build failed]") || strings.Contains(buf.String(), "[setup failed]") ||
		strings.Contains(buf.String(), "vet: "):
		return NotViable
	}
	return Killed
}
