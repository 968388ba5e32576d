package jupyter

import (
	"context"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

const (
	// streamFlushDelay is how long printed text may wait to be joined
	// with what follows it into one stream message: many small prints
	// become a few messages, and a long cell still shows its progress.
	streamFlushDelay = 50 * time.Millisecond
	// maxStreamChunk bounds the text of one stream message.
	maxStreamChunk = 64 << 10
)

// cellOutput is the Output of one execute_request: it publishes what the
// cell produces on iopub, as the request's children, in the order the
// cell produced it.
type cellOutput struct {
	k          *Kernel
	req        *request
	ctx        context.Context
	allowStdin bool

	mu sync.Mutex
	// pending is printed text not yet published, all of stream
	// pendingName: text of the other stream publishes it first.
	pendingName string
	pending     strings.Builder
	timer       *time.Timer
	payload     []map[string]any
	closed      bool
}

func newCellOutput(k *Kernel, r *request, ctx context.Context, allowStdin bool) *cellOutput {
	return &cellOutput{k: k, req: r, ctx: ctx, allowStdin: allowStdin}
}

func (o *cellOutput) parent() *Header { return &o.req.msg.Header }

func (o *cellOutput) Stream(name, text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed || text == "" {
		return
	}
	if name != o.pendingName {
		o.flushLocked()
		o.pendingName = name
	}
	o.pending.WriteString(text)
	if o.pending.Len() >= maxStreamChunk {
		o.flushLocked()
		return
	}
	if o.timer == nil {
		o.timer = time.AfterFunc(streamFlushDelay, o.flush)
	}
}

func (o *cellOutput) flush() {
	o.mu.Lock()
	o.flushLocked()
	o.mu.Unlock()
}

// flushLocked publishes the pending text, in chunks of at most
// maxStreamChunk bytes cut between characters.
func (o *cellOutput) flushLocked() {
	if o.timer != nil {
		o.timer.Stop()
		o.timer = nil
	}
	text := o.pending.String()
	o.pending.Reset()
	for text != "" {
		n := len(text)
		if n > maxStreamChunk {
			n = maxStreamChunk
			for n > 0 && !utf8.RuneStart(text[n]) {
				n--
			}
		}
		o.k.publish(o.parent(), "stream", map[string]string{"name": o.pendingName, "text": text[:n]})
		text = text[n:]
	}
}

// publish sends a non-stream output after the text printed before it.
func (o *cellOutput) publish(msgType string, content any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	o.flushLocked()
	o.k.publish(o.parent(), msgType, content)
}

func (o *cellOutput) Result(count int, b MIMEBundle) {
	o.publish("execute_result", map[string]any{"execution_count": count, "data": b.Data, "metadata": orEmpty(b.Metadata)})
}

func (o *cellOutput) Display(b MIMEBundle, displayID string, update bool) {
	content := map[string]any{"data": b.Data, "metadata": orEmpty(b.Metadata), "transient": map[string]any{}}
	if displayID != "" {
		content["transient"] = map[string]any{"display_id": displayID}
	}
	msgType := "display_data"
	if update && displayID != "" {
		msgType = "update_display_data"
	}
	o.publish(msgType, content)
}

func (o *cellOutput) ClearOutput(wait bool) {
	o.publish("clear_output", map[string]any{"wait": wait})
}

func (o *cellOutput) addPayload(p map[string]any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.payload = append(o.payload, p)
}

func (o *cellOutput) Page(text string) {
	o.addPayload(map[string]any{"source": "page", "data": map[string]any{"text/plain": text}, "start": 0})
}

func (o *cellOutput) SetNextInput(text string) {
	o.addPayload(map[string]any{"source": "set_next_input", "text": text, "replace": false})
}

func (o *cellOutput) Exit() {
	o.addPayload(map[string]any{"source": "ask_exit", "keepkernel": false})
}

// payloads is the execute_reply's payload list.
func (o *cellOutput) payloads() []map[string]any {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.payload == nil {
		return []map[string]any{}
	}
	return o.payload
}

// Input sends input_request on stdin to the client that sent the cell and
// waits for its input_reply or for an interrupt.
func (o *cellOutput) Input(prompt string, password bool) (string, error) {
	if !o.allowStdin {
		return "", ErrNoStdin
	}
	o.flush()
	select {
	case <-o.k.inputReplies: // a stale reply nobody waited for
	default:
	}
	o.k.reply(&request{sock: o.k.stdin, msg: o.req.msg}, "input_request", map[string]any{"prompt": prompt, "password": password})
	select {
	case value := <-o.k.inputReplies:
		return value, nil
	case <-o.ctx.Done():
		return "", o.ctx.Err()
	}
}

// close publishes what is pending; later output is dropped.
func (o *cellOutput) close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.flushLocked()
	o.closed = true
}
