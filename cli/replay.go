package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session"
	"github.com/dereth/dereth/systems"
)

// replayFrame is the world's frame length on the capture clock.
const replayFrame = 1.0 / 30

// Replay implements `dereth replay [--json] [--view [--from DURATION]
// [--screenshot FILE [--frames N]]] [--trace FILE] [--dat DIR]
// CAPTURE.pcap...`: it reads the captures as one AC session, verifies every
// checksum, reassembles and decodes every message, applies the server's
// messages to a world on the capture's own clock (frames of 1/30 s; the
// messages of a frame enter at its start) and prints a summary: packets,
// checksums ok/bad/unverified, messages by opcode, objects created. With
// --json it prints one JSON object per message and a summary object last.
// With --view the viewer plays the capture instead (through Dispatch and
// main; Replay itself refuses with exit status 2), printing the message
// lines (--json) as the viewer applies them and the summary when the
// window closes. The exit status is 1
// when a file cannot be read or a message fails to decode, 2 on misuse.
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
	fs := NewFlagSet("replay", "dereth replay [--json] [--view [--from DURATION] [--screenshot FILE [--frames N]]] [--trace FILE] [--dat DIR] CAPTURE.pcap...")
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
	from := fs.Duration("from", 0, "with --view, start the viewer `DURATION` into the capture (what came before is applied while loading)")
	shot := fs.String("screenshot", "", "with --view, render --frames frames, save a PNG to `FILE` and exit")
	frames := fs.Int("frames", 0, "render `N` frames before the --screenshot (default: to the end of the capture and half a second more)")
	if code, ok := fs.Parse(args, stdout, stderr); !ok {
		return nil, code
	}
	if fs.NArg() == 0 {
		return nil, fs.Fail(stderr, "no CAPTURE.pcap to replay")
	}
	switch {
	case !*view && (*from != 0 || *shot != "" || *frames != 0):
		return nil, fs.Fail(stderr, "--from, --screenshot and --frames need --view")
	case *from < 0 || *frames < 0:
		return nil, fs.Fail(stderr, "--from and --frames must not be negative")
	}
	ds, err := capture.ReadFiles(fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "dereth replay: %v\n", err)
		return nil, 1
	}
	if *view {
		n := &NetView{Title: "dereth replay: " + strings.Join(fs.Args(), " "), datDir: *datDir, ds: ds, from: from.Seconds(), tracePath: *tracePath,
			asJSON: *asJSON, stdout: stdout}
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
	r := replayCapture(ds, w, func(line []byte) {
		if *asJSON {
			stdout.Write(line)
		}
	})
	r.missingAssets = assets.Missing
	if *asJSON {
		stdout.Write(r.summaryJSON(nil))
	} else {
		r.printText(stdout)
	}
	if jsonl != nil && jsonl.Err != nil {
		fmt.Fprintf(stderr, "dereth replay: trace %s: %v\n", *tracePath, jsonl.Err)
		return nil, 1
	}
	if r.stats.DecodeErrors > 0 || r.stats.Malformed > 0 {
		fmt.Fprintf(stderr, "dereth replay: %d messages did not decode, %d packets were malformed\n", r.stats.DecodeErrors, r.stats.Malformed)
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
	// live is a live session's own counts (nil for a replay).
	live *session.Stats
}

// messageLine is one --json message line.
type messageLine struct {
	Event   string  `json:"event"`
	T       float64 `json:"t"`
	Dir     string  `json:"dir"`
	Seq     uint32  `json:"seq"`
	Opcode  string  `json:"opcode"`
	Name    string  `json:"name,omitempty"`
	Applied bool    `json:"applied"`
	Error   string  `json:"error,omitempty"`
}

// replayer feeds a capture's datagrams to a world on the capture's clock:
// world time 0 is the first datagram, and a datagram's messages are
// applied at the frame boundary before the frame that contains its time.
type replayer struct {
	ds    []capture.Datagram
	next  int
	start time.Time
	s     *capture.Session
	res   *replayResult
}

// newReplayer returns a replayer of ds into w; line receives each
// message's JSON line.
func newReplayer(ds []capture.Datagram, w *netWorld, line func([]byte)) *replayer {
	r := &replayer{ds: ds, s: capture.NewSession(), res: &replayResult{world: w}}
	if len(ds) > 0 {
		r.start = ds[0].Time
	}
	r.s.OnMessage = func(m *capture.Message) {
		ml := messageLine{Event: "message", T: w.Now, Dir: "client", Seq: m.Seq, Name: m.Decoded.Name()}
		if len(m.Data) >= 4 {
			ml.Opcode = fmt.Sprintf("0x%04X", uint32(m.Data[0])|uint32(m.Data[1])<<8|uint32(m.Data[2])<<16|uint32(m.Data[3])<<24)
		}
		if m.Err != nil {
			ml.Error = m.Err.Error()
		}
		if m.FromServer {
			ml.Dir = "server"
			if m.Err == nil {
				applied, err := w.applyServerMessage(m.Decoded)
				ml.Applied = applied && err == nil
				if err != nil {
					r.res.applyErrors++
					ml.Error = err.Error()
				}
			}
		}
		b, _ := json.Marshal(ml)
		line(append(b, '\n'))
	}
	return r
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
	}
}

