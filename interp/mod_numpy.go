package interp

import (
	"math"

	"msrepl/ops"
	"msrepl/tensor"
)

// The numpy module: a host array library with numpy's names, dtypes,
// promotion and printing, computing through the same primitives as
// mindspore's Tensor.

func init() {
	RegisterModule("numpy", newNumpyModule)
	RegisterModule("numpy.random", newNumpyRandomModule)
}

func newNumpyModule(s *Session) (*Module, error) {
	m := NewModule("numpy", "NumPy, the host array library: ndarray, its constructors, ufuncs and reductions.")
	importSubmodules(m)
	m.Members.Set("__version__", Str("1.24.2"))
	for c, d := range numpyScalarTypes {
		m.Members.Set(c.Name, c)
		if d == tensor.Float64 {
			m.Members.Set("float_", c)
			m.Members.Set("double", c)
		}
		if d == tensor.Int64 {
			m.Members.Set("int_", c)
		}
	}
	for _, c := range []*Class{NDArrayClass, NumpyDTypeClass, npGenericClass, npNumberClass, npIntegerClass,
		npSignedIntegerClass, npUnsignedIntegerClass, npInexactClass, npFloatingClass, npAxisErrorClass} {
		m.Members.Set(c.Name, c)
	}
	m.Members.Set("newaxis", None)
	m.Members.Set("pi", Float(math.Pi))
	m.Members.Set("e", Float(math.E))
	m.Members.Set("inf", Float(math.Inf(1)))
	m.Members.Set("nan", Float(math.NaN()))
	for _, f := range numpyFuncs {
		m.AddFunc(f.name, f.sig, f.doc, f.fn)
	}
	for _, u := range []*npUfunc{npAdd, npSubtract, npMultiply, npTrueDivide, npFloorDivide, npRemainder, npPower,
		npMaximum, npMinimum, npEqual, npNotEqual, npLess, npLessEqual, npGreater, npGreaterEqual} {
		m.AddFunc(u.name, u.name+"(x1, x2, /)", "numpy's "+u.name+", elementwise with broadcasting.", npBinaryFunc(u))
	}
	npAlias(m, "divide", "true_divide")
	npAlias(m, "mod", "remainder")
	for _, u := range []*npUnaryFunc{npNegative, npAbsolute, npSquare, npExp, npLog, npSqrt, npSin, npCos, npTanh} {
		m.AddFunc(u.name, u.name+"(x, /)", "numpy's "+u.name+", elementwise.", npUnaryFuncOf(u))
	}
	npAlias(m, "abs", "absolute")
	return m, nil
}

// npAlias makes name another name of the module's member of.
func npAlias(m *Module, name, of string) {
	v, _ := m.Members.Get(of)
	m.Members.Set(name, v)
}

// A numpyFunc is a module function of numpy.
type numpyFunc struct {
	name, sig, doc string
	fn             BuiltinFunc
}

