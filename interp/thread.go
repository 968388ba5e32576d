package interp

import (
	"context"
	"io"
	"math"
	"strings"
	"sync/atomic"
)

// DefaultMaxDepth is the default limit on nested calls (MindSpore's
// max_call_depth and Python's recursion limit).
const DefaultMaxDepth = 1000

// A Thread is the state of one running computation: its call depth, value
// arena, the exception being handled, cancellation and the step budget. A
// Session owns one; code runs on one goroutine at a time.
type Thread struct {
	session *Session

	// MaxDepth bounds nested calls; deeper calls raise RecursionError.
	MaxDepth int
	// Budget, if nonzero, bounds the steps (calls and backward jumps) of one
	// execution; past it, StepBudgetExceeded is raised.
	Budget uint64
	// MaxSize bounds the size of one container or string (see checkSize).
	MaxSize int

	depth     int
	steps     uint64
	limit     uint64 // steps at which to stop: Budget, or never
	cancelled atomic.Bool
	handling  *Exception // the exception being handled by an except clause

	arena    []Value
	arenaTop int
	frames   []*frame // frames by depth, reused across calls
	frame    *frame   // the innermost running frame

	stdout io.Writer
	stderr io.Writer
	input  func(prompt string, password bool) (string, error)
	ctx    context.Context

	inRepr map[Value]bool // mutable containers whose repr is being built, to print [...]

	// bc is the bytecode capture under way, if any (bytecode.go).
	bc *bcRun
}

const arenaSize = 1 << 16

// NewThread returns a thread with default limits.
func NewThread() *Thread {
	th := &Thread{MaxDepth: DefaultMaxDepth, MaxSize: DefaultMaxSize, stdout: io.Discard, stderr: io.Discard, ctx: context.Background()}
	th.limit = math.MaxUint64
	return th
}

// start prepares the thread to run code under ctx: the step count and the
// cancellation flag are reset, and ctx's cancellation is wired to the flag.
// The returned function undoes the wiring.
func (th *Thread) start(ctx context.Context) (stop func()) {
	th.steps = 0
	th.limit = math.MaxUint64
	if th.Budget != 0 {
		th.limit = th.Budget
	}
	th.cancelled.Store(false)
	th.ctx = ctx
	unregister := context.AfterFunc(ctx, func() { th.cancelled.Store(true) })
	return func() {
		unregister()
		th.ctx = context.Background()
	}
}

// poll counts a step and reports whether the computation must stop, for
// cancellation or the step budget. It is cheap enough for every backward
// jump and call.
func (th *Thread) poll() bool {
	th.steps++
	return th.cancelled.Load() || th.steps > th.limit
}

// stopError is the exception for a computation that poll stopped.
func (th *Thread) stopError() *Exception {
	if th.cancelled.Load() {
		return NewException(KeyboardInterruptClass)
	}
	return Errorf(StepBudgetExceededClass, "the step budget of %d steps is exhausted", th.Budget)
}

// charge counts n steps of work done by a builtin (a long loop in Go) and
// reports whether to stop.
func (th *Thread) charge(n int) error {
	th.steps += uint64(n)
	if th.cancelled.Load() || th.steps > th.limit {
		return th.stopError()
	}
	return nil
}

// ---- frames ----

// A frame is the state of one running block.
type frame struct {
	code  *code
	fn    *Function
	slots []Value // locals, free variables and temporaries
	stack []Value // the operand stack
	sp    int
	pc    int
	ns    *Attrs // the namespace of a class body

	fromArena bool
	yielded   bool // set by YIELD_VALUE when run returns
	// trapped is set on the frames a bytecode capture started (th.bc):
	// they may pause before an instruction, or at one that failed, and
	// bcPC and bcSP are the instruction about to run and the stack depth
	// before it, where a paused frame resumes.
	trapped    bool
	bcPC, bcSP int
}

