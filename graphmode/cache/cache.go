// Package cache owns what a compiled function remembers between calls: its
// entries, each a compiled graph specialized on its arguments' abstract
// values and guarded by the host values capture read; the reasons a call
// missed, in the user's terms ("tensor 'x' dim 0: expected 3, got 4"); and
// the limit past which the function stops compiling and runs eagerly. It
// must not capture, compile or run graphs: it holds what it is given.
package cache

import (
	"fmt"
	"slices"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/tensor"
)

// DefaultLimit is how many entries a function keeps before it gives up
// compiling, as MindSpore and TorchDynamo cap recompilation.
const DefaultLimit = 8

// An Arg is one argument of a call as the key sees it: its name and
// abstract value (a tensor's dtype and shape; a constant's value).
type Arg struct {
	Name string
	Abs  ir.Abstract
}

// A Guard checks a host value that capture read (a global, a closure
// cell, a Cell attribute) and folded into the graph.
type Guard struct {
	// What names the value: "global 'k'", "attribute 'self.scale'".
	What string
	// Check reports whether the value is still what the graph assumed.
	Check Check
}

// A Check is a guard's test. It is an interface, not a func, so that a
// graph's many guards can share one allocation (a slice of checks).
type Check interface{ Holds() bool }

// CheckFunc makes a function a Check.
type CheckFunc func() bool

// Holds calls f.
func (f CheckFunc) Holds() bool { return f() }

// An Entry is one compiled specialization.
type Entry struct {
	Args   []Arg
	Guards []Guard
	// Compiled is what the compiler stored: the graph or its plan.
	Compiled any
	Hits     int
}

// Function is a compiled function's cache.
type Function struct {
	Name    string
	Limit   int
	Entries []*Entry
	Hits    int
	Misses  int
	// Reasons are why each miss after the first compile happened.
	Reasons []string
	// Eager is set once the function has reached its limit and runs
	// eagerly; GaveUp says so, once.
	Eager bool
}

// NewFunction returns an empty cache with the default limit.
func NewFunction(name string) *Function { return &Function{Name: name, Limit: DefaultLimit} }

// Lookup finds the entry whose arguments and guards the call satisfies. On
// a miss it returns why the newest entry did not serve, "" when there was
// none, and counts the miss.
func (f *Function) Lookup(args []Arg) (*Entry, string) {
	reason := ""
	for i := len(f.Entries) - 1; i >= 0; i-- {
		e := f.Entries[i]
		r := e.mismatch(args)
		if r == "" {
			e.Hits++
			f.Hits++
			return e, ""
		}
		if reason == "" {
			reason = r
		}
	}
	f.Misses++
	if reason != "" {
		f.Reasons = append(f.Reasons, reason)
	}
	return nil, reason
}

// Refuse turns a hit into a miss: e matched the arguments' kinds, but its
// graph refused their sizes (outside the range of its symbols), so the
// call compiles anew, for reason.
func (f *Function) Refuse(e *Entry, reason string) {
	e.Hits--
	f.Hits--
	f.Misses++
	f.Reasons = append(f.Reasons, reason)
}

// Add stores a compiled specialization. It reports false, and stores
// nothing, when the function has reached its limit: from then on it runs
// eagerly.
func (f *Function) Add(e *Entry) bool {
	if f.Eager || len(f.Entries) >= f.Limit {
		f.Eager = true
		return false
	}
	f.Entries = append(f.Entries, e)
	return true
}

// Full reports whether another compilation would be refused: the caller
// then runs the function eagerly without compiling.
func (f *Function) Full() bool {
	if len(f.Entries) >= f.Limit {
		f.Eager = true
	}
	return f.Eager
}

// GaveUp is the message a function prints once when it reaches its limit.
func (f *Function) GaveUp() string {
	last := ""
	if n := len(f.Reasons); n > 0 {
		last = " The last recompilation was for: " + f.Reasons[n-1] + "."
	}
	return fmt.Sprintf("'%s' was compiled %d times, the limit; it runs eagerly from now on.%s", f.Name, f.Limit, last)
}

