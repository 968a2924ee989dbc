// Package motioncmd is the retail motion command table (the MotionCommand
// enumeration): the 32-bit commands, their class masks, their 16-bit wire
// forms and their names. It imports nothing of dereth; protocol (the wire
// codecs) and motion (the animation machine) both read it.
package motioncmd
