// Package jupytertest is a Jupyter client for tests: it connects to a
// kernel's five sockets over real ZeroMQ, as jupyter_client does, sends
// signed requests and collects replies and iopub messages by parent. It
// owns nothing a kernel uses.
package jupytertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"msrepl/jupyter"
)

// NewConnection returns connection info on loopback, with free TCP ports
// and a random key.
func NewConnection() (*jupyter.ConnectionInfo, error) {
	var ports [5]int
	var listeners []net.Listener
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		listeners = append(listeners, l)
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	key := make([]byte, 16)
	rand.Read(key)
	return &jupyter.ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1",
		ShellPort: ports[0], ControlPort: ports[1], IOPubPort: ports[2], StdinPort: ports[3], HBPort: ports[4],
		Key: hex.EncodeToString(key), SignatureScheme: "hmac-sha256", KernelName: "msrepl",
	}, nil
}

// A Client talks to one kernel.
type Client struct {
	Conn    *jupyter.ConnectionInfo
	Signer  *jupyter.Signer
	Session string

	ctx                   context.Context
	cancel                context.CancelFunc
	Shell, Control, Stdin zmq4.Socket
	IOPub                 zmq4.Socket
	HB                    zmq4.Socket

	mu     sync.Mutex
	iopub  []*jupyter.Message
	notify chan struct{}
}

// Dial connects to the kernel of conn, subscribes to iopub and waits
// until a kernel_info request is answered and iopub delivers, as
// jupyter_client's start_new_kernel does.
func Dial(conn *jupyter.ConnectionInfo, timeout time.Duration) (*Client, error) {
	signer, err := jupyter.NewSigner(conn.SignatureScheme, conn.Key)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	id := zmq4.WithID(zmq4.SocketIdentity(newID()))
	c := &Client{
		Conn: conn, Signer: signer, Session: newID(), ctx: ctx, cancel: cancel,
		Shell: zmq4.NewDealer(ctx, id), Control: zmq4.NewDealer(ctx, id), Stdin: zmq4.NewDealer(ctx, id),
		HB: zmq4.NewReq(ctx), notify: make(chan struct{}, 1),
	}
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{c.Shell, conn.ShellPort}, {c.Control, conn.ControlPort}, {c.Stdin, conn.StdinPort}, {c.HB, conn.HBPort}} {
		if err := dialRetry(s.sock, conn.Endpoint(s.port), timeout); err != nil {
			c.Close()
			return nil, err
		}
	}
	if err := c.SubscribeIOPub(timeout); err != nil {
		c.Close()
		return nil, err
	}
	deadline := time.Now().Add(timeout)
	for {
		id, err := c.Send(c.Shell, "kernel_info_request", map[string]any{})
		if err != nil {
			c.Close()
			return nil, err
		}
		if _, err := c.Reply(c.Shell, id, time.Second); err == nil {
			if _, err := c.WaitIOPub(id, "status", 500*time.Millisecond); err == nil {
				return c, nil
			}
		}
		if time.Now().After(deadline) {
			c.Close()
			return nil, fmt.Errorf("jupytertest: the kernel did not answer kernel_info within %v", timeout)
		}
	}
}

// SubscribeIOPub (re)connects the iopub subscriber and collects what it
// receives. A subscriber that was connected is closed first.
func (c *Client) SubscribeIOPub(timeout time.Duration) error {
	c.mu.Lock()
	old := c.IOPub
	c.mu.Unlock()
	if old != nil {
		old.Close()
	}
	sub := zmq4.NewSub(c.ctx)
	if err := dialRetry(sub, c.Conn.Endpoint(c.Conn.IOPubPort), timeout); err != nil {
		return err
	}
	if err := sub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		return err
	}
	c.mu.Lock()
	c.IOPub = sub
	c.mu.Unlock()
	go func() {
		for {
			msg, err := sub.Recv()
			if err != nil {
				return
			}
			m, err := jupyter.Decode(msg.Frames, c.Signer)
			if err != nil {
				continue
			}
			c.mu.Lock()
			c.iopub = append(c.iopub, m)
			c.mu.Unlock()
			select {
			case c.notify <- struct{}{}:
			default:
			}
		}
	}()
	return nil
}

