package testbed

import (
	"fmt"
	"math"
	"testing"

	"github.com/dereth/dereth/collision"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
	"github.com/dereth/dereth/sampleworld/world"
	"github.com/dereth/dereth/stream"
)

// humanRadius is the sample humanoid's sphere radius: a walker stops
// this far from what it walks into.
const humanRadius = 0.45

// obstacleCase is a walk north into one obstacle: the walker starts at
// (x, y0) in cell, and is stopped with its origin at stopY, its last
// contact naming the obstacle (want).
type obstacleCase struct {
	name  string
	cell  uint32
	x, y0 float32
	z     float32
	stopY float32
	want  func(h collision.Hit) bool
	// setup is Lua run before the walker is placed, after the world's
	// land is chosen (an obstacle creature).
	setup string
	// synthetic streams (or builds) generated landblocks instead of the
	// sample DATs.
	synthetic bool
}

// staticHit matches a contact with a static of the DATs by its model id.
func staticHit(id uint32) func(collision.Hit) bool {
	return func(h collision.Hit) bool { return h.Kind == collision.HitObject && h.GUID == 0 && h.Model == id }
}

// syntheticLand is the Lua table of the synthetic landblocks the
// synthetic scenery case walks in: trees (the sample's TreeSetup) in
// rows from (4, 100) every 4 units.
const syntheticLand = `synthetic = {min_x = 0x20, min_y = 0x20, max_x = 0x24, max_y = 0x24, scenery = 8, scenery_setup = 0x%08X}`

// obstacleCases works out, from the sample DATs' one build of each
// landblock, one walk into each kind of obstacle: a building (the town's
// first house, beside its doorway), a LandBlockInfo static (the wall
// GfxObj in the south-west block), an EnvCell's static (a pillar of the
// dungeon's hall, GfxObj 0x01000053), a tree of the DATs' procedural
// scenery (a CylSphere Setup, in a landblock without a LandBlockInfo),
// a tree of synthetic scenery, and a creature.
func obstacleCases(t *testing.T) []obstacleCase {
	t.Helper()
	portal, cell := sampleDATs(t)
	src, err := stream.DatSourceOf(portal, cell)
	if err != nil {
		t.Fatal(err)
	}
	land := stream.NewSync(src)
	ground := func(c uint32, x, y float32) float32 {
		z, ok := land.GroundZ(c, x, y)
		if !ok {
			t.Fatalf("no ground at 0x%08X (%v, %v)", c, x, y)
		}
		return z
	}
	var cases []obstacleCase

	// The building: walking north beside the doorway, the shell's south
	// wall (house centre y − 3) stops the walker at its radius.
	h := world.TownHouses[0]
	town := uint32(sampleworld.TownBlock) & 0xFFFF0000
	cases = append(cases, obstacleCase{name: "building", cell: dat.CellAt(town, h.X+2.5, h.Y-8), x: h.X + 2.5, y0: h.Y - 8,
		z: ground(town|1, h.X+2.5, h.Y-8), stopY: h.Y - 3 - humanRadius, want: staticHit(sampleworld.TownHouseGfxObj)})

	// The LandBlockInfo static: the wall GfxObj (12 × 0.5 × 2) at (150,
	// 60) of the south-west block, heading 0.
	sw := uint32(sampleworld.BlockSW) & 0xFFFF0000
	wall := findStatic(t, land.Build(sw).Statics, sampleworld.WallGfxObj, func(s collision.Static) bool { return s.Frame.Origin.X == 150 })
	cases = append(cases, obstacleCase{name: "LandBlockInfo static", cell: dat.CellAt(sw, 150, 54), x: 150, y0: 54,
		z: ground(sw|1, 150, 54), stopY: wall.Frame.Origin.Y - 0.25 - humanRadius, want: staticHit(sampleworld.WallGfxObj)})

	// The EnvCell static: the dungeon hall's northernmost pillar (a 0.8 ×
	// 0.8 box), walked into from 5 units south of it, inside the hall.
	dung := uint32(sampleworld.DungeonBlock) & 0xFFFF0000
	var pillar collision.Static
	for _, s := range land.Build(dung).Statics {
		if s.ID == world.PillarGfxObj && s.Cell == sampleworld.DungeonHallCell && s.Frame.Origin.Y > pillar.Frame.Origin.Y {
			pillar = s
		}
	}
	if pillar.ID == 0 {
		t.Fatal("no pillar in the dungeon hall's build")
	}
	p := pillar.Frame.Origin
	cases = append(cases, obstacleCase{name: "EnvCell static", cell: sampleworld.DungeonHallCell, x: p.X, y0: p.Y - 5, z: p.Z,
		stopY: p.Y - 0.4 - humanRadius, want: staticHit(world.PillarGfxObj)})

	// DAT scenery: a tree of the Region's procedural scenery with nothing
	// else near its south side, in a landblock without a LandBlockInfo.
	tree, tb := datTree(t, src, cell)
	cases = append(cases, obstacleCase{name: "DAT scenery", cell: dat.CellAt(tb, tree.Frame.Origin.X, tree.Frame.Origin.Y-5), x: tree.Frame.Origin.X,
		y0: tree.Frame.Origin.Y - 5, z: ground(tb|1, tree.Frame.Origin.X, tree.Frame.Origin.Y-5),
		stopY: tree.Frame.Origin.Y - float32(0.35*tree.Scale) - humanRadius, want: staticHit(sampleworld.TreeSetup)})

	// Synthetic scenery: the tree at (4 + 4·2, 100) of landblock 0x2222.
	syn := &stream.Synthetic{MinX: 0x20, MinY: 0x20, MaxX: 0x24, MaxY: 0x24, Scenery: 8, SceneryID: sampleworld.TreeSetup}
	sb := uint32(0x22220000)
	b, err := syn.Build(stream.Request{Block: sb, Tier: stream.Near})
	if err != nil {
		t.Fatal(err)
	}
	st := b.Scenery[2]
	sz := dat.TerrainHeight(sb, &b.Heights, st.Frame.Origin.X, st.Frame.Origin.Y-5)
	cases = append(cases, obstacleCase{name: "synthetic scenery", synthetic: true, cell: dat.CellAt(sb, st.Frame.Origin.X, st.Frame.Origin.Y-5),
		x: st.Frame.Origin.X, y0: st.Frame.Origin.Y - 5, z: sz, stopY: st.Frame.Origin.Y - 0.35 - humanRadius, want: staticHit(sampleworld.TreeSetup)})

	// A creature standing 5 units north, on level ground with nothing
	// else near: the walker stops two radii from its axis.
	cb, cx, cy := clearStrip(t, land)
	cz := ground(cb|1, cx, cy+5)
	cases = append(cases, obstacleCase{name: "creature", cell: dat.CellAt(cb, cx, cy), x: cx, y0: cy, z: ground(cb|1, cx, cy),
		stopY: cy + 5 - 2*humanRadius, want: func(h collision.Hit) bool { return h.Kind == collision.HitObject && h.GUID == 0x50000200 },
		setup: fmt.Sprintf(`world.spawn{guid = 0x50000200, setup = sample.HUMAN, cell = 0x%08X, origin = {%v, %v, %v}, heading = 0}`,
			dat.CellAt(cb, cx, cy+5), cx, cy+5, cz)})
	return cases
}

