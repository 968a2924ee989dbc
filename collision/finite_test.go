package collision

import (
	"math"
	"reflect"
	"testing"

	"github.com/dereth/dereth/physics"
)

// TestBothFiniteIsFiniteOfEach: bothFinite(a, b) is a.Finite() &&
// b.Finite() for every component being finite, ±0, the largest float32,
// ±Inf or NaN, in each of the six places.
func TestBothFiniteIsFiniteOfEach(t *testing.T) {
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	values := []float32{0, float32(math.Copysign(0, -1)), 1.5, -3, math.MaxFloat32, -math.MaxFloat32, inf, -inf, nan}
	for place := range 6 {
		for _, v := range values {
			var ab [6]float32
			for i := range ab {
				ab[i] = 2.25
			}
			ab[place] = v
			a, b := vec{X: ab[0], Y: ab[1], Z: ab[2]}, vec{X: ab[3], Y: ab[4], Z: ab[5]}
			if got, want := bothFinite(a, b), a.Finite() && b.Finite(); got != want {
				t.Fatalf("bothFinite(%v, %v) = %v, want %v", a, b, got, want)
			}
		}
	}
	big := vec{X: math.MaxFloat32, Y: math.MaxFloat32, Z: -math.MaxFloat32}
	if !bothFinite(big, big) {
		t.Fatal("bothFinite of the largest finite components is false")
	}
}

// TestResultFieldsAreReset: TransitionContact sets its Result field by
// field; a resolver whose last Result had every field set (by reflection,
// so a field added to Result is covered) moves a walker exactly as a
// fresh resolver does, hits included.
func TestResultFieldsAreReset(t *testing.T) {
	m := walker()
	begin := at(40, 40, 0)
	end := begin.Frame.Origin.Add(physics.Vec3{X: 0.3, Y: 0.1})
	fresh, used := NewResolver(&flatEnv{}), NewResolver(&flatEnv{})
	rv := reflect.ValueOf(&used.res).Elem()
	for i := range rv.NumField() {
		f := rv.Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Uint8, reflect.Uint32:
			f.SetUint(7)
		case reflect.Struct: // the origin
			f.Set(reflect.ValueOf(physics.Vec3{X: 1, Y: 2, Z: 3}))
		case reflect.Slice:
			f.Set(reflect.ValueOf([]Hit{{}}))
		default:
			t.Fatalf("Result field %s of kind %s: set it here and in TransitionContact", rv.Type().Field(i).Name, f.Kind())
		}
	}
	var ca, cb Contact
	a, b := *fresh.transitionAt(m, begin, end, &ca), *used.transitionAt(m, begin, end, &cb)
	if !reflect.DeepEqual(a, b) && !(len(a.Hits) == 0 && len(b.Hits) == 0 && reflect.DeepEqual(withoutHits(a), withoutHits(b))) {
		t.Fatalf("a used resolver's result %+v, a fresh one's %+v", b, a)
	}
}

func withoutHits(r Result) Result { r.Hits = nil; return r }
