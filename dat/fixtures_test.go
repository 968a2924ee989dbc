package dat

import "github.com/dereth/dereth/physics"

// Test fixtures: one fully populated value of every object type, used by
// the round-trip tests and as fuzz seeds.

func fr(x, y, z float32) physics.Frame {
	return physics.Frame{Origin: physics.Vec3{X: x, Y: y, Z: z}, Orientation: physics.Quat{W: 0.5, X: 0.5, Y: -0.5, Z: 0.5}}
}

func allHooks() []AnimHook {
	return []AnimHook{
		{Type: HookSound, Direction: HookForward, ID: 0x0A000001},
		{Type: HookSoundTable, Direction: HookBoth, ID: 7},
		{Type: HookAttack, Direction: HookForward, Part: 3, Attack: &AttackCone{LeftX: -1, LeftY: 1, RightX: 1, RightY: 1, Radius: 2, Height: 1.5}},
		{Type: HookAnimationDone, Direction: HookBoth},
		{Type: HookReplaceObject, Direction: HookBackward, Part: 2, ID: 0x01001234},
		{Type: HookReplaceObject, Direction: HookBoth, Part: 1, ID: 0x01123456},
		{Type: HookEthereal, Direction: HookBoth, On: true},
		{Type: HookTransparentPart, Direction: HookBoth, Part: 4, Start: 0, End: 1, Time: 0.5},
		{Type: HookLuminous, Direction: HookBoth, Start: 1, End: 0, Time: 2},
		{Type: HookLuminousPart, Direction: HookBoth, Part: 5, Start: 0.1, End: 0.2, Time: 0.3},
		{Type: HookDiffuse, Direction: HookBoth, Start: 0.4, End: 0.5, Time: 0.6},
		{Type: HookDiffusePart, Direction: HookBoth, Part: 6, Start: 0.7, End: 0.8, Time: 0.9},
		{Type: HookScale, Direction: HookBoth, End: 2, Time: 1},
		{Type: HookCreateParticle, Direction: HookForward, ID: 0x32000010, Part: 1, Offset: fr(0, 0, 1), EmitterID: 9},
		{Type: HookDestroyParticle, Direction: HookBoth, EmitterID: 9},
		{Type: HookStopParticle, Direction: HookBoth, EmitterID: 9},
		{Type: HookNoDraw, Direction: HookBoth, On: true},
		{Type: HookDefaultScript, Direction: HookBoth},
		{Type: HookDefaultScriptPart, Direction: HookBoth, Part: 2},
		{Type: HookCallPES, Direction: HookBoth, ID: 0x33000005, Time: 0.25},
		{Type: HookTransparent, Direction: HookBoth, Start: 0, End: 1, Time: 3},
		{Type: HookSoundTweaked, Direction: HookBoth, ID: 0x0A000002, Priority: 1, Probability: 0.5, Volume: 0.8},
		{Type: HookSetOmega, Direction: HookBoth, Vector: physics.Vec3{Z: 1.5}},
		{Type: HookTextureVelocity, Direction: HookBoth, Vector: physics.Vec3{X: 0.1, Y: 0.2}},
		{Type: HookTextureVelocityPart, Direction: HookBoth, Part: 3, Vector: physics.Vec3{X: 0.3, Y: 0.4}},
		{Type: HookSetLight, Direction: HookBoth, On: true},
		{Type: HookCreateBlockingParticle, Direction: HookBoth, ID: 0x32000011, Part: 0, Offset: fr(1, 2, 3), EmitterID: 2},
	}
}

func fixtureAnimation() *Animation {
	return &Animation{ID: 0x03000001, Flags: AnimationPosFrames, NumParts: 2,
		PosFrames: []physics.Frame{fr(0, 0, 0), fr(0, 1, 0)},
		PartFrames: []AnimFrame{
			{Frames: []physics.Frame{fr(1, 0, 0), fr(0, 1, 0)}, Hooks: allHooks()},
			{Frames: []physics.Frame{fr(2, 0, 0), fr(0, 2, 0)}},
		}}
}

