package capture

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"msrepl/graphmode/ir"
	"msrepl/lang/syntax"
	"msrepl/ops"
	"msrepl/tensor"
)

// Control flow on Tensors. Each arm of an if, and a while loop's
// condition and body, is captured into its own subgraph; what flows out
// of it (the variables it assigns, or the function's return value) is
// joined: a value both arms leave the same stays a compile-time value,
// Tensors become outputs of the If or While node, and so do numbers that
// differ, as 0-d Tensors (ints as Int64, floats as Float32, as MindSpore
// makes a variable scalar). Anything else must be the same on both
// sides, or it is MindSpore's "Type Join Failed".

// An armResult is what one arm leaves: values by name, and where each was
// assigned.
type armResult struct {
	vals  map[string]Value
	where map[string]ir.Span
	// raised is set for an arm that ends in a raise: the If's outputs are
	// the other arm's, and this arm gives zeros of their types, which
	// nothing reads.
	raised bool
}

// A joinSite says what a branch joins, for its error messages.
type joinSite struct {
	// returns is set when the arms give a function's return value.
	returns bool
	// arms names the arms in notes: "the true branch", "the loop body".
	arms [2]string
}

var ifArms = joinSite{arms: [2]string{"the true branch", "the false branch"}}

// branch captures two arms as the subgraphs of an If on cond, and returns
// the values both arms leave, joined, and the names only one arm leaves.
// Under a gradient taken inside the graph it selects instead (selectArms).
func (c *capturer) branch(cond *tensor.Tensor, at ir.Span, site joinSite, arms [2]func() (armResult, error)) (map[string]Value, []string, error) {
	ct, err := c.condition(cond, at)
	if err != nil {
		return nil, nil, err
	}
	if c.opt.Differentiated {
		return c.selectArms(ct, at, site, arms)
	}
	condNode, err := c.tr.Node(ct)
	if err != nil {
		return nil, nil, c.fail(at, err)
	}
	c.graphs++
	var res [2]armResult
	var lv [2]*Level
	for i, arm := range arms {
		g := c.tr.cur.G.NewSubgraph(fmt.Sprintf("%s%s_%d", [2]string{"✓", "✗"}[i], c.funcName(), c.graphs), at)
		lv[i] = c.tr.Push(g)
		r, err := arm()
		c.tr.Pop()
		if err != nil {
			return nil, nil, err
		}
		res[i] = r
	}
	j, err := c.joinArms(res, at, site)
	if err != nil {
		return nil, nil, err
	}
	// A Parameter either arm updates leaves the If as one more output: the
	// update's node in that arm, the value from before it in the other.
	var assigned []*tensor.Tensor
	for _, l := range lv {
		for _, w := range l.assigned {
			if !slices.Contains(assigned, w) {
				assigned = append(assigned, w)
			}
		}
	}
	pairs := j.pairs
	for _, w := range assigned {
		pairs = append(pairs, [2]*tensor.Tensor{w, w})
	}
	for i, l := range lv {
		nodes := make([]*ir.Node, len(pairs))
		for k, p := range pairs {
			if nodes[k], err = c.tr.node(l, p[i]); err != nil {
				return nil, nil, c.fail(at, err)
			}
		}
		l.G.SetOutput(l.G.MakeTuple(at, nodes...))
	}
	args, _ := alignCaptures(0, lv[:]...)
	g := c.tr.cur.G
	n := g.If(condNode, lv[0].G, lv[1].G, at, args...)
	for i, w := range assigned {
		c.tr.cur.updated(w, g.GetItem(n, len(j.pairs)+i, at))
	}
	k := 0
	return j.build(func() Value {
		v := c.h.Wrap(c.tr.cur.Bind(g.GetItem(n, k, at)))
		k++
		return v
	}), j.one, nil
}

