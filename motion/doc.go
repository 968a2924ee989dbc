// Package motion is the retail animation machine: CSequence (Sequence),
// CMotionTable (Table), MotionTableManager (TableManager), CMotionInterp
// (Interp), CPartArray's animation half and part poses (PartArray), and the
// motion-facing half of CPhysicsObj (Object) that wires them together.
//
// It is plain Go with no ECS or window import. The ECS schedules and the
// wire dispatcher drive it through the exported retail-named methods; the
// behaviour is pinned by seed 004 (Q1–Q7) and seed 002's part-pose rules,
// with ACE-derived arithmetic recorded in docs/divergences.md.
package motion
