package jupyter

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// frames is a signed request as jupyter_client sends one.
func frames(t *testing.T, s *Signer, msgType string, content any) [][]byte {
	t.Helper()
	m := &Message{
		Identities: [][]byte{[]byte("client-7")},
		Header:     NewHeader(msgType, "sess-1", "alice"),
		Content:    content,
	}
	f, err := Encode(m, s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRoundTrip(t *testing.T) {
	s, err := NewSigner("hmac-sha256", "secret")
	if err != nil {
		t.Fatal(err)
	}
	parent := NewHeader("execute_request", "sess-1", "alice")
	out := &Message{
		Identities: [][]byte{[]byte("id-a"), []byte("id-b")},
		Header:     NewHeader("execute_reply", "sess-1", "alice"),
		Parent:     &parent,
		Metadata:   map[string]any{"started": "now"},
		Content:    map[string]any{"status": "ok", "execution_count": 3},
		Buffers:    [][]byte{{0, 1, 2}},
	}
	f, err := Encode(out, s)
	if err != nil {
		t.Fatal(err)
	}
	in, err := Decode(f, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Identities) != 2 || string(in.Identities[1]) != "id-b" {
		t.Errorf("identities %q", in.Identities)
	}
	if in.Header != out.Header || in.Parent == nil || *in.Parent != parent {
		t.Errorf("headers: got %+v / %+v", in.Header, in.Parent)
	}
	var content struct {
		Status string `json:"status"`
		Count  int    `json:"execution_count"`
	}
	if err := in.DecodeContent(&content); err != nil || content.Status != "ok" || content.Count != 3 {
		t.Errorf("content %+v, %v", content, err)
	}
	if in.Metadata["started"] != "now" || len(in.Buffers) != 1 || !bytes.Equal(in.Buffers[0], []byte{0, 1, 2}) {
		t.Errorf("metadata %v, buffers %v", in.Metadata, in.Buffers)
	}
}

func TestHeader(t *testing.T) {
	h := NewHeader("status", "s", "u")
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(h.MsgID) {
		t.Errorf("msg_id %q is not a UUID v4", h.MsgID)
	}
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$`).MatchString(h.Date) {
		t.Errorf("date %q", h.Date)
	}
	if h.Version != "5.3" || NewHeader("status", "s", "u").MsgID == h.MsgID {
		t.Errorf("version %q, or ids repeat", h.Version)
	}
}

func TestDecodeRejects(t *testing.T) {
	s, _ := NewSigner("hmac-sha256", "secret")
	good := frames(t, s, "kernel_info_request", map[string]any{})
	at := 1 // the delimiter, after one identity
	tamper := func(i int, data string) [][]byte {
		f := append([][]byte(nil), good...)
		f[i] = []byte(data)
		return f
	}
	other, _ := NewSigner("hmac-sha256", "other")
	tests := []struct {
		name   string
		frames [][]byte
		signer *Signer
		want   string
	}{
		{"signed with another key", good, other, "signature"},
		{"content changed", tamper(at+5, `{"x": 1}`), s, "signature"},
		{"signature not hex", tamper(at+1, "zz"), s, "signature"},
		{"signature empty", tamper(at+1, ""), s, "signature"},
		{"no delimiter", good[2:], s, "no <IDS|MSG> delimiter"},
		{"too few frames", good[:at+4], s, "frames after the delimiter"},
		{"nothing", nil, s, "no <IDS|MSG> delimiter"},
		{"bad header JSON", tamper(at+2, "{"), nil, "the header"},
		{"no msg_type", tamper(at+2, `{"msg_id": "x"}`), nil, "no msg_type"},
		{"bad parent JSON", tamper(at+3, "[1"), nil, "the parent header"},
		{"metadata not a dict", tamper(at+4, "[]"), nil, "the metadata"},
		{"content not JSON", tamper(at+5, "{'a': 1}"), nil, "the content is not JSON"},
	}
	unsigned, _ := NewSigner("", "")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			signer := tt.signer
			if signer == nil {
				signer = unsigned
			}
			_, err := Decode(tt.frames, signer)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error about %q", err, tt.want)
			}
			if tt.want == "signature" && !errors.Is(err, ErrBadSignature) {
				t.Errorf("%v is not ErrBadSignature", err)
			}
		})
	}
}

func TestUnsignedConnection(t *testing.T) {
	s, err := NewSigner("", "")
	if err != nil {
		t.Fatal(err)
	}
	f := frames(t, s, "kernel_info_request", nil)
	if len(f[2]) != 0 {
		t.Errorf("an unsigned message has signature %q", f[2])
	}
	if _, err := Decode(f, s); err != nil {
		t.Fatal(err)
	}
	if _, err := NewSigner("hmac-md5", "k"); err == nil {
		t.Error("hmac-md5 was accepted")
	}
}

func TestConnectionFile(t *testing.T) {
	dir := t.TempDir()
	write := func(v any) string {
		data, _ := json.Marshal(v)
		p := filepath.Join(dir, "c.json")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := map[string]any{"transport": "tcp", "ip": "127.0.0.1", "shell_port": 5001, "control_port": 5002,
		"iopub_port": 5003, "stdin_port": 5004, "hb_port": 5005, "key": "k", "signature_scheme": "hmac-sha256"}
	c, err := ReadConnectionFile(write(good))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Endpoint(c.ShellPort); got != "tcp://127.0.0.1:5001" {
		t.Errorf("endpoint %s", got)
	}
	for _, bad := range []struct {
		change map[string]any
		want   string
	}{
		{map[string]any{"hb_port": 0}, "hb_port 0 is not a port"},
		{map[string]any{"transport": "udp"}, "neither tcp nor ipc"},
		{map[string]any{"signature_scheme": "hmac-sha1"}, "not supported"},
	} {
		c := map[string]any{}
		for k, v := range good {
			c[k] = v
		}
		for k, v := range bad.change {
			c[k] = v
		}
		if _, err := ReadConnectionFile(write(c)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v: got %v, want %q", bad.change, err, bad.want)
		}
	}
}

// FuzzDecode feeds arbitrary frame lists to Decode: it returns a message
// or an error, never panics, and a message it accepts encodes back to
// frames it accepts again.
func FuzzDecode(f *testing.F) {
	s, _ := NewSigner("", "")
	seed, _ := Encode(&Message{Identities: [][]byte{[]byte("id")}, Header: NewHeader("execute_request", "s", "u"),
		Content: map[string]any{"code": "1 + 1", "silent": false}}, s)
	f.Add(bytes.Join(seed, []byte{0}))
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"))
	f.Add([]byte("<IDS|MSG>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(bytes.Split(data, []byte{0}), s)
		if err != nil {
			return
		}
		again, err := Encode(m, s)
		if err != nil {
			t.Fatalf("re-encoding an accepted message: %v", err)
		}
		if _, err := Decode(again, s); err != nil {
			t.Fatalf("a re-encoded message is refused: %v", err)
		}
	})
}
