package cli

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/protocol/schema"
)

// Decode implements `dereth decode [--json] FILE...`: it decodes each file
// as one game message and prints one line per file, a JSON object with
// --json (file, sha256, opcode, message, status, error, fields) or else a
// readable dump with hex ids and command names. Status is "exact" when the
// message used every byte, "padded" when only zero bytes are left over (at
// most 16 of them), and "error" otherwise (a file over 1 MiB too) (an unreadable file too). The exit status is 1 if any
// file failed, 2 on bad usage.
func Decode(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("decode", "dereth decode [--json] FILE... | dereth decode --catalog [--json]")
	asJSON := fs.Bool("json", false, "print one JSON object per file (per message with --catalog)")
	list := fs.Bool("catalog", false, "list every message, GameEvent and GameAction dereth knows: opcode, name, direction, group")
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return code
	}
	files := fs.Args()
	if *list {
		if len(files) > 0 {
			return fs.Fail(stderr, "--catalog takes no FILE")
		}
		return printCatalog(stdout, stderr, *asJSON)
	}
	if len(files) == 0 {
		return fs.Fail(stderr, "no FILE to decode")
	}
	status := 0
	for _, name := range files {
		r := decodeFile(name)
		if r.status == "error" {
			status = 1
		}
		var line []byte
		if *asJSON {
			line = r.appendJSON(nil)
		} else {
			line = r.appendText(nil)
		}
		line = append(line, '\n')
		if _, err := stdout.Write(line); err != nil {
			fmt.Fprintf(stderr, "dereth decode: %v\n", err)
			return 1
		}
	}
	return status
}

// catalogLine is one `dereth decode --catalog --json` line.
type catalogLine struct {
	Opcode    string `json:"opcode"` // 0xF7B0 for events, 0xF7B1 for actions
	Type      string `json:"type,omitempty"`
	Name      string `json:"name"`
	Direction string `json:"direction"` // S2C or C2S
	Group     string `json:"group"`     // message, event or action
	Queue     string `json:"queue"`
}

// printCatalog lists the catalogue in protocol.xml's order.
func printCatalog(stdout, stderr io.Writer, asJSON bool) int {
	enc := json.NewEncoder(stdout)
	for _, m := range protocol.Catalog() {
		l := catalogLine{Opcode: fmt.Sprintf("0x%04X", m.Op), Name: m.Name, Direction: m.Dir.String(), Group: m.Group.String(), Queue: m.Queue}
		switch m.Group {
		case schema.Event:
			l.Opcode, l.Type = "0xF7B0", fmt.Sprintf("0x%04X", m.Op)
		case schema.Action:
			l.Opcode, l.Type = "0xF7B1", fmt.Sprintf("0x%04X", m.Op)
		}
		var err error
		if asJSON {
			err = enc.Encode(l)
		} else {
			op := l.Opcode
			if l.Type != "" {
				op += "/" + l.Type
			}
			_, err = fmt.Fprintf(stdout, "%-13s %-3s %-7s %s\n", op, l.Direction, l.Group, l.Name)
		}
		if err != nil {
			fmt.Fprintf(stderr, "dereth decode: %v\n", err)
			return 1
		}
	}
	return 0
}

// Trailing bytes and file size: a message may be followed by at most
// maxPadding zero bytes (alignment a capture tool kept), and a file is
// read only up to maxMessageFile bytes, so a crafted file can neither
// pass 64 MiB of zeros as "padded" nor make decode read it all.
const (
	maxPadding     = 16
	maxMessageFile = 1 << 20
)

// decodeResult is what one file decoded to.
type decodeResult struct {
	file    string
	sum     string // hex sha256, "" if unreadable
	opcode  uint32
	hasOp   bool
	message string
	status  string // exact, padded, error
	err     error
	fields  protocol.Object
}

