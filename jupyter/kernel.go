package jupyter

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"strings"
	"sync"
)

// KernelInfo is what kernel_info_reply says about the kernel and its
// language, apart from the protocol version, which the kernel adds.
type KernelInfo struct {
	Implementation        string         `json:"implementation"`
	ImplementationVersion string         `json:"implementation_version"`
	LanguageInfo          map[string]any `json:"language_info"`
	Banner                string         `json:"banner"`
	HelpLinks             []HelpLink     `json:"help_links,omitempty"`
}

// A HelpLink is an entry of the front end's help menu.
type HelpLink struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// Config is what a kernel is made of.
type Config struct {
	Conn   *ConnectionInfo
	Engine Engine
	Info   KernelInfo
	// Transport opens the sockets; nil means ZMQ.
	Transport Transport
	// Log receives what the kernel notices and drops, such as a badly
	// signed message; nil means io.Discard.
	Log io.Writer
}

// A Kernel serves one Engine over the five sockets of a connection file.
//
// Requests on shell run one at a time, in order, on one goroutine, so the
// Engine never runs two at once; control has its own goroutine, so that
// interrupt_request and shutdown_request are answered while a cell runs;
// the heartbeat echoes on its own goroutine and never waits for either.
type Kernel struct {
	cfg    Config
	signer *Signer
	log    *log.Logger
	// session is the kernel's session id, in the header of every message
	// it sends.
	session string

	shell, control, stdin, iopub, heartbeat Socket

	queue *requestQueue

	mu sync.Mutex
	// cancelCell interrupts the running cell; nil when none runs.
	cancelCell context.CancelFunc
	// inputReplies carries input_reply values from the stdin socket to
	// the cell waiting in Input.
	inputReplies chan string

	stop     chan struct{}
	stopOnce sync.Once
}

// NewKernel checks cfg and returns a kernel ready to Run.
func NewKernel(cfg Config) (*Kernel, error) {
	if cfg.Conn == nil || cfg.Engine == nil {
		return nil, errors.New("jupyter: a kernel needs a connection and an engine")
	}
	signer, err := NewSigner(cfg.Conn.SignatureScheme, cfg.Conn.Key)
	if err != nil {
		return nil, err
	}
	if cfg.Transport == nil {
		cfg.Transport = ZMQ{}
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	return &Kernel{
		cfg:          cfg,
		signer:       signer,
		log:          log.New(cfg.Log, "msrepl kernel: ", log.LstdFlags|log.Lmicroseconds),
		session:      newID(),
		queue:        newRequestQueue(),
		inputReplies: make(chan string, 1),
		stop:         make(chan struct{}),
	}, nil
}

// Run opens the sockets and serves until a shutdown_request or until ctx
// ends. It returns an error only when the sockets cannot be opened.
func (k *Kernel) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := k.listen(ctx); err != nil {
		return err
	}

	k.publish(nil, "status", map[string]string{"execution_state": "starting"})

	var wg sync.WaitGroup
	goServe := func(f func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f()
		}()
	}
	goServe(k.echoHeartbeats)
	goServe(func() { k.receive(k.shell, func(r *request) { k.queue.push(r) }) })
	goServe(func() { k.receive(k.control, k.serveControl) })
	goServe(k.receiveInput)
	goServe(func() { k.executeShell(ctx) })

	select {
	case <-ctx.Done():
	case <-k.stop:
	}
	k.Interrupt()
	k.queue.close()
	// Closing the sockets ends their readers' Recv.
	k.closeSockets()
	wg.Wait()
	return nil
}

// Interrupt stops the running cell, if any, as interrupt_request and
// SIGINT do. The cell fails with the engine's KeyboardInterrupt; the
// session lives on.
func (k *Kernel) Interrupt() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.cancelCell != nil {
		k.cancelCell()
	}
}

func (k *Kernel) listen(ctx context.Context) error {
	c := k.cfg.Conn
	for _, s := range []struct {
		sock *Socket
		kind SocketKind
		port int
	}{
		{&k.shell, Router, c.ShellPort},
		{&k.control, Router, c.ControlPort},
		{&k.stdin, Router, c.StdinPort},
		{&k.iopub, Publisher, c.IOPubPort},
		{&k.heartbeat, Replier, c.HBPort},
	} {
		sock, err := k.cfg.Transport.Listen(ctx, s.kind, c.Endpoint(s.port))
		if err != nil {
			k.closeSockets()
			return err
		}
		*s.sock = sock
	}
	return nil
}

func (k *Kernel) closeSockets() {
	for _, s := range []*Socket{&k.shell, &k.control, &k.stdin, &k.iopub, &k.heartbeat} {
		if *s != nil {
			(*s).Close()
		}
	}
}

