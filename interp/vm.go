package interp

import (
	"msrepl/lang/compile"
	"msrepl/lang/syntax"
)

// run executes a frame from its current pc until it returns or yields. On an
// exception it looks for a handler in the frame's exception table; if there
// is none it returns the exception, with this frame added to its traceback.
//
// Popping does not clear a stack slot: while the GC marks, every pointer
// store pays a write barrier, and clearing would double the stores of the
// hottest instructions. A popped value stays reachable until its slot is
// reused or the frame returns, when the whole operand stack is cleared.
func (th *Thread) run(fr *frame) (Value, error) {
	c := fr.code
	fc := c.fc
	code := fc.Code
	consts := c.consts
	link := c.link
	globalCells := link.cells
	slots := fr.slots
	stack := fr.stack
	sp := fr.sp
	pc := fr.pc
	var err error
	reraise := false // the pending error keeps its traceback as is
	caller := th.frame
	th.frame = fr

resume:
	for {
		if fr.trapped && th.pauseBefore(fr, pc, sp) {
			fr.pc, fr.sp = pc, sp
			th.frame = caller
			return nil, errPaused
		}
		ins := code[pc]
		pc++
		fr.pc = pc
		arg := ins.Arg()
		switch ins.Op() {
		case compile.NOP:

		case compile.POP_TOP:
			sp--

		case compile.POP_ITER:
			sp--
			if c, ok := stack[sp].(loopCloser); ok {
				c.closeLoop(th, false)
			}

		case compile.DUP_TOP:
			stack[sp] = stack[sp-1]
			sp++

		case compile.DUP_TOP2:
			stack[sp] = stack[sp-2]
			stack[sp+1] = stack[sp-1]
			sp += 2

		case compile.ROT_TWO:
			stack[sp-1], stack[sp-2] = stack[sp-2], stack[sp-1]

		case compile.ROT_THREE:
			stack[sp-1], stack[sp-2], stack[sp-3] = stack[sp-2], stack[sp-3], stack[sp-1]

		case compile.ROT_FOUR:
			stack[sp-1], stack[sp-2], stack[sp-3], stack[sp-4] = stack[sp-2], stack[sp-3], stack[sp-4], stack[sp-1]

		case compile.LOAD_CONST:
			stack[sp] = consts[arg]
			sp++

		case compile.LOAD_FAST:
			v := slots[arg]
			if v == nil {
				err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", fc.Locals[arg])
				goto fail
			}
			stack[sp] = v
			sp++

		case compile.STORE_FAST:
			sp--
			slots[arg] = stack[sp]

		case compile.DELETE_FAST:
			if slots[arg] == nil {
				err = Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", fc.Locals[arg])
				goto fail
			}
			slots[arg] = nil

		case compile.LOAD_DEREF:
			v := slots[arg].(*Cell).V
			if v == nil {
				err = unboundCell(fc, int(arg))
				goto fail
			}
			stack[sp] = v
			sp++

		case compile.STORE_DEREF:
			sp--
			slots[arg].(*Cell).V = stack[sp]

		case compile.DELETE_DEREF:
			cell := slots[arg].(*Cell)
			if cell.V == nil {
				err = unboundCell(fc, int(arg))
				goto fail
			}
			cell.V = nil

		case compile.LOAD_CLOSURE:
			stack[sp] = slots[arg]
			sp++

		case compile.LOAD_GLOBAL:
			v := globalCells[arg].v
			if v == nil {
				if v = link.builtins[arg]; v == nil {
					err = th.nameError(link.prog.Globals[arg])
					goto fail
				}
			}
			stack[sp] = v
			sp++

		case compile.STORE_GLOBAL:
			sp--
			globalCells[arg].v = stack[sp]

		case compile.DELETE_GLOBAL:
			if globalCells[arg].v == nil {
				err = th.nameError(link.prog.Globals[arg])
				goto fail
			}
			globalCells[arg].v = nil

		case compile.LOAD_NAME:
			name := link.prog.Globals[arg]
			v, ok := fr.ns.Get(name)
			if !ok {
				if v = globalCells[arg].v; v == nil {
					if v = link.builtins[arg]; v == nil {
						err = th.nameError(name)
						goto fail
					}
				}
			}
			stack[sp] = v
			sp++

		case compile.STORE_NAME:
			sp--
			fr.ns.Set(link.prog.Globals[arg], stack[sp])

		case compile.DELETE_NAME:
			name := link.prog.Globals[arg]
			if !fr.ns.Delete(name) {
				err = th.nameError(name)
				goto fail
			}

		case compile.LOAD_CLASSDEREF:
			name := fc.FreeVars[int(arg)-len(fc.Locals)]
			v, ok := fr.ns.Get(name)
			if !ok {
				if v = slots[arg].(*Cell).V; v == nil {
					err = unboundCell(fc, int(arg))
					goto fail
				}
			}
			stack[sp] = v
			sp++

		case compile.LOAD_ATTR:
			v, e := th.GetAttr(stack[sp-1], fc.Names[arg])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = v

		case compile.STORE_ATTR:
			if e := th.SetAttr(stack[sp-1], fc.Names[arg], stack[sp-2]); e != nil {
				err = e
				goto fail
			}
			sp -= 2

		case compile.DELETE_ATTR:
			if e := th.DelAttr(stack[sp-1], fc.Names[arg]); e != nil {
				err = e
				goto fail
			}
			sp--

		case compile.LOAD_METHOD:
			m, self, e := th.loadMethod(stack[sp-1], fc.Names[arg])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = m
			stack[sp] = self
			sp++

		case compile.BINARY_SUBSCR:
			v, e := th.GetItem(stack[sp-2], stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			sp--
			stack[sp-1] = v

		case compile.STORE_SUBSCR:
			if e := th.SetItem(stack[sp-2], stack[sp-1], stack[sp-3]); e != nil {
				err = e
				goto fail
			}
			sp -= 3

		case compile.DELETE_SUBSCR:
			if e := th.DelItem(stack[sp-2], stack[sp-1]); e != nil {
				err = e
				goto fail
			}
			sp -= 2

		case compile.BUILD_SLICE:
			var step Value = None
			if arg == 3 {
				sp--
				step = stack[sp]
			}
			sp--
			stack[sp-1] = &Slice{Start: stack[sp-1], Stop: stack[sp], Step: step}

		case compile.UNARY:
			v, e := th.Unary(syntax.Token(arg), stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = v

		case compile.UNARY_NOT:
			t, e := th.Truth(stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = MakeBool(!t)

		case compile.BINARY:
			x, y := stack[sp-2], stack[sp-1]
			if xi, ok := x.(Int); ok {
				if yi, ok := y.(Int); ok {
					if v, ok := smallIntBinary(syntax.Token(arg), xi, yi); ok {
						sp--
						stack[sp-1] = v
						break
					}
				}
			}
			v, e := th.Binary(syntax.Token(arg), x, y)
			if e != nil {
				err = e
				goto fail
			}
			sp--
			stack[sp-1] = v

		case compile.INPLACE:
			v, e := th.inplaceStep(syntax.Token(arg), stack[sp-2], stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			sp--
			// x += y on a local: store the result directly.
			if next := code[pc]; next.Op() == compile.STORE_FAST {
				slots[next.Arg()] = v
				sp--
				pc++
				break
			}
			stack[sp-1] = v

		case compile.COMPARE:
			x, y := stack[sp-2], stack[sp-1]
			var v Value
			if xi, ok := x.(Int); ok {
				if yi, ok := y.(Int); ok {
					if b, ok := compareInts(syntax.Token(arg), int64(xi), int64(yi)); ok {
						v = MakeBool(b)
					}
				}
			}
			if v == nil {
				var e error
				if v, e = th.CompareOp(syntax.Token(arg), x, y); e != nil {
					err = e
					goto fail
				}
			}
			sp--
			stack[sp-1] = v

		case compile.JUMP:
			if int(arg) < pc && th.poll() {
				err = th.stopError()
				goto fail
			}
			pc = int(arg)

		case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
			sp--
			v := stack[sp]
			var t bool
			switch v := v.(type) {
			case Bool:
				t = bool(v)
			default:
				var e error
				if t, e = th.Truth(v); e != nil {
					err = e
					goto fail
				}
			}
			if t == (ins.Op() == compile.POP_JUMP_IF_TRUE) {
				if int(arg) < pc && th.poll() {
					err = th.stopError()
					goto fail
				}
				pc = int(arg)
			}

		case compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP:
			t, e := th.Truth(stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			if t == (ins.Op() == compile.JUMP_IF_TRUE_OR_POP) {
				pc = int(arg)
			} else {
				sp--
			}

		case compile.GET_ITER:
			it, e := th.Iterate(stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = it

		case compile.FOR_ITER:
			var v Value
			var ok bool
			switch it := stack[sp-1].(type) {
			case *rangeIterator:
				if it.n > 0 {
					v, ok = MakeInt(it.next), true
					it.next += it.step
					it.n--
				}
			case *listIterator:
				if it.i < len(it.list.elems) {
					v, ok = it.list.elems[it.i], true
					it.i++
				}
			default:
				var e error
				if v, ok, e = stack[sp-1].(Iterator).Next(th); e != nil {
					err = e
					goto fail
				}
			}
			if !ok {
				sp--
				pc = int(arg)
				break
			}
			// The loop variable is usually a plain local: store it
			// directly, saving a push, a pop and a dispatch.
			if next := code[pc]; next.Op() == compile.STORE_FAST {
				slots[next.Arg()] = v
				pc++
				break
			}
			stack[sp] = v
			sp++

		case compile.BUILD_TUPLE:
			t := make(Tuple, arg)
			copy(t, stack[sp-int(arg):sp])
			clear(stack[sp-int(arg) : sp])
			sp -= int(arg)
			stack[sp] = t
			sp++

		case compile.BUILD_LIST:
			elems := make([]Value, arg)
			copy(elems, stack[sp-int(arg):sp])
			clear(stack[sp-int(arg) : sp])
			sp -= int(arg)
			stack[sp] = &List{elems: elems}
			sp++

		case compile.BUILD_SET:
			s := NewSet(int(arg))
			for _, x := range stack[sp-int(arg) : sp] {
				if e := s.Add(th, x); e != nil {
					err = e
					goto fail
				}
			}
			clear(stack[sp-int(arg) : sp])
			sp -= int(arg)
			stack[sp] = s
			sp++

		case compile.BUILD_MAP:
			d := NewDict(int(arg))
			for i := sp - 2*int(arg); i < sp; i += 2 {
				if e := d.SetItem(th, stack[i], stack[i+1]); e != nil {
					err = e
					goto fail
				}
			}
			clear(stack[sp-2*int(arg) : sp])
			sp -= 2 * int(arg)
			stack[sp] = d
			sp++

		case compile.LIST_APPEND:
			sp--
			l := stack[sp-int(arg)].(*List)
			l.elems = append(l.elems, stack[sp])

		case compile.SET_ADD:
			sp--
			if e := stack[sp-int(arg)].(*Set).Add(th, stack[sp]); e != nil {
				err = e
				goto fail
			}

		case compile.MAP_ADD:
			sp -= 2
			depth := int(arg & 0xff)
			d := stack[sp-depth].(*Dict)
			if arg&compile.CallArgs != 0 {
				if _, dup, _ := d.Get(th, stack[sp]); dup {
					err = TypeErrorf("%s got multiple values for keyword argument '%s'", funcDisplay(stack[sp-depth-2]), strNoThread(th, stack[sp]))
					goto fail
				}
			}
			if e := d.SetItem(th, stack[sp], stack[sp+1]); e != nil {
				err = e
				goto fail
			}

		case compile.LIST_EXTEND:
			sp--
			depth := int(arg & 0xff)
			if e := th.extendList(stack[sp-depth].(*List), stack[sp]); e != nil {
				if arg&compile.CallArgs != 0 && IsInstanceOf(e, TypeErrorClass) {
					if _, iterable := th.Iterate(stack[sp]); iterable != nil {
						e = TypeErrorf("%s argument after * must be an iterable, not %s", funcDisplay(stack[sp-depth-1]), TypeName(stack[sp]))
					}
				}
				err = e
				goto fail
			}

		case compile.SET_UPDATE:
			sp--
			if e := stack[sp-int(arg)].(*Set).update(th, stack[sp]); e != nil {
				err = e
				goto fail
			}

		case compile.DICT_UPDATE:
			sp--
			if e := stack[sp-int(arg)].(*Dict).update(th, stack[sp]); e != nil {
				err = e
				goto fail
			}

		case compile.DICT_MERGE:
			sp--
			if e := th.mergeKwargs(stack[sp-int(arg)].(*Dict), stack[sp], stack[sp-int(arg)-2]); e != nil {
				err = e
				goto fail
			}

		case compile.LIST_TO_TUPLE:
			stack[sp-1] = Tuple(stack[sp-1].(*List).elems)

		case compile.UNPACK_SEQ:
			n := int(arg)
			elems, e := th.unpackN(stack[sp-1], n)
			if e != nil {
				err = e
				goto fail
			}
			sp--
			for i := n - 1; i >= 0; i-- {
				stack[sp] = elems[i]
				sp++
			}

		case compile.UNPACK_EX:
			before, after := int(arg&0xfff), int(arg>>12)
			elems, e := th.unpackStar(stack[sp-1], before, after)
			if e != nil {
				err = e
				goto fail
			}
			sp--
			for i := len(elems) - 1; i >= 0; i-- {
				stack[sp] = elems[i]
				sp++
			}

		case compile.CALL:
			n := int(arg)
			fn := stack[sp-n-1]
			var v Value
			var e error
			if f, ok := fn.(*Function); ok {
				v, e = th.callFunction(f, nil, stack[sp-n:sp], nil)
			} else {
				v, e = th.Call(fn, stack[sp-n:sp], nil)
			}
			if e != nil {
				err = e
				goto fail
			}
			sp -= n
			stack[sp-1] = v

		case compile.CALL_METHOD:
			n := int(arg)
			fn, self := stack[sp-n-2], stack[sp-n-1]
			var v Value
			var e error
			switch {
			case self == nil:
				v, e = th.Call(fn, stack[sp-n:sp], nil)
			default:
				switch f := fn.(type) {
				case *Function:
					v, e = th.callFunction(f, nil, stack[sp-n-1:sp], nil)
				case *Builtin:
					args := stack[sp-n-1 : sp]
					if !f.KeepsMutable {
						args = th.plainArgs(args)
					}
					v, e = f.Fn(th, args, nil)
				default:
					v, e = th.Call(fn, stack[sp-n-1:sp], nil)
				}
			}
			if e != nil {
				err = e
				goto fail
			}
			sp -= n + 1
			stack[sp-1] = v

		case compile.CALL_KW:
			n := int(arg)
			names := []string(stack[sp-1].(kwNames))
			sp--
			v, e := th.Call(stack[sp-n-1], stack[sp-n:sp], names)
			if e != nil {
				err = e
				goto fail
			}
			sp -= n
			stack[sp-1] = v

		case compile.CALL_EX:
			var kwargs Value
			if arg&1 != 0 {
				sp--
				kwargs = stack[sp]
			}
			sp--
			args := stack[sp].(Tuple)
			v, e := th.callEx(stack[sp-1], args, kwargs)
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = v

		case compile.MAKE_FUNCTION:
			sp--
			kwdefaults := stack[sp]
			defaults := stack[sp-1]
			stack[sp-1] = th.makeFunction(c.funcs[arg], slots, defaults, kwdefaults)

		case compile.MAKE_CLASS:
			cls, e := th.makeClass(c.funcs[arg], slots, stack[sp-1].(Tuple))
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = cls

		case compile.RETURN_VALUE:
			v := stack[sp-1]
			clearSmall(stack)
			fr.sp, fr.pc = 0, pc
			th.frame = caller
			return v, nil

		case compile.YIELD_VALUE:
			sp--
			v := stack[sp]
			fr.sp, fr.pc = sp, pc
			fr.yielded = true
			th.frame = caller
			return v, nil

		case compile.SEND:
			sp--
			sent := stack[sp]
			y, done, e := th.send(stack[sp-1], sent)
			if e != nil {
				err = e
				goto fail
			}
			if done {
				stack[sp-1] = y
				pc = int(arg)
				break
			}
			stack[sp] = y
			sp++

		case compile.RAISE:
			var exc *Exception
			switch arg {
			case 0:
				if th.handling == nil {
					err = RuntimeErrorf("No active exception to reraise")
					goto fail
				}
				err = th.handling
				reraise = true
				goto fail
			case 1:
				sp--
				exc, err = th.makeRaisable(stack[sp])
			case 2:
				sp -= 2
				exc, err = th.makeRaisable(stack[sp])
				if err == nil {
					err = th.setCause(exc, stack[sp+1])
				}
			}
			if err == nil {
				err = exc
			}
			goto fail

		case compile.RERAISE:
			sp--
			err = stack[sp].(*Exception)
			reraise = true
			goto fail

		case compile.PUSH_EXC_INFO:
			exc := stack[sp-1]
			stack[sp-1] = excOrNone(th.handling)
			stack[sp] = exc
			sp++
			th.handling = exc.(*Exception)

		case compile.POP_EXCEPT:
			sp--
			th.handling, _ = stack[sp].(*Exception)

		case compile.POP_EXCEPT_RERAISE:
			sp -= 2
			th.handling, _ = stack[sp].(*Exception)
			err = stack[sp+1].(*Exception)
			reraise = true
			goto fail

		case compile.CHECK_EXC_MATCH:
			sp--
			ok, e := exceptionMatches(stack[sp-1].(*Exception), stack[sp])
			stack[sp] = MakeBool(ok)
			if e != nil {
				err = e
				goto fail
			}
			sp++
			// [exc bool]: the match result replaces the type.

		case compile.BEFORE_WITH:
			exit, v, e := th.enterContext(stack[sp-1])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = exit
			stack[sp] = v
			sp++

		case compile.WITH_EXCEPT:
			exc := stack[sp-1].(*Exception)
			v, e := th.Call(stack[sp-3], []Value{exc.class, exc, None}, nil)
			if e != nil {
				err = e
				goto fail
			}
			stack[sp] = v
			sp++

		case compile.ASSERT_FAIL:
			sp--
			if arg == 0 {
				err = NewException(AssertionErrorClass)
			} else {
				err = NewException(AssertionErrorClass, stack[sp])
			}
			goto fail

		case compile.IMPORT_NAME, compile.IMPORT_TOP:
			m, e := th.importModule(fc.Names[arg], ins.Op() == compile.IMPORT_TOP)
			if e != nil {
				err = e
				goto fail
			}
			stack[sp] = m
			sp++

		case compile.IMPORT_FROM:
			v, e := th.importFrom(stack[sp-1], fc.Names[arg])
			if e != nil {
				err = e
				goto fail
			}
			stack[sp] = v
			sp++

		case compile.IMPORT_STAR:
			sp--
			if e := th.importStar(stack[sp], link.globals); e != nil {
				err = e
				goto fail
			}

		case compile.FORMAT_VALUE:
			var spec Value
			if arg&4 != 0 {
				sp--
				spec = stack[sp]
			}
			s, e := th.formatValue(stack[sp-1], arg&3, spec)
			if e != nil {
				err = e
				goto fail
			}
			stack[sp-1] = s

		case compile.BUILD_STRING:
			s, e := th.joinStrings(stack[sp-int(arg) : sp])
			if e != nil {
				err = e
				goto fail
			}
			clear(stack[sp-int(arg) : sp])
			sp -= int(arg)
			stack[sp] = s
			sp++

		case compile.MAGIC:
			v, e := th.runMagic(consts[arg].(*magicConst).m)
			if e != nil {
				err = e
				goto fail
			}
			stack[sp] = v
			sp++

		default:
			err = Errorf(SystemErrorClass, "unknown opcode %v", ins.Op())
			goto fail
		}
	}

fail:
	if th.bc != nil {
		if fr.trapped && th.bc.pauseAtFailure(fr, err) {
			fr.pc, fr.sp = fr.bcPC, fr.bcSP
			th.frame = caller
			return nil, errPaused
		}
		if captureArtifact(err) {
			// An error the capture itself raised is not the program's:
			// no handler of the program's may catch it.
			clear(stack)
			fr.sp, fr.pc = 0, pc
			th.frame = caller
			return nil, err
		}
	}
	{
		exc := asException(err)
		if !reraise {
			if th.handling != nil && exc.Context == nil && exc != th.handling {
				exc.Context = th.handling
			}
			exc.Traceback = append(exc.Traceback, TraceEntry{Code: fc, PC: pc - 1})
		}
		reraise = false
		err = nil
		if h := findHandler(fc.Handlers, pc-1); h != nil && !exc.class.IsSubclass(StepBudgetExceededClass) {
			closeLoops(th, stack[h.Depth:sp])
			clear(stack[h.Depth:sp])
			sp = int(h.Depth)
			stack[sp] = exc
			sp++
			pc = int(h.Target)
			goto resume
		}
		closeLoops(th, stack[:sp])
		clear(stack)
		fr.sp, fr.pc = 0, pc
		th.frame = caller
		return nil, exc
	}
}

// A loopCloser is an iterator that must know when the for loop driving it
// ends early, by break or return (POP_ITER) or by an exception, where
// CPython's reference counting would close it: a progress bar then draws
// its last line before anything else is printed.
type loopCloser interface {
	closeLoop(th *Thread, raised bool)
}

// closeLoops closes the loops whose iterators are among the operand stack
// values that an exception discards.
func closeLoops(th *Thread, discarded []Value) {
	for _, v := range discarded {
		if c, ok := v.(loopCloser); ok {
			c.closeLoop(th, true)
		}
	}
}

// findHandler returns the exception-table entry covering pc.
func findHandler(hs []compile.Handler, pc int) *compile.Handler {
	for i := range hs {
		if int(hs[i].Start) <= pc && pc < int(hs[i].End) {
			return &hs[i]
		}
	}
	return nil
}

func unboundCell(fc *compile.Funcode, slot int) error {
	if slot < len(fc.Locals) {
		return Errorf(UnboundLocalErrorClass, "cannot access local variable '%s' where it is not associated with a value", fc.Locals[slot])
	}
	return Errorf(NameErrorClass, "cannot access free variable '%s' where it is not associated with a value in enclosing scope", fc.FreeVars[slot-len(fc.Locals)])
}
