package view

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/bits"
	"slices"

	"github.com/yohamta/donburi"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/managers"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/systems"
)

// Vertex is one output vertex: the same fields, in the same order, as
// ebiten.Vertex, so package scenes converts a []Vertex without copying
// (and checks at compile time that the layouts still agree).
type Vertex struct {
	DstX, DstY                     float32
	SrcX, SrcY                     float32
	ColorR, ColorG, ColorB, ColorA float32
	Custom0, Custom1, Custom2      float32
	Custom3                        float32
}

// Rect is a screen rectangle in pixels; it is empty while Min > Max.
type Rect struct{ MinX, MinY, MaxX, MaxY float32 }

// emptyRect is the identity for Rect.Add.
var emptyRect = Rect{MinX: math.MaxFloat32, MinY: math.MaxFloat32, MaxX: -math.MaxFloat32, MaxY: -math.MaxFloat32}

// Empty reports whether r holds no point.
func (r Rect) Empty() bool { return r.MinX > r.MaxX || r.MinY > r.MaxY }

// add is Add by comparisons: the same bounds for points that are not
// NaN, in fewer instructions.
func (r *Rect) add(x, y float32) {
	if x < r.MinX {
		r.MinX = x
	}
	if x > r.MaxX {
		r.MaxX = x
	}
	if y < r.MinY {
		r.MinY = y
	}
	if y > r.MaxY {
		r.MaxY = y
	}
}

// Add grows r to hold (x, y).
func (r *Rect) Add(x, y float32) {
	r.MinX, r.MinY = min(r.MinX, x), min(r.MinY, y)
	r.MaxX, r.MaxY = max(r.MaxX, x), max(r.MaxY, y)
}

// Clip returns r intersected with [0,w)×[0,h).
func (r Rect) Clip(w, h int) Rect {
	return Rect{max(r.MinX, 0), max(r.MinY, 0), min(r.MaxX, float32(w)), min(r.MaxY, float32(h))}
}

// Drawn is one world object the last Build drew: its screen bounds and
// triangle count.
type Drawn struct {
	GUID   uint32
	Name   string
	Bounds Rect
	Tris   int
}

// Batch is a run of a Build's Indices drawn with one blend: from the
// previous batch's End (0 for the first) to End. Additive batches add to
// what lies under them (retail's Additive surfaces); the others blend by
// alpha.
type Batch struct {
	End      int
	Additive bool
	// Depth: the batch is drawn with the depth test against the frame's
	// depth buffer (Renderer.Depth): a pixel is drawn only where the
	// triangle is the nearest opaque surface there (within DepthSlack).
	Depth bool
}

// AlphaTestFog is added to a vertex's fog amount (Custom3, 0…1) when its
// triangle's surface is alpha-tested (Base1ClipMap): the world shader
// discards texels whose alpha is below AlphaTestRef there and draws the
// rest opaque. All three vertices carry it, so it survives interpolation.
const AlphaTestFog = 2

// AlphaTestRef is the alpha test's threshold: a texel with alpha below it
// is discarded (0x80 of 0xFF passes, 0x7F does not; the seeds do not pin
// retail's reference value: RN-06).
const AlphaTestRef = 0.5

// DetailFog is added to a vertex's fog amount (Custom3) when its
// triangle is terrain with a detail texture (Renderer.Detail): the world
// shader then reads the cell's atlas origin from the vertex's source
// position (SrcX = origin x + DetailSlotStride·slot, SrcY = origin y) and
// lays the slot's detail texture (DetailRects) over the merged cell
// texture.
const DetailFog = 4

// DetailSlotStride separates the detail slots packed into SrcX: more than
// the atlas is wide.
const DetailSlotStride = 4096

// MaxDetail is how many detail textures a frame can use (the shader's
// uniform array); more fall back to none.
const MaxDetail = 8

// DetailNear and DetailFar are the camera depths (units) over which the
// detail texture fades: full strength nearer than DetailNear, none beyond
// DetailFar (RN-01: the seeds do not give retail's distances).
const (
	DetailNear = 24
	DetailFar  = 72
)

// detailKey is the atlas key of detail slot 0 (slots count up; above
// every Surface id, palette code and variant key, below sparkKey).
const detailKey = 0xFFFFFE00

// triRec is a triangle of a Build: its three vertices in Verts, the
// Drawn it belongs to (−1: none), whether it is drawn additively (Blend)
// and whether it is opaque, written into the depth buffer (Solid).
type triRec struct {
	V            [3]uint32
	Owner        int32
	Blend, Solid bool
	_            [14]byte // 32 bytes (cornerTri)
}

// triList is a depth-sorted layer: a sort key and a triangle number each.
type triList struct {
	keys, vals []uint32
}

func (l *triList) reset() { l.keys, l.vals = l.keys[:0], l.vals[:0] }

// Renderer is the CPU side of the world scene: it projects terrain,
// statics, objects and particles through a Camera into one vertex buffer
// (a mesh's lit front faces share one vertex per corner; every other
// triangle has three of its own) and an index list ordered back to front —
// terrain first as the ground layer, then everything standing on it. It
// reads only published state: Presentation.Root and Visual for objects,
// emitter frames for particles. Build allocates nothing once its buffers
// have grown.
type Renderer struct {
	Assets Assets
	// The optional interfaces Assets implements, asserted once in
	// NewRenderer: a type assertion on every frame may allocate when the
	// runtime refreshes its assertion cache.
	resid     Residency
	interiors Interiorer
	changer   MaterialChanger
	Palette   [32]color.RGBA
	// HideObjects leaves out world objects and particles (terrain and
	// statics only).
	HideObjects bool
	// BlockRadius is how many landblocks around the target are drawn in
	// full; FarRadius how many are drawn at all, those beyond BlockRadius
	// cheaply (FarTerrain).
	BlockRadius, FarRadius int
	// PlainLooks draws every object with its Setup's own parts and
	// surfaces, leaving out the ObjDesc's part, texture and palette
	// changes: a server's world over the embedded sample DATs, whose ids
	// hold other models than retail's (VW-01).
	PlainLooks bool
	// Highlight is the guid whose map marker is drawn gold (the player).
	Highlight uint32

	// Verts and Indices are the last Build's output, for DrawTriangles32
	// (a vertex may serve several triangles: read a triangle's through
	// Indices); Batches split Indices into runs of one blend, a draw call
	// each.
	Verts   []Vertex
	Indices []uint32
	Batches []Batch
	// Drawn are the objects drawn, in world order; TerrainBounds covers
	// the terrain on screen.
	Drawn         []Drawn
	TerrainBounds Rect
	// Errors are asset failures met so far (each once); Missing the
	// assets among them by type and id (MissingText).
	Errors  []string
	Missing []MissingAsset
	// Placeholders are the placeholder boxes the last Build drew for
	// objects without a model, with their labels.
	Placeholders []Placeholder

	// Unlit draws every surface at full bright without fog: each pixel of
	// a textured triangle is then exactly a texel (with nearest
	// sampling) — texture debugging and the window test's check.
	Unlit bool
	// ViewerCell is the cell the eye is in (the followed entity's, set by
	// the window): from an EnvCell the interiors are drawn through their
	// portals, and the outdoors only when a portal to it shows.
	ViewerCell uint32
	// DayFraction is the time of day the world is lit at (0 midnight,
	// 0.5 noon; SkyLighting): DefaultDayFraction unless the window sets
	// another.
	DayFraction float32
	// SkySeconds is the time the sky's textures have scrolled for
	// (SkyObject TexVelocity, repeats a second): the window adds each
	// frame's world step.
	SkySeconds float64
	// Detail lays the Region's detail textures over the terrain near the
	// camera (the window sets it when its shader compiled; Unlit turns it
	// off). DetailRects are the detail slots for the shader: atlas origin
	// x, y, side in texels and repeats per cell.
	Detail      bool
	DetailRects [MaxDetail][4]float32
	// Depth draws the world layers with a per-pixel depth test (the
	// window sets it when its shader compiled; the map's parallel view
	// never uses it): Indices[DepthStart:DepthEnd] are the opaque
	// triangles, written into the depth buffer before any batch is
	// drawn; the sky is drawn first, then the opaque
	// triangles and then every blended one (translucent, additive,
	// particles) back to front, all tested. The depth buffer's two
	// passes are draw calls besides DrawCalls. Without Depth the layers
	// are drawn back to front in order (RN-02).
	Depth                bool
	DepthStart, DepthEnd int
	// Light is the last Build's lighting (SkyLighting of DayFraction);
	// the window fogs with its Fog colour.
	Light Lighting

	// SrcX, SrcY address an opaque white source pixel.
	SrcX, SrcY float32
	// Atlas holds the textures of textured surfaces (nil when the assets
	// offer no Materials: everything is drawn flat). Its white block is at
	// SrcX, SrcY = 1.5, 1.5, so the window draws every triangle of a frame
	// with the atlas as the one source image.
	Atlas *Atlas

	cam    *Camera
	noCull bool // tests: transform every object
	// tris are the Build's triangles (a triangle's number is its place
	// here).
	tris     []triRec
	view     components.View // the object being built, resolved per object
	drawCols components.DrawColumns
	partM    physics.Mat4 // the part being built's matrix (buildObject)
	// hypX, hypY are inView's hypotenuses of the focal length and the
	// half width and height, for hypCam at hypFocal, hypW and hypH.
	hypX, hypY float32
	hypCam     *Camera
	hypFocal   float32
	hypW, hypH int
	skyList    triList
	terrain    triList
	interior   triList
	scene      triList
	// blended collects the triangles that are not Solid for the
	// back-to-front pass (Depth).
	blended  triList
	particle bool // the triangles being appended are particles (blended)
	// points are the point lights (camera space) lighting the meshes
	// being built on top of Light: an EnvCell's lights.
	points []PointLight
	// alphaTest and additive flag the triangles being appended (the
	// surface's Base1ClipMap and Additive).
	alphaTest, additive bool
	anyAdditive         bool // a triangle of this Build is additive
	// detail is 1 + the detail slot of the terrain triangles being
	// appended (0: none) and detailOrg their cell texture's atlas origin.
	detail      int
	detailOrg   [2]float32
	detailSlots map[uint32]int // detail SurfaceTexture id → slot (−1: cannot be drawn)
	tmpK        []uint32
	tmpV        []uint32
	// sortCounts are sort's digit counts (a pass's digit at most 14 bits).
	sortCounts [3][1<<14 + 1]int32
	pairs      [][2]uint32 // sort's scratch
	// bufs are buildMeshInto's per-vertex and per-corner scratch;
	// scratch, proj, zo, vstamp and cslot are slices of all of them.
	bufs    *partBufs
	scratch []physics.Vec3
	proj    []projVert // scratch's vertices lit and projected (buildMeshInto)
	zo      []zOut     // their depths and outcodes
	// mp, mpFog and camLight are buildMeshInto's constants for the
	// frame's camera and light (setMeshPass) when mpOK.
	mp       meshPass
	mpFog    bool
	mpOK     bool
	camLight Lighting
	// setups are the part meshes and radii of each Setup parts list
	// drawn (setupOf); setupKey, setupLast the last one.
	setups    map[*uint32]*setupParts
	setupKey  *uint32
	setupLast *setupParts
	emitters  []donburi.Entity   // the objects drawn this Build that have a ParticleManager
	sprites   map[uint32]*sprite // particle sprites by GfxObj id (0: the spark)
	meshes    map[uint32]*Mesh
	blocks    map[uint32]*Landblock
	errSeen   map[string]bool
	// missingSeen dedups Missing.
	missingSeen map[MissingAsset]bool
	lightCam    physics.Vec3

	sky *dat.SkyDesc
	// skyMeshes are the sky objects' models by GfxObj id (skyMeshOf);
	// skyPlaced the objects showing this Build; skyClip the
	// texture-repeat clipper's scratch.
	skyMeshes map[uint32]*skyMesh
	skyPlaced []SkyPlacement
	skyClip   [4][]uvPoint
	envCells  map[uint32]*envCell
	// variants are part meshes drawn with an ObjDesc (partMesh);
	// variantTex gives each swapped texture its atlas key, counting up
	// from nextKey (keys above every Surface id and palette code).
	variants   map[variantKey]*Mesh
	variantTex map[variantKey]uint32
	// degrader reads GfxObjDegradeInfos (nil: no levels of detail).
	degrader Degrader
	nextKey  uint32
	seen     map[uint32]bool // the cells the last Build drew
	outdoors bool            // a portal to the outdoors showed
	// drawOutdoors: the last Build drew the terrain and outdoor objects
	// (false inside a dungeon whose portals never reach outside).
	drawOutdoors bool
	vstamp       []uint32 // proj[i] is this mesh's when vstamp[i] == stamp
	stamp        uint32
	// cslot[k] is the mesh's corner k's output vertex when its stamp is
	// the part's (buildMeshInto).
	cslot []cornerSlot
	// ncnew is how many corners a part reserved output vertices for so
	// far (bufs.cnew, in order; meshTris).
	ncnew int
	// vis is buildMeshInto's scratch: the mesh's triangles drawn (^i for
	// a back side).
	vis       []int32
	merge     *TexMerge // the land surface; nil draws terrain in palette colours
	landSrc   map[uint32]*image.NRGBA
	landRects map[uint32]landRect
	normals   map[uint32]*[81]physics.Vec3
}

// NewRenderer returns a renderer over the assets.
func NewRenderer(a Assets) *Renderer {
	r := &Renderer{Assets: a, Palette: DefaultTerrainPalette, BlockRadius: 2, FarRadius: 5, DayFraction: DefaultDayFraction,
		meshes: map[uint32]*Mesh{}, blocks: map[uint32]*Landblock{}, errSeen: map[string]bool{}, setups: map[*uint32]*setupParts{}}
	if p, ok := a.(TerrainPaletter); ok {
		r.Palette = p.TerrainPalette()
	}
	if _, ok := a.(Materialer); ok {
		r.Atlas = NewAtlas()
	}
	r.landSrc, r.landRects, r.normals = map[uint32]*image.NRGBA{}, map[uint32]landRect{}, map[uint32]*[81]physics.Vec3{}
	r.envCells, r.seen = map[uint32]*envCell{}, map[uint32]bool{}
	r.variants, r.variantTex, r.nextKey = map[variantKey]*Mesh{}, map[variantKey]uint32{}, 0xE0000000
	if l, ok := a.(LandSurfacer); ok && r.Atlas != nil {
		r.merge = l.TexMerge()
	}
	if s, ok := a.(Skyer); ok {
		r.sky = s.Sky()
	}
	r.resid, _ = a.(Residency)
	r.interiors, _ = a.(Interiorer)
	r.changer, _ = a.(MaterialChanger)
	r.degrader, _ = a.(Degrader)
	r.Light = SkyLighting(r.sky, r.DayFraction)
	return r
}

// DrawCalls is the number of DrawTriangles calls the last Build needs:
// one per Batch. Every triangle, flat or textured, samples the one source
// image (the atlas, or the white image without textures), so a frame is one
// call unless Additive surfaces show: each run of them in the back-to-front
// order is a call of its own, and so is what follows it. None for an empty
// frame.
func (r *Renderer) DrawCalls() int { return len(r.Batches) }

// texture returns a surface's atlas rectangle, resolving and packing its
// texture the first time (failures are recorded once and drawn flat).
func (r *Renderer) texture(surfaceID uint32) (image.Rectangle, bool) {
	if rect, ok := r.Atlas.Rect(surfaceID); ok {
		return rect, true
	}
	m, err := r.Assets.(Materialer).Material(surfaceID)
	if err != nil {
		r.failAsset("Surface", surfaceID, err)
		return image.Rectangle{}, false
	}
	if m.Image == nil {
		return image.Rectangle{}, false
	}
	return r.Atlas.Add(surfaceID, m.Image)
}

func (r *Renderer) fail(err error) {
	s := err.Error()
	if !r.errSeen[s] {
		r.errSeen[s] = true
		r.Errors = append(r.Errors, s)
	}
}