// selectArms captures both arms into the current graph and selects
// between what they leave with Select on cond: a gradient taken inside
// the graph records single operations on its tape, and Select's gradient
// rule routes the cotangent to the arm that was taken. An arm must then
// be free of effects, since both run. As with numpy's where, a gradient
// that is not a number in the arm not taken (a square root of a negative)
// makes the whole gradient NaN.
func (c *capturer) selectArms(ct *tensor.Tensor, at ir.Span, site joinSite, arms [2]func() (armResult, error)) (map[string]Value, []string, error) {
	g := c.tr.cur.G
	start := len(g.Nodes)
	var res [2]armResult
	for i, arm := range arms {
		r, err := arm()
		if err != nil {
			return nil, nil, err
		}
		res[i] = r
	}
	effects := slices.ContainsFunc(g.Nodes[start:], func(n *ir.Node) bool { return !n.Pure() })
	if effects || res[0].raised || res[1].raised {
		return nil, nil, c.errorf(at, "RuntimeError",
			"A branch on a Tensor in a function differentiated inside a graph (ms.grad called in a jit function) runs both arms, "+
				"so they must be free of effects (print, Parameter assignment, raise); "+
				"take the gradient outside the jit function, where it can differentiate the compiled graph.")
	}
	j, err := c.joinArms(res, at, site)
	if err != nil {
		return nil, nil, err
	}
	picked := make([]Value, len(j.pairs))
	for k, p := range j.pairs {
		c.tr.Span = at
		out, err := c.h.Apply(ops.Select, nil, ct, p[0], p[1])
		if err != nil {
			return nil, nil, c.fail(at, err)
		}
		picked[k] = c.h.Wrap(out[0])
	}
	k := 0
	return j.build(func() Value {
		k++
		return picked[k-1]
	}), j.one, nil
}

// joined is how the values two arms leave come together: the names both
// leave, the pairs of Tensors that become outputs, and how to build the
// joined values from those outputs.
type joined struct {
	both, one []string
	pairs     [][2]*tensor.Tensor
	builds    []func(func() Value) Value
}

func (j *joined) build(next func() Value) map[string]Value {
	vals := make(map[string]Value, len(j.both))
	for i, name := range j.both {
		vals[name] = j.builds[i](next)
	}
	return vals
}

// joinArms joins what two arms leave. An arm that raises takes the other
// arm's types, as zeros.
func (c *capturer) joinArms(res [2]armResult, at ir.Span, site joinSite) (*joined, error) {
	for i := range res {
		if res[i].raised && !res[1-i].raised {
			var err error
			if res[i], err = c.placeholder(res[1-i]); err != nil {
				return nil, c.fail(at, err)
			}
		}
	}
	if err := c.defaultFlags(&res); err != nil {
		return nil, c.fail(at, err)
	}
	j := &joined{}
	for name := range res[0].vals {
		if _, ok := res[1].vals[name]; ok {
			j.both = append(j.both, name)
		} else {
			j.one = append(j.one, name)
		}
	}
	for name := range res[1].vals {
		if _, ok := res[0].vals[name]; !ok {
			j.one = append(j.one, name)
		}
	}
	sort.Strings(j.both)
	sort.Strings(j.one)
	j.builds = make([]func(func() Value) Value, len(j.both))
	for k, name := range j.both {
		b, err := c.join(res[0].vals[name], res[1].vals[name], &j.pairs)
		if err != nil {
			return nil, c.joinError(err, name, site, at, [2]ir.Span{res[0].where[name], res[1].where[name]})
		}
		j.builds[k] = b
	}
	return j, nil
}

// defaultFlags gives an arm without a loop's flag the value it has where
// code runs, false, and an arm without the value another arm returned in
// an unrolled for loop zeros of its types, which nothing reads.
func (c *capturer) defaultFlags(res *[2]armResult) error {
	for i := range res {
		mine, other := &res[i], res[1-i]
		for _, key := range []string{brokeKey, returnedKey, retKey} {
			v, ok := other.vals[key]
			if _, have := mine.vals[key]; have || !ok {
				continue
			}
			if mine.vals == nil {
				mine.vals = map[string]Value{}
			}
			if key != retKey {
				mine.vals[key] = c.h.Const(false)
				continue
			}
			z, err := c.placeholder(armResult{vals: map[string]Value{key: v}})
			if err != nil {
				return err
			}
			mine.vals[key] = z.vals[key]
		}
	}
	return nil
}