func fixtureSetup() *Setup {
	return &Setup{ID: 0x02000001, Flags: SetupHasParent | SetupHasDefaultScale | SetupAllowFreeHeading,
		Parts:            []uint32{0x01000001, 0x01000002, 0x01000001},
		ParentIndex:      []uint32{0xFFFFFFFF, 0, 1},
		DefaultScale:     []physics.Vec3{{X: 1, Y: 1, Z: 1}, {X: 2, Y: 2, Z: 2}, {X: 1, Y: 0.5, Z: 1}},
		HoldingLocations: map[int32]LocationType{1: {PartID: 2, Frame: fr(0, 0.1, 0)}, 2: {PartID: 1, Frame: fr(0, -0.1, 0)}},
		ConnectionPoints: map[int32]LocationType{5: {PartID: 0, Frame: fr(1, 1, 1)}},
		PlacementFrames: map[int32]AnimFrame{
			0:   {Frames: []physics.Frame{fr(0, 0, 0), fr(0, 0, 1), fr(0, 0, 2)}},
			101: {Frames: []physics.Frame{fr(0, 0, 0), fr(0, 0, -1), fr(0, 0, -2)}, Hooks: []AnimHook{{Type: HookSound, ID: 0x0A000003}}},
		},
		CylSpheres: []CylSphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.4, Height: 1.8}},
		Spheres:    []Sphere{{Origin: physics.Vec3{Z: 0.5}, Radius: 0.5}, {Origin: physics.Vec3{Z: 1.3}, Radius: 0.4}},
		Height:     1.8, Radius: 0.5, StepUpHeight: 0.6, StepDownHeight: 0.6,
		SortingSphere:    Sphere{Origin: physics.Vec3{Z: 0.9}, Radius: 1},
		SelectionSphere:  Sphere{Origin: physics.Vec3{Z: 0.9}, Radius: 1.1},
		Lights:           map[int32]LightInfo{0: {Frame: fr(0, 0, 2), Color: 0xFFFFCC88, Intensity: 1, Falloff: 5, ConeAngle: 0.7}},
		DefaultAnimation: 0x03000001, DefaultScript: 0x33000001, DefaultMotionTable: 0x09000001,
		DefaultSoundTable: 0x20000001, DefaultScriptTable: 0x34000001,
	}
}

func fixtureMotionTable() *MotionTable {
	md := func(id uint32, v float32) *MotionData {
		return &MotionData{Bitfield: 1, Flags: MotionHasVelocity | MotionHasOmega,
			Anims:    []AnimData{{AnimID: id, LowFrame: 0, HighFrame: -1, Framerate: 30}, {AnimID: id + 1, LowFrame: 2, HighFrame: 5, Framerate: -15}},
			Velocity: physics.Vec3{Y: v}, Omega: physics.Vec3{Z: v / 2}}
	}
	return &MotionTable{ID: 0x09000001, DefaultStyle: 0x8000003D,
		StyleDefaults: map[uint32]uint32{0x8000003D: 0x41000003, 0x8000003C: 0x41000003},
		Cycles:        map[uint32]*MotionData{MotionKey(0x8000003D, 0x41000003): {Anims: []AnimData{{AnimID: 0x03000001, HighFrame: -1, Framerate: 30}}}, MotionKey(0x8000003D, 0x45000005): md(0x03000002, 3.12)},
		Modifiers:     map[uint32]*MotionData{MotionKey(0x8000003D, 0x6500000D): {Flags: MotionHasOmega, Omega: physics.Vec3{Z: 1.5}}},
		Links: map[uint32]map[uint32]*MotionData{
			MotionKey(0x8000003D, 0x41000003): {0x45000005: md(0x03000004, 0), 0x40000011: {Anims: []AnimData{{AnimID: 0x03000006, HighFrame: -1, Framerate: 30}}}},
			MotionKey(0x8000003D, 0x45000005): {0x41000003: md(0x03000005, 1)},
		}}
}

