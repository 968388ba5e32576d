package shape

import (
	"fmt"
	"strings"

	"msrepl/tensor"
)

// An Expr is a dim compiled for evaluation when the graph runs, without
// the engine: a size, one symbol, or an expression of symbols.
type Expr struct {
	size int
	sym  int // the symbol's number when the dim is one symbol, else -1
	eval func(sizes []int) int
	// text is the dim as the user reads it, and why the constraints that
	// made it so.
	text, why string
}

// Compile compiles d, a dim of the scope's graph.
func (s *Scope) Compile(d int) Expr {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	r := eng.resolve(d)
	x := Expr{sym: -1, text: eng.format(r), why: eng.explain(d)}
	if !tensor.IsSymbolic(r) {
		x.size = r
		return x
	}
	p := eng.polyOf(r)
	if len(p.terms) == 1 && p.konst == 0 && p.terms[0].coef == 1 && len(p.terms[0].atoms) == 1 {
		if sym := eng.atoms[p.terms[0].atoms[0]].sym; sym != nil {
			x.sym = sym.num
		}
	}
	x.eval = eng.evaluator(r)
	return x
}

// Symbolic reports whether the dim depends on symbols.
func (x Expr) Symbolic() bool { return x.eval != nil }

// Alone reports whether the dim is one symbol, which binding a size to
// it binds.
func (x Expr) Alone() bool { return x.sym >= 0 }

func (x Expr) String() string { return x.text }

// explain lists the constraints that substituted the symbols d mentions.
func (e *engine) explain(d int) string {
	var parts []string
	for _, sym := range e.substitutedIn(d) {
		parts = append(parts, sym.scope.constraints[sym.by].String())
	}
	return strings.Join(parts, "; ")
}

// evaluator compiles d into a function of the symbols' sizes.
func (e *engine) evaluator(d int) func([]int) int {
	if !tensor.IsSymbolic(d) {
		return func([]int) int { return d }
	}
	p := e.polyOf(d)
	type factor struct {
		coef  int
		atoms []func([]int) int
	}
	terms := make([]factor, len(p.terms))
	for i, t := range p.terms {
		terms[i].coef = t.coef
		for _, a := range t.atoms {
			terms[i].atoms = append(terms[i].atoms, e.atomEvaluator(a))
		}
	}
	konst := p.konst
	return func(sizes []int) int {
		n := konst
		for _, t := range terms {
			v := t.coef
			for _, a := range t.atoms {
				v *= a(sizes)
			}
			n += v
		}
		return n
	}
}

func (e *engine) atomEvaluator(id int) func([]int) int {
	a := e.atoms[id]
	if a.sym != nil {
		if a.sym.substituted {
			return e.evaluator(e.resolve(a.sym.subst))
		}
		num := a.sym.num
		return func(sizes []int) int { return sizes[num] }
	}
	x, y := e.evaluator(e.resolve(a.args[0])), e.evaluator(e.resolve(a.args[1]))
	switch a.op {
	case "//":
		return func(s []int) int { return tensor.DimFloorDiv(x(s), y(s)) }
	case "%":
		return func(s []int) int { return tensor.DimMod(x(s), y(s)) }
	}
	return func(s []int) int { return max(x(s), y(s)) }
}

// Sizes are the sizes of a scope's symbols in one run of its graph,
// bound from the arguments' shapes.
type Sizes struct {
	scope  *Scope
	vals   []int
	bound  []bool
	origin []string
}

// NewSizes returns sizes with no symbol bound.
func (s *Scope) NewSizes() *Sizes {
	n := len(s.symbols)
	return &Sizes{scope: s, vals: make([]int, n), bound: make([]bool, n), origin: make([]string, n)}
}

// Bind binds the symbol x is to size, the size of what ("argument 'x' dim
// 0"), or checks size against x when x is a size, a bound symbol or an
// expression of bound symbols. Bind every one-symbol dim before the
// others.
func (z *Sizes) Bind(x Expr, size int, what string) error {
	if x.sym >= 0 && !z.bound[x.sym] {
		sym := z.scope.symbols[x.sym]
		if why := sym.props.admits(size); why != "" {
			return fmt.Errorf("%s is %d, but %s must be %s (%s)", what, size, sym.name, why, sym.props)
		}
		z.vals[x.sym], z.bound[x.sym], z.origin[x.sym] = size, true, what
		return nil
	}
	want := x.size
	if x.eval != nil {
		want = x.eval(z.vals)
	}
	if want == size {
		return nil
	}
	msg := fmt.Sprintf("%s is %d, but the graph needs %d", what, size, want)
	if x.sym >= 0 {
		msg = fmt.Sprintf("%s is %d, but it must equal %s (%s), which is %d", what, size, z.origin[x.sym], x.text, want)
	} else if x.eval != nil {
		msg += " (" + x.text + ")"
	}
	if x.why != "" {
		msg += ": " + x.why
	}
	return fmt.Errorf("%s", msg)
}

// Check checks the constraints that could not be solved for a symbol.
func (z *Sizes) Check() error {
	for _, c := range z.scope.checks() {
		if a, b := c.ea(z.vals), c.eb(z.vals); a != b {
			return fmt.Errorf("the arguments' shapes break %s: it is %d == %d", c.c, a, b)
		}
	}
	return nil
}

// Eval is the size of x in this run.
func (z *Sizes) Eval(x Expr) int {
	if x.eval == nil {
		return x.size
	}
	return x.eval(z.vals)
}

// Dim is the size of d, a dim of the scope's graph, in this run: for the
// dims in attributes (a Reshape's shape), which are few.
func (z *Sizes) Dim(d int) int {
	if !tensor.IsSymbolic(d) {
		return d
	}
	return z.Eval(z.scope.compiledDim(d))
}

func (s *Scope) compiledDim(d int) Expr {
	eng.mu.Lock()
	x, ok := s.dims[d]
	eng.mu.Unlock()
	if !ok {
		x = s.Compile(d)
		eng.mu.Lock()
		if s.dims == nil {
			s.dims = map[int]Expr{}
		}
		s.dims[d] = x
		eng.mu.Unlock()
	}
	return x
}

type check struct {
	c      Constraint
	ea, eb func([]int) int
}

// checks compiles the constraints checked at run time, once.
func (s *Scope) checks() []check {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	if s.compiled == nil {
		s.compiled = []check{}
		for _, c := range s.constraints {
			if c.checked {
				s.compiled = append(s.compiled, check{c, eng.evaluator(eng.resolve(c.a)), eng.evaluator(eng.resolve(c.b))})
			}
		}
	}
	return s.compiled
}
