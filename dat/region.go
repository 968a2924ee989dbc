package dat

// RegionID is the id of Dereth's Region.
const RegionID = 0x13000000

// LandDefs is the Region's land geometry, including the height table that
// turns a LandBlock's height bytes into Z (dat-format.md §4.7, §6.3).
type LandDefs struct {
	NumBlockLength  int32        `json:"num_block_length"`
	NumBlockWidth   int32        `json:"num_block_width"`
	SquareLength    float32      `json:"square_length"`
	LBlockLength    int32        `json:"lblock_length"`
	VertexPerCell   int32        `json:"vertex_per_cell"`
	MaxObjHeight    float32      `json:"max_obj_height"`
	SkyHeight       float32      `json:"sky_height"`
	RoadWidth       float32      `json:"road_width"`
	LandHeightTable [256]float32 `json:"land_height_table"`
}

// TimeOfDay is one named part of the day.
type TimeOfDay struct {
	Start   float32 `json:"start"`
	IsNight uint32  `json:"is_night"`
	Name    string  `json:"name"`
}

// Season is one season of the year.
type Season struct {
	StartDate uint32 `json:"start_date"`
	Name      string `json:"name"`
}

// GameTime is the Region's calendar.
type GameTime struct {
	ZeroTimeOfYear float64     `json:"zero_time_of_year"`
	ZeroYear       uint32      `json:"zero_year"`
	DayLength      float32     `json:"day_length"`
	DaysPerYear    uint32      `json:"days_per_year"`
	YearSpec       string      `json:"year_spec"`
	TimesOfDay     []TimeOfDay `json:"times_of_day"`
	DaysOfWeek     []string    `json:"days_of_the_week"`
	Seasons        []Season    `json:"seasons"`
}

// SkyObject is one object of a sky day group (ACE SkyObject).
type SkyObject struct {
	BeginTime    float32 `json:"begin_time"`
	EndTime      float32 `json:"end_time"`
	BeginAngle   float32 `json:"begin_angle"`
	EndAngle     float32 `json:"end_angle"`
	TexVelocityX float32 `json:"tex_velocity_x"`
	TexVelocityY float32 `json:"tex_velocity_y"`
	GfxObjID     uint32  `json:"default_gfx_object_id"`
	PESObjectID  uint32  `json:"default_pes_object_id"`
	Properties   uint32  `json:"properties"`
}

// SkyObjectReplace overrides a sky object at a time of day.
type SkyObjectReplace struct {
	ObjectIndex uint32  `json:"object_index"`
	GfxObjID    uint32  `json:"gfx_obj_id"`
	Rotate      float32 `json:"rotate"`
	Transparent float32 `json:"transparent"`
	Luminosity  float32 `json:"luminosity"`
	MaxBright   float32 `json:"max_bright"`
}

// SkyTimeOfDay is the lighting and fog at one time of day.
type SkyTimeOfDay struct {
	Begin         float32            `json:"begin"`
	DirBright     float32            `json:"dir_bright"`
	DirHeading    float32            `json:"dir_heading"`
	DirPitch      float32            `json:"dir_pitch"`
	DirColor      uint32             `json:"dir_color"`
	AmbBright     float32            `json:"amb_bright"`
	AmbColor      uint32             `json:"amb_color"`
	MinWorldFog   float32            `json:"min_world_fog"`
	MaxWorldFog   float32            `json:"max_world_fog"`
	WorldFogColor uint32             `json:"world_fog_color"`
	WorldFog      uint32             `json:"world_fog"`
	Replaces      []SkyObjectReplace `json:"sky_obj_replace"`
}

// DayGroup is one kind of day (ACE DayGroup).
type DayGroup struct {
	ChanceOfOccur float32        `json:"chance_of_occur"`
	DayName       string         `json:"day_name"`
	SkyObjects    []SkyObject    `json:"sky_objects"`
	SkyTimes      []SkyTimeOfDay `json:"sky_time"`
}

// SkyDesc is the Region's sky (parts_mask 0x10).
type SkyDesc struct {
	TickSize      float64    `json:"tick_size"`
	LightTickSize float64    `json:"light_tick_size"`
	DayGroups     []DayGroup `json:"day_groups"`
}