func fixtureGfxObj() *GfxObj {
	poly := func(key uint16, stip uint8, sides int32) Polygon {
		p := Polygon{Key: key, Stippling: stip, SidesType: sides, PosSurface: 0, NegSurface: 1, VertexIDs: []int16{0, 1, 2}}
		if p.hasPosUV() {
			p.PosUVIndices = []uint8{0, 0, 1}
		}
		if p.hasNegUV() {
			p.NegUVIndices = []uint8{1, 0, 0}
		}
		return p
	}
	leaf := func(i int32) *BSPNode { return &BSPNode{Tag: "LEAF", LeafIndex: i} }
	pleaf := func(i int32) *BSPNode {
		return &BSPNode{Tag: "LEAF", LeafIndex: i, Solid: 1, Sphere: Sphere{Radius: 1}, Polys: []uint16{0}}
	}
	pl := Plane{Normal: physics.Vec3{Z: 1}, D: -0.5}
	return &GfxObj{ID: 0x01000001, Flags: GfxObjHasPhysics | GfxObjHasDrawing | GfxObjHasDIDDegrade,
		Surfaces: []uint32{0x08000001, 0x08000002},
		Vertices: []Vertex{
			{Key: 0, Origin: physics.Vec3{}, Normal: physics.Vec3{Z: 1}, UVs: []UV{{0, 0}, {1, 1}}},
			{Key: 1, Origin: physics.Vec3{X: 1}, Normal: physics.Vec3{Z: 1}, UVs: []UV{{1, 0}}},
			{Key: 2, Origin: physics.Vec3{Y: 1}, Normal: physics.Vec3{Z: 1}},
		},
		PhysicsPolygons: []Polygon{poly(0, StipplingNoPos|StipplingNoNeg, SidesNone)},
		PhysicsBSP:      &BSPNode{Tag: "BPIN", Plane: pl, Pos: pleaf(0), Neg: &BSPNode{Tag: "PORT", Plane: pl, Pos: pleaf(1), Neg: pleaf(2)}, Sphere: Sphere{Radius: 2}},
		SortCenter:      physics.Vec3{X: 0.3, Y: 0.3},
		Polygons:        []Polygon{poly(0, 0, SidesClockwise), poly(1, StipplingNoNeg, SidesClockwise), poly(2, 0, SidesNone)},
		DrawingBSP: &BSPNode{Tag: "BPnN", Plane: pl,
			Pos:    &BSPNode{Tag: "PORT", Plane: pl, Pos: leaf(0), Neg: &BSPNode{Tag: "BpnN", Plane: pl, Neg: leaf(1), Sphere: Sphere{Radius: 1}, Polys: []uint16{1}}, Sphere: Sphere{Radius: 3}, Polys: []uint16{0, 2}, Portals: []PortalRef{{PortalIndex: 0, PolygonID: 2}}},
			Neg:    &BSPNode{Tag: "BPnn", Plane: pl, Pos: leaf(2), Sphere: Sphere{Radius: 1}},
			Sphere: Sphere{Radius: 4}, Polys: []uint16{0, 1, 2}},
		DIDDegrade: 0x11000001,
	}
}

func fixturePhysicsScript() *PhysicsScript {
	s := &PhysicsScript{ID: 0x33000001}
	for i, h := range allHooks() {
		s.Entries = append(s.Entries, ScriptEntry{StartTime: float64(i) * 0.1, Hook: h})
	}
	return s
}