// newFrame returns a frame for code, with zeroed slots and stack. A
// generator's frame outlives the call, so it owns its storage.
func (th *Thread) newFrame(c *code, owned bool) *frame {
	fc := c.fc
	n := fc.NumSlots + fc.MaxStack
	var fr *frame
	// The frames of a bytecode capture may pause and resume later: they
	// own their storage.
	capturing := th.bytecodeCapturing()
	if owned || capturing {
		fr = &frame{}
	} else {
		for len(th.frames) <= th.depth {
			th.frames = append(th.frames, &frame{})
		}
		fr = th.frames[th.depth]
	}
	var mem []Value
	if !owned && th.arenaTop+n <= arenaSize {
		if th.arena == nil {
			th.arena = make([]Value, arenaSize)
		}
		mem = th.arena[th.arenaTop : th.arenaTop+n : th.arenaTop+n]
		th.arenaTop += n
		fr.fromArena = true
	} else {
		mem = make([]Value, n)
		fr.fromArena = false
	}
	fr.code = c
	fr.fn = nil
	fr.slots = mem[:fc.NumSlots]
	fr.stack = mem[fc.NumSlots:]
	fr.sp, fr.pc = 0, 0
	fr.ns = nil
	fr.yielded, fr.trapped = false, capturing
	return fr
}

// releaseFrame returns a frame's storage, clearing it so that nothing it
// referenced stays reachable.
// The operand stack is already clear: a frame clears it when it returns or
// leaves with an exception.
func (th *Thread) releaseFrame(fr *frame) {
	clearSmall(fr.slots)
	if fr.fromArena {
		th.arenaTop -= len(fr.slots) + len(fr.stack)
	}
	fr.slots, fr.stack, fr.code, fr.fn, fr.ns = nil, nil, nil, nil, nil
}

// clearSmall clears a few values. Frames are small, and an explicit loop
// beats the call into the runtime's bulk clear (with its write-barrier
// bookkeeping) that clear() compiles to.
func clearSmall(s []Value) {
	for i := len(s) - 1; i >= 0; i-- {
		s[i] = nil
	}
}

// ---- calls ----

// Call calls any callable value.
func (th *Thread) Call(fn Value, args []Value, kwnames []string) (Value, error) {
	switch f := fn.(type) {
	case *Function:
		return th.callFunction(f, nil, args, kwnames)
	case *Builtin:
		return f.Call(th, args, kwnames)
	case *Class:
		return th.callClass(f, args, kwnames)
	case Callable:
		return f.Call(th, args, kwnames)
	}
	if inst, ok := fn.(*Instance); ok {
		if m, ok := inst.class.Lookup("__call__"); ok {
			return th.callMethod(m, inst, args, kwnames)
		}
	}
	return nil, TypeErrorf("'%s' object is not callable", TypeName(fn))
}

// callMethod calls a function found in a class with self as its receiver.
func (th *Thread) callMethod(m, self Value, args []Value, kwnames []string) (Value, error) {
	switch f := m.(type) {
	case *Function:
		return th.callFunction(f, self, args, kwnames)
	case *Builtin:
		if !f.KeepsMutable {
			args = th.plainArgs(args)
		}
		full := make([]Value, 0, len(args)+1)
		full = append(append(full, self), args...)
		return f.Fn(th, full, kwnames)
	}
	bound, err := th.bindDescriptor(m, self, self.Type())
	if err != nil {
		return nil, err
	}
	return th.Call(bound, args, kwnames)
}

// callFunction calls a Python function; self, if not nil, is the first
// positional argument.
func (th *Thread) callFunction(f *Function, self Value, args []Value, kwnames []string) (Value, error) {
	if th.depth >= th.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	if th.poll() {
		return nil, th.stopError()
	}
	c := f.code
	if c.simple && self == nil && len(kwnames) == 0 && len(args) == c.fc.NumParams {
		fr := th.newFrame(c, false)
		fr.fn = f
		//lint:ignore S1001 for one or two arguments a loop is faster than copy's runtime call
		for i, a := range args {
			fr.slots[i] = a
		}
		return th.runCall(fr)
	}
	fc := c.fc
	fr, err := th.prepareFrame(f, self, args, kwnames, fc.IsGenerator)
	if err != nil {
		return nil, err
	}
	if fc.IsGenerator {
		return &Generator{fr: fr, name: f.Name, qualname: f.QualName}, nil
	}
	return th.runCall(fr)
}

