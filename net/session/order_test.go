package session

import (
	"encoding/binary"
	"fmt"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	acnet "github.com/dereth/dereth/net"
	"github.com/dereth/dereth/net/capture"
	"github.com/dereth/dereth/net/session/sessiontest"
	"github.com/dereth/dereth/protocol"
)

// scriptedLogin is a bare client that logs in to srv answering the DDD
// interrogation, echoing the DDD end and asking to enter the world either
// the moment the CharacterList arrives (dereth's order before issue 23)
// or only after the echo (the retail order). It returns the server
// messages it received, by opcode, once the server sent 0xF7DF or a
// second passed.
func scriptedLogin(t *testing.T, srv *sessiontest.Server, enterOnList bool) map[uint32]int {
	t.Helper()
	c, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	login, _ := net.ResolveUDPAddr("udp", srv.Addr())
	world := *login
	world.Port++
	c.WriteToUDP(LoginPacket(Config{Account: "treestats", Password: "treestats", Timestamp: 1}), login)
	recv := acnet.NewReceiver(0, acnet.DefaultBudget)
	var keys *acnet.ISAAC
	var id uint16
	seq, frag := uint32(1), uint32(1)
	send := func(msg []byte) {
		seq++
		p := acnet.Packet{Header: acnet.Header{Seq: seq, Flags: acnet.BlobFragments | acnet.EncryptedChecksum, ID: id, Iteration: 1},
			Fragments: []acnet.Fragment{{Seq: frag, ID: frag, Count: 1, Queue: 5, Data: msg}}}
		frag++
		c.WriteToUDP(acnet.Encode(nil, &p, keys.Next()), &world)
	}
	got := map[uint32]int{}
	entered := false
	buf := make([]byte, 2048)
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline) && got[uint32(protocol.OpEnterGameServerReady)] == 0; {
		c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		n, _, err := c.ReadFromUDP(buf)
		if err != nil {
			continue
		}
		recv.Receive(buf[:n], func(m acnet.Message) {
			op := binary.LittleEndian.Uint32(m.Data)
			got[op]++
			switch op {
			case 0xF7E5:
				send(protocol.RetailIterations().Encode(nil))
			case 0xF658:
				if enterOnList && !entered {
					entered = true
					send((&protocol.Bare{Op: protocol.OpEnterGameRequest}).Encode(nil))
				}
			case uint32(protocol.OpDDDEnd):
				send((&protocol.Bare{Op: protocol.OpDDDEnd}).Encode(nil))
				if !entered {
					entered = true
					send((&protocol.Bare{Op: protocol.OpEnterGameRequest}).Encode(nil))
				}
			}
		})
		if p := &recv.Packet; p.Flags&acnet.ConnectRequest != 0 && keys == nil {
			recv.Keys = acnet.NewKeyWindow(p.Connect.ServerSeed)
			keys, id = acnet.NewISAAC(p.Connect.ClientSeed), uint16(p.Connect.ClientID)
			c.WriteToUDP(ConnectResponsePacket(&p.Connect), &world)
		}
	}
	return got
}

// TestInOrderServerCatchesOldOrder: the in-order capture server fails a
// client that sends 0xF7C8 as soon as the CharacterList arrives, before
// echoing the DDD end (the order dereth had), and never lets it in; the
// same client in the retail order is let in (0xF7DF). Without the check
// the old order passed every loopback test.
func TestInOrderServerCatchesOldOrder(t *testing.T) {
	for _, tt := range []struct {
		name        string
		enterOnList bool
	}{{"old order", true}, {"retail order", false}} {
		t.Run(tt.name, func(t *testing.T) {
			srv := sessiontest.NewServer(t, captured(t))
			var failures []string
			srv.Fail = func(format string, args ...any) { failures = append(failures, fmt.Sprintf(format, args...)) }
			go srv.Serve(time.Now().Add(2 * time.Second))
			got := scriptedLogin(t, srv, tt.enterOnList)
			srv.Lock()
			defer srv.Unlock()
			if tt.enterOnList {
				if len(failures) == 0 || !strings.Contains(failures[0], "0xF7C8 out of the retail order: the retail client sends 0xF7EA next") {
					t.Errorf("the in-order server let the old order pass: %q", failures)
				}
				if got[uint32(protocol.OpEnterGameServerReady)] != 0 {
					t.Error("the server let the out-of-order client in")
				}
				return
			}
			if len(failures) != 0 || got[uint32(protocol.OpEnterGameServerReady)] != 1 {
				t.Errorf("retail order: failures %q, 0xF7DF received %d times", failures, got[uint32(protocol.OpEnterGameServerReady)])
			}
		})
	}
}

// TestLoopbackRetailOrder: dereth's own messages reach the in-order server
// in the captured retail client's order: the DDD answer and echo, 0xF7C8,
// 0xF657, then the world-entry GameActions as the capture has them (less
// the controller's MoveToState and AutonomousPosition): AllegianceUpdate
// Request, HouseQuery, AllegianceUpdateRequest, LoginComplete.
func TestLoopbackRetailOrder(t *testing.T) {
	ds := captured(t)
	var want []string
	cs := capture.NewSession()
	cs.OnMessage = func(m *capture.Message) {
		if k := msgName(m.Data); !m.FromServer && k != "GameAction 0xF61C" && k != "GameAction 0xF753" {
			want = append(want, k)
		}
	}
	for i := range ds {
		cs.Feed(&ds[i])
	}
	srv := sessiontest.NewServer(t, ds)
	_, err := runClient(t, srv, Config{Account: "treestats", Password: "treestats"}, func(s *Session) bool {
		srv.Lock()
		defer srv.Unlock()
		return srv.Actions[0xA1] > 0 && s.Stats().Messages[0xF74B] > 0
	})
	if err != nil {
		t.Fatalf("session: %v", err)
	}
	waitDisconnect(t, srv)
	srv.Lock()
	defer srv.Unlock()
	var got []string
	for _, m := range srv.Messages {
		got = append(got, msgName(m))
	}
	if !slices.Equal(got, want) || srv.OutOfOrder != 0 {
		t.Errorf("client messages %q (%d out of order)\nwant the capture's %q", got, srv.OutOfOrder, want)
	}
}

func msgName(b []byte) string {
	op := binary.LittleEndian.Uint32(b)
	if op == 0xF7B1 {
		return fmt.Sprintf("GameAction 0x%04X", binary.LittleEndian.Uint32(b[8:]))
	}
	return fmt.Sprintf("0x%04X", op)
}