func fixtureParticleEmitterInfo() *ParticleEmitterInfo {
	return &ParticleEmitterInfo{ID: 0x32000001, Unknown: 7, EmitterType: EmitterBirthratePerSec, ParticleType: ParticleParabolicLVGA,
		GfxObjID: 0x01000005, HWGfxObjID: 0x01000006, Birthrate: 0.05, MaxParticles: 40, InitialParticles: 2, TotalParticles: 100,
		TotalSeconds: 3.5, Lifespan: 1.25, LifespanRand: 0.25, OffsetDir: vec(0, 0, 1), MinOffset: 0.1, MaxOffset: 0.4,
		A: vec(0, 0, 1), MinA: 0.5, MaxA: 1.5, B: vec(0, 0, -9.8), MinB: 1, MaxB: 1, C: vec(1, 2, 3), MinC: 0, MaxC: 2,
		StartScale: 0.2, FinalScale: 1.5, ScaleRand: 0.1, StartTrans: 0, FinalTrans: 1, TransRand: 0.05, IsParentLocal: 1}
}

func fixturePhysicsScriptTable() *PhysicsScriptTable {
	return &PhysicsScriptTable{ID: 0x34000001, Scripts: map[uint32][]ScriptAndMod{
		1: {{Mod: 0, ScriptID: 0x33000001}, {Mod: 0.5, ScriptID: 0x33000002}},
		7: {{Mod: 1, ScriptID: 0x33000003}},
	}}
}

func fixtureSurfaces() []*Surface {
	return []*Surface{
		{ID: 0x08000001, Type: SurfaceBase1Solid | SurfaceGouraud, Color: 0xFF808040, Translucency: 0, Luminosity: 0, Diffuse: 1},
		{ID: 0x08000002, Type: SurfaceBase1Image, OrigTextureID: 0x05000001, OrigPaletteID: 0x04000001, Translucency: 0.5, Luminosity: 0.1, Diffuse: 0.9},
	}
}

func fixtureRegion() *Region {
	r := &Region{ID: RegionID, RegionNumber: 1, Version: 3, Name: "Dereth",
		LandDefs: LandDefs{NumBlockLength: 255, NumBlockWidth: 255, SquareLength: 24, LBlockLength: 8,
			VertexPerCell: 1, MaxObjHeight: 200, SkyHeight: 1000, RoadWidth: 5},
		GameTime: GameTime{ZeroTimeOfYear: 3600, ZeroYear: 10, DayLength: 7620, DaysPerYear: 360, YearSpec: "P.Y.",
			TimesOfDay: []TimeOfDay{{Start: 0, IsNight: 1, Name: "Darktide"}, {Start: 0.5, IsNight: 0, Name: "Gloaming"}},
			DaysOfWeek: []string{"Snowreap", "Coldeve"},
			Seasons:    []Season{{StartDate: 0, Name: "Spring"}, {StartDate: 90, Name: "Summer é"}}},
		PartsMask: RegionHasSky | RegionHasSound | RegionHasScene | RegionHasMisc,
		Sky: &SkyDesc{TickSize: 1, LightTickSize: 2, DayGroups: []DayGroup{{ChanceOfOccur: 1, DayName: "Sunny",
			SkyObjects: []SkyObject{{BeginTime: 0, EndTime: 1, GfxObjID: 0x01000001, Properties: 1},
				{BeginTime: 0.2, EndTime: 0.8, BeginAngle: -10, EndAngle: 190, TexVelocityX: 0.01, TexVelocityY: -0.002,
					GfxObjID: 0x01000003, PESObjectID: 0x33000001, Properties: 6}},
			SkyTimes: []SkyTimeOfDay{{Begin: 0, DirBright: 1, DirColor: 0xFFFFFFFF, WorldFog: 1,
				Replaces: []SkyObjectReplace{{ObjectIndex: 0, GfxObjID: 0x01000002, Rotate: 1}}},
				{Begin: 0.5, DirBright: 0.7, DirHeading: 180, DirPitch: 60, DirColor: 0xFFFFF0E0, AmbBright: 0.5, AmbColor: 0xFF8090A0,
					MinWorldFog: 100, MaxWorldFog: 800, WorldFogColor: 0xFFB0C0D0, WorldFog: 1,
					Replaces: []SkyObjectReplace{{ObjectIndex: 1, Rotate: 45, Transparent: 0.25, Luminosity: 0.75, MaxBright: 0.9},
						{ObjectIndex: 0, GfxObjID: 0x01000004}}}}},
			{ChanceOfOccur: 0.5, DayName: "Cloudy é", SkyObjects: []SkyObject{{GfxObjID: 0x01000005}}}}},
		Sound: []AmbientSoundTable{{STBID: 0x20000001, Sounds: []AmbientSound{{SoundType: 1, Volume: 0.5, BaseChance: 0.1, MinRate: 1, MaxRate: 2}}}},
		Scene: []SceneType{{STBIndex: 2, Scenes: []uint32{0x12000001, 0x12000002}}},
		Terrain: TerrainDesc{
			TerrainTypes: []TerrainType{{Name: "BarrenRock", Color: 0xFF808080, SceneTypes: []uint32{1}}, {Name: "Grassland", Color: 0xFF40A040}},
			BaseTexSize:  512, CornerMaps: []TexMap{{Code: 1, TexID: 0x05000010}}, SideMaps: []TexMap{{Code: 2, TexID: 0x05000011}},
			RoadMaps: []TexMap{{Code: 3, TexID: 0x05000012}}, TerrainTexs: []TerrainTex{{TerrainType: 1, TexID: 0x05000020, TexTiling: 4}}},
		Misc: &RegionMisc{Version: 1, GameMapID: 0x06000001, ClearCellID: 0x7D640013},
	}
	for i := range r.LandDefs.LandHeightTable {
		r.LandDefs.LandHeightTable[i] = float32(i) * 2
	}
	return r
}

