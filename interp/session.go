package interp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"msrepl/lang"
	"msrepl/lang/compile"
	"msrepl/lang/syntax"
)

// Version is msrepl's version.
const Version = "0.1.0"

// MaxCallDepth is the largest max_call_depth a session accepts; deeper
// interpreted recursion would risk the Go stack.
const MaxCallDepth = 100000

// A Bundle is a MIME bundle: renderings of one value, keyed by MIME type
// ("text/plain" → string, "image/png" → []byte, ...).
type Bundle struct {
	Data     map[string]any
	Metadata map[string]any
}

// MIMEBundler lets a value render itself for rich front ends; the
// interpreter always adds text/plain.
type MIMEBundler interface {
	MIMEBundle(th *Thread) (Bundle, error)
}

// A Sink receives everything a running cell produces. The REPL prints it;
// the Jupyter kernel turns it into messages.
type Sink interface {
	Stdout(text string)
	Stderr(text string)
	// Result is the value of the cell's last expression.
	Result(count int, b Bundle)
	// Display shows a value in the output area (display_data).
	Display(b Bundle)
	Error(r *ErrorReport)
}

// InputReader is a Sink that can read a line for input(): from the
// terminal, or the notebook's stdin channel.
type InputReader interface {
	Input(prompt string, password bool) (string, error)
}

// NextInputSetter is a Sink that can put text into the user's next input,
// which %load uses.
type NextInputSetter interface {
	SetNextInput(text string)
}

// ExitRequest is returned by Execute when the code raised SystemExit.
type ExitRequest struct{ Code int }

func (e *ExitRequest) Error() string { return fmt.Sprintf("exit %d", e.Code) }

// A HistoryEntry is one executed cell.
type HistoryEntry struct {
	Count  int
	Input  string
	Output string // repr of the cell's value, or ""
}

// A Session is an interpreter session: globals, imported modules, history
// and the thread that runs code. The REPL and the kernel each drive one.
// A Session runs one execution at a time.
type Session struct {
	th       *Thread
	globals  *Globals
	builtins *Attrs
	modules  map[string]*Module
	count    int
	history  []HistoryEntry
	sink     Sink
	magics   map[string]*MagicDef
	msrt     *msRuntime // the tensor runtime, made on first use
	// snippets are the compiled JIT Fallback code of captured functions.
	snippets map[snippetKey]*fallbackSnippet
	// sawMutable is set once mutable() has made a Mutable, whose marks
	// Go builtins must then have removed from their arguments.
	sawMutable bool
	// cellEnd are the hooks run after each cell (onCellEnd).
	cellEnd []func(th *Thread) error

	// Argv is sys.argv.
	Argv []string
	// RecordExamples keeps each compiled graph's last inputs and outputs,
	// which Export saves so that a bundle can check itself
	// (msrepl run --check).
	RecordExamples bool
}

// NewSession returns a fresh session.
func NewSession() *Session {
	s := &Session{
		globals:  NewGlobals(),
		builtins: newBuiltins(),
		modules:  make(map[string]*Module),
		magics:   make(map[string]*MagicDef),
		Argv:     []string{""},
	}
	s.th = NewThread()
	s.th.session = s
	s.globals.Set("__name__", Str("__main__"))
	s.globals.Set("__doc__", None)
	for _, m := range builtinMagics() {
		s.magics[m.key()] = m
	}
	return s
}

// Thread returns the session's thread, for setting limits.
func (s *Session) Thread() *Thread { return s.th }

// Count returns the number of cells executed so far.
func (s *Session) Count() int { return s.count }

// History returns the executed cells.
func (s *Session) History() []HistoryEntry { return s.history }

// Globals returns the session's global namespace.
func (s *Session) Globals() *Globals { return s.globals }

// ExecOptions tunes one execution.
type ExecOptions struct {
	// Filename names the code in tracebacks; "" means "cell[N]".
	Filename string
	// NoResult suppresses the display of the last expression's value, as
	// for a script.
	NoResult bool
	// NoHistory runs without counting the cell or recording it.
	NoHistory bool
	// expression makes the code one expression, as Evaluate runs it.
	expression bool
}

// Execute runs a cell: it keeps globals across calls, names the cell
// cell[N], and sends output, the value of the last expression, and errors
// to sink. The returned error is nil on success, an *ExitRequest for
// SystemExit, or the *ErrorReport already sent to the sink.
func (s *Session) Execute(ctx context.Context, code string, sink Sink) error {
	return s.ExecuteWith(ctx, code, sink, ExecOptions{})
}

