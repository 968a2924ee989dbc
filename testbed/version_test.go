package testbed

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestAPIVersion: world.api_version is the integer APIVersion, and
// docs/scripting.md documents it.
func TestAPIVersion(t *testing.T) {
	s := New(t.TempDir(), Options{})
	defer s.Close()
	src := fmt.Sprintf("expect.eq(world.api_version, %d)\nexpect.eq(math.floor(world.api_version), world.api_version)", APIVersion)
	if err := s.host.RunSource("version.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/scripting.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "`world.api_version`") {
		t.Error("docs/scripting.md does not document world.api_version")
	}
}

// apiVersionMention is how a CHANGELOG entry names the version it
// introduces.
var apiVersionMention = regexp.MustCompile("`world\\.api_version` ([0-9]+)")

// TestAPIVersionInChangelog: the newest "`world.api_version` N" in
// CHANGELOG.md (newest entries first) is APIVersion, so bumping the
// version needs an entry announcing it, and an entry announcing a bump
// needs the bump.
func TestAPIVersionInChangelog(t *testing.T) {
	b, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	m := apiVersionMention.FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal("CHANGELOG.md names no `world.api_version` N")
	}
	if n, _ := strconv.Atoi(m[1]); n != APIVersion {
		t.Fatalf("CHANGELOG.md's newest `world.api_version` is %d, testbed.APIVersion is %d", n, APIVersion)
	}
}