// Mesh returns the prepared mesh of a GfxObj (cached; nil when it cannot
// be read, the error recorded once).
func (r *Renderer) Mesh(id uint32) *Mesh {
	if m, ok := r.meshes[id]; ok {
		return m
	}
	var m *Mesh
	g, err := r.Assets.GfxObj(id)
	if err == nil {
		var tex func(uint32) (image.Rectangle, bool)
		if r.Atlas != nil {
			tex = r.texture
		}
		m, err = BuildTexturedMesh(g, r.Assets.Surface, tex)
	}
	if err != nil {
		r.failAsset("GfxObj", id, err)
	}
	r.attachDegrade(m, g)
	r.meshes[id] = m
	return m
}

// attachDegrade gives mesh m of g its levels of detail when g names a
// GfxObjDegradeInfo the assets hold (an unreadable one is reported once
// and the part stays at full detail).
func (r *Renderer) attachDegrade(m *Mesh, g *dat.GfxObj) {
	if m == nil || g == nil || r.degrader == nil || g.Flags&dat.GfxObjHasDIDDegrade == 0 || g.DIDDegrade == 0 {
		return
	}
	d, err := r.degrader.GfxObjDegradeInfo(g.DIDDegrade)
	if err != nil {
		r.failAsset("GfxObjDegradeInfo", g.DIDDegrade, err)
		return
	}
	if len(d.Degrades) > 0 {
		m.Degrade = d
	}
}

// degradeLevel returns the level of detail a part drawn with mesh m
// shows at viewer distance dist (the object's distance over its scale):
// the index into m.Degrade.Degrades that GfxObjDegradeInfo.Level picks
// (its GfxObj 0: draw nothing), or −1 when m has no levels or the object
// is the player, which retail never degrades
// (CPhysicsPart::UpdateViewerDistance). The distance is the object's
// origin's, not each part's sort centre's (docs/divergences.md RN-07).
func degradeLevel(m *Mesh, dist float32, player bool) int {
	if m.Degrade == nil || player {
		return -1
	}
	return m.Degrade.Level(dist)
}

// levelMesh returns the mesh of level k of m's degrades for part i of an
// object with appearance l (partMesh of the level's GfxObj), looked up
// once per mesh and level: a mesh is its GfxObj's under one appearance
// hash, and so is each of its levels.
func (r *Renderer) levelMesh(m *Mesh, l *components.AppearanceData, i, k int) *Mesh {
	if len(m.levels) != len(m.Degrade.Degrades) {
		m.levels = make([]*Mesh, len(m.Degrade.Degrades))
	}
	lm := m.levels[k]
	if lm == nil {
		if lm = r.partMesh(l, i, m.Degrade.Degrades[k].ID); lm == nil {
			lm = noMesh
		}
		m.levels[k] = lm
	}
	if lm == noMesh {
		return nil
	}
	return lm
}

// noMesh marks a level whose mesh cannot be built (levelMesh).
var noMesh = &Mesh{}

// block returns a landblock (cached; nil when absent); with Residency
// assets, the resident one now.
func (r *Renderer) block(id uint32) *Landblock {
	if r.resid != nil {
		return r.resid.ResidentLandblock(id)
	}
	if b, ok := r.blocks[id]; ok {
		return b
	}
	b, err := r.Assets.Landblock(id)
	if err != nil {
		b = nil
		if !errors.Is(err, dat.ErrNotFound) {
			r.fail(err)
		}
	}
	r.blocks[id] = b
	return b
}

// Build projects the world through cam into Verts and Indices.
func (r *Renderer) Build(w *systems.World, cam *Camera) {
	r.cam, r.mpOK = cam, false
	r.Verts, r.Indices, r.tris = r.Verts[:0], r.Indices[:0], r.tris[:0]
	r.Batches, r.anyAdditive = r.Batches[:0], false
	r.Drawn, r.Placeholders = r.Drawn[:0], r.Placeholders[:0]
	r.skyList.reset()
	r.terrain.reset()
	r.interior.reset()
	r.scene.reset()
	r.TerrainBounds = emptyRect
	l := SkyLighting(r.sky, r.DayFraction)
	if r.Unlit {
		l = unlit(l)
	}
	r.setLight(l)
	x0, y0, x1, y1 := r.blockRange()
	r.drawOutdoors = r.buildInteriors(x0, y0, x1, y1)
	if r.drawOutdoors {
		r.buildSky()
		r.buildTerrain(x0, y0, x1, y1)
		r.buildFarTerrain(x0, y0, x1, y1)
	}
	if w != nil && !r.HideObjects {
		r.emitters = r.emitters[:0]
		for _, list := range [2][]donburi.Entity{w.Objects, w.Static} {
			for _, e := range list {
				if r.drawCols.Resolve(w.ECS, e, &r.view) && r.cellVisible(objectCell(&r.view)) {
					r.buildObject(&r.view)
					if r.view.Particle != nil {
						r.emitters = append(r.emitters, e)
					}
				}
			}
		}
		// Particles after every object, in the same order, resolving
		// again only the objects that have emitters.
		for _, e := range r.emitters {
			if r.drawCols.Resolve(w.ECS, e, &r.view) {
				r.buildParticles(&r.view)
			}
		}
	}
	r.order()
}

// order sorts the layers and writes Indices and the Batches they split
// into: without Depth back to front in layer order; with it the sky,
// then the opaque triangles of the other layers (each back to front, so
// equal depths keep the layer order), then the blended triangles of
// every layer merged back to front.
func (r *Renderer) order() {
	r.sort(&r.terrain)
	r.sort(&r.interior)
	r.sort(&r.scene)
	r.DepthStart, r.DepthEnd = 0, 0
	lists := [4]*triList{&r.skyList, &r.terrain, &r.interior, &r.scene}
	if !r.Depth || r.cam.Map {
		if !r.anyAdditive { // the usual frame: one batch
			for _, l := range lists {
				for _, t := range l.vals {
					v := &r.tris[t].V
					r.Indices = append(r.Indices, v[0], v[1], v[2])
				}
			}
			if len(r.Indices) > 0 {
				r.Batches = append(r.Batches, Batch{End: len(r.Indices)})
			}
			return
		}
		for _, l := range lists {
			for _, t := range l.vals {
				r.batch(t, false)
			}
		}
		return
	}
	// The sky is drawn first, at depth 1 (flatW): where the depth test
	// passes it, as good as everywhere, the opaque triangles drawn after
	// it cover it; where it fails, one of them is nearer than 1 unit and
	// covers the pixel anyway. So it shares their batch.
	if !r.anyAdditive { // the usual frame: one batch, every triangle depth-tested
		r.orderDepthOneBatch(lists)
		return
	}
	for _, t := range r.skyList.vals {
		r.batch(t, true)
	}
	r.DepthStart = len(r.Indices)
	r.blended.reset()
	for _, l := range lists[1:] {
		for i, t := range l.vals {
			if r.tris[t].Solid {
				r.batch(t, true)
				continue
			}
			r.blended.keys = append(r.blended.keys, l.keys[i])
			r.blended.vals = append(r.blended.vals, t)
		}
	}
	r.DepthEnd = len(r.Indices)
	r.sort(&r.blended)
	for _, t := range r.blended.vals {
		r.batch(t, true)
	}
}

// orderDepthOneBatch is order's depth-tested path for a frame without
// additive triangles, whose triangles all fall in one batch: the sky,
// the opaque triangles of the other layers and then the blended ones
// sorted back to front, as batch would write them.
func (r *Renderer) orderDepthOneBatch(lists [4]*triList) {
	idx := r.Indices
	for _, t := range r.skyList.vals {
		v := &r.tris[t].V
		idx = append(idx, v[0], v[1], v[2])
	}
	r.DepthStart = len(idx)
	r.blended.reset()
	for _, l := range lists[1:] {
		idx = slices.Grow(idx, 3*len(l.vals))
		var n int
		idx, n = solidIndices(idx, l.vals, r.tris)
		if n == len(l.vals) {
			continue
		}
		for i, t := range l.vals {
			if !r.tris[t].Solid {
				r.blended.keys = append(r.blended.keys, l.keys[i])
				r.blended.vals = append(r.blended.vals, t)
			}
		}
	}
	r.DepthEnd = len(idx)
	r.sort(&r.blended)
	for _, t := range r.blended.vals {
		v := &r.tris[t].V
		idx = append(idx, v[0], v[1], v[2])
	}
	r.Indices = idx
	if len(idx) > 0 {
		r.Batches = append(r.Batches, Batch{End: len(idx), Depth: true})
	}
}

// solidIndices appends to idx (grown for every triangle of vals) the
// vertices of vals' Solid triangles, in order, and returns it and how
// many there were.
//
//go:noinline
func solidIndices(idx []uint32, vals []uint32, tris []triRec) ([]uint32, int) {
	n := len(idx)
	out := idx[n : n+3*len(vals)]
	if useAsm && len(vals) > 0 {
		k := solidIndicesAsm(&out[0], &vals[0], len(vals), &tris[0])
		return idx[:n+k], k / 3
	}
	k := 0
	for _, t := range vals {
		v := &tris[t]
		if v.Solid {
			out[k], out[k+1], out[k+2] = v.V[0], v.V[1], v.V[2]
			k += 3
		}
	}
	return idx[:n+k], k / 3
}

// batch appends triangle t to Indices, in the last batch when it has t's
// blend and depth test, else in a new one.
func (r *Renderer) batch(t uint32, depth bool) {
	if add := r.tris[t].Blend; len(r.Batches) == 0 || r.Batches[len(r.Batches)-1].Additive != add || r.Batches[len(r.Batches)-1].Depth != depth {
		r.Batches = append(r.Batches, Batch{End: len(r.Indices), Additive: add, Depth: depth})
	}
	v := &r.tris[t].V
	r.Indices = append(r.Indices, v[0], v[1], v[2])
	r.Batches[len(r.Batches)-1].End = len(r.Indices)
}

// unlit is l at full bright with no fog (Renderer.Unlit).
func unlit(l Lighting) Lighting {
	l.Ambient, l.Sun, l.FogMax = rgb{1, 1, 1}, rgb{}, 0
	return l
}

// setLight makes l the frame's lighting, with the sun's direction turned
// into camera space for the meshes.
func (r *Renderer) setLight(l Lighting) {
	r.Light, r.mpOK = l, false
	v := r.cam.View()
	ld := l.SunDir
	r.lightCam = physics.Vec3{
		X: float32(ld.X*v[0][0]) + float32(ld.Y*v[1][0]) + float32(ld.Z*v[2][0]),
		Y: float32(ld.X*v[0][1]) + float32(ld.Y*v[1][1]) + float32(ld.Z*v[2][1]),
		Z: float32(ld.X*v[0][2]) + float32(ld.Y*v[1][2]) + float32(ld.Z*v[2][2]),
	}
}

// objectCell is the cell an object is drawn in: its published root's,
// else its physics position's.
func objectCell(o *components.View) uint32 {
	if o.Pres != nil && o.Pres.Root.Cell != 0 {
		return o.Pres.Root.Cell
	}
	return o.Phys.Position.Cell
}

// blockRange returns the landblocks to draw around the target.
func (r *Renderer) blockRange() (x0, y0, x1, y1 int) {
	c := r.cam
	cx := c.BaseX + int(math.Floor(float64(c.Target.X/dat.BlockLength)))
	cy := c.BaseY + int(math.Floor(float64(c.Target.Y/dat.BlockLength)))
	rad := max(r.BlockRadius, 0)
	if r.resid != nil {
		rad = max(r.resid.DrawRadius(), 0)
	}
	if c.Map {
		half := float32(max(c.W, c.H)) / 2 / c.MapScale
		rad = min(int(half/dat.BlockLength)+1, 8)
	}
	return max(cx-rad, 0), max(cy-rad, 0), min(cx+rad, 0xFE), min(cy+rad, 0xFE)
}

// The light without sky data (DefaultLighting): ambient plus a diffuse
// sun; flat-coloured terrain adds a height tint.
const (
	ambient = 0.42
	diffuse = 0.62
)

func heightTint(z float32) float32 { return 0.85 + float32(min(max(z, 0), 400)/400*0.3) }

// buildTerrain draws landblocks x0..x1 × y0..y1 (blockRange) at full
// detail, with their statics.
func (r *Renderer) buildTerrain(x0, y0, x1, y1 int) {
	var cam [81]physics.Vec3
	var col, lit [81]rgb
	var world [81]physics.Vec3
	road := rgb{0.55, 0.45, 0.32}
	for bx := x0; bx <= x1; bx++ {
		for by := y0; by <= y1; by++ {
			id := blockID(bx, by)
			b := r.block(id)
			if b == nil {
				continue
			}
			off := r.cam.BlockOffset(bx, by)
			nrm := r.vertexNormals(bx, by, b)
			for i := 0; i < 9; i++ {
				for j := 0; j < 9; j++ {
					k := i*9 + j
					world[k] = physics.Vec3{X: off.X + float32(float32(i)*dat.CellLength), Y: off.Y + float32(float32(j)*dat.CellLength), Z: b.Z[k]}
					cam[k] = r.cam.ToCamera(world[k])
					p := r.Palette[dat.TerrainWordType(b.Terrain[k])]
					c := rgb{float32(p.R) / 255, float32(p.G) / 255, float32(p.B) / 255}
					if dat.TerrainWordRoad(b.Terrain[k]) != 0 {
						c = rgb{(c.R + road.R) / 2, (c.G + road.G) / 2, (c.B + road.B) / 2}
					}
					lit[k] = r.Light.light(nrm[k], 0)
					t := heightTint(b.Z[k])
					col[k] = rgb{c.R * t * lit[k].R, c.G * t * lit[k].G, c.B * t * lit[k].B}
				}
			}
			for cx := 0; cx < 8; cx++ {
				for cy := 0; cy < 8; cy++ {
					lr := r.landRectOf(CellPalCode(&b.Terrain, cx, cy))
					rect, textured := lr.rect, lr.ok
					if textured && r.Detail && !r.Unlit && lr.detail >= 0 {
						r.detail, r.detailOrg = lr.detail+1, [2]float32{float32(rect.Min.X), float32(rect.Min.Y)}
					}
					for _, tri := range dat.CellTriangles(id, cx, cy) {
						a, bb, c := tri[0], tri[1], tri[2]
						if !r.facing(cam[a], cam[bb], cam[c]) {
							continue // the ground seen from below
						}
						if !textured {
							r.emit(&r.terrain, -1, cam[a], cam[bb], cam[c], col[a], col[bb], col[c], 1, nil)
							continue
						}
						uv := [3][2]float32{landUV(rect, a, cx, cy), landUV(rect, bb, cx, cy), landUV(rect, c, cx, cy)}
						r.emit(&r.terrain, -1, cam[a], cam[bb], cam[c], lit[a], lit[bb], lit[c], 1, &uv)
					}
					r.detail = 0
				}
			}
			for _, st := range b.Statics {
				m := r.Mesh(st.GfxObj)
				if m == nil {
					continue
				}
				if !r.noCull && !r.inView(r.cam.ToCamera(st.Frame.Origin.Add(off)), m.Radius*max(st.Scale, 1)) {
					continue // a static whose bounding sphere misses the view
				}
				root := staticMatrix(&st, off)
				v := r.cam.View()
				r.buildMesh(m, affineMul(&root, &v), -1, 1)
			}
		}
	}
}

// staticMatrix places a static mesh: its scale, its frame's rotation,
// then its origin in render space (off is its landblock's offset).
func staticMatrix(st *Static, off physics.Vec3) physics.Mat4 {
	m := physics.RotateMat4(st.Frame.Orientation).Mul(physics.TranslateMat4(st.Frame.Origin.Add(off)))
	if st.Scale != 0 && st.Scale != 1 {
		m = physics.ScaleMat4(physics.Vec3{X: st.Scale, Y: st.Scale, Z: st.Scale}).Mul(m)
	}
	return m
}

// farStride is the far ring's vertex spacing in cells: each far landblock
// is 2×2 quads over its vertices 0, 4 and 8 each way.
const farStride = 4

