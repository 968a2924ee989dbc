package dat

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/dereth/dereth/physics"
)

// MarshalJSON renders a decoded object as JSON the way `dereth dat show
// --json` prints it: field names snake_case (the json tags), ids as unsigned
// integers, vectors as [x,y,z], quaternions as [w,x,y,z], frames as
// {"origin","orientation"}, byte lists as number arrays, map keys in
// ascending order and non-finite floats as null. indent "" gives one line.
func MarshalJSON(v any, indent string) []byte {
	w := &jsonWriter{indent: indent}
	w.value(reflect.ValueOf(v), 0)
	return w.b
}

// Format renders a decoded object for people: MarshalJSON's indented
// layout, but every u32 of 0x10000 or more (ids, commands, keys) in hex.
// The result is not JSON.
func Format(v any) []byte {
	w := &jsonWriter{indent: "  ", hex: true}
	w.value(reflect.ValueOf(v), 0)
	return w.b
}

type jsonWriter struct {
	b      []byte
	indent string
	hex    bool
}

func (w *jsonWriter) uint(u uint64, kind reflect.Kind) {
	if w.hex && kind == reflect.Uint32 && u >= 0x10000 {
		w.b = fmt.Appendf(w.b, "0x%08X", u)
		return
	}
	w.b = strconv.AppendUint(w.b, u, 10)
}

var (
	vec3Type  = reflect.TypeFor[physics.Vec3]()
	quatType  = reflect.TypeFor[physics.Quat]()
	frameType = reflect.TypeFor[physics.Frame]()
)

func (w *jsonWriter) newline(depth int) {
	if w.indent == "" {
		return
	}
	w.b = append(w.b, '\n')
	for range depth {
		w.b = append(w.b, w.indent...)
	}
}

func (w *jsonWriter) float(f float64, bits int) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.b = append(w.b, "null"...)
		return
	}
	w.b = strconv.AppendFloat(w.b, f, 'g', -1, bits)
}

func (w *jsonWriter) floats(fs ...float32) {
	w.b = append(w.b, '[')
	for i, f := range fs {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.float(float64(f), 32)
	}
	w.b = append(w.b, ']')
}

func (w *jsonWriter) str(s string) {
	q, _ := json.Marshal(s)
	w.b = append(w.b, q...)
}

func (w *jsonWriter) key(k string, depth int, first bool) {
	if !first {
		w.b = append(w.b, ',')
	}
	w.newline(depth)
	w.str(k)
	w.b = append(w.b, ':')
	if w.indent != "" {
		w.b = append(w.b, ' ')
	}
}

func (w *jsonWriter) value(v reflect.Value, depth int) {
	if !v.IsValid() {
		w.b = append(w.b, "null"...)
		return
	}
	switch v.Type() {
	case vec3Type:
		p := v.Interface().(physics.Vec3)
		w.floats(p.X, p.Y, p.Z)
		return
	case quatType:
		q := v.Interface().(physics.Quat)
		w.floats(q.W, q.X, q.Y, q.Z)
		return
	case frameType:
		f := v.Interface().(physics.Frame)
		w.b = append(w.b, `{"origin":`...)
		w.floats(f.Origin.X, f.Origin.Y, f.Origin.Z)
		w.b = append(w.b, `,"orientation":`...)
		w.floats(f.Orientation.W, f.Orientation.X, f.Orientation.Y, f.Orientation.Z)
		w.b = append(w.b, '}')
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			w.b = append(w.b, "null"...)
			return
		}
		w.value(v.Elem(), depth)
	case reflect.Bool:
		w.b = strconv.AppendBool(w.b, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.b = strconv.AppendInt(w.b, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.uint(v.Uint(), v.Kind())
	case reflect.Float32:
		w.float(v.Float(), 32)
	case reflect.Float64:
		w.float(v.Float(), 64)
	case reflect.String:
		w.str(v.String())
	case reflect.Slice, reflect.Array:
		n := v.Len()
		w.b = append(w.b, '[')
		// Short lists of numbers stay on one line.
		flat := v.Type().Elem().Kind() <= reflect.Float64
		for i := 0; i < n; i++ {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if !flat {
				w.newline(depth + 1)
			}
			w.value(v.Index(i), depth+1)
		}
		if n > 0 && !flat {
			w.newline(depth)
		}
		w.b = append(w.b, ']')
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			switch a.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				return cmpOrdered(a.Int(), b.Int())
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				return cmpOrdered(a.Uint(), b.Uint())
			}
			return strings.Compare(a.String(), b.String())
		})
		w.b = append(w.b, '{')
		for i, k := range keys {
			var ks string
			switch k.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				ks = strconv.FormatInt(k.Int(), 10)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				if w.hex && k.Kind() == reflect.Uint32 && k.Uint() >= 0x10000 {
					ks = fmt.Sprintf("0x%08X", k.Uint())
				} else {
					ks = strconv.FormatUint(k.Uint(), 10)
				}
			default:
				ks = k.String()
			}
			w.key(ks, depth+1, i == 0)
			w.value(v.MapIndex(k), depth+1)
		}
		if len(keys) > 0 {
			w.newline(depth)
		}
		w.b = append(w.b, '}')
	case reflect.Struct:
		t := v.Type()
		w.b = append(w.b, '{')
		first := true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = snake(f.Name)
			}
			fv := v.Field(i)
			if strings.Contains(opts, "omitempty") && fv.IsZero() {
				continue
			}
			w.key(name, depth+1, first)
			first = false
			w.value(fv, depth+1)
		}
		if !first {
			w.newline(depth)
		}
		w.b = append(w.b, '}')
	default:
		w.b = append(w.b, "null"...)
	}
}

func cmpOrdered[T int64 | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// snake converts a Go field name to snake_case ("BlockSize" → "block_size").
func snake(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
