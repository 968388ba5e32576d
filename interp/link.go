package interp

import (
	"math/big"
	"sort"

	"msrepl/lang/compile"
)

// Globals is a module namespace. Each name has a cell that never moves, and
// compiled code holds the cells of the globals it uses, resolved when the
// program is linked: a global read is one load, not a map lookup.
type Globals struct {
	cells map[string]*globalCell
	order []string // names in order of first use
}

// globalCell holds one global's value; nil while the name is unbound.
type globalCell struct{ v Value }

// NewGlobals returns an empty namespace.
func NewGlobals() *Globals { return &Globals{cells: make(map[string]*globalCell)} }

func (g *Globals) cell(name string) *globalCell {
	if c, ok := g.cells[name]; ok {
		return c
	}
	c := &globalCell{}
	g.cells[name] = c
	g.order = append(g.order, name)
	return c
}

// Get returns the value bound to name.
func (g *Globals) Get(name string) (Value, bool) {
	c, ok := g.cells[name]
	if !ok || c.v == nil {
		return nil, false
	}
	return c.v, true
}

// Set binds name.
func (g *Globals) Set(name string, v Value) { g.cell(name).v = v }

// Delete unbinds name and reports whether it was bound.
func (g *Globals) Delete(name string) bool {
	c, ok := g.cells[name]
	if !ok || c.v == nil {
		return false
	}
	c.v = nil
	return true
}

// Names returns the bound names, sorted.
func (g *Globals) Names() []string {
	var out []string
	for _, n := range g.order {
		if g.cells[n].v != nil {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// linkedProgram is a compiled program bound to a namespace.
type linkedProgram struct {
	prog     *compile.Program
	globals  *Globals
	cells    []*globalCell // the cell of global prog.Globals[i]
	builtins []Value       // the builtin named prog.Globals[i], or nil
}

// link binds a program to globals and turns its constants into values. It
// returns the module-level code.
func link(prog *compile.Program, globals *Globals, builtins *Attrs) *code {
	lp := &linkedProgram{prog: prog, globals: globals}
	lp.cells = make([]*globalCell, len(prog.Globals))
	lp.builtins = make([]Value, len(prog.Globals))
	for i, name := range prog.Globals {
		lp.cells[i] = globals.cell(name)
		if b, ok := builtins.Get(name); ok {
			lp.builtins[i] = b
		}
	}
	return linkCode(prog.Toplevel, lp)
}

func linkCode(fc *compile.Funcode, lp *linkedProgram) *code {
	c := &code{fc: fc, link: lp, consts: make([]Value, len(fc.Consts))}
	c.simple = !fc.HasVarargs && !fc.HasKwargs && fc.NumKwOnly == 0 && len(fc.Cells) == 0 &&
		len(fc.FreeVars) == 0 && !fc.IsGenerator
	for i, k := range fc.Consts {
		c.consts[i] = constValue(k)
	}
	c.funcs = make([]*code, len(fc.Funcs))
	for i, f := range fc.Funcs {
		c.funcs[i] = linkCode(f, lp)
	}
	return c
}

// kwNames is the operand of CALL_KW. It is never visible to programs.
type kwNames []string

func (kwNames) Type() *Class { return TupleClass }

// magicConst is the operand of MAGIC.
type magicConst struct{ m *compile.Magic }

func (*magicConst) Type() *Class { return ObjectClass }

func constValue(k any) Value {
	switch k := k.(type) {
	case nil:
		return None
	case bool:
		return MakeBool(k)
	case int64:
		return MakeInt(k)
	case *big.Int:
		return MakeBigInt(k)
	case float64:
		return Float(k)
	case string:
		return Str(k)
	case compile.Ellipsis:
		return Ellipsis
	case compile.KwNames:
		return kwNames(k)
	case compile.ConstTuple:
		t := make(Tuple, len(k))
		for i, e := range k {
			t[i] = constValue(e)
		}
		return t
	case compile.ConstSet:
		return frozenConst(k)
	case *compile.Magic:
		return &magicConst{m: k}
	}
	panic("link: unknown constant type")
}

// frozenConst builds the frozenset constant of a set display the way
// CPython's compiler does: from the elements in order, then once more from
// that set's own order, when the compiler merges equal constants. The
// double insertion decides the order in which the display iterates.
func frozenConst(k compile.ConstSet) *Set {
	th := NewThread()
	build := func(elems []Value) *Set {
		s := NewSet(0)
		for _, e := range elems {
			if err := s.Add(th, e); err != nil {
				panic(err) // constants are ints, floats, strings and tuples of them: hashable
			}
		}
		s.frozen = true
		return s
	}
	first := make([]Value, len(k))
	for i, e := range k {
		first[i] = constValue(e)
	}
	return build(build(first).Elems())
}

// makeFunction creates a function object for MAKE_FUNCTION; slots is the
// frame defining it, whose cells the closure captures.
func (th *Thread) makeFunction(c *code, slots []Value, defaults, kwdefaults Value) *Function {
	fc := c.fc
	f := &Function{code: c, Name: fc.Name, QualName: fc.QualName, Doc: docValue(fc.Doc)}
	if t, ok := defaults.(Tuple); ok {
		f.Defaults = t
	}
	if d, ok := kwdefaults.(*Dict); ok {
		f.KwDefaults = d
	}
	if len(fc.FreeFrom) > 0 {
		f.Closure = make([]*Cell, len(fc.FreeFrom))
		for i, from := range fc.FreeFrom {
			f.Closure[i] = slots[from].(*Cell)
		}
	}
	return f
}

// makeClass runs a class body and creates the class.
func (th *Thread) makeClass(body *code, slots []Value, bases Tuple) (Value, error) {
	fc := body.fc
	bs := make([]*Class, len(bases))
	for i, b := range bases {
		c, ok := b.(*Class)
		if !ok {
			return nil, TypeErrorf("bases must be types")
		}
		bs[i] = c
	}
	ns := NewAttrs()
	ns.Set("__module__", Str("__main__"))
	ns.Set("__qualname__", Str(fc.QualName))
	if fc.Doc != "" {
		ns.Set("__doc__", Str(fc.Doc))
	}
	if th.depth >= th.MaxDepth {
		return nil, Errorf(RecursionErrorClass, "maximum recursion depth exceeded")
	}
	fr := th.newFrame(body, false)
	fr.ns = ns
	for _, i := range fc.Cells {
		fr.slots[i] = &Cell{}
	}
	for i, from := range fc.FreeFrom {
		fr.slots[len(fc.Locals)+i] = slots[from]
	}
	th.depth++
	r, err := th.run(fr)
	th.depth--
	th.releaseFrame(fr)
	if err != nil {
		return nil, err
	}
	ns.Delete("__qualname__")
	// A class that defines __eq__ without __hash__ is unhashable, as in Python.
	if _, eq := ns.Get("__eq__"); eq {
		if _, h := ns.Get("__hash__"); !h {
			ns.Set("__hash__", None)
		}
	}
	cls, err := NewClass(th, fc.Name, fc.QualName, bs, ns)
	if err != nil {
		return nil, err
	}
	if cell, ok := r.(*Cell); ok {
		cell.V = cls
	}
	return cls, nil
}
