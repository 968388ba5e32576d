package jupyter

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// freePort is a TCP port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestZMQ runs each socket kind against a real zmq4 client over loopback,
// as jupyter_client's sockets connect: a signed request in through the
// ROUTER and its reply routed back, a message published to a
// subscriber, and a heartbeat echoed.
func TestZMQ(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ep := func() string { return fmt.Sprintf("tcp://127.0.0.1:%d", freePort(t)) }
	signer, _ := NewSigner("hmac-sha256", "k")

	t.Run("router", func(t *testing.T) {
		addr := ep()
		shell, err := ZMQ{}.Listen(ctx, Router, addr)
		if err != nil {
			t.Fatal(err)
		}
		defer shell.Close()
		client := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("client")))
		defer client.Close()
		if err := client.Dial(addr); err != nil {
			t.Fatal(err)
		}
		req, _ := Encode(&Message{Header: NewHeader("kernel_info_request", "s", "u")}, signer)
		if err := client.SendMulti(zmq4.NewMsgFrom(req...)); err != nil {
			t.Fatal(err)
		}
		frames, err := shell.Recv()
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(frames, signer)
		if err != nil {
			t.Fatal(err)
		}
		if m.Header.MsgType != "kernel_info_request" || len(m.Identities) != 1 || string(m.Identities[0]) != "client" {
			t.Fatalf("got %s from %q", m.Header.MsgType, m.Identities)
		}
		reply, _ := Encode(&Message{Identities: m.Identities, Header: NewHeader("kernel_info_reply", "s", "u"), Parent: &m.Header}, signer)
		if err := shell.Send(reply); err != nil {
			t.Fatal(err)
		}
		got, err := client.Recv()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Decode(got.Frames, signer)
		if err != nil {
			t.Fatal(err)
		}
		if r.Header.MsgType != "kernel_info_reply" || r.Parent == nil || r.Parent.MsgID != m.Header.MsgID {
			t.Fatalf("reply %s to %+v", r.Header.MsgType, r.Parent)
		}
	})

	t.Run("publisher", func(t *testing.T) {
		addr := ep()
		iopub, err := ZMQ{}.Listen(ctx, Publisher, addr)
		if err != nil {
			t.Fatal(err)
		}
		defer iopub.Close()
		sub := zmq4.NewSub(ctx)
		defer sub.Close()
		if err := sub.Dial(addr); err != nil {
			t.Fatal(err)
		}
		if err := sub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
			t.Fatal(err)
		}
		got := make(chan *Message, 1)
		go func() {
			for {
				msg, err := sub.Recv()
				if err != nil {
					return
				}
				if m, err := Decode(msg.Frames, signer); err == nil {
					got <- m
					return
				}
			}
		}()
		// A subscription reaches the publisher some time after the dial:
		// publish until it is seen, as a kernel's status messages would.
		status, _ := Encode(&Message{Identities: [][]byte{[]byte("status")}, Header: NewHeader("status", "s", "u"),
			Content: map[string]string{"execution_state": "idle"}}, signer)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case m := <-got:
				var c struct {
					State string `json:"execution_state"`
				}
				if err := m.DecodeContent(&c); err != nil || c.State != "idle" {
					t.Fatalf("status %+v, %v", c, err)
				}
				return
			case <-tick.C:
				if err := iopub.Send(status); err != nil {
					t.Fatal(err)
				}
			case <-ctx.Done():
				t.Fatal("the subscriber never received a message")
			}
		}
	})

	t.Run("replier", func(t *testing.T) {
		addr := ep()
		hb, err := ZMQ{}.Listen(ctx, Replier, addr)
		if err != nil {
			t.Fatal(err)
		}
		defer hb.Close()
		go func() {
			for {
				ping, err := hb.Recv()
				if err != nil {
					return
				}
				if hb.Send(ping) != nil {
					return
				}
			}
		}()
		req := zmq4.NewReq(ctx)
		defer req.Close()
		if err := req.Dial(addr); err != nil {
			t.Fatal(err)
		}
		if err := req.Send(zmq4.NewMsgString("ping")); err != nil {
			t.Fatal(err)
		}
		pong, err := req.Recv()
		if err != nil || string(pong.Bytes()) != "ping" {
			t.Fatalf("heartbeat answered %q, %v", pong.Bytes(), err)
		}
	})
}
