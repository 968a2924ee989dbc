//go:build race

package testbed

// slack widens the tests' wall-clock bounds under the race detector,
// which runs the Lua VM and the simulation ten to twenty times slower (on
// a loaded 2-core machine it needs the margin).
const slack = 20
