package stream_test

import (
	"strings"
	"testing"

	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/stream"
)

// TestDatSourceOf: the sample portal DAT gives the source its Region
// heights and its scenery generator; a portal DAT without the Region (the
// cell DAT in its place) is an error naming streaming.
func TestDatSourceOf(t *testing.T) {
	p, err := sampleworld.Portal()
	if err != nil {
		t.Fatal(err)
	}
	c, err := sampleworld.Cell()
	if err != nil {
		t.Fatal(err)
	}
	src, err := stream.DatSourceOf(p, c)
	if err != nil {
		t.Fatal(err)
	}
	if src.Cell != c || src.Land == nil || src.Scenery == nil {
		t.Fatalf("source: cell %v, land %v, scenery %v", src.Cell == c, src.Land != nil, src.Scenery != nil)
	}
	if _, err := stream.DatSourceOf(c, c); err == nil || !strings.Contains(err.Error(), "streaming") {
		t.Fatalf("a portal DAT without the Region: err %v", err)
	}
}
