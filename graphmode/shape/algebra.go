// Package shape owns symbolic shapes: the symbols that stand for the dims
// of a graph compiled once for many sizes, with MindSpore's Symbol
// properties; the algebra of dims that inference computes with
// (tensor.DimAlgebra), which keeps every expression in one canonical form
// so that s1*s2 and s2*s1 are the same dim; the constraints inference puts
// on symbols, each with its source; and the binding of symbols to sizes
// when a graph runs, checked against all of these. It must not capture,
// compile or run graphs.
package shape

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"msrepl/tensor"
)

// Expressions are polynomials with integer coefficients over atoms: a
// symbol, or an operation the polynomial form cannot express (floor
// division, remainder, max) of dims. Each expression and each atom is
// interned under its canonical key, so that equal expressions are one
// symbolic dim and comparing dims is comparing ints.

type term struct {
	coef  int
	atoms []int // atom numbers, ascending, repeated for powers
}

type poly struct {
	terms []term // ordered by atoms
	konst int
	key   string
}

type atom struct {
	op   string // "sym", "//", "%" or "max"
	sym  *symbol
	args []int // dims, for the operations
	key  string
}

// engine holds every expression of every scope. Symbols belong to one
// scope, a compilation, and so do the constraints on them.
type engine struct {
	mu        sync.Mutex
	exprs     []poly
	exprIndex map[string]int
	atoms     []atom
	atomIndex map[string]int
	// gen counts substitutions; resolved caches each dim's form under
	// the substitutions of generation resolvedGen.
	gen, resolvedGen int
	resolved         map[int]int
}

var eng = &engine{exprIndex: map[string]int{}, atomIndex: map[string]int{}, resolved: map[int]int{}}

func init() { tensor.SetDimAlgebra(algebra{}) }

// algebra is the tensor.DimAlgebra that inference calls.
type algebra struct{}

func (algebra) Add(a, b int) int      { return locked(func() int { return eng.add(a, b) }) }
func (algebra) Mul(a, b int) int      { return locked(func() int { return eng.mul(a, b) }) }
func (algebra) FloorDiv(a, b int) int { return locked(func() int { return eng.floorDiv(a, b) }) }
func (algebra) Mod(a, b int) int      { return locked(func() int { return eng.mod(a, b) }) }
func (algebra) Max(a, b int) int      { return locked(func() int { return eng.max(a, b) }) }
func (algebra) String(d int) string {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return eng.format(eng.resolve(d))
}

func (algebra) Equal(a, b int) bool {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return eng.resolve(a) == eng.resolve(b)
}

func (algebra) Unify(a, b int) bool {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return eng.unify(a, b)
}

func locked(f func() int) int {
	eng.mu.Lock()
	defer eng.mu.Unlock()
	return f()
}

// polyOf is d as a polynomial.
func (e *engine) polyOf(d int) poly {
	if !tensor.IsSymbolic(d) {
		return poly{konst: d}
	}
	return e.exprs[tensor.SymbolicID(d)]
}

// dimOf interns p and returns its dim: a size when p is constant.
func (e *engine) dimOf(p poly) int {
	p.terms = slices.DeleteFunc(p.terms, func(t term) bool { return t.coef == 0 })
	if len(p.terms) == 0 {
		return p.konst
	}
	slices.SortFunc(p.terms, func(a, b term) int { return slices.Compare(a.atoms, b.atoms) })
	var k strings.Builder
	for _, t := range p.terms {
		k.WriteString(strconv.Itoa(t.coef))
		for _, a := range t.atoms {
			k.WriteString("*a")
			k.WriteString(strconv.Itoa(a))
		}
		k.WriteByte('+')
	}
	k.WriteString(strconv.Itoa(p.konst))
	p.key = k.String()
	if id, ok := e.exprIndex[p.key]; ok {
		return tensor.SymbolicDim(id)
	}
	e.exprs = append(e.exprs, p)
	e.exprIndex[p.key] = len(e.exprs) - 1
	return tensor.SymbolicDim(len(e.exprs) - 1)
}

// atomDim interns an atom and returns the dim that is the atom alone.
func (e *engine) atomDim(a atom) int {
	id, ok := e.atomIndex[a.key]
	if !ok {
		e.atoms = append(e.atoms, a)
		id = len(e.atoms) - 1
		e.atomIndex[a.key] = id
		if a.sym != nil {
			a.sym.atom = id
		}
	}
	return e.dimOf(poly{terms: []term{{coef: 1, atoms: []int{id}}}})
}