// clearStrip finds, in a landblock of the sample, a strip 1 × 8 units running north from
// (x, y) on nearly level ground (under 0.2 units of rise) with no static
// or scenery within 3 units.
func clearStrip(t *testing.T, land *stream.Sync) (uint32, float32, float32) {
	t.Helper()
	for _, id := range world.LandBlocks() {
		if block, x, y, ok := clearStripIn(land, id&0xFFFF0000); ok {
			return block, x, y
		}
	}
	t.Fatal("no level clear strip")
	return 0, 0, 0
}

func clearStripIn(land *stream.Sync, block uint32) (uint32, float32, float32, bool) {
	b := land.Build(block)
	for x := float32(12); x < 180; x += 4 {
		for y := float32(12); y < 176; y += 4 {
			z0 := dat.TerrainHeight(block, &b.Heights, x, y)
			level := true
			for d := float32(0); d <= 8 && level; d++ {
				level = math.Abs(float64(dat.TerrainHeight(block, &b.Heights, x, y+d)-z0)) < 0.2
			}
			for _, list := range [2][]collision.Static{b.Statics, b.Scenery} {
				for _, s := range list {
					if o := s.Frame.Origin; o.X > x-3 && o.X < x+3 && o.Y > y-3 && o.Y < y+11 {
						level = false
					}
				}
			}
			if level {
				return block, x, y, true
			}
		}
	}
	return 0, 0, 0, false
}

// findStatic is the one static of the list with the id that ok accepts.
func findStatic(t *testing.T, list []collision.Static, id uint32, ok func(collision.Static) bool) collision.Static {
	t.Helper()
	for _, s := range list {
		if s.ID == id && ok(s) {
			return s
		}
	}
	t.Fatalf("no static 0x%08X", id)
	return collision.Static{}
}

