package cli

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/dereth/dereth/protocol"
	"github.com/dereth/dereth/protocol/schema"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/plugin"
	"github.com/dereth/dereth/systems"
)

// replayFrame is the world's frame length on the capture clock.
const replayFrame = 1.0 / 30

// Replay implements `dereth replay [--json] [--summary] [--type NAME|0xOP]... [--plugin FILE.lua]...
// [--guid G]... [--from DURATION] [--to DURATION] [--view [--screenshot
// FILE [--frames N]]] [--trace FILE] [--dat DIR] CAPTURE.pcap...`: it reads
// the captures as one AC session, verifies every checksum, reassembles and
// decodes every message (the catalogue's; an unknown opcode is counted and
// skipped), applies the server's messages to a world on the capture's own
// clock (frames of 1/30 s; the messages of a frame enter at its start) and
// prints a summary: packets, checksums ok/bad/unverified, messages by
// opcode, objects created, unknown and before_capture counts. With --json
// it prints one JSON object per message (docs/messages.md) that passes the
// --type/--guid/--from/--to filters and a summary object last; --summary
// prints message counts by name and direction. With --view the viewer
// plays the capture instead (through Dispatch and main; Replay itself
// refuses with exit status 2), printing the message lines (--json) as the
// viewer applies them and the summary when the window closes. The exit
// status is 1 when a file cannot be read, a checksum is bad, a packet is
// malformed or a known message fails to decode; 2 on misuse.
func Replay(args []string, stdout, stderr io.Writer) int {
	v, code := replayOrView(args, stdout, stderr)
	if v != nil {
		fmt.Fprintln(stderr, "dereth replay: the viewer opens only from the dereth command")
		return 2
	}
	return code
}

