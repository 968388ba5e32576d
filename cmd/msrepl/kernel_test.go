package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"msrepl/jupyter"
	"msrepl/jupyter/jupytertest"
)

const kernelTimeout = 20 * time.Second

// startKernel serves a fresh session on loopback and connects a client,
// over real ZeroMQ sockets.
func startKernel(t *testing.T) *jupytertest.Client {
	c, _ := jupytertest.Start(t, func(conn *jupyter.ConnectionInfo) (*jupyter.Kernel, error) {
		return newKernel(conn, io.Discard)
	})
	return c
}

var decode = jupytertest.Content

// outputs renders a cell's iopub outputs, leaving out status and
// execute_input, as one line each: the type, then the stream text, the
// MIME types of a bundle, or the error's name.
func outputs(t *testing.T, msgs []*jupyter.Message) []string {
	var out []string
	for _, m := range msgs {
		c := decode(t, m)
		switch m.Header.MsgType {
		case "status", "execute_input":
		case "stream":
			out = append(out, fmt.Sprintf("stream %s %q", c["name"], c["text"]))
		case "execute_result", "display_data", "update_display_data":
			data := c["data"].(map[string]any)
			var mimes []string
			for _, k := range []string{"text/plain", "text/html", "text/markdown", "text/latex", "application/json"} {
				if v, ok := data[k]; ok {
					if k == "text/html" {
						mimes = append(mimes, k)
					} else {
						mimes = append(mimes, fmt.Sprintf("%s=%v", k, v))
					}
				}
			}
			line := m.Header.MsgType + " " + strings.Join(mimes, " ")
			transient, _ := c["transient"].(map[string]any)
			if id, ok := transient["display_id"]; ok && m.Header.MsgType == "update_display_data" {
				line += fmt.Sprintf(" (id %d chars)", len(id.(string)))
			}
			out = append(out, line)
		case "clear_output":
			out = append(out, fmt.Sprintf("clear_output wait=%v", c["wait"]))
		case "error":
			out = append(out, fmt.Sprintf("error %s: %s", c["ename"], c["evalue"]))
		default:
			out = append(out, m.Header.MsgType)
		}
	}
	return out
}