// buildFarTerrain draws the landblocks between BlockRadius and FarRadius
// around the target cheaply (the far ring): 8 triangles a landblock over
// every fourth vertex, in the Region's terrain colours lit by the smooth
// normals, no textures and no statics; fog hides where it ends. Where a
// far block meets a full one the coarser edge can leave slivers of sky
// (T-junctions), far enough to be in the fog.
func (r *Renderer) buildFarTerrain(nx0, ny0, nx1, ny1 int) {
	if r.cam.Map || r.FarRadius <= r.BlockRadius {
		return
	}
	c := r.cam
	cx := c.BaseX + int(math.Floor(float64(c.Target.X/dat.BlockLength)))
	cy := c.BaseY + int(math.Floor(float64(c.Target.Y/dat.BlockLength)))
	x0, y0 := max(cx-r.FarRadius, 0), max(cy-r.FarRadius, 0)
	x1, y1 := min(cx+r.FarRadius, 0xFE), min(cy+r.FarRadius, 0xFE)
	const n = 8/farStride + 1
	var cam [n * n]physics.Vec3
	var col [n * n]rgb
	for bx := x0; bx <= x1; bx++ {
		for by := y0; by <= y1; by++ {
			if bx >= nx0 && bx <= nx1 && by >= ny0 && by <= ny1 {
				continue // drawn in full
			}
			b := r.block(blockID(bx, by))
			if b == nil {
				continue
			}
			off := c.BlockOffset(bx, by)
			nrm := r.vertexNormals(bx, by, b)
			for i := range n {
				for j := range n {
					k := i*farStride*9 + j*farStride
					cam[i*n+j] = c.ToCamera(physics.Vec3{X: off.X + float32(float32(i*farStride)*dat.CellLength), Y: off.Y + float32(float32(j*farStride)*dat.CellLength), Z: b.Z[k]})
					p := r.Palette[dat.TerrainWordType(b.Terrain[k])]
					l := r.Light.light(nrm[k], 0)
					col[i*n+j] = rgb{float32(p.R) / 255 * l.R, float32(p.G) / 255 * l.G, float32(p.B) / 255 * l.B}
				}
			}
			for i := range n - 1 {
				for j := range n - 1 {
					sw, se, ne, nw := i*n+j, (i+1)*n+j, (i+1)*n+j+1, i*n+j+1
					for _, t := range [2][3]int{{sw, se, ne}, {sw, ne, nw}} {
						a, bb, cc := cam[t[0]], cam[t[1]], cam[t[2]]
						if r.facing(a, bb, cc) {
							r.emit(&r.terrain, -1, a, bb, cc, col[t[0]], col[t[1]], col[t[2]], 1, nil)
						}
					}
				}
			}
		}
	}
}

// landUV is the atlas coordinate of vertex k (index x*9+y) of cell
// (cx, cy) in the cell's merged texture at rect: its corner's landUVs,
// the corners of rect itself, so the texture spans the cell edge to edge
// and the cells of one terrain tile it seamlessly. Filtering at the edge
// reads the LandBorder packed around rect, never a neighbour in the atlas.
func landUV(rect image.Rectangle, k, cx, cy int) [2]float32 {
	corner := [2][2]int{{0, 3}, {1, 2}}[k/9-cx][k%9-cy]
	uv := landUVs[corner]
	return [2]float32{float32(rect.Min.X) + float32(uv[0]*float32(rect.Dx())), float32(rect.Min.Y) + float32(uv[1]*float32(rect.Dy()))}
}

// landRect returns the atlas rectangle of a palette code's merged cell
// texture, merging it the first time; false draws the cell in palette
// colours (no land surface, a failed merge — recorded once — or a full
// atlas).
func (r *Renderer) landRect(code uint32) (image.Rectangle, bool) {
	l := r.landRectOf(code)
	return l.rect, l.ok
}

// landRectOf is landRect with the cell's detail slot.
func (r *Renderer) landRectOf(code uint32) landRect {
	if r.merge == nil {
		return landRect{detail: -1}
	}
	if l, ok := r.landRects[code]; ok {
		return l
	}
	surf := r.merge.Surface(code)
	img, err := MergeLandBordered(surf, LandTexSize, LandBorder, r.landTexture)
	l := landRect{detail: -1}
	if err != nil {
		r.fail(fmt.Errorf("land surface 0x%08X: %w", code, err))
	} else {
		l.rect, l.ok = r.Atlas.AddBordered(code, img, LandBorder)
		if id, tiling := r.merge.Detail(surf.Base); id != 0 && tiling > 0 {
			l.detail = r.detailSlot(id, tiling)
		}
	}
	r.landRects[code] = l
	return l
}

// detailSlot returns the slot of detail texture id repeated tiling times
// a cell, packing it into the atlas at full size the first time (−1 when
// it cannot be read, does not fit or the slots are full).
func (r *Renderer) detailSlot(id, tiling uint32) int {
	if s, ok := r.detailSlots[id]; ok {
		return s
	}
	if r.detailSlots == nil {
		r.detailSlots = map[uint32]int{}
	}
	slot := -1
	if n := len(r.detailSlots); n < MaxDetail {
		img, err := r.Assets.(LandSurfacer).LandTexture(id)
		if err != nil {
			r.fail(fmt.Errorf("detail texture 0x%08X: %w", id, err))
		} else if rect, ok := r.Atlas.Add(detailKey+uint32(n), img); ok && rect.Dx() == rect.Dy() {
			slot = n
			r.DetailRects[n] = [4]float32{float32(rect.Min.X), float32(rect.Min.Y), float32(rect.Dx()), float32(tiling)}
		}
	}
	r.detailSlots[id] = slot
	return slot
}

// landRect is a merged cell texture's place in the atlas (ok false: not
// drawn textured).
type landRect struct {
	rect image.Rectangle
	ok   bool
	// detail is the cell's detail slot (−1: none).
	detail int
}

// landTexture returns a SurfaceTexture scaled to LandTexSize (cached).
func (r *Renderer) landTexture(id uint32) (*image.NRGBA, error) {
	if img, ok := r.landSrc[id]; ok {
		return img, nil
	}
	img, err := r.Assets.(LandSurfacer).LandTexture(id)
	if err != nil {
		return nil, err
	}
	img = Downscale(img, LandTexSize)
	r.landSrc[id] = img
	return img, nil
}

// vertexNormals returns a landblock's smooth vertex normals (cached):
// each from the height differences to its four neighbours, across into
// the neighbouring landblocks where they are loaded (one-sided at the
// edge of the data).
func (r *Renderer) vertexNormals(bx, by int, b *Landblock) *[81]physics.Vec3 {
	if n, ok := r.normals[b.ID]; ok {
		return n
	}
	n := new([81]physics.Vec3)
	for i := 0; i < 9; i++ {
		for j := 0; j < 9; j++ {
			z := b.Z[i*9+j]
			w, wd := r.heightAt(bx, by, i-1, j, z)
			e, ed := r.heightAt(bx, by, i+1, j, z)
			s, sd := r.heightAt(bx, by, i, j-1, z)
			nn, nd := r.heightAt(bx, by, i, j+1, z)
			dx := (e - w) / ((ed + wd) * dat.CellLength)
			dy := (nn - s) / ((nd + sd) * dat.CellLength)
			n[i*9+j] = physics.Vec3{X: -dx, Y: -dy, Z: 1}.Normalize()
		}
	}
	r.normals[b.ID] = n
	return n
}

// heightAt is the height of vertex (i, j) of landblock (bx, by), i and j
// one past the block's edge reaching into its neighbour; with no such
// vertex it returns z (the centre's height) and 0 so the difference is
// one-sided.
func (r *Renderer) heightAt(bx, by, i, j int, z float32) (float32, float32) {
	switch {
	case i < 0:
		bx, i = bx-1, i+8
	case i > 8:
		bx, i = bx+1, i-8
	}
	switch {
	case j < 0:
		by, j = by-1, j+8
	case j > 8:
		by, j = by+1, j-8
	}
	if bx < 0 || by < 0 || bx > 0xFE || by > 0xFE {
		return z, 0
	}
	b := r.block(blockID(bx, by))
	if b == nil {
		return z, 0
	}
	return b.Z[i*9+j], 1
}

// buildSky fills the screen behind everything with the sky gradient: the
// Lighting's SkyTop at the top of the screen down to SkyHorizon at the
// horizon's height, and SkyHorizon below it; over it the Region's sky
// objects (buildSkyObjects), or without them a disc where the light
// comes from (buildSun). The map has no sky.
func (r *Renderer) buildSky() {
	c := r.cam
	if c.Map {
		return
	}
	w, h := float32(c.W), float32(c.H)
	// The horizon: a point far ahead at the eye's height.
	v := c.View()
	fwd := physics.Vec3{X: v[0][2], Y: v[1][2]}
	hy := float32(-1)
	if l := fwd.Len(); l > 1e-4 {
		q := c.ToCamera(c.Eye().Add(fwd.Scale(10000 / l)))
		_, hy = c.ScreenOf(q)
	}
	hy = min(max(hy, 0), h)
	top, hor := r.Light.SkyTop, r.Light.SkyHorizon
	depth := c.far() * 2
	// Above the horizon the gradient; the top edge takes the colour the
	// gradient would have there when the horizon is off the top.
	if hy > 0 {
		r.append(&r.skyList, -1, depth, 0, 0, w, 0, w, hy, top, top, hor, 1, nil, flatW)
		r.append(&r.skyList, -1, depth, 0, 0, w, hy, 0, hy, top, hor, hor, 1, nil, flatW)
	}
	if hy < h {
		r.append(&r.skyList, -1, depth, 0, hy, w, hy, w, h, hor, hor, hor, 1, nil, flatW)
		r.append(&r.skyList, -1, depth, 0, hy, w, h, 0, h, hor, hor, hor, 1, nil, flatW)
	}
	if !r.buildSkyObjects() {
		r.buildSun(depth)
	}
}

// SunSize is the sun disc's radius as a fraction of the screen height.
const SunSize = 0.06

// buildSun draws the sun (or the moon, whichever the sky's light comes
// from) as a glowing disc in the sky where Lighting.SunDir points, tinted
// by the light's colour, when it is above the horizon and in view.
func (r *Renderer) buildSun(depth float32) {
	l := &r.Light
	if l.SunDir.Z <= 0 {
		return
	}
	q := r.cam.ToCamera(r.cam.Eye().Add(l.SunDir.Scale(10000)))
	if q.Z <= NearPlane {
		return
	}
	rect, ok := r.spark()
	if !ok {
		return
	}
	x, y := r.cam.ScreenOf(q)
	h := float32(SunSize * float32(r.cam.H))
	if x+h < 0 || y+h < 0 || x-h > float32(r.cam.W) || y-h > float32(r.cam.H) {
		return
	}
	b := max(l.Sun.R, l.Sun.G, l.Sun.B)
	c := rgb{1, 1, 1}
	if b > 0 {
		c = rgb{l.Sun.R / b, l.Sun.G / b, l.Sun.B / b}
	}
	u0, v0 := float32(rect.Min.X)+0.5, float32(rect.Min.Y)+0.5
	u1, v1 := float32(rect.Max.X)-0.5, float32(rect.Max.Y)-0.5
	r.append(&r.skyList, -1, depth/2, x-h, y-h, x+h, y-h, x+h, y+h, c, c, c, 1, &[3][2]float32{{u0, v0}, {u1, v0}, {u1, v1}}, flatW)
	r.append(&r.skyList, -1, depth/2, x-h, y-h, x+h, y+h, x-h, y+h, c, c, c, 1, &[3][2]float32{{u0, v0}, {u1, v1}, {u0, v1}}, flatW)
}

// buildObject draws one object's parts: GfxObj Setup.Parts[i] placed by
// the published Visual[i] times the published root frame.
func (r *Renderer) buildObject(o *components.View) {
	if o.Parts == nil || o.Parts.Setup == nil || len(o.Parts.Setup.Parts) == 0 {
		r.buildPlaceholder(o) // no model in the DATs
		return
	}
	pres := o.Pres
	if pres == nil || len(pres.Visual) == 0 || pres.Root.Cell == 0 {
		return
	}
	if o.Phys.State.Has(physics.StateHidden) || o.Phys.State.Has(physics.StateNoDraw) {
		return
	}
	alpha := 1 - min(max(pres.Translucency, 0), 1)
	if alpha <= 0.01 {
		return
	}
	origin := r.cam.ToRender(pres.Root)
	parts := o.Parts.Setup.Parts
	// Every object that gets here looks its Setup's part meshes up first
	// (setupOf), in Setup order, culled or not: a mesh built on first use
	// takes its textures' atlas places in that order. The bounding radius
	// is worked out only when the root itself is out of view: inView
	// passes a larger sphere whenever it passes a point.
	centre := r.cam.ToCamera(origin)
	var sp *setupParts
	if !r.noCull {
		sp = r.setupOf(parts)
		if !r.inView(centre, 0) && !r.inView(centre, r.boundingRadius(pres.Visual, sp.radii)) {
			return
		}
	}
	idx := int32(len(r.Drawn))
	r.Drawn = append(r.Drawn, Drawn{GUID: o.Phys.GUID, Name: o.Name, Bounds: emptyRect})
	root := physics.RotateMat4(pres.Root.Frame.Orientation)
	root[3][0], root[3][1], root[3][2] = origin.X, origin.Y, origin.Z
	view := r.cam.View()
	rv := affineMul(&root, &view)
	saved, indoors := r.Light, r.lightIndoors(pres.Root.Cell, &view)
	look := o.Look
	if r.PlainLooks {
		look = nil
	}
	drawn := 0
	dist := centre.Len() / max(o.Phys.Scale, 1e-3)
	player := o.Phys.GUID == r.Highlight && r.Highlight != 0
	// Without appearance changes every part draws its Setup GfxObj's
	// plain mesh (partGfx, partMesh), looked up once per Setup.
	var plain []*Mesh
	if sp != nil && plainLook(look) {
		plain = sp.meshes
	}
	for i := 0; i < len(pres.Visual) && i < len(parts); i++ {
		var m *Mesh
		gfx := parts[i]
		if plain != nil {
			m = plain[i]
		} else {
			gfx = partGfx(look, i, gfx)
			m = r.partMesh(look, i, gfx)
		}
		if m == nil {
			continue
		}
		if k := degradeLevel(m, dist, player); k >= 0 {
			if g := m.Degrade.Degrades[k].ID; g != gfx {
				if g == 0 {
					drawn++ // retail's NULL level: the part is there, not drawn
					continue
				}
				if m = r.levelMesh(m, look, i, k); m == nil {
					continue
				}
			}
		}
		drawn++
		affineMulTo(&r.partM, &pres.Visual[i], &rv)
		r.buildMeshInto(&r.scene, m, &r.partM, idx, alpha)
	}
	if indoors {
		r.points = r.points[:0]
		r.setLight(saved)
	}
	if drawn == 0 { // every part's GfxObj is missing
		r.Drawn = r.Drawn[:idx]
		r.buildPlaceholder(o)
		return
	}
	if r.cam.Map {
		r.mapMarker(o, origin, idx)
	}
}

// boundingRadius bounds the object's drawn parts around its root in the
// current pose: for each part, the distance of its placed origin plus its
// mesh radius (radii, setupOf) times the part's largest scale.
func (r *Renderer) boundingRadius(visual []physics.Mat4, radii []float32) float32 {
	var rad float32
	for i := 0; i < len(visual) && i < len(radii); i++ {
		if radii[i] < 0 {
			continue
		}
		v := &visual[i]
		// The largest row length, with one square root (sqrt is monotone:
		// the same as the largest of rowLen's three).
		s2 := max(float32(v[0][0]*v[0][0])+float32(v[0][1]*v[0][1])+float32(v[0][2]*v[0][2]), float32(v[1][0]*v[1][0])+float32(v[1][1]*v[1][1])+float32(v[1][2]*v[1][2]),
			float32(v[2][0]*v[2][0])+float32(v[2][1]*v[2][1])+float32(v[2][2]*v[2][2]))
		s := float32(math.Sqrt(float64(s2)))
		rad = max(rad, physics.Vec3{X: v[3][0], Y: v[3][1], Z: v[3][2]}.Len()+float32(radii[i]*s))
	}
	return rad
}