func decodeFile(name string) decodeResult {
	r := decodeResult{file: name}
	b, err := readMessageFile(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the line already names the file
		}
		if !errors.Is(err, errCapture) {
			err = fmt.Errorf("cannot read: %w", err)
		}
		r.status, r.err = "error", err
		return r
	}
	sum := sha256.Sum256(b)
	r.sum = hex.EncodeToString(sum[:])
	if len(b) >= 4 {
		r.opcode, r.hasOp = binary.LittleEndian.Uint32(b), true
	}
	m, n, err := protocol.DecodePrefix(b)
	if err != nil {
		r.status, r.err = "error", err
		var de *protocol.DecodeError
		if errors.As(err, &de) {
			r.message = de.Message
		}
		return r
	}
	r.message = m.Name()
	switch {
	case n == len(b):
		r.status = "exact"
	case allZero(b[n:]) && len(b)-n <= maxPadding:
		r.status = "padded"
	case allZero(b[n:]):
		r.status = "error"
		r.err = fmt.Errorf("%s: %d zero bytes after the message at offset 0x%X, more than the %d bytes of padding allowed", m.Name(), len(b)-n, n, maxPadding)
		return r
	default:
		r.status = "error"
		_, r.err = protocol.Decode(b) // names the trailing bytes
		return r
	}
	r.fields = m.Fields()
	return r
}

// readMessageFile reads a file of at most maxMessageFile bytes.
func readMessageFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxMessageFile+1))
	if err != nil {
		return nil, err
	}
	if isCapture(b) {
		return nil, errCapture
	}
	if len(b) > maxMessageFile {
		return nil, fmt.Errorf("the file is larger than %d bytes; a game message is far smaller", maxMessageFile)
	}
	return b, nil
}

// errCapture is decode's answer to a packet capture: it decodes single
// messages, replay reads captures.
var errCapture = errors.New("this is a capture (libpcap or pcapng), not a game message: use dereth replay FILE")

// isCapture reports whether b starts with a libpcap (microsecond or
// nanosecond, either byte order) or pcapng magic number.
func isCapture(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	switch binary.LittleEndian.Uint32(b) {
	case 0xA1B2C3D4, 0xD4C3B2A1, 0xA1B23C4D, 0x4D3CB2A1, 0x0A0D0D0A:
		return true
	}
	return false
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

func (r *decodeResult) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"file":`...)
	dst = appendJSONString(dst, r.file)
	dst = append(dst, `,"sha256":`...)
	dst = appendJSONStringOrNull(dst, r.sum)
	dst = append(dst, `,"opcode":`...)
	if r.hasOp {
		dst = strconv.AppendUint(dst, uint64(r.opcode), 10)
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"message":`...)
	dst = appendJSONStringOrNull(dst, r.message)
	dst = append(dst, `,"status":`...)
	dst = appendJSONString(dst, r.status)
	if r.err != nil {
		dst = append(dst, `,"error":`...)
		dst = appendJSONString(dst, r.err.Error())
	}
	dst = append(dst, `,"fields":`...)
	if r.fields != nil {
		dst = r.fields.AppendJSON(dst)
	} else {
		dst = append(dst, "null"...)
	}
	return append(dst, '}')
}

func appendJSONStringOrNull(dst []byte, s string) []byte {
	if s == "" {
		return append(dst, "null"...)
	}
	return appendJSONString(dst, s)
}

// appendJSONString appends s as a JSON string (invalid UTF-8 becomes U+FFFD).
func appendJSONString(dst []byte, s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return append(dst, b...)
}

func (r *decodeResult) appendText(dst []byte) []byte {
	dst = append(dst, r.file...)
	dst = append(dst, ':')
	if r.message != "" {
		dst = append(dst, ' ')
		dst = append(dst, r.message...)
	}
	if r.hasOp {
		dst = fmt.Appendf(dst, " 0x%04X", r.opcode)
	}
	dst = append(dst, ' ')
	dst = append(dst, r.status...)
	if r.err != nil {
		dst = append(dst, ": "...)
		return append(dst, r.err.Error()...)
	}
	dst = append(dst, ": "...)
	return r.fields.AppendText(dst)
}
