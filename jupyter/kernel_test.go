package jupyter_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"msrepl/jupyter"
	"msrepl/jupyter/jupytertest"
)

// scriptEngine is an Engine whose cells are lines of commands, so that a
// test can make a cell print, show, fail, block or read input:
//
//	out TEXT | err TEXT | result TEXT | display TEXT | update ID TEXT | clear
//	page TEXT | input PROMPT | fail | sleep MS | block | exit
type scriptEngine struct {
	mu      sync.Mutex
	count   int
	history []jupyter.HistoryEntry
}

func (e *scriptEngine) Execute(ctx context.Context, code string, out jupyter.Output, opts jupyter.ExecuteOptions) *jupyter.ErrorInfo {
	e.mu.Lock()
	if opts.StoreHistory {
		e.count++
	}
	count := e.count
	e.mu.Unlock()
	result := ""
	defer func() {
		if opts.StoreHistory {
			e.mu.Lock()
			e.history = append(e.history, jupyter.HistoryEntry{Count: count, Input: code, Output: result})
			e.mu.Unlock()
		}
	}()
	for _, line := range strings.Split(code, "\n") {
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "out":
			out.Stream("stdout", arg)
		case "err":
			out.Stream("stderr", arg)
		case "result":
			result = arg
			if !opts.Silent {
				out.Result(count, jupyter.MIMEBundle{Data: map[string]any{"text/plain": arg}})
			}
		case "display":
			out.Display(jupyter.MIMEBundle{Data: map[string]any{"text/plain": arg}}, "", false)
		case "update":
			id, text, _ := strings.Cut(arg, " ")
			out.Display(jupyter.MIMEBundle{Data: map[string]any{"text/plain": text}}, id, true)
		case "clear":
			out.ClearOutput(false)
		case "page":
			out.Page(arg)
		case "input":
			v, err := out.Input(arg, false)
			if err != nil {
				return &jupyter.ErrorInfo{Name: "EOFError", Value: err.Error(), Traceback: []string{"EOFError: " + err.Error()}}
			}
			out.Stream("stdout", "got "+v)
		case "fail":
			return &jupyter.ErrorInfo{Name: "ValueError", Value: "bad", Traceback: []string{"Traceback (most recent call last):", "ValueError: bad"}}
		case "sleep":
			var ms int
			fmt.Sscan(arg, &ms)
			time.Sleep(time.Duration(ms) * time.Millisecond)
		case "block":
			<-ctx.Done()
			return &jupyter.ErrorInfo{Name: "KeyboardInterrupt", Value: "", Traceback: []string{"KeyboardInterrupt"}}
		case "exit":
			out.Exit()
		case "":
		default:
			return &jupyter.ErrorInfo{Name: "NameError", Value: cmd, Traceback: []string{"NameError: " + cmd}}
		}
	}
	return nil
}

func (e *scriptEngine) Evaluate(ctx context.Context, expr string) (jupyter.MIMEBundle, *jupyter.ErrorInfo) {
	if expr == "fail" {
		return jupyter.MIMEBundle{}, &jupyter.ErrorInfo{Name: "ValueError", Value: "bad", Traceback: []string{"ValueError: bad"}}
	}
	return jupyter.MIMEBundle{Data: map[string]any{"text/plain": strings.ToUpper(expr)}}, nil
}

// Complete completes the word before the cursor among a fixed list.
func (e *scriptEngine) Complete(code string, cursor int) ([]string, int, int) {
	start := strings.LastIndexAny(code[:cursor], " (") + 1
	var out []string
	for _, w := range []string{"émoji", "print", "printf"} {
		if strings.HasPrefix(w, code[start:cursor]) {
			out = append(out, w)
		}
	}
	return out, start, cursor
}

func (e *scriptEngine) Inspect(code string, cursor, detail int) (string, bool) {
	if strings.Contains(code, "print") {
		return fmt.Sprintf("print help, detail %d", detail), true
	}
	return "", false
}

func (e *scriptEngine) IsComplete(code string) (string, string) {
	if strings.HasSuffix(code, ":") {
		return "incomplete", "    "
	}
	return "complete", ""
}

func (e *scriptEngine) Count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.count
}

func (e *scriptEngine) History() []jupyter.HistoryEntry {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]jupyter.HistoryEntry(nil), e.history...)
}

// syncBuffer is a log the kernel writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type harness struct {
	*jupytertest.Client
	log  *syncBuffer
	done <-chan error
}

