package shape

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"msrepl/tensor"
)

// Props are a Symbol's properties, as MindSpore's Symbol has them: the
// size is Divisor*N + Remainder for some N, at least Min, and at most Max
// when Max > Min. Unique means every dim that uses the Symbol has the
// same size; otherwise each use is a symbol of its own.
type Props struct {
	Min, Max           int
	Divisor, Remainder int
	Unique             bool
}

// DefaultProps are Symbol()'s.
var DefaultProps = Props{Min: 1, Divisor: 1}

// Invalid says what is wrong with p, as MindSpore's Symbol constructor
// checks it, or "".
func (p Props) Invalid() string {
	switch {
	case p.Min <= 0:
		return fmt.Sprintf("'min' should be greater than 0, but got %d", p.Min)
	case p.Divisor <= 0:
		return fmt.Sprintf("'divisor' should be greater than 0, but got %d", p.Divisor)
	case p.Remainder < 0 || p.Remainder >= p.Divisor:
		return fmt.Sprintf("'remainder' should be in the range [0, %d), but got %d", p.Divisor, p.Remainder)
	}
	return ""
}

// admits reports why size cannot be the symbol's value, or "".
func (p Props) admits(size int) string {
	switch {
	case size < p.Min:
		return fmt.Sprintf("at least %d", p.Min)
	case p.Max > p.Min && size > p.Max:
		return fmt.Sprintf("at most %d", p.Max)
	case p.Divisor > 1 && tensor.DimMod(size-p.Remainder, p.Divisor) != 0:
		if p.Remainder == 0 {
			return fmt.Sprintf("a multiple of %d", p.Divisor)
		}
		return fmt.Sprintf("%d*N + %d", p.Divisor, p.Remainder)
	}
	return ""
}

// String is the properties that differ from Symbol()'s, as Symbol's
// arguments: "Symbol(max=32, divisor=8)".
func (p Props) String() string {
	var args []string
	if p.Max > p.Min {
		args = append(args, fmt.Sprintf("max=%d", p.Max))
	}
	if p.Min != 1 {
		args = append(args, fmt.Sprintf("min=%d", p.Min))
	}
	if p.Divisor != 1 {
		args = append(args, fmt.Sprintf("divisor=%d", p.Divisor))
	}
	if p.Remainder != 0 {
		args = append(args, fmt.Sprintf("remainder=%d", p.Remainder))
	}
	if p.Unique {
		args = append(args, "unique=True")
	}
	return "Symbol(" + strings.Join(args, ", ") + ")"
}

type symbol struct {
	scope *Scope
	num   int // its index in the scope
	name  string
	props Props
	// origin is where the symbol's first dim is: "argument 'x' dim 0".
	origin string
	atom   int
	// A constraint may substitute the symbol by another dim (a size, or
	// an expression of older symbols); by is that constraint's index.
	substituted bool
	subst, by   int
}

// A Constraint is an equality inference requires of two dims.
type Constraint struct {
	A, B string
	// Source is the operation that required it: "MatMul, line 7".
	Source string
	// Checked constraints could not be solved for a symbol; they are
	// checked each time the graph runs.
	checked bool
	a, b    int
}

func (c Constraint) String() string {
	s := c.A + " == " + c.B
	if c.Source != "" {
		s += "  (" + c.Source + ")"
	}
	return s
}

// A Scope is the symbols of one compilation and what inference learned of
// them.
type Scope struct {
	symbols     []*symbol
	constraints []Constraint
	// pending are the constraints still without a source.
	pending int
	// conflict describes the last constraint that could not hold.
	conflict string
	// compiled are the checked constraints, compiled once inference is
	// done.
	compiled []check
	dims     map[int]Expr
}

// NewScope returns an empty scope.
func NewScope() *Scope { return &Scope{} }

