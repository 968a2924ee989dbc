package systems

import (
	"math/bits"
	"os"
	"regexp"
	"strings"
	"testing"
)

func names(s *Schedule) []string {
	var out []string
	for _, st := range s.Stages {
		out = append(out, st.Name)
	}
	return out
}

func TestSwappingAnyTwoStagesFailsNamingBoth(t *testing.T) {
	for _, mk := range []func() *Schedule{Ordinary, Static} {
		base := mk()
		if err := base.Validate(); err != nil {
			t.Fatalf("retail %s schedule invalid: %v", base.Name, err)
		}
		n := len(base.Stages)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				s := mk()
				s.Stages[i], s.Stages[j] = s.Stages[j], s.Stages[i]
				err := s.Validate()
				if err == nil {
					t.Fatalf("%s: swapping %s and %s passed validation", s.Name, s.Stages[i].Name, s.Stages[j].Name)
				}
				if !strings.Contains(err.Error(), s.Stages[i].Name) || !strings.Contains(err.Error(), s.Stages[j].Name) {
					t.Fatalf("%s: swap error %q does not name both %s and %s", s.Name, err, s.Stages[i].Name, s.Stages[j].Name)
				}
			}
		}
	}
}

func TestInsertAtNamedSlot(t *testing.T) {
	s := Ordinary()
	if err := s.Insert(Before(StageHandleTargetting), Stage{Name: "mod::BeforeTarget"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Insert(After(StageUpdateScripts), Stage{Name: "mod::Last"}); err != nil {
		t.Fatal(err)
	}
	got := names(s)
	i := indexOf(got, "mod::BeforeTarget")
	if i < 0 || got[i+1] != StageHandleTargetting || got[len(got)-1] != "mod::Last" {
		t.Fatalf("inserted order = %q", got)
	}
	if err := s.Validate(); err != nil {
		t.Fatalf("contributor stages must not break retail order: %v", err)
	}
	if err := s.Insert(Before("nope"), Stage{Name: "x"}); err == nil {
		t.Fatal("insert next to an unknown stage must fail")
	}
	if err := s.Insert(Before(StageFrameCombine), Stage{Name: StageTransition}); err == nil {
		t.Fatal("a contributor stage may not reuse a retail name")
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// TestScheduleDocMatchesTable keeps docs/schedule.md in step with the
// tables: every stage's name and gate, in order.
func TestScheduleDocMatchesTable(t *testing.T) {
	b, err := os.ReadFile("../docs/schedule.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	tables := map[string][]string{}
	for _, s := range []*Schedule{Ordinary(), Static()} {
		for _, st := range s.Stages {
			tables[s.Name] = append(tables[s.Name], st.Name+" — "+st.Gate.String())
		}
	}
	for _, st := range Frames().Steps {
		when := "always"
		if st.When != nil {
			when = frameWhen[st.Name]
		}
		tables["frame"] = append(tables["frame"], st.Name+" — "+when)
	}
	for _, name := range []string{"ordinary", "static", "frame"} {
		start := strings.Index(doc, "<!-- "+name+" -->")
		end := strings.Index(doc, "<!-- /"+name+" -->")
		if start < 0 || end < start {
			t.Fatalf("docs/schedule.md has no %s section markers", name)
		}
		var listed []string
		for _, m := range regexp.MustCompile("(?m)^\\d+\\. `([^`]+)` — ([^;\n]*)").FindAllStringSubmatch(doc[start:end], -1) {
			listed = append(listed, m[1]+" — "+strings.TrimSpace(m[2]))
		}
		if want := tables[name]; strings.Join(listed, "\n") != strings.Join(want, "\n") {
			t.Fatalf("docs/schedule.md %s stages\n%q\n!= table\n%q", name, listed, want)
		}
	}
}

// TestGateNamesCoverEveryBit: every gate bit has its doc spelling and its
// Go name (the doc test and the generator read them).
func TestGateNamesCoverEveryBit(t *testing.T) {
	n := bits.Len32(uint32(GateDefaultScript))
	if len(gateNames) != n || len(gateIdents) != n {
		t.Fatalf("%d gate bits, %d doc names, %d Go names", n, len(gateNames), len(gateIdents))
	}
	if got := (GateActive | GateMoved).String(); got != "Active, the candidate moved" {
		t.Fatalf("Gate.String = %q", got)
	}
}
