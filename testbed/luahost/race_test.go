//go:build race

package luahost

// slack widens the tests' wall-clock bounds (and the wall-clock limits of
// runs that must end on their instruction budget) under the race
// detector, which runs gopher-lua's VM about ten to twenty times slower;
// on a loaded 2-core machine it needs the margin.
const slack = 20
