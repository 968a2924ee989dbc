// Package systems runs dereth's retail update schedules over the object
// table: the ordinary schedule (CPhysicsObj::update_object and its
// UpdateObjectInternal tail), the static-object workset
// (CPhysicsObj::animate_static_object), process_hooks, and the frame
// orchestrator that publishes poses and drains deferred hooks (seed 000,
// seed 002). The stage order lives in one table per schedule (schedule.go);
// docs/schedule.md mirrors it and a test keeps the two in step.
package systems
