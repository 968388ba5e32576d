package interp

import "fmt"

// A Generator is the iterator a generator function returns. Its frame is
// suspended at each yield and resumed by next(), send() and throw().
type Generator struct {
	fr       *frame
	name     string
	qualname string
	started  bool
	running  bool
	finished bool
	handling *Exception // the generator's own "exception being handled"
}

func (*Generator) Type() *Class { return GeneratorClass }

func (g *Generator) Repr(th *Thread) (string, error) {
	return fmt.Sprintf("<generator object %s at %#x>", g.qualname, identity(g)), nil
}

// resume runs the generator until it yields (done=false) or returns
// (done=true, v is the return value). A non-nil throw is raised at the
// suspended yield.
func (th *Thread) resume(g *Generator, sent Value, throw *Exception) (v Value, done bool, err error) {
	if g.running {
		return nil, false, Errorf(ValueErrorClass, "generator already executing")
	}
	if g.finished {
		if throw != nil {
			return nil, false, throw
		}
		return nil, true, nil
	}
	if !g.started && sent != None && throw == nil {
		return nil, false, TypeErrorf("can't send non-None value to a just-started generator")
	}
	if th.depth >= th.MaxDepth {
		return nil, false, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	fr := g.fr
	if throw != nil {
		if !g.started {
			g.finished = true
			return nil, false, throw
		}
		// Raise at the yield: the frame sees the exception at the yield's pc.
		v, err = th.runGenerator(g, throw)
	} else {
		if g.started {
			fr.stack[fr.sp] = sent
			fr.sp++
		}
		v, err = th.runGenerator(g, nil)
	}
	if err != nil {
		g.finished = true
		if IsInstanceOf(err, StopIterationClass) {
			// PEP 479: StopIteration inside a generator is an error.
			re := RuntimeErrorf("generator raised StopIteration")
			re.Cause = asException(err)
			return nil, false, re
		}
		return nil, false, err
	}
	if !fr.yielded {
		g.finished = true
		return v, true, nil
	}
	return v, false, nil
}

func (th *Thread) runGenerator(g *Generator, throw *Exception) (Value, error) {
	g.started, g.running = true, true
	saved := th.handling
	th.handling = g.handling
	th.depth++
	fr := g.fr
	fr.yielded = false
	var v Value
	var err error
	if throw != nil {
		v, err = th.runWithPending(fr, throw)
	} else {
		v, err = th.run(fr)
	}
	th.depth--
	g.handling = th.handling
	th.handling = saved
	g.running = false
	return v, err
}

// runWithPending resumes a frame by raising exc at its current instruction.
func (th *Thread) runWithPending(fr *frame, exc *Exception) (Value, error) {
	fc := fr.code.fc
	pc := fr.pc - 1
	exc.Traceback = append(exc.Traceback, TraceEntry{Code: fc, PC: pc})
	if h := findHandler(fc.Handlers, pc); h != nil {
		clear(fr.stack[h.Depth:])
		fr.sp = int(h.Depth)
		fr.stack[fr.sp] = exc
		fr.sp++
		fr.pc = int(h.Target)
		return th.run(fr)
	}
	return nil, exc
}

// Next makes a generator an Iterator.
func (g *Generator) Next(th *Thread) (Value, bool, error) {
	v, done, err := th.resume(g, None, nil)
	if err != nil || done {
		return nil, false, err
	}
	return v, true, nil
}

// send drives yield from: it resumes the inner iterator with sent.
func (th *Thread) send(it, sent Value) (v Value, done bool, err error) {
	if g, ok := it.(*Generator); ok {
		return th.resume(g, sent, nil)
	}
	if sent == None {
		iter, ok := it.(Iterator)
		if !ok {
			var err error
			if iter, err = th.Iterate(it); err != nil {
				return nil, false, err
			}
		}
		x, ok, err := iter.Next(th)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			return None, true, nil
		}
		return x, false, nil
	}
	m, err := th.GetAttr(it, "send")
	if err != nil {
		return nil, false, err
	}
	x, err := th.Call(m, []Value{sent}, nil)
	if err != nil {
		if e, ok := err.(*Exception); ok && e.class.IsSubclass(StopIterationClass) {
			r, _, _ := e.Attr(th, "value")
			return r, true, nil
		}
		return nil, false, err
	}
	return x, false, nil
}

func selfGenerator(args []Value, name string) (*Generator, error) {
	g, ok := args[0].(*Generator)
	if !ok {
		return nil, TypeErrorf("descriptor '%s' for 'generator' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
	}
	return g, nil
}

// stopIteration converts a generator's return into StopIteration(value).
func stopIteration(v Value) error {
	if v == None {
		return NewException(StopIterationClass)
	}
	return NewException(StopIterationClass, v)
}

func init() {
	defMethods(GeneratorClass, map[string]BuiltinFunc{
		"send": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			g, err := selfGenerator(args, "send")
			if err != nil {
				return nil, err
			}
			if err := checkArity("send", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			v, done, err := th.resume(g, args[1], nil)
			if err != nil {
				return nil, err
			}
			if done {
				return nil, stopIteration(v)
			}
			return v, nil
		},
		"throw": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			g, err := selfGenerator(args, "throw")
			if err != nil {
				return nil, err
			}
			if err := checkArity("throw", args[1:], kwnames, 1, 3); err != nil {
				return nil, err
			}
			raised := args[1]
			if cls, ok := raised.(*Class); ok && len(args) > 2 && args[2] != None {
				if raised, err = th.Call(cls, []Value{args[2]}, nil); err != nil {
					return nil, err
				}
			}
			exc, err := th.makeRaisable(raised)
			if err != nil {
				return nil, err
			}
			v, done, err := th.resume(g, None, exc)
			if err != nil {
				return nil, err
			}
			if done {
				return nil, stopIteration(v)
			}
			return v, nil
		},
		"close": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			g, err := selfGenerator(args, "close")
			if err != nil {
				return nil, err
			}
			if err := checkArity("close", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			if g.finished || !g.started {
				g.finished = true
				return None, nil
			}
			_, done, err := th.resume(g, None, NewException(GeneratorExitClass))
			if err != nil {
				if IsInstanceOf(err, GeneratorExitClass) || IsInstanceOf(err, StopIterationClass) {
					return None, nil
				}
				return nil, err
			}
			if !done {
				return nil, RuntimeErrorf("generator ignored GeneratorExit")
			}
			return None, nil
		},
	})
}