// replayOrView runs `dereth replay`, or with --view returns the viewer's
// options (the captures read).
func replayOrView(args []string, stdout, stderr io.Writer) (*ViewOptions, int) {
	fs := NewFlagSet("replay", "dereth replay [--json] [--summary] [--type NAME|0xOP]... [--plugin FILE.lua]... [--guid G]... [--from DURATION] [--to DURATION] [--view [--screenshot FILE [--frames N]]] [--trace FILE] [--dat DIR] CAPTURE.pcap...")
	fs.Detail = "Reads libpcap or pcapng files (Ethernet, Linux cooked, raw IP, loopback) as one\n" +
		"session, taking the files in the order they were captured (their first\n" +
		"datagram's time), not the order named. ISAAC checksums verify when the\n" +
		"login handshake is in the captures and are counted unverified otherwise.\n" +
		"With --view the viewer plays the capture on its own clock and prints the\n" +
		"summary when the window closes.\n"
	tracePath := fs.String("trace", "", "write the world's trace as JSON Lines to `FILE` (deterministic without --view)")
	asJSON := fs.Bool("json", false, "print one JSON object per message and a summary object last")
	datDir := fs.String("dat", "", "read the portal DAT from `DIR` (default: the embedded sample)")
	view := fs.Bool("view", false, "play the capture in the viewer")
	from := fs.Duration("from", 0, "print only the messages from `DURATION` into the capture on; with --view, start the viewer there (what came before is applied while loading)")
	to := fs.Duration("to", 0, "print only the messages up to `DURATION` into the capture")
	summary := fs.Bool("summary", false, "print a table of message counts by name and direction")
	var filter replayFilter
	fs.Func("type", "print only messages named `NAME` (catalogue name, or its part after the _: HearSpeech) or with opcode, event or action type 0xOP; repeatable", func(v string) error {
		filter.types = append(filter.types, v)
		return nil
	})
	fs.Func("guid", "print only messages about object `G` (hex 0x5000000A or decimal); repeatable", func(v string) error {
		g, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return fmt.Errorf("guid %q: %w", v, err)
		}
		filter.guids = append(filter.guids, uint32(g))
		return nil
	})
	shot := fs.String("screenshot", "", "with --view, render --frames frames, save a PNG to `FILE` and exit")
	frames := fs.Int("frames", 0, "render `N` frames before the --screenshot (default: to the end of the capture and half a second more)")
	var plugins []string
	fs.Func("plugin", pluginFlag, func(v string) error {
		plugins = append(plugins, v)
		return nil
	})
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return nil, code
	}
	if fs.NArg() == 0 {
		return nil, fs.Fail(stderr, "no CAPTURE.pcap to replay")
	}
	switch {
	case !*view && (*shot != "" || *frames != 0):
		return nil, fs.Fail(stderr, "--screenshot and --frames need --view")
	case *from < 0 || *to < 0 || *frames < 0:
		return nil, fs.Fail(stderr, "--from, --to and --frames must not be negative")
	case *to != 0 && *to < *from:
		return nil, fs.Fail(stderr, "--to comes before --from")
	}
	filter.from, filter.to = from.Seconds(), to.Seconds()
	ds, err := capture.ReadFiles(fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "dereth replay: %v\n", err)
		return nil, 1
	}
	if *view {
		n := &NetView{Title: "dereth replay: " + strings.Join(fs.Args(), " "), datDir: *datDir, ds: ds, from: from.Seconds(), tracePath: *tracePath,
			asJSON: *asJSON, stdout: stdout, pluginPaths: plugins, stderr: stderr}
		v := &ViewOptions{DAT: *datDir, Screenshot: *shot, Frames: *frames, Net: n}
		if v.Screenshot != "" && v.Frames == 0 {
			v.Frames = n.Frames()
		}
		return v, 0
	}
	w, assets, err := newNetWorld(*datDir)
	if err != nil {
		fmt.Fprintf(stderr, "dereth replay: %v\n", err)
		return nil, 1
	}
	defer w.Close()
	var jsonl *systems.JSONL
	if *tracePath != "" {
		f, err := os.Create(*tracePath)
		if err != nil {
			fmt.Fprintf(stderr, "dereth replay: %v\n", err)
			return nil, 1
		}
		defer f.Close()
		jsonl = systems.NewJSONL(f)
		w.Trace = jsonl
	}
	var pm *plugin.Manager
	if len(plugins) > 0 {
		pm, err = loadPlugins(plugins, plugin.Options{Out: pluginOutput(writerFunc(stdout), *asJSON), Stderr: stderr}, w.World)
		if err != nil {
			fmt.Fprintf(stderr, "dereth replay: %v\n", err)
			return nil, 1
		}
		defer pm.Close()
		pm.SetWorld(w.World)
	}
	r := replayCapture(ds, w, filter, pm, func(line []byte) {
		if *asJSON && !*summary {
			stdout.Write(line)
		}
	})
	r.missingAssets = assets.Missing
	if *summary {
		r.printSummary(stdout, *asJSON)
	}
	if *asJSON {
		stdout.Write(r.summaryJSON(nil))
	} else {
		r.printText(stdout)
	}
	if jsonl != nil && jsonl.Err != nil {
		fmt.Fprintf(stderr, "dereth replay: trace %s: %v\n", *tracePath, jsonl.Err)
		return nil, 1
	}
	if st := r.stats; st.DecodeErrors > 0 || st.Malformed > 0 || st.ChecksumBad > 0 {
		fmt.Fprintf(stderr, "dereth replay: %d messages of known types did not decode, %d packets were malformed, %d had bad checksums\n",
			st.DecodeErrors, st.Malformed, st.ChecksumBad)
		return nil, 1
	}
	return nil, 0
}

// replayResult is what a replay saw and did.
type replayResult struct {
	stats         capture.Stats
	applyErrors   int
	missingAssets int
	world         *netWorld
	// beforeCapture counts server messages for objects the capture never
	// created (it began mid-session); beforeObjects are those objects.
	beforeCapture int
	beforeObjects map[uint32]bool
	created       map[uint32]bool
	counts        map[summaryKey]int
	// live is a live session's own counts (nil for a replay).
	live *session.Stats
}

// messageLine is one --json message line (docs/messages.md lists the
// fields; their names are stable).
type messageLine struct {
	Event     string          `json:"event"`
	T         float64         `json:"t"`    // seconds since the capture's first packet
	Time      string          `json:"time"` // the packet's capture time, RFC 3339 UTC
	Dir       string          `json:"dir"`
	PacketSeq uint32          `json:"packet_seq"` // the completing packet's header sequence
	Seq       uint32          `json:"seq"`        // the message's fragment sequence
	Opcode    string          `json:"opcode"`
	Type      string          `json:"type,omitempty"` // a GameEvent's or GameAction's type
	Name      string          `json:"name,omitempty"` // the catalogue (protocol.xml) name
	Guid      *string         `json:"guid,omitempty"`
	Fields    protocol.Object `json:"fields,omitempty"`
	Result    string          `json:"result"` // applied, dropped, sent, unknown or error
	Reason    string          `json:"reason,omitempty"`
	Applied   bool            `json:"applied"`
	Error     string          `json:"error,omitempty"`
}