// placeholder is what an arm that raises gives for the values r leaves:
// zeros of the same types, made in the arm's graph.
func (c *capturer) placeholder(r armResult) (armResult, error) {
	out := armResult{vals: make(map[string]Value, len(r.vals)), where: r.where, raised: true}
	for name, v := range r.vals {
		var leaves []*tensor.Tensor
		build, err := c.flatten(v, &leaves)
		if err != nil {
			return armResult{}, err
		}
		k := 0
		var ferr error
		out.vals[name] = build(func() Value {
			m := leaves[k].Meta()
			k++
			z, err := c.tr.Eval.Apply(ops.Fill, ops.Attrs{"shape": []int(m.Shape), "dtype": m.DType, "value": 0})
			if err != nil {
				ferr = err
				return v
			}
			return c.h.Wrap(z[0].(*tensor.Tensor))
		})
		if ferr != nil {
			return armResult{}, ferr
		}
	}
	return out, nil
}

func (c *capturer) funcName() string { return c.frames[len(c.frames)-1].Func.Name }

// alignCaptures gives the graphs of levels one list of parameters for the
// values of the graph around them that any of them reads, after their
// first fixed parameters, and returns those values and each level's
// parameters for them.
func alignCaptures(fixed int, levels ...*Level) ([]*ir.Node, [][]*ir.Node) {
	var outer []*ir.Node
	seen := map[*ir.Node]bool{}
	for _, l := range levels {
		for _, cp := range l.Captures {
			if !seen[cp.Outer] {
				seen[cp.Outer] = true
				outer = append(outer, cp.Outer)
			}
		}
	}
	params := make([][]*ir.Node, len(levels))
	for i, l := range levels {
		mine := map[*ir.Node]*ir.Node{}
		for _, cp := range l.Captures {
			mine[cp.Outer] = cp.Param
		}
		caps := make([]*ir.Node, len(outer))
		for k, o := range outer {
			p, ok := mine[o]
			if !ok {
				p = l.G.AddParam(o.Name, o.Abs, o.Span)
			}
			caps[k] = p
		}
		l.G.Params = append(slices.Clone(l.G.Params[:fixed]), caps...)
		params[i] = caps
	}
	return outer, params
}

// join matches the values a and b two arms leave under one name, adding
// the pairs of Tensors that become outputs, and returns how to build the
// joined value from those outputs.
func (c *capturer) join(a, b Value, pairs *[][2]*tensor.Tensor) (func(func() Value) Value, error) {
	if c.h.Same(a, b) {
		return func(func() Value) Value { return a }, nil
	}
	output := func(next func() Value) Value { return next() }
	ta, aT := c.h.Tensor(a)
	tb, bT := c.h.Tensor(b)
	if aT && bT {
		if ta.DType() != tb.DType() {
			return nil, joinFailed("Type Join Failed: dtype1 = %v, dtype2 = %v.", ta.DType(), tb.DType())
		}
		if !slices.Equal(ta.Shape(), tb.Shape()) {
			return nil, joinFailed("Shape Join Failed: shape1 = %s, shape2 = %s.", ta.Shape().String(), tb.Shape().String())
		}
		*pairs = append(*pairs, [2]*tensor.Tensor{ta, tb})
		return output, nil
	}
	na, aN := c.h.Number(a)
	nb, bN := c.h.Number(b)
	// A number meets the 0-d Tensor it became in another branch or loop
	// (a variable scalar): it joins as a Tensor of that dtype.
	if aT && bN && scalarOf(ta, nb) {
		xb, err := c.h.ScalarTensor(b, ta.DType())
		if err != nil {
			return nil, err
		}
		*pairs = append(*pairs, [2]*tensor.Tensor{ta, xb})
		return output, nil
	}
	if bT && aN && scalarOf(tb, na) {
		xa, err := c.h.ScalarTensor(a, tb.DType())
		if err != nil {
			return nil, err
		}
		*pairs = append(*pairs, [2]*tensor.Tensor{xa, tb})
		return output, nil
	}
	if aN && bN {
		dt := scalarDType(na)
		if d := scalarDType(nb); rank(d) > rank(dt) {
			dt = d
		}
		xa, err := c.h.ScalarTensor(a, dt)
		if err != nil {
			return nil, err
		}
		xb, err := c.h.ScalarTensor(b, dt)
		if err != nil {
			return nil, err
		}
		*pairs = append(*pairs, [2]*tensor.Tensor{xa, xb})
		return output, nil
	}
	ea, la, aS := c.h.Elems(a)
	eb, lb, bS := c.h.Elems(b)
	if aS && bS && la == lb && len(ea) == len(eb) {
		parts := make([]func(func() Value) Value, len(ea))
		for i := range ea {
			p, err := c.join(ea[i], eb[i], pairs)
			if err != nil {
				return nil, err
			}
			parts[i] = p
		}
		return c.sequenceOf(parts, la), nil
	}
	return nil, joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(a), c.typeText(b))
}

