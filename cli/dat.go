// Package cli implements dereth's command-line subcommands as functions
// over argument lists and writers, so main.go only dispatches and tests
// drive them directly.
package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/dat/sample"
)

const datUsage = `usage:
  dereth dat ls [--json] PATH        list every object: id, type, size
  dereth dat show [--json] PATH ID   print one decoded object
  dereth dat check PATH              decode every object; counts and errors

PATH is a DAT file, or sample:portal / sample:cell for the embedded sample
world. ID is hex (0x02000001) or decimal.
`

// Dat runs `dereth dat ...` with args after "dat" and returns the exit
// status: 0 on success, 1 on any error (reported on stderr), 2 on misuse.
func Dat(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, datUsage)
		return 2
	}
	var err error
	switch args[0] {
	case "ls":
		err = datLs(args[1:], stdout)
	case "show":
		err = datShow(args[1:], stdout)
	case "check":
		err = datCheck(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, datUsage)
		return 0
	default:
		err = usageError{fmt.Sprintf("unknown dat command %q", args[0])}
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "dereth dat: %s\n%s", ue.msg, datUsage)
		return 2
	default:
		fmt.Fprintf(stderr, "dereth dat: %v\n", err)
		return 1
	}
}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// errReported says check already printed its errors.
var errReported = errors.New("errors found")

func parseFlags(name string, args []string, want int) (jsonOut bool, rest []string, err error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	j := fs.Bool("json", false, "JSON output")
	if err := fs.Parse(args); err != nil {
		return false, nil, usageError{err.Error()}
	}
	if fs.NArg() != want {
		return false, nil, usageError{fmt.Sprintf("%s needs %d argument(s), got %d", name, want, fs.NArg())}
	}
	return *j, fs.Args(), nil
}

// openDAT opens a DAT file or one of the embedded sample files.
func openDAT(path string) (*dat.Container, error) {
	switch path {
	case sample.PortalName:
		return sample.Portal()
	case sample.CellName:
		return sample.Cell()
	}
	if strings.HasPrefix(path, "sample:") {
		return nil, fmt.Errorf("unknown sample file %q (sample:portal or sample:cell)", path)
	}
	return dat.OpenFile(path)
}

func parseID(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil && len(s) == 8 {
		v, err = strconv.ParseUint(s, 16, 32)
	}
	if err != nil {
		return 0, usageError{fmt.Sprintf("bad object id %q", s)}
	}
	return uint32(v), nil
}

func datLs(args []string, stdout io.Writer) error {
	jsonOut, rest, err := parseFlags("ls", args, 1)
	if err != nil {
		return err
	}
	c, err := openDAT(rest[0])
	if err != nil {
		return err
	}
	defer c.Close()
	w := bufio.NewWriter(stdout)
	var b []byte
	for _, e := range c.Entries() {
		t := dat.TypeOf(e.ID, c.Dataset())
		b = b[:0]
		if jsonOut {
			b = fmt.Appendf(b, "{\"id\":%d,\"type\":%q,\"size\":%d}\n", e.ID, t, e.Size)
		} else {
			b = fmt.Appendf(b, "0x%08X  %-18s %8d\n", e.ID, t, e.Size)
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return w.Flush()
}

func datShow(args []string, stdout io.Writer) error {
	jsonOut, rest, err := parseFlags("show", args, 2)
	if err != nil {
		return err
	}
	id, err := parseID(rest[1])
	if err != nil {
		return err
	}
	c, err := openDAT(rest[0])
	if err != nil {
		return err
	}
	defer c.Close()
	e, ok := c.Lookup(id)
	if !ok {
		return fmt.Errorf("%s: object 0x%08X: %w", c.Name(), id, dat.ErrNotFound)
	}
	t := dat.TypeOf(id, c.Dataset())
	if t == dat.TypeUnknown {
		return fmt.Errorf("%s: object 0x%08X: %w", c.Name(), id, dat.ErrUnknownType)
	}
	obj, err := c.Object(id)
	if err != nil {
		return err
	}
	if jsonOut {
		_, err = stdout.Write(append(dat.MarshalJSON(obj, ""), '\n'))
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s 0x%08X (%d bytes at 0x%X in %s)\n%s\n", t, id, e.Size, e.Offset, c.Name(), dat.Format(obj))
	return err
}

// terminal decides whether check draws a progress bar (tests replace it).
var terminal = isTerminal

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func datCheck(args []string, stdout, stderr io.Writer) error {
	_, rest, err := parseFlags("check", args, 1)
	if err != nil {
		return err
	}
	c, err := openDAT(rest[0])
	if err != nil {
		return err
	}
	defer c.Close()
	bar := terminal(stdout)
	entries := c.Entries()
	counts := map[dat.Type]int{}
	failed := map[dat.Type]int{}
	nerr := 0
	var buf []byte
	lastPct := -1
	if h := c.Header(); int64(h.FileSize) > c.Size() {
		nerr++
		fmt.Fprintf(stderr, "dat: %s: header file_size %d but the file is %d bytes: truncated\n", c.Name(), h.FileSize, c.Size())
	}
	for i, e := range entries {
		t := dat.TypeOf(e.ID, c.Dataset())
		counts[t]++
		var err error
		buf, err = c.ReadEntry(buf, e)
		if err == nil && t != dat.TypeUnknown {
			_, err = dat.Decode(t, e.ID, buf)
			var de *dat.DecodeError
			if errors.As(err, &de) {
				de.File = c.Name()
			}
		}
		if err != nil {
			if bar {
				fmt.Fprint(stdout, "\r\033[K")
				lastPct = -1
			}
			failed[t]++
			nerr++
			fmt.Fprintln(stderr, err)
		}
		if bar {
			if pct := (i + 1) * 100 / len(entries); pct != lastPct {
				lastPct = pct
				n := pct * 40 / 100
				fmt.Fprintf(stdout, "\r[%s%s] %3d%% %d/%d", strings.Repeat("#", n), strings.Repeat(".", 40-n), pct, i+1, len(entries))
			}
		}
	}
	if bar {
		fmt.Fprint(stdout, "\r\033[K")
	}
	types := make([]dat.Type, 0, len(counts))
	for t := range counts {
		types = append(types, t)
	}
	sort.Slice(types, func(i, j int) bool { return types[i] < types[j] })
	fmt.Fprintf(stdout, "%s: %s DAT, %d objects\n", c.Name(), c.Dataset(), len(entries))
	for _, t := range types {
		fmt.Fprintf(stdout, "  %-18s %7d", t, counts[t])
		if failed[t] > 0 {
			fmt.Fprintf(stdout, "  (%d bad)", failed[t])
		}
		if t == dat.TypeUnknown {
			fmt.Fprint(stdout, "  (not decoded)")
		}
		fmt.Fprintln(stdout)
	}
	if nerr > 0 {
		return fmt.Errorf("%s: %d of %d objects failed: %w", c.Name(), nerr, len(entries), errReported)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