// setupParts are a Setup parts list's plain meshes (Mesh of each part's
// GfxObj, nil where it cannot be read) and their radii (−1 where the
// part has no mesh).
type setupParts struct {
	meshes []*Mesh
	radii  []float32
}

// setupOf returns the plain meshes and radii of a Setup's parts, cached
// by the parts list (a Setup's, which is not changed once read), the
// last one looked up first. parts is not empty.
func (r *Renderer) setupOf(parts []uint32) *setupParts {
	key := &parts[0]
	if key == r.setupKey && len(r.setupLast.radii) == len(parts) {
		return r.setupLast
	}
	sp, ok := r.setups[key]
	if !ok || len(sp.radii) != len(parts) {
		sp = &setupParts{meshes: make([]*Mesh, len(parts)), radii: make([]float32, len(parts))}
		for i, id := range parts {
			sp.radii[i] = -1
			if m := r.Mesh(id); m != nil {
				sp.meshes[i], sp.radii[i] = m, m.Radius
			}
		}
		r.setups[key] = sp
	}
	r.setupKey, r.setupLast = key, sp
	return sp
}

func rowLen(m *physics.Mat4, i int) float32 {
	return physics.Vec3{X: m[i][0], Y: m[i][1], Z: m[i][2]}.Len()
}

// inView reports whether a sphere of radius rad around camera-space point c
// can touch the screen: between the near and far planes and inside the
// view's four sides. Objects that cannot are culled before their meshes
// are transformed.
func (r *Renderer) inView(c physics.Vec3, rad float32) bool {
	cam := r.cam
	if c.Z+rad < NearPlane || c.Z-rad > cam.far() {
		return false
	}
	if cam.Map {
		x, y := cam.ScreenOf(c)
		pr := float32(rad * cam.MapScale)
		return x+pr >= 0 && x-pr <= float32(cam.W) && y+pr >= 0 && y-pr <= float32(cam.H)
	}
	// The four side planes pass through the eye: x·focal = ±(W/2)·z and
	// y·focal = ±(H/2)·z. The sphere is out when its centre lies farther
	// than rad outside any of them.
	if r.hypCam != cam || r.hypFocal != cam.focal || r.hypW != cam.W || r.hypH != cam.H {
		r.hypCam, r.hypFocal, r.hypW, r.hypH = cam, cam.focal, cam.W, cam.H
		r.hypX = float32(math.Hypot(float64(cam.focal), float64(float32(cam.W)/2)))
		r.hypY = float32(math.Hypot(float64(cam.focal), float64(float32(cam.H)/2)))
	}
	out := func(a, half, hyp float32) bool {
		return (float32(cam.focal*a)-float32(half*c.Z))/hyp > rad
	}
	hw, hh := float32(cam.W)/2, float32(cam.H)/2
	return !out(c.X, hw, r.hypX) && !out(-c.X, hw, r.hypX) && !out(c.Y, hh, r.hypY) && !out(-c.Y, hh, r.hypY)
}

// MarkerSize is the map marker's half size in pixels.
const MarkerSize = 6

// mapMarker draws an arrow at an object's root pointing along its heading,
// so entities stay visible and pickable at map scale.
func (r *Renderer) mapMarker(o *components.View, origin physics.Vec3, owner int32) {
	q := r.cam.ToCamera(origin)
	x, y := r.cam.ScreenOf(q)
	f := o.Pres.Root.Frame.Orientation.Rotate(physics.Vec3{Y: 1})
	l := float32(math.Hypot(float64(f.X), float64(f.Y)))
	if l < 1e-4 {
		f, l = physics.Vec3{Y: 1}, 1
	}
	dx, dy := float32(f.X/l*MarkerSize), float32(-f.Y/l*MarkerSize) // screen y grows down
	c := rgb{1, 1, 1}
	if o.Phys.GUID == r.Highlight {
		c = rgb{1, 0.9, 0.2}
	}
	r.append(&r.scene, owner, max(q.Z-3, 0), x+float32(dx*1.5), y+float32(dy*1.5), x-dx-float32(dy*0.8), y-dy+float32(dx*0.8), x-dx+float32(dy*0.8), y-dy-float32(dx*0.8), c, c, c, 1, nil, flatW)
}

// buildMesh is buildMeshInto the scene layer.
func (r *Renderer) buildMesh(mesh *Mesh, m physics.Mat4, owner int32, alpha float32) {
	r.buildMeshInto(&r.scene, mesh, &m, owner, alpha)
}

// setMeshPass works out the frame's constants of buildMeshInto (r.mp but
// its fog and sun, r.mpFog and r.camLight) from the camera and the
// light: Build and setLight mark them stale.
func (r *Renderer) setMeshPass() {
	cam := r.cam
	fogMin, fogSpan := r.Light.FogMin, r.Light.FogMax-r.Light.FogMin
	near := float32(NearPlane)
	if cam.Map {
		near = -mapHeight * 4
	}
	r.mp = meshPass{
		w2: float32(cam.W) / 2, h2: float32(cam.H) / 2, focal: cam.focal, mapScale: cam.MapScale,
		// Nearer than fogNear, 1/(1/z) (within two ulps of z) is below
		// FogMin too and the fog exactly 0, so the two divisions are
		// skipped.
		fogMin: fogMin, fogSpan: fogSpan, fogNear: fogMin - float32(float32(math.Abs(float64(fogMin)))*1e-5),
		near: near, far: cam.far(), sw: float32(cam.W), sh: float32(cam.H), mapView: cam.Map,
		amb: r.Light.Ambient, sunCol: r.Light.Sun,
	}
	r.mpFog = !cam.Map && r.Light.FogMax > 0 && !(r.Light.FogMax <= r.Light.FogMin) // append's test and FogAt's
	r.camLight = Lighting{SunDir: r.lightCam, Sun: r.Light.Sun, Ambient: r.Light.Ambient}
	r.mpOK = true
}

// buildMeshInto transforms a mesh by m (part space to camera space) and emits
// its front-facing (or two-sided) triangles, lit per vertex: each vertex
// normal turned into camera space against the sun there (Lighting.light),
// a vertex without a normal taking its triangle's. alpha scales every
// triangle's opacity (the object's translucency) on top of its surface's.
func (r *Renderer) buildMeshInto(list *triList, mesh *Mesh, m *physics.Mat4, owner int32, alpha float32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	if r.bufs == nil {
		b := new(partBufs)
		r.bufs = b
		r.scratch, r.proj, r.zo, r.vstamp, r.cslot = b.pts[:], b.proj[:], b.zo[:], b.vstamp[:], b.cslot[:]
	}
	pts := r.scratch[:len(mesh.Pos)]
	r.stamp++
	if r.stamp == 0 { // wrapped: no stale stamp may match
		clear(r.vstamp)
		clear(r.cslot)
		r.stamp = 1
	}
	stamp := r.stamp
	if !r.mpOK {
		r.setMeshPass()
	}
	mp := &r.mp
	mp.fog = r.mpFog && list != &r.skyList
	mapView := mp.mapView
	// Each vertex is transformed once per part per frame, and lit and
	// projected at most once (vertex): the triangles share them by index
	// (the mesh keeps one vertex per distinct position and normal,
	// shareVertices).
	// Triangles wholly in front of the near plane are emitted from the
	// projected vertices; the others are clipped by emit from the
	// camera-space points.
	// With the mesh's face planes (facePlanes) the sides are chosen in
	// part space and only the vertices of the triangles drawn are
	// transformed; without them (a mesh built by hand) every vertex is,
	// and the sides are chosen from the camera-space points.
	planes := mesh.planes
	var W float32
	var E physics.Vec3
	if len(planes) == len(mesh.Tris) {
		W, E, planes = facingTerms(m, mapView, planes)
	} else {
		planes = nil
	}
	if planes == nil {
		for i, p := range mesh.Pos {
			pts[i] = physics.Vec3{
				X: float32(p.X*m[0][0]) + float32(p.Y*m[1][0]) + float32(p.Z*m[2][0]) + m[3][0],
				Y: float32(p.X*m[0][1]) + float32(p.Y*m[1][1]) + float32(p.Z*m[2][1]) + m[3][1],
				Z: float32(p.X*m[0][2]) + float32(p.Y*m[1][2]) + float32(p.Z*m[2][2]) + m[3][2],
			}
		}
	}
	// Vertex normals turn with the part; its scale (uniform for a
	// GfxObj part) divides out of n·sun, so no normal is renormalized.
	// The view is orthogonal, so n·sun is the same in camera space as in
	// render space (a cross product of camera-space points is not: see
	// facingN). Lights are worked out only for the vertices of triangles
	// drawn, once each.
	lc := r.lightCam
	sun := physics.Vec3{
		X: float32(lc.X*m[0][0]) + float32(lc.Y*m[0][1]) + float32(lc.Z*m[0][2]),
		Y: float32(lc.X*m[1][0]) + float32(lc.Y*m[1][1]) + float32(lc.Z*m[1][2]),
		Z: float32(lc.X*m[2][0]) + float32(lc.Y*m[2][1]) + float32(lc.Z*m[2][2]),
	}
	s0 := rowLen(m, 0)
	if s0 > 1e-6 {
		sun = sun.Scale(1 / s0)
	}
	mp.sun = sun
	vstamp := r.vstamp[:len(pts)]
	// First the sides drawn: front faces, and the back faces of two-sided
	// triangles (^i in vis), not degenerate and not fully translucent;
	// their vertices are stamped.
	vis := r.vis[:0]
	if planes != nil {
		vis = r.chooseSides(planes, W, E, mesh, alpha, stamp)
	}
	for i := 0; planes == nil && i < len(mesh.Tris); i++ {
		t := &mesh.Tris[i]
		a, b, c := pts[t.A], pts[t.B], pts[t.C]
		n := b.Sub(a).Cross(c.Sub(a))
		var front bool // facingN, inlined
		if mapView {
			front = n.Z > 0
		} else {
			front = n.Dot(a) > 0
		}
		if !front && !t.TwoSided {
			continue
		}
		if n.Dot(n) == 0 { // a degenerate triangle (n.Len() == 0)
			continue
		}
		if alpha*t.Alpha <= 0.01 {
			continue // a fully translucent surface
		}
		vstamp[t.A], vstamp[t.B], vstamp[t.C] = stamp, stamp, stamp
		if front {
			vis = append(vis, int32(i))
		} else {
			vis = append(vis, ^int32(i))
		}
	}
	r.vis = vis
	if len(vis) == 0 { // nothing drawn: no vertex stamped
		r.alphaTest, r.additive = false, false
		return
	}
	// Then each stamped vertex's light (its normal against the sun; R < 0
	// without a normal: lit by the triangle's) and its screen point,
	// inverse depth and fog, exactly as put (ScreenOf) and append
	// (Lighting.FogAt of 1/iw) work them out per corner. (A vertex behind
	// the near plane projects to nonsense that only clipped triangles,
	// drawn by emit from the camera-space points, name.)
	lit := false // projectInsideLit: cornerRun's tests cannot fail
	if planes != nil && !mapView && len(r.points) == 0 && len(mesh.Nrm) == len(mesh.Pos) {
		if inside, unfogged := wellInside(mp, m, s0, mesh.Radius); inside && unfogged {
			if mesh.litCorners && r.detail == 0 {
				// Every side drawn takes the corner path (meshTris).
				projectInsideLit(mp, m, mesh.Pos, mesh.Nrm, r.bufs, stamp)
				lit = true
			} else {
				projectInside(mp, m, mesh.Pos, mesh.Nrm, r.bufs, stamp)
			}
		} else {
			projectFast(mp, m, mesh.Pos, mesh.Nrm, pts, r.proj, r.zo, vstamp, stamp, inside)
		}
	} else {
		r.projectMesh(mp, mesh, m, planes != nil, stamp)
	}
	bounds, cornerTris := r.meshTris(list, mesh, vis, &r.camLight, owner, alpha, stamp, lit)
	if owner >= 0 {
		r.Drawn[owner].Tris += cornerTris
	}
	if !bounds.Empty() {
		if owner >= 0 {
			d := &r.Drawn[owner].Bounds
			d.Add(bounds.MinX, bounds.MinY)
			d.Add(bounds.MaxX, bounds.MaxY)
		} else if list == &r.terrain {
			r.TerrainBounds.Add(bounds.MinX, bounds.MinY)
			r.TerrainBounds.Add(bounds.MaxX, bounds.MaxY)
		}
	}
	r.alphaTest, r.additive = false, false
}

// meshPass are a part's constants for projectMesh: the screen's centre,
// focal length, the map's scale, the fog's range, the near and far
// planes, the screen's size, and the sun (in part space, divided by the
// part's scale), ambient and sun colours.
type meshPass struct {
	w2, h2, focal, mapScale  float32
	fogMin, fogSpan, fogNear float32
	near, far, sw, sh        float32
	fog, mapView             bool
	sun                      physics.Vec3
	amb, sunCol              rgb
}

// projectMesh lights and projects the vertices of the part drawn by m
// stamped with stamp (r.vstamp) into r.proj, transforming them into
// r.scratch first when transform is set (otherwise r.scratch holds
// them): each vertex's light (its normal against the sun; outUnlit and
// L.R < 0 without a normal, lit by its triangle's) and its screen point,
// depth, inverse depth and fog, exactly as put (ScreenOf) and append
// (Lighting.FogAt of 1/iw) work them out per corner, and its outcode.
// (A vertex behind the near plane projects to nonsense that only
// clipped triangles, drawn by emit from the camera-space points, name.)
func (r *Renderer) projectMesh(mp *meshPass, mesh *Mesh, m *physics.Mat4, transform bool, stamp uint32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	pos, nrm := mesh.Pos, mesh.Nrm
	pts := r.scratch[:len(pos)]
	proj := r.proj[:len(pos)]
	vstamp := r.vstamp[:len(pos)]
	w2, h2, focal, mapScale := mp.w2, mp.h2, mp.focal, mp.mapScale
	fog, fogMin, fogSpan, fogNear := mp.fog, mp.fogMin, mp.fogSpan, mp.fogNear
	near, far, sw, sh := mp.near, mp.far, mp.sw, mp.sh
	mapView, sun := mp.mapView, mp.sun
	for i := range proj {
		if vstamp[i] != stamp {
			continue
		}
		var q physics.Vec3
		if transform {
			p := pos[i]
			q = physics.Vec3{
				X: float32(p.X*m[0][0]) + float32(p.Y*m[1][0]) + float32(p.Z*m[2][0]) + m[3][0],
				Y: float32(p.X*m[0][1]) + float32(p.Y*m[1][1]) + float32(p.Z*m[2][1]) + m[3][1],
				Z: float32(p.X*m[0][2]) + float32(p.Y*m[1][2]) + float32(p.Z*m[2][2]) + m[3][2],
			}
			pts[i] = q
		} else {
			q = pts[i]
		}
		v := &proj[i]
		out := uint32(outUnlit)
		v.L = rgb{-1, 0, 0}
		if i < len(nrm) {
			if n := nrm[i]; n != (physics.Vec3{}) {
				// max(0, n·sun) and min(l, 1) as comparisons: the same
				// values (−0 → +0, NaN kept) in fewer instructions.
				d := n.Dot(sun)
				if d <= 0 {
					d = 0
				}
				a, s := mp.amb, mp.sunCol
				l := rgb{a.R + float32(s.R*d), a.G + float32(s.G*d), a.B + float32(s.B*d)}
				if len(r.points) > 0 {
					l = r.pointLit(l, q, rotate(m, n))
				}
				if l.R > 1 {
					l.R = 1
				}
				if l.G > 1 {
					l.G = 1
				}
				if l.B > 1 {
					l.B = 1
				}
				v.L = l
				out = 0
			}
		}
		zo := &r.zo[i]
		zo.Z = q.Z
		if mapView {
			v.X, v.Y, v.IW, v.Fog = w2+float32(q.X*mapScale), h2-float32(q.Y*mapScale), 1, 0
		} else {
			v.X, v.Y, v.IW, v.Fog = w2+float32(q.X/q.Z*focal), h2-float32(q.Y/q.Z*focal), 1/q.Z, 0
			if fog && !(q.Z <= fogNear) { // a NaN depth or FogMin takes FogAt's path
				f := (1/v.IW - fogMin) / fogSpan
				if f <= 0 { // min(max(f, 0), 1)
					f = 0
				}
				if f > 1 {
					f = 1
				}
				v.Fog = f
			}
		}
		// The tests emit and put make of a triangle's corners, as bits.
		if q.Z < near {
			out |= outNear
		}
		if q.Z > far {
			out |= outFar
		}
		if v.X < 0 {
			out |= outLeft
		}
		if v.X > sw {
			out |= outRight
		}
		if v.Y < 0 {
			out |= outTop
		}
		if v.Y > sh {
			out |= outBottom
		}
		zo.Out = out
	}
}