// ExecuteWith is Execute with options.
func (s *Session) ExecuteWith(ctx context.Context, code string, sink Sink, opts ExecOptions) (err error) {
	count := s.count
	if !opts.NoHistory {
		s.count++
		count = s.count
	}
	filename := opts.Filename
	if filename == "" {
		filename = fmt.Sprintf("cell[%d]", count)
	}
	entry := HistoryEntry{Count: count, Input: code}
	defer func() {
		if !opts.NoHistory {
			s.history = append(s.history, entry)
		}
	}()

	s.sink = sink
	th := s.th
	stop := th.start(ctx)
	th.stdout = sinkWriter{sink.Stdout}
	th.stderr = sinkWriter{sink.Stderr}
	th.input = nil
	if in, ok := sink.(InputReader); ok {
		th.input = in.Input
	}
	defer func() {
		stop()
		s.sink = nil
		th.stdout, th.stderr, th.input = io.Discard, io.Discard, nil
	}()
	if !opts.expression {
		// Deferred after the line above, so that it runs first, with the
		// cell's sink still attached, and after the cell's own error is
		// reported, as IPython's post_execute hooks run.
		defer func() {
			if herr := s.endCell(); herr != nil && err == nil {
				err = s.fail(herr)
			}
		}()
	}

	if opts.expression {
		if _, err := syntax.ParseExpr(filename, code); err != nil {
			var se *syntax.Error
			if errors.As(err, &se) {
				return s.fail(syntaxError(se, code))
			}
			return s.fail(err)
		}
	}
	v, err := s.run(filename, code, opts.Filename != "" && !opts.expression)
	if err != nil {
		return s.fail(err)
	}
	if p, ok := v.(picture); ok && !opts.NoResult && !th.showsImages() {
		// A terminal cannot show the picture: it goes to a file, as
		// %viz's do.
		if err := p.show(th); err != nil {
			return s.fail(err)
		}
		return nil
	}
	if v != None && !opts.NoResult {
		b, err := s.bundle(v)
		if err != nil {
			return s.fail(err)
		}
		entry.Output, _ = b.Data["text/plain"].(string)
		sink.Result(count, b)
	}
	return nil
}

// onCellEnd makes fn run at the end of every cell Execute runs from now
// on, whether the cell succeeded or not (not for Evaluate's
// expressions), while the cell's sink is attached: pyplot shows the
// figures a notebook cell left open, as matplotlib's inline backend does.
// An error fn returns is the cell's, unless the cell already failed.
func (s *Session) onCellEnd(fn func(th *Thread) error) {
	s.cellEnd = append(s.cellEnd, fn)
}

// endCell runs the cell-end hooks; a panic in one is reported as one in
// the cell would be.
func (s *Session) endCell() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.internalError(r)
		}
	}()
	for _, fn := range s.cellEnd {
		if err := fn(s.th); err != nil {
			return err
		}
	}
	return nil
}

// Evaluate computes one expression in the session's globals, as
// Jupyter's user_expressions ask: it is not counted or recorded, what it
// prints is dropped, and its value comes back rendered. The error is the
// *ErrorReport of what it raised.
func (s *Session) Evaluate(ctx context.Context, expr string) (Bundle, error) {
	var sink evaluationSink
	err := s.ExecuteWith(ctx, expr, &sink, ExecOptions{Filename: "<expression>", NoHistory: true, expression: true})
	if err != nil {
		return Bundle{}, err
	}
	if sink.value.Data == nil {
		// The expression was None, which a cell does not show.
		return Bundle{Data: map[string]any{"text/plain": "None"}, Metadata: map[string]any{}}, nil
	}
	return sink.value, nil
}

// evaluationSink keeps an evaluated expression's value and drops the rest.
type evaluationSink struct{ value Bundle }

func (*evaluationSink) Stdout(string)            {}
func (*evaluationSink) Stderr(string)            {}
func (e *evaluationSink) Result(_ int, b Bundle) { e.value = b }
func (*evaluationSink) Display(Bundle)           {}
func (*evaluationSink) Error(*ErrorReport)       {}

// run compiles and runs code as module code, converting a panic inside the
// interpreter into a SystemError that names where it happened.
// A script (a named file) sets __doc__ from its docstring, as a module does.
func (s *Session) run(filename, code string, script bool) (v Value, err error) {
	th := s.th
	defer func() {
		if r := recover(); r != nil {
			err = s.internalError(r)
		}
	}()
	prog, err := lang.Compile(filename, code)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return nil, syntaxError(se, code)
		}
		return nil, err
	}
	if script && prog.Toplevel.Doc != "" {
		s.globals.Set("__doc__", Str(prog.Toplevel.Doc))
	}
	return th.runModule(prog, s.globals, s.builtins)
}

// runModule runs a compiled program's top level in the given namespace.
func (th *Thread) runModule(prog *compile.Program, globals *Globals, builtins *Attrs) (Value, error) {
	return th.runLinked(link(prog, globals, builtins))
}