const timeout = 10 * time.Second

// startKernel runs a kernel over engine on loopback and connects a client.
func startKernel(t *testing.T, engine jupyter.Engine) *harness {
	logBuf := &syncBuffer{}
	c, done := jupytertest.Start(t, func(conn *jupyter.ConnectionInfo) (*jupyter.Kernel, error) {
		return jupyter.NewKernel(jupyter.Config{Conn: conn, Engine: engine, Log: logBuf,
			Info: jupyter.KernelInfo{Implementation: "script", LanguageInfo: map[string]any{"name": "script"}}})
	})
	return &harness{Client: c, log: logBuf, done: done}
}

var content = jupytertest.Content

// kinds lists the message types of msgs, with a stream's name and text
// and a status's state.
func kinds(t *testing.T, msgs []*jupyter.Message) []string {
	var out []string
	for _, m := range msgs {
		c := content(t, m)
		switch m.Header.MsgType {
		case "stream":
			out = append(out, fmt.Sprintf("stream %s %q", c["name"], c["text"]))
		case "status":
			out = append(out, "status "+c["execution_state"].(string))
		default:
			out = append(out, m.Header.MsgType)
		}
	}
	return out
}

func TestKernelExecute(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	tests := []struct {
		name, code string
		status     string
		outputs    []string
	}{
		{"streams keep their order and join", "out a\nout b\nerr c\nout d\nresult 42", "ok", []string{
			"status busy", "execute_input", `stream stdout "ab"`, `stream stderr "c"`, `stream stdout "d"`, "execute_result", "status idle"}},
		{"an error is the only output", "fail", "error", []string{"status busy", "execute_input", "error", "status idle"}},
		{"text before a display goes first", "out x\ndisplay d\nupdate id1 e\nclear", "ok", []string{
			"status busy", "execute_input", `stream stdout "x"`, "display_data", "update_display_data", "clear_output", "status idle"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reply, out, err := h.Execute(tc.code, timeout)
			if err != nil {
				t.Fatal(err)
			}
			if c := content(t, reply); c["status"] != tc.status {
				t.Errorf("reply status %v, want %s", c["status"], tc.status)
			}
			if got := kinds(t, out); strings.Join(got, "\n") != strings.Join(tc.outputs, "\n") {
				t.Errorf("iopub:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.outputs, "\n"))
			}
		})
	}
}

func TestKernelExecuteReply(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	reply, out, err := h.ExecuteWith(map[string]any{"code": "result 1\npage help text",
		"user_expressions": map[string]string{"a": "abc", "b": "fail"}}, timeout)
	if err != nil {
		t.Fatal(err)
	}
	c := content(t, reply)
	if c["execution_count"] != 1.0 || c["status"] != "ok" {
		t.Fatalf("reply %v", c)
	}
	ue := c["user_expressions"].(map[string]any)
	if a := ue["a"].(map[string]any); a["status"] != "ok" || a["data"].(map[string]any)["text/plain"] != "ABC" {
		t.Errorf("user expression a: %v", a)
	}
	if b := ue["b"].(map[string]any); b["status"] != "error" || b["ename"] != "ValueError" {
		t.Errorf("user expression b: %v", b)
	}
	payload := c["payload"].([]any)
	if len(payload) != 1 || payload[0].(map[string]any)["source"] != "page" {
		t.Errorf("payload %v", payload)
	}
	var result map[string]any
	for _, m := range out {
		if m.Header.MsgType == "execute_result" {
			result = content(t, m)
		}
	}
	if result["execution_count"] != 1.0 || result["data"].(map[string]any)["text/plain"] != "1" {
		t.Errorf("execute_result %v", result)
	}

	// A silent cell is not counted, announced or shown.
	reply, out, err = h.ExecuteWith(map[string]any{"code": "result 2", "silent": true}, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, reply); c["execution_count"] != 1.0 {
		t.Errorf("a silent cell counted: %v", c)
	}
	if got := kinds(t, out); strings.Join(got, ",") != "status busy,status idle" {
		t.Errorf("a silent cell published %v", got)
	}
	// store_history=False shows the value but does not count the cell.
	reply, _, err = h.ExecuteWith(map[string]any{"code": "result 3", "store_history": false}, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, reply); c["execution_count"] != 1.0 {
		t.Errorf("store_history=False counted: %v", c)
	}
}

// TestKernelStopOnError checks that a failing cell aborts the cells queued
// behind it, unless stop_on_error is false.
func TestKernelStopOnError(t *testing.T) {
	for _, stop := range []bool{true, false} {
		t.Run(fmt.Sprint("stop_on_error=", stop), func(t *testing.T) {
			h := startKernel(t, &scriptEngine{})
			first, _ := h.Send(h.Shell, "execute_request", map[string]any{"code": "sleep 300\nfail", "stop_on_error": stop})
			var queued []string
			for i := 0; i < 2; i++ {
				id, _ := h.Send(h.Shell, "execute_request", map[string]any{"code": "result 1"})
				queued = append(queued, id)
			}
			complete, _ := h.Send(h.Shell, "complete_request", map[string]any{"code": "pr", "cursor_pos": 2})
			want := map[string]string{first: "error", queued[0]: "ok", queued[1]: "ok", complete: "ok"}
			if stop {
				want[queued[0]], want[queued[1]] = "aborted", "aborted"
			}
			for range want {
				msg, err := h.Shell.Recv()
				if err != nil {
					t.Fatal(err)
				}
				m, err := jupyter.Decode(msg.Frames, h.Signer)
				if err != nil {
					t.Fatal(err)
				}
				if got := content(t, m)["status"]; got != want[m.Parent.MsgID] {
					t.Errorf("%s: status %v, want %s", m.Header.MsgType, got, want[m.Parent.MsgID])
				}
			}
		})
	}
}

// TestKernelInterrupt interrupts a blocked cell through interrupt_request
// on control, which is answered on control while the cell runs; the
// heartbeat answers meanwhile too.
func TestKernelInterrupt(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	id, _ := h.Send(h.Shell, "execute_request", map[string]any{"code": "block"})
	if _, err := h.WaitIOPub(id, "execute_input", timeout); err != nil {
		t.Fatal(err)
	}
	if err := h.Ping(timeout); err != nil {
		t.Fatalf("the heartbeat waited for the cell: %v", err)
	}
	if r, err := h.Request(h.Control, "kernel_info_request", map[string]any{}, timeout); err != nil || content(t, r)["protocol_version"] != "5.3" {
		t.Fatalf("kernel_info on control while a cell runs: %v", err)
	}
	r, err := h.Request(h.Control, "interrupt_request", map[string]any{}, timeout)
	if err != nil || r.Header.MsgType != "interrupt_reply" {
		t.Fatalf("interrupt_reply: %v %v", r, err)
	}
	reply, err := h.Reply(h.Shell, id, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, reply); c["status"] != "error" || c["ename"] != "KeyboardInterrupt" {
		t.Errorf("interrupted cell replied %v", c)
	}
	if reply, _, err := h.Execute("result 5", timeout); err != nil || content(t, reply)["status"] != "ok" {
		t.Fatalf("the next cell: %v", err)
	}
}

func TestKernelInput(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	id, _ := h.Send(h.Shell, "execute_request", map[string]any{"code": "input name? ", "allow_stdin": true})
	msg, err := h.Stdin.Recv()
	if err != nil {
		t.Fatal(err)
	}
	req, err := jupyter.Decode(msg.Frames, h.Signer)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, req); req.Header.MsgType != "input_request" || c["prompt"] != "name? " || req.Parent.MsgID != id {
		t.Fatalf("%s %v", req.Header.MsgType, c)
	}
	rep := &jupyter.Message{Header: jupyter.NewHeader("input_reply", h.Session, "test"), Parent: &req.Header, Content: map[string]string{"value": "Ada"}}
	frames, _ := jupyter.Encode(rep, h.Signer)
	if err := h.SendFrames(h.Stdin, frames); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Reply(h.Shell, id, timeout); err != nil {
		t.Fatal(err)
	}
	out, err := h.WaitIOPub(id, "status", timeout)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(kinds(t, out), ","); !strings.Contains(got, `stream stdout "got Ada"`) {
		t.Errorf("iopub %s", got)
	}

	reply, _, err := h.ExecuteWith(map[string]any{"code": "input x", "allow_stdin": false}, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, reply); c["ename"] != "EOFError" {
		t.Errorf("input without stdin: %v", c)
	}
}

