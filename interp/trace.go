package interp

import (
	"fmt"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

// capture_mode="trace": the function runs once on the call's own
// Tensors, as PyNative code, with a Tracer whose Trace builder computes
// each operation and records it. The recording is the graph later calls
// run. Python-level values the run computed are constants of the graph;
// where a Tensor's value decided them (a branch, a loop count, a number
// passed on), the recording warns once per line that the graph keeps
// what this run did, as TorchScript's TracerWarning does.

// traceRecording is the recording under way.
type traceRecording struct {
	name   string
	warned map[string]bool
}

// compileTrace records fn called on args into an optimized graph, and
// returns it with the call's result.
func (th *Thread) compileTrace(j *jitFunction, args []Value, names []string) (*compiledGraph, Value, error) {
	rt := th.ms()
	c, tr := th.newCapture(j.fn, j.name, args)
	tr.Trace = rt.builder
	tr.Where = func() ir.Span { return ir.Span{Start: th.sourcePos()} }
	for i, a := range args {
		k := 0
		graphLeaves(a, false, func(x Value) Value {
			name := names[i]
			if _, ok := plain(a).(*Tensor); !ok {
				name = fmt.Sprintf("%s_%d", names[i], k)
			}
			k++
			if t, ok := x.(*Tensor); ok {
				tr.InputFor(name, t.t)
			}
			return x
		})
	}
	if j.traceWarned == nil {
		j.traceWarned = map[string]bool{}
	}
	saved := rt.recording
	rt.recording = &traceRecording{name: j.name, warned: j.traceWarned}
	out, err := th.withBuilder(tr, func() (Value, error) { return th.Call(j.fn, args, nil) })
	rt.recording = saved
	if err != nil {
		return nil, nil, err
	}
	if err := th.finishCapture(c, tr, j.name, out); err != nil {
		return nil, nil, err
	}
	return c, out, nil
}

// valueRead is the check before code reads a Tensor's value into Python:
// an error while a graph is captured from abstract values (or a segment's
// input is read, which splits a bytecode capture), and, while a trace
// records, a warning that the value is baked into the graph.
func (th *Thread) valueRead(t *tensor.Tensor, what string) error {
	if t.Abstract() {
		return jitValueUnknown(what)
	}
	rt := th.session.msrt
	switch {
	case rt == nil:
	case rt.recording != nil:
		if tr, ok := rt.recorder(); ok && tr.Traced(t) {
			th.traceWarning(rt.recording, what)
		}
	case th.graphValue(t):
		// A bytecode segment's input has this call's value: code that
		// reads it runs on concrete values, after the graph so far.
		return jitValueUnknown(what)
	}
	return nil
}

// graphValue reports whether t is a value of the graph being captured:
// abstract, or an input of a bytecode segment, whose value changes from
// call to call.
func (th *Thread) graphValue(t *tensor.Tensor) bool {
	if t.Abstract() {
		return true
	}
	if th.bytecodeCapturing() {
		tr, ok := th.ms().tracer()
		return ok && tr.Traced(t)
	}
	return false
}

// traceWarning warns, once per line of the traced code, that a Tensor's
// value decided what the recording did.
func (th *Thread) traceWarning(r *traceRecording, what string) {
	fr := th.frame
	if fr == nil || fr.code == nil {
		return
	}
	pos := th.sourcePos()
	file := "<unknown>"
	if pos.File != nil {
		file = *pos.File
	}
	key := fmt.Sprintf("%s:%d", file, pos.Line)
	if r.warned[key] {
		return
	}
	r.warned[key] = true
	fmt.Fprintf(th.stderr, "%s: TracerWarning: %s while '%s' is traced: the graph keeps what its value decided in this run "+
		"(the branch taken, the number of iterations, the number computed), and will not follow other inputs.\n", key, what, r.name)
	if line, ok := sourceLine(fr.code.fc.Prog.Src, pos.Line); ok {
		fmt.Fprintf(th.stderr, "  %s\n", strings.TrimSpace(line))
	}
}

// sourcePos is where the innermost running Python code is.
func (th *Thread) sourcePos() syntax.Position {
	fr := th.frame
	if fr == nil || fr.code == nil {
		return syntax.Position{}
	}
	return fr.code.fc.Position(fr.pc - 1)
}