func dialRetry(s zmq4.Socket, ep string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := s.Dial(ep)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Close closes every socket.
func (c *Client) Close() {
	for _, s := range []zmq4.Socket{c.Shell, c.Control, c.Stdin, c.HB, c.IOPub} {
		if s != nil {
			s.Close()
		}
	}
	c.cancel()
}

// Send sends a signed request on sock and returns its msg_id.
func (c *Client) Send(sock zmq4.Socket, msgType string, content any) (string, error) {
	m := &jupyter.Message{Header: jupyter.NewHeader(msgType, c.Session, "test"), Content: content}
	frames, err := jupyter.Encode(m, c.Signer)
	if err != nil {
		return "", err
	}
	return m.Header.MsgID, sock.SendMulti(zmq4.NewMsgFrom(frames...))
}

// SendFrames sends raw frames on sock, as a broken client might.
func (c *Client) SendFrames(sock zmq4.Socket, frames [][]byte) error {
	return sock.SendMulti(zmq4.NewMsgFrom(frames...))
}

// Reply waits for the reply to msgID on sock, skipping replies to other
// requests.
func (c *Client) Reply(sock zmq4.Socket, msgID string, timeout time.Duration) (*jupyter.Message, error) {
	type result struct {
		m   *jupyter.Message
		err error
	}
	done := make(chan result, 1)
	go func() {
		for {
			msg, err := sock.Recv()
			if err != nil {
				done <- result{err: err}
				return
			}
			m, err := jupyter.Decode(msg.Frames, c.Signer)
			if err != nil {
				done <- result{err: err}
				return
			}
			if m.Parent != nil && m.Parent.MsgID == msgID {
				done <- result{m: m}
				return
			}
		}
	}()
	select {
	case r := <-done:
		return r.m, r.err
	case <-time.After(timeout):
		return nil, fmt.Errorf("jupytertest: no reply to %s within %v", msgID, timeout)
	}
}

// Request sends a request on sock and waits for its reply.
func (c *Client) Request(sock zmq4.Socket, msgType string, content any, timeout time.Duration) (*jupyter.Message, error) {
	id, err := c.Send(sock, msgType, content)
	if err != nil {
		return nil, err
	}
	return c.Reply(sock, id, timeout)
}

// Children returns the iopub messages received so far whose parent is
// msgID, in order.
func (c *Client) Children(msgID string) []*jupyter.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*jupyter.Message
	for _, m := range c.iopub {
		if m.Parent != nil && m.Parent.MsgID == msgID {
			out = append(out, m)
		}
	}
	return out
}

// ForgetIOPub drops the iopub messages collected so far.
func (c *Client) ForgetIOPub() {
	c.mu.Lock()
	c.iopub = nil
	c.mu.Unlock()
}

// WaitIOPub waits for a child of msgID of type msgType ("status" waits
// for idle) and returns the children up to it.
func (c *Client) WaitIOPub(msgID, msgType string, timeout time.Duration) ([]*jupyter.Message, error) {
	deadline := time.After(timeout)
	for {
		children := c.Children(msgID)
		for i, m := range children {
			if m.Header.MsgType != msgType {
				continue
			}
			if msgType == "status" {
				var s struct {
					State string `json:"execution_state"`
				}
				m.DecodeContent(&s)
				if s.State != "idle" {
					continue
				}
			}
			return children[:i+1], nil
		}
		select {
		case <-c.notify:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			return children, fmt.Errorf("jupytertest: no %s for %s within %v", msgType, msgID, timeout)
		}
	}
}

// Execute runs code and returns the execute_reply and the iopub messages
// of the request, up to its idle status.
func (c *Client) Execute(code string, timeout time.Duration) (*jupyter.Message, []*jupyter.Message, error) {
	return c.ExecuteWith(map[string]any{"code": code}, timeout)
}

// ExecuteWith is Execute with the whole execute_request content.
func (c *Client) ExecuteWith(content map[string]any, timeout time.Duration) (*jupyter.Message, []*jupyter.Message, error) {
	id, err := c.Send(c.Shell, "execute_request", content)
	if err != nil {
		return nil, nil, err
	}
	reply, err := c.Reply(c.Shell, id, timeout)
	if err != nil {
		return nil, nil, err
	}
	out, err := c.WaitIOPub(id, "status", timeout)
	return reply, out, err
}

// Ping sends a heartbeat and waits for its echo.
func (c *Client) Ping(timeout time.Duration) error {
	done := make(chan error, 1)
	go func() {
		if err := c.HB.Send(zmq4.NewMsgString("ping")); err != nil {
			done <- err
			return
		}
		m, err := c.HB.Recv()
		if err == nil && string(m.Bytes()) != "ping" {
			err = fmt.Errorf("jupytertest: heartbeat echoed %q", m.Bytes())
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(timeout):
		return fmt.Errorf("jupytertest: no heartbeat within %v", timeout)
	}
}

// Start serves the kernel newKernel makes on a fresh loopback connection,
// connects a client to it, and stops both when the test ends. done
// receives Run's result.
func Start(t testing.TB, newKernel func(*jupyter.ConnectionInfo) (*jupyter.Kernel, error)) (c *Client, done <-chan error) {
	t.Helper()
	conn, err := NewConnection()
	if err != nil {
		t.Fatal(err)
	}
	k, err := newKernel(conn)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	result := make(chan error, 1)
	go func() { result <- k.Run(ctx) }()
	c, err = Dial(conn, 20*time.Second)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	stopped := make(chan error, 1)
	t.Cleanup(func() {
		c.Close()
		cancel()
		select {
		case <-stopped:
		case <-time.After(20 * time.Second):
			t.Error("the kernel did not stop")
		}
	})
	// The cleanup waits on stopped, which forwards Run's result after
	// the test has read it, if it does.
	relay := make(chan error, 1)
	go func() {
		err := <-result
		relay <- err
		stopped <- err
	}()
	return c, relay
}

// Content decodes a received message's content.
func Content(t testing.TB, m *jupyter.Message) map[string]any {
	t.Helper()
	var c map[string]any
	if err := m.DecodeContent(&c); err != nil {
		t.Fatal(err)
	}
	return c
}
