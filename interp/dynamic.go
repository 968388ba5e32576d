package interp

import (
	"fmt"
	"strings"

	"msrepl/graphmode/cache"
	"msrepl/graphmode/exec"
	"msrepl/graphmode/ir"
	"msrepl/graphmode/shape"
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

// Dynamic shapes: a graph compiled once for many sizes. Its Tensor
// arguments' dynamic dims are symbols of a shape.Scope, which inference
// reasons about; the cache key keeps the symbols, which match any size;
// and each run binds the symbols to the arguments' sizes, checked against
// the Symbols' properties and the constraints inference recorded, before
// the executor sizes the dims in attributes. The dims become dynamic
// through an input signature (Cell.set_inputs, jit(input_signature=...))
// of Symbols and Nones, or, under jit(dynamic=1), once a second shape for
// an argument has been seen.

// SymbolValue is mindspore.Symbol: a dynamic dim of an input signature,
// with the properties its sizes have.
type SymbolValue struct{ props shape.Props }

// SymbolClass is mindspore.Symbol.
var SymbolClass = newMSClass("Symbol", "mindspore.common.symbol", ObjectClass, newSymbolValue)

func (s *SymbolValue) Type() *Class { return SymbolClass }

func (s *SymbolValue) Repr(th *Thread) (string, error) { return s.props.String(), nil }

// newSymbolValue is Symbol(max=0, min=1, divisor=1, remainder=0,
// unique=False).
func newSymbolValue(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	var maxV, minV, div, rem, unique Value = MakeInt(0), MakeInt(1), MakeInt(1), MakeInt(0), False
	if err := UnpackArgs("Symbol", args, kwnames, "max?", &maxV, "min?", &minV, "divisor?", &div,
		"remainder?", &rem, "unique?", &unique); err != nil {
		return nil, err
	}
	var p shape.Props
	for _, f := range []struct {
		name string
		v    Value
		to   *int
	}{{"max", maxV, &p.Max}, {"min", minV, &p.Min}, {"divisor", div, &p.Divisor}, {"remainder", rem, &p.Remainder}} {
		n, ok := f.v.(Int)
		if !ok {
			return nil, TypeErrorf("For 'Symbol', the '%s' must be an int, but got %s.", f.name, TypeName(f.v))
		}
		*f.to = int(n)
	}
	u, ok := unique.(Bool)
	if !ok {
		return nil, TypeErrorf("For 'Symbol', the 'unique' must be a bool, but got %s.", TypeName(unique))
	}
	p.Unique = bool(u)
	if why := p.Invalid(); why != "" {
		return nil, ValueErrorf("For 'Symbol', %s.", why)
	}
	return &SymbolValue{props: p}, nil
}

// tensorSpec is what a Tensor made from a shape and no data describes: an
// input signature. Each dim is an Int, a *SymbolValue or None.
type tensorSpec struct{ dims []Value }

// newTensorSpec is Tensor(shape=..., dtype=...) without data.
func newTensorSpec(shapeArg, dtype Value) (*Tensor, error) {
	var items []Value
	switch s := shapeArg.(type) {
	case Tuple:
		items = s
	case *List:
		items = s.elems
	default:
		return nil, TypeErrorf("For 'Tensor', the 'shape' must be a tuple or list, but got %s.", TypeName(shapeArg))
	}
	dt := tensor.Float32
	if dtype != None {
		var err error
		if dt, err = dtypeArg("Tensor", dtype); err != nil {
			return nil, err
		}
	}
	spec := &tensorSpec{dims: make([]Value, len(items))}
	meta := tensor.Meta{DType: dt, Shape: make(tensor.Shape, len(items))}
	for i, it := range items {
		switch d := it.(type) {
		case Int:
			switch {
			case d == -1:
				it = None
			case d < 0:
				return nil, ValueErrorf("For 'Tensor', each dim of the 'shape' must be a size, -1, None or a Symbol, but got %d.", int(d))
			}
		case NoneType, *SymbolValue:
		default:
			return nil, TypeErrorf("For 'Tensor', each dim of the 'shape' must be an int, None or a Symbol, but got %s.", TypeName(it))
		}
		spec.dims[i] = it
		meta.Shape[i] = -1
		if n, ok := it.(Int); ok {
			meta.Shape[i] = int(n)
		}
	}
	return &Tensor{t: tensor.NewAbstract(meta), spec: spec}, nil
}

// specRepr is an input signature's repr: its dynamic dims as -1, which is
// also what its shape says.
func (x *Tensor) specRepr() string {
	return fmt.Sprintf("Tensor(shape=%s, dtype=%v)", x.t.Shape().ListString(), x.t.DType())
}

// SymInt is a dim of a Tensor whose shape is symbolic, read while a graph
// is compiled (x.shape[0]): its size is known only when the graph runs.
// Arithmetic with ints gives dims, which shape arguments (reshape, zeros)
// take; its value as a Python int or bool is an error.
type SymInt struct{ d int }

// SymIntClass is the type of a symbolic dim.
var SymIntClass = NewBuiltinClass("SymInt", ObjectClass, nil)

func (s SymInt) Type() *Class { return SymIntClass }

func (s SymInt) Repr(th *Thread) (string, error) { return tensor.DimString(s.d), nil }

func (s SymInt) Truth(th *Thread) (bool, error) {
	return false, symIntValue(s, "Taking the truth value of")
}

func (s SymInt) Compare(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	return nil, symIntValue(s, "Comparing")
}

func (s SymInt) Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	var o int
	switch v := other.(type) {
	case SymInt:
		o = v.d
	case Int:
		o = int(v)
	case Bool:
		o = map[Bool]int{true: 1, false: 0}[v]
	default:
		return nil, nil
	}
	a, b := s.d, o
	if right {
		a, b = b, a
	}
	var r int
	switch op {
	case syntax.PLUS:
		r = tensor.DimAdd(a, b)
	case syntax.MINUS:
		r = tensor.DimSub(a, b)
	case syntax.STAR:
		r = tensor.DimMul(a, b)
	case syntax.SLASHSLASH, syntax.PERCENT:
		if tensor.IsSymbolic(b) || b <= 0 {
			return nil, Errorf(RuntimeErrorClass, "A dynamic dim can be divided only by a positive constant, not by %s", tensor.DimString(b))
		}
		if op == syntax.SLASHSLASH {
			r = tensor.DimFloorDiv(a, b)
		} else {
			r = tensor.DimMod(a, b)
		}
	default:
		return nil, nil
	}
	return dimValue(r), nil
}