func (k *Kernel) shutdown() { k.stopOnce.Do(func() { close(k.stop) }) }

func (k *Kernel) stopping() bool {
	select {
	case <-k.stop:
		return true
	default:
		return false
	}
}

// echoHeartbeats answers each ping with itself.
func (k *Kernel) echoHeartbeats() {
	for {
		ping, err := k.heartbeat.Recv()
		if err != nil {
			return
		}
		if err := k.heartbeat.Send(ping); err != nil && !k.stopping() {
			k.log.Printf("heartbeat: %v", err)
		}
	}
}

// A request is a received message and the socket its reply goes out on.
type request struct {
	sock Socket
	msg  *Message
}

// receive reads messages from sock and hands each good one to handle. A
// message that is badly signed or malformed is logged and dropped.
func (k *Kernel) receive(sock Socket, handle func(*request)) {
	for {
		frames, err := sock.Recv()
		if err != nil {
			if !k.stopping() {
				k.log.Printf("receiving: %v; this socket stops serving", err)
			}
			return
		}
		msg, err := Decode(frames, k.signer)
		if err != nil {
			k.log.Printf("dropped a message of %d frames: %v", len(frames), err)
			continue
		}
		handle(&request{sock: sock, msg: msg})
	}
}

// receiveInput passes input_reply values to the cell that asked.
func (k *Kernel) receiveInput() {
	k.receive(k.stdin, func(r *request) {
		if r.msg.Header.MsgType != "input_reply" {
			k.log.Printf("dropped %s on stdin", r.msg.Header.MsgType)
			return
		}
		var c struct {
			Value string `json:"value"`
		}
		if err := r.msg.DecodeContent(&c); err != nil {
			k.log.Printf("dropped input_reply: %v", err)
			return
		}
		select {
		case k.inputReplies <- c.Value:
		default:
			k.log.Printf("dropped an input_reply no cell asked for")
		}
	})
}

// executeShell serves shell requests, in order, until the queue closes.
func (k *Kernel) executeShell(ctx context.Context) {
	for {
		r, ok := k.queue.pop()
		if !ok {
			return
		}
		k.serve(ctx, r)
	}
}

// serveControl answers the requests that must not wait for a running
// cell at once; anything else joins the shell queue, its reply still
// going out on control.
func (k *Kernel) serveControl(r *request) {
	switch r.msg.Header.MsgType {
	case "interrupt_request", "shutdown_request", "kernel_info_request":
		k.serve(context.Background(), r)
	default:
		k.queue.push(r)
	}
}

// serve handles one request between status busy and idle, with the
// request as their parent. A panic in a handler is logged and the request
// answered with an error, so that the kernel keeps serving.
func (k *Kernel) serve(ctx context.Context, r *request) {
	parent := &r.msg.Header
	k.publish(parent, "status", map[string]string{"execution_state": "busy"})
	defer k.publish(parent, "status", map[string]string{"execution_state": "idle"})
	defer func() {
		if p := recover(); p != nil {
			k.log.Printf("%s failed: %v", r.msg.Header.MsgType, p)
			k.reply(r, replyType(r.msg.Header.MsgType), map[string]any{
				"status": "error", "ename": "InternalError", "evalue": fmt.Sprint(p), "traceback": []string{},
			})
		}
	}()
	switch t := r.msg.Header.MsgType; t {
	case "kernel_info_request":
		k.reply(r, "kernel_info_reply", k.kernelInfo())
	case "execute_request":
		k.execute(ctx, r)
	case "complete_request":
		k.complete(r)
	case "inspect_request":
		k.inspect(r)
	case "is_complete_request":
		k.isComplete(r)
	case "history_request":
		k.history(r)
	case "comm_info_request":
		k.reply(r, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	case "comm_open":
		// No comm targets exist: close the comm at once, as the protocol
		// asks, so that the front end does not wait on it.
		var c struct {
			CommID string `json:"comm_id"`
		}
		if r.msg.DecodeContent(&c) == nil {
			k.publish(parent, "comm_close", map[string]any{"comm_id": c.CommID, "data": map[string]any{}})
		}
	case "comm_msg", "comm_close":
	case "interrupt_request":
		k.Interrupt()
		k.reply(r, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var c struct {
			Restart bool `json:"restart"`
		}
		r.msg.DecodeContent(&c)
		content := map[string]any{"status": "ok", "restart": c.Restart}
		k.reply(r, "shutdown_reply", content)
		k.publish(parent, "shutdown_reply", content)
		k.shutdown()
		k.Interrupt()
	default:
		k.log.Printf("no handler for %s; it is not answered", t)
	}
}

// replyType is the reply type of a request type: x_request → x_reply.
func replyType(requestType string) string {
	if base, ok := strings.CutSuffix(requestType, "_request"); ok {
		return base + "_reply"
	}
	return requestType + "_reply"
}

func (k *Kernel) kernelInfo() map[string]any {
	info := k.cfg.Info
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       ProtocolVersion,
		"implementation":         info.Implementation,
		"implementation_version": info.ImplementationVersion,
		"language_info":          info.LanguageInfo,
		"banner":                 info.Banner,
		"help_links":             info.HelpLinks,
		"debugger":               false,
	}
}

// reply answers r on the socket it came in on, routed by its identities.
func (k *Kernel) reply(r *request, msgType string, content any) {
	m := &Message{
		Identities: r.msg.Identities,
		Header:     NewHeader(msgType, k.session, "kernel"),
		Parent:     &r.msg.Header,
		Metadata:   map[string]any{},
		Content:    content,
	}
	k.send(r.sock, m)
}

// publish sends a message on iopub, under the topic ipykernel uses.
func (k *Kernel) publish(parent *Header, msgType string, content any) {
	m := &Message{
		Identities: [][]byte{[]byte("kernel." + k.session + "." + msgType)},
		Header:     NewHeader(msgType, k.session, "kernel"),
		Parent:     parent,
		Metadata:   map[string]any{},
		Content:    content,
	}
	k.send(k.iopub, m)
}

func (k *Kernel) send(sock Socket, m *Message) {
	frames, err := Encode(m, k.signer)
	if err != nil {
		k.log.Printf("could not encode %s: %v", m.Header.MsgType, err)
		return
	}
	if err := sock.Send(frames); err != nil && !k.stopping() {
		k.log.Printf("could not send %s: %v", m.Header.MsgType, err)
	}
}

// executeRequest is an execute_request's content. The flags that default
// to true are pointers, to tell absent from false.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"`
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      *bool             `json:"allow_stdin"`
	StopOnError     *bool             `json:"stop_on_error"`
}