// mismatch is why args do not fit e, or "".
func (e *Entry) mismatch(args []Arg) string {
	if len(args) != len(e.Args) {
		return fmt.Sprintf("number of arguments: expected %d, got %d", len(e.Args), len(args))
	}
	for i, want := range e.Args {
		if r := argMismatch(want, args[i]); r != "" {
			return r
		}
	}
	for _, g := range e.Guards {
		if !g.Check.Holds() {
			return g.What + " changed"
		}
	}
	return ""
}

// argMismatch says, in the user's terms, how got differs from the
// specialization want.
func argMismatch(want, got Arg) string {
	if ir.Equal(want.Abs, got.Abs) {
		return ""
	}
	switch w := want.Abs.(type) {
	case ir.TensorAbs:
		g, ok := got.Abs.(ir.TensorAbs)
		switch {
		case !ok:
			return fmt.Sprintf("argument '%s': expected a tensor, got %s", want.Name, describe(got.Abs))
		case w.DType != g.DType:
			return fmt.Sprintf("tensor '%s' dtype: expected %v, got %v", want.Name, w.DType, g.DType)
		case len(w.Shape) != len(g.Shape):
			return fmt.Sprintf("tensor '%s' rank: expected %d, got %d", want.Name, len(w.Shape), len(g.Shape))
		}
		// A symbolic dim serves every size; the graph checks the sizes
		// against its symbols' constraints when it runs.
		for d := range w.Shape {
			if w.Shape[d] != g.Shape[d] && !tensor.IsSymbolic(w.Shape[d]) {
				return fmt.Sprintf("tensor '%s' dim %d: expected %d, got %d", want.Name, d, w.Shape[d], g.Shape[d])
			}
		}
		return ""
	}
	if constant(want.Abs) && constant(got.Abs) {
		return fmt.Sprintf("constant '%s': expected %s, got %s", want.Name, describe(want.Abs), describe(got.Abs))
	}
	return fmt.Sprintf("argument '%s': expected %s, got %s", want.Name, describe(want.Abs), describe(got.Abs))
}

// constant reports whether an argument is a value known when compiling:
// no Tensor in it, and no number mutable() made a graph input.
func constant(a ir.Abstract) bool {
	switch a := a.(type) {
	case ir.TensorAbs:
		return false
	case ir.ScalarAbs:
		return a.Value != nil
	case ir.TupleAbs:
		return !slices.ContainsFunc(a.Elems, func(e ir.Abstract) bool { return !constant(e) })
	case ir.ListAbs:
		return !slices.ContainsFunc(a.Elems, func(e ir.Abstract) bool { return !constant(e) })
	case ir.DictAbs:
		return !slices.ContainsFunc(a.Values, func(e ir.Abstract) bool { return !constant(e) })
	}
	return true
}

// describe is an argument in Python's words: a constant by its value, a
// Tensor by its dtype and shape, a mutable() number by its type.
func describe(a ir.Abstract) string {
	seq := func(elems []ir.Abstract, open, close string) string {
		parts := make([]string, len(elems))
		for i, e := range elems {
			parts[i] = describe(e)
		}
		if open == "(" && len(parts) == 1 {
			return "(" + parts[0] + ",)"
		}
		return open + strings.Join(parts, ", ") + close
	}
	switch a := a.(type) {
	case ir.ScalarAbs:
		if a.Value != nil {
			return pyValue(a.Value)
		}
		return "a mutable " + [...]string{ir.Bool: "bool", ir.Int64: "int", ir.Float64: "float", ir.String: "str"}[a.Kind]
	case ir.NoneAbs:
		return "None"
	case ir.TensorAbs:
		return fmt.Sprintf("a Tensor[%v] of shape %v", a.DType, a.Shape)
	case ir.TupleAbs:
		return seq(a.Elems, "(", ")")
	case ir.ListAbs:
		return seq(a.Elems, "[", "]")
	case ir.DictAbs:
		parts := make([]string, len(a.Keys))
		for i, k := range a.Keys {
			parts[i] = pyValue(k) + ": " + describe(a.Values[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return a.String()
}

// pyValue writes a constant as Python would.
func pyValue(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "True"
		}
		return "False"
	case string:
		return fmt.Sprintf("'%s'", v)
	case nil:
		return "None"
	}
	return fmt.Sprint(v)
}
