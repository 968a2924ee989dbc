package world

import (
	"math"

	"github.com/dereth/dereth/dat"
)

// The sample land: WorldSide × WorldSide landblocks from (WorldX0, WorldY0)
// around the original 2×2 area (0xA9B4–0xAAB5), which keeps its heights,
// terrain words and objects exactly. Heights and terrain words are one
// function of the global vertex, so shared landblock edges match.
const (
	WorldX0   = 0xA4
	WorldY0   = 0xAF
	WorldSide = 12
)

// More terrain types the bigger world uses (ACE LandDefs TerrainType order).
const (
	terrainMarsh        = 4  // MarshSparseSwamp: meadows by the river
	terrainPatchyGrass  = 9  // PatchyGrassland: forest floor
	terrainSedimentary  = 13 // SedimentaryRock: high rock
	terrainSemiBarren   = 14 // SemiBarrenRock: hillside rock
	terrainWaterRunning = 16
)

// inOrigArea reports whether relative vertex (u, v) belongs to the
// original 2×2 area (vertices 0..16 each way, edges included).
func inOrigArea(u, v int) bool { return u >= 0 && u <= 16 && v >= 0 && v <= 16 }

// Town: a flat rectangle of relative vertices west of the original area,
// in landblock 0xA8B4 (TownBlock).
const townU0, townU1, townV0, townV1 = -8.5, -1.5, 2.0, 10.0

// townLevel is the town's flat height byte (the original area's west edge
// is 40–80 over the same rows, so the seam is gentle).
const townLevel = 58

func smoothstep(t float64) float64 {
	// Products are rounded (float64(a*b), float32(a*b)) before they are
	// added: no fused multiply-add, so go generate writes the same world on
	// every target (docs/architecture.md, "No fused multiply-add").
	t = min(max(t, 0), 1)
	return float64(t * t * (3 - 2*t))
}

// riverU is the river's centre line (relative u) at row v.
func riverU(v float64) float64 { return 44 + float64(4*math.Sin(v/7)) }

// lakeDist is the distance (in vertices) to the south-western lake's centre.
func lakeDist(u, v float64) float64 { return math.Hypot(u+26, v+24) }

// rectDist is the distance from (u, v) to the rectangle, 0 inside.
func rectDist(u, v, u0, u1, v0, v1 float64) float64 {
	dx := max(u0-u, 0, u-u1)
	dy := max(v0-v, 0, v-v1)
	return math.Hypot(dx, dy)
}

// newHeight is the height of the land around the original area: rolling
// hills, mountains rising in the north, a river valley in the east, a lake
// in the south-west, a flat town west of the original area.
func newHeight(u, v float64) float64 {
	h := 48 + float64(14*math.Sin(u/9)*math.Cos(v/11)) + float64(7*math.Sin((u-float64(2*v))/6))
	if v > 28 {
		h += float64((v - 28) * (v - 28) * 0.22)
	}
	if d := math.Abs(u - riverU(v)); d < 6 {
		h -= float64((6 - d) * 5)
	}
	if d := lakeDist(u, v); d < 9 {
		h -= float64((9 - d) * 5)
	}
	w := 1 - smoothstep(rectDist(u, v, townU0, townU1, townV0, townV1)/2)
	return float64(h*(1-w)) + float64(townLevel*w)
}

// heightAt returns the height byte at global vertex (gx, gy): the original
// area's function inside it, the new land outside, blended over three
// vertices so the original area's edges stay exactly as they were.
func heightAt(gx, gy int) uint8 {
	iu, iv := gx-areaX, gy-areaY
	if inOrigArea(iu, iv) {
		return byteHeight(origHeight(gx, gy))
	}
	u, v := float64(iu), float64(iv)
	d := rectDist(u, v, 0, 16, 0, 16)
	w := smoothstep(d / 3)
	cu, cv := min(max(iu, 0), 16), min(max(iv, 0), 16)
	return byteHeight(float64(origHeight(areaX+cu, areaY+cv)*(1-w)) + float64(newHeight(u, v)*w))
}

