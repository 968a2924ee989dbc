package luahost

import (
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

type vec struct{ X, Y float64 }

func TestToLuaFromLua(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	type named int
	ptr := 7
	tests := []struct {
		name string
		in   any
		lua  string // display() of the Lua value
		back any    // FromLua of it
	}{
		{"nil", nil, "nil", nil},
		{"bool", true, "true", true},
		{"int", 42, "42", 42.0},
		{"int8", int8(-3), "-3", -3.0},
		{"uint64", uint64(1 << 40), "1099511627776", float64(1 << 40)},
		{"uint32 guid", uint32(0x7FFA91A3), "2147127715", float64(0x7FFA91A3)},
		{"float32", float32(0.5), "0.5", 0.5},
		{"float64", 2.25, "2.25", 2.25},
		{"named int", named(5), "5", 5.0},
		{"string", "drudge", `"drudge"`, "drudge"},
		{"bytes", []byte("ab"), `"ab"`, "ab"},
		{"pointer", &ptr, "7", 7.0},
		{"nil pointer", (*int)(nil), "nil", nil},
		{"[]any", []any{1, "a", false}, `{1, "a", false}`, []any{1.0, "a", false}},
		{"[]string", []string{"x", "y"}, `{"x", "y"}`, []any{"x", "y"}},
		{"array", [2]int{3, 4}, "{3, 4}", []any{3.0, 4.0}},
		{"map", map[string]any{"b": 2, "a": []any{1}}, "{a={1}, b=2}", map[string]any{"a": []any{1.0}, "b": 2.0}},
		{"int-keyed map", map[int]string{2: "two", 5: "five"}, `{[2]="two", [5]="five"}`, map[string]any{"2": "two", "5": "five"}},
		{"slice of maps", []map[string]any{{"stage": "Frame::combine", "frame": 3}},
			`{{frame=3, stage="Frame::combine"}}`, []any{map[string]any{"frame": 3.0, "stage": "Frame::combine"}}},
		{"empty map", map[string]any{}, "{}", map[string]any{}},
		{"empty slice", []any{}, "{}", map[string]any{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lv := ToLua(L, tc.in)
			if got := display(lv); got != tc.lua {
				t.Errorf("ToLua(%#v) = %s, want %s", tc.in, got, tc.lua)
			}
			if got := FromLua(lv); !reflect.DeepEqual(got, tc.back) {
				t.Errorf("FromLua(ToLua(%#v)) = %#v, want %#v", tc.in, got, tc.back)
			}
		})
	}
}

func TestToLuaOpaqueAndFunctions(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	v := vec{1, 2}
	ud, ok := ToLua(L, v).(*lua.LUserData)
	if !ok {
		t.Fatalf("struct did not become userdata")
	}
	if got := FromLua(ud); got != v {
		t.Errorf("FromLua(userdata) = %#v, want %#v", got, v)
	}
	fn, ok := ToLua(L, func(L *lua.LState) int { L.Push(lua.LNumber(9)); return 1 }).(*lua.LFunction)
	if !ok || !fn.IsG {
		t.Fatalf("func(*LState) int did not become a Go function")
	}
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}); err != nil {
		t.Fatal(err)
	}
	if got := L.Get(-1); got != lua.LNumber(9) {
		t.Errorf("calling converted function = %v, want 9", got)
	}
	if FromLua(fn) != lua.LValue(fn) {
		t.Errorf("FromLua(function) is not the function value")
	}
}

func TestFromLuaTables(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	if err := L.DoString(`
		holes = {1, nil, 3}
		mixed = {10, 20, x = "y"}
		cyc = {name = "c"}; cyc.self = cyc
	`); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		global string
		want   any
	}{
		{"holes", map[string]any{"1": 1.0, "3": 3.0}},
		{"mixed", map[string]any{"1": 10.0, "2": 20.0, "x": "y"}},
		{"cyc", map[string]any{"name": "c", "self": nil}},
	}
	for _, tc := range tests {
		if got := FromLua(L.GetGlobal(tc.global)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("FromLua(%s) = %#v, want %#v", tc.global, got, tc.want)
		}
	}
}

func TestDisplay(t *testing.T) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	if err := L.DoString(`
		nested = {a = {b = {c = {d = {e = 1}}}}}
		keys = {[true] = 1, ["two words"] = 2, z = 3, [1.5] = 4}
		cyc = {}; cyc[1] = cyc
	`); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ global, want string }{
		{"nested", "{a={b={c={d={...}}}}}"},
		{"keys", `{[1.5]=4, ["two words"]=2, z=3, [true]=1}`},
		{"cyc", "{<cycle>}"},
	}
	for _, tc := range tests {
		if got := display(L.GetGlobal(tc.global)); got != tc.want {
			t.Errorf("display(%s) = %s, want %s", tc.global, got, tc.want)
		}
	}
}