var numpyFuncs = []numpyFunc{
	{"array", "array(object, dtype=None, *, copy=True, ndmin=0)", "Makes an array from data: nested lists, arrays or Tensors.", npArrayFunc},
	{"asarray", "asarray(a, dtype=None)", "Converts data to an array, without copying an array that already has the dtype.", npAsarrayFunc},
	{"zeros", "zeros(shape, dtype=float)", "An array of zeros.", npFilledFunc("zeros", 0)},
	{"ones", "ones(shape, dtype=float)", "An array of ones.", npFilledFunc("ones", 1)},
	{"empty", "empty(shape, dtype=float)", "A new array; msrepl's holds zeros.", npFilledFunc("empty", 0)},
	{"full", "full(shape, fill_value, dtype=None)", "An array filled with fill_value.", npFull},
	{"zeros_like", "zeros_like(a, dtype=None)", "An array of zeros with a's shape and dtype.", npLikeFunc("zeros_like", ops.ZerosLike)},
	{"ones_like", "ones_like(a, dtype=None)", "An array of ones with a's shape and dtype.", npLikeFunc("ones_like", ops.OnesLike)},
	{"arange", "arange([start,] stop[, step,], dtype=None)", "Evenly spaced values in [start, stop).", npArange},
	{"bincount", "bincount(x, /, weights=None, minlength=0)", "Count the occurrences of each non-negative int in x; with weights, sum them.", npBincount},
	{"linspace", "linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None)", "num evenly spaced values from start to stop.", npLinspace},
	{"eye", "eye(N, M=None, k=0, dtype=float)", "A 2-D array with ones on diagonal k.", npEye},
	{"identity", "identity(n, dtype=float)", "The n×n identity matrix.", npIdentity},
	{"sum", "sum(a, axis=None, dtype=None, out=None, keepdims=False)", "Sum of elements along axes.", npReduceFunc("sum", npSumReduction, true)},
	{"prod", "prod(a, axis=None, dtype=None, out=None, keepdims=False)", "Product of elements along axes.", npReduceFunc("prod", npProdReduction, true)},
	{"mean", "mean(a, axis=None, dtype=None, out=None, keepdims=False)", "Arithmetic mean along axes.", npReduceFunc("mean", npMeanReduction, true)},
	{"max", "max(a, axis=None, out=None, keepdims=False)", "Maximum along axes.", npReduceFunc("max", npMaxReduction, false)},
	{"amax", "amax(a, axis=None, out=None, keepdims=False)", "Maximum along axes.", npReduceFunc("amax", npMaxReduction, false)},
	{"min", "min(a, axis=None, out=None, keepdims=False)", "Minimum along axes.", npReduceFunc("min", npMinReduction, false)},
	{"amin", "amin(a, axis=None, out=None, keepdims=False)", "Minimum along axes.", npReduceFunc("amin", npMinReduction, false)},
	{"all", "all(a, axis=None, out=None, keepdims=False)", "Whether every element along axes is true.", npReduceFunc("all", npAllReduction, false)},
	{"any", "any(a, axis=None, out=None, keepdims=False)", "Whether some element along axes is true.", npReduceFunc("any", npAnyReduction, false)},
	{"argmax", "argmax(a, axis=None, out=None, *, keepdims=False)", "Index of the maximum, of the flattened array or along axis.", npArgReduceFunc("argmax", false)},
	{"argmin", "argmin(a, axis=None, out=None, *, keepdims=False)", "Index of the minimum, of the flattened array or along axis.", npArgReduceFunc("argmin", true)},
	{"where", "where(condition, [x, y])", "x where condition is true, else y; with only condition, its nonzero indices.", npWhere},
	{"dot", "dot(a, b)", "Dot product: inner product of vectors, matrix product of matrices.", npDot},
	{"matmul", "matmul(x1, x2, /)", "Matrix product, with numpy's broadcasting of stacks.", npMatmulFunc},
	{"allclose", "allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", "Whether every |a - b| <= atol + rtol * |b|.", npAllclose},
	{"array_equal", "array_equal(a1, a2, equal_nan=False)", "Whether two arrays have the same shape and elements.", npArrayEqual},
	{"concatenate", "concatenate(arrays, axis=0)", "Joins arrays along an existing axis.", npConcatenate},
	{"stack", "stack(arrays, axis=0)", "Joins arrays of one shape along a new axis.", npStack},
	{"transpose", "transpose(a, axes=None)", "Permutes the axes; by default reverses them.", npTransposeFunc},
	{"reshape", "reshape(a, newshape)", "The array with a new shape.", npReshapeFunc},
	{"shape", "shape(a)", "The shape of an array.", npShapeFunc},
}

// npAsArray converts array-like data to a tensor: an ndarray or Tensor as
// it is, Python data with numpy's default dtypes (int64, float64, bool).
func (th *Thread) npAsArray(v Value) (*tensor.Tensor, error) {
	switch x := v.(type) {
	case *NDArray:
		return x.t, nil
	case *Tensor:
		return x.t, nil
	}
	h, err := th.flatten("array", v)
	if err != nil {
		if IsInstanceOf(err, ValueErrorClass) {
			return nil, npRaggedError(v)
		}
		return nil, err
	}
	dt := tensor.Float64 // of data without elements
	if h.hasScalars || h.hasDType {
		dt = h.defaultDType(tensor.Float64)
	}
	return th.buildTensor(h, dt)
}

// npConvert converts data to a new tensor of dtype dt, or of the data's own
// dtype when hasDT is false: np.array's conversion, which copies.
func (th *Thread) npConvert(v Value, dt tensor.DType, hasDT bool) (*tensor.Tensor, error) {
	switch x := v.(type) {
	case *NDArray, *Tensor:
		t, err := th.npAsArray(x)
		if err != nil {
			return nil, err
		}
		if !hasDT {
			dt = t.DType()
		}
		return th.copyTensor(t, dt)
	}
	if !hasDT {
		return th.npAsArray(v)
	}
	h, err := th.flatten("array", v)
	if err != nil {
		if IsInstanceOf(err, ValueErrorClass) {
			return nil, npRaggedError(v)
		}
		return nil, err
	}
	return th.buildTensor(h, dt)
}