// NewSymbol makes a symbol of the scope and returns its dim. origin says
// where its dim is.
func (s *Scope) NewSymbol(p Props, origin string) int {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	sym := &symbol{scope: s, num: len(s.symbols), name: fmt.Sprintf("s%d", len(s.symbols)+1), props: p, origin: origin}
	s.symbols = append(s.symbols, sym)
	return eng.atomDim(atom{op: "sym", sym: sym, key: fmt.Sprintf("sym%p", sym)})
}

// Attribute gives the constraints recorded since the last call their
// source, the operation whose inference required them.
func (s *Scope) Attribute(source string) {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	for i := s.pending; i < len(s.constraints); i++ {
		s.constraints[i].Source = source
	}
	s.pending = len(s.constraints)
}

// TakeConflict returns, and forgets, the description of the last
// constraint that could not hold: both sides, and the constraints that
// made them what they are.
func (s *Scope) TakeConflict() string {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	c := s.conflict
	s.conflict = ""
	return c
}

// Constraints are the constraints inference recorded, in order.
func (s *Scope) Constraints() []Constraint {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return slices.Clone(s.constraints)
}

// Symbols describes the scope's symbols that stayed symbols: "s1: argument
// 'x' dim 0, Symbol(max=32)".
func (s *Scope) Symbols() []string {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	var out []string
	for _, sym := range s.symbols {
		if !sym.substituted {
			line := sym.name + ": " + sym.origin
			if sym.props != DefaultProps {
				line += ", " + sym.props.String()
			}
			out = append(out, line)
		}
	}
	return out
}

// Resolve is d under the substitutions the scope's constraints made: two
// dims inference unified resolve to the same dim.
func Resolve(d int) int {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return eng.resolve(d)
}

// scopeOf is the scope of the symbols in a or b.
func (e *engine) scopeOf(a, b int) *Scope {
	for _, d := range []int{a, b} {
		if syms := e.symbols(d); len(syms) > 0 {
			return syms[0].scope
		}
	}
	return nil
}

// unify records a == b. It substitutes a symbol when the equation solves
// for one (s1 == 3, s2 == s1, 2*s1 == s3*2); an equation that does not is
// checked when the graph runs. It reports false when a == b cannot hold.
func (e *engine) unify(a, b int) bool {
	ra, rb := e.resolve(a), e.resolve(b)
	if ra == rb {
		return true
	}
	s := e.scopeOf(a, b)
	if s == nil {
		return false
	}
	diff := e.polyOf(e.add(ra, e.mul(rb, -1)))
	if len(diff.terms) == 0 {
		s.conflict = e.conflict(a, b, ra, rb, "")
		return false
	}
	c := Constraint{A: e.format(ra), B: e.format(rb), a: ra, b: rb}
	sym, value, ok := e.solve(diff)
	if ok {
		if why := e.substitute(sym, value); why != "" {
			s.conflict = e.conflict(a, b, ra, rb, why)
			return false
		}
		sym.by = len(s.constraints)
	} else {
		c.checked = true
	}
	s.constraints = append(s.constraints, c)
	return true
}

// solve finds a symbol the equation diff == 0 determines: one that
// appears once, alone in a term, where the other terms divide by its
// coefficient, and the newest such, so that younger symbols are named by
// older ones.
func (e *engine) solve(diff poly) (*symbol, int, bool) {
	for i := len(diff.terms) - 1; i >= 0; i-- {
		t := diff.terms[i]
		if len(t.atoms) != 1 || e.atoms[t.atoms[0]].sym == nil {
			continue
		}
		sym := e.atoms[t.atoms[0]].sym
		rest := poly{konst: -diff.konst}
		divides := rest.konst%t.coef == 0
		for j, u := range diff.terms {
			if j == i {
				continue
			}
			if slices.Contains(u.atoms, t.atoms[0]) || u.coef%t.coef != 0 {
				divides = false
			}
			rest.terms = append(rest.terms, term{-u.coef, u.atoms})
		}
		if !divides {
			continue
		}
		value, coef := e.scale(rest, 1), t.coef
		if coef < 0 {
			value, coef = e.mul(value, -1), -coef
		}
		value = e.floorDiv(value, coef)
		if slices.Contains(e.symbols(value), sym) {
			continue
		}
		return sym, value, true
	}
	return nil, 0, false
}

