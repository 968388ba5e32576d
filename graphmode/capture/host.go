package capture

import (
	"fmt"
	"msrepl/autodiff"
	"msrepl/ops"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

// A Value is a value of the interpreter. The ast capture keeps values in
// its variables and passes them to the Host; it looks inside one only
// through the Host's questions (Tensor, Number, Elems).
type Value = any

// A Func is a function the ast capture walks: its syntax tree, resolved,
// and the host's function, which the Host asks about its globals and
// closure.
type Func struct {
	Name string
	// Def is the function's statement, or Lambda its expression: one of
	// them is set.
	Def    *syntax.DefStmt
	Lambda *syntax.Lambda
	Ref    any
}

// node is the function's syntax, for its place in the source.
func (f *Func) node() syntax.Node {
	if f.Lambda != nil {
		return f.Lambda
	}
	return f.Def
}

// The Host is the interpreter, as capture sees it. Everything a statement
// does besides binding names and deciding control flow is the Host's: it
// looks names up, applies operators, calls the library (with the Tracer
// as the session's builder, so Tensor work becomes nodes) and runs code
// capture does not walk.
type Host interface {
	// Global is a module-level or builtin name f reads; Free is a variable
	// f captured from an enclosing function.
	Global(f *Func, name string) (Value, error)
	Free(f *Func, name string) (Value, error)
	// Literal is the value of a *syntax.Literal or *syntax.Const; Const of
	// nil, a bool, int64, float64 or string.
	Literal(x syntax.Expr) (Value, error)
	Const(v any) Value

	Binary(op syntax.Token, x, y Value) (Value, error)
	Inplace(op syntax.Token, x, y Value) (Value, error)
	Unary(op syntax.Token, x Value) (Value, error)
	Compare(op syntax.Token, x, y Value) (Value, error)
	Attr(x Value, name string) (Value, error)
	SetAttr(x Value, name string, v Value) error
	Index(x, key Value) (Value, error)
	SetIndex(x, key, v Value) error
	Slice(lo, hi, step Value) Value
	Tuple(elems []Value) Value
	List(elems []Value) Value
	Dict(keys, values []Value) (Value, error)
	// Elems are a tuple's or list's elements; ok is false for any other
	// value.
	Elems(v Value) (elems []Value, list, ok bool)
	// Iterate runs an iterable to its end at compile time.
	Iterate(v Value) ([]Value, error)
	// Truth is a host value's truth; capture asks it only of values that
	// are not abstract tensors.
	Truth(v Value) (bool, error)
	Call(fn Value, args []Value, kwnames []string) (Value, error)
	// Inline is the function capture walks for a call of fn, with the
	// call's arguments bound to its parameters' names; a nil Func means
	// the call runs on the host (a builtin, a class, a library Cell).
	Inline(fn Value, args []Value, kwnames []string) (*Func, map[string]Value, error)

	// Tensor is the tensor v is, abstract or concrete; Wrap makes a
	// tensor a host value.
	Tensor(v Value) (*tensor.Tensor, bool)
	Wrap(t *tensor.Tensor) Value
	// Number is the bool, int64 or float64 v is.
	Number(v Value) (any, bool)
	// ScalarTensor is the number v as a 0-d tensor of dtype dt: how a
	// number that differs between branches, or changes in a loop on a
	// Tensor, becomes a value of the graph.
	ScalarTensor(v Value, dt tensor.DType) (*tensor.Tensor, error)
	// Apply applies p through the session's builder, so that a gradient's
	// tape around the capture records it.
	Apply(p *ops.Primitive, attrs ops.Attrs, args ...*tensor.Tensor) ([]*tensor.Tensor, error)
	// Keywords are the names and values of a mapping passed as **kwargs.
	Keywords(v Value) ([]string, []Value, error)
	// Same reports whether two values are one: identical objects, or
	// equal numbers, strings and None.
	Same(a, b Value) bool
	TypeName(v Value) string
	// Raise is the error a raise statement of x raises.
	Raise(x Value) error
	// Exec runs the source of n (a statement or an expression), which
	// capture does not walk, on the host at compile time, with env's
	// values for the local names it reads; it returns the expression's
	// value, or the values of the names binds lists.
	Exec(f *Func, n syntax.Node, env map[string]Value, binds []string) ([]Value, error)
	// Source is n's source text, for messages.
	Source(f *Func, n syntax.Node) string
	// ValueNeeded reports whether err is the host's error for code that
	// needed a Tensor's value, which exists only when the graph runs.
	ValueNeeded(err error) bool
	// Interpret adds a node that runs the source of n on the host each
	// time the graph runs (JIT Fallback at run time, MindSpore's
	// PyExecute), with env's values for the local names it reads, and
	// returns the values of binds it computes (of an expression n, its
	// value): 0-d Tensors, of the dtype a "# @jit.typing:" comment gives,
	// else Float64.
	Interpret(f *Func, n syntax.Node, env map[string]Value, binds []string) ([]Value, error)
	// Tape is the tape of the gradient taken inside the graph around the
	// code (Options.Differentiated); a While records itself on it as one
	// operation.
	Tape() *autodiff.Tape
	// Untaped runs f with that tape taken off the builder: a loop's
	// subgraphs are not the graph's operations, and it must not record
	// them.
	Untaped(f func() error) error
}

// Options are a capture's settings.
type Options struct {
	// Level is jit_syntax_level: what capture does with code it does
	// not walk, and with code that needs a Tensor's value.
	Level SyntaxLevel
	// MaxCallDepth bounds the calls capture inlines (max_call_depth).
	MaxCallDepth int
	// MaxUnroll bounds the iterations of a loop unrolled at compile time.
	MaxUnroll int
	// Differentiated is set when a gradient is taken of the code inside
	// the graph (ms.grad in a jit function): the gradient's tape records
	// single operations, so an if on a Tensor selects between its arms,
	// and a while on a Tensor records itself as one operation whose
	// gradient is a backward While (loopgrad.go).
	Differentiated bool
}

// A Frame is a place in the captured code: a function and the span of
// what was running in it.
type Frame struct {
	Func *Func
	Span ir.Span
}

// An Error is a compile error at a place in the user's code, with the
// inlined calls that led there (Stack, outermost first, the error's own
// place last), as MindSpore's "The Traceback of Net Construct Code" shows
// them.
type Error struct {
	// Kind is the Python exception class: TypeError, RuntimeError...
	Kind string
	Msg  string
	// Err is the host's error, when the Host failed; Kind and Msg are
	// then empty.
	Err   error
	Stack []Frame
	// Notes are other places the message refers to (the two branches
	// that do not join).
	Notes []Note
}

// A Note is a place an Error's message refers to.
type Note struct {
	What string
	At   Frame
}

func (e *Error) Error() string {
	msg := e.Msg
	if e.Err != nil {
		msg = e.Err.Error()
	} else if e.Kind != "" {
		msg = e.Kind + ": " + msg
	}
	var b strings.Builder
	b.WriteString(msg)
	if n := len(e.Stack); n > 0 {
		fmt.Fprintf(&b, " (at %v)", e.Stack[n-1].Span.Start)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// A SyntaxLevel is MindSpore's jit_syntax_level.
type SyntaxLevel uint8

const (
	// Lax runs code capture does not walk on the host: at compile time,
	// or, when it needs a Tensor's value, each time the graph runs.
	Lax SyntaxLevel = iota
	// Compatible runs it at compile time only: code that needs a
	// Tensor's value is an error.
	Compatible
	// Strict makes such code an error (so does fullgraph=True).
	Strict
)
