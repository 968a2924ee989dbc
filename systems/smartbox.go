package systems

// SmartBox is the retail SmartBox, the client's receiver of world
// messages: it applies each server message to the object table
// (ACSmartBox::DispatchSmartBoxEvent and the SmartBox::Handle* functions,
// inbound.go) and runs the local player's login and portal arrival behind
// the reveal barrier (teleport_in_progress, TeleportPlayer, the UseTime
// reveal; teleport.go). A World owns one; its methods reach the world
// only through the World's object table, clock and trace.
type SmartBox struct {
	w *World
	// travel is the arrival in progress.
	travel travel
	// TravelErr is the last login or portal placement error (an
	// unhydratable destination).
	TravelErr error
}
