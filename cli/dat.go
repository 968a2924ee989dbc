package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/sampleworld"
)

// datArgs explains the arguments every dat command takes.
const datArgs = `PATH is a DAT file, or sample:portal / sample:cell for the embedded sample
world. ID is hex (0x02000001) or decimal.
`

// datCommand is one `dereth dat` subcommand.
type datCommand struct {
	name    string
	args    string // the positional arguments, one word each
	summary string
	json    bool // takes --json
	// run does the work on the checked positional arguments; a usageError
	// is reported as misuse (exit 2), any other error as a failure (1).
	run func(args []string, jsonOut bool, stdout, stderr io.Writer) error
}

// datCommands are the dat subcommands in the order help lists them.
var datCommands = []datCommand{
	{"ls", "PATH", "list every object: id, type, size", true, datLs},
	{"show", "PATH ID", "print one decoded object", true, datShow},
	{"check", "PATH", "decode every object; counts and errors", false, datCheck},
	{"export", "DIR", "write the sample world as DIR/client_portal.dat and DIR/client_cell_1.dat", false, datExport},
}

// datExport writes the embedded sample world's DATs into dir (created
// when missing) under retail's names, so `--dat DIR` can be tried at once;
// it refuses to overwrite a DAT already there.
func datExport(args []string, _ bool, stdout, _ io.Writer) error {
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := []struct {
		name string
		b    []byte
	}{{"client_portal.dat", sampleworld.PortalBytes()}, {"client_cell_1.dat", sampleworld.CellBytes()}}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists; not overwriting it", path)
		}
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, f.b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", path, len(f.b))
	}
	fmt.Fprintf(stdout, "try: dereth --dat %s\n", dir)
	return nil
}

// datNames lists the dat subcommands, for `dereth help dat SUB`.
func datNames() []string {
	names := make([]string, len(datCommands))
	for i, c := range datCommands {
		names[i] = c.name
	}
	return names
}

// usage is the subcommand's usage line, without "usage: ".
func (c datCommand) usage() string {
	if c.json {
		return "dereth dat " + c.name + " [--json] " + c.args
	}
	return "dereth dat " + c.name + " " + c.args
}

// Dat runs `dereth dat ls|show|check ...` with args after "dat" and
// returns the exit status: 0 on success, 1 on any error (reported on
// stderr), 2 on misuse.
func Dat(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("dat", "dereth dat ls|show|check|export [--json] ARGS...")
	var detail strings.Builder
	detail.WriteString("commands:\n")
	for _, c := range datCommands {
		fmt.Fprintf(&detail, "  %-34s %s\n", c.usage(), c.summary)
	}
	fs.Detail = detail.String() + "\n" + datArgs
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() == 0 {
		return fs.Fail(stderr, "missing command: %s", strings.Join(datNames(), ", "))
	}
	for _, c := range datCommands {
		if c.name == fs.Arg(0) {
			return c.main(fs.Args()[1:], stdout, stderr)
		}
	}
	return fs.Fail(stderr, "unknown dat command %q", fs.Arg(0))
}

// main parses the subcommand's flags and arguments and runs it.
func (c datCommand) main(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("dat "+c.name, c.usage())
	fs.Detail = datArgs
	jsonOut := new(bool)
	if c.json {
		jsonOut = fs.Bool("json", false, "JSON output")
	}
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	if want := strings.Fields(c.args); fs.NArg() != len(want) {
		return fs.Fail(stderr, "want %s, got %d arguments", c.args, fs.NArg())
	}
	err := c.run(fs.Args(), *jsonOut, stdout, stderr)
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		return fs.Fail(stderr, "%s", ue.msg)
	default:
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return 1
	}
}

// usageError is a bad argument, reported as misuse.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// errReported says check already printed its errors.
var errReported = errors.New("errors found")

// openDAT opens a DAT file or one of the embedded sample files.
func openDAT(path string) (*dat.Container, error) {
	switch path {
	case sampleworld.PortalName:
		return sampleworld.Portal()
	case sampleworld.CellName:
		return sampleworld.Cell()
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

func datLs(args []string, jsonOut bool, stdout, _ io.Writer) error {
	c, err := openDAT(args[0])
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

func datShow(args []string, jsonOut bool, stdout, _ io.Writer) error {
	id, err := parseID(args[1])
	if err != nil {
		return err
	}
	c, err := openDAT(args[0])
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

func datCheck(args []string, _ bool, stdout, stderr io.Writer) error {
	c, err := openDAT(args[0])
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
