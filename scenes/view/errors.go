package view

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dereth/dereth/dat"
)

// ErrorLines explains an error for the error scene: the message wrapped to
// width columns, then, for a DAT error, the file, object and offset.
func ErrorLines(err error, width int) []string {
	var out []string
	for _, para := range strings.Split(err.Error(), "\n") {
		out = append(out, wrap(para, width)...)
	}
	var de *dat.Error
	if errors.As(err, &de) {
		out = append(out, "", "where:", "  file   "+de.File)
		if de.HasID {
			out = append(out, fmt.Sprintf("  object 0x%08X (%s)", de.ID, dat.TypeOf(de.ID, datasetOf(de.File))))
		} else if de.What != "" {
			out = append(out, "  in     "+de.What)
		}
		out = append(out, fmt.Sprintf("  offset 0x%X", de.Offset))
	}
	var dec *dat.DecodeError
	if errors.As(err, &dec) {
		out = append(out, "", fmt.Sprintf("decoding %s 0x%08X at byte 0x%X", dec.Type, dec.ID, dec.Offset))
	}
	return out
}

// datasetOf guesses the dataset from a DAT's file name, for naming an
// object's type.
func datasetOf(file string) dat.Dataset {
	if strings.Contains(strings.ToLower(file), "cell") {
		return dat.DatasetCell
	}
	return dat.DatasetPortal
}

func wrap(s string, width int) []string {
	var out []string
	for len(s) > width {
		cut := strings.LastIndex(s[:width], " ")
		if cut <= 0 {
			cut = width
		}
		out = append(out, s[:cut])
		s = strings.TrimLeft(s[cut:], " ")
	}
	return append(out, s)
}
