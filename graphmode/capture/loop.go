package capture

import (
	"cmp"
	"errors"
	"fmt"

	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// Loops. A while loop on a constant condition and a for loop over a
// sequence known at compile time are unrolled; a while loop on a Tensor
// becomes a While node (tensorWhile). In an unrolled for loop, a break or
// a return under a Tensor condition cannot end the unrolling: it sets a
// flag in the scope instead (brokeKey, returnedKey, with the value in
// retKey), joined as a Bool Tensor, and what would not run after it (the
// later iterations, the else clause, and for a return the code after the
// loop) is captured as an arm of an If on the flags. Captured code runs
// only where no flag is set, so a loop starts with none.

// The flags of an unrolled for loop, and the value its return gave.
const (
	returnedKey = "$returned"
	retKey      = "$return"
)

// whileStmt captures a while loop: unrolled while its condition is a
// constant, and a While node from the first iteration whose condition is
// a Tensor.
func (c *capturer) whileStmt(s *scope, st *syntax.WhileStmt) (exit, error) {
	saved := s.loop
	defer func() { s.loop = saved }()
	for n := 0; ; n++ {
		s.loop = saved
		cond, err := c.condExpr(s, st.Cond)
		if err != nil {
			return exit{}, err
		}
		if c.abstract(cond) != nil {
			if len(st.Else) > 0 {
				return exit{}, c.errorf(span(st), "RuntimeError", "'while...else' on a Tensor condition is not supported in graph mode.")
			}
			return exit{}, c.tensorWhile(s, st)
		}
		ok, err := c.h.Truth(cond)
		if err != nil {
			return exit{}, c.fail(span(st.Cond), err)
		}
		if !ok {
			return c.block(s, st.Else, nil)
		}
		if n >= c.opt.MaxUnroll {
			return exit{}, c.errorf(span(st), "RuntimeError",
				"This while loop on a constant condition ran %d iterations while compiling, graph mode's limit; is it infinite?", n)
		}
		// An iteration runs on a copy of the scope: a break under a
		// Tensor condition makes the loop a While node from the state
		// the iteration started in.
		iter := s.fork()
		iter.loop = unrolledLoop
		ex, err := c.block(iter, st.Body, nil)
		var retry *retryAsWhile
		if errors.As(err, &retry) {
			return exit{}, c.tensorWhile(s, st)
		}
		if err != nil {
			return exit{}, err
		}
		s.vars, s.where, s.gone = iter.vars, iter.where, iter.gone
		switch ex.kind {
		case returned, raised:
			return ex, nil
		case broke:
			return exit{}, nil
		}
	}
}

// forStmt unrolls a for loop over a sequence known at compile time: a
// tuple, a list, a range, a Tensor's first axis.
func (c *capturer) forStmt(s *scope, st *syntax.ForStmt, rest [][]syntax.Stmt) (exit, error) {
	seq, err := c.expr(s, st.X)
	if err != nil {
		return exit{}, err
	}
	elems, err := c.elements(seq, span(st.X))
	if err != nil {
		return exit{}, err
	}
	if len(elems) > c.opt.MaxUnroll {
		return exit{}, c.errorf(span(st.X), "RuntimeError", "Unrolling a for loop of %d iterations is more than graph mode's limit of %d.", len(elems), c.opt.MaxUnroll)
	}
	ex, err := c.unroll(s, st, elems)
	if err != nil || ex.kind != fellOff {
		return ex, err
	}
	return c.afterLoop(s, span(st), rest)
}

// unroll runs a for loop's iterations and its else clause.
func (c *capturer) unroll(s *scope, st *syntax.ForStmt, elems []Value) (exit, error) {
	saved := s.loop
	clearFlags(s)
	defer func() {
		s.loop = saved
		delete(s.vars, brokeKey)
	}()
	at := span(st)
	why := fmt.Sprintf("it is assigned in the for loop at line %d after a break or return under a Tensor condition", st.For.Line)
	for _, e := range elems {
		s.loop = unrolledFor
		ex, stopped, err := c.iteration(s, at, why, func(s2 *scope) (exit, error) {
			if err := c.assign(s2, st.Vars, e, span(st.Vars)); err != nil {
				return exit{}, err
			}
			return c.block(s2, st.Body, nil)
		})
		if err != nil || stopped {
			return exit{}, err
		}
		switch ex.kind {
		case returned, raised:
			return ex, nil
		case broke:
			return exit{}, nil
		}
	}
	if len(st.Else) == 0 {
		return exit{}, nil
	}
	s.loop = saved
	if terminates(st.Else) {
		if t, _, err := c.running(s, at); err != nil || t != nil {
			return exit{}, cmp.Or(err, error(c.errorf(span(st.Else[0]), "RuntimeError",
				"A for loop's else clause that returns, breaks or continues is not supported in graph mode after a break or return under a Tensor condition.")))
		}
	}
	ex, _, err := c.iteration(s, at, why, func(s2 *scope) (exit, error) { return c.block(s2, st.Else, nil) })
	return ex, err
}

// clearFlags removes the flags of an enclosing loop from a scope: code
// runs only where they are not set.
func clearFlags(s *scope) {
	delete(s.vars, brokeKey)
	delete(s.vars, returnedKey)
	delete(s.vars, retKey)
}

// iteration captures run, an iteration of an unrolled for loop or its else
// clause: directly while no flag is set, as the true arm of an If on "no
// flag is set" once one is a Tensor; stopped reports a flag set for
// certain.
func (c *capturer) iteration(s *scope, at ir.Span, why string, run func(*scope) (exit, error)) (ex exit, stopped bool, err error) {
	cond, stopped, err := c.running(s, at)
	if err != nil || stopped {
		return exit{}, stopped, err
	}
	if cond == nil {
		ex, err := run(s)
		return ex, false, err
	}
	arms := [2]func() (armResult, error){
		func() (armResult, error) {
			s2 := s.fork()
			ex, err := run(s2)
			if err != nil {
				return armResult{}, err
			}
			if ex.kind == raised {
				return armResult{vals: s2.vars, where: s2.where, raised: true}, nil
			}
			c.leaveIteration(s2, ex)
			return armResult{vals: s2.vars, where: s2.where}, nil
		},
		func() (armResult, error) {
			s2 := s.fork()
			return armResult{vals: s2.vars, where: s2.where}, nil
		},
	}
	joined, one, err := c.branch(cond, at, loopArms, arms)
	if err != nil {
		return exit{}, false, err
	}
	c.settle(s, at, why, joined, one)
	return exit{}, false, nil
}

var loopArms = joinSite{arms: [2]string{"the iteration", "the iteration skipped"}}

// running is whether a for loop's next iteration runs: nil while no flag
// is set, a Bool Tensor once a flag is a Tensor, stopped once one is set
// for certain.
func (c *capturer) running(s *scope, at ir.Span) (cond *tensor.Tensor, stopped bool, err error) {
	var flags []*tensor.Tensor
	for _, key := range []string{brokeKey, returnedKey} {
		v, ok := s.vars[key]
		if !ok {
			continue
		}
		if t := c.abstract(v); t != nil {
			flags = append(flags, t)
			continue
		}
		set, err := c.h.Truth(v)
		if err != nil || set {
			return nil, set, c.fail(at, err)
		}
	}
	if len(flags) == 0 {
		return nil, false, nil
	}
	c.tr.Span = at
	out := []ops.Value{flags[0]}
	if len(flags) == 2 {
		if out, err = c.tr.Apply(ops.LogicalOr, nil, flags[0], flags[1]); err != nil {
			return nil, false, c.fail(at, err)
		}
	}
	if out, err = c.tr.Apply(ops.LogicalNot, nil, out[0]); err != nil {
		return nil, false, c.fail(at, err)
	}
	return out[0].(*tensor.Tensor), false, nil
}

// leaveIteration records in the scope of an arm inside an unrolled for
// loop how the arm ended: a break or return sets its flag, and every arm
// has both flags, so that they join.
func (c *capturer) leaveIteration(s *scope, ex exit) {
	for _, key := range []string{brokeKey, returnedKey} {
		if _, ok := s.vars[key]; !ok {
			s.vars[key] = c.h.Const(false)
		}
	}
	switch ex.kind {
	case broke:
		s.vars[brokeKey] = c.h.Const(true)
	case returned:
		s.vars[returnedKey] = c.h.Const(true)
		s.set(retKey, ex.value, ex.at)
	}
}

// afterLoop goes on after an unrolled for loop whose iterations may have
// returned: a return under a Tensor condition splits the rest of the
// function (or of the enclosing loop's iteration) into the If's arm that
// did not return.
func (c *capturer) afterLoop(s *scope, at ir.Span, rest [][]syntax.Stmt) (exit, error) {
	flag, ok := s.vars[returnedKey]
	value, where := s.vars[retKey], s.where[retKey]
	clearFlags(s)
	if !ok {
		return exit{}, nil
	}
	returnedExit := func(*scope) (exit, error) { return exit{kind: returned, value: value, at: where}, nil }
	if t := c.abstract(flag); t != nil {
		return c.splitRest(s, t, at, at, "the for loop at line "+fmt.Sprint(at.Start.Line)+" may have returned",
			[2]func(*scope) (exit, error){returnedExit, func(*scope) (exit, error) { return exit{}, nil }}, rest)
	}
	set, err := c.h.Truth(flag)
	if err != nil || !set {
		return exit{}, c.fail(at, err)
	}
	return returnedExit(s)
}
