package capture

import (
	"bytes"
	"net"
	"testing"
	"time"

	"github.com/google/gopacket"
	"github.com/google/gopacket/layers"
	"github.com/google/gopacket/pcapgo"
)

// frame builds one UDP datagram under the given link layer.
func frame(t *testing.T, link layers.LinkType, sport, dport uint16, payload []byte) []byte {
	client, server := net.IPv4(127, 0, 0, 1), net.IPv4(127, 0, 0, 2)
	ip := &layers.IPv4{Version: 4, TTL: 64, Protocol: layers.IPProtocolUDP, SrcIP: client, DstIP: server}
	if isServerPort(sport) {
		ip.SrcIP, ip.DstIP = server, client
	}
	udp := &layers.UDP{SrcPort: layers.UDPPort(sport), DstPort: layers.UDPPort(dport)}
	udp.SetNetworkLayerForChecksum(ip)
	ls := []gopacket.SerializableLayer{ip, udp, gopacket.Payload(payload)}
	switch link {
	case layers.LinkTypeEthernet:
		ls = append([]gopacket.SerializableLayer{&layers.Ethernet{SrcMAC: net.HardwareAddr{0, 1, 2, 3, 4, 5},
			DstMAC: net.HardwareAddr{0, 1, 2, 3, 4, 6}, EthernetType: layers.EthernetTypeIPv4}}, ls...)
	case layers.LinkTypeNull:
		ls = append([]gopacket.SerializableLayer{&layers.Loopback{Family: layers.ProtocolFamilyIPv4}}, ls...)
	}
	buf := gopacket.NewSerializeBuffer()
	if err := gopacket.SerializeLayers(buf, gopacket.SerializeOptions{FixLengths: true, ComputeChecksums: true}, ls...); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if link == layers.LinkTypeLinuxSLL {
		// The 16-byte cooked header: packet type, ARPHRD, address
		// length, address, protocol (IPv4).
		sll := []byte{0, 0, 0, 1, 0, 6, 0, 1, 2, 3, 4, 5, 0, 0, 0x08, 0x00}
		b = append(sll, b...)
	}
	return b
}

func TestLinkTypesAndFormats(t *testing.T) {
	payloads := [][]byte{[]byte("to the server"), []byte("from the server"), []byte("other client")}
	ports := [][2]uint16{{50000, 9000}, {9001, 50000}, {50001, 9000}}
	for _, link := range []layers.LinkType{layers.LinkTypeEthernet, layers.LinkTypeLinuxSLL, layers.LinkTypeRaw, layers.LinkTypeNull} {
		for _, ng := range []bool{false, true} {
			var file bytes.Buffer
			var write func(ci gopacket.CaptureInfo, b []byte) error
			if ng {
				w, err := pcapgo.NewNgWriter(&file, link)
				if err != nil {
					t.Fatal(err)
				}
				defer w.Flush()
				write = func(ci gopacket.CaptureInfo, b []byte) error {
					err := w.WritePacket(ci, b)
					w.Flush()
					return err
				}
			} else {
				w := pcapgo.NewWriter(&file)
				w.WriteFileHeader(65535, link)
				write = w.WritePacket
			}
			for i, p := range payloads {
				b := frame(t, link, ports[i][0], ports[i][1], p)
				ci := gopacket.CaptureInfo{Timestamp: time.Unix(1000, int64(i)*1e6), CaptureLength: len(b), Length: len(b), InterfaceIndex: 0}
				if err := write(ci, b); err != nil {
					t.Fatal(err)
				}
			}
			ds, err := Read(bytes.NewReader(file.Bytes()), "synthetic")
			if err != nil {
				t.Fatalf("%v ng=%v: %v", link, ng, err)
			}
			if len(ds) != 2 || ds[0].FromServer || !ds[1].FromServer ||
				string(ds[0].Payload) != "to the server" || string(ds[1].Payload) != "from the server" {
				t.Errorf("%v ng=%v: read %d datagrams: %+v", link, ng, len(ds), ds)
			}
		}
	}
}
