package jupyter

import (
	"context"
	"fmt"
	"sync"

	"github.com/go-zeromq/zmq4"
)

// SocketKind is the ZeroMQ pattern of a kernel socket.
type SocketKind int

const (
	// Router is shell, control and stdin: requests from many clients,
	// each reply routed back by the request's identity frames.
	Router SocketKind = iota
	// Publisher is iopub: every subscriber gets every message.
	Publisher
	// Replier is the heartbeat: each request is answered in turn.
	Replier
)

func (k SocketKind) String() string {
	return [...]string{"ROUTER", "PUB", "REP"}[k]
}

// A Socket is one listening kernel socket, carrying multipart messages as
// frame lists. Send may be called from several goroutines at once; Recv
// from one.
type Socket interface {
	Recv() ([][]byte, error)
	Send(frames [][]byte) error
	Close() error
}

// A Transport opens the kernel's sockets. The kernel knows no other
// messaging library: ZMQ is the one it runs on, and tests may give
// another.
type Transport interface {
	Listen(ctx context.Context, kind SocketKind, endpoint string) (Socket, error)
}

// ZMQ is the Transport over go-zeromq/zmq4, pure Go ZeroMQ.
type ZMQ struct{}

// Listen opens a socket of kind bound to endpoint.
func (ZMQ) Listen(ctx context.Context, kind SocketKind, endpoint string) (Socket, error) {
	var s zmq4.Socket
	switch kind {
	case Router:
		s = zmq4.NewRouter(ctx, zmq4.WithID(zmq4.SocketIdentity(newID())))
	case Publisher:
		s = zmq4.NewPub(ctx)
	case Replier:
		s = zmq4.NewRep(ctx)
	default:
		return nil, fmt.Errorf("jupyter: no socket kind %d", kind)
	}
	if err := s.Listen(endpoint); err != nil {
		s.Close()
		return nil, fmt.Errorf("jupyter: listening as %v at %s: %w", kind, endpoint, err)
	}
	return &zmqSocket{s: s}, nil
}

// zmqSocket serializes sends: zmq4's sockets are not safe for concurrent
// writers.
type zmqSocket struct {
	s  zmq4.Socket
	mu sync.Mutex
}

func (z *zmqSocket) Recv() ([][]byte, error) {
	msg, err := z.s.Recv()
	if err != nil {
		return nil, err
	}
	return msg.Frames, nil
}

func (z *zmqSocket) Send(frames [][]byte) error {
	z.mu.Lock()
	defer z.mu.Unlock()
	return z.s.SendMulti(zmq4.NewMsgFrom(frames...))
}

func (z *zmqSocket) Close() error { return z.s.Close() }
