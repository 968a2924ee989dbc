package collision

import (
	"math"
	"testing"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// flatEnv is a world of landblocks at height z everywhere (a slope when
// slopeX is set: z rises slopeX per unit east) with fixed obstacles.
type flatEnv struct {
	z      float32
	slopeX float32
	// valley, when set, makes z rise valley per unit east and west of x
	// 96 (landblock 0x7F7F's local x): a V along the north-south vertex
	// line there.
	valley float32
	// ramp, when set, makes z rise ramp per unit east of x 96 (landblock
	// 0x7F7F's local x) and stay z west of it: a crease along the vertex
	// line there between flat ground and a slope (a drop when negative).
	ramp  float32
	obs   []Obstacle
	cells map[uint32]*Cell
	cache map[uint32]*Heights
}

func (e *flatEnv) EnvCell(id uint32) *Cell { return e.cells[id] }

// LandHeights builds a landblock's heights once, as a world caches them.
func (e *flatEnv) LandHeights(block uint32) (*Heights, bool) {
	if h, ok := e.cache[block]; ok {
		return h, true
	}
	if e.cache == nil {
		e.cache = map[uint32]*Heights{}
	}
	h := new(Heights)
	e.cache[block] = h
	bx, _ := dat.BlockXY(block)
	for i := range h {
		x := float32(bx*192) + float32(float32(i/9)*24)
		h[i] = e.z + float32(e.slopeX*(x-float32(0x7F*192)))
		if lx := x - float32(0x7F*192) - 96; e.ramp != 0 && lx > 0 {
			h[i] += float32(e.ramp * lx)
		}
		if e.valley != 0 {
			h[i] += float32(e.valley * float32(math.Abs(float64(x-float32(0x7F*192)-96))))
		}
	}
	return h, true
}

func (e *flatEnv) Obstacles(block uint32, lo, hi physics.Vec3, self uint32, out []Obstacle) []Obstacle {
	for _, o := range e.obs {
		if o.GUID != self {
			out = append(out, o)
		}
	}
	return out
}

const testCell = 0x7F7F0001

func walker() *Mover {
	return &Mover{GUID: 1, Spheres: []dat.Sphere{{Origin: v3(0, 0, 0.5), Radius: 0.5}}, StepUpHeight: 0.6, StepDownHeight: 1.5, OnWalkable: true}
}

// box is a static obstacle: an axis-aligned box lo..hi.
func box(guid uint32, lo, hi physics.Vec3) Obstacle {
	return Obstacle{GUID: guid, Frame: physics.IdentityFrame, Scale: 1, Shape: NewShape(boxGfx(lo, hi))}
}

func at(x, y, z float32) physics.Position {
	return physics.Position{Cell: testCell, Frame: physics.Frame{Origin: v3(x, y, z), Orientation: physics.IdentityQuat}}
}

func TestResolveFallingLands(t *testing.T) {
	m := walker()
	m.OnWalkable = false
	res := transit(NewResolver(&flatEnv{z: 3}), m, at(50, 50, 3.2), v3(50, 50, 2.5))
	if !res.Landed || !res.OnWalkable || !near(res.Origin.Z, 3, 0.01) {
		t.Fatalf("landed %v on walkable %v z %v, want a landing at 3", res.Landed, res.OnWalkable, res.Origin.Z)
	}
}

func TestResolveBodies(t *testing.T) {
	other := Obstacle{GUID: 2, Frame: physics.Frame{Origin: v3(12, 10, 0), Orientation: physics.IdentityQuat}, Scale: 1,
		Spheres: []dat.Sphere{{Origin: v3(0, 0, 0.5), Radius: 0.5}}}
	res := transit(NewResolver(&flatEnv{obs: []Obstacle{other}}), walker(), at(10, 10, 0), v3(13, 10, 0))
	if !near(res.Origin.X, 11, 0.01) || !res.Blocked || len(res.Hits) == 0 || res.Hits[0].GUID != 2 {
		t.Fatalf("end %+v hits %+v: want stopped at x=11 by body 2", res.Origin, res.Hits)
	}
}

// FuzzResolveNoTunnelling walks a sphere through the retail transition at up to 50 units/s for up to
// MaxQuantum at a thin wall from anywhere in front of it: the end is
// finite, never behind the wall, and never nearer its face than the radius.
func FuzzResolveNoTunnelling(f *testing.F) {
	f.Add(float32(5), float32(0), float32(50), float32(0.1), float32(0.5))
	f.Add(float32(29), float32(0.3), float32(50), float32(0.1), float32(0.1))
	f.Add(float32(0), float32(-1.5), float32(1), float32(0.05), float32(2))
	f.Add(float32(29.4), float32(0.7), float32(49.9), float32(0.0999), float32(0.05))
	wall := box(9, v3(60, 0, 0), v3(60.05, 100, 5))
	f.Fuzz(func(t *testing.T, x, heading, speed, dt, rad float32) {
		if !finite(x) || !finite(heading) || !finite(speed) || !finite(dt) || !finite(rad) {
			return
		}
		rad = min(max(float32(math.Abs(float64(rad))), 0.05), 2)
		speed = float32(math.Mod(math.Abs(float64(speed)), 50))
		dt = float32(math.Mod(math.Abs(float64(dt)), physics.MaxQuantum))
		// 30 ≤ x < 60 - rad: five moves of at most 5 units stay in the landblock.
		x = 30 + float32(math.Mod(math.Abs(float64(x)), float64(30-rad)))
		m := &Mover{GUID: 1, Spheres: []dat.Sphere{{Origin: v3(0, 0, rad), Radius: rad}}, StepUpHeight: 0.6, StepDownHeight: 1.5, OnWalkable: true}
		d := v3(float32(math.Cos(float64(heading))), float32(math.Sin(float64(heading))), 0).Scale(speed * dt)
		env := &flatEnv{obs: []Obstacle{wall}}
		r := NewResolver(env)
		pos := at(x, 50, 0)
		c := Contact{Valid: true, Plane: Plane{N: v3(0, 0, 1)}}
		for range 5 { // keep pushing: a resting contact must hold too
			var res *Result
			res, c = r.Transition(m, pos, pos.Frame.Origin.Add(d), c)
			o := res.Origin
			if !o.Finite() {
				t.Fatalf("non-finite end %+v", o)
			}
			if res.Cell>>16 != testCell>>16 {
				t.Fatalf("left the landblock: cell 0x%08X", res.Cell)
			}
			if o.X > 60-rad+1e-3 {
				t.Fatalf("x %v from %v by %+v: through or into the wall (radius %v)", o.X, pos.Frame.Origin.X, d, rad)
			}
			pos.Cell, pos.Frame.Origin = res.Cell, o
			m.OnWalkable = res.OnWalkable
		}
	})
}

// TestWalkingAcrossACrease: in a V between two walkable terrain slopes
// (0.5 up either side of x 96, normal z 0.894) a walker crossing the
// crease is never stopped by it: it goes on up the far slope (slower:
// AdjustOffset projects each step into the slope, 0.8 of it horizontal
// going straight up), its low point on the slope (z 0.5 |x − 96|),
// unblocked, on walkable ground.
func TestWalkingAcrossACrease(t *testing.T) {
	tests := []struct {
		name string
		dir  physics.Vec3
		minX float32
	}{
		{"east across it", v3(1, 0, 0), 97.5},
		{"diagonally across it", v3(0.70710677, 0.70710677, 0), 96.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := &flatEnv{valley: 0.5}
			r := NewResolver(env)
			m := walker()
			p := physics.Position{Cell: testCell, Frame: physics.Frame{Origin: v3(94, 50, 1), Orientation: physics.IdentityQuat}}
			p.Cell, _ = dat.AdjustToOutside(testCell, &p.Frame.Origin)
			p, res := walk(t, r, m, p, tc.dir, 20) // 4 units
			got := p.Frame.Origin
			if got.X < tc.minX || !near(got.Z, float32(0.5*(got.X-96)), 1e-3) {
				t.Fatalf("end %+v, want past x %v with z 0.5 (x − 96)", got, tc.minX)
			}
			if res.Blocked || !res.OnWalkable || len(res.Hits) != 0 {
				t.Fatalf("blocked %v on walkable %v hits %+v, want a free walk on the ground", res.Blocked, res.OnWalkable, res.Hits)
			}
		})
	}
}