// dimValue is a dim as a Python value: an int, or a SymInt.
func dimValue(d int) Value {
	if tensor.IsSymbolic(d) {
		return SymInt{d}
	}
	return MakeInt(int64(d))
}

// symIntValue is the error for using a dynamic dim's size, as in what
// ("Comparing"), while the graph is compiled.
func symIntValue(s SymInt, what string) error {
	return Errorf(RuntimeErrorClass, "%s the dynamic dim %s needs its size, which is known only when the graph runs. "+
		"Use the dim as a size (in reshape, zeros, ...), or compile the graph for a static shape", what, tensor.DimString(s.d))
}

// jitOptions are what jit() was given besides the function.
type jitOptions struct {
	mode      string // "ast", "bytecode" or "trace"
	fullgraph bool
	// dynamic is jit(dynamic=1): a second shape for an argument compiles
	// its changed dims as symbols.
	dynamic bool
	// signature is jit(input_signature=...), or a Cell's set_inputs: a
	// Tensor, a tuple or list of them, one per argument, or a dict of
	// them by argument name.
	signature Value
}

// dimSpec says how a dim of a Tensor argument is compiled: as its size,
// or as a symbol with a Symbol's properties (sym nil: Symbol()'s, or, for
// a dim jit(dynamic=1) made dynamic, sizes of at least 2).
type dimSpec struct {
	dynamic bool
	sym     *SymbolValue
	auto    bool
}