func TestKernelRequests(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	for _, code := range []string{"result 1+2", "result 12", "out x", "result 1+2"} {
		if _, _, err := h.Execute(code, timeout); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		msgType string
		content map[string]any
		check   func(c map[string]any) string
	}{
		{"kernel_info_request", nil, func(c map[string]any) string {
			return fmt.Sprint(c["protocol_version"], " ", c["implementation"], " ", c["language_info"].(map[string]any)["name"])
		}},
		// Cursor positions count code points: "é" is one, not two bytes.
		{"complete_request", map[string]any{"code": "é = é", "cursor_pos": 5}, func(c map[string]any) string {
			return fmt.Sprint(c["matches"], c["cursor_start"], c["cursor_end"])
		}},
		{"complete_request", map[string]any{"code": "x(pri", "cursor_pos": 5}, func(c map[string]any) string {
			return fmt.Sprint(c["matches"], c["cursor_start"], c["cursor_end"])
		}},
		{"inspect_request", map[string]any{"code": "print", "cursor_pos": 2, "detail_level": 1}, func(c map[string]any) string {
			return fmt.Sprint(c["found"], c["data"])
		}},
		{"inspect_request", map[string]any{"code": "nothing", "cursor_pos": 2}, func(c map[string]any) string {
			return fmt.Sprint(c["found"], c["data"])
		}},
		{"is_complete_request", map[string]any{"code": "if x:"}, func(c map[string]any) string {
			return fmt.Sprintf("%v %q", c["status"], c["indent"])
		}},
		{"history_request", map[string]any{"hist_access_type": "tail", "n": 2, "output": true}, func(c map[string]any) string {
			return fmt.Sprint(c["history"])
		}},
		{"history_request", map[string]any{"hist_access_type": "range", "session": 1, "start": 2, "stop": 4}, func(c map[string]any) string {
			return fmt.Sprint(c["history"])
		}},
		{"history_request", map[string]any{"hist_access_type": "search", "pattern": "result 1?2*", "unique": true}, func(c map[string]any) string {
			return fmt.Sprint(c["history"])
		}},
		{"comm_info_request", nil, func(c map[string]any) string { return fmt.Sprint(c["comms"]) }},
	}
	want := []string{
		"5.3 script script",
		"[émoji] 4 5",
		"[print printf] 2 5",
		"true map[text/plain:print help, detail 1]",
		"false map[]",
		`incomplete "    "`,
		"[[1 3 [out x <nil>]] [1 4 [result 1+2 1+2]]]",
		"[[1 2 result 12] [1 3 out x]]",
		"[[1 4 result 1+2]]",
		"map[]",
	}
	for i, tc := range tests {
		r, err := h.Request(h.Shell, tc.msgType, tc.content, timeout)
		if err != nil {
			t.Fatal(err)
		}
		c := content(t, r)
		if got := tc.check(c); got != want[i] || c["status"] != "ok" && tc.msgType != "is_complete_request" {
			t.Errorf("%s %v: %s (status %v), want %s", tc.msgType, tc.content, got, c["status"], want[i])
		}
		if out, err := h.WaitIOPub(r.Parent.MsgID, "status", timeout); err != nil || kinds(t, out)[0] != "status busy" {
			t.Errorf("%s: no busy/idle around it: %v", tc.msgType, err)
		}
	}

	// A comm the kernel has no target for is closed at once.
	id, _ := h.Send(h.Shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "t", "data": map[string]any{}})
	if out, err := h.WaitIOPub(id, "comm_close", timeout); err != nil || content(t, out[len(out)-1])["comm_id"] != "c1" {
		t.Errorf("comm_open: %v", err)
	}
	// exit() asks the front end to end the session.
	reply, _, err := h.Execute("exit", timeout)
	if err != nil {
		t.Fatal(err)
	}
	if p := content(t, reply)["payload"].([]any); len(p) != 1 || p[0].(map[string]any)["source"] != "ask_exit" {
		t.Errorf("exit payload %v", p)
	}
}