// guidKeys are the field keys that name a message's object.
var guidKeys = []string{"guid", "object_id", "character_id", "sender_id", "item_id"}

// messageGuid is the object a message is about, if it names one.
func messageGuid(fields protocol.Object) (uint32, bool) {
	for _, k := range guidKeys {
		for _, f := range fields {
			if f.Key == k {
				if h, ok := f.Value.(protocol.Hex); ok {
					return uint32(h), true
				}
			}
		}
	}
	return 0, false
}

// replayFilter selects the --json lines: --type, --guid, --from, --to.
type replayFilter struct {
	types    []string // names or 0x opcodes / event or action types
	guids    []uint32
	from, to float64 // seconds; to 0 for the end
}

func (f *replayFilter) keep(ml *messageLine, guid uint32, hasGuid bool) bool {
	if ml.T < f.from || f.to > 0 && ml.T > f.to {
		return false
	}
	if len(f.guids) > 0 && (!hasGuid || !slices.Contains(f.guids, guid)) {
		return false
	}
	if len(f.types) == 0 {
		return true
	}
	for _, t := range f.types {
		if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
			n, err := strconv.ParseUint(t[2:], 16, 32)
			want := fmt.Sprintf("0x%04X", n)
			if err == nil && (ml.Opcode == want || ml.Type == want) {
				return true
			}
			continue
		}
		if strings.EqualFold(ml.Name, t) || strings.HasSuffix(strings.ToLower(ml.Name), "_"+strings.ToLower(t)) {
			return true
		}
	}
	return false
}

// summaryKey is one row of --summary.
type summaryKey struct{ name, dir string }

// replayer feeds a capture's datagrams to a world on the capture's clock:
// world time 0 is the first datagram, and a datagram's messages are
// applied at the frame boundary before the frame that contains its time.
type replayer struct {
	// plugins, when set, get each decoded message after the world applied
	// it, and the clock at every frame boundary.
	plugins *plugin.Manager
	ds      []capture.Datagram
	next    int
	// seen is how many datagrams an earlier run of the capture fed (a
	// replay that sought back runs it again from its start): their
	// messages print no JSON line and reach no plugin a second time.
	seen   int
	start  time.Time
	s      *capture.Session
	res    *replayResult
	filter replayFilter
	// onChat, when set, receives each server message that puts text on
	// screen and its time on the capture clock (the viewer's chat panel).
	onChat func(c chatLine, t float64)
	// onMention, when set, receives every message that names an object
	// (the viewer's list of the selected object's messages).
	onMention func(guid uint32, ml *messageLine)
}

// newReplayer returns a replayer of ds into w; line receives each
// message's JSON line that passes the filter.
func newReplayer(ds []capture.Datagram, w *netWorld, line func([]byte)) *replayer {
	r := &replayer{ds: ds, s: capture.NewSession(), res: &replayResult{world: w,
		created: map[uint32]bool{}, beforeObjects: map[uint32]bool{}, counts: map[summaryKey]int{}}}
	if len(ds) > 0 {
		r.start = ds[0].Time
	}
	r.s.OnMessage = func(m *capture.Message) {
		ml := r.message(m)
		guid, has := messageGuid(ml.Fields)
		if has && r.onMention != nil {
			r.onMention(guid, &ml)
		}
		if r.next < r.seen {
			return // printed and given to the plugins by the earlier run
		}
		if line != nil && r.filter.keep(&ml, guid, has) {
			if has {
				g := fmt.Sprintf("0x%08X", guid)
				ml.Guid = &g
			}
			b, _ := json.Marshal(ml)
			line(append(b, '\n'))
		}
		if r.plugins != nil && m.Err == nil {
			r.plugins.Message(ml.T, ml.Dir, m.Decoded)
		}
	}
	return r
}

// tick gives the plugins the clock at a frame boundary.
func (r *replayer) tick() {
	if r.plugins != nil {
		r.plugins.Tick(r.res.world.Now)
	}
}

// finish ends the plugins' session: the capture is over.
func (r *replayer) finish() {
	if r.plugins != nil {
		r.plugins.Tick(r.res.world.Now)
		r.plugins.Disconnect("end of capture")
	}
}