// substitute replaces sym by value, which must be one of its sizes: a
// size its properties admit, or a symbol whose properties are merged with
// its own. It returns why it cannot, or "".
func (e *engine) substitute(sym *symbol, value int) string {
	if !tensor.IsSymbolic(value) {
		if why := sym.props.admits(value); why != "" {
			return fmt.Sprintf("%s is %s (%s), so it cannot be %d", sym.name, why, sym.props, value)
		}
	} else if p := e.polyOf(value); len(p.terms) == 1 && p.konst == 0 && p.terms[0].coef == 1 && len(p.terms[0].atoms) == 1 {
		if other := e.atoms[p.terms[0].atoms[0]].sym; other != nil {
			merged, why := mergeProps(other.props, sym.props)
			if why != "" {
				return fmt.Sprintf("%s and %s cannot be equal: %s", other.name, sym.name, why)
			}
			other.props = merged
		}
	}
	sym.substituted, sym.subst = true, value
	e.gen++
	return ""
}

// mergeProps are the properties of a size that has both a's and b's.
func mergeProps(a, b Props) (Props, string) {
	m := Props{Min: max(a.Min, b.Min), Divisor: a.Divisor, Remainder: a.Remainder, Unique: a.Unique || b.Unique}
	switch {
	case a.Max > a.Min && b.Max > b.Min:
		m.Max = min(a.Max, b.Max)
	case a.Max > a.Min:
		m.Max = a.Max
	case b.Max > b.Min:
		m.Max = b.Max
	}
	if m.Max != 0 && m.Max < m.Min {
		return m, fmt.Sprintf("%s and %s have no size in common", a, b)
	}
	switch {
	case b.Divisor == 1:
	case a.Divisor == 1:
		m.Divisor, m.Remainder = b.Divisor, b.Remainder
	case a.Divisor%b.Divisor == 0 && tensor.DimMod(a.Remainder, b.Divisor) == b.Remainder:
	case b.Divisor%a.Divisor == 0 && tensor.DimMod(b.Remainder, a.Divisor) == a.Remainder:
		m.Divisor, m.Remainder = b.Divisor, b.Remainder
	default:
		return m, fmt.Sprintf("%s and %s have no size in common that this engine can name", a, b)
	}
	return m, ""
}

// conflict describes why a == b cannot hold: the two sides as inference
// saw them, and the earlier constraints that made them so.
func (e *engine) conflict(a, b, ra, rb int, why string) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s == %s cannot hold", e.format(a), e.format(b))
	if ra != a || rb != b {
		fmt.Fprintf(&s, " (it is %s == %s)", e.format(ra), e.format(rb))
	}
	if why != "" {
		s.WriteString(": " + why)
	}
	var earlier []string
	for _, sym := range e.substitutedIn(a, b) {
		c := sym.scope.constraints[sym.by]
		earlier = append(earlier, fmt.Sprintf("%s == %s was required by %s", sym.name, e.format(sym.subst), cmp.Or(c.Source, "an earlier operation")))
	}
	if len(earlier) > 0 {
		s.WriteString("; " + strings.Join(earlier, "; "))
	}
	return s.String()
}

// substitutedIn lists the substituted symbols ds mention, and those their
// substitutions mention, in turn.
func (e *engine) substitutedIn(ds ...int) []*symbol {
	var out []*symbol
	for len(ds) > 0 {
		d := ds[0]
		ds = ds[1:]
		for _, sym := range e.symbols(d) {
			if sym.substituted && !slices.Contains(out, sym) {
				out = append(out, sym)
				ds = append(ds, sym.subst)
			}
		}
	}
	return out
}