// wellInside reports whether a part drawn by m (perspective) whose
// vertices lie within radius of its origin (s0 its first row's length,
// rowLen) lies wholly between the near
// and far planes and inside the screen by a pixel's margin, so that no
// vertex's outcode (projectMesh) can be set. The sphere is widened by
// 1 % and a hundredth of a unit, far more than the rounding of the
// vertices' projections. unfogged (only when inside) says moreover that
// the part lies wholly nearer than mp.fogNear (or mp.fog is off), so that
// no vertex is fogged.
func wellInside(mp *meshPass, m *physics.Mat4, s0, radius float32) (inside, unfogged bool) {
	s := max(s0, rowLen(m, 1), rowLen(m, 2))
	rad := float32(radius*s*1.01) + 0.01
	cx, cy, cz := m[3][0], m[3][1], m[3][2]
	zmin := cz - rad
	if !(zmin > mp.near) || !(cz+rad < mp.far) {
		return false, false
	}
	// |x/z| over the sphere is at most (|cx| + rad)/zmin.
	bx := (abs32(cx) + rad) / zmin * mp.focal
	by := (abs32(cy) + rad) / zmin * mp.focal
	if !(bx < mp.w2-1 && by < mp.h2-1) {
		return false, false
	}
	return true, !mp.fog || cz+rad < mp.fogNear
}

// sunLight is a vertex's light from the sun alone, d its normal·sun:
// ambient plus the sun's colour by max(0, d), each channel at most 1 (the comparisons give
// the same values as max and min, −0 → +0 and NaN kept, in fewer
// instructions; small enough to inline into the projection loops).
func sunLight(d float32, amb, sunCol rgb) rgb {
	if d <= 0 {
		d = 0
	}
	l := rgb{amb.R + float32(sunCol.R*d), amb.G + float32(sunCol.G*d), amb.B + float32(sunCol.B*d)}
	if l.R > 1 {
		l.R = 1
	}
	if l.G > 1 {
		l.G = 1
	}
	if l.B > 1 {
		l.B = 1
	}
	return l
}

// projectFast is projectMesh for the usual part: transformed here, in
// perspective, every vertex with its normal entry, no point lights. The
// same values, from a loop that makes no call.
//
// inside (wellInside) says no vertex can be nearer than the near plane,
// beyond the far plane or off the screen: the outcodes are then left 0
// (but outUnlit) without testing each vertex.
func projectFast(mp *meshPass, m *physics.Mat4, pos, nrm, pts []physics.Vec3, proj []projVert, zo []zOut, vstamp []uint32, stamp uint32, inside bool) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64 and in the assembly twin
	// (docs/architecture.md, "No fused multiply-add").
	n := len(pos)
	nrm, pts, proj, zo, vstamp = nrm[:n], pts[:n], proj[:n], zo[:n], vstamp[:n]
	m00, m01, m02 := m[0][0], m[0][1], m[0][2]
	m10, m11, m12 := m[1][0], m[1][1], m[1][2]
	m20, m21, m22 := m[2][0], m[2][1], m[2][2]
	m30, m31, m32 := m[3][0], m[3][1], m[3][2]
	w2, h2, focal := mp.w2, mp.h2, mp.focal
	fog, fogMin, fogSpan, fogNear := mp.fog, mp.fogMin, mp.fogSpan, mp.fogNear
	near, far, sw, sh := mp.near, mp.far, mp.sw, mp.sh
	sun, amb, sunCol := mp.sun, mp.amb, mp.sunCol
	for i := range pos {
		if vstamp[i] != stamp {
			continue
		}
		p := pos[i]
		q := physics.Vec3{
			X: float32(p.X*m00) + float32(p.Y*m10) + float32(p.Z*m20) + m30,
			Y: float32(p.X*m01) + float32(p.Y*m11) + float32(p.Z*m21) + m31,
			Z: float32(p.X*m02) + float32(p.Y*m12) + float32(p.Z*m22) + m32,
		}
		pts[i] = q
		v := &proj[i]
		out := uint32(0)
		if nv := nrm[i]; nv != (physics.Vec3{}) {
			v.L = sunLight(nv.Dot(sun), amb, sunCol)
		} else {
			v.L = rgb{-1, 0, 0}
			out = outUnlit
		}
		x, y, iw := w2+float32(q.X/q.Z*focal), h2-float32(q.Y/q.Z*focal), 1/q.Z
		v.X, v.Y, v.IW = x, y, iw
		o := &zo[i]
		o.Z = q.Z
		f := float32(0)
		if fog && !(q.Z <= fogNear) { // a NaN depth or FogMin takes FogAt's path
			f = (1/iw - fogMin) / fogSpan
			if f <= 0 { // min(max(f, 0), 1)
				f = 0
			}
			if f > 1 {
				f = 1
			}
		}
		v.Fog = f
		if inside {
			o.Out = out
			continue
		}
		if q.Z < near {
			out |= outNear
		}
		if q.Z > far {
			out |= outFar
		}
		if x < 0 {
			out |= outLeft
		}
		if x > sw {
			out |= outRight
		}
		if y < 0 {
			out |= outTop
		}
		if y > sh {
			out |= outBottom
		}
		o.Out = out
	}
}

// projectInside is projectFast for a part well inside the view and
// nearer than the fog (wellInside): no vertex has an outcode but
// outUnlit, none is fogged. The same values, from a loop with fewer
// constants.
func projectInside(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64 and in the assembly twin
	// (docs/architecture.md, "No fused multiply-add").
	n := len(pos)
	nrm, vstamp := nrm[:n], b.vstamp[:n]
	pts, proj, zo := &b.pts, &b.proj, &b.zo
	m00, m01, m02 := m[0][0], m[0][1], m[0][2]
	m10, m11, m12 := m[1][0], m[1][1], m[1][2]
	m20, m21, m22 := m[2][0], m[2][1], m[2][2]
	m30, m31, m32 := m[3][0], m[3][1], m[3][2]
	w2, h2, focal := mp.w2, mp.h2, mp.focal
	sun, amb, sunCol := mp.sun, mp.amb, mp.sunCol
	for i := range pos {
		if vstamp[i] != stamp {
			continue
		}
		p := pos[i]
		q := physics.Vec3{
			X: float32(p.X*m00) + float32(p.Y*m10) + float32(p.Z*m20) + m30,
			Y: float32(p.X*m01) + float32(p.Y*m11) + float32(p.Z*m21) + m31,
			Z: float32(p.X*m02) + float32(p.Y*m12) + float32(p.Z*m22) + m32,
		}
		k := uint16(i) // a mesh has at most 1<<16 vertices
		pts[k] = q
		v := &proj[k]
		out := uint32(0)
		if nv := nrm[i]; nv != (physics.Vec3{}) {
			v.L = sunLight(nv.Dot(sun), amb, sunCol)
		} else {
			v.L = rgb{-1, 0, 0}
			out = outUnlit
		}
		v.X, v.Y, v.IW, v.Fog = w2+float32(q.X/q.Z*focal), h2-float32(q.Y/q.Z*focal), 1/q.Z, 0
		zo[k] = zOut{Z: q.Z, Out: out}
	}
}

// projectInsideLitGo is projectInside for a mesh whose vertices all have
// normals and whose sides drawn all take the corner path (litCorners,
// without terrain detail): no vertex is lit by its triangle's (outUnlit)
// and no camera-space point is read, so none is kept; nor is a zOut:
// cornerRun's lit loops read no outcode and the depth in projVert.Z. The
// same values. It is projectInsideLit where no assembly loop is written
// (project_amd64.s), and the reference that loop is tested against.
func projectInsideLitGo(mp *meshPass, m *physics.Mat4, pos, nrm []physics.Vec3, b *partBufs, stamp uint32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64 and in the assembly twin
	// (docs/architecture.md, "No fused multiply-add").
	n := len(pos)
	nrm, vstamp := nrm[:n], b.vstamp[:n]
	proj := &b.proj
	m00, m01, m02 := m[0][0], m[0][1], m[0][2]
	m10, m11, m12 := m[1][0], m[1][1], m[1][2]
	m20, m21, m22 := m[2][0], m[2][1], m[2][2]
	m30, m31, m32 := m[3][0], m[3][1], m[3][2]
	w2, h2, focal := mp.w2, mp.h2, mp.focal
	sun, amb, sunCol := mp.sun, mp.amb, mp.sunCol
	for i := range pos {
		if vstamp[i] != stamp {
			continue
		}
		p := pos[i]
		q := physics.Vec3{
			X: float32(p.X*m00) + float32(p.Y*m10) + float32(p.Z*m20) + m30,
			Y: float32(p.X*m01) + float32(p.Y*m11) + float32(p.Z*m21) + m31,
			Z: float32(p.X*m02) + float32(p.Y*m12) + float32(p.Z*m22) + m32,
		}
		k := uint16(i) // a mesh has at most 1<<16 vertices
		v := &proj[k]
		v.L = sunLight(nrm[i].Dot(sun), amb, sunCol)
		v.X, v.Y, v.IW, v.Fog, v.Z = w2+float32(q.X/q.Z*focal), h2-float32(q.Y/q.Z*focal), 1/q.Z, 0, q.Z
	}
}

// meshTris writes the triangles vis (buildMeshInto's sides drawn, their
// vertices projected) into list and returns the screen bounds of the
// corners they share and how many triangles took the corner path.
func (r *Renderer) meshTris(list *triList, mesh *Mesh, vis []int32, camLight *Lighting, owner int32, alpha float32, stamp uint32, lit bool) (Rect, int) {
	b := r.bufs
	proj, zo := &b.proj, &b.zo
	// With corners (shareCorners), a front side lit by its vertex normals
	// writes each of its corners' output vertex once for all the
	// triangles naming it (cslot, stamped like the vertices); the others —
	// back sides, faces without vertex normals, triangles cut at the near
	// plane, terrain detail — write three vertices of their own.
	tcs := mesh.triCorners
	if r.detail > 0 || len(tcs) != len(mesh.Tris) {
		tcs = nil
	}
	ctris := mesh.ctris
	if tcs == nil {
		ctris = nil
	}
	// The corner path (cornerRun) records its triangles as addTri does
	// and reserves each new corner's output vertex (cslot), listing the
	// corner in cnew; the vertices are written after the loop, in the
	// order reserved (so Verts is as if written in the loop).
	if lit && mesh.texCorners {
		// One run, every corner plain textured: its vertices written as
		// they are reserved.
		return r.cornerRunLitTex(list, mesh, vis, owner, alpha, stamp)
	}
	cornerTris := 0
	r.ncnew = 0
	for i := 0; i < len(vis); i++ {
		if ctris != nil {
			var n int
			i, n = r.cornerRun(list, mesh, vis, i, owner, alpha, stamp, lit)
			cornerTris += n
			if i == len(vis) {
				break
			}
		}
		vi := vis[i]
		back := vi < 0
		if back {
			vi = ^vi
		}
		t := &mesh.Tris[vi]
		pa, pb, pc := &proj[t.A], &proj[t.B], &proj[t.C]
		oa, ob, oc := zo[t.A].Out, zo[t.B].Out, zo[t.C].Out
		clipped := (oa|ob|oc)&outNear != 0
		if !clipped && oa&ob&oc&outAway != 0 {
			continue
		}
		r.meshTriangle(list, mesh, t, back, clipped, pa, pb, pc, camLight, owner, alpha)
	}
	// The reserved corners' output vertices.
	var bounds Rect
	if mesh.texCorners {
		bounds = writeTexCorners(r.Verts, b.cnew[:r.ncnew], mesh.corners, &b.cslot, &b.proj, alpha)
	} else {
		bounds = writeCorners(r.Verts, b.cnew[:r.ncnew], mesh.corners, &b.cslot, &b.proj, alpha, r.SrcX, r.SrcY)
	}
	return bounds, cornerTris
}

// cornerRunLitTex is meshTris for a part projected by projectInsideLit
// (every side drawn takes the corner path) of a mesh whose corners are
// all plain textured (Mesh.texCorners): cornerRun's lit loop, which
// writes each corner's output vertex (writeTexCorners's, unfogged: the
// part is nearer than the fog) when it reserves it, in order — the same
// vertices in the same places, without listing the corners in cnew and
// reading them back. It returns the vertices' screen bounds and how
// many triangles it recorded (all of vis).
func (r *Renderer) cornerRunLitTex(list *triList, mesh *Mesh, vis []int32, owner int32, alpha float32, stamp uint32) (Rect, int) {
	ctris, corners := mesh.ctris, mesh.corners
	ncorners := len(corners)
	rest := len(vis)
	nt0, nk0, nv0 := len(r.tris), len(list.keys), len(r.Verts)
	if cap(r.tris)-nt0 < rest {
		r.tris = slices.Grow(r.tris, rest)
	}
	if cap(list.keys)-nk0 < rest || cap(list.vals)-nk0 < rest {
		list.keys = slices.Grow(list.keys, rest)
		list.vals = slices.Grow(list.vals, rest)
	}
	if cap(r.Verts)-nv0 < ncorners {
		r.Verts = slices.Grow(r.Verts, ncorners)
	}
	tris := r.tris[nt0 : nt0+rest]
	keys, vals := list.keys[nk0:nk0+rest], list.vals[nk0:nk0+rest]
	verts := r.Verts[nv0 : nv0+ncorners]
	b := r.bufs
	cslot, proj := &b.cslot, &b.proj
	sa := alpha // cornerRun's
	if r.particle || list == &r.skyList {
		sa = 0
	}
	sa1 := sa == 1 // sa·Opaque is Opaque
	bounds := emptyRect
	nv := uint32(nv0)
	nw := uint16(0) // a part has at most 65535 corners
	nt := 0
	if sa1 && useAsm && rest > 0 {
		// The same loop in assembly (cornerRunLitAsm).
		nv = cornerRunLitAsm(&ctris[0], &vis[0], &keys[0], &vals[0], &tris[0], &proj[0], &cslot[0], &corners[0], &verts[0],
			nt0, nt0+rest, stamp, nv, owner, alpha, &bounds)
		nt = rest
	}
	for ; nt < rest; nt++ {
		ct := &ctris[vis[nt]]
		pa, pb, pc := &proj[ct.V[0]], &proj[ct.V[1]], &proj[ct.V[2]] // projectInsideLit's depths
		d := (pa.Z + pb.Z + pc.Z) / 3
		if d <= 0 { // max(d, 0)
			d = 0
		}
		tr := &tris[nt]
		var c uint16
		var s *cornerSlot
		c = ct.C[0]
		s = &cslot[c]
		if s.stamp != stamp {
			s.stamp, s.out = stamp, nv
			cc := &corners[c]
			p := &proj[cc.V]
			u, w := cc.UV[0], cc.UV[1]
			o := &verts[nw]
			o.DstX, o.DstY, o.SrcX, o.SrcY = p.X, p.Y, u, w
			o.ColorR, o.ColorG, o.ColorB, o.ColorA = cc.Col.R*p.L.R, cc.Col.G*p.L.G, cc.Col.B*p.L.B, alpha*cc.Alpha
			o.Custom0, o.Custom1, o.Custom2, o.Custom3 = u*p.IW, w*p.IW, p.IW, 0 // unfogged
			bounds.add(p.X, p.Y)
			nv++
			nw++
		}
		tr.V[0] = s.out
		c = ct.C[1]
		s = &cslot[c]
		if s.stamp != stamp {
			s.stamp, s.out = stamp, nv
			cc := &corners[c]
			p := &proj[cc.V]
			u, w := cc.UV[0], cc.UV[1]
			o := &verts[nw]
			o.DstX, o.DstY, o.SrcX, o.SrcY = p.X, p.Y, u, w
			o.ColorR, o.ColorG, o.ColorB, o.ColorA = cc.Col.R*p.L.R, cc.Col.G*p.L.G, cc.Col.B*p.L.B, alpha*cc.Alpha
			o.Custom0, o.Custom1, o.Custom2, o.Custom3 = u*p.IW, w*p.IW, p.IW, 0 // unfogged
			bounds.add(p.X, p.Y)
			nv++
			nw++
		}
		tr.V[1] = s.out
		c = ct.C[2]
		s = &cslot[c]
		if s.stamp != stamp {
			s.stamp, s.out = stamp, nv
			cc := &corners[c]
			p := &proj[cc.V]
			u, w := cc.UV[0], cc.UV[1]
			o := &verts[nw]
			o.DstX, o.DstY, o.SrcX, o.SrcY = p.X, p.Y, u, w
			o.ColorR, o.ColorG, o.ColorB, o.ColorA = cc.Col.R*p.L.R, cc.Col.G*p.L.G, cc.Col.B*p.L.B, alpha*cc.Alpha
			o.Custom0, o.Custom1, o.Custom2, o.Custom3 = u*p.IW, w*p.IW, p.IW, 0 // unfogged
			bounds.add(p.X, p.Y)
			nv++
			nw++
		}
		tr.V[2] = s.out
		tr.Owner, tr.Blend, tr.Solid = owner, ct.Additive, ct.Solid1
		if !sa1 {
			tr.Solid = sa*ct.Opaque >= 1
		}
		keys[nt] = ^math.Float32bits(d)
		vals[nt] = uint32(nt0 + nt)
	}
	r.tris = r.tris[:nt0+nt]
	list.keys, list.vals = list.keys[:nk0+nt], list.vals[:nk0+nt]
	r.Verts = r.Verts[:nv]
	if mesh.ctriAdd && !r.anyAdditive { // whether a triangle recorded is additive
		for k := range tris[:nt] {
			if tris[k].Blend {
				r.anyAdditive = true
				break
			}
		}
	}
	return bounds, nt
}