// message applies one message (the server's) and describes it.
func (r *replayer) message(m *capture.Message) messageLine {
	w := r.res.world
	d := m.Datagram
	ml := messageLine{Event: "message", T: d.Time.Sub(r.start).Seconds(), Time: d.Time.UTC().Format(time.RFC3339Nano),
		Dir: "client", Seq: m.Seq, Result: "sent"}
	if len(d.Payload) >= 4 {
		ml.PacketSeq = binary.LittleEndian.Uint32(d.Payload)
	}
	if len(m.Data) >= 4 {
		op := binary.LittleEndian.Uint32(m.Data)
		ml.Opcode = fmt.Sprintf("0x%04X", op)
		at := map[uint32]int{0xF7B0: 12, 0xF7B1: 8}[op]
		if at > 0 && len(m.Data) >= at+4 {
			ml.Type = fmt.Sprintf("0x%04X", binary.LittleEndian.Uint32(m.Data[at:]))
		}
	}
	if m.FromServer {
		ml.Dir = "server"
	}
	switch {
	case errors.Is(m.Err, protocol.ErrUnknownOpcode):
		ml.Result, ml.Reason = "unknown", m.Err.Error()
		ml.Name = "unknown"
	case m.Err != nil:
		ml.Result, ml.Error = "error", m.Err.Error()
	default:
		ml.Name = protocol.CatalogName(m.Decoded)
		ml.Fields = m.Decoded.Fields()
	}
	r.res.counts[summaryKey{ml.Name, ml.Dir}]++
	if !m.FromServer || m.Err != nil {
		return ml
	}
	if r.onChat != nil {
		if c, ok := chatOf(m.Decoded); ok {
			r.onChat(c, ml.T)
		}
	}
	switch v := m.Decoded.(type) {
	case *protocol.CreateObject:
		r.res.created[v.Guid] = true
	case *protocol.PlayerCreate:
		r.res.created[v.Guid] = true
	}
	applied, err := w.applyServerMessage(m.Decoded)
	var unknown *systems.UnknownObjectError
	switch {
	case errors.As(err, &unknown) && !r.res.created[unknown.Guid]:
		r.res.beforeCapture++
		r.res.beforeObjects[unknown.Guid] = true
		ml.Result, ml.Reason = "dropped", "before_capture"
	case err != nil:
		r.res.applyErrors++
		ml.Result, ml.Error = "error", err.Error()
	case applied:
		ml.Result, ml.Applied = "applied", true
	default:
		ml.Result, ml.Reason = "dropped", "not a world message"
	}
	return ml
}

// at is datagram i's time on the capture clock (seconds).
func (r *replayer) at(i int) float64 { return r.ds[i].Time.Sub(r.start).Seconds() }

// done reports whether every datagram was fed.
func (r *replayer) done() bool { return r.next >= len(r.ds) }

// end is the last datagram's time on the capture clock.
func (r *replayer) end() float64 {
	if len(r.ds) == 0 {
		return 0
	}
	return r.at(len(r.ds) - 1)
}

// feedBefore feeds the datagrams whose time is before until: called at a
// frame boundary with the end of the frame about to run.
func (r *replayer) feedBefore(until float64) {
	for !r.done() && r.at(r.next) < until {
		r.s.Feed(&r.ds[r.next])
		r.next++
	}
}

// stepTo steps the world in frames of replayFrame up to the world time
// t, feeding the datagrams at their frame boundaries.
func (r *replayer) stepTo(t float64) {
	w := r.res.world
	for w.Now+replayFrame <= t {
		r.feedBefore(w.Now + replayFrame)
		w.Step(replayFrame)
		r.tick()
	}
}

// result is what the replay saw and did so far.
func (r *replayer) result() *replayResult {
	r.res.stats = r.s.Stats
	return r.res
}

// replayCapture follows the datagrams, stepping w on the capture clock and
// applying the server's messages; line receives each message's JSON line
// and plugins (when not nil) each message after the world applied it.
func replayCapture(ds []capture.Datagram, w *netWorld, filter replayFilter, plugins *plugin.Manager, line func([]byte)) *replayResult {
	r := newReplayer(ds, w, line)
	r.filter = filter
	r.plugins = plugins
	for i := range ds {
		// Frames run up to the datagram's time; its messages enter at the
		// next frame boundary.
		t := r.at(i)
		for w.Now+replayFrame <= t {
			w.Step(replayFrame)
			r.tick()
		}
		r.s.Feed(&ds[i])
		r.next++
	}
	r.finish()
	return r.result()
}