func (e *engine) opAtom(op string, args ...int) int {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = strconv.Itoa(a)
	}
	return e.atomDim(atom{op: op, args: args, key: op + "(" + strings.Join(parts, ",") + ")"})
}

func (e *engine) add(a, b int) int {
	pa, pb := e.polyOf(a), e.polyOf(b)
	sum := poly{konst: pa.konst + pb.konst}
	terms := map[string]int{}
	for _, t := range append(slices.Clone(pa.terms), pb.terms...) {
		k := fmt.Sprint(t.atoms)
		if i, ok := terms[k]; ok {
			sum.terms[i].coef += t.coef
			continue
		}
		terms[k] = len(sum.terms)
		sum.terms = append(sum.terms, term{t.coef, t.atoms})
	}
	return e.dimOf(sum)
}

func (e *engine) mul(a, b int) int {
	pa, pb := e.polyOf(a), e.polyOf(b)
	out := e.scale(pb, pa.konst)
	for _, ta := range pa.terms {
		part := poly{terms: []term{{coef: ta.coef * pb.konst, atoms: ta.atoms}}}
		for _, tb := range pb.terms {
			atoms := append(slices.Clone(ta.atoms), tb.atoms...)
			slices.Sort(atoms)
			part.terms = append(part.terms, term{ta.coef * tb.coef, atoms})
		}
		out = e.add(out, e.dimOf(part))
	}
	return out
}

func (e *engine) scale(p poly, k int) int {
	out := poly{konst: p.konst * k}
	for _, t := range p.terms {
		out.terms = append(out.terms, term{t.coef * k, t.atoms})
	}
	return e.dimOf(out)
}

// split divides p's terms into those with coefficients divisible by k,
// divided, and the rest.
func (e *engine) split(p poly, k int) (quot, rest int) {
	var q, r poly
	for _, t := range p.terms {
		if t.coef%k == 0 {
			q.terms = append(q.terms, term{t.coef / k, t.atoms})
		} else {
			r.terms = append(r.terms, t)
		}
	}
	q.konst, r.konst = tensor.DimFloorDiv(p.konst, k), tensor.DimMod(p.konst, k)
	return e.dimOf(q), e.dimOf(r)
}

// divideExactly divides a by the monomial b when b divides every term.
func (e *engine) divideExactly(a, b int) (int, bool) {
	pa, pb := e.polyOf(a), e.polyOf(b)
	if len(pb.terms) != 1 || pb.konst != 0 || pa.konst != 0 {
		return 0, false
	}
	d := pb.terms[0]
	var q poly
	for _, t := range pa.terms {
		if t.coef%d.coef != 0 {
			return 0, false
		}
		rest, ok := removeAtoms(t.atoms, d.atoms)
		if !ok {
			return 0, false
		}
		q.terms = append(q.terms, term{t.coef / d.coef, rest})
	}
	return e.dimOf(q), true
}

// removeAtoms is the multiset from minus what, when what is within it.
func removeAtoms(from, what []int) ([]int, bool) {
	rest := slices.Clone(from)
	for _, a := range what {
		i := slices.Index(rest, a)
		if i < 0 {
			return nil, false
		}
		rest = slices.Delete(rest, i, i+1)
	}
	return rest, true
}

func (e *engine) floorDiv(a, b int) int {
	if !tensor.IsSymbolic(b) {
		if b == 1 {
			return a
		}
		// (k*q + r) // k is q + r//k.
		q, r := e.split(e.polyOf(a), b)
		if !tensor.IsSymbolic(r) {
			return q
		}
		return e.add(q, e.opAtom("//", r, b))
	}
	if a == b {
		return 1
	}
	if q, ok := e.divideExactly(a, b); ok {
		return q
	}
	return e.opAtom("//", a, b)
}

func (e *engine) mod(a, b int) int {
	if !tensor.IsSymbolic(b) {
		if b == 1 {
			return 0
		}
		_, r := e.split(e.polyOf(a), b)
		if !tensor.IsSymbolic(r) {
			return r
		}
		return e.opAtom("%", r, b)
	}
	if _, ok := e.divideExactly(a, b); ok || a == b {
		return 0
	}
	return e.opAtom("%", a, b)
}

