package jupyter

import (
	"context"
	"errors"
)

// An Engine is the interpreter a kernel serves. The kernel calls it from
// one goroutine at a time, except Interrupt's context, which a cell's
// Execute must watch.
type Engine interface {
	// Execute runs a cell, sending what it prints and shows to out. It
	// returns nil on success, or the error the cell raised, which the
	// Engine has not shown.
	Execute(ctx context.Context, code string, out Output, opts ExecuteOptions) *ErrorInfo
	// Evaluate computes one expression, as user_expressions asks, without
	// counting it as a cell.
	Evaluate(ctx context.Context, expr string) (MIMEBundle, *ErrorInfo)
	// Complete returns the completions at cursor, a byte offset, and the
	// byte range of code they replace.
	Complete(code string, cursor int) (matches []string, start, end int)
	// Inspect returns help on the name at cursor (a byte offset); detail 1
	// asks for more, as obj?? does.
	Inspect(code string, cursor, detail int) (text string, found bool)
	// IsComplete answers "complete", "incomplete" or "invalid", and, for
	// incomplete code, the indent of the next line.
	IsComplete(code string) (status, indent string)
	// Count is the number of cells counted so far: the execution count of
	// the last one.
	Count() int
	// History lists the counted cells, oldest first.
	History() []HistoryEntry
}

// ExecuteOptions are an execute_request's flags, as the Engine sees them.
type ExecuteOptions struct {
	// Silent runs the cell without counting it, recording it, or showing
	// its value.
	Silent bool
	// StoreHistory counts and records the cell.
	StoreHistory bool
}

// An Output receives what a running cell produces; the kernel publishes
// it on iopub, in order, as the children of the execute_request.
type Output interface {
	// Stream writes text to "stdout" or "stderr".
	Stream(name, text string)
	// Result shows the value of the cell's last expression.
	Result(count int, b MIMEBundle)
	// Display shows a value. A non-empty displayID names the output so
	// that a later Display with update set replaces it in place.
	Display(b MIMEBundle, displayID string, update bool)
	// ClearOutput clears the cell's output, at once or, with wait, when
	// the next output arrives.
	ClearOutput(wait bool)
	// Page shows help in the front end's pager, as name? does.
	Page(text string)
	// SetNextInput puts text into the next input cell, as %load does.
	SetNextInput(text string)
	// Input asks the front end for a line. It fails with ErrNoStdin when
	// the request did not allow stdin, and with the context's error when
	// the cell is interrupted.
	Input(prompt string, password bool) (string, error)
	// Exit asks the front end to end the session, as exit() does.
	Exit()
}

// ErrNoStdin is Input's error when the front end does not take input.
var ErrNoStdin = errors.New("this front end does not support input requests")

// A MIMEBundle is renderings of one value keyed by MIME type, and their
// metadata.
type MIMEBundle struct {
	Data     map[string]any `json:"data"`
	Metadata map[string]any `json:"metadata"`
}

// ErrorInfo is an exception as the protocol reports it.
type ErrorInfo struct {
	Name      string   `json:"ename"`
	Value     string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

// A HistoryEntry is one counted cell and the text of its value, if any.
type HistoryEntry struct {
	Count  int
	Input  string
	Output string
}