// runCall runs a call's frame and releases it, unless a bytecode capture
// paused it to resume later.
func (th *Thread) runCall(fr *frame) (Value, error) {
	th.depth++
	v, err := th.run(fr)
	th.depth--
	if err != errPaused {
		th.releaseFrame(fr)
	}
	return v, err
}

// prepareFrame makes the frame of a call of f, its arguments bound and
// its cells made. An owned frame outlives the call (generators, bytecode
// capture).
func (th *Thread) prepareFrame(f *Function, self Value, args []Value, kwnames []string, owned bool) (*frame, error) {
	fc := f.code.fc
	fr := th.newFrame(f.code, owned)
	fr.fn = f
	if err := th.bindArgs(fr, f, self, args, kwnames); err != nil {
		th.releaseFrame(fr)
		return nil, err
	}
	for _, i := range fc.Cells {
		fr.slots[i] = &Cell{V: fr.slots[i]}
	}
	nlocals := len(fc.Locals)
	for i, c := range f.Closure {
		fr.slots[nlocals+i] = c
	}
	return fr, nil
}

// callClass instantiates a class.
func (th *Thread) callClass(c *Class, args []Value, kwnames []string) (Value, error) {
	if c == TypeClass && len(args) == 1 && len(kwnames) == 0 {
		return args[0].Type(), nil
	}
	newFn, initAfter := c.newFunc()
	if newFn == nil {
		newFn, initAfter = newObject, true
	}
	obj, err := newFn(th, c, th.plainArgs(args), kwnames)
	if err != nil {
		return nil, err
	}
	if !initAfter {
		return obj, nil
	}
	init, ok := c.Lookup("__init__")
	if !ok {
		return obj, nil
	}
	if b, ok := init.(*Builtin); ok && b.Owner == ObjectClass && b.Name == "__init__" {
		if len(args) > 0 {
			return nil, TypeErrorf("%s() takes no arguments", c.Name)
		}
		return obj, nil
	}
	r, err := th.callMethod(init, obj, args, kwnames)
	if err != nil {
		return nil, err
	}
	if r != None {
		return nil, TypeErrorf("__init__() should return None, not '%s'", TypeName(r))
	}
	return obj, nil
}