// TestKernelSession runs cells of the language through the kernel, in
// one session, checking what each publishes.
func TestKernelSession(t *testing.T) {
	c := startKernel(t)
	tests := []struct {
		code    string
		outputs []string
	}{
		{"x = 41", nil},
		{"x + 1", []string{"execute_result text/plain=42"}},
		{"print('a')\nimport sys\nprint('b', file=sys.stderr)", []string{`stream stdout "a\n"`, `stream stderr "b\n"`}},
		{"1/0", []string{"error ZeroDivisionError: division by zero"}},
		{"import mindspore as ms\nt = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])\nt",
			[]string{"execute_result text/plain=Tensor(shape=[2, 2], dtype=Float32, value=\n[[1. 2.]\n [3. 4.]]) text/html"}},
		{"display(x, 'two')", []string{"display_data text/plain=41", "display_data text/plain='two'"}},
		{"from IPython.display import HTML, Math, Markdown\ndisplay(HTML('<b>b</b>'), Math('x^2'), Markdown('*m*'))", []string{
			"display_data text/plain=<IPython.core.display.HTML object> text/html",
			"display_data text/plain=<IPython.core.display.Math object> text/latex=$\\displaystyle x^2$",
			"display_data text/plain=<IPython.core.display.Markdown object> text/markdown=*m*"}},
		{"h = display('a', display_id=True)\nh.update('b')", []string{"display_data text/plain='a'", "update_display_data text/plain='b' (id 32 chars)"}},
		{"print('gone')\nclear_output(wait=True)", []string{`stream stdout "gone\n"`, "clear_output wait=true"}},
		{"class Card:\n    def _repr_html_(self):\n        return '<i>card</i>'\n    def _repr_markdown_(self):\n        return None\nCard()", []string{"execute_result text/plain=<__main__.Card object> text/html"}},
		{"x", []string{"execute_result text/plain=41"}},
	}
	for _, tc := range tests {
		reply, out, err := c.Execute(tc.code, kernelTimeout)
		if err != nil {
			t.Fatalf("%q: %v", tc.code, err)
		}
		got := outputs(t, out)
		// A user object's repr names its address; compare up to it.
		for i, line := range got {
			if j := strings.Index(line, " object at 0x"); j >= 0 {
				got[i] = line[:j] + " object>" + line[strings.Index(line[j:], ">")+j+1:]
			}
		}
		if strings.Join(got, "\n") != strings.Join(tc.outputs, "\n") {
			t.Errorf("%q published:\n%s\nwant:\n%s", tc.code, strings.Join(got, "\n"), strings.Join(tc.outputs, "\n"))
		}
		wantStatus := "ok"
		if strings.HasPrefix(strings.Join(tc.outputs, ""), "error") {
			wantStatus = "error"
		}
		if s := decode(t, reply)["status"]; s != wantStatus {
			t.Errorf("%q: reply status %v", tc.code, s)
		}
	}

	// name? answers through the pager payload, and prints nothing.
	reply, out, err := c.Execute("len?", kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	payload := decode(t, reply)["payload"].([]any)
	if len(payload) != 1 || !strings.Contains(fmt.Sprint(payload[0].(map[string]any)["data"]), "Return the number of items") || len(outputs(t, out)) != 0 {
		t.Errorf("len? gave payload %v and outputs %v", payload, outputs(t, out))
	}

	// An error's traceback underlines the failing code.
	reply, _, err = c.Execute("y = 1\nz = y / 0", kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	tb := fmt.Sprint(decode(t, reply)["traceback"])
	if !strings.Contains(tb, "z = y / 0") || !strings.Contains(tb, "^") {
		t.Errorf("traceback %s", tb)
	}

	// Completion, inspection and is_complete go through the session.
	r, err := c.Request(c.Shell, "complete_request", map[string]any{"code": "ms.Ten", "cursor_pos": 6}, kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	if m := fmt.Sprint(decode(t, r)["matches"]); m != "[Tensor]" {
		t.Errorf("ms.Ten completes to %s", m)
	}
	r, err = c.Request(c.Shell, "is_complete_request", map[string]any{"code": "for i in range(3):\n    if i:"}, kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	if rc := decode(t, r); rc["status"] != "incomplete" || rc["indent"] != "        " {
		t.Errorf("is_complete %v", rc)
	}
	r, err = c.Request(c.Shell, "execute_request", map[string]any{"code": "q = 2", "user_expressions": map[string]string{"double": "q * 2", "bad": "q +", "stmt": "q = 3"}}, kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	ue := decode(t, r)["user_expressions"].(map[string]any)
	if got := ue["double"].(map[string]any)["data"].(map[string]any)["text/plain"]; got != "4" {
		t.Errorf("user expression q * 2 = %v", got)
	}
	for _, name := range []string{"bad", "stmt"} {
		if e := ue[name].(map[string]any); e["ename"] != "SyntaxError" {
			t.Errorf("user expression %s: %v", name, e)
		}
	}
}

// TestKernelInterruptLoop interrupts `while True: pass` and checks that the
// next cell still sees the session's variables.
func TestKernelInterruptLoop(t *testing.T) {
	c := startKernel(t)
	if _, _, err := c.Execute("kept = 'still here'", kernelTimeout); err != nil {
		t.Fatal(err)
	}
	for _, via := range []string{"interrupt_request", "input()"} {
		code := "while True: pass"
		if via == "input()" {
			code = "input('waiting: ')"
		}
		id, err := c.Send(c.Shell, "execute_request", map[string]any{"code": code, "allow_stdin": true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.WaitIOPub(id, "execute_input", kernelTimeout); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
		if _, err := c.Request(c.Control, "interrupt_request", map[string]any{}, kernelTimeout); err != nil {
			t.Fatal(err)
		}
		reply, err := c.Reply(c.Shell, id, kernelTimeout)
		if err != nil {
			t.Fatal(err)
		}
		if rc := decode(t, reply); rc["ename"] != "KeyboardInterrupt" {
			t.Errorf("%s: interrupted cell replied %v", via, rc)
		}
		reply, out, err := c.Execute("kept", kernelTimeout)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(outputs(t, out), ""); got != "execute_result text/plain='still here'" {
			var kinds []string
			for _, m := range out {
				kinds = append(kinds, m.Header.MsgType+fmt.Sprint(decode(t, m)))
			}
			t.Errorf("%s: after the interrupt: %s; reply %v; iopub %v", via, got, decode(t, reply), kinds)
		}
	}
}

// TestKernelManyExecutes sends 2000 execute requests in a row and checks
// that memory stays bounded, reporting the resident set before and after.
func TestKernelManyExecutes(t *testing.T) {
	c := startKernel(t)
	run := func(n int) {
		for i := 0; i < n; i++ {
			reply, _, err := c.Execute(fmt.Sprintf("v = [k * k for k in range(200)]\nv[%d]", i%200), kernelTimeout)
			if err != nil {
				t.Fatal(err)
			}
			if s := decode(t, reply)["status"]; s != "ok" {
				t.Fatalf("cell %d: %v", i, s)
			}
			c.ForgetIOPub() // what the client keeps is not the kernel's memory
		}
	}
	run(100)
	runtime.GC()
	before := residentBytes(t)
	run(2000)
	runtime.GC()
	after := residentBytes(t)
	t.Logf("resident set: %.1f MiB before 2000 executes, %.1f MiB after", float64(before)/(1<<20), float64(after)/(1<<20))
	if after > before+64<<20 {
		t.Errorf("the resident set grew by %.1f MiB over 2000 executes", float64(after-before)/(1<<20))
	}
}

// residentBytes is this process's resident set size, from /proc.
func residentBytes(t *testing.T) int64 {
	data, err := os.ReadFile(filepath.Join("/proc", "self", "status"))
	if err != nil {
		t.Skip("no /proc here to read the resident set from")
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc/self/status")
	return 0
}

func TestKernelInstall(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", filepath.Join(dir, "data"))
	for _, tc := range []struct {
		args []string
		path string
	}{
		{[]string{"--user"}, "data/kernels/msrepl/kernel.json"},
		{[]string{"--prefix", filepath.Join(dir, "env"), "--name", "ms2"}, "env/share/jupyter/kernels/ms2/kernel.json"},
	} {
		var out, errOut strings.Builder
		if code := run(append([]string{"kernel", "install"}, tc.args...), nil, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut.String())
		}
		data, err := os.ReadFile(filepath.Join(dir, tc.path))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"interrupt_mode": "message"`, `"{connection_file}"`, `"language": "python"`} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %s:\n%s", tc.path, want, data)
			}
		}
		if !strings.Contains(string(data), `"/`) {
			t.Errorf("%s does not name the binary by its absolute path:\n%s", tc.path, data)
		}
	}
	var out, errOut strings.Builder
	if code := run([]string{"kernel", "install", "--user", "--prefix", dir}, nil, &out, &errOut); code != 2 {
		t.Errorf("two scopes: exit %d", code)
	}
	if code := run([]string{"kernel", "install", "--help"}, nil, &out, &errOut); code != 0 || !strings.Contains(errOut.String(), "--sys-prefix") {
		t.Errorf("install --help: exit %d, %s", code, errOut.String())
	}
	if code := run([]string{"kernel", "-f", filepath.Join(dir, "missing.json")}, nil, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "missing.json") {
		t.Errorf("a missing connection file: exit %d, %s", code, errOut.String())
	}
}
