package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/dereth/dereth"

// tableLayers reads docs/architecture.md's package table: each package
// (a backticked path in the second column) and its row, top row 0.
func tableLayers(t *testing.T, doc string) map[string]int {
	t.Helper()
	start := strings.Index(doc, "| layer | package |")
	if start < 0 {
		t.Fatal("docs/architecture.md has no package table")
	}
	rows := map[string]int{}
	row := 0
	for _, line := range strings.Split(doc[start:], "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cols := strings.Split(line, "|")
		if len(cols) < 4 {
			t.Fatalf("table row %q has too few columns", line)
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cols[2], -1) {
			pkg := strings.TrimSuffix(m[1], "/")
			if pkg == "main" {
				pkg = "."
			}
			rows[pkg] = row
		}
		row++
	}
	return rows
}

// layerOf is the row of pkg (a path relative to the module root, "." for
// main): its own, else its nearest listed parent's.
func layerOf(rows map[string]int, pkg string) (int, bool) {
	if pkg == "." {
		r, ok := rows["."]
		return r, ok
	}
	for p := pkg; p != "." && p != "/" && p != ""; p = filepath.ToSlash(filepath.Dir(p)) {
		if r, ok := rows[p]; ok {
			return r, true
		}
	}
	return 0, false
}

// sourceImports lists, for every package directory of the module, the
// module packages its non-test files import.
func sourceImports(t *testing.T, root string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if out[rel] == nil {
			out[rel] = map[string]bool{}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == module {
				out[rel]["."] = true
			} else if strings.HasPrefix(p, module+"/") {
				out[rel][strings.TrimPrefix(p, module+"/")] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImportsFollowTheLayerTable: every package of the module has a row
// in docs/architecture.md's table (its own or a parent's), and imports
// only packages of its own row or a row above it.
func TestImportsFollowTheLayerTable(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := tableLayers(t, string(doc))
	if len(rows) < 10 {
		t.Fatalf("the package table lists only %d packages", len(rows))
	}
	var bad []string
	for pkg, imports := range sourceImports(t, "../..") {
		lp, ok := layerOf(rows, pkg)
		if !ok {
			bad = append(bad, pkg+": not in the package table")
			continue
		}
		for imp := range imports {
			li, ok := layerOf(rows, imp)
			if ok && li > lp {
				bad = append(bad, pkg+" imports "+imp+", a layer below it")
			}
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Fatalf("docs/architecture.md layer table broken:\n%s", strings.Join(bad, "\n"))
	}
}

// TestLayerCheckCatchesAnUpwardImport: the check fails for an import of a
// lower row (cli from protocol) and passes for the reverse.
func TestLayerCheckCatchesAnUpwardImport(t *testing.T) {
	rows := tableLayers(t, "| layer | package | what |\n|---|---|---|\n| wire | `protocol` | x |\n| commands | `cli`, `main` | y |\n")
	p, _ := layerOf(rows, "protocol/catalog")
	c, _ := layerOf(rows, "cli")
	if !(c > p) {
		t.Fatalf("rows: protocol %d, cli %d", p, c)
	}
	if _, ok := layerOf(rows, "scenes"); ok {
		t.Fatal("an unlisted package has a row")
	}
}
