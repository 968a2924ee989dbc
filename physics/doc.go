// Package physics holds the retail client's low-level math and constants:
// vectors, quaternions, the Frame (CFrame / AFrame) type, 4×4 pose matrices
// and the quantum clock constants. It imports nothing from dereth.
package physics
