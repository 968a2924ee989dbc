// Package capture reads an AC session out of packet captures: libpcap and
// pcapng files (Ethernet, Linux cooked, raw IP and BSD loopback link types)
// through gopacket's pcapgo and layers, keeping the UDP datagrams between
// one client and the server's ports (9000–9013), in both directions.
package capture

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"slices"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// Server ports: an ACE server listens on a port pair (9000/9001 by
// default); the range covers the usual multi-world setups.
const (
	MinServerPort = 9000
	MaxServerPort = 9013
)

// Datagram is one captured UDP payload of the session.
type Datagram struct {
	Time       time.Time
	FromServer bool
	Src, Dst   netip.AddrPort
	Payload    []byte
	// File and Frame name where it was captured (Frame counts from 1).
	File  string
	Frame int
}

// isServerPort reports whether p is one of the AC server ports.
func isServerPort(p uint16) bool { return p >= MinServerPort && p <= MaxServerPort }

// ReadFiles reads the session from the named capture files as one capture.
// The files are taken in the order of their first AC datagram's time, not
// the order named (a shell's *.pcap sorts entergameworld before login), so
// the handshake and its ISAAC seeds come first; files that start at the
// same time keep the order named. The client is the first endpoint seen
// talking to a server port, and only its datagrams with the server are
// kept.
func ReadFiles(names ...string) ([]Datagram, error) {
	files := make([][]Datagram, 0, len(names))
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		ds, err := read(f, name)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("capture %s: %w", name, err)
		}
		files = append(files, ds)
	}
	slices.SortStableFunc(files, func(a, b []Datagram) int {
		switch {
		case len(a) == 0 || len(b) == 0:
			return cmp.Compare(len(b), len(a)) // files without datagrams last
		default:
			return a[0].Time.Compare(b[0].Time)
		}
	})
	all := oneClient(slices.Concat(files...))
	if len(all) == 0 {
		return nil, fmt.Errorf("capture: no UDP datagrams to or from ports %d–%d in %v", MinServerPort, MaxServerPort, names)
	}
	return all, nil
}

// Read reads one capture from r (name is used in positions and errors).
func Read(r io.Reader, name string) ([]Datagram, error) {
	ds, err := read(r, name)
	return oneClient(ds), err
}

// peer is the client end of d.
func (d *Datagram) peer() netip.AddrPort {
	if d.FromServer {
		return d.Dst
	}
	return d.Src
}

// oneClient keeps, in place, the datagrams between the server and the
// first client in ds.
func oneClient(ds []Datagram) []Datagram {
	if len(ds) == 0 {
		return ds
	}
	client := ds[0].peer()
	return slices.DeleteFunc(ds, func(d Datagram) bool { return d.peer() != client })
}

type packetSource interface {
	ReadPacketData() ([]byte, gopacket.CaptureInfo, error)
	LinkType() layers.LinkType
}

// read reads the datagrams between any client and a server port.
func read(r io.Reader, name string) ([]Datagram, error) {
	br := bufio.NewReader(r)
	magic, err := br.Peek(4)
	if err != nil {
		return nil, fmt.Errorf("not a capture file: %w", err)
	}
	var src packetSource
	if bytes.Equal(magic, []byte{0x0A, 0x0D, 0x0D, 0x0A}) {
		src, err = pcapgo.NewNgReader(br, pcapgo.DefaultNgReaderOptions)
	} else {
		src, err = pcapgo.NewReader(br)
	}
	if err != nil {
		return nil, fmt.Errorf("not a libpcap or pcapng file: %w", err)
	}
	var first gopacket.Decoder
	switch lt := src.LinkType(); lt {
	case layers.LinkTypeEthernet:
		first = layers.LayerTypeEthernet
	case layers.LinkTypeLinuxSLL:
		first = layers.LayerTypeLinuxSLL
	case layers.LinkTypeRaw, layers.LinkTypeIPv4:
		first = layers.LayerTypeIPv4
	case layers.LinkTypeIPv6:
		first = layers.LayerTypeIPv6
	case layers.LinkTypeNull, layers.LinkTypeLoop:
		first = layers.LayerTypeLoopback
	default:
		return nil, fmt.Errorf("link type %v is not supported (Ethernet, Linux cooked, raw IP, loopback)", lt)
	}
	var out []Datagram
	for frame := 1; ; frame++ {
		data, ci, err := src.ReadPacketData()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("frame %d: %w", frame, err)
		}
		if first == layers.LayerTypeIPv4 && len(data) > 0 && data[0]>>4 == 6 {
			first = layers.LayerTypeIPv6 // raw link type carrying IPv6
		}
		pkt := gopacket.NewPacket(data, first, gopacket.DecodeOptions{Lazy: true, NoCopy: true})
		udp, _ := pkt.Layer(layers.LayerTypeUDP).(*layers.UDP)
		if udp == nil {
			continue
		}
		var sa, da netip.Addr
		switch ip := pkt.NetworkLayer().(type) {
		case *layers.IPv4:
			sa, _ = netip.AddrFromSlice(ip.SrcIP.To4())
			da, _ = netip.AddrFromSlice(ip.DstIP.To4())
		case *layers.IPv6:
			sa, _ = netip.AddrFromSlice(ip.SrcIP)
			da, _ = netip.AddrFromSlice(ip.DstIP)
		default:
			continue
		}
		s := netip.AddrPortFrom(sa, uint16(udp.SrcPort))
		d := netip.AddrPortFrom(da, uint16(udp.DstPort))
		fromServer := isServerPort(s.Port()) && !isServerPort(d.Port())
		toServer := isServerPort(d.Port()) && !isServerPort(s.Port())
		if !fromServer && !toServer {
			continue
		}
		out = append(out, Datagram{Time: ci.Timestamp, FromServer: fromServer, Src: s, Dst: d,
			Payload: bytes.Clone(udp.Payload), File: name, Frame: frame})
	}
}