// scalarDType is the dtype a number becomes when it is a graph value.
func scalarDType(n any) tensor.DType {
	switch n.(type) {
	case bool:
		return tensor.Bool
	case int64:
		return tensor.Int64
	}
	return tensor.Float32
}

func rank(d tensor.DType) int {
	switch d {
	case tensor.Bool:
		return 0
	case tensor.Int64:
		return 1
	}
	return 2
}

// typeText is a value's type in a join error, as MindSpore words types.
func (c *capturer) typeText(v Value) string {
	if t, ok := c.h.Tensor(v); ok {
		return fmt.Sprintf("Tensor[%v]%s", t.DType(), t.Shape().String())
	}
	if n, ok := c.h.Number(v); ok {
		switch n.(type) {
		case bool:
			return "Bool"
		case int64:
			return "Int64"
		}
		return "Float64"
	}
	if elems, list, ok := c.h.Elems(v); ok {
		kind := "Tuple"
		if list {
			kind = "List"
		}
		parts := make([]string, len(elems))
		for i, e := range elems {
			parts[i] = c.typeText(e)
		}
		return kind + "[" + strings.Join(parts, ", ") + "]"
	}
	return c.h.TypeName(v)
}

// joinError is a failed join, placed at the branch with notes at the two
// places that made the values.
func (c *capturer) joinError(err error, name string, site joinSite, at ir.Span, where [2]ir.Span) error {
	if e, ok := err.(*Error); ok {
		return e
	}
	msg := fmt.Sprintf("Cannot join the values of variable '%s' from different branches, perhaps you need to make them equal.", name)
	if site.returns {
		msg = "Cannot join the return values of different branches, perhaps you need to make them equal."
	} else if name == valueKey {
		msg = "Cannot join the values of the two sides of the conditional expression, perhaps you need to make them equal."
	}
	e := c.errorf(at, "TypeError", "%s\n%v", msg, err)
	for i, w := range where {
		if w.Start.IsValid() {
			e.Notes = append(e.Notes, Note{What: site.arms[i], At: c.here(w)})
		}
	}
	return e
}

// valueKey names the value of an expression's arm among its results.
const valueKey = "$value"

// brokeKey names, in a While body, whether the iteration ran a break.
const brokeKey = "$broke"

// ifJoin captures an if on a Tensor whose arms neither return nor leave
// their loop: the variables they assign are joined.
func (c *capturer) ifJoin(s *scope, st *syntax.IfStmt, cond *tensor.Tensor) (exit, error) {
	raisedArms := 0
	arm := func(body []syntax.Stmt) func() (armResult, error) {
		return func() (armResult, error) {
			s2 := s.fork()
			ex, err := c.block(s2, body, nil)
			if err != nil {
				return armResult{}, err
			}
			if ex.kind != fellOff && ex.kind != raised {
				return armResult{}, c.errorf(ex.at, "SystemError", "internal error: an arm left its if")
			}
			if ex.kind == raised {
				raisedArms++
			}
			return armResult{vals: s2.vars, where: s2.where, raised: ex.kind == raised}, nil
		}
	}
	joined, one, err := c.branch(cond, span(st.Cond), ifArms, [2]func() (armResult, error){arm(st.True), arm(st.False)})
	if err != nil {
		return exit{}, err
	}
	if raisedArms == 2 {
		return exit{kind: raised, at: span(st)}, nil
	}
	c.settle(s, span(st), oneArm(st), joined, one)
	return exit{}, nil
}