// TestKernelBadMessages sends what a broken or hostile client might: each
// is logged and dropped, and the kernel answers the next good request.
func TestKernelBadMessages(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	good, _ := jupyter.Encode(&jupyter.Message{Header: jupyter.NewHeader("kernel_info_request", h.Session, "t")}, h.Signer)
	forged := append([][]byte{}, good...)
	forged[1] = bytes.Repeat([]byte("0"), 64)
	badJSON := append([][]byte{}, good...)
	badJSON[2] = []byte("{not json")
	for _, tc := range []struct {
		name   string
		frames [][]byte
		logged string
	}{
		{"bad signature", forged, "signature does not match"},
		{"no delimiter", [][]byte{[]byte("a"), []byte("b")}, "no <IDS|MSG> delimiter"},
		{"too few frames", [][]byte{[]byte("<IDS|MSG>"), []byte("sig")}, "frames after the delimiter"},
		{"bad JSON", badJSON, "malformed message"},
		{"one empty frame", [][]byte{{}}, "no <IDS|MSG> delimiter"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, sock := range []string{"shell", "control"} {
				s := h.Shell
				if sock == "control" {
					s = h.Control
				}
				if err := h.SendFrames(s, tc.frames); err != nil {
					t.Fatal(err)
				}
				if _, err := h.Request(s, "kernel_info_request", nil, timeout); err != nil {
					t.Fatalf("after a message with a %s on %s: %v", tc.name, sock, err)
				}
			}
			if !strings.Contains(h.log.String(), tc.logged) {
				t.Errorf("the log does not say %q:\n%s", tc.logged, h.log.String())
			}
		})
	}
}