// parsedSignature is an input signature read for calls of one arity:
// the Tensor each argument must match (nil: any), and how its dims
// compile.
type parsedSignature struct {
	sig   Value
	nargs int
	want  []*Tensor
	specs [][]dimSpec
}

// parseSignature reads j's input signature for calls of n arguments, once.
func (j *jitFunction) parseSignature(n int) (*parsedSignature, error) {
	if p := j.sig; p != nil && p.nargs == n && sameHostValue(p.sig, j.opts.signature) {
		return p, nil
	}
	names := paramNames(j.fn, n)
	sigs := make([]Value, n)
	switch s := j.opts.signature.(type) {
	case *Tensor:
		if n == 0 {
			return nil, TypeErrorf("For '%s', the input signature has 1 Tensor, but the call has no arguments.", j.name)
		}
		sigs[0] = s
	case Tuple, *List:
		items := seqItems(s)
		if len(items) != n {
			return nil, TypeErrorf("For '%s', the input signature has %d Tensors, but the call has %d arguments.", j.name, len(items), n)
		}
		copy(sigs, items)
	case *Dict:
		for i, name := range names {
			if v, ok := s.GetStr(name); ok {
				sigs[i] = v
			}
		}
	default:
		return nil, TypeErrorf("For '%s', the input signature must be a Tensor, or a tuple, list or dict of Tensors, but got %s.", j.name, TypeName(s))
	}
	p := &parsedSignature{sig: j.opts.signature, nargs: n, want: make([]*Tensor, n), specs: make([][]dimSpec, n)}
	for i, s := range sigs {
		if s == nil || s == None {
			continue
		}
		want, ok := s.(*Tensor)
		if !ok {
			return nil, TypeErrorf("For '%s', the input signature of argument '%s' must be a Tensor, but got %s.", j.name, names[i], TypeName(s))
		}
		p.want[i] = want
		spec := make([]dimSpec, want.t.Rank())
		if want.spec != nil {
			for d, v := range want.spec.dims {
				switch v := v.(type) {
				case *SymbolValue:
					spec[d] = dimSpec{dynamic: true, sym: v}
				case NoneType:
					spec[d] = dimSpec{dynamic: true}
				}
			}
		}
		p.specs[i] = spec
	}
	j.sig = p
	return p, nil
}

// signatureSpecs checks args against the function's input signature and
// returns, for each argument, how its dims compile (nil for an argument
// the signature leaves static), or nil without a signature.
func (th *Thread) signatureSpecs(j *jitFunction, args []Value) ([][]dimSpec, error) {
	if j.opts.signature == nil || j.opts.signature == None {
		return nil, nil
	}
	p, err := j.parseSignature(len(args))
	if err != nil {
		return nil, err
	}
	for i, want := range p.want {
		if want == nil {
			continue
		}
		name := func() string { return paramNames(j.fn, len(args))[i] }
		got, ok := plain(args[i]).(*Tensor)
		if !ok {
			return nil, TypeErrorf("For '%s', argument '%s' must be a Tensor, as its input signature %s says, but got %s.", j.name, name(), want.sigRepr(), TypeName(args[i]))
		}
		wm, gm := want.t.Meta(), got.t.Meta()
		mismatch := ""
		switch {
		case wm.DType != gm.DType:
			mismatch = fmt.Sprintf("its dtype is %v", gm.DType)
		case len(wm.Shape) != len(gm.Shape):
			mismatch = fmt.Sprintf("its shape %v has %d dims, not %d", gm.Shape, len(gm.Shape), len(wm.Shape))
		default:
			for d, size := range wm.Shape {
				if !p.specs[i][d].dynamic && size != gm.Shape[d] {
					mismatch = fmt.Sprintf("its dim %d is %d, not %d", d, gm.Shape[d], size)
					break
				}
			}
		}
		if mismatch != "" {
			return nil, TypeErrorf("For '%s', argument '%s' does not match its input signature %s: %s.", j.name, name(), want.sigRepr(), mismatch)
		}
	}
	return p.specs, nil
}

