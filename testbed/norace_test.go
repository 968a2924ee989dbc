//go:build !race

package testbed

// slack widens the tests' wall-clock bounds under the race detector
// (race_test.go); without it the bounds are as written.
const slack = 1