func orTrue(b *bool) bool { return b == nil || *b }

func (k *Kernel) execute(ctx context.Context, r *request) {
	var c executeRequest
	if err := r.msg.DecodeContent(&c); err != nil {
		k.reply(r, "execute_reply", map[string]any{
			"status": "error", "ename": "ValueError", "evalue": err.Error(), "traceback": []string{},
			"execution_count": k.cfg.Engine.Count(),
		})
		return
	}
	opts := ExecuteOptions{Silent: c.Silent, StoreHistory: !c.Silent && orTrue(c.StoreHistory)}
	count := k.cfg.Engine.Count()
	if opts.StoreHistory {
		count++
	}
	parent := &r.msg.Header
	if !c.Silent {
		k.publish(parent, "execute_input", map[string]any{"code": c.Code, "execution_count": count})
	}

	cellCtx, cancel := context.WithCancel(ctx)
	k.mu.Lock()
	k.cancelCell = cancel
	k.mu.Unlock()
	out := newCellOutput(k, r, cellCtx, orTrue(c.AllowStdin))
	failure := k.cfg.Engine.Execute(cellCtx, c.Code, out, opts)
	k.mu.Lock()
	k.cancelCell = nil
	k.mu.Unlock()
	cancel()
	out.close()

	reply := map[string]any{"execution_count": k.cfg.Engine.Count(), "payload": out.payloads()}
	if failure != nil {
		k.publish(parent, "error", failure)
		reply["status"] = "error"
		reply["ename"], reply["evalue"], reply["traceback"] = failure.Name, failure.Value, failure.Traceback
		reply["user_expressions"] = map[string]any{}
	} else {
		reply["status"] = "ok"
		reply["user_expressions"] = k.userExpressions(ctx, c.UserExpressions)
	}
	// The cells to abort are those queued before the client can have
	// seen the error: take them before replying, answer them after.
	var aborted []*request
	if failure != nil && orTrue(c.StopOnError) {
		aborted = k.queue.takeExecutes()
	}
	k.reply(r, "execute_reply", reply)
	for _, queued := range aborted {
		k.abort(queued)
	}
}

// abort answers a queued execute_request that an earlier cell's error
// cancelled.
func (k *Kernel) abort(r *request) {
	parent := &r.msg.Header
	k.publish(parent, "status", map[string]string{"execution_state": "busy"})
	k.reply(r, "execute_reply", map[string]any{"status": "aborted", "execution_count": k.cfg.Engine.Count()})
	k.publish(parent, "status", map[string]string{"execution_state": "idle"})
}

