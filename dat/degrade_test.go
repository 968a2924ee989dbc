package dat

import "testing"

// TestDegradeLevel picks levels as retail's get_degrade does with bias 0
// on a human body part's chain (ideal distances 3, 5, 7, 15, 84, then a
// NULL level): the distance less 50 against each level's ideal, the last
// level past them all — so a human's parts stop drawing beyond 134.
func TestDegradeLevel(t *testing.T) {
	g := &GfxObjDegradeInfo{ID: 0x110006C6}
	for i, ideal := range []float32{3, 5, 7, 15, 84, 1000} {
		id := uint32(0x01000100 + i)
		if i == 5 {
			id = 0
		}
		g.Degrades = append(g.Degrades, GfxObjInfo{ID: id, DegradeMode: 1, IdealDist: ideal})
	}
	for _, tc := range []struct {
		dist float32
		want int
	}{{0, 0}, {40, 0}, {52.9, 0}, {53, 1}, {-53, 1}, {56, 3 - 1}, {57, 3}, {64.9, 3}, {65, 4}, {133.9, 4}, {134, 5}, {1e9, 5}} {
		if got := g.Level(tc.dist); got != tc.want {
			t.Errorf("distance %v: level %d, want %d", tc.dist, got, tc.want)
		}
	}
	if got := (&GfxObjDegradeInfo{}).Level(10); got != -1 {
		t.Errorf("no levels: %d, want -1", got)
	}
}