// npRaggedError is numpy's error for nested sequences of uneven lengths:
// the depth where they first disagree and the shape found above it.
func npRaggedError(v Value) error {
	var shape tensor.Shape
	fixed := false // a leaf fixed the rank
	ragged := math.MaxInt
	var walk func(v Value, depth int)
	walk = func(v Value, depth int) {
		if depth >= ragged {
			return
		}
		var items []Value
		var inner tensor.Shape
		switch x := v.(type) {
		case *List:
			items = x.elems
		case Tuple:
			items = x
		case *NDArray:
			inner = x.t.Shape()
		case *Tensor:
			inner = x.t.Shape()
		}
		if items == nil {
			if !fixed {
				shape, fixed = append(shape, inner...), true
			} else if len(shape) != depth+len(inner) || !shape[depth:].Equal(inner) {
				ragged = depth
			}
			return
		}
		switch {
		case depth == len(shape) && !fixed:
			shape = append(shape, len(items))
		case depth >= len(shape) || shape[depth] != len(items):
			ragged = depth
			return
		}
		for _, it := range items {
			walk(it, depth+1)
		}
	}
	walk(v, 0)
	if ragged == math.MaxInt {
		ragged = len(shape)
	}
	return ValueErrorf("setting an array element with a sequence. The requested array has an inhomogeneous shape after %d dimensions. The detected shape was %v + inhomogeneous part.",
		ragged, shape[:ragged])
}

// npDTypeArg reads a dtype argument in numpy's terms.
func npDTypeArg(v Value) (tensor.DType, error) {
	if d, ok := asDType(v); ok {
		return d, nil
	}
	if s, ok := v.(Str); ok {
		return 0, TypeErrorf("data type '%s' not understood", string(s))
	}
	return 0, TypeErrorf("Cannot interpret '%s' as a data type", reprNoThread(nil, v))
}

// optDType reads an optional dtype argument: ok is false for None.
func optDType(v Value) (dt tensor.DType, ok bool, err error) {
	if v == None {
		return 0, false, nil
	}
	dt, err = npDTypeArg(v)
	return dt, err == nil, err
}

func npArrayFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var object, dtype, copyArg, order, subok Value = nil, None, True, Str("K"), False
	ndmin := 0
	if err := UnpackArgs("array", args, kwnames, "object", &object, "dtype?", &dtype, "*copy?", &copyArg,
		"*order?", &order, "*subok?", &subok, "*ndmin?", &ndmin); err != nil {
		return nil, err
	}
	dt, hasDT, err := optDType(dtype)
	if err != nil {
		return nil, err
	}
	t, err := th.npConvert(object, dt, hasDT)
	if err != nil {
		return nil, err
	}
	if extra := ndmin - t.Rank(); extra > 0 {
		shape := make([]int, extra, ndmin)
		for i := range shape {
			shape[i] = 1
		}
		if t, err = th.apply1(ops.Reshape, ops.Attrs{"shape": append(shape, t.Shape()...)}, t); err != nil {
			return nil, err
		}
	}
	return npArray(t), nil
}

func npAsarrayFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, dtype, order Value = nil, None, None
	if err := UnpackArgs("asarray", args, kwnames, "a", &a, "dtype?", &dtype, "order?", &order); err != nil {
		return nil, err
	}
	dt, hasDT, err := optDType(dtype)
	if err != nil {
		return nil, err
	}
	if x, ok := a.(*NDArray); ok && !x.scalar && (!hasDT || x.t.DType() == dt) {
		return x, nil
	}
	t, err := th.npAsArray(a)
	if err != nil {
		return nil, err
	}
	if hasDT {
		if t, err = th.npCast(t, dt); err != nil {
			return nil, err
		}
	}
	return npArray(t), nil
}

// npShapeArg reads a shape argument: an int or a sequence of ints.
func (th *Thread) npShapeArg(v Value) ([]int, error) {
	dims, err := th.npShapeArgs([]Value{v})
	if err != nil {
		return nil, err
	}
	for _, d := range dims {
		if d < 0 {
			return nil, ValueErrorf("negative dimensions are not allowed")
		}
	}
	return dims, nil
}