// runLinked runs linked module code.
func (th *Thread) runLinked(c *code) (Value, error) {
	if th.depth >= th.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	fr := th.newFrame(c, false)
	th.depth++
	v, err := th.run(fr)
	th.depth--
	th.releaseFrame(fr)
	return v, err
}

// internalError reports a Go panic as a SystemError at the position being
// executed, and resets the thread so that the session lives on.
func (s *Session) internalError(r any) error {
	th := s.th
	where := ""
	if fr := th.frame; fr != nil && fr.code != nil {
		pos := fr.code.fc.Position(fr.pc - 1)
		where = fmt.Sprintf(" at %s", pos)
	}
	e := Errorf(SystemErrorClass, "internal error%s: %v (this is a bug in msrepl; please report it with the code that caused it)", where, r)
	if fr := th.frame; fr != nil && fr.code != nil {
		e.Traceback = append(e.Traceback, TraceEntry{Code: fr.code.fc, PC: fr.pc - 1})
	}
	if debugPanics {
		e.instanceDict().SetStr("__go_stack__", Str(debug.Stack()))
	}
	th.reset()
	return e
}

// debugPanics keeps the Go stack of internal errors, for msrepl's own tests.
var debugPanics = false

// reset returns the thread to its idle state after an aborted execution.
func (th *Thread) reset() {
	th.depth = 0
	th.frame = nil
	th.handling = nil
	th.inRepr = nil
	if th.arena != nil {
		clear(th.arena)
	}
	th.arenaTop = 0
	for _, fr := range th.frames {
		*fr = frame{}
	}
}

// fail reports an error from running a cell to the sink.
func (s *Session) fail(err error) error {
	th := s.th
	e := asException(err)
	if e.class.IsSubclass(SystemExitClass) {
		return &ExitRequest{Code: s.exitCode(e)}
	}
	th.reset()
	r := th.report(e)
	s.sink.Error(r)
	return r
}

func (s *Session) exitCode(e *Exception) int {
	if len(e.Args) == 0 || e.Args[0] == None {
		return 0
	}
	if n, ok := e.Args[0].(Int); ok {
		return int(n)
	}
	s.sink.Stderr(strNoThread(s.th, e.Args[0]) + "\n")
	return 1
}

func (r *ErrorReport) Error() string { return r.Name + ": " + r.Message }

// bundle renders a value for display.
func (s *Session) bundle(v Value) (Bundle, error) {
	b := Bundle{Data: map[string]any{}, Metadata: map[string]any{}}
	if x, ok := v.(*Instance); ok {
		var err error
		if b, err = s.th.instanceBundle(x); err != nil {
			return b, err
		}
	}
	if m, ok := v.(MIMEBundler); ok {
		var err error
		if b, err = m.MIMEBundle(s.th); err != nil {
			return b, err
		}
		if b.Data == nil {
			b.Data = map[string]any{}
		}
		if b.Metadata == nil {
			b.Metadata = map[string]any{}
		}
	}
	if _, ok := b.Data["text/plain"]; !ok {
		text, err := s.th.Repr(v)
		if err != nil {
			return b, err
		}
		b.Data["text/plain"] = text
	}
	return b, nil
}

// sinkWriter adapts a sink stream to io.Writer.
type sinkWriter struct{ write func(string) }

func (w sinkWriter) Write(p []byte) (int, error) {
	w.write(string(p))
	return len(p), nil
}

// describe renders help for a value: signature, docstring and type, as
// IPython's obj? does.
func (th *Thread) describe(v Value, verbose bool) (string, error) {
	var b strings.Builder
	if sig := signature(v); sig != "" {
		fmt.Fprintf(&b, "Signature: %s\n", sig)
	}
	doc := docOf(th, v)
	if doc == "" {
		doc = "<no docstring>"
	}
	if _, isClass := v.(*Class); !isClass {
		if sig := signature(v); sig == "" {
			r, err := th.Repr(v)
			if err != nil {
				return "", err
			}
			if len(r) > 200 {
				r = r[:200] + "..."
			}
			fmt.Fprintf(&b, "Value:     %s\n", r)
		}
	}
	fmt.Fprintf(&b, "Docstring: %s\n", indentRest(doc))
	if verbose {
		if f, ok := v.(*Function); ok {
			if src := functionSource(f); src != "" {
				fmt.Fprintf(&b, "Source:\n%s\n", src)
			}
		}
	}
	fmt.Fprintf(&b, "Type:      %s", TypeName(v))
	return b.String(), nil
}

func indentRest(s string) string {
	s = strings.TrimRight(s, "\n")
	return strings.ReplaceAll(s, "\n", "\n           ")
}
