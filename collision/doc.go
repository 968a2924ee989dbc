// Package collision is the narrow phase and the transition of the
// retail physics (CTransition over a SpherePath): the sphere-versus-polygon
// queries of retail's BSP nodes and polygons (retail_bsp.go) over the
// physics BSPs of GfxObjs and of indoor cells' CellStructs, and over the
// terrain's LandCell triangles; indoor cells
// (Cell: what is inside them by their cell BSP, their portals); and
// Resolver.Transition, which carries an object's spheres from its position
// towards a candidate frame as the retail client does (below).
//
// Geometry is float32, as retail's is. Positions are landblock-local to the
// landblock of the cell the move starts in; the terrain, the indoor cells
// and the obstacles come from an Env: Broadphase, which takes each
// resident landblock's build (Landblock: heights, statics, scenery,
// EnvCells, as package stream built it) and the moving bodies the world
// hands it, one resolv space per landblock. The package draws nothing and knows
// no ECS.
//
// Resolver.Transition is the retail state machine itself, ported from
// ACE's reading of the client: FindTransitionalPosition's steps,
// AdjustOffset, TransitionalInsert with its OK/Adjusted/Slid/Collided
// states, ValidateWalkable on the terrain under the low point, the
// physics BSPs' find_collisions modes (placement, check walkable, step
// down, collide, contact: find_walkable, step_sphere_up/down, NegPolyHit),
// StepUp/StepDown/StepUpSlide, EdgeSlide with CliffSlide and
// PrecipiceSlide, other creatures' spheres, ValidateTransition with
// FramesStationaryFall. docs/divergences.md TR-01 says what of it is not
// recovered.
package collision