// TestResolveDegenerateInput: no spheres, a zero radius or a non-finite
// end leave the mover where it began, in its cell.
func TestResolveDegenerateInput(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name string
		m    *Mover
		end  physics.Vec3
	}{
		{"no spheres", &Mover{GUID: 1}, v3(11, 10, 0)},
		{"zero radius", &Mover{GUID: 1, Spheres: []dat.Sphere{{}}}, v3(11, 10, 0)},
		{"NaN end", walker(), v3(nan, 10, 0)},
		{"infinite end", walker(), v3(float32(math.Inf(1)), 10, 0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := transit(NewResolver(&flatEnv{}), tc.m, at(10, 10, 0), tc.end)
			if res.Origin != v3(10, 10, 0) || res.Cell != testCell {
				t.Fatalf("end %+v in 0x%08X, want where it began", res.Origin, res.Cell)
			}
		})
	}
}

// transit is one move through the retail transition from rest: in
// contact with the ground under begin when m is on walkable ground.
func transit(r *Resolver, m *Mover, begin physics.Position, end physics.Vec3) *Result {
	var in Contact
	if m.OnWalkable {
		in = Contact{Valid: true, Plane: Plane{N: v3(0, 0, 1), D: -begin.Frame.Origin.Z}}
	}
	res, _ := r.Transition(m, begin, end, in)
	return res
}