func (e *engine) max(a, b int) int {
	if a == b {
		return a
	}
	if diff := e.add(a, e.mul(b, -1)); !tensor.IsSymbolic(diff) {
		if diff >= 0 {
			return a
		}
		return b
	}
	return e.opAtom("max", min(a, b), max(a, b))
}

// resolve is d under the substitutions constraints have made.
func (e *engine) resolve(d int) int {
	if !tensor.IsSymbolic(d) || e.gen == 0 {
		return d
	}
	if e.resolvedGen != e.gen {
		e.resolved, e.resolvedGen = map[int]int{}, e.gen
	}
	if r, ok := e.resolved[d]; ok {
		return r
	}
	p := e.polyOf(d)
	out := p.konst
	for _, t := range p.terms {
		prod := t.coef
		for _, a := range t.atoms {
			prod = e.mul(prod, e.resolveAtom(a))
		}
		out = e.add(out, prod)
	}
	if out != d {
		// A substitution's value may itself have been substituted since.
		out = e.resolve(out)
	}
	e.resolved[d] = out
	return out
}

func (e *engine) resolveAtom(id int) int {
	a := e.atoms[id]
	if a.sym != nil {
		if a.sym.substituted {
			return e.resolve(a.sym.subst)
		}
		return e.atomDim(a)
	}
	args := make([]int, len(a.args))
	for i, x := range a.args {
		args[i] = e.resolve(x)
	}
	switch a.op {
	case "//":
		return e.floorDiv(args[0], args[1])
	case "%":
		return e.mod(args[0], args[1])
	}
	return e.max(args[0], args[1])
}

// symbols lists the symbols d's expression mentions, in order of first
// mention.
func (e *engine) symbols(d int) []*symbol {
	var out []*symbol
	var walk func(d int)
	walk = func(d int) {
		for _, t := range e.polyOf(d).terms {
			for _, id := range t.atoms {
				a := e.atoms[id]
				if a.sym != nil {
					if !slices.Contains(out, a.sym) {
						out = append(out, a.sym)
					}
					continue
				}
				for _, x := range a.args {
					walk(x)
				}
			}
		}
	}
	walk(d)
	return out
}

// format writes d as the user reads it: "s1", "2*s1 + 3", "s1*s2",
// "(s1 + 1)//2", "max(s1, s2)".
func (e *engine) format(d int) string {
	if !tensor.IsSymbolic(d) {
		return strconv.Itoa(d)
	}
	p := e.polyOf(d)
	var b strings.Builder
	for i, t := range p.terms {
		coef := t.coef
		switch {
		case i > 0 && coef < 0:
			b.WriteString(" - ")
			coef = -coef
		case i > 0:
			b.WriteString(" + ")
		case coef < 0:
			b.WriteByte('-')
			coef = -coef
		}
		if coef != 1 {
			b.WriteString(strconv.Itoa(coef))
			b.WriteByte('*')
		}
		for j, a := range t.atoms {
			if j > 0 {
				b.WriteByte('*')
			}
			b.WriteString(e.formatAtom(a, len(t.atoms) > 1 || coef != 1))
		}
	}
	switch {
	case p.konst > 0:
		fmt.Fprintf(&b, " + %d", p.konst)
	case p.konst < 0:
		fmt.Fprintf(&b, " - %d", -p.konst)
	}
	return b.String()
}

func (e *engine) formatAtom(id int, inProduct bool) string {
	a := e.atoms[id]
	if a.sym != nil {
		return a.sym.name
	}
	// An operand is bare only when it is a size or one symbol.
	operand := func(d int) string {
		s := e.format(d)
		if p := e.polyOf(d); len(p.terms) == 0 || (len(p.terms) == 1 && p.konst == 0 && p.terms[0].coef == 1 &&
			len(p.terms[0].atoms) == 1 && e.atoms[p.terms[0].atoms[0]].sym != nil) {
			return s
		}
		return "(" + s + ")"
	}
	switch a.op {
	case "max":
		return "max(" + e.format(a.args[0]) + ", " + e.format(a.args[1]) + ")"
	default:
		s := operand(a.args[0]) + a.op + operand(a.args[1])
		if inProduct {
			return "(" + s + ")"
		}
		return s
	}
}