// datTree finds a tree of the sample's procedural scenery in a landblock
// without a LandBlockInfo, with no other scenery within 2 units of the
// 6 units south of it, on gentle ground.
func datTree(t *testing.T, src *stream.DatSource, cell *dat.Container) (collision.Static, uint32) {
	t.Helper()
	for _, id := range world.LandBlocks() {
		block := id & 0xFFFF0000
		if lb, err := cell.LandBlock(dat.BlockID(block)); err != nil || lb.HasObjects {
			continue
		}
		b, err := src.Build(stream.Request{Block: block, Tier: stream.Near})
		if err != nil {
			t.Fatal(err)
		}
	next:
		for _, s := range b.Scenery {
			o := s.Frame.Origin
			if s.ID != sampleworld.TreeSetup || o.Y < 8 || o.Y > 184 || o.X < 8 || o.X > 184 {
				continue
			}
			for _, other := range b.Scenery {
				q := other.Frame.Origin
				if other.GUID != s.GUID && math.Abs(float64(q.X-o.X)) < 2.5 && q.Y > o.Y-7 && q.Y < o.Y+1.5 {
					continue next
				}
			}
			if z0, z1 := dat.TerrainHeight(block, &b.Heights, o.X, o.Y-6), dat.TerrainHeight(block, &b.Heights, o.X, o.Y); math.Abs(float64(z1-z0)) > 2 {
				continue
			}
			return s, block
		}
	}
	t.Fatal("no lone tree in the sample's scenery")
	return collision.Static{}, 0
}

// TestEveryObstacleStopsAWalker: in both the streamed world (a Near ring
// of radius 1 around the walker, published by the streamer) and the world
// that does not stream (every landblock built on first use: a streamer of
// radius 0, synchronous), a player walking north into each kind of
// obstacle — building, LandBlockInfo static, EnvCell static (the dungeon
// pillar, issue 26's second hole), DAT scenery (a tree of a landblock
// without a LandBlockInfo, issue 26's first hole), synthetic scenery, a
// creature — is stopped short of its radius from it (the retail
// transition keeps the last step clear of it), its first contact names
// the obstacle, and a second's more pushing leaves it there.
func TestEveryObstacleStopsAWalker(t *testing.T) {
	portal, cell := sampleDATs(t)
	for _, tc := range obstacleCases(t) {
		for _, streamed := range []bool{true, false} {
			name := tc.name + "/radius 0"
			if streamed {
				name = tc.name + "/streamed"
			}
			t.Run(name, func(t *testing.T) {
				s := New(t.TempDir(), Options{Portal: portal, Cell: cell, Timeout: slack * 10})
				defer s.Close()
				land := ""
				switch {
				case tc.synthetic && streamed:
					land = "world.stream{near = 1, far = 1, " + fmt.Sprintf(syntheticLand, sampleworld.TreeSetup) + "}"
				case tc.synthetic:
					land = "world.land{" + fmt.Sprintf(syntheticLand, sampleworld.TreeSetup) + "}"
				case streamed:
					land = "world.stream{near = 1, far = 1}"
				}
				src := fmt.Sprintf(`
%s
%s
local p = world.spawn{archetype = "player", guid = 0x50000100, setup = sample.HUMAN, cell = 0x%08X, origin = {%v, %v, %v}, heading = 0}
world.set_player(p)
if %v then
  for _ = 1, 300 do
    world.stream_wait()
    world.step(1 / 30)
    if world.travel() == "" then break end
  end
end
world.input{forward = true}
for _ = 1, 240 do
  world.step(1 / 30)
  if #(world.collisions(p) or {}) > 0 then break end
end
`, land, tc.setup, tc.cell, tc.x, tc.y0, tc.z, streamed)
				if err := s.host.RunSource("obstacle.lua", []byte(src)); err != nil {
					t.Fatal(err)
				}
				if s.Err != nil {
					t.Fatal(s.Err)
				}
				if streamed && s.World.SmartBox.TravelState() != "" {
					t.Fatalf("never logged in: %q", s.World.SmartBox.TravelState())
				}
				c := s.World.Collisions(0x50000100)
				found := false
				for _, h := range c.Hits {
					found = found || tc.want(h)
				}
				if !found {
					t.Fatalf("first contacts %+v do not name the obstacle", c)
				}
				first := s.World.Object(0x50000100).Phys.Position.Frame.Origin
				// Pushing on for a second.
				if err := s.host.RunSource("push.lua", []byte("for _ = 1, 30 do world.step(1 / 30) end\nworld.input{}\n")); err != nil {
					t.Fatal(err)
				}
				o := s.World.Object(0x50000100)
				at := o.Phys.Position
				// A second after the first contact it is still at the
				// obstacle: short of the touch by at most a tick's move
				// (retail keeps the last clear step), not past it, and
				// within 0.1 of where it first touched (walking across
				// a slope drifts it sideways — AdjustOffset projects
				// the step into the contact plane — and the slide round
				// a cylinder or a body starts from that drift and grows
				// slowly).
				y := at.Frame.Origin.Y
				if y > tc.stopY+0.01 || y < tc.stopY-0.2 || at.Frame.Origin.Sub(first).Len() > 0.1 {
					t.Fatalf("walker ended in 0x%08X at %+v (first contact at %+v), want stopped just short of (%v, %v)", at.Cell, at.Frame.Origin, first, tc.x, tc.stopY)
				}
			})
		}
	}
}