// npFillValue converts a Python number or one-element array to the value
// attribute of Fill.
func npFillValue(v Value) (any, error) {
	switch x := v.(type) {
	case Bool:
		return bool(x), nil
	case Int:
		return int64(x), nil
	case Float:
		return float64(x), nil
	case *NDArray:
		if x.t.Size() == 1 {
			return npFillValue(item(x.t, 0))
		}
	case *Tensor:
		if x.t.Size() == 1 {
			return npFillValue(item(x.t, 0))
		}
	}
	return nil, TypeErrorf("fill value must be a number or a one-element array, not %s", TypeName(v))
}

// npFill makes an array of the given shape and dtype filled with v.
func (th *Thread) npFill(shape []int, dt tensor.DType, v any) (*NDArray, error) {
	t, err := th.apply1(ops.Fill, ops.Attrs{"shape": shape, "dtype": dt, "value": v})
	if err != nil {
		return nil, err
	}
	return npArray(t), nil
}

func npFilledFunc(name string, v int64) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var shape, dtype, order Value = nil, FloatClass, Str("C")
		if err := UnpackArgs(name, args, kwnames, "shape", &shape, "dtype?", &dtype, "order?", &order); err != nil {
			return nil, err
		}
		dims, err := th.npShapeArg(shape)
		if err != nil {
			return nil, err
		}
		dt, err := npDTypeArg(dtype)
		if err != nil {
			return nil, err
		}
		return th.npFill(dims, dt, v)
	}
}

func npFull(th *Thread, args []Value, kwnames []string) (Value, error) {
	var shape, fill, dtype, order Value = nil, nil, None, Str("C")
	if err := UnpackArgs("full", args, kwnames, "shape", &shape, "fill_value", &fill, "dtype?", &dtype, "order?", &order); err != nil {
		return nil, err
	}
	dims, err := th.npShapeArg(shape)
	if err != nil {
		return nil, err
	}
	f, err := th.npAsArray(fill)
	if err != nil {
		return nil, err
	}
	dt, hasDT, err := optDType(dtype)
	if err != nil {
		return nil, err
	}
	if !hasDT {
		dt = f.DType()
	}
	if f.Size() == 1 {
		return th.npFill(dims, dt, npItemAttr(f))
	}
	if _, ok := npAssignable(f.Shape(), tensor.Shape(dims)); !ok {
		return nil, ValueErrorf("could not broadcast input array from shape %s into shape %s", npShapeString(f.Shape()), npShapeString(dims))
	}
	if f, err = th.npCast(f, dt); err != nil {
		return nil, err
	}
	t, err := th.apply1(ops.BroadcastTo, ops.Attrs{"shape": dims}, f)
	if err != nil {
		return nil, err
	}
	return npArray(t), nil
}

// npItemAttr is the one element of t as an attribute value: a bool, int64
// or float64.
func npItemAttr(t *tensor.Tensor) any {
	switch {
	case t.DType() == tensor.Bool:
		return t.Int(0) != 0
	case t.DType().IsFloat():
		return t.Float(0)
	}
	return t.Int(0)
}

func npLikeFunc(name string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var a, dtype Value = nil, None
		if err := UnpackArgs(name, args, kwnames, "a", &a, "dtype?", &dtype); err != nil {
			return nil, err
		}
		t, err := th.npAsArray(a)
		if err != nil {
			return nil, err
		}
		if dt, ok, err := optDType(dtype); err != nil {
			return nil, err
		} else if ok {
			if t, err = th.npCast(t, dt); err != nil {
				return nil, err
			}
		}
		z, err := th.apply1(p, nil, t)
		if err != nil {
			return nil, err
		}
		return npArray(z), nil
	}
}

// npNumber reads a Python number or numpy scalar argument; isInt reports
// an integer (or bool).
func npNumber(fname string, v Value) (f float64, n int64, isInt bool, err error) {
	switch x := v.(type) {
	case Int:
		return float64(x), int64(x), true, nil
	case Bool:
		if x {
			return 1, 1, true, nil
		}
		return 0, 0, true, nil
	case Float:
		return float64(x), int64(x), false, nil
	case *NDArray:
		if x.t.Size() == 1 {
			return npNumber(fname, item(x.t, 0))
		}
	}
	return 0, 0, false, TypeErrorf("%s() argument must be a number, not %s", fname, TypeName(v))
}

