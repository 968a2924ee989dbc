// Command perf runs the key benchmarks under valgrind's callgrind and
// prints their instruction counts — per entity-quantum for the tick, per
// packet for decode and receive, per frame for the render build — beside
// the recorded ones (tools/perf/baseline.json). Counts, unlike times, do
// not move with the machine's load. `go tool task perf` runs it.
//
// Usage:
//
//	go run ./tools/perf [-quick] [-check] [-record]
//
// -check fails (exit status 1) when a count is more than 10 % over its
// record or has none; -record rewrites the record from this run (a
// deliberate change, reviewed like code).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	quick := flag.Bool("quick", false, "run only the quick set (the record test's)")
	check := flag.Bool("check", false, "fail when a count is over its record by more than 10% or has no record")
	record := flag.Bool("record", false, "rewrite the record (tools/perf/baseline.json) from this run")
	flag.Parse()
	if err := run(*quick, *check, *record); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(quick, check, record bool) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	path := filepath.Join(root, "tools", "perf", "baseline.json")
	rec, err := LoadRecord(path)
	if err != nil && !record {
		return err
	}
	counts, err := Measure(quick, func(s string) { fmt.Fprintln(os.Stderr, "perf:", s) })
	if err != nil {
		return err
	}
	fs := Compare(counts, rec)
	fmt.Print(Table(fs))
	if record {
		if rec.Counts == nil || !quick {
			rec.Counts = map[string]Count{}
		}
		for k, c := range counts {
			rec.Counts[k] = c
		}
		rec.Note = "Instructions per unit under valgrind --tool=callgrind (tools/perf). Rewritten only deliberately: go run ./tools/perf -record."
		rec.Command = "go tool task perf -- -record"
		if err := SaveRecord(path, rec); err != nil {
			return err
		}
		fmt.Println("perf: recorded", path)
	}
	if check {
		var over []string
		for _, f := range fs {
			if f.OverTheLimit {
				over = append(over, f.Bench)
			}
		}
		if len(over) > 0 {
			return fmt.Errorf("perf: over the record by more than %.0f%% (or not recorded): %s", 100*Tolerance, strings.Join(over, ", "))
		}
	}
	return nil
}