// settle writes a branch's joined variables into the scope; those only
// one arm defines are gone after it, for the reason why.
func (c *capturer) settle(s *scope, at ir.Span, why string, joined map[string]Value, one []string) {
	for name, v := range joined {
		if !c.h.Same(v, s.vars[name]) {
			s.set(name, v, at)
		}
	}
	for _, name := range one {
		delete(s.vars, name)
		s.gone[name] = why
	}
}

// ifRest captures an if on a Tensor with an arm that returns, breaks or
// continues: each arm goes on with the rest of the function (or of the
// loop's iteration), so that both end the same way.
func (c *capturer) ifRest(s *scope, st *syntax.IfStmt, cond *tensor.Tensor, rest [][]syntax.Stmt) (exit, error) {
	return c.splitRest(s, cond, span(st.Cond), span(st), oneArm(st), [2]func(*scope) (exit, error){
		func(s2 *scope) (exit, error) { return c.block(s2, st.True, rest) },
		func(s2 *scope) (exit, error) { return c.block(s2, st.False, rest) },
	}, rest)
}

func oneArm(st *syntax.IfStmt) string {
	return fmt.Sprintf("it is assigned in only one branch of the if at line %d, whose condition is a Tensor", st.If.Line)
}

// splitRest captures two arms on a Tensor condition, each followed by
// rest, the statements after the branch up to the end of the function or
// of the loop's iteration. At the function's level the arms' return
// values join; in a loop, their variables, and the flags of a break or
// return in an unrolled for loop.
func (c *capturer) splitRest(s *scope, cond *tensor.Tensor, condAt, at ir.Span, why string, bodies [2]func(*scope) (exit, error), rest [][]syntax.Stmt) (exit, error) {
	site := ifArms
	site.returns = s.loop == noLoop
	raisedArms := 0
	arm := func(body func(*scope) (exit, error)) func() (armResult, error) {
		return func() (armResult, error) {
			s2 := s.fork()
			ex, err := body(s2)
			if err == nil && ex.kind == fellOff {
				ex, err = c.sequence(s2, rest)
			}
			if err != nil {
				return armResult{}, err
			}
			switch {
			case ex.kind == raised:
				raisedArms++
				vals := s2.vars
				if s.loop == noLoop {
					vals = map[string]Value{"return": c.h.Const(nil)}
				}
				return armResult{vals: vals, where: s2.where, raised: true}, nil
			case s.loop == noLoop:
				v, at := ex.value, ex.at
				if ex.kind != returned {
					v, at = c.h.Const(nil), span(c.frames[len(c.frames)-1].Func.node())
				}
				return armResult{vals: map[string]Value{"return": v}, where: map[string]ir.Span{"return": at}}, nil
			case s.loop == unrolledFor:
				c.leaveIteration(s2, ex)
			case ex.kind == returned:
				return armResult{}, c.errorf(ex.at, "RuntimeError",
					"'return' under a Tensor condition inside a while loop is not supported in graph mode; assign the result and 'break' instead.")
			case ex.kind == broke && s.loop == unrolledLoop:
				return armResult{}, &retryAsWhile{}
			case ex.kind == broke:
				s2.vars[brokeKey] = c.h.Const(true)
			}
			return armResult{vals: s2.vars, where: s2.where}, nil
		}
	}
	joined, one, err := c.branch(cond, condAt, site, [2]func() (armResult, error){arm(bodies[0]), arm(bodies[1])})
	if err != nil {
		return exit{}, err
	}
	if raisedArms == 2 {
		return exit{kind: raised, at: at}, nil
	}
	if s.loop == noLoop {
		return exit{kind: returned, value: joined["return"], at: at}, nil
	}
	c.settle(s, at, why, joined, one)
	return exit{kind: continued, at: at}, nil
}

// choose captures body if test else orelse, and the short-circuit and
// and or, whose test is a Tensor: each side is an arm.
func (c *capturer) choose(cond *tensor.Tensor, at ir.Span, sides [2]func() (Value, ir.Span, error)) (Value, error) {
	var arms [2]func() (armResult, error)
	for i, side := range sides {
		arms[i] = func() (armResult, error) {
			v, where, err := side()
			if err != nil {
				return armResult{}, err
			}
			return armResult{vals: map[string]Value{valueKey: v}, where: map[string]ir.Span{valueKey: where}}, nil
		}
	}
	joined, _, err := c.branch(cond, at, ifArms, arms)
	if err != nil {
		return nil, err
	}
	return joined[valueKey], nil
}

