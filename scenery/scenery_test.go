package scenery

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// The vertex the hand computations use: vertex (3, 5) of landblock 0xA9B4,
// global vertex (0xA9·8 + 3, 0xB4·8 + 5) = (1355, 1445).
const (
	testBlock = 0xA9B4FFFF
	testVX    = 3
	testVY    = 5
	testGX    = 0xA9*8 + testVX
	testGY    = 0xB4*8 + testVY
)

// Hashes at (1355, 1445) computed by hand (exact integer arithmetic mod
// 2³², then × 2.3283064e-10 in double) from ACE's formulas — independently
// of the code under test.
const (
	handFreq0   = 0.9386554855696726  // j = 0, frequency hash
	handDX0     = 0.19076850431547998 // j = 0, salt 45773
	handDY0     = 0.432452467934191   // j = 0, salt 72719
	handScale0  = 0.7177708455409878  // j = 0, salt 32593
	handRot0    = 0.7255485586581232  // j = 0, salt 63127
	handFreq1   = 0.6746549584266979  // j = 1
	handQuad    = 0.31154407537572704 // quadrant hash: ≥ 0.25 → (−y, x)
	handSceneOf = 1                   // of 3 scenes
)

func TestHashesMatchHandComputed(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"frequency j=0", frequencyNoise(testGX, testGY, 0), handFreq0},
		{"frequency j=1", frequencyNoise(testGX, testGY, 1), handFreq1},
		{"displace x", noise(testGX, testGY, 0, 45773), handDX0},
		{"displace y", noise(testGX, testGY, 0, 72719), handDY0},
		{"scale", noise(testGX, testGY, 0, 32593), handScale0},
		{"rotation", noise(testGX, testGY, 0, 63127), handRot0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if got := sceneIndex(testGX, testGY, 3); got != handSceneOf {
		t.Errorf("scene index = %d, want %d", got, handSceneOf)
	}
}

// world is a synthetic Region: terrain type 1 (Grassland) with scenery
// bits 1 uses scene type 1, whose scenes are given; everything else uses
// the empty scene type 0.
type world struct {
	region *dat.Region
	scenes map[uint32]*dat.Scene
}

func newWorld(scenes ...*dat.Scene) *world {
	w := &world{region: &dat.Region{ID: dat.RegionID}, scenes: map[uint32]*dat.Scene{}}
	for i := range w.region.LandDefs.LandHeightTable {
		w.region.LandDefs.LandHeightTable[i] = 2 * float32(i)
	}
	st := dat.SceneType{}
	for _, s := range scenes {
		w.scenes[s.ID] = s
		st.Scenes = append(st.Scenes, s.ID)
	}
	w.region.Scene = []dat.SceneType{{}, st}
	for range 32 {
		tt := dat.TerrainType{SceneTypes: make([]uint32, 32)}
		w.region.Terrain.TerrainTypes = append(w.region.Terrain.TerrainTypes, tt)
	}
	w.region.Terrain.TerrainTypes[1].SceneTypes[1] = 1
	return w
}