// cornerRun records the triangles vis[i:] up to the first that does not
// take the corner path (a back side, one cut at the near plane or with a
// vertex lit by its triangle's), as meshTris describes, and returns that
// triangle's place (len(vis) for none) and how many it recorded. Its
// loop makes no call: the output slices are grown for the whole run
// first.
func (r *Renderer) cornerRun(list *triList, mesh *Mesh, vis []int32, i int, owner int32, alpha float32, stamp uint32, lit bool) (int, int) {
	ctris, ncorners := mesh.ctris, len(mesh.corners)
	rest := len(vis) - i
	nt0, nk0, nv0 := len(r.tris), len(list.keys), len(r.Verts)
	if cap(r.tris)-nt0 < rest {
		r.tris = slices.Grow(r.tris, rest)
	}
	if cap(list.keys)-nk0 < rest || cap(list.vals)-nk0 < rest {
		list.keys = slices.Grow(list.keys, rest)
		list.vals = slices.Grow(list.vals, rest)
	}
	if cap(r.Verts)-nv0 < ncorners {
		r.Verts = slices.Grow(r.Verts, ncorners)
	}
	tris := r.tris[nt0 : nt0+rest]
	keys, vals := list.keys[nk0:nk0+rest], list.vals[nk0:nk0+rest]
	b := r.bufs
	zo, cslot, cnew := &b.zo, &b.cslot, &b.cnew
	// A triangle is Solid when opaque at the object's alpha, not
	// additive and not in the sky or a particle: sa·Opaque ≥ 1, with sa
	// 0 in those layers and Opaque 0 for an additive triangle.
	sa := alpha
	if r.particle || list == &r.skyList {
		sa = 0
	}
	nt, nc, nv := 0, r.ncnew, uint32(nv0)
	if lit {
		// A part projected by projectInsideLit: every side drawn is a
		// front side (no back side drawn) and no vertex has an outcode,
		// so every triangle takes this path: the loop without the tests.
		proj := &b.proj
		for ; i < len(vis); i++ {
			ct := &ctris[vis[i]]
			pa, pb, pc := &proj[ct.V[0]], &proj[ct.V[1]], &proj[ct.V[2]] // projectInsideLit's depths
			// The sort key's depth first: the vertices' records are then
			// dead, not kept on the stack through the corners.
			d := (pa.Z + pb.Z + pc.Z) / 3
			if d <= 0 { // max(d, 0)
				d = 0
			}
			// A part has at most 65535 corners, so nc stays below 1<<16.
			tr := &tris[nt]
			c := ct.C[0]
			s := &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[0] = s.out
			c = ct.C[1]
			s = &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[1] = s.out
			c = ct.C[2]
			s = &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[2] = s.out
			tr.Owner, tr.Blend, tr.Solid = owner, ct.Additive, sa*ct.Opaque >= 1
			keys[nt] = ^math.Float32bits(d)
			vals[nt] = uint32(nt0 + nt)
			nt++
		}
	} else {
		for ; i < len(vis); i++ {
			vi := vis[i]
			if vi < 0 {
				break // a back side
			}
			ct := &ctris[vi]
			pa, pb, pc := &zo[ct.V[0]], &zo[ct.V[1]], &zo[ct.V[2]]
			oa, ob, oc := pa.Out, pb.Out, pc.Out
			if (oa|ob|oc)&(outNear|outUnlit) != 0 {
				break
			}
			// emit's and put's path for a triangle wholly in front of the
			// near plane, from the shared projected vertices: dropped wholly
			// beyond the far plane or off one screen edge.
			if oa&ob&oc&outAway != 0 {
				continue
			}
			// The sort key's depth first: the vertices' records are then
			// dead, not kept on the stack through the corners.
			d := (pa.Z + pb.Z + pc.Z) / 3
			if d <= 0 { // max(d, 0)
				d = 0
			}
			// A part has at most 65535 corners, so nc stays below 1<<16.
			tr := &tris[nt]
			c := ct.C[0]
			s := &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[0] = s.out
			c = ct.C[1]
			s = &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[1] = s.out
			c = ct.C[2]
			s = &cslot[c]
			if s.stamp != stamp {
				s.stamp, s.out = stamp, nv
				cnew[uint16(nc)] = c
				nc++
				nv++
			}
			tr.V[2] = s.out
			tr.Owner, tr.Blend, tr.Solid = owner, ct.Additive, sa*ct.Opaque >= 1
			keys[nt] = ^math.Float32bits(d)
			vals[nt] = uint32(nt0 + nt)
			nt++
		}
	}
	r.tris = r.tris[:nt0+nt]
	list.keys, list.vals = list.keys[:nk0+nt], list.vals[:nk0+nt]
	r.Verts = r.Verts[:nv]
	r.ncnew = nc
	if mesh.ctriAdd && !r.anyAdditive { // whether a triangle recorded is additive
		for k := range tris[:nt] {
			if tris[k].Blend {
				r.anyAdditive = true
				break
			}
		}
	}
	return i, nt
}

// chooseSides is buildMeshInto's side choice in part space, for a part
// whose facingTerms are W and E: the front faces and the back faces of
// two-sided triangles (^i), not degenerate and not fully translucent at
// the object's opacity alpha, in order, their vertices stamped (r.vstamp).
// Its loop makes no call: vis is grown for every triangle first.
func (r *Renderer) chooseSides(planes []meshPlane, W float32, E physics.Vec3, mesh *Mesh, alpha float32, stamp uint32) []int32 {
	vis := slices.Grow(r.vis[:0], len(planes))[:len(planes)]
	vstamp := &r.bufs.vstamp
	// Every triangle is opaque enough when the least opaque one is.
	alphaEach := !(alpha*mesh.minAlpha > 0.01)
	tris := mesh.Tris
	n := 0
	if useAsm && !alphaEach && len(planes) > 0 {
		n = chooseSidesAsm(&planes[0], len(planes), &vis[0], &vstamp[0], stamp, W, E.X, E.Y, E.Z)
		r.vis = vis
		return vis[:n]
	}
	for i := range planes {
		pl := &planes[i]
		// facingN in part space: the camera-space n·a is det·(n·a − n·eye)
		// of the part-space plane, which W and E fold in.
		v := int32(i)
		if !(float32(W*pl.D)+float32(pl.N.X*E.X)+float32(pl.N.Y*E.Y)+float32(pl.N.Z*E.Z) > 0) {
			if !pl.Back {
				continue // a back face, or a degenerate triangle
			}
			v = ^v
		}
		if alphaEach && alpha*tris[i].Alpha <= 0.01 {
			continue // a fully translucent surface
		}
		vstamp[pl.V[0]], vstamp[pl.V[1]], vstamp[pl.V[2]] = stamp, stamp, stamp
		vis[n] = v
		n++
	}
	r.vis = vis
	return vis[:n]
}

// writeCorners writes the output vertex (verts[cslot[j].out]) of each
// corner j in cnew, lit and projected as proj[corners[j].V], for an
// object drawn at opacity alpha (srcX, srcY: the white source pixel;
// everything else comes from the corner), and returns their screen
// bounds.
func writeCorners(verts []Vertex, cnew []uint16, corners []meshCorner, cslot *[1 << 16]cornerSlot, proj *[1 << 16]projVert, alpha, srcX, srcY float32) Rect {
	bounds := emptyRect
	for _, j := range cnew {
		c := &corners[j]
		p := &proj[c.V]
		l := p.L
		if c.Lum > 0 {
			l = luminous(l, c.Lum)
		}
		u, w := srcX, srcY
		if c.Tex {
			u, w = c.UV[0], c.UV[1]
		}
		fog := p.Fog
		if c.AlphaTest {
			fog += AlphaTestFog
		}
		o := &verts[cslot[j].out]
		o.DstX, o.DstY, o.SrcX, o.SrcY = p.X, p.Y, u, w
		o.ColorR, o.ColorG, o.ColorB, o.ColorA = c.Col.R*l.R, c.Col.G*l.G, c.Col.B*l.B, alpha*c.Alpha
		o.Custom0, o.Custom1, o.Custom2, o.Custom3 = u*p.IW, w*p.IW, p.IW, fog
		bounds.add(p.X, p.Y)
	}
	return bounds
}

// writeTexCorners is writeCorners for a mesh whose corners are all
// textured, none luminous or alpha tested (Mesh.texCorners): the same
// vertices, from a loop without their tests.
func writeTexCorners(verts []Vertex, cnew []uint16, corners []meshCorner, cslot *[1 << 16]cornerSlot, proj *[1 << 16]projVert, alpha float32) Rect {
	bounds := emptyRect
	for _, j := range cnew {
		c := &corners[j]
		p := &proj[c.V]
		u, w := c.UV[0], c.UV[1]
		o := &verts[cslot[j].out]
		o.DstX, o.DstY, o.SrcX, o.SrcY = p.X, p.Y, u, w
		o.ColorR, o.ColorG, o.ColorB, o.ColorA = c.Col.R*p.L.R, c.Col.G*p.L.G, c.Col.B*p.L.B, alpha*c.Alpha
		o.Custom0, o.Custom1, o.Custom2, o.Custom3 = u*p.IW, w*p.IW, p.IW, p.Fog
		bounds.add(p.X, p.Y)
	}
	return bounds
}

// meshTriangle is buildMeshInto's path for a triangle that does not
// share its corners: a back side, a face without vertex normals (lit by
// its own normal), a triangle cut at the near plane (clipped, drawn by
// emit) or one of a mesh without corners. pa, pb, pc are its vertices
// lit and projected (r.proj), r.scratch their camera-space points.
func (r *Renderer) meshTriangle(list *triList, mesh *Mesh, t *meshTri, back, clipped bool, pa, pb, pc *projVert, camLight *Lighting, owner int32, alpha float32) {
	pts := r.scratch
	a, b, c := pts[t.A], pts[t.B], pts[t.C]
	col, sign := t.Front, float32(-1)
	if back {
		col, sign = t.Back, 1
	}
	la, lb, lc := pa.L, pb.L, pc.L
	if back || la.R < 0 || lb.R < 0 || lc.R < 0 {
		n := b.Sub(a).Cross(c.Sub(a))
		if n.Dot(n) == 0 {
			return // degenerate in camera space
		}
		fn := n.Scale(sign / n.Len())
		face := camLight.light(fn, 0)
		la, lb, lc = face, face, face
		if len(r.points) > 0 {
			// fn is the drawn side's outward normal in camera space.
			la, lb, lc = r.pointLit(face, a, fn), r.pointLit(face, b, fn), r.pointLit(face, c, fn)
			la, lb, lc = clamp1(la), clamp1(lb), clamp1(lc)
		}
	}
	if t.Lum > 0 {
		la, lb, lc = luminous(la, t.Lum), luminous(lb, t.Lum), luminous(lc, t.Lum)
	}
	var uv *[3][2]float32
	if t.Tex {
		uv = &t.UV
	}
	ta := alpha * t.Alpha
	r.alphaTest, r.additive = t.AlphaTest && t.Tex, t.Additive
	if clipped {
		r.emit(list, owner, a, b, c, mul(col, la), mul(col, lb), mul(col, lc), ta, uv)
		return
	}
	r.appendProjected(list, owner, (a.Z+b.Z+c.Z)/3, pa, pb, pc, mul(col, la), mul(col, lb), mul(col, lc), ta, uv)
}

// facingTerms returns the terms that choose a triangle's side in part
// space for a part drawn by m: the camera-space test n'·a' > 0 (or
// n'.Z > 0 in the map's parallel view) of facingN, for the part-space
// plane n·p = d of a triangle, is W·d + n·E > 0. With m's 3×3 block M
// (rows m0, m1, m2; a row vector p goes to p·M + t) and c0 = m1×m2,
// c1 = m2×m0, c2 = m0×m1 (M⁻¹'s columns times det M): n' = det M ·
// n·M⁻ᵀ, so n'·a' = det M·(d − n·eye) with the eye at −t·M⁻¹ in part
// space, which is det M·d + n·(t·c0, t·c1, t·c2); and n'.Z =
// n·(c0.Z, c1.Z, c2.Z). A part whose block is singular (det 0) returns
// nil planes: the caller tests its sides in camera space.
func facingTerms(m *physics.Mat4, parallel bool, planes []meshPlane) (float32, physics.Vec3, []meshPlane) {
	m0 := physics.Vec3{X: m[0][0], Y: m[0][1], Z: m[0][2]}
	m1 := physics.Vec3{X: m[1][0], Y: m[1][1], Z: m[1][2]}
	m2 := physics.Vec3{X: m[2][0], Y: m[2][1], Z: m[2][2]}
	c0, c1, c2 := m1.Cross(m2), m2.Cross(m0), m0.Cross(m1)
	det := m0.Dot(c0)
	if det == 0 || det != det {
		return 0, physics.Vec3{}, nil
	}
	if parallel {
		return 0, physics.Vec3{X: c0.Z, Y: c1.Z, Z: c2.Z}, planes
	}
	t := physics.Vec3{X: m[3][0], Y: m[3][1], Z: m[3][2]}
	return det, physics.Vec3{X: t.Dot(c0), Y: t.Dot(c1), Z: t.Dot(c2)}, planes
}

// projVert is a mesh vertex lit and projected once for all its
// triangles: screen point, inverse depth (1 in the map's parallel view),
// fog and light (L; unused by append); and for a vertex projected by
// projectInsideLit its camera depth (Z, which cornerRun's lit loops read
// there rather than in zOut; 32 bytes).
type projVert struct {
	X, Y, IW, Fog float32
	L             rgb
	Z             float32
}