func npArange(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, b, c, dtype Value = nil, None, None, None
	if err := UnpackArgs("arange", args, kwnames, "start", &a, "stop?", &b, "step?", &c, "*dtype?", &dtype); err != nil {
		return nil, err
	}
	start, stop, step := Value(MakeInt(0)), a, c
	if b != None {
		start, stop = a, b
	}
	if step == None {
		step = MakeInt(1)
	}
	fs, ns, intStart, err := npNumber("arange", start)
	if err != nil {
		return nil, err
	}
	fe, ne, intStop, err := npNumber("arange", stop)
	if err != nil {
		return nil, err
	}
	fd, nd, intStep, err := npNumber("arange", step)
	if err != nil {
		return nil, err
	}
	ints := intStart && intStop && intStep
	dt, hasDT, err := optDType(dtype)
	if err != nil {
		return nil, err
	}
	if !hasDT {
		dt = tensor.Float64
		if ints {
			dt = tensor.Int64
		}
	}
	if fd == 0 {
		return nil, ZeroDivisionErrorf("division by zero")
	}
	var n int
	if ints {
		span, step := ne-ns, nd
		if step < 0 {
			span, step = -span, -step
		}
		n = int(max((span+step-1)/step, 0))
	} else {
		n = int(max(math.Ceil((fe-fs)/fd), 0))
	}
	if n == 0 {
		return th.npFill([]int{0}, dt, int64(0))
	}
	if ints && !dt.IsFloat() {
		t, err := th.apply1(ops.Range, ops.Attrs{"start": int(ns), "limit": int(ne), "delta": int(nd), "dtype": dt})
		if err != nil {
			return nil, err
		}
		return npArray(t), nil
	}
	// numpy fills start + i*delta, delta being the difference of the first
	// two elements as the dtype holds them.
	work := dt
	if !dt.IsFloat() {
		work = tensor.Float64
	}
	first, err := th.scalarTensor(work, fs, ns)
	if err != nil {
		return nil, err
	}
	second, err := th.scalarTensor(work, fs+fd, ns+nd)
	if err != nil {
		return nil, err
	}
	delta, err := th.apply1(ops.Sub, nil, second, first)
	if err != nil {
		return nil, err
	}
	t, err := th.apply1(ops.Range, ops.Attrs{"start": 0, "limit": n, "delta": 1, "dtype": work})
	if err != nil {
		return nil, err
	}
	if t, err = th.apply1(ops.Mul, nil, t, delta); err != nil {
		return nil, err
	}
	if t, err = th.apply1(ops.Add, nil, t, first); err != nil {
		return nil, err
	}
	if t, err = th.npCast(t, dt); err != nil {
		return nil, err
	}
	return npArray(t), nil
}

func npBincount(th *Thread, args []Value, kwnames []string) (Value, error) {
	var x, weights Value = nil, None
	minlength := 0
	if err := UnpackArgs("bincount", args, kwnames, "x", &x, "weights?", &weights, "minlength?", &minlength); err != nil {
		return nil, err
	}
	t, err := th.npAsArray(x)
	if err != nil {
		return nil, err
	}
	if t.Rank() != 1 {
		return nil, ValueErrorf("object too deep for desired array")
	}
	if !t.DType().IsInt() && t.DType() != tensor.Bool && t.Size() > 0 {
		return nil, TypeErrorf("Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'", t.DType().NumpyName())
	}
	if minlength < 0 {
		return nil, ValueErrorf("'minlength' must not be negative")
	}
	var w *tensor.Tensor
	if weights != None {
		if w, err = th.npAsArray(weights); err != nil {
			return nil, err
		}
		if w.Size() != t.Size() {
			return nil, ValueErrorf("The weights and list don't have the same length.")
		}
	}
	n := minlength
	for i := range t.Size() {
		v := int(t.Float(i))
		if v < 0 {
			return nil, ValueErrorf("'list' argument must have no negative elements")
		}
		n = max(n, v+1)
	}
	counts := make([]float64, n)
	for i := range t.Size() {
		if w != nil {
			counts[int(t.Float(i))] += w.Float(i)
		} else {
			counts[int(t.Float(i))]++
		}
	}
	dt := tensor.Int64
	if w != nil {
		dt = tensor.Float64
	}
	out, err := tensor.FromFloat64s(th.ms().dev, dt, tensor.Shape{n}, counts)
	if err != nil {
		return nil, err
	}
	return npArray(out), nil
}