func fixtureIteration() *Iteration {
	return &Iteration{ID: IterationID, Total: 982, Ranges: []IterationRange{{Consecutive: -982, Start: 1}}}
}

func fixtureLandBlock() *LandBlock {
	lb := &LandBlock{ID: 0xA9B4FFFF, HasObjects: true}
	for i := range lb.Terrain {
		lb.Terrain[i] = TerrainWord(uint16(i%4), uint16(i%32), uint16(i%31))
		lb.Heights[i] = uint8(i * 3)
	}
	return lb
}

func fixtureLandBlockInfo() *LandBlockInfo {
	return &LandBlockInfo{ID: 0xA9B4FFFE, NumCells: 2,
		Objects:  []Stab{{ID: 0x01000001, Frame: fr(10, 20, 0)}, {ID: 0x02000001, Frame: fr(30, 40, 5)}},
		PackMask: 1,
		Buildings: []BuildInfo{{ModelID: 0x01000003, Frame: fr(96, 96, 10), NumLeaves: 3,
			Portals: []BuildingPortal{{Flags: 1, OtherCellID: 0x0100, OtherPortalID: 0, Stabs: []uint16{0x0100}},
				{Flags: 2, OtherCellID: 0x0101, OtherPortalID: 1, Stabs: []uint16{0x0100, 0x0101}}}}},
		BucketSize:   8,
		Restrictions: []Restriction{{CellID: 0xA9B40100, GUID: 0x70000001}},
	}
}

func fixtureEnvCell() *EnvCell {
	return &EnvCell{ID: 0xA9B40100, Flags: EnvCellSeenOutside | EnvCellHasStaticObjs | EnvCellHasRestrictionObj,
		Surfaces: []uint32{0x08000001, 0x08000002}, EnvironmentID: 0x0D000123, CellStructure: 2,
		Position:      fr(96, 96, 10),
		Portals:       []CellPortal{{Flags: 2, PolygonID: 1, OtherCellID: 0xFFFF, OtherPortalID: 0}},
		VisibleCells:  []uint16{0x0101},
		StaticObjects: []Stab{{ID: 0x01000004, Frame: fr(1, 1, 0)}},
		RestrictionID: 0x70000001,
	}
}