// sigRepr is a Tensor as an input signature names it.
func (x *Tensor) sigRepr() string {
	if x.spec != nil {
		return x.specRepr()
	}
	return fmt.Sprintf("Tensor(shape=%s, dtype=%v)", x.t.Shape().ListString(), x.t.DType())
}

func seqItems(v Value) []Value {
	if l, ok := v.(*List); ok {
		return l.elems
	}
	return v.(Tuple)
}

// generalize is jit(dynamic=1)'s step: the dims in which a call's Tensors
// differ from the newest entry that is otherwise the same become dynamic,
// unless they are 0 or 1 now, which stay specialized as TorchDynamo's
// are. Dims an entry already has as symbols stay dynamic. It returns nil
// when no dim changed.
func generalize(entries []*cache.Entry, key []cache.Arg) [][]dimSpec {
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if len(e.Args) != len(key) {
			continue
		}
		specs := make([][]dimSpec, len(key))
		changed, comparable := false, true
		for a := range key {
			w, wok := e.Args[a].Abs.(ir.TensorAbs)
			g, gok := key[a].Abs.(ir.TensorAbs)
			if !wok || !gok {
				comparable = comparable && ir.Equal(e.Args[a].Abs, key[a].Abs)
				continue
			}
			if w.DType != g.DType || len(w.Shape) != len(g.Shape) {
				comparable = false
				break
			}
			spec := make([]dimSpec, len(g.Shape))
			for d, size := range g.Shape {
				if tensor.IsSymbolic(w.Shape[d]) || (w.Shape[d] != size && size > 1) {
					spec[d] = dimSpec{dynamic: true, auto: true}
					changed = true
				}
			}
			specs[a] = spec
		}
		if comparable && changed {
			return specs
		}
	}
	return nil
}

// symbolicArgs are args with the dynamic dims of their Tensors made
// symbols of scope: a unique Symbol is one symbol wherever it is used,
// any other dynamic dim a symbol of its own.
func symbolicArgs(scope *shape.Scope, args []Value, specs [][]dimSpec, names []string) []Value {
	out := make([]Value, len(args))
	copy(out, args)
	unique := map[*SymbolValue]int{}
	for i, spec := range specs {
		if spec == nil {
			continue
		}
		m := plain(args[i]).(*Tensor).t.Meta()
		m.Shape = m.Shape.Clone()
		for d, s := range spec {
			if !s.dynamic {
				continue
			}
			props := shape.DefaultProps
			if s.auto {
				props.Min = 2
			}
			if s.sym != nil {
				props = s.sym.props
				if dim, ok := unique[s.sym]; ok && props.Unique {
					m.Shape[d] = dim
					continue
				}
			}
			m.Shape[d] = scope.NewSymbol(props, fmt.Sprintf("argument '%s' dim %d", names[i], d))
			if s.sym != nil {
				unique[s.sym] = m.Shape[d]
			}
		}
		out[i] = NewTensor(tensor.NewAbstract(m))
	}
	return out
}

// boundDim is a symbolic dim of a graph's parameter, which each run binds
// or checks.
type boundDim struct {
	param, dim int
	x          shape.Expr
	what       string
}