func (w *world) gen(t testing.TB, bounds func(uint32) (Bounds, error)) *Generator {
	t.Helper()
	g, err := New(w.region, func(id uint32) (*dat.Scene, error) {
		if s, ok := w.scenes[id]; ok {
			return s, nil
		}
		return nil, fmt.Errorf("no scene 0x%08X", id)
	}, bounds)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// flatBlock is a landblock at height byte 10 (z 20), Grassland, no
// scenery anywhere except the vertices listed, which get scenery bits 1.
func flatBlock(id uint32, vertices ...int) *dat.LandBlock {
	lb := &dat.LandBlock{ID: id}
	for i := range lb.Terrain {
		lb.Terrain[i] = dat.TerrainWord(0, 1, 0)
		lb.Heights[i] = 10
	}
	for _, v := range vertices {
		lb.Terrain[v] = dat.TerrainWord(0, 1, 1)
	}
	return lb
}

// handObject is placed at the test vertex by hand below.
func handObject(freq float32) dat.ObjectDesc {
	return dat.ObjectDesc{ObjID: 0x02000050, BaseLoc: physics.Frame{Origin: physics.Vec3{X: 2, Y: 1}, Orientation: physics.IdentityQuat},
		Freq: freq, DisplaceX: 10, DisplaceY: 4, MinScale: 0.5, MaxScale: 2, MaxRotation: 360, MinSlope: 0, MaxSlope: 1}
}

// threeScenes puts the hand object in scene 0x12000002, the one the test
// vertex picks of three.
func threeScenes(o dat.ObjectDesc) []*dat.Scene {
	return []*dat.Scene{{ID: 0x12000001}, {ID: 0x12000002, Objects: []dat.ObjectDesc{o}}, {ID: 0x12000003}}
}

// TestHandPlacement places one object at one vertex and checks every
// field against the formula worked by hand from the hashes above.
func TestHandPlacement(t *testing.T) {
	w := newWorld(threeScenes(handObject(0.95))...)
	lb := flatBlock(testBlock, testVX*9+testVY)
	got, err := w.gen(t, nil).Generate(lb, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("placed %d objects, want 1: %+v", len(got), got)
	}
	o := got[0]
	// Displace: x = 0.1907…·10 + 2, y = 0.4324…·4 + 1 (float32 of the
	// double sums), then the quadrant hash 0.3115 turns (x, y) to (−y, x).
	x := float32(handDX0*10 + 2)
	y := float32(handDY0*4 + 1)
	wantX := float32(testVX*24) + -y
	wantY := float32(testVY*24) + x
	if o.Frame.Origin != (physics.Vec3{X: wantX, Y: wantY, Z: 20}) {
		t.Errorf("origin = %+v, want (%v, %v, 20)", o.Frame.Origin, wantX, wantY)
	}
	if wantScale := float32(math.Pow(4, handScale0) * 0.5); o.Scale != wantScale {
		t.Errorf("scale = %v, want %v", o.Scale, wantScale)
	}
	// Heading 0.7255…·360 degrees: +y (north) turns to (sin h, cos h).
	h := float64(float32(handRot0*360)) * math.Pi / 180
	fwd := o.Frame.Orientation.Rotate(physics.Vec3{Y: 1})
	if math.Abs(float64(fwd.X)-math.Sin(h)) > 1e-5 || math.Abs(float64(fwd.Y)-math.Cos(h)) > 1e-5 || math.Abs(float64(fwd.Z)) > 1e-6 {
		t.Errorf("forward = %+v, want (%v, %v, 0)", fwd, math.Sin(h), math.Cos(h))
	}
	wantCell := dat.OutdoorCellID(testBlock, int(wantX/24), int(wantY/24))
	if o.ID != 0x8A9B4000 || o.ObjID != 0x02000050 || o.Cell != wantCell || o.Scene != 0x12000002 || o.Index != 0 || o.Vertex != testVX*9+testVY {
		t.Errorf("object = %+v (want id 0x8A9B4000, cell 0x%08X)", o, wantCell)
	}
}

// TestFrequencyBoundary: an object is placed exactly when the frequency
// hash is below its Freq (noise < freq, compared in double).
func TestFrequencyBoundary(t *testing.T) {
	below := float32(handFreq0)
	if float64(below) > handFreq0 {
		below = math.Nextafter32(below, 0)
	}
	above := math.Nextafter32(below, 1) // the smallest float32 > the hash
	for _, c := range []struct {
		freq float32
		n    int
	}{{below, 0}, {above, 1}} {
		w := newWorld(threeScenes(handObject(c.freq))...)
		got, err := w.gen(t, nil).Generate(flatBlock(testBlock, testVX*9+testVY), nil, nil)
		if err != nil || len(got) != c.n {
			t.Errorf("freq %v (hash %v): %d objects, %v; want %d", c.freq, handFreq0, len(got), err, c.n)
		}
	}
	// A weenie object is never placed by the client.
	o := handObject(1)
	o.WeenieObj = 1
	w := newWorld(threeScenes(o)...)
	if got, _ := w.gen(t, nil).Generate(flatBlock(testBlock, testVX*9+testVY), nil, nil); len(got) != 0 {
		t.Errorf("weenie object placed: %+v", got)
	}
}

// TestDeterministic: the same inputs give the same scenery; another
// landblock with the same terrain gives other placements and its own ids.
func TestDeterministic(t *testing.T) {
	w := newWorld(denseScenes()...)
	g := w.gen(t, nil)
	all := make([]int, 81)
	for i := range all {
		all[i] = i
	}
	a, err := g.Generate(flatBlock(testBlock, all...), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.gen(t, nil).Generate(flatBlock(testBlock, all...), nil, make([]Object, 0, 8))
	if err != nil {
		t.Fatal(err)
	}
	if len(a) < 20 || !reflect.DeepEqual(a, b) {
		t.Fatalf("two runs differ or too few objects (%d, %d)", len(a), len(b))
	}
	c, err := g.Generate(flatBlock(0xAAB4FFFF, all...), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c) == 0 || reflect.DeepEqual(a[0].Frame, c[0].Frame) {
		t.Errorf("neighbour landblock repeats the first placement")
	}
	for i, o := range c {
		if bx, by, n := SplitID(o.ID); bx != 0xAA || by != 0xB4 || n != i {
			t.Fatalf("object %d id 0x%08X", i, o.ID)
		}
	}
}

func denseScenes() []*dat.Scene {
	var s []*dat.Scene
	for k := range 3 {
		sc := &dat.Scene{ID: 0x12000010 + uint32(k)}
		for j := range 4 {
			sc.Objects = append(sc.Objects, dat.ObjectDesc{ObjID: 0x01000200 + uint32(j),
				BaseLoc: physics.Frame{Origin: physics.Vec3{X: 12, Y: 12}, Orientation: physics.IdentityQuat},
				Freq:    0.5, DisplaceX: 10, DisplaceY: 10, MinScale: 0.8, MaxScale: 1.2, MaxRotation: 360, MaxSlope: 1})
		}
		s = append(s, sc)
	}
	return s
}

// TestRoadExclusion: the hand object lands in cell (2, 5) at dx = 21.27,
// dy = 3.91 from the cell's south-west corner. Which corners carry road
// bits decides (ACE OnRoad, road width 5, so rMax = 19).
func TestRoadExclusion(t *testing.T) {
	w := newWorld(threeScenes(handObject(1))...)
	g := w.gen(t, nil)
	const sw, nw, se, ne = 2*9 + 5, 2*9 + 6, 3*9 + 5, 3*9 + 6
	for _, c := range []struct {
		name string
		road []int // vertex indices with road bits
		n    int
	}{
		{"no road", nil, 1},
		{"every corner", []int{sw, nw, se, ne}, 0},
		{"SE corner only: 24 − dx + dy = 6.64 ≥ 5", []int{se}, 1},
		{"NW corner only: 24 + dx − dy = 41.4 ≥ 5", []int{nw}, 1},
		{"west edge: dx = 21.27 ≥ 5", []int{sw, nw}, 1},
		{"east edge: dx = 21.27 > 19", []int{se, ne}, 0},
		{"south edge: dy = 3.91 < 5", []int{sw, se}, 0},
		{"north edge: dy = 3.91 ≤ 19", []int{nw, ne}, 1},
	} {
		lb := flatBlock(testBlock, testVX*9+testVY)
		for _, v := range c.road {
			lb.Terrain[v] |= 1
		}
		got, err := g.Generate(lb, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != c.n {
			t.Errorf("%s: %d objects, want %d", c.name, len(got), c.n)
		}
	}
}

// TestOnRoadBoundaries pins ACE OnRoad's case table at its 5-unit limits.
func TestOnRoadBoundaries(t *testing.T) {
	lb := flatBlock(testBlock)
	lb.Terrain[0] |= 1 // road on vertex (0, 0) only: dx + dy < 5
	for _, c := range []struct {
		x, y float32
		want bool
	}{{2, 2.99, true}, {2, 3, false}, {4.99, 0, true}, {5, 0, false}, {30, 0, false}} {
		if got := OnRoad(lb, c.x, c.y); got != c.want {
			t.Errorf("OnRoad(%v, %v) = %v with a road at (0, 0)", c.x, c.y, got)
		}
	}
	lb = flatBlock(testBlock)
	lb.Terrain[0] |= 1
	lb.Terrain[9] |= 2 // roads at (0, 0) and (1, 0): the south edge, dy < 5
	for _, c := range []struct {
		x, y float32
		want bool
	}{{12, 4.99, true}, {12, 5, false}, {23.9, 0, true}} {
		if got := OnRoad(lb, c.x, c.y); got != c.want {
			t.Errorf("OnRoad(%v, %v) = %v with a road along the south edge", c.x, c.y, got)
		}
	}
}

// TestSlopeExclusion: on flat ground the normal's z is exactly 1; the
// object is placed when 1 lies in [MinSlope, MaxSlope] and only then.
func TestSlopeExclusion(t *testing.T) {
	for _, c := range []struct {
		min, max float32
		n        int
	}{{0, 1, 1}, {1, 1, 1}, {0, math.Nextafter32(1, 0), 0}, {0.5, 0.9, 0}} {
		o := handObject(1)
		o.MinSlope, o.MaxSlope = c.min, c.max
		w := newWorld(threeScenes(o)...)
		got, err := w.gen(t, nil).Generate(flatBlock(testBlock, testVX*9+testVY), nil, nil)
		if err != nil || len(got) != c.n {
			t.Errorf("slope [%v, %v]: %d objects, %v; want %d", c.min, c.max, len(got), err, c.n)
		}
	}
	// A steep landblock: raise column 3 so cell (2, 5) slopes at 45°
	// (rise 24 over 24: normal z = cos 45° ≈ 0.707).
	o := handObject(1)
	o.MinSlope = 0.8
	w := newWorld(threeScenes(o)...)
	lb := flatBlock(testBlock, testVX*9+testVY)
	for j := range 9 {
		lb.Heights[3*9+j] = 22
	}
	if got, _ := w.gen(t, nil).Generate(lb, nil, nil); len(got) != 0 {
		t.Errorf("placed on a 45° slope with MinSlope 0.8: %+v", got)
	}
	o.MinSlope = 0.7
	w = newWorld(threeScenes(o)...)
	got, _ := w.gen(t, nil).Generate(lb, nil, nil)
	if len(got) != 1 {
		t.Fatalf("not placed on a 45° slope with MinSlope 0.7")
	}
	// It stands on the slope: z = 20 + (x − 48) rising 1 per unit of x.
	if want := 20 + (got[0].Frame.Origin.X - 48); math.Abs(float64(got[0].Frame.Origin.Z-want)) > 1e-4 {
		t.Errorf("z = %v on the slope, want %v", got[0].Frame.Origin.Z, want)
	}
}

// TestSlopeIsTheTriangleUnderTheObject: raising one corner of the
// object's cell tilts only the triangles holding it; an object with slope
// limits [1, 1] is placed exactly when the triangle under it, the one
// TerrainHeight takes its height from, stayed flat — which happens for
// one corner (the other triangle's own) and not for the rest.
func TestSlopeIsTheTriangleUnderTheObject(t *testing.T) {
	o := handObject(1)
	o.MinSlope = 1
	g := newWorld(threeScenes(o)...).gen(t, nil)
	flat, err := g.Generate(flatBlock(testBlock, testVX*9+testVY), nil, nil)
	if err != nil || len(flat) != 1 {
		t.Fatalf("flat: %d objects, %v; want 1", len(flat), err)
	}
	at := flat[0].Frame.Origin
	cx, cy := int(at.X/dat.CellLength), int(at.Y/dat.CellLength)
	var placed, skipped int
	for _, c := range [4][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		lb := flatBlock(testBlock, testVX*9+testVY)
		lb.Heights[(cx+c[0])*9+cy+c[1]] = 12
		want := g.Region().LandDefs.TerrainZ(lb, at.X, at.Y) == 20
		got, err := g.Generate(lb, nil, nil)
		if err != nil || (len(got) == 1) != want {
			t.Errorf("corner %v raised: %d objects, %v; want placed %v", c, len(got), err, want)
		}
		if want {
			placed++
		} else {
			skipped++
		}
	}
	if placed != 1 || skipped != 3 {
		t.Errorf("the object at %+v stayed on flat ground for %d corners of 4, want 1", at, placed)
	}
}

// TestAlign: an Align object takes the heading of the terrain's negated
// normal — it faces up the slope.
func TestAlign(t *testing.T) {
	o := handObject(1)
	o.Align = 1
	w := newWorld(threeScenes(o)...)
	lb := flatBlock(testBlock, testVX*9+testVY)
	for j := range 9 {
		lb.Heights[3*9+j] = 22 // rises to the east: −normal points east
	}
	got, _ := w.gen(t, nil).Generate(lb, nil, nil)
	if len(got) != 1 {
		t.Fatal("not placed")
	}
	fwd := got[0].Frame.Orientation.Rotate(physics.Vec3{Y: 1})
	if math.Abs(float64(fwd.X-1)) > 1e-5 || math.Abs(float64(fwd.Y)) > 1e-5 {
		t.Errorf("aligned forward = %+v, want east (1, 0, 0)", fwd)
	}
}

// TestBuildingExclusion: no scenery in an outdoor cell holding a building.
func TestBuildingExclusion(t *testing.T) {
	w := newWorld(threeScenes(handObject(1))...)
	g := w.gen(t, nil)
	lb := flatBlock(testBlock, testVX*9+testVY)
	info := &dat.LandBlockInfo{ID: 0xA9B4FFFE, Buildings: []dat.BuildInfo{{ModelID: 0x01000100,
		Frame: physics.Frame{Origin: physics.Vec3{X: 60, Y: 130}, Orientation: physics.IdentityQuat}}}}
	if got, _ := g.Generate(lb, info, nil); len(got) != 0 {
		t.Errorf("placed in the building's cell: %+v", got)
	}
	info.Buildings[0].Frame.Origin = physics.Vec3{X: 80, Y: 130} // the next cell east
	if got, _ := g.Generate(lb, info, nil); len(got) != 1 {
		t.Errorf("building in another cell excluded the object")
	}
}

// TestWithinBlock: an object whose cylinder would cross the landblock's
// edge is dropped (obj_within_block).
func TestWithinBlock(t *testing.T) {
	o := handObject(1)
	w := newWorld(threeScenes(o)...)
	lb := flatBlock(testBlock, testVX*9+testVY)
	for _, c := range []struct {
		r float32
		n int
	}{{1, 1}, {68, 1}, {68.1, 0}} { // y ≈ 123.91 < 192 − r only for r < 68.09
		g := w.gen(t, func(uint32) (Bounds, error) {
			return Bounds{CylSpheres: []dat.CylSphere{{Radius: c.r, Height: 2}}}, nil
		})
		if got, _ := g.Generate(lb, nil, nil); len(got) != c.n {
			t.Errorf("cylinder radius %v: %d objects, want %d", c.r, len(got), c.n)
		}
	}
}

func TestObjectIDLayout(t *testing.T) {
	for _, c := range []struct {
		block uint32
		n     int
		want  uint32
	}{{0xA9B4FFFF, 0, 0x8A9B4000}, {0xA9B40123, 1, 0x8A9B4001}, {0xA9B4FFFF, 4095, 0x8A9B4FFF}, {0xFE00FFFF, 7, 0x8FE00007}} {
		got, err := ObjectID(c.block, c.n)
		if err != nil || got != c.want {
			t.Errorf("ObjectID(0x%08X, %d) = 0x%08X, %v; want 0x%08X", c.block, c.n, got, err, c.want)
		}
		if bx, by, n := SplitID(got); uint32(bx) != c.block>>24 || uint32(by) != c.block>>16&0xFF || n != c.n || !IsID(got) {
			t.Errorf("SplitID(0x%08X) = %X %X %d", got, bx, by, n)
		}
	}
	for _, n := range []int{4096, -1} {
		if id, err := ObjectID(0xA9B4FFFF, n); !errors.Is(err, ErrIDOverflow) || id != 0 {
			t.Errorf("ObjectID(…, %d) = 0x%08X, %v; want ErrIDOverflow", n, id, err)
		}
	}
	if IsID(0x7FFFFFFF) || IsID(0x50000001) {
		t.Error("a non-scenery id classified as scenery")
	}
}

// TestIDOverflow: a landblock needing a 4097th id fails with ErrIDOverflow
// after exactly 4096 objects, the last 0x8XXYYFFF — nothing aliases the
// next landblock.
func TestIDOverflow(t *testing.T) {
	sc := &dat.Scene{ID: 0x12000020}
	for range 65 { // 65 objects at each of the 64 vertices inside the block
		sc.Objects = append(sc.Objects, dat.ObjectDesc{ObjID: 0x01000300,
			BaseLoc: physics.Frame{Orientation: physics.IdentityQuat}, Freq: 1, MinScale: 1, MaxScale: 1, MaxSlope: 1})
	}
	w := newWorld(sc)
	all := make([]int, 81)
	for i := range all {
		all[i] = i
	}
	got, err := w.gen(t, nil).Generate(flatBlock(testBlock, all...), nil, nil)
	if !errors.Is(err, ErrIDOverflow) {
		t.Fatalf("err = %v, want ErrIDOverflow", err)
	}
	if len(got) != MaxPerLandblock || got[len(got)-1].ID != 0x8A9B4FFF {
		t.Fatalf("%d objects before the error, last 0x%08X", len(got), got[len(got)-1].ID)
	}
	sc.Objects = sc.Objects[:64] // 64 × 64 = 4096 fits exactly
	w = newWorld(sc)
	if got, err := w.gen(t, nil).Generate(flatBlock(testBlock, all...), nil, nil); err != nil || len(got) != 4096 {
		t.Errorf("4096 objects: %d, %v", len(got), err)
	}
}

// TestBadRegion: terrain naming a scenery index the Region lacks is an
// error naming the landblock and vertex.
func TestBadRegion(t *testing.T) {
	w := newWorld(threeScenes(handObject(1))...)
	w.region.Terrain.TerrainTypes[1].SceneTypes = w.region.Terrain.TerrainTypes[1].SceneTypes[:1]
	_, err := w.gen(t, nil).Generate(flatBlock(testBlock, 7), nil, nil)
	if err == nil || err.Error() != "scenery: landblock 0xA9B4FFFF vertex 7: terrain type 1 scenery 1 not in the Region" {
		t.Errorf("err = %v", err)
	}
}

func BenchmarkGenerate(b *testing.B) {
	w := newWorld(denseScenes()...)
	g := w.gen(b, nil)
	all := make([]int, 81)
	for i := range all {
		all[i] = i
	}
	lb := flatBlock(testBlock, all...)
	buf := make([]Object, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = g.Generate(lb, nil, buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf)), "objects/op")
}

// TestConcurrent: one Generator serves several streaming workers at once
// and each gets the same scenery as a lone caller.
func TestConcurrent(t *testing.T) {
	w := newWorld(denseScenes()...)
	g := w.gen(t, nil)
	all := make([]int, 81)
	for i := range all {
		all[i] = i
	}
	want, err := g.Generate(flatBlock(testBlock, all...), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]Object, 4)
	done := make(chan int)
	for k := range got {
		go func() {
			got[k], _ = g.Generate(flatBlock(testBlock, all...), nil, nil)
			done <- k
		}()
	}
	for range got {
		<-done
	}
	for k := range got {
		if !reflect.DeepEqual(got[k], want) {
			t.Fatalf("worker %d got other scenery", k)
		}
	}
}

// FuzzGenerate: any terrain words and heights give scenery or an error,
// never a panic; every id belongs to the landblock, counts up from 0, and
// every object stands inside the landblock on the terrain.
func FuzzGenerate(f *testing.F) {
	f.Add(make([]byte, 81*3), uint8(0xA9), uint8(0xB4))
	seed := make([]byte, 81*3)
	for i := range seed {
		seed[i] = byte(i * 37)
	}
	f.Add(seed, uint8(0x12), uint8(0xFE))
	w := newWorld(append(denseScenes(), threeScenes(handObject(0.9))...)...)
	for t := range w.region.Terrain.TerrainTypes {
		for i := range 31 { // index 31 stays missing: terrain naming it fails
			w.region.Terrain.TerrainTypes[t].SceneTypes[i] = uint32(i % 2)
		}
		w.region.Terrain.TerrainTypes[t].SceneTypes = w.region.Terrain.TerrainTypes[t].SceneTypes[:31]
	}
	g := w.gen(f, func(uint32) (Bounds, error) {
		return Bounds{CylSpheres: []dat.CylSphere{{Radius: 0.5, Height: 2}}}, nil
	})
	f.Fuzz(func(t *testing.T, data []byte, bx, by uint8) {
		lb := &dat.LandBlock{ID: uint32(bx)<<24 | uint32(by)<<16 | 0xFFFF}
		for i := range 81 {
			if 3*i+2 < len(data) {
				lb.Terrain[i] = uint16(data[3*i]) | uint16(data[3*i+1])<<8
				lb.Heights[i] = data[3*i+2]
			}
		}
		objs, err := g.Generate(lb, nil, nil)
		if err != nil {
			return
		}
		for i, o := range objs {
			x, y, n := SplitID(o.ID)
			p := o.Frame.Origin
			if x != int(bx) || y != int(by) || n != i || p.X < 0 || p.Y < 0 || p.X >= 192 || p.Y >= 192 ||
				o.Cell>>16 != lb.ID>>16 || !(o.Scale > 0) {
				t.Fatalf("object %d: %+v", i, o)
			}
		}
	})
}