// opcodes returns the message opcodes in ascending order.
func opcodes(m map[uint32]int) []uint32 {
	ops := make([]uint32, 0, len(m))
	for op := range m {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	return ops
}

// summaryJSON appends the summary line.
func (r *replayResult) summaryJSON(extra map[string]any) []byte {
	st := &r.stats
	msgs := map[string]int{}
	for op, n := range st.Messages {
		msgs[fmt.Sprintf("0x%04X", op)] = n
	}
	v := map[string]any{"event": "summary", "packets": st.Packets, "client_packets": st.ClientPackets,
		"server_packets": st.ServerPackets, "checksum_ok": st.ChecksumOK, "checksum_bad": st.ChecksumBad,
		"checksum_unverified": st.ChecksumUnverified, "malformed": st.Malformed, "messages": msgs,
		"objects_created": r.world.Created, "objects_placed": r.world.Len(), "objects_contained": len(r.world.Contained), "apply_errors": r.applyErrors,
		"decode_errors": st.DecodeErrors, "unknown": st.Unknown, "before_capture": r.beforeCapture,
		"before_capture_objects": len(r.beforeObjects), "missing_assets": r.missingAssets}
	if l := r.live; l != nil {
		v["verified"], v["dropped"], v["resent"], v["lost"] = l.ChecksumOK, l.Dropped(), l.Resent, l.Lost
		v["foreign"], v["duplicates"], v["naks_sent"], v["read_buffer"] = l.Foreign, l.Duplicates, l.NAKsSent, l.ReadBuffer
	}
	for k, x := range extra {
		v[k] = x
	}
	b, _ := json.Marshal(v) // map keys are sorted: the line is deterministic
	return append(b, '\n')
}

// printText prints the readable summary.
func (r *replayResult) printText(w io.Writer) {
	st := &r.stats
	fmt.Fprintf(w, "packets %d (client %d, server %d)\n", st.Packets, st.ClientPackets, st.ServerPackets)
	fmt.Fprintf(w, "checksums ok %d, bad %d, unverified %d; malformed %d\n", st.ChecksumOK, st.ChecksumBad, st.ChecksumUnverified, st.Malformed)
	fmt.Fprintf(w, "messages %d (server %d, client %d), decode errors %d, unknown %d\n", st.ServerMessages+st.ClientMessages, st.ServerMessages, st.ClientMessages, st.DecodeErrors, st.Unknown)
	for _, op := range opcodes(st.Messages) {
		name := ""
		if n := opcodeName(op); n != "" {
			name = " " + n
		}
		fmt.Fprintf(w, "  0x%04X %-36s %d\n", op, name, st.Messages[op])
	}
	fmt.Fprintf(w, "objects created %d: %d placed in the world, %d contained (no position); apply errors %d; before_capture %d (%d objects); DAT ids not in the DAT %d\n",
		r.world.Created, r.world.Len(), len(r.world.Contained), r.applyErrors, r.beforeCapture, len(r.beforeObjects), r.missingAssets)
	if l := r.live; l != nil {
		fmt.Fprintf(w, "server datagrams verified %d, dropped %d (foreign %d, malformed %d, bad checksum %d, duplicate %d); resent %d of ours, %d NAKs sent; messages lost %d\n",
			l.ChecksumOK, l.Dropped(), l.Foreign, l.Malformed, l.ChecksumBad, l.Duplicates, l.Resent, l.NAKsSent, l.Lost)
	}
	fmt.Fprintf(w, "world time %.3f s, %d frames\n", r.world.Now, r.world.FrameNo)
}

// opcodeName names an opcode from the catalogue ("" when unknown).
func opcodeName(op uint32) string {
	switch op {
	case 0xF7B0:
		return "GameEvent"
	case 0xF7B1:
		return "GameAction"
	}
	if d, ok := protocol.Describe(schema.TopLevel, op); ok {
		return d.Name
	}
	return ""
}

// printSummary prints --summary: message counts by name and direction,
// most frequent first.
func (r *replayResult) printSummary(w io.Writer, asJSON bool) {
	keys := make([]summaryKey, 0, len(r.counts))
	for k := range r.counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b summaryKey) int {
		if d := r.counts[b] - r.counts[a]; d != 0 {
			return d
		}
		return strings.Compare(a.name+a.dir, b.name+b.dir)
	})
	for _, k := range keys {
		if asJSON {
			b, _ := json.Marshal(map[string]any{"event": "count", "name": k.name, "dir": k.dir, "count": r.counts[k]})
			w.Write(append(b, '\n'))
			continue
		}
		fmt.Fprintf(w, "%6d  %-6s %s\n", r.counts[k], k.dir, k.name)
	}
}
