// Package jupyter owns the Jupyter messaging protocol, version 5.3: the
// wire format of messages (routing identities, the delimiter, the HMAC
// signature, the four JSON dicts and binary buffers), the connection file,
// and, over a transport of its own interface, the kernel's sockets and
// request handlers. It knows nothing of the language it serves: it talks
// to an Engine it defines, and must not import interp.
package jupyter

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"time"
)

// ProtocolVersion is the version of the messaging protocol the kernel
// speaks; every header it writes carries it.
const ProtocolVersion = "5.3"

// delimiter separates a message's routing identities from its body.
var delimiter = []byte("<IDS|MSG>")

// A Header is a message's header, and, as its parent header, the header
// of the request a message answers.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// A Message is one Jupyter message.
type Message struct {
	// Identities are the routing frames a ROUTER socket put before the
	// delimiter; a reply carries its request's.
	Identities [][]byte
	Header     Header
	// Parent is the header of the request this message answers; nil
	// writes as {}.
	Parent   *Header
	Metadata map[string]any
	// Content is the message's content, as it came (json.RawMessage) or
	// as it goes (any value JSON encodes).
	Content any
	Buffers [][]byte
}

// DecodeContent decodes a received message's content into v.
func (m *Message) DecodeContent(v any) error {
	raw, ok := m.Content.(json.RawMessage)
	if !ok {
		return fmt.Errorf("jupyter: %s's content was not received from the wire", m.Header.MsgType)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("jupyter: %s's content: %w", m.Header.MsgType, err)
	}
	return nil
}

// A Signer signs and verifies messages with the connection's key: the
// hex HMAC-SHA256 of the header, parent header, metadata and content. An
// empty key means messages are not signed.
type Signer struct {
	key []byte
}

// NewSigner returns the signer for key and scheme, which must be
// "hmac-sha256" (or empty, for an unsigned connection).
func NewSigner(scheme, key string) (*Signer, error) {
	if key != "" && scheme != "hmac-sha256" && scheme != "" {
		return nil, fmt.Errorf("jupyter: signature scheme %q is not supported; use hmac-sha256", scheme)
	}
	return &Signer{key: []byte(key)}, nil
}

func (s *Signer) mac(parts [][]byte) hash.Hash {
	h := hmac.New(sha256.New, s.key)
	for _, p := range parts {
		h.Write(p)
	}
	return h
}

// sign is the signature frame of the four dict frames.
func (s *Signer) sign(parts [][]byte) []byte {
	if len(s.key) == 0 {
		return []byte{}
	}
	return []byte(hex.EncodeToString(s.mac(parts).Sum(nil)))
}

// verify checks a signature frame in constant time.
func (s *Signer) verify(sig []byte, parts [][]byte) bool {
	if len(s.key) == 0 {
		return true
	}
	want := make([]byte, hex.DecodedLen(len(sig)))
	if _, err := hex.Decode(want, sig); err != nil {
		return false
	}
	return hmac.Equal(want, s.mac(parts).Sum(nil))
}

// ErrBadSignature is the error of a message whose signature does not
// match its frames.
var ErrBadSignature = errors.New("jupyter: the message's signature does not match")

// A MalformedError is a message that does not follow the wire format.
type MalformedError struct{ Reason string }

func (e *MalformedError) Error() string { return "jupyter: malformed message: " + e.Reason }

// Decode reads a message from its frames, as a socket received them, and
// verifies its signature.
func Decode(frames [][]byte, s *Signer) (*Message, error) {
	at := -1
	for i, f := range frames {
		if bytes.Equal(f, delimiter) {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, &MalformedError{"no <IDS|MSG> delimiter"}
	}
	body := frames[at+1:]
	if len(body) < 5 {
		return nil, &MalformedError{fmt.Sprintf("%d frames after the delimiter, not at least 5", len(body))}
	}
	if !s.verify(body[0], body[1:5]) {
		return nil, ErrBadSignature
	}
	m := &Message{Identities: frames[:at], Buffers: body[5:]}
	if err := json.Unmarshal(body[1], &m.Header); err != nil {
		return nil, &MalformedError{"the header: " + err.Error()}
	}
	if m.Header.MsgType == "" {
		return nil, &MalformedError{"the header has no msg_type"}
	}
	var parent Header
	if err := json.Unmarshal(body[2], &parent); err != nil {
		return nil, &MalformedError{"the parent header: " + err.Error()}
	}
	if parent.MsgID != "" {
		m.Parent = &parent
	}
	if err := json.Unmarshal(body[3], &m.Metadata); err != nil {
		return nil, &MalformedError{"the metadata: " + err.Error()}
	}
	if !json.Valid(body[4]) {
		return nil, &MalformedError{"the content is not JSON"}
	}
	m.Content = json.RawMessage(body[4])
	return m, nil
}

// Encode writes a message as the frames a socket sends, signed.
func Encode(m *Message, s *Signer) ([][]byte, error) {
	header, err := json.Marshal(m.Header)
	if err != nil {
		return nil, err
	}
	parent := []byte("{}")
	if m.Parent != nil {
		if parent, err = json.Marshal(m.Parent); err != nil {
			return nil, err
		}
	}
	metadata := []byte("{}")
	if m.Metadata != nil {
		if metadata, err = json.Marshal(m.Metadata); err != nil {
			return nil, err
		}
	}
	content := []byte("{}")
	if m.Content != nil {
		if content, err = json.Marshal(m.Content); err != nil {
			return nil, fmt.Errorf("jupyter: %s's content: %w", m.Header.MsgType, err)
		}
	}
	dicts := [][]byte{header, parent, metadata, content}
	frames := make([][]byte, 0, len(m.Identities)+6+len(m.Buffers))
	frames = append(frames, m.Identities...)
	frames = append(frames, delimiter, s.sign(dicts))
	frames = append(frames, dicts...)
	return append(frames, m.Buffers...), nil
}

// NewHeader is a new message's header, in session, from username.
func NewHeader(msgType, session, username string) Header {
	return Header{
		MsgID:    newID(),
		Session:  session,
		Username: username,
		Date:     time.Now().UTC().Format("2006-01-02T15:04:05.000000Z"),
		MsgType:  msgType,
		Version:  ProtocolVersion,
	}
}

// newID is a random UUID (version 4), as Jupyter's ids are.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("jupyter: no randomness for a message id: %v", err))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