// tensorWhile captures a while loop whose condition is a Tensor as a While
// node. The variables the body assigns that exist before the loop are
// carried from one iteration to the next; a break adds a carried flag
// that the condition checks.
func (c *capturer) tensorWhile(s *scope, st *syntax.WhileStmt) error {
	at := span(st)
	if returns(st) {
		return c.errorf(at, "RuntimeError",
			"'return' inside a while loop whose condition is a Tensor is not supported in graph mode; assign the result and 'break' instead.")
	}
	// Under a gradient, a loop in a loop's body is captured as it is: the
	// outer loop's gradient refuses it.
	if !c.opt.Differentiated || c.h.Tape() == nil {
		_, err := c.captureWhile(s, st)
		return err
	}
	var w *capturedWhile
	err := c.h.Untaped(func() error {
		var err error
		w, err = c.captureWhile(s, st)
		return err
	})
	if err != nil {
		return err
	}
	return c.recordWhile(w)
}

// captureWhile builds the While node of a loop on a Tensor.
func (c *capturer) captureWhile(s *scope, st *syntax.WhileStmt) (*capturedWhile, error) {
	at := span(st)
	hasBreak := breaks(st.Body)
	var carried, local []string
	for _, name := range assigned(st.Body) {
		if _, ok := s.vars[name]; ok {
			carried = append(carried, name)
		} else {
			local = append(local, name)
		}
	}
	var init []*tensor.Tensor
	var names []string
	builds := make([]func(func() Value) Value, len(carried))
	for i, name := range carried {
		before := len(init)
		b, err := c.flatten(s.vars[name], &init)
		if err != nil {
			return nil, c.fail(at, err)
		}
		builds[i] = b
		for k := before; k < len(init); k++ {
			names = append(names, name)
		}
	}
	if hasBreak {
		f, err := c.h.ScalarTensor(c.h.Const(false), tensor.Bool)
		if err != nil {
			return nil, c.fail(at, err)
		}
		init = append(init, f)
		names = append(names, "broke")
	}
	c.graphs++
	id := c.graphs
	// loopScope is the scope inside the loop: the carried variables are
	// the graph's parameters.
	loopScope := func(params []*tensor.Tensor) *scope {
		s2 := s.fork()
		k := 0
		next := func() Value { k++; return c.h.Wrap(params[k-1]) }
		for i, name := range carried {
			s2.vars[name] = builds[i](next)
		}
		if hasBreak {
			s2.vars[brokeKey] = c.h.Const(false)
		}
		return s2
	}
	params := func() []*tensor.Tensor {
		ps := make([]*tensor.Tensor, len(init))
		for i, t := range init {
			ps[i] = c.tr.Input(names[i], t.Meta())
		}
		return ps
	}

	lb := c.tr.Push(c.tr.cur.G.NewSubgraph(fmt.Sprintf("⥁%s_%d", c.funcName(), id), at))
	s2 := loopScope(params())
	s2.loop = tensorLoop
	ex, err := c.block(s2, st.Body, nil)
	c.tr.Pop()
	if err != nil {
		return nil, err
	}
	if ex.kind == broke {
		s2.vars[brokeKey] = c.h.Const(true)
	}
	var outs []*tensor.Tensor
	for _, name := range carried {
		v, ok := s2.vars[name]
		if !ok {
			return nil, c.errorf(at, "UnboundLocalError", "local variable '%s' is not defined at the end of the loop body: %s", name, s2.gone[name])
		}
		if err := c.match(s.vars[name], v, &outs); err != nil {
			e := c.errorf(at, "TypeError",
				"The value of variable '%s' changes type in the body of the while loop, whose condition is a Tensor; "+
					"a loop must keep each variable's type and shape.\n%v", name, err)
			e.Notes = []Note{{What: "before the loop", At: c.here(s.where[name])}, {What: "in the loop body", At: c.here(s2.where[name])}}
			return nil, e
		}
	}
	if hasBreak {
		// A for loop in the body removes the flag where it cannot be set.
		flag, ok := s2.vars[brokeKey]
		if !ok {
			flag = c.h.Const(false)
		}
		if err := c.match(c.h.Const(false), flag, &outs); err != nil {
			return nil, c.fail(at, err)
		}
	}

	lc := c.tr.Push(c.tr.cur.G.NewSubgraph(fmt.Sprintf("⤾%s_%d", c.funcName(), id), at))
	cparams := params()
	cond, err := c.whileCondition(loopScope(cparams), st.Cond)
	if err == nil && hasBreak {
		var out []ops.Value
		if out, err = c.tr.Apply(ops.LogicalNot, nil, cparams[len(cparams)-1]); err == nil {
			out, err = c.tr.Apply(ops.LogicalAnd, nil, cond, out[0])
		}
		if err == nil {
			cond = out[0].(*tensor.Tensor)
		}
	}
	c.tr.Pop()
	if err != nil {
		return nil, c.fail(span(st.Cond), err)
	}
	outNodes := make([]*ir.Node, len(outs))
	for i, o := range outs {
		if outNodes[i], err = c.tr.node(lb, o); err != nil {
			return nil, c.fail(at, err)
		}
	}
	condNode, err := c.tr.node(lc, cond)
	if err != nil {
		return nil, c.fail(at, err)
	}
	lc.G.SetOutput(condNode)
	caps, capParams := alignCaptures(len(init), lb, lc)
	// A Parameter the body updates is carried: its captured value goes
	// round the loop as the update's node, which the condition and the
	// next iteration read, and leaves the While for the code after it.
	through := slices.Clone(capParams[0])
	var updates []int
	for _, wt := range lb.assigned {
		outer, err := c.tr.Node(wt)
		if err != nil {
			return nil, c.fail(at, err)
		}
		k := slices.Index(caps, outer)
		if k < 0 {
			return nil, c.errorf(at, "RuntimeError", "internal error: the loop body updates a Parameter it does not read")
		}
		through[k] = lb.nodes[wt]
		updates = append(updates, k)
	}
	lb.G.SetOutput(lb.G.MakeTuple(at, append(outNodes, through...)...))

	g := c.tr.cur.G
	inits := make([]*ir.Node, 0, len(init)+len(caps))
	for _, t := range init {
		n, err := c.tr.Node(t)
		if err != nil {
			return nil, c.fail(at, err)
		}
		inits = append(inits, n)
	}
	w := g.While(lc.G, lb.G, at, append(inits, caps...)...)
	for i, k := range updates {
		c.tr.cur.updated(lb.assigned[i], g.GetItem(w, len(outNodes)+k, at))
	}
	cw := &capturedWhile{at: at, fn: c.funcName(), init: init, caps: make([]*tensor.Tensor, len(caps)), cond: lc.G, body: lb.G, updates: len(updates) > 0}
	for _, l := range []*Level{lb, lc} {
		for _, cp := range l.Captures {
			if k := slices.Index(caps, cp.Outer); k >= 0 {
				cw.caps[k] = cp.V
			}
		}
	}
	k := 0
	next := func() Value {
		t := c.tr.cur.Bind(g.GetItem(w, k, at))
		cw.results = append(cw.results, t)
		k++
		return c.h.Wrap(t)
	}
	for i, name := range carried {
		s.set(name, builds[i](next), at)
	}
	for len(cw.results) < len(init) {
		next()
	}
	for _, name := range local {
		s.gone[name] = fmt.Sprintf("it is assigned only inside the while loop at line %d, whose condition is a Tensor", st.While.Line)
	}
	return cw, nil
}

