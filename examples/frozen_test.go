package examples

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// frozenLine is a CHANGELOG line recording a frozen example's state:
// "`frozen/NAME.lua` sha256 `HEX`" or "`frozen/NAME.lua` removed".
var frozenLine = regexp.MustCompile("`frozen/([A-Za-z0-9_.-]+\\.lua)` (?:sha256 `([0-9a-f]{64})`|(removed))")

// frozenRecord is what the CHANGELOG says about one frozen example: its
// hash, or "" when it was removed.
type frozenRecord struct{ hash string }

// changelogFrozen reads the newest record per frozen example from the
// CHANGELOG, which lists newest first: the first line naming a file wins.
func changelogFrozen(changelog string) map[string]frozenRecord {
	recs := map[string]frozenRecord{}
	for _, m := range frozenLine.FindAllStringSubmatch(changelog, -1) {
		if _, seen := recs[m[1]]; seen {
			continue
		}
		recs[m[1]] = frozenRecord{hash: m[2]}
	}
	return recs
}

// frozenMismatches compares the frozen files (name → content) with the
// CHANGELOG's records and says what disagrees, sorted.
func frozenMismatches(files map[string][]byte, recs map[string]frozenRecord) []string {
	var bad []string
	for name, b := range files {
		sum := sha256.Sum256(b)
		got := hex.EncodeToString(sum[:])
		r, ok := recs[name]
		switch {
		case !ok:
			bad = append(bad, "frozen/"+name+" (sha256 "+got+") has no CHANGELOG line")
		case r.hash == "":
			bad = append(bad, "frozen/"+name+" is recorded as removed but exists")
		case r.hash != got:
			bad = append(bad, "frozen/"+name+" has sha256 "+got+"; the CHANGELOG's newest line for it says "+r.hash)
		}
	}
	for name, r := range recs {
		if _, ok := files[name]; !ok && r.hash != "" {
			bad = append(bad, "frozen/"+name+" is gone but its newest CHANGELOG line is not `removed`")
		}
	}
	sort.Strings(bad)
	return bad
}

// TestFrozenExamplesInChangelog: every frozen example's hash is the one the
// CHANGELOG's newest line for it names, and every file the CHANGELOG names
// exists unless recorded as removed. Changing, adding or deleting a frozen
// script therefore needs a CHANGELOG entry saying so (with its Migration
// line when it is a break); see CHANGELOG.md "Frozen examples".
func TestFrozenExamplesInChangelog(t *testing.T) {
	changelog, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(frozenDir, "*.lua"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = b
	}
	if len(files) == 0 {
		t.Fatalf("no frozen examples in %s", frozenDir)
	}
	if bad := frozenMismatches(files, changelogFrozen(string(changelog))); len(bad) > 0 {
		t.Fatalf("frozen examples and CHANGELOG.md disagree (a frozen copy changes only with a CHANGELOG entry naming its new hash):\n%s",
			strings.Join(bad, "\n"))
	}
}

// TestFrozenMismatches pins the rule itself: a changed, unrecorded,
// removed-but-present or missing frozen file is reported, the newest line
// wins, and an older line does not excuse a newer one.
func TestFrozenMismatches(t *testing.T) {
	a, b := []byte("print(1)\n"), []byte("print(2)\n")
	ha, hb := sha256.Sum256(a), sha256.Sum256(b)
	sa, sb := hex.EncodeToString(ha[:]), hex.EncodeToString(hb[:])
	line := func(name, h string) string { return "- `frozen/" + name + "` sha256 `" + h + "`\n" }
	tests := []struct {
		name      string
		files     map[string][]byte
		changelog string
		bad       int
	}{
		{"recorded", map[string][]byte{"x.lua": a}, line("x.lua", sa), 0},
		{"edited without an entry", map[string][]byte{"x.lua": b}, line("x.lua", sa), 1},
		{"newest entry first wins", map[string][]byte{"x.lua": b}, line("x.lua", sb) + line("x.lua", sa), 0},
		{"an older entry does not excuse", map[string][]byte{"x.lua": b}, line("x.lua", sa) + line("x.lua", sb), 1},
		{"new file without an entry", map[string][]byte{"x.lua": a, "y.lua": b}, line("x.lua", sa), 1},
		{"deleted without an entry", map[string][]byte{}, line("x.lua", sa), 1},
		{"deleted and recorded", map[string][]byte{}, "- `frozen/x.lua` removed\n" + line("x.lua", sa), 0},
		{"recorded removed but present", map[string][]byte{"x.lua": a}, "- `frozen/x.lua` removed\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := frozenMismatches(tt.files, changelogFrozen(tt.changelog))
			if len(bad) != tt.bad {
				t.Fatalf("%d mismatches %q, want %d", len(bad), bad, tt.bad)
			}
		})
	}
}
