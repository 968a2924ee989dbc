// Package managers holds the per-object managers of the retail update tail:
// MovementManager (which owns the motion interpreter and the
// MoveToManager), MoveToManager, PositionManager, TargetManager,
// DetectionManager, ParticleManager and ScriptManager. Each is plain Go
// state with the retail-named per-tick method the schedules call.
package managers