// zOut is a mesh vertex's camera depth and the outcode bits of the tests
// emit and put make (outNear …) and outUnlit, apart from its projVert
// for the corner path, which reads nothing else.
type zOut struct {
	Z   float32
	Out uint32
	_   [2]uint32 // 16 bytes (cornerTri)
}

// A projVert's outcode bits: nearer than the near plane, beyond the far
// plane, off the screen's left, right, top or bottom edge; and without a
// vertex normal (lit by its triangle's).
const (
	outNear = 1 << iota
	outFar
	outLeft
	outRight
	outTop
	outBottom
	outUnlit
	// outAway: a triangle whose three corners share one of these bits
	// is not drawn.
	outAway = outFar | outLeft | outRight | outTop | outBottom
)

// partBufs are buildMeshInto's scratch for a part: its vertices in
// camera space (pts), lit and projected (proj), their depths and
// outcodes (zo) and stamps (vstamp), its corners' output vertices
// (cslot) and the corners reserved, in order (cnew). A mesh has at most
// 1<<16 vertices and corners (uint16 indices), so every array has an
// entry for every index and indexing them by one needs no bounds check.
type partBufs struct {
	pts    [1 << 16]physics.Vec3
	proj   [1 << 16]projVert
	zo     [1 << 16]zOut
	vstamp [1 << 16]uint32
	cslot  [1 << 16]cornerSlot
	cnew   [1 << 16]uint16
}

// cornerSlot is a mesh corner's output vertex (out, its index in Verts)
// when stamp is the part's (buildMeshInto).
type cornerSlot struct{ stamp, out uint32 }

// lightIndoors sets the light an object in cell is drawn in when the
// cell is an EnvCell the data has: the cell's lights over CellAmbient, or
// IndoorLight for a cell without lights (the caller restores Light and
// empties points afterwards). It reports whether it changed the light.
func (r *Renderer) lightIndoors(cell uint32, v *physics.Mat4) bool {
	if !IsEnvCell(cell) {
		return false
	}
	if r.interiors == nil {
		return false
	}
	c := r.envCell(cell)
	if c == nil {
		return false
	}
	bx, by := dat.BlockXY(c.id)
	l := IndoorLight
	if r.cellLights(c, r.cam.BlockOffset(bx, by), v) > 0 {
		l = Lighting{SunDir: IndoorLight.SunDir, Ambient: CellAmbient}
	}
	if r.Unlit {
		l = unlit(l)
		r.points = r.points[:0]
	}
	r.setLight(l)
	return true
}

// pointLit adds r.points' light at camera-space point p with camera-space
// normal n (any length) to l.
func (r *Renderer) pointLit(l rgb, p, n physics.Vec3) rgb {
	n = unitOrZero(n)
	for i := range r.points {
		c := r.points[i].Lit(p, n)
		l.R, l.G, l.B = l.R+c.R, l.G+c.G, l.B+c.B
	}
	return l
}

// rotate turns a part-space direction into camera space by m's rotation
// (its scale kept).
func rotate(m *physics.Mat4, n physics.Vec3) physics.Vec3 {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	return physics.Vec3{
		X: float32(n.X*m[0][0]) + float32(n.Y*m[1][0]) + float32(n.Z*m[2][0]),
		Y: float32(n.X*m[0][1]) + float32(n.Y*m[1][1]) + float32(n.Z*m[2][1]),
		Z: float32(n.X*m[0][2]) + float32(n.Y*m[1][2]) + float32(n.Z*m[2][2]),
	}
}

func clamp1(c rgb) rgb { return rgb{min(c.R, 1), min(c.G, 1), min(c.B, 1)} }

// luminous raises a light toward full bright by a surface's luminosity.
func luminous(c rgb, lum float32) rgb {
	return rgb{lum + float32((1-lum)*c.R), lum + float32((1-lum)*c.G), lum + float32((1-lum)*c.B)}
}

func mul(a, b rgb) rgb { return rgb{a.R * b.R, a.G * b.G, a.B * b.B} }

// facing reports whether a camera-space triangle, counter-clockwise seen
// from its front in render space, shows its front to the eye.
func (r *Renderer) facing(a, b, c physics.Vec3) bool {
	return r.facingN(b.Sub(a).Cross(c.Sub(a)), a)
}

// facingN is facing for the camera-space cross product n = (b−a)×(c−a):
// n is minus the outward normal (the camera basis is left-handed), so a
// front face has n·(a−eye) > 0, or n·view > 0 for the map's parallel view.
func (r *Renderer) facingN(n, a physics.Vec3) bool {
	if r.cam.Map {
		return n.Z > 0
	}
	return n.Dot(a) > 0
}

// buildParticles draws each live particle of an object's emitters as a
// camera-facing quad: the emitter's particle GfxObj's texture (its
// HWGfxObjID's first textured surface) at that GfxObj's size times the
// particle's scale, its opacity 1 − the particle's translucency, added to
// what lies under it when the surface is Additive. An emitter without a
// ParticleEmitterInfo, or whose GfxObj cannot be drawn, uses the soft spark
// (SparkTexture); flat without an atlas.
func (r *Renderer) buildParticles(o *components.View) {
	if o.Particle == nil {
		return
	}
	cell := o.Phys.Position.Cell
	if o.Pres != nil && o.Pres.Root.Cell != 0 {
		cell = o.Pres.Root.Cell
	}
	off := r.cam.ToRender(physics.Position{Cell: cell})
	up := physics.Vec3{Z: 1}
	r.particle = true
	defer func() { r.additive, r.particle = false, false }()
	for _, e := range o.Particle.Emitters {
		sp := r.particleSprite(e)
		r.additive = sp.additive
		c := sp.colour
		if !sp.additive && sp.lum < 1 {
			c = mul(c, clamp1(r.Light.light(up, sp.lum)))
		}
		for i := range e.Particles {
			p := &e.Particles[i]
			q := r.cam.ToCamera(e.Position(p).Add(off))
			if q.Z < NearPlane || q.Z > r.cam.far() {
				continue
			}
			a := (1 - p.Trans) * sp.alpha
			if a <= 0 {
				continue
			}
			x, y := r.cam.ScreenOf(q)
			h := max(1, sp.half*p.Scale*r.cam.PixelsPerUnit(q.Z))
			iw := 1 / q.Z
			w := [3]float32{iw, iw, iw} // the particle's own depth, for the depth test
			if !sp.tex {
				r.append(&r.scene, -1, q.Z, x-h, y-h, x+h, y-h, x+h, y+h, c, c, c, a, nil, w)
				r.append(&r.scene, -1, q.Z, x-h, y-h, x+h, y+h, x-h, y+h, c, c, c, a, nil, w)
				continue
			}
			u0, v0, u1, v1 := sp.u0, sp.v0, sp.u1, sp.v1
			r.append(&r.scene, -1, q.Z, x-h, y-h, x+h, y-h, x+h, y+h, c, c, c, a, &[3][2]float32{{u0, v0}, {u1, v0}, {u1, v1}}, w)
			r.append(&r.scene, -1, q.Z, x-h, y-h, x+h, y+h, x-h, y+h, c, c, c, a, &[3][2]float32{{u0, v0}, {u1, v1}, {u0, v1}}, w)
		}
	}
}

// sprite is how an emitter's particles are drawn: an atlas rectangle (tex)
// or a flat square, half a side of half units at scale 1, a colour, an
// opacity, a luminosity and a blend.
type sprite struct {
	tex            bool
	u0, v0, u1, v1 float32
	half           float32
	colour         rgb
	alpha, lum     float32
	additive       bool
}

// sparkHalf is the default particle's half size in units.
const sparkHalf = 0.12

// particleSprite returns how emitter e's particles are drawn (cached per
// GfxObj): its info's HWGfxObjID (else GfxObjID) mesh's textured surface,
// or the spark.
func (r *Renderer) particleSprite(e *managers.Emitter) *sprite {
	var id uint32
	if e.Info != nil {
		id = e.Info.HWGfxObjID
		if id == 0 {
			id = e.Info.GfxObjID
		}
	}
	if sp, ok := r.sprites[id]; ok {
		return sp
	}
	sp := &sprite{half: sparkHalf, colour: rgb{1, 0.85, 0.55}, alpha: 1, lum: 1}
	if rect, ok := r.spark(); ok {
		sp.tex = true
		sp.u0, sp.v0 = float32(rect.Min.X)+0.5, float32(rect.Min.Y)+0.5
		sp.u1, sp.v1 = float32(rect.Max.X)-0.5, float32(rect.Max.Y)-0.5
	}
	if m := r.meshOrNil(id); m != nil && len(m.Tris) > 0 {
		t := m.Tris[0]
		var ext float32
		for _, p := range m.Pos {
			ext = max(ext, abs32(p.X), abs32(p.Y), abs32(p.Z))
		}
		sp = &sprite{half: max(ext, 0.01), colour: t.Front, alpha: t.Alpha, lum: t.Lum, additive: t.Additive}
		if t.Tex {
			sp.tex = true
			sp.u0, sp.v0, sp.u1, sp.v1 = math.MaxFloat32, math.MaxFloat32, -math.MaxFloat32, -math.MaxFloat32
			for _, mt := range m.Tris {
				if !mt.Tex {
					continue
				}
				for _, uv := range mt.UV {
					sp.u0, sp.v0 = min(sp.u0, uv[0]), min(sp.v0, uv[1])
					sp.u1, sp.v1 = max(sp.u1, uv[0]), max(sp.v1, uv[1])
				}
			}
			sp.colour = rgb{1, 1, 1}
		}
	}
	if r.sprites == nil {
		r.sprites = map[uint32]*sprite{}
	}
	r.sprites[id] = sp
	return sp
}

// meshOrNil is Mesh for a nonzero id.
func (r *Renderer) meshOrNil(id uint32) *Mesh {
	if id == 0 {
		return nil
	}
	return r.Mesh(id)
}

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// sparkKey is the atlas key of the particle texture (above every Surface
// id, palette code and ObjDesc variant key).
const sparkKey = 0xFFFFFFF0

// spark returns the particle texture's atlas rectangle, packing it the
// first time; false without an atlas.
func (r *Renderer) spark() (image.Rectangle, bool) {
	if r.Atlas == nil {
		return image.Rectangle{}, false
	}
	if rect, ok := r.Atlas.Rect(sparkKey); ok {
		return rect, true
	}
	return r.Atlas.Add(sparkKey, SparkTexture())
}

// SparkTexture is the particles' texture: a white disc whose alpha falls
// off smoothly from the centre, 16×16: the particles of emitters without
// a ParticleEmitterInfo or a drawable GfxObj (PM-02), and the sun's disc.
func SparkTexture() *image.NRGBA {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			dx, dy := float32(float32((float32(x)+0.5)/n)*2)-1, float32(float32((float32(y)+0.5)/n)*2)-1
			d := min(float32(math.Sqrt(float64(float32(dx*dx)+float32(dy*dy)))), 1)
			a := (1 - d) * (1 - d)
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 0xFF, 0xFF, 0xFF, uint8(float32(a*255)+0.5)
		}
	}
	return img
}

// emit clips a camera-space triangle against the near plane and appends
// what remains to list. uv holds the corners' atlas coordinates of a
// textured triangle (nil: the white pixel).
func (r *Renderer) emit(list *triList, owner int32, a, b, c physics.Vec3, ca, cb, cc rgb, alpha float32, uv *[3][2]float32) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	near := float32(NearPlane)
	if r.cam.Map {
		near = -mapHeight * 4
	}
	in := 0
	if a.Z >= near {
		in++
	}
	if b.Z >= near {
		in++
	}
	if c.Z >= near {
		in++
	}
	switch in {
	case 0:
		return
	case 3:
		r.put(list, owner, a, b, c, ca, cb, cc, alpha, uv)
		return
	}
	// Sutherland–Hodgman against z = near: at most four points.
	var pts [4]physics.Vec3
	var cols [4]rgb
	var uvs [4][2]float32
	n := 0
	src := [3]physics.Vec3{a, b, c}
	sc := [3]rgb{ca, cb, cc}
	var su [3][2]float32
	if uv != nil {
		su = *uv
	}
	for i := 0; i < 3; i++ {
		p, q := src[i], src[(i+1)%3]
		pc, qc := sc[i], sc[(i+1)%3]
		pu, qu := su[i], su[(i+1)%3]
		pin, qin := p.Z >= near, q.Z >= near
		if pin {
			pts[n], cols[n], uvs[n] = p, pc, pu
			n++
		}
		if pin != qin {
			t := (near - p.Z) / (q.Z - p.Z)
			pts[n] = p.Add(q.Sub(p).Scale(t))
			cols[n] = rgb{pc.R + float32((qc.R-pc.R)*t), pc.G + float32((qc.G-pc.G)*t), pc.B + float32((qc.B-pc.B)*t)}
			uvs[n] = [2]float32{pu[0] + float32((qu[0]-pu[0])*t), pu[1] + float32((qu[1]-pu[1])*t)}
			n++
		}
	}
	for i := 1; i+1 < n; i++ {
		var tuv *[3][2]float32
		if uv != nil {
			tuv = &[3][2]float32{uvs[0], uvs[i], uvs[i+1]}
		}
		r.put(list, owner, pts[0], pts[i], pts[i+1], cols[0], cols[i], cols[i+1], alpha, tuv)
	}
}

// put projects a triangle in front of the near plane and appends it,
// dropping it when it lies wholly beyond the far plane or off one screen
// edge.
func (r *Renderer) put(list *triList, owner int32, a, b, c physics.Vec3, ca, cb, cc rgb, alpha float32, uv *[3][2]float32) {
	far := r.cam.far()
	if a.Z > far && b.Z > far && c.Z > far {
		return
	}
	ax, ay := r.cam.ScreenOf(a)
	bx, by := r.cam.ScreenOf(b)
	cx, cy := r.cam.ScreenOf(c)
	w, h := float32(r.cam.W), float32(r.cam.H)
	if (ax < 0 && bx < 0 && cx < 0) || (ay < 0 && by < 0 && cy < 0) ||
		(ax > w && bx > w && cx > w) || (ay > h && by > h && cy > h) {
		return
	}
	depth := (a.Z + b.Z + c.Z) / 3
	iw := flatW
	if !r.cam.Map {
		iw = [3]float32{1 / a.Z, 1 / b.Z, 1 / c.Z}
	}
	r.append(list, owner, depth, ax, ay, bx, by, cx, cy, ca, cb, cc, alpha, uv, iw)
}

// flatW is the inverse depth of vertices drawn without perspective (the
// map's parallel view, screen-space quads): 1, so the perspective-correct
// texture coordinates equal the affine ones.
var flatW = [3]float32{1, 1, 1}

// append adds a projected triangle. Each vertex carries its atlas
// coordinate twice: in SrcX, SrcY for an affine draw, and divided by its
// camera depth in Custom0, Custom1 with the inverse depth iw in Custom2,
// so a shader recovers the perspective-correct coordinate per pixel
// (Custom0/Custom2, Custom1/Custom2).
func (r *Renderer) append(list *triList, owner int32, depth, ax, ay, bx, by, cx, cy float32, ca, cb, cc rgb, alpha float32, uv *[3][2]float32, iw [3]float32) {
	var pv [3]projVert
	pv[0], pv[1], pv[2] = projVert{X: ax, Y: ay, IW: iw[0]}, projVert{X: bx, Y: by, IW: iw[1]}, projVert{X: cx, Y: cy, IW: iw[2]}
	if !r.cam.Map && r.Light.FogMax > 0 && list != &r.skyList {
		for i := range pv {
			pv[i].Fog = r.Light.FogAt(1 / iw[i])
		}
	}
	r.appendProjected(list, owner, depth, &pv[0], &pv[1], &pv[2], ca, cb, cc, alpha, uv)
}