// TestKernelBadContent sends requests whose content has the wrong shape:
// each is answered, and the kernel keeps serving.
func TestKernelBadContent(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	for _, tc := range []struct {
		msgType string
		content any
		status  string
	}{
		{"execute_request", map[string]any{"code": 5}, "error"},
		{"execute_request", []int{1, 2}, "error"},
		{"complete_request", map[string]any{"code": "pr", "cursor_pos": -3}, "ok"},
		{"complete_request", map[string]any{"code": "pr", "cursor_pos": 1e9}, "ok"},
		{"inspect_request", "not an object", "ok"},
		{"history_request", map[string]any{"hist_access_type": "sideways"}, "error"},
		{"history_request", map[string]any{"hist_access_type": "search", "pattern": "[oops"}, "error"},
		{"is_complete_request", nil, "complete"},
	} {
		r, err := h.Request(h.Shell, tc.msgType, tc.content, timeout)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.msgType, tc.content, err)
		}
		if got := content(t, r)["status"]; got != tc.status {
			t.Errorf("%s %v: status %v, want %s", tc.msgType, tc.content, got, tc.status)
		}
	}
}

// TestKernelIOPubResubscribe closes the iopub subscriber and connects a
// new one, as a front end that reconnects does (zmq4 #151): the new one
// receives output.
func TestKernelIOPubResubscribe(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	for round := 0; round < 5; round++ {
		if err := h.SubscribeIOPub(timeout); err != nil {
			t.Fatal(err)
		}
		// The subscription reaches the kernel some time after the dial:
		// execute until it delivers, as jupyter_client's clients retry.
		deadline := time.Now().Add(timeout)
		for {
			_, out, err := h.Execute(fmt.Sprintf("out round %d", round), time.Second)
			if err == nil && strings.Contains(strings.Join(kinds(t, out), ","), fmt.Sprintf("round %d", round)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the new subscriber received nothing", round)
			}
		}
	}
}

func TestKernelShutdown(t *testing.T) {
	h := startKernel(t, &scriptEngine{})
	r, err := h.Request(h.Control, "shutdown_request", map[string]any{"restart": true}, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if c := content(t, r); r.Header.MsgType != "shutdown_reply" || c["restart"] != true {
		t.Errorf("%s %v", r.Header.MsgType, c)
	}
	select {
	case err := <-h.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(timeout):
		t.Fatal("Run did not return after shutdown_request")
	}
}

func TestHistoryGlob(t *testing.T) {
	for _, tc := range []struct {
		pattern, input string
		match          bool
	}{
		{"1?2*", "1+2+3", true},
		{"1?2*", "11+2", false},
		{"*", "a\nb", true},
		{"a[bc]d", "acd", true},
		{"a[^bc]d", "acd", false},
		{"a[]]d", "a]d", true},
		{"x.y", "xzy", false},
		{"x\\y", "x\\y", true},
	} {
		re, err := jupyter.GlobRegexp(tc.pattern)
		if err != nil {
			t.Fatalf("%q: %v", tc.pattern, err)
		}
		if got := re.MatchString(tc.input); got != tc.match {
			t.Errorf("%q matches %q: %v, want %v", tc.pattern, tc.input, got, tc.match)
		}
	}
	if _, err := jupyter.GlobRegexp("a[b"); err == nil {
		t.Error("an unclosed [ compiled")
	}
}