// whileCondition is a loop's condition as a Bool tensor of the current
// graph.
func (c *capturer) whileCondition(s *scope, x syntax.Expr) (*tensor.Tensor, error) {
	v, err := c.expr(s, x)
	if err != nil {
		return nil, err
	}
	if t, ok := c.h.Tensor(v); ok {
		return c.condition(t, span(x))
	}
	ok, err := c.h.Truth(v)
	if err != nil {
		return nil, c.fail(span(x), err)
	}
	return c.h.ScalarTensor(c.h.Const(ok), tensor.Bool)
}

// flatten adds the Tensors in a value a loop carries to leaves (numbers
// as 0-d Tensors) and returns how to build the value from new leaves;
// values of other types stay as they are.
func (c *capturer) flatten(v Value, leaves *[]*tensor.Tensor) (func(func() Value) Value, error) {
	output := func(next func() Value) Value { return next() }
	if t, ok := c.h.Tensor(v); ok {
		*leaves = append(*leaves, t)
		return output, nil
	}
	if n, ok := c.h.Number(v); ok {
		t, err := c.h.ScalarTensor(v, scalarDType(n))
		if err != nil {
			return nil, err
		}
		*leaves = append(*leaves, t)
		return output, nil
	}
	if elems, list, ok := c.h.Elems(v); ok {
		parts := make([]func(func() Value) Value, len(elems))
		for i, e := range elems {
			p, err := c.flatten(e, leaves)
			if err != nil {
				return nil, err
			}
			parts[i] = p
		}
		return c.sequenceOf(parts, list), nil
	}
	return func(func() Value) Value { return v }, nil
}