func npLinspace(th *Thread, args []Value, kwnames []string) (Value, error) {
	var start, stop, dtype Value = nil, nil, None
	num, endpoint, retstep, axis := 50, true, false, 0
	if err := UnpackArgs("linspace", args, kwnames, "start", &start, "stop", &stop, "num?", &num, "endpoint?", &endpoint,
		"retstep?", &retstep, "dtype?", &dtype, "axis?", &axis); err != nil {
		return nil, err
	}
	if num < 0 {
		return nil, ValueErrorf("Number of samples, %d, must be non-negative.", num)
	}
	lo, _, _, err := npNumber("linspace", start)
	if err != nil {
		return nil, err
	}
	hi, _, _, err := npNumber("linspace", stop)
	if err != nil {
		return nil, err
	}
	dt, hasDT, err := optDType(dtype)
	if err != nil {
		return nil, err
	}
	div := num
	if endpoint {
		div = num - 1
	}
	delta := hi - lo
	step := math.NaN()
	y, err := th.apply1(ops.Range, ops.Attrs{"start": 0, "limit": num, "delta": 1, "dtype": tensor.Float64})
	if err != nil {
		return nil, err
	}
	scalar := func(f float64) (*tensor.Tensor, error) { return th.scalarTensor(tensor.Float64, f, 0) }
	mul := func(p *ops.Primitive, f float64) error {
		s, err := scalar(f)
		if err == nil {
			y, err = th.apply1(p, nil, y, s)
		}
		return err
	}
	// numpy's order of operations: y*step, or y/div*delta when step
	// underflows to zero.
	switch {
	case div > 0:
		step = delta / float64(div)
		if step == 0 {
			if err = mul(ops.Div, float64(div)); err == nil {
				err = mul(ops.Mul, delta)
			}
		} else {
			err = mul(ops.Mul, step)
		}
	default:
		err = mul(ops.Mul, delta)
	}
	if err == nil {
		err = mul(ops.Add, lo)
	}
	if err != nil {
		return nil, err
	}
	if endpoint && num > 1 {
		last, err := scalar(hi)
		if err != nil {
			return nil, err
		}
		y, err = th.apply1(ops.TensorCopySlices, ops.Attrs{"begin": []int{num - 1}, "end": []int{num}, "strides": []int{1}}, y, last)
		if err != nil {
			return nil, err
		}
	}
	if hasDT {
		if !dt.IsFloat() {
			if y, err = th.apply1(ops.Floor, nil, y); err != nil {
				return nil, err
			}
		}
		if y, err = th.npCast(y, dt); err != nil {
			return nil, err
		}
	}
	arr := npArray(y)
	if retstep {
		s, err := scalar(step)
		if err != nil {
			return nil, err
		}
		return Tuple{arr, npResult(s)}, nil
	}
	return arr, nil
}

// npEye makes the matrix with ones where column - row = k: the Equal of
// two Ranges, broadcast.
func (th *Thread) npEye(n, m, k int, dt tensor.DType) (*NDArray, error) {
	if n < 0 || m < 0 {
		return nil, ValueErrorf("negative dimensions are not allowed")
	}
	rows, err := th.apply1(ops.Range, ops.Attrs{"start": k, "limit": k + n, "delta": 1, "dtype": tensor.Int64})
	if err != nil {
		return nil, err
	}
	if rows, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{n, 1}}, rows); err != nil {
		return nil, err
	}
	cols, err := th.apply1(ops.Range, ops.Attrs{"start": 0, "limit": m, "delta": 1, "dtype": tensor.Int64})
	if err != nil {
		return nil, err
	}
	eq, err := th.apply1(ops.Equal, nil, rows, cols)
	if err != nil {
		return nil, err
	}
	t, err := th.npCast(eq, dt)
	if err != nil {
		return nil, err
	}
	return npArray(t), nil
}

func npEye(th *Thread, args []Value, kwnames []string) (Value, error) {
	var mv, dtype, order Value = None, FloatClass, Str("C")
	n, k := 0, 0
	if err := UnpackArgs("eye", args, kwnames, "N", &n, "M?", &mv, "k?", &k, "dtype?", &dtype, "order?", &order); err != nil {
		return nil, err
	}
	m := n
	if mv != None {
		var err error
		if m, err = toIndex(mv); err != nil {
			return nil, err
		}
	}
	dt, err := npDTypeArg(dtype)
	if err != nil {
		return nil, err
	}
	return th.npEye(n, m, k, dt)
}

func npIdentity(th *Thread, args []Value, kwnames []string) (Value, error) {
	var dtype Value = FloatClass
	n := 0
	if err := UnpackArgs("identity", args, kwnames, "n", &n, "dtype?", &dtype); err != nil {
		return nil, err
	}
	dt, err := npDTypeArg(dtype)
	if err != nil {
		return nil, err
	}
	return th.npEye(n, n, 0, dt)
}