// planDims lists the symbolic dims of c's parameters, the ones that are
// one symbol first, so that the others' symbols are bound when they are
// checked.
func (c *compiledGraph) planDims() {
	var alone, rest []boundDim
	for i, p := range c.g.Params {
		t, ok := p.Abs.(ir.TensorAbs)
		if !ok {
			continue
		}
		for d, dim := range t.Shape {
			if !tensor.IsSymbolic(dim) {
				continue
			}
			b := boundDim{i, d, c.scope.Compile(dim), fmt.Sprintf("argument '%s' dim %d", p.Name, d)}
			if b.x.Alone() {
				alone = append(alone, b)
			} else {
				rest = append(rest, b)
			}
		}
	}
	c.dims = append(alone, rest...)
}

// bind binds c's symbols to the sizes of the graph's inputs in.
func (c *compiledGraph) bind(in []exec.Value) (*shape.Sizes, error) {
	if c.scope == nil {
		return nil, nil
	}
	sizes := c.scope.NewSizes()
	for _, b := range c.dims {
		t, ok := in[b.param].(*tensor.Tensor)
		if !ok {
			continue
		}
		if err := sizes.Bind(b.x, t.Shape()[b.dim], b.what); err != nil {
			return nil, err
		}
	}
	if err := sizes.Check(); err != nil {
		return nil, err
	}
	return sizes, nil
}

// symbolicNote is what %ir prints under a graph compiled for many sizes:
// its symbols, and the constraints inference put on them.
func (c *compiledGraph) symbolicNote() string {
	if c.scope == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("# Symbols:\n")
	for _, s := range c.scope.Symbols() {
		b.WriteString("#   " + s + "\n")
	}
	if cs := c.scope.Constraints(); len(cs) > 0 {
		b.WriteString("# Constraints:\n")
		for _, k := range cs {
			b.WriteString("#   " + k.String() + "\n")
		}
	}
	return b.String()
}

// resultDims rejects a graph result that holds a dynamic dim: its size
// exists only while the graph runs.
func resultDims(v Value) error {
	switch v := v.(type) {
	case SymInt:
		return symIntValue(v, "Returning")
	case Tuple:
		for _, e := range v {
			if err := resultDims(e); err != nil {
				return err
			}
		}
	case *List:
		for _, e := range v.elems {
			if err := resultDims(e); err != nil {
				return err
			}
		}
	case *Dict:
		for _, kv := range v.Items() {
			if err := resultDims(kv[1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// cellSetInputs is Cell.set_inputs(*inputs): the input signature the
// Cell's graph is compiled for, whose None dims and Symbols are dynamic.
// Graphs compiled before are dropped.
func cellSetInputs(th *Thread, args []Value, kwnames []string) (Value, error) {
	self, err := cellSelf("set_inputs", args[0])
	if err != nil {
		return nil, err
	}
	if len(kwnames) > 0 {
		return nil, TypeErrorf("set_inputs() takes no keyword arguments")
	}
	inputs := make(Tuple, len(args)-1)
	for i, a := range args[1:] {
		switch a.(type) {
		case *Tensor, NoneType:
		case Tuple, *List:
			return nil, TypeErrorf("For 'set_inputs', a List[Tensor] or Tuple[Tensor] input is not supported; give each Tensor as an argument of its own.")
		default:
			return nil, TypeErrorf("For 'set_inputs', each input must be a Tensor or None, but input %d is %s.", i, TypeName(a))
		}
		inputs[i] = a
	}
	rt := th.ms()
	if rt.cellInputs == nil {
		rt.cellInputs = map[*Instance]Tuple{}
	}
	rt.cellInputs[self] = inputs
	if j, ok := rt.cellGraphs[self]; ok {
		j.cache = cache.NewFunction(j.cache.Name)
		j.last = nil
	}
	return None, nil
}

// cellGetInputs is Cell.get_inputs(): what set_inputs gave, or None.
func cellGetInputs(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("get_inputs", args[1:], kwnames, 0, 0); err != nil {
		return nil, err
	}
	self, err := cellSelf("get_inputs", args[0])
	if err != nil {
		return nil, err
	}
	if in, ok := th.ms().cellInputs[self]; ok {
		return in, nil
	}
	return None, nil
}