// terrainAt returns the terrain word at global vertex (gx, gy) with height
// byte h.
func terrainAt(gx, gy int, h uint8) uint16 {
	iu, iv := gx-areaX, gy-areaY
	if inOrigArea(iu, iv) {
		return origTerrainAt(gx, gy, h)
	}
	u, v := float64(iu), float64(iv)
	scenery := uint16(((iu*7+iv*3)%32 + 32) % 32)
	river, lake := math.Abs(u-riverU(v)), lakeDist(u, v)
	var typ uint16
	switch {
	case lake < 6:
		typ = terrainWaterFresh
	case river < 1.8:
		typ = terrainWaterRunning
	case lake < 7.5:
		typ = terrainSandYellow
	case river < 3.5:
		typ = terrainMarsh
	case h > 215:
		typ = terrainSnow
	case h > 185:
		typ = terrainSedimentary
	case h > 160:
		typ = terrainSemiBarren
	case rectDist(u, v, townU0, townU1, townV0, townV1) == 0:
		typ = terrainGrassland
	case rectDist(u, v, spawnWoodU0, spawnWoodU1, spawnWoodV0, spawnWoodV1) == 0,
		float64(math.Sin(u/5)*math.Cos(v/4))+math.Sin((u+v)/9) > 0.7:
		typ = terrainPatchyGrass
	case (iu+iv)%5 == 0:
		typ = terrainLushGrass
	default:
		typ = terrainGrassland
	}
	var road uint16
	if iv == 8 && (iu < 0 || iu > 16) || iu == townStreetU && iv >= -20 && iv < 8 {
		road, typ = 1, terrainPackedDirt
	}
	return dat.TerrainWord(road, typ, scenery)
}

// The wood south-west of the spawn and south of the town (relative
// vertices): its nearest trees are a short walk from the default spawn.
const spawnWoodU0, spawnWoodU1, spawnWoodV0, spawnWoodV1 = -11.0, -1.0, -9.0, 0.0

// townStreetU is the relative u of the town's north–south street.
const townStreetU = -4

// Scene types of the Region (indices into Region.Scene).
const (
	sceneTypeNone = iota
	sceneTypeBushes
	sceneTypeForest
	sceneTypeRocks
	sceneTypeMeadow
)

// regionScenes is the Region's scene-type table.
func regionScenes() []dat.SceneType {
	return []dat.SceneType{
		sceneTypeNone:   {},
		sceneTypeBushes: {Scenes: []uint32{SceneBushes}},
		sceneTypeForest: {Scenes: []uint32{SceneForest, ScenePines, SceneMeadow}},
		sceneTypeRocks:  {Scenes: []uint32{SceneRocks}},
		sceneTypeMeadow: {Scenes: []uint32{SceneMeadow}},
	}
}

// terrainSceneTypes is a terrain type's 32 scene types, one per terrain
// word scenery index. The original 2×2 area's terrain types get bushes
// only (Setups with no collision shapes), so nothing new blocks a walk
// there; trees and rocks grow on the new land's forest, meadow and rock
// types.
func terrainSceneTypes(t int) []uint32 {
	out := make([]uint32, 32)
	for i := range out {
		switch t {
		case terrainGrassland, terrainLushGrass:
			if i%4 == 0 {
				out[i] = sceneTypeBushes
			}
		case terrainPatchyGrass:
			out[i] = sceneTypeForest
		case terrainMarsh:
			out[i] = sceneTypeMeadow
		case terrainSedimentary, terrainSemiBarren:
			out[i] = sceneTypeRocks
		}
	}
	return out
}

// LandBlocks returns the ids 0xXXYYFFFF of the sample's outdoor landblocks,
// south-west to north-east, x-major.
func LandBlocks() []uint32 {
	var ids []uint32
	for x := WorldX0; x < WorldX0+WorldSide; x++ {
		for y := WorldY0; y < WorldY0+WorldSide; y++ {
			ids = append(ids, uint32(x)<<24|uint32(y)<<16|0xFFFF)
		}
	}
	return ids
}