// appendProjected is append for corners whose fog is worked out (0 where
// the layer is not fogged; the alpha test's AlphaTestFog is added here).
func (r *Renderer) appendProjected(list *triList, owner int32, depth float32, pa, pb, pc *projVert, ca, cb, cc rgb, alpha float32, uv *[3][2]float32) {
	n := len(r.Verts)
	if n+3 > cap(r.Verts) {
		r.Verts = append(r.Verts, make([]Vertex, 3)...)
	}
	r.Verts = r.Verts[:n+3]
	v := r.Verts[n : n+3 : n+3]
	sx, sy := r.SrcX, r.SrcY
	var uva, uvb, uvc [2]float32 = [2]float32{sx, sy}, [2]float32{sx, sy}, [2]float32{sx, sy}
	if uv != nil {
		uva, uvb, uvc = uv[0], uv[1], uv[2]
	}
	v[0] = Vertex{DstX: pa.X, DstY: pa.Y, SrcX: uva[0], SrcY: uva[1], ColorR: ca.R, ColorG: ca.G, ColorB: ca.B, ColorA: alpha,
		Custom0: uva[0] * pa.IW, Custom1: uva[1] * pa.IW, Custom2: pa.IW, Custom3: pa.Fog}
	v[1] = Vertex{DstX: pb.X, DstY: pb.Y, SrcX: uvb[0], SrcY: uvb[1], ColorR: cb.R, ColorG: cb.G, ColorB: cb.B, ColorA: alpha,
		Custom0: uvb[0] * pb.IW, Custom1: uvb[1] * pb.IW, Custom2: pb.IW, Custom3: pb.Fog}
	v[2] = Vertex{DstX: pc.X, DstY: pc.Y, SrcX: uvc[0], SrcY: uvc[1], ColorR: cc.R, ColorG: cc.G, ColorB: cc.B, ColorA: alpha,
		Custom0: uvc[0] * pc.IW, Custom1: uvc[1] * pc.IW, Custom2: pc.IW, Custom3: pc.Fog}
	if r.alphaTest {
		v[0].Custom3 += AlphaTestFog
		v[1].Custom3 += AlphaTestFog
		v[2].Custom3 += AlphaTestFog
	}
	if r.detail > 0 {
		sx := r.detailOrg[0] + float32(DetailSlotStride*float32(r.detail-1))
		for i := range v {
			v[i].SrcX, v[i].SrcY = sx, r.detailOrg[1]
			v[i].Custom3 += DetailFog
		}
	}
	if owner >= 0 {
		d := &r.Drawn[owner]
		d.Bounds.Add(pa.X, pa.Y)
		d.Bounds.Add(pb.X, pb.Y)
		d.Bounds.Add(pc.X, pc.Y)
	} else if list == &r.terrain {
		r.TerrainBounds.Add(pa.X, pa.Y)
		r.TerrainBounds.Add(pb.X, pb.Y)
		r.TerrainBounds.Add(pc.X, pc.Y)
	}
	r.addTri(list, owner, depth, alpha, uint32(n), uint32(n+1), uint32(n+2))
}

// addTri records a triangle of Verts[a], Verts[b], Verts[c] (written,
// with the owner's bounds grown over them): its vertices, owner, blend
// and depth flags, and its sort key in list.
func (r *Renderer) addTri(list *triList, owner int32, depth, alpha float32, a, b, c uint32) {
	t := uint32(len(r.tris))
	r.tris = append(r.tris, triRec{V: [3]uint32{a, b, c}, Owner: owner, Blend: r.additive,
		Solid: alpha >= 1 && !r.additive && !r.particle && list != &r.skyList})
	r.anyAdditive = r.anyAdditive || r.additive
	// Far first: a larger depth must sort earlier, so the key is the
	// complement of the (positive) float's bits; negative depths (map
	// mode above the eye plane never happens) clamp to zero.
	list.keys = append(list.keys, ^math.Float32bits(max(depth, 0)))
	list.vals = append(list.vals, t)
	if owner >= 0 {
		r.Drawn[owner].Tris++
	}
}

// sort orders a layer by key with a stable LSD radix sort, so equal
// depths keep emission order. A large layer whose keys share their top
// four bits is sorted by the keys' low 28 (sortRaw14); otherwise it
// sorts the keys less the least one
// (the same order): in two passes of 11 bits when they span fewer than
// 2²² values, of 14 when fewer than 2²⁸ (a frame's depths from about 2
// to 500 units), else in three of 11, 11 and 10.
func (r *Renderer) sort(l *triList) {
	n := len(l.keys)
	if n < 2 {
		return
	}
	if cap(r.tmpK) < n {
		r.tmpK = make([]uint32, n)
		r.tmpV = make([]uint32, n)
	}
	srcK, srcV := l.keys, l.vals[:n]
	dstK, dstV := r.tmpK[:n], r.tmpV[:n]
	// A large layer whose keys share their bits above the lowest 28
	// (sortRaw14); a smaller one takes the digits that fit its span:
	// clearing and summing 2·2¹⁴ counts is not then worth it.
	if n >= 1<<13 && r.sortRaw14(l) {
		return
	}
	counts := &r.sortCounts
	lo, hi := keySpan(srcK)
	span := hi - lo
	if span == 0 {
		return // every key equal: the order stays
	}
	width, passes := uint(11), 3
	switch w := bits.Len32(span); {
	case w <= 22:
		passes = 2
	case w <= 28:
		width, passes = 14, 2
	}
	mask := uint32(1)<<width - 1
	// The digits' counts in one read of the keys (a pass does not
	// change how many keys hold each digit).
	for p := 0; p < passes; p++ {
		clear(counts[p][:mask+2])
	}
	switch passes {
	case 2:
		radixCount(srcK, &counts[0], &counts[1], lo, width, mask)
	default:
		c0, c1, c2 := &counts[0], &counts[1], &counts[2]
		for _, k := range srcK {
			k -= lo
			c0[(k&0x7FF)+1]++
			c1[(k>>11&0x7FF)+1]++
			c2[(k>>22)+1]++
		}
	}
	if passes == 2 {
		// Through pairs of key and value: the low digit's pass from the
		// layer to r.pairs, the high digit's back.
		for p := 0; p < 2; p++ {
			count := counts[p][:mask+2]
			for i := 1; i < len(count); i++ {
				count[i] += count[i-1]
			}
		}
		if cap(r.pairs) < n {
			r.pairs = make([][2]uint32, n+n/4)
		}
		pairs := r.pairs[:n]
		radixLow(srcK, srcV, pairs, &counts[0], lo, mask)
		radixHigh(pairs, l.keys, l.vals, &counts[1], lo, width)
		return
	}
	for pass, shift := 0, uint(0); pass < passes; pass, shift = pass+1, shift+width {
		count := counts[pass][:mask+2]
		if int(count[((srcK[0]-lo)>>shift&mask)+1]) == n {
			continue // every key shares this digit: the pass would not move anything
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		radixPass(srcK, srcV, dstK, dstV, count[:mask+1], lo, shift, mask)
		srcK, dstK = dstK, srcK
		srcV, dstV = dstV, srcV
	}
	if &srcK[0] != &l.keys[0] {
		copy(l.keys, srcK)
		copy(l.vals, srcV)
	}
}

// sortRaw14 is sort for a layer whose keys share the bits above the
// lowest 28 (its depths within 2⁵ octaves of one power of two, 2 to 500
// units say): sorting by those 28 bits is then sorting by the keys, in
// two passes of 14-bit digits of the keys themselves, counted in the
// one read that finds the shared bits. It reports false, the layer
// untouched, when the keys do not share them.
func (r *Renderer) sortRaw14(l *triList) bool {
	n := len(l.keys)
	counts := &r.sortCounts
	clear(counts[0][:])
	clear(counts[1][:])
	if and, or := radixCount14(l.keys, &counts[0], &counts[1]); (and^or)>>28 != 0 {
		return false
	}
	for p := 0; p < 2; p++ {
		count := counts[p][:]
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
	}
	if cap(r.pairs) < n {
		r.pairs = make([][2]uint32, n+n/4)
	}
	pairs := r.pairs[:n]
	radixLow14(l.keys, l.vals[:n], pairs, &counts[0])
	radixHigh14(pairs, l.keys, l.vals, &counts[1])
	return true
}

// radixPass moves each key of srcK (less lo) and its value to dst at
// its digit's next place (count, the digits' running starts), in order.
// A function of its own, so that its loop keeps everything in registers.
//
//go:noinline
func radixPass(srcK, srcV, dstK, dstV []uint32, count []int32, lo uint32, shift uint, mask uint32) {
	srcV = srcV[:len(srcK)]
	for i, k := range srcK {
		b := (k - lo) >> shift & mask
		c := count[b]
		dstK[c] = k
		dstV[c] = srcV[i]
		count[b] = c + 1
	}
}

// keySpan returns the least and the greatest key.
//
//go:noinline
func keySpan(keys []uint32) (lo, hi uint32) {
	lo, hi = keys[0], keys[0]
	for _, k := range keys {
		if k < lo {
			lo = k
		}
		if k > hi {
			hi = k
		}
	}
	return lo, hi
}

// radixCount counts the keys (less lo) by their low digit in c0 and by
// the digit above it in c1, each at the digit + 1.
//
//go:noinline
func radixCount(keys []uint32, c0, c1 *[1<<14 + 1]int32, lo uint32, width uint, mask uint32) {
	width &= 31
	for _, k := range keys {
		k -= lo
		c0[(k&mask&(1<<14-1))+1]++
		c1[(k>>width&mask&(1<<14-1))+1]++
	}
}

// radixLow is sort's first pass of two: each key (less lo) and its
// value go to pairs at their low digit's next place (count: the digits'
// running starts, from index 0), in order. Its own function, so that its
// loop keeps its values in registers.
//
//go:noinline
func radixLow(keys, vals []uint32, pairs [][2]uint32, count *[1<<14 + 1]int32, lo, mask uint32) {
	vals = vals[:len(keys)]
	for i, k := range keys {
		b := (k - lo) & mask & (1<<14 - 1)
		c := count[b]
		pairs[c] = [2]uint32{k, vals[i]}
		count[b] = c + 1
	}
}

// radixHigh is sort's second pass of two, from pairs back to keys and
// vals by the digit above the low width bits (the keys less lo span
// fewer than 2^(2·width) values, so that digit is below 2^width: no
// mask).
//
//go:noinline
func radixHigh(pairs [][2]uint32, keys, vals []uint32, count *[1<<14 + 1]int32, lo uint32, width uint) {
	width &= 31
	for i := range pairs {
		k, v := pairs[i][0], pairs[i][1] // not the pair as a value: it went through the stack
		b := (k - lo) >> width & (1<<14 - 1)
		c := count[b]
		keys[c] = k
		vals[c] = v
		count[b] = c + 1
	}
}

// radixCount14 counts the keys by their low 14 bits in c0 and by the
// 14 above in c1, each at the digit + 1, and returns the AND and the OR
// of every key.
//
//go:noinline
func radixCount14(keys []uint32, c0, c1 *[1<<14 + 1]int32) (and, or uint32) {
	if useAsm && len(keys) > 0 {
		return radixCount14Asm(&keys[0], len(keys), c0, c1)
	}
	and, or = ^uint32(0), 0
	for _, k := range keys {
		and &= k
		or |= k
		c0[(k&(1<<14-1))+1]++
		c1[(k>>14&(1<<14-1))+1]++
	}
	return and, or
}

// radixLow14 is radixLow by the keys' low 14 bits.
//
//go:noinline
func radixLow14(keys, vals []uint32, pairs [][2]uint32, count *[1<<14 + 1]int32) {
	vals = vals[:len(keys)]
	pairs = pairs[:len(keys)]
	if useAsm && len(keys) > 0 {
		radixLow14Asm(&keys[0], &vals[0], len(keys), &pairs[0], count)
		return
	}
	for i, k := range keys {
		b := k & (1<<14 - 1)
		c := count[b]
		pairs[c] = [2]uint32{k, vals[i]}
		count[b] = c + 1
	}
}

// radixHigh14 is radixHigh by the keys' bits 14 to 27.
//
//go:noinline
func radixHigh14(pairs [][2]uint32, keys, vals []uint32, count *[1<<14 + 1]int32) {
	if useAsm && len(pairs) > 0 {
		keys, vals = keys[:len(pairs)], vals[:len(pairs)]
		radixHigh14Asm(&pairs[0], len(pairs), &keys[0], &vals[0], count)
		return
	}
	for i := range pairs {
		k, v := pairs[i][0], pairs[i][1]
		b := k >> 14 & (1<<14 - 1)
		c := count[b]
		keys[c] = k
		vals[c] = v
		count[b] = c + 1
	}
}

// Pick returns the guid of the object whose drawn triangle is front-most
// at screen point (x, y), or 0.
func (r *Renderer) Pick(x, y float32) uint32 {
	vals := r.scene.vals
	for i := len(vals) - 1; i >= 0; i-- {
		t := vals[i]
		o := r.tris[t].Owner
		if o < 0 {
			continue
		}
		k := &r.tris[t].V
		a, b, c := &r.Verts[k[0]], &r.Verts[k[1]], &r.Verts[k[2]]
		if inTriangle(x, y, a.DstX, a.DstY, b.DstX, b.DstY, c.DstX, c.DstY) {
			return r.Drawn[o].GUID
		}
	}
	return 0
}

// inTriangle reports whether (px, py) lies inside or on the triangle,
// whichever its winding.
func inTriangle(px, py, ax, ay, bx, by, cx, cy float32) bool {
	d1 := float32((px-bx)*(ay-by)) - float32((ax-bx)*(py-by))
	d2 := float32((px-cx)*(by-cy)) - float32((bx-cx)*(py-cy))
	d3 := float32((px-ax)*(cy-ay)) - float32((cx-ax)*(py-ay))
	neg := d1 < 0 || d2 < 0 || d3 < 0
	pos := d1 > 0 || d2 > 0 || d3 > 0
	return !(neg && pos)
}

// GroundZ returns the terrain height under a render-space point of cam's
// render space, and false where no landblock is loaded. The height is
// dat.TerrainHeight, the function the simulation's ground uses.
func (r *Renderer) GroundZ(cam *Camera, x, y float32) (float32, bool) {
	id, lx, ly, ok := cam.blockAt(x, y)
	if !ok {
		return 0, false
	}
	b := r.block(id)
	if b == nil {
		return 0, false
	}
	return dat.TerrainHeight(b.ID, &b.Z, lx, ly), true
}

// DrawnOf returns the drawn record of a guid.
func (r *Renderer) DrawnOf(guid uint32) (Drawn, bool) {
	for _, d := range r.Drawn {
		if d.GUID == guid {
			return d, true
		}
	}
	return Drawn{}, false
}

// affineMul returns a·b for affine row-vector matrices (last column
// 0, 0, 0, 1): the 3×3 block and the translation row only.
func affineMul(a, b *physics.Mat4) physics.Mat4 {
	var r physics.Mat4
	affineMulTo(&r, a, b)
	return r
}

// affineMulToGo is affineMul into *dst (not a or b), b's block read
// once: affineMulTo where no assembly is written (project_amd64.s), and
// the reference it is tested against.
func affineMulToGo(dst, a, b *physics.Mat4) {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64 and in the assembly twin
	// (docs/architecture.md, "No fused multiply-add").
	b00, b01, b02 := b[0][0], b[0][1], b[0][2]
	b10, b11, b12 := b[1][0], b[1][1], b[1][2]
	b20, b21, b22 := b[2][0], b[2][1], b[2][2]
	for i := 0; i < 3; i++ {
		x, y, z := a[i][0], a[i][1], a[i][2]
		dst[i] = [4]float32{float32(x*b00) + float32(y*b10) + float32(z*b20), float32(x*b01) + float32(y*b11) + float32(z*b21), float32(x*b02) + float32(y*b12) + float32(z*b22), 0}
	}
	x, y, z := a[3][0], a[3][1], a[3][2]
	dst[3] = [4]float32{float32(x*b00) + float32(y*b10) + float32(z*b20) + b[3][0], float32(x*b01) + float32(y*b11) + float32(z*b21) + b[3][1], float32(x*b02) + float32(y*b12) + float32(z*b22) + b[3][2], 1}
}