// AmbientSound is one ambient sound of a sound table.
type AmbientSound struct {
	SoundType  uint32  `json:"stype"`
	Volume     float32 `json:"volume"`
	BaseChance float32 `json:"base_chance"`
	MinRate    float32 `json:"min_rate"`
	MaxRate    float32 `json:"max_rate"`
}

// AmbientSoundTable is an ambient sound table and its sounds.
type AmbientSoundTable struct {
	STBID  uint32         `json:"stb_id"`
	Sounds []AmbientSound `json:"ambient_sounds"`
}

// SceneType is a scene-table index and its scenes.
type SceneType struct {
	STBIndex uint32   `json:"stb_index"`
	Scenes   []uint32 `json:"scenes"`
}

// TerrainType names a terrain kind, its map colour and scene types.
type TerrainType struct {
	Name       string   `json:"terrain_name"`
	Color      uint32   `json:"terrain_color"`
	SceneTypes []uint32 `json:"scene_types"`
}

// TexMap maps a terrain or road code to a texture.
type TexMap struct {
	Code  uint32 `json:"code"`
	TexID uint32 `json:"tex_id"`
}

// TerrainTex is the texture set of one terrain type.
type TerrainTex struct {
	TerrainType     uint32 `json:"terrain_type"`
	TexID           uint32 `json:"tex_id"`
	TexTiling       uint32 `json:"tex_tiling"`
	MaxVertBright   uint32 `json:"max_vert_bright"`
	MinVertBright   uint32 `json:"min_vert_bright"`
	MaxVertSaturate uint32 `json:"max_vert_saturate"`
	MinVertSaturate uint32 `json:"min_vert_saturate"`
	MaxVertHue      uint32 `json:"max_vert_hue"`
	MinVertHue      uint32 `json:"min_vert_hue"`
	DetailTexTiling uint32 `json:"detail_tex_tiling"`
	DetailTexID     uint32 `json:"detail_tex_id"`
}

// TerrainDesc is the Region's terrain types and land surface textures.
type TerrainDesc struct {
	TerrainTypes []TerrainType `json:"terrain_types"`
	LandSurfType uint32        `json:"land_surf_type"`
	BaseTexSize  uint32        `json:"base_tex_size"`
	CornerMaps   []TexMap      `json:"corner_terrain_maps"`
	SideMaps     []TexMap      `json:"side_terrain_maps"`
	RoadMaps     []TexMap      `json:"road_maps"`
	TerrainTexs  []TerrainTex  `json:"terrain_desc"`
}

// RegionMisc is the Region's miscellany (parts_mask 0x200).
type RegionMisc struct {
	Version         uint32 `json:"version"`
	GameMapID       uint32 `json:"game_map_id"`
	AutotestMapID   uint32 `json:"autotest_map_id"`
	AutotestMapSize uint32 `json:"autotest_map_size"`
	ClearCellID     uint32 `json:"clear_cell_id"`
	ClearMonsterID  uint32 `json:"clear_monster_id"`
}

// Region parts_mask bits.
const (
	RegionHasSound = 0x01
	RegionHasScene = 0x02
	RegionHasSky   = 0x10
	RegionHasMisc  = 0x200
)

// Region is a 0x13 Region. Sky, Sound, Scene and Misc are present exactly
// when PartsMask says so.
type Region struct {
	ID           uint32              `json:"id"`
	RegionNumber uint32              `json:"region_number"`
	Version      uint32              `json:"version"`
	Name         string              `json:"region_name"`
	LandDefs     LandDefs            `json:"land_defs"`
	GameTime     GameTime            `json:"game_time"`
	PartsMask    uint32              `json:"parts_mask"`
	Sky          *SkyDesc            `json:"sky_info,omitempty"`
	Sound        []AmbientSoundTable `json:"sound_info,omitempty"`
	Scene        []SceneType         `json:"scene_info,omitempty"`
	Terrain      TerrainDesc         `json:"terrain_info"`
	Misc         *RegionMisc         `json:"region_misc,omitempty"`
}

func (d *decoder) u32list(n int) []uint32 {
	if n == 0 {
		return nil
	}
	l := make([]uint32, n)
	for i := range l {
		l[i] = d.u32()
	}
	return l
}

func (e *encoder) u32list(l []uint32) {
	e.count(len(l))
	for _, v := range l {
		e.u32(v)
	}
}