func (k *Kernel) userExpressions(ctx context.Context, exprs map[string]string) map[string]any {
	results := make(map[string]any, len(exprs))
	for name, expr := range exprs {
		b, failure := k.cfg.Engine.Evaluate(ctx, expr)
		if failure != nil {
			results[name] = map[string]any{
				"status": "error", "ename": failure.Name, "evalue": failure.Value, "traceback": failure.Traceback,
			}
			continue
		}
		results[name] = map[string]any{"status": "ok", "data": b.Data, "metadata": orEmpty(b.Metadata)}
	}
	return results
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func (k *Kernel) complete(r *request) {
	var c struct {
		Code      string `json:"code"`
		CursorPos *int   `json:"cursor_pos"`
	}
	r.msg.DecodeContent(&c)
	cursor := byteOffset(c.Code, c.CursorPos)
	matches, start, end := k.cfg.Engine.Complete(c.Code, cursor)
	if matches == nil {
		matches = []string{}
	}
	k.reply(r, "complete_reply", map[string]any{
		"status":       "ok",
		"matches":      matches,
		"cursor_start": runeOffset(c.Code, start),
		"cursor_end":   runeOffset(c.Code, end),
		"metadata":     map[string]any{},
	})
}

func (k *Kernel) inspect(r *request) {
	var c struct {
		Code        string `json:"code"`
		CursorPos   *int   `json:"cursor_pos"`
		DetailLevel int    `json:"detail_level"`
	}
	r.msg.DecodeContent(&c)
	text, found := k.cfg.Engine.Inspect(c.Code, byteOffset(c.Code, c.CursorPos), c.DetailLevel)
	data := map[string]any{}
	if found {
		data["text/plain"] = text
	}
	k.reply(r, "inspect_reply", map[string]any{"status": "ok", "found": found, "data": data, "metadata": map[string]any{}})
}

func (k *Kernel) isComplete(r *request) {
	var c struct {
		Code string `json:"code"`
	}
	r.msg.DecodeContent(&c)
	status, indent := k.cfg.Engine.IsComplete(c.Code)
	content := map[string]any{"status": status}
	if status == "incomplete" {
		content["indent"] = indent
	}
	k.reply(r, "is_complete_reply", content)
}

// byteOffset turns a cursor position in code points, as the protocol
// counts, into a byte offset of code; an absent cursor is the end.
func byteOffset(code string, cursor *int) int {
	if cursor == nil {
		return len(code)
	}
	n := 0
	for i := range code {
		if n == *cursor {
			return i
		}
		n++
	}
	return len(code)
}

// runeOffset turns a byte offset of code into code points.
func runeOffset(code string, offset int) int {
	if offset > len(code) {
		offset = len(code)
	}
	n := 0
	for i := range code {
		if i >= offset {
			break
		}
		n++
	}
	return n
}

// requestQueue is the shell's queue: an unbounded FIFO, so that the
// socket's reader never waits behind a running cell.
type requestQueue struct {
	mu     sync.Mutex
	ready  *sync.Cond
	items  []*request
	closed bool
}

func newRequestQueue() *requestQueue {
	q := &requestQueue{}
	q.ready = sync.NewCond(&q.mu)
	return q
}

func (q *requestQueue) push(r *request) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	q.items = append(q.items, r)
	q.ready.Signal()
}

// pop waits for the next request; false once the queue is closed.
func (q *requestQueue) pop() (*request, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.ready.Wait()
	}
	if q.closed {
		return nil, false
	}
	r := q.items[0]
	q.items[0] = nil
	q.items = q.items[1:]
	return r, true
}

// takeExecutes removes the queued execute_requests, for stop_on_error.
func (q *requestQueue) takeExecutes() []*request {
	q.mu.Lock()
	defer q.mu.Unlock()
	var taken []*request
	kept := q.items[:0]
	for _, r := range q.items {
		if r.msg.Header.MsgType == "execute_request" {
			taken = append(taken, r)
		} else {
			kept = append(kept, r)
		}
	}
	clear(q.items[len(kept):])
	q.items = kept
	return taken
}

func (q *requestQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.ready.Broadcast()
	q.mu.Unlock()
}

// history answers history_request over the engine's own history: the
// current session is session 1 (and 0, as IPython counts it).
func (k *Kernel) history(r *request) {
	var c historyRequest
	r.msg.DecodeContent(&c)
	entries, err := selectHistory(k.cfg.Engine.History(), c)
	if err != nil {
		k.reply(r, "history_reply", map[string]any{"status": "error", "ename": "ValueError", "evalue": err.Error(), "traceback": []string{}, "history": []any{}})
		return
	}
	items := make([]any, len(entries))
	for i, e := range entries {
		var text any = e.Input
		if c.Output {
			var out any
			if e.Output != "" {
				out = e.Output
			}
			text = []any{e.Input, out}
		}
		items[i] = []any{historySession, e.Count, text}
	}
	k.reply(r, "history_reply", map[string]any{"status": "ok", "history": items})
}
