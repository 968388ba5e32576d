package jupyter

import (
	"encoding/json"
	"fmt"
	"os"
)

// ConnectionInfo is a connection file: where the kernel's sockets listen
// and the key its messages are signed with.
type ConnectionInfo struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	ControlPort     int    `json:"control_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
	KernelName      string `json:"kernel_name"`
}

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (*ConnectionInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c ConnectionInfo
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("jupyter: connection file %s: %w", path, err)
	}
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	if c.Transport != "tcp" && c.Transport != "ipc" {
		return nil, fmt.Errorf("jupyter: connection file %s: transport %q is neither tcp nor ipc", path, c.Transport)
	}
	for _, p := range []struct {
		name string
		port int
	}{{"shell_port", c.ShellPort}, {"control_port", c.ControlPort}, {"iopub_port", c.IOPubPort}, {"stdin_port", c.StdinPort}, {"hb_port", c.HBPort}} {
		if p.port <= 0 || p.port > 65535 {
			return nil, fmt.Errorf("jupyter: connection file %s: %s %d is not a port", path, p.name, p.port)
		}
	}
	if _, err := NewSigner(c.SignatureScheme, c.Key); err != nil {
		return nil, err
	}
	return &c, nil
}

// Endpoint is the address a socket on port listens at: "tcp://IP:PORT",
// or, for the ipc transport, "ipc://IP-PORT" as Jupyter names the file.
func (c *ConnectionInfo) Endpoint(port int) string {
	if c.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", c.IP, port)
	}
	return fmt.Sprintf("tcp://%s:%d", c.IP, port)
}