func (d *decoder) texMaps(what string) []TexMap {
	c := d.count(uint64(d.u32()), 8, what)
	if c == 0 {
		return nil
	}
	l := make([]TexMap, c)
	for i := range l {
		l[i] = TexMap{Code: d.u32(), TexID: d.u32()}
	}
	return l
}

func (e *encoder) texMaps(l []TexMap) {
	e.count(len(l))
	for _, m := range l {
		e.u32(m.Code)
		e.u32(m.TexID)
	}
}

// DecodeRegion decodes a Region (dat-format.md §4.7, ACE RegionDesc).
func DecodeRegion(id uint32, data []byte) (*Region, error) {
	d := newDecoder("Region", id, data)
	r := &Region{ID: d.u32(), RegionNumber: d.u32(), Version: d.u32()}
	r.Name = d.pstring()
	l := &r.LandDefs
	l.NumBlockLength, l.NumBlockWidth, l.SquareLength = d.i32(), d.i32(), d.f32()
	l.LBlockLength, l.VertexPerCell = d.i32(), d.i32()
	l.MaxObjHeight, l.SkyHeight, l.RoadWidth = d.f32(), d.f32(), d.f32()
	for i := range l.LandHeightTable {
		l.LandHeightTable[i] = d.f32()
	}
	g := &r.GameTime
	g.ZeroTimeOfYear, g.ZeroYear, g.DayLength, g.DaysPerYear = d.f64(), d.u32(), d.f32(), d.u32()
	g.YearSpec = d.pstring()
	if c := d.count(uint64(d.u32()), 12, "time of day"); c > 0 {
		g.TimesOfDay = make([]TimeOfDay, c)
		for i := range g.TimesOfDay {
			g.TimesOfDay[i] = TimeOfDay{Start: d.f32(), IsNight: d.u32(), Name: d.pstring()}
		}
	}
	if c := d.count(uint64(d.u32()), 4, "day of the week"); c > 0 {
		g.DaysOfWeek = make([]string, c)
		for i := range g.DaysOfWeek {
			g.DaysOfWeek[i] = d.pstring()
		}
	}
	if c := d.count(uint64(d.u32()), 8, "season"); c > 0 {
		g.Seasons = make([]Season, c)
		for i := range g.Seasons {
			g.Seasons[i] = Season{StartDate: d.u32(), Name: d.pstring()}
		}
	}
	r.PartsMask = d.u32()
	if r.PartsMask&RegionHasSky != 0 {
		r.Sky = d.sky()
	}
	if r.PartsMask&RegionHasSound != 0 {
		c := d.count(uint64(d.u32()), 8, "ambient sound table")
		r.Sound = make([]AmbientSoundTable, c)
		for i := range r.Sound {
			t := &r.Sound[i]
			t.STBID = d.u32()
			if n := d.count(uint64(d.u32()), 20, "ambient sound"); n > 0 {
				t.Sounds = make([]AmbientSound, n)
				for j := range t.Sounds {
					t.Sounds[j] = AmbientSound{SoundType: d.u32(), Volume: d.f32(), BaseChance: d.f32(), MinRate: d.f32(), MaxRate: d.f32()}
				}
			}
		}
	}
	if r.PartsMask&RegionHasScene != 0 {
		c := d.count(uint64(d.u32()), 8, "scene type")
		r.Scene = make([]SceneType, c)
		for i := range r.Scene {
			r.Scene[i].STBIndex = d.u32()
			r.Scene[i].Scenes = d.u32list(d.scount(d.i32(), 4, "scene"))
		}
	}
	t := &r.Terrain
	if c := d.count(uint64(d.u32()), 12, "terrain type"); c > 0 {
		t.TerrainTypes = make([]TerrainType, c)
		for i := range t.TerrainTypes {
			tt := &t.TerrainTypes[i]
			tt.Name = d.pstring()
			tt.Color = d.u32()
			tt.SceneTypes = d.u32list(d.scount(d.i32(), 4, "terrain scene type"))
		}
	}
	t.LandSurfType = d.u32()
	if t.LandSurfType != 0 && d.err == nil {
		d.Off -= 4
		d.failf("land surface type %d is not supported (only 0 has a known layout)", t.LandSurfType)
	}
	t.BaseTexSize = d.u32()
	t.CornerMaps = d.texMaps("corner terrain map")
	t.SideMaps = d.texMaps("side terrain map")
	t.RoadMaps = d.texMaps("road map")
	if c := d.count(uint64(d.u32()), 44, "terrain texture"); c > 0 {
		t.TerrainTexs = make([]TerrainTex, c)
		for i := range t.TerrainTexs {
			t.TerrainTexs[i] = TerrainTex{TerrainType: d.u32(), TexID: d.u32(), TexTiling: d.u32(),
				MaxVertBright: d.u32(), MinVertBright: d.u32(), MaxVertSaturate: d.u32(), MinVertSaturate: d.u32(),
				MaxVertHue: d.u32(), MinVertHue: d.u32(), DetailTexTiling: d.u32(), DetailTexID: d.u32()}
		}
	}
	if r.PartsMask&RegionHasMisc != 0 {
		r.Misc = &RegionMisc{Version: d.u32(), GameMapID: d.u32(), AutotestMapID: d.u32(),
			AutotestMapSize: d.u32(), ClearCellID: d.u32(), ClearMonsterID: d.u32()}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return r, nil
}

func (d *decoder) sky() *SkyDesc {
	s := &SkyDesc{TickSize: d.f64(), LightTickSize: d.f64()}
	d.align()
	c := d.count(uint64(d.u32()), 12, "day group")
	if c == 0 {
		return s
	}
	s.DayGroups = make([]DayGroup, c)
	for i := range s.DayGroups {
		g := &s.DayGroups[i]
		g.ChanceOfOccur = d.f32()
		g.DayName = d.pstring()
		if n := d.count(uint64(d.u32()), 36, "sky object"); n > 0 {
			g.SkyObjects = make([]SkyObject, n)
			for j := range g.SkyObjects {
				g.SkyObjects[j] = SkyObject{BeginTime: d.f32(), EndTime: d.f32(), BeginAngle: d.f32(), EndAngle: d.f32(),
					TexVelocityX: d.f32(), TexVelocityY: d.f32(), GfxObjID: d.u32(), PESObjectID: d.u32(), Properties: d.u32()}
				d.align()
			}
		}
		if n := d.count(uint64(d.u32()), 48, "sky time of day"); n > 0 {
			g.SkyTimes = make([]SkyTimeOfDay, n)
			for j := range g.SkyTimes {
				t := &g.SkyTimes[j]
				*t = SkyTimeOfDay{Begin: d.f32(), DirBright: d.f32(), DirHeading: d.f32(), DirPitch: d.f32(),
					DirColor: d.u32(), AmbBright: d.f32(), AmbColor: d.u32(), MinWorldFog: d.f32(),
					MaxWorldFog: d.f32(), WorldFogColor: d.u32(), WorldFog: d.u32()}
				d.align()
				if m := d.count(uint64(d.u32()), 24, "sky object replace"); m > 0 {
					t.Replaces = make([]SkyObjectReplace, m)
					for k := range t.Replaces {
						t.Replaces[k] = SkyObjectReplace{ObjectIndex: d.u32(), GfxObjID: d.u32(), Rotate: d.f32(),
							Transparent: d.f32(), Luminosity: d.f32(), MaxBright: d.f32()}
						d.align()
					}
				}
			}
		}
	}
	return s
}

// EncodeRegion encodes a Region.
func EncodeRegion(r *Region) ([]byte, error) {
	e := newEncoder("Region", r.ID, 2048)
	e.u32(r.ID)
	e.u32(r.RegionNumber)
	e.u32(r.Version)
	e.pstring(r.Name)
	l := &r.LandDefs
	e.i32(l.NumBlockLength)
	e.i32(l.NumBlockWidth)
	e.f32(l.SquareLength)
	e.i32(l.LBlockLength)
	e.i32(l.VertexPerCell)
	e.f32(l.MaxObjHeight)
	e.f32(l.SkyHeight)
	e.f32(l.RoadWidth)
	for _, h := range l.LandHeightTable {
		e.f32(h)
	}
	g := &r.GameTime
	e.f64(g.ZeroTimeOfYear)
	e.u32(g.ZeroYear)
	e.f32(g.DayLength)
	e.u32(g.DaysPerYear)
	e.pstring(g.YearSpec)
	e.count(len(g.TimesOfDay))
	for _, t := range g.TimesOfDay {
		e.f32(t.Start)
		e.u32(t.IsNight)
		e.pstring(t.Name)
	}
	e.count(len(g.DaysOfWeek))
	for _, s := range g.DaysOfWeek {
		e.pstring(s)
	}
	e.count(len(g.Seasons))
	for _, s := range g.Seasons {
		e.u32(s.StartDate)
		e.pstring(s.Name)
	}
	e.u32(r.PartsMask)
	part := func(bit uint32, present bool, what string) bool {
		if (r.PartsMask&bit != 0) != present {
			e.failf("%s present=%v does not match parts_mask 0x%X", what, present, r.PartsMask)
		}
		return r.PartsMask&bit != 0
	}
	if part(RegionHasSky, r.Sky != nil, "sky") {
		e.sky(r.Sky)
	}
	if part(RegionHasSound, r.Sound != nil, "sound") {
		e.count(len(r.Sound))
		for _, t := range r.Sound {
			e.u32(t.STBID)
			e.count(len(t.Sounds))
			for _, s := range t.Sounds {
				e.u32(s.SoundType)
				e.f32(s.Volume)
				e.f32(s.BaseChance)
				e.f32(s.MinRate)
				e.f32(s.MaxRate)
			}
		}
	}
	if part(RegionHasScene, r.Scene != nil, "scene") {
		e.count(len(r.Scene))
		for _, s := range r.Scene {
			e.u32(s.STBIndex)
			e.u32list(s.Scenes)
		}
	}
	t := &r.Terrain
	e.count(len(t.TerrainTypes))
	for _, tt := range t.TerrainTypes {
		e.pstring(tt.Name)
		e.u32(tt.Color)
		e.u32list(tt.SceneTypes)
	}
	if t.LandSurfType != 0 {
		e.failf("land surface type %d is not supported", t.LandSurfType)
	}
	e.u32(t.LandSurfType)
	e.u32(t.BaseTexSize)
	e.texMaps(t.CornerMaps)
	e.texMaps(t.SideMaps)
	e.texMaps(t.RoadMaps)
	e.count(len(t.TerrainTexs))
	for _, x := range t.TerrainTexs {
		for _, v := range []uint32{x.TerrainType, x.TexID, x.TexTiling, x.MaxVertBright, x.MinVertBright,
			x.MaxVertSaturate, x.MinVertSaturate, x.MaxVertHue, x.MinVertHue, x.DetailTexTiling, x.DetailTexID} {
			e.u32(v)
		}
	}
	if part(RegionHasMisc, r.Misc != nil, "misc") {
		m := r.Misc
		for _, v := range []uint32{m.Version, m.GameMapID, m.AutotestMapID, m.AutotestMapSize, m.ClearCellID, m.ClearMonsterID} {
			e.u32(v)
		}
	}
	return e.result()
}

func (e *encoder) sky(s *SkyDesc) {
	e.f64(s.TickSize)
	e.f64(s.LightTickSize)
	e.align()
	e.count(len(s.DayGroups))
	for _, g := range s.DayGroups {
		e.f32(g.ChanceOfOccur)
		e.pstring(g.DayName)
		e.count(len(g.SkyObjects))
		for _, o := range g.SkyObjects {
			for _, f := range []float32{o.BeginTime, o.EndTime, o.BeginAngle, o.EndAngle, o.TexVelocityX, o.TexVelocityY} {
				e.f32(f)
			}
			e.u32(o.GfxObjID)
			e.u32(o.PESObjectID)
			e.u32(o.Properties)
			e.align()
		}
		e.count(len(g.SkyTimes))
		for _, t := range g.SkyTimes {
			e.f32(t.Begin)
			e.f32(t.DirBright)
			e.f32(t.DirHeading)
			e.f32(t.DirPitch)
			e.u32(t.DirColor)
			e.f32(t.AmbBright)
			e.u32(t.AmbColor)
			e.f32(t.MinWorldFog)
			e.f32(t.MaxWorldFog)
			e.u32(t.WorldFogColor)
			e.u32(t.WorldFog)
			e.align()
			e.count(len(t.Replaces))
			for _, x := range t.Replaces {
				e.u32(x.ObjectIndex)
				e.u32(x.GfxObjID)
				e.f32(x.Rotate)
				e.f32(x.Transparent)
				e.f32(x.Luminosity)
				e.f32(x.MaxBright)
				e.align()
			}
		}
	}
}
