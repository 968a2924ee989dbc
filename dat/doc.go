// Package dat holds the retail DAT object types the rest of dereth runs on
// (Setup, Animation, MotionTable, ...) and, with the DAT issue, the container
// reader and writer that decode into them. Layouts: docs/dat-format.md.
package dat