// result is what the replay saw and did so far.
func (r *replayer) result() *replayResult {
	r.res.stats = r.s.Stats
	return r.res
}

// replayCapture follows the datagrams, stepping w on the capture clock and
// applying the server's messages; line receives each message's JSON line.
func replayCapture(ds []capture.Datagram, w *netWorld, line func([]byte)) *replayResult {
	r := newReplayer(ds, w, line)
	for i := range ds {
		// Frames run up to the datagram's time; its messages enter at the
		// next frame boundary.
		t := r.at(i)
		for w.Now+replayFrame <= t {
			w.Step(replayFrame)
		}
		r.s.Feed(&ds[i])
		r.next++
	}
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
		"decode_errors": st.DecodeErrors, "missing_assets": r.missingAssets}
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
	fmt.Fprintf(w, "messages %d (server %d, client %d), decode errors %d\n", st.ServerMessages+st.ClientMessages, st.ServerMessages, st.ClientMessages, st.DecodeErrors)
	for _, op := range opcodes(st.Messages) {
		name := ""
		if n := opcodeName(op); n != "" {
			name = " " + n
		}
		fmt.Fprintf(w, "  0x%04X%-22s %d\n", op, name, st.Messages[op])
	}
	fmt.Fprintf(w, "objects created %d: %d placed in the world, %d contained (no position); apply errors %d; DAT ids not in the DAT %d\n",
		r.world.Created, r.world.Len(), len(r.world.Contained), r.applyErrors, r.missingAssets)
	if l := r.live; l != nil {
		fmt.Fprintf(w, "server datagrams verified %d, dropped %d (foreign %d, malformed %d, bad checksum %d, duplicate %d); resent %d of ours, %d NAKs sent; messages lost %d\n",
			l.ChecksumOK, l.Dropped(), l.Foreign, l.Malformed, l.ChecksumBad, l.Duplicates, l.Resent, l.NAKsSent, l.Lost)
	}
	fmt.Fprintf(w, "world time %.3f s, %d frames\n", r.world.Now, r.world.FrameNo)
}

// opcodeName names the opcodes a session carries ("" when unknown).
func opcodeName(op uint32) string {
	names := map[uint32]string{
		0x02CD: "PrivateUpdatePropertyInt", 0xF625: "ObjDescEvent", 0xF657: "CharacterEnterWorld",
		0xF658: "CharacterList", 0xF659: "CharacterError", 0xF745: "CreateObject", 0xF746: "PlayerCreate",
		0xF747: "DeleteObject", 0xF748: "UpdatePosition", 0xF749: "ParentEvent", 0xF74A: "PickupEvent",
		0xF74B: "SetState", 0xF74C: "UpdateMotion", 0xF74E: "VectorUpdate", 0xF750: "Sound",
		0xF751: "PlayerTeleport", 0xF755: "PlayEffect", 0xF7B0: "GameEvent", 0xF7B1: "GameAction",
		0xF7C8: "EnterGameRequest", 0xF7DB: "UpdateObject", 0xF7DC: "BootAccount",
		0xF7DF: "EnterGameServerReady", 0xF7E0: "ServerMessage", 0xF7E1: "ServerName",
		0xF7E5: "DDDInterrogation", 0xF7E6: "DDDInterrogationResponse", 0xF7EA: "DDDEnd",
	}
	return names[op]
}