// bindArgs fills a new frame's parameter slots from a call's arguments.
func (th *Thread) bindArgs(fr *frame, f *Function, self Value, args []Value, kwnames []string) error {
	fc := f.code.fc
	slots := fr.slots
	npos := len(args) - len(kwnames)
	if self == nil && len(kwnames) == 0 && npos == fc.NumParams && !fc.HasVarargs && !fc.HasKwargs && fc.NumKwOnly == 0 {
		copy(slots, args)
		return nil
	}
	// The positional arguments, with self first.
	n := npos
	if self != nil {
		n++
	}
	pos := func(i int) Value {
		if self != nil {
			if i == 0 {
				return self
			}
			return args[i-1]
		}
		return args[i]
	}
	if n > fc.NumParams && !fc.HasVarargs {
		return th.tooManyPositional(f, n, kwnames)
	}
	for i := 0; i < n && i < fc.NumParams; i++ {
		slots[i] = pos(i)
	}
	next := fc.NumParams + fc.NumKwOnly
	if fc.HasVarargs {
		var extra Tuple
		if n > fc.NumParams {
			extra = make(Tuple, n-fc.NumParams)
			for i := range extra {
				extra[i] = pos(fc.NumParams + i)
			}
		} else {
			extra = Tuple{}
		}
		slots[next] = extra
		next++
	}
	var kwargs *Dict
	if fc.HasKwargs {
		kwargs = NewDict(0)
		slots[next] = kwargs
	}
	names := fc.Locals
	var posOnlyAsKw []string
	for k, name := range kwnames {
		v := args[npos+k]
		idx := -1
		for i := fc.NumPosOnly; i < fc.NumParams+fc.NumKwOnly; i++ {
			if names[i] == name {
				idx = i
				break
			}
		}
		if idx < 0 {
			if kwargs != nil {
				if err := kwargs.SetItem(th, Str(name), v); err != nil {
					return err
				}
				continue
			}
			for i := 0; i < fc.NumPosOnly; i++ {
				if names[i] == name {
					posOnlyAsKw = append(posOnlyAsKw, name)
				}
			}
			if len(posOnlyAsKw) > 0 {
				continue
			}
			return TypeErrorf("%s() got an unexpected keyword argument '%s'", f.QualName, name)
		}
		if slots[idx] != nil {
			return TypeErrorf("%s() got multiple values for argument '%s'", f.QualName, name)
		}
		slots[idx] = v
	}
	if len(posOnlyAsKw) > 0 {
		return TypeErrorf("%s() got some positional-only arguments passed as keyword arguments: '%s'",
			f.QualName, strings.Join(posOnlyAsKw, ", "))
	}
	// Defaults for the trailing positional parameters.
	firstDefault := fc.NumParams - len(f.Defaults)
	var missing []string
	for i := 0; i < fc.NumParams; i++ {
		if slots[i] != nil {
			continue
		}
		if i >= firstDefault {
			slots[i] = f.Defaults[i-firstDefault]
			continue
		}
		missing = append(missing, names[i])
	}
	if len(missing) > 0 {
		return TypeErrorf("%s() missing %d required positional argument%s: %s",
			f.QualName, len(missing), plural(len(missing)), quotedList(missing))
	}
	for i := fc.NumParams; i < fc.NumParams+fc.NumKwOnly; i++ {
		if slots[i] != nil {
			continue
		}
		if f.KwDefaults != nil {
			if v, ok := f.KwDefaults.GetStr(names[i]); ok {
				slots[i] = v
				continue
			}
		}
		missing = append(missing, names[i])
	}
	if len(missing) > 0 {
		return TypeErrorf("%s() missing %d required keyword-only argument%s: %s",
			f.QualName, len(missing), plural(len(missing)), quotedList(missing))
	}
	return nil
}

func (th *Thread) tooManyPositional(f *Function, given int, kwnames []string) error {
	fc := f.code.fc
	required := fc.NumParams - len(f.Defaults)
	takes := "takes " + itoa(fc.NumParams)
	plu := plural(fc.NumParams)
	if len(f.Defaults) > 0 {
		takes = "takes from " + itoa(required) + " to " + itoa(fc.NumParams)
		plu = "s"
	}
	kw := ""
	if len(kwnames) > 0 {
		nkw := 0
		for _, name := range kwnames {
			for _, p := range fc.Locals[fc.NumParams : fc.NumParams+fc.NumKwOnly] {
				if p == name {
					nkw++
				}
			}
		}
		if nkw > 0 {
			kw = " positional argument" + plural(given) + " (and " + itoa(nkw) + " keyword-only argument" + plural(nkw) + ")"
			return TypeErrorf("%s() %s positional argument%s but %d%s were given", f.QualName, takes, plu, given, kw)
		}
	}
	was := "were"
	if given == 1 {
		was = "was"
	}
	return TypeErrorf("%s() %s positional argument%s but %d %s given", f.QualName, takes, plu, given, was)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// quotedList formats names as CPython's argument errors do: 'a', 'a' and
// 'b', or 'a', 'b', and 'c'.
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}

// GCPercent is the garbage collector setting a process running the
// interpreter should use (debug.SetGCPercent). Interpreted code allocates
// many small short-lived boxes (ints, floats) over a small live heap, where
// Go's default of 100 collects several times per million operations; 400
// trades a few megabytes of heap for a third less time in loops.
const GCPercent = 400

// DefaultMaxSize bounds the number of elements (or bytes, for strings) that
// one operation may create, so that a typo like [0] * 10**12 raises
// MemoryError instead of exhausting the machine.
const DefaultMaxSize = 1 << 28

// checkSize raises MemoryError when an operation would create n elements,
// and counts the work toward the step budget.
func (th *Thread) checkSize(n int) error {
	if n > th.MaxSize || n < 0 {
		return Errorf(MemoryErrorClass, "cannot create an object of %d elements (the limit is %d)", n, th.MaxSize)
	}
	return th.charge(n / 64)
}
