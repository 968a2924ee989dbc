// Package dat reads and writes Asheron's Call DAT files: the container
// (header at 0x140, block chains, the B-tree directory; Open, OpenFile,
// OpenBytes, Builder) and the retail object types the rest of dereth runs on
// — GfxObj, Setup, Animation, MotionTable, PhysicsScript,
// PhysicsScriptTable, Surface, Palette, SurfaceTexture, RenderSurface,
// Region, Iteration, LandBlock, LandBlockInfo, EnvCell, Environment (with
// its CellStructs), Scene, ParticleEmitterInfo and GfxObjDegradeInfo — plus the LandDefs
// geometry of outdoor cells. Decoders check every count and offset against the bytes they have and return errors
// naming the file, type, id and offset; nothing panics on damaged input.
// Layouts: ../shared/docs/dat-format.md; choices it leaves open:
// docs/dat-notes.md.
package dat
