// Package collision is the narrow phase and the transition of the
// retail physics (CTransition over a SpherePath): sphere-versus-polygon and
// swept-sphere queries over the physics BSPs of GfxObjs and over the
// terrain's LandCell triangles, and Resolve, which carries an object's
// spheres from its position towards a candidate frame in sub-steps no
// longer than its first sphere's radius, stopping at walls, sliding along
// them, stepping up and down and finding the ground.
//
// Geometry is float32, as retail's is. Positions are landblock-local to the
// landblock of the cell the move starts in; the terrain and the obstacles
// come from an Env. The package draws nothing and knows no ECS.
package collision
