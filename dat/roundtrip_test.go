package dat

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
)

func objectType(v any) Type {
	switch v.(type) {
	case *GfxObj:
		return TypeGfxObj
	case *Setup:
		return TypeSetup
	case *Animation:
		return TypeAnimation
	case *Surface:
		return TypeSurface
	case *MotionTable:
		return TypeMotionTable
	case *ParticleEmitterInfo:
		return TypeParticleEmitterInfo
	case *GfxObjDegradeInfo:
		return TypeGfxObjDegradeInfo
	case *PhysicsScript:
		return TypePhysicsScript
	case *PhysicsScriptTable:
		return TypePhysicsScriptTable
	case *Region:
		return TypeRegion
	case *Iteration:
		return TypeIteration
	case *LandBlock:
		return TypeLandBlock
	case *LandBlockInfo:
		return TypeLandBlockInfo
	case *EnvCell:
		return TypeEnvCell
	case *Palette:
		return TypePalette
	case *SurfaceTexture:
		return TypeSurfaceTexture
	case *RenderSurface:
		return TypeRenderSurface
	case *Environment:
		return TypeEnvironment
	case *Scene:
		return TypeScene
	}
	return TypeUnknown
}

// TestRoundTripObjects encodes every fixture, decodes it and compares; the
// second encoding must be byte-identical.
func TestRoundTripObjects(t *testing.T) {
	seen := map[Type]bool{}
	for _, obj := range fixtures() {
		typ := objectType(obj)
		t.Run(fmt.Sprintf("%s", typ), func(t *testing.T) {
			id, data, err := Encode(obj)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Decode(typ, id, data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, obj) {
				t.Fatalf("decoded value differs:\n got %+v\nwant %+v", got, obj)
			}
			_, again, err := Encode(got)
			if err != nil || !bytes.Equal(again, data) {
				t.Fatalf("re-encoding differs (err %v)", err)
			}
		})
		seen[typ] = true
	}
	for _, typ := range Types() {
		if !seen[typ] {
			t.Errorf("no round-trip fixture for %s", typ)
		}
	}
}

// TestRoundTripContainer writes every fixture into portal and cell
// containers and reads them back through the container API.
func TestRoundTripContainer(t *testing.T) {
	portal, cell := NewBuilder(DatasetPortal), NewBuilder(DatasetCell)
	for _, obj := range fixtures() {
		b := portal
		switch obj.(type) {
		case *LandBlock, *LandBlockInfo, *EnvCell:
			b = cell
		}
		if err := b.AddObject(obj); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		b    *Builder
		ds   Dataset
	}{{"portal.dat", portal, DatasetPortal}, {"cell.dat", cell, DatasetCell}} {
		data, err := tc.b.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		c, err := Open(bytes.NewReader(data), int64(len(data)), tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if c.Dataset() != tc.ds {
			t.Errorf("%s: dataset %v, want %v", tc.name, c.Dataset(), tc.ds)
		}
		if c.Len() != tc.b.Len() {
			t.Errorf("%s: %d entries, want %d", tc.name, c.Len(), tc.b.Len())
		}
		compared := 0
		for _, obj := range fixtures() {
			id, _, _ := Encode(obj)
			if _, ok := c.Lookup(id); !ok || TypeOf(id, tc.ds) != objectType(obj) {
				continue
			}
			got, err := c.Object(id)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !reflect.DeepEqual(got, obj) {
				t.Errorf("%s: object 0x%08X differs after the container round trip", tc.name, id)
			}
			compared++
		}
		if compared != tc.b.Len() {
			t.Errorf("%s: compared %d objects, want %d", tc.name, compared, tc.b.Len())
		}
	}
}

func TestEncodeRejectsInconsistent(t *testing.T) {
	tests := []struct {
		name string
		obj  any
	}{
		{"setup parent without flag", &Setup{ID: 0x02000001, Parts: []uint32{1}, ParentIndex: []uint32{0}}},
		{"setup placement frame count", &Setup{ID: 0x02000001, Parts: []uint32{1}, PlacementFrames: map[int32]AnimFrame{0: {}}}},
		{"animation pos frames without flag", &Animation{ID: 0x03000001, PosFrames: make([]physicsFrame, 1)}},
		{"motion velocity without flag", &MotionTable{ID: 0x09000001, Cycles: map[uint32]*MotionData{1: {Velocity: vec(0, 1, 0)}}}},
		{"unknown hook", &PhysicsScript{ID: 0x33000001, Entries: []ScriptEntry{{Hook: AnimHook{Type: 27}}}}},
		{"replace object below base", &PhysicsScript{ID: 0x33000001, Entries: []ScriptEntry{{Hook: AnimHook{Type: HookReplaceObject, ID: 5}}}}},
		{"gfxobj drawing flag without tree", &GfxObj{ID: 0x01000001, Flags: GfxObjHasDrawing}},
		{"bsp children mismatch", &GfxObj{ID: 0x01000001, Flags: GfxObjHasDrawing, DrawingBSP: &BSPNode{Tag: "BPIN"}}},
		{"envcell surface prefix", &EnvCell{ID: 0xA9B40100, Surfaces: []uint32{0x01000001}, EnvironmentID: 0x0D000001}},
		{"iteration not counting down", &Iteration{ID: IterationID, Total: 5, Ranges: []IterationRange{{Consecutive: -3, Start: 1}}}},
		{"region string outside cp1252", &Region{ID: RegionID, Name: "日本"}},
		{"surface colour and texture", &Surface{ID: 0x08000001, Type: SurfaceBase1Image, Color: 1}},
		{"render surface palette on DXT1", &RenderSurface{ID: 0x06000001, Format: PixelDXT1, DefaultPaletteID: 0x04000001}},
		{"render surface negative width", &RenderSurface{ID: 0x06000001, Width: -1, Format: PixelA8}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := Encode(tc.obj); err == nil {
				t.Fatal("Encode accepted an inconsistent object")
			}
		})
	}
}