// match adds the leaves of v, a carried value at the end of a loop body,
// to outs, checking that it has the shape of before, the value the loop
// started with.
func (c *capturer) match(before, v Value, outs *[]*tensor.Tensor) error {
	if tb, ok := c.h.Tensor(before); ok {
		t, ok := c.h.Tensor(v)
		switch {
		case !ok:
			return joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(before), c.typeText(v))
		case t.DType() != tb.DType():
			return joinFailed("Type Join Failed: dtype1 = %v, dtype2 = %v.", tb.DType(), t.DType())
		case !slices.Equal(t.Shape(), tb.Shape()):
			return joinFailed("Shape Join Failed: shape1 = %s, shape2 = %s.", tb.Shape().String(), t.Shape().String())
		}
		*outs = append(*outs, t)
		return nil
	}
	if n, ok := c.h.Number(before); ok {
		dt := scalarDType(n)
		if t, ok := c.h.Tensor(v); ok {
			if t.DType() != dt || len(t.Shape()) != 0 {
				return joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(before), c.typeText(v))
			}
			*outs = append(*outs, t)
			return nil
		}
		m, ok := c.h.Number(v)
		if !ok || scalarDType(m) != dt {
			return joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(before), c.typeText(v))
		}
		t, err := c.h.ScalarTensor(v, dt)
		if err != nil {
			return err
		}
		*outs = append(*outs, t)
		return nil
	}
	if eb, lb, ok := c.h.Elems(before); ok {
		ev, lv, ok := c.h.Elems(v)
		if !ok || lv != lb || len(ev) != len(eb) {
			return joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(before), c.typeText(v))
		}
		for i := range eb {
			if err := c.match(eb[i], ev[i], outs); err != nil {
				return err
			}
		}
		return nil
	}
	if !c.h.Same(before, v) {
		return joinFailed("Type Join Failed: type1 = %s, type2 = %s.", c.typeText(before), c.typeText(v))
	}
	return nil
}

// retryAsWhile is a break under a Tensor condition in a while loop being
// unrolled: the loop then starts over from the iteration as a While node.
type retryAsWhile struct{}

func (*retryAsWhile) Error() string { return "a break under a Tensor condition" }

// joinFailure is MindSpore's text for values that do not join: "Type Join
// Failed: dtype1 = Float32, dtype2 = Int64."
type joinFailure string

func (j joinFailure) Error() string { return string(j) }

func joinFailed(format string, args ...any) error { return joinFailure(fmt.Sprintf(format, args...)) }

// sequenceOf builds a tuple, or a list, of what parts build.
func (c *capturer) sequenceOf(parts []func(func() Value) Value, list bool) func(func() Value) Value {
	return func(next func() Value) Value {
		out := make([]Value, len(parts))
		for i, p := range parts {
			out[i] = p(next)
		}
		if list {
			return c.h.List(out)
		}
		return c.h.Tuple(out)
	}
}

// scalarOf reports whether t is a 0-d Tensor a number n could have become:
// a variable scalar of n's kind or a wider one.
func scalarOf(t *tensor.Tensor, n any) bool {
	if len(t.Shape()) != 0 {
		return false
	}
	switch t.DType() {
	case tensor.Bool, tensor.Int64, tensor.Float32:
		return rank(t.DType()) >= rank(scalarDType(n))
	}
	return false
}
