package compile

import "fmt"

// Verify checks the invariants the interpreter relies on, for fc and every
// block nested in it: operands in range, jumps and handlers inside the code,
// and a stack depth that is the same on every path to an instruction, never
// negative and never above MaxStack. The compiler's tests run it on
// everything they compile; anything that builds or rewrites bytecode should
// too.
func Verify(fc *Funcode) error {
	if err := verifyOne(fc); err != nil {
		return fmt.Errorf("%s: %w", fc.QualName, err)
	}
	for _, f := range fc.Funcs {
		if err := Verify(f); err != nil {
			return err
		}
	}
	return nil
}

func verifyOne(fc *Funcode) error {
	n := len(fc.Code)
	if n == 0 {
		return fmt.Errorf("no code")
	}
	if len(fc.Spans) != n {
		return fmt.Errorf("%d spans for %d instructions", len(fc.Spans), n)
	}
	for pc, ins := range fc.Code {
		op, arg := ins.Op(), int(ins.Arg())
		var limit int
		switch op {
		case LOAD_CONST, MAGIC:
			limit = len(fc.Consts)
		case LOAD_FAST, STORE_FAST, DELETE_FAST, LOAD_DEREF, STORE_DEREF, DELETE_DEREF, LOAD_CLOSURE, LOAD_CLASSDEREF:
			limit = fc.NumSlots
		case LOAD_GLOBAL, STORE_GLOBAL, DELETE_GLOBAL, LOAD_NAME, STORE_NAME, DELETE_NAME:
			limit = len(fc.Prog.Globals)
		case LOAD_ATTR, STORE_ATTR, DELETE_ATTR, LOAD_METHOD, IMPORT_NAME, IMPORT_TOP, IMPORT_FROM:
			limit = len(fc.Names)
		case MAKE_FUNCTION, MAKE_CLASS:
			limit = len(fc.Funcs)
		default:
			if op.IsJump() {
				limit = n
			} else {
				continue
			}
		}
		if arg >= limit {
			return fmt.Errorf("pc %d: %v %d out of range (%d)", pc, op, arg, limit)
		}
	}
	for _, h := range fc.Handlers {
		if h.Start < 0 || h.End > int32(n) || h.Start >= h.End || h.Target < 0 || h.Target >= int32(n) {
			return fmt.Errorf("bad handler %+v", h)
		}
	}
	depth := make([]int, n)
	for i := range depth {
		depth[i] = -1
	}
	var work []int
	reach := func(from, pc, d int) error {
		if pc >= n {
			return fmt.Errorf("pc %d: falls off the end of the code", from)
		}
		if d < 0 {
			return fmt.Errorf("pc %d: stack underflow", from)
		}
		if d > fc.MaxStack {
			return fmt.Errorf("pc %d: stack depth %d exceeds MaxStack %d", from, d, fc.MaxStack)
		}
		switch depth[pc] {
		case -1:
			depth[pc] = d
			work = append(work, pc)
		case d:
		default:
			return fmt.Errorf("pc %d: stack depth %d here, %d on another path", pc, d, depth[pc])
		}
		return nil
	}
	if err := reach(0, 0, 0); err != nil {
		return err
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		d := depth[pc]
		ins := fc.Code[pc]
		op, arg := ins.Op(), ins.Arg()
		for _, h := range fc.Handlers {
			if int(h.Start) <= pc && pc < int(h.End) {
				if int(h.Depth) > d {
					return fmt.Errorf("pc %d: handler depth %d above the stack's %d", pc, h.Depth, d)
				}
				if err := reach(pc, int(h.Target), int(h.Depth)+1); err != nil {
					return err
				}
			}
		}
		if op.IsJump() {
			if err := reach(pc, int(arg), d+jumpEffect(op, arg)); err != nil {
				return err
			}
		}
		switch op {
		case JUMP, RETURN_VALUE, RAISE, RERAISE, POP_EXCEPT_RERAISE, ASSERT_FAIL:
			continue
		}
		if err := reach(pc, pc+1, d+stackEffect(op, arg)); err != nil {
			return err
		}
	}
	return nil
}