func fixtureEnvironment() *Environment {
	g := fixtureGfxObj()
	room := CellStruct{Vertices: g.Vertices, Polygons: g.Polygons, Portals: []uint16{2},
		CellBSP: &BSPNode{Tag: "BPIN", Plane: Plane{Normal: vec(1, 0, 0), D: -1},
			Pos: &BSPNode{Tag: "LEAF", LeafIndex: 0},
			Neg: &BSPNode{Tag: "BpIN", Plane: Plane{Normal: vec(0, 1, 0)}, Neg: &BSPNode{Tag: "LEAF", LeafIndex: 1}}},
		PhysicsPolygons: g.PhysicsPolygons, PhysicsBSP: g.PhysicsBSP, DrawingBSP: g.DrawingBSP}
	bare := CellStruct{CellBSP: &BSPNode{Tag: "LEAF"}, PhysicsBSP: &BSPNode{Tag: "LEAF", Solid: 0}}
	return &Environment{ID: 0x0D000123, Cells: map[uint32]CellStruct{0: room, 7: bare}}
}

func fixtureScene() *Scene {
	return &Scene{ID: 0x120000A1, Objects: []ObjectDesc{
		{ObjID: 0x02000010, BaseLoc: fr(1, 2, 0), Freq: 0.25, DisplaceX: 12, DisplaceY: 6, MinScale: 0.8, MaxScale: 1.4,
			MaxRotation: 360, MinSlope: 0.9, MaxSlope: 1, Align: 1, Orient: 0, WeenieObj: 0},
		{ObjID: 0x01000011, BaseLoc: fr(0, 0, 0), Freq: 1, MinScale: 1, MaxScale: 1, WeenieObj: 0x7000},
	}}
}

func fixturePalette() *Palette {
	return &Palette{ID: 0x04000001, Colors: []uint32{0xFF000000, 0xFFFF0000, 0x8000FF00, 0x000000FF}}
}

func fixtureSurfaceTexture() *SurfaceTexture {
	return &SurfaceTexture{ID: 0x05000001, Unknown: 2, UnknownByte: 1, Textures: []uint32{0x06000001, 0x06000002}}
}

func fixtureRenderSurfaces() []*RenderSurface {
	return []*RenderSurface{
		{ID: 0x06000001, Unknown: 6, Width: 2, Height: 2, Format: PixelP8, SourceData: []byte{0, 1, 2, 3}, DefaultPaletteID: 0x04000001},
		{ID: 0x06000002, Width: 4, Height: 4, Format: PixelDXT1, SourceData: []byte{0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4}},
		{ID: 0x06000003, Width: 0, Height: 0, Format: PixelA8},
	}
}

// fixtures returns every fixture object.
func fixtures() []any {
	out := []any{fixtureAnimation(), fixtureSetup(), fixtureMotionTable(), fixtureGfxObj(),
		fixturePhysicsScript(), fixturePhysicsScriptTable(), fixtureRegion(), fixtureIteration(),
		fixtureLandBlock(), fixtureLandBlockInfo(), fixtureEnvCell(), fixturePalette(), fixtureSurfaceTexture(),
		fixtureEnvironment(), fixtureScene(), fixtureParticleEmitterInfo(),
		&GfxObjDegradeInfo{ID: 0x11000001, Degrades: []GfxObjInfo{{ID: 0x01000001, DegradeMode: 1, MinDist: 0, IdealDist: 5, MaxDist: 10},
			{ID: 0x01000002, DegradeMode: 2, MinDist: 5, IdealDist: 84, MaxDist: 120}, {ID: 0, DegradeMode: 1, MinDist: 84, IdealDist: 1000, MaxDist: 2000}}}}
	for _, s := range fixtureRenderSurfaces() {
		out = append(out, s)
	}
	for _, s := range fixtureSurfaces() {
		out = append(out, s)
	}
	return out
}

type physicsFrame = physics.Frame

func vec(x, y, z float32) physics.Vec3 { return physics.Vec3{X: x, Y: y, Z: z} }
