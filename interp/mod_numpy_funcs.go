package interp

import (
	"math"

	"msrepl/ops"
	"msrepl/tensor"
)

// numpy's module functions beyond the constructors: reductions, ufuncs,
// where, the products, comparisons of whole arrays, and joining.

func npReduceFunc(name string, r *npReduction, withDType bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if len(args)-len(kwnames) < 1 {
			return nil, TypeErrorf("%s() missing required argument 'a' (pos 1)", name)
		}
		t, err := th.npAsArray(args[0])
		if err != nil {
			return nil, err
		}
		return th.npReduceCall(name, r, t, args[1:], kwnames, withDType)
	}
}

func npArgReduceFunc(name string, least bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var a, axis, out Value = nil, None, None
		keepdims := false
		if err := UnpackArgs(name, args, kwnames, "a", &a, "axis?", &axis, "out?", &out, "*keepdims?", &keepdims); err != nil {
			return nil, err
		}
		if out != None {
			return nil, npNoOut(name)
		}
		t, err := th.npAsArray(a)
		if err != nil {
			return nil, err
		}
		return th.npArgReduce(least, t, axis, keepdims)
	}
}

func npBinaryFunc(u *npUfunc) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, y Value
		if err := UnpackArgs(u.name, args, kwnames, "x1", &x, "x2", &y); err != nil {
			return nil, err
		}
		a, err := th.npArgs(u.name, x, y)
		if err != nil {
			return nil, err
		}
		return th.npBinary(u, a[0], a[1])
	}
}

func npUnaryFuncOf(u *npUnaryFunc) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x Value
		if err := UnpackArgs(u.name, args, kwnames, "x", &x); err != nil {
			return nil, err
		}
		a, err := th.npArgs(u.name, x)
		if err != nil {
			return nil, err
		}
		return th.npUnaryArg(u, a[0])
	}
}

func npWhere(th *Thread, args []Value, kwnames []string) (Value, error) {
	var cond, x, y Value = nil, nil, nil
	if err := UnpackArgs("where", args, kwnames, "condition", &cond, "x?", &x, "y?", &y); err != nil {
		return nil, err
	}
	c, err := th.npAsArray(cond)
	if err != nil {
		return nil, err
	}
	if c, err = th.npCast(c, tensor.Bool); err != nil {
		return nil, err
	}
	if x == nil && y == nil {
		if c.Rank() == 0 {
			return nil, ValueErrorf("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.")
		}
		idx, err := th.npNonzero(c)
		if err != nil {
			return nil, err
		}
		out := make(Tuple, len(idx))
		for i, t := range idx {
			out[i] = npArray(t)
		}
		return out, nil
	}
	if x == nil || y == nil {
		return nil, ValueErrorf("either both or neither of x and y should be given")
	}
	ab, err := th.npArgs("where", x, y)
	if err != nil {
		return nil, err
	}
	if _, err := npBroadcast(c.Shape(), ab[0].shape(), ab[1].shape()); err != nil {
		return nil, err
	}
	dt, err := resultType(npOperands(ab))
	if err != nil {
		return nil, err
	}
	xt, err := th.npIn(ab[0], dt)
	if err != nil {
		return nil, err
	}
	yt, err := th.npIn(ab[1], dt)
	if err != nil {
		return nil, err
	}
	z, err := th.apply1(ops.Select, nil, c, xt, yt)
	if err != nil {
		return nil, err
	}
	return npArray(z), nil
}

// npMatmul is numpy's matmul: 1-D operands become a row or a column for
// the product and lose that axis after; stacks of matrices broadcast.
func (th *Thread) npMatmul(x, y npArg) (*NDArray, error) {
	for i, a := range []npArg{x, y} {
		if len(a.shape()) == 0 {
			return nil, ValueErrorf("matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)", i)
		}
	}
	xs, ys := x.shape(), y.shape()
	k, k2 := xs[len(xs)-1], ys[0]
	if len(ys) > 1 {
		k2 = ys[len(ys)-2]
	}
	if k != k2 {
		return nil, ValueErrorf("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)", k2, k)
	}
	a, b, dt, err := th.npMatOperands(x, y)
	if err != nil {
		return nil, err
	}
	z, err := th.matmul(a, b)
	if err != nil {
		return nil, err
	}
	return th.npMatResult(z, dt)
}

// npMatOperands casts the operands of a product to their promoted dtype;
// bool, which MatMul does not take, multiplies as int64.
func (th *Thread) npMatOperands(x, y npArg) (a, b *tensor.Tensor, dt tensor.DType, err error) {
	dt, err = resultType([]npOperand{x.npOperand, y.npOperand})
	if err != nil {
		return nil, nil, 0, err
	}
	work := dt
	if dt == tensor.Bool {
		work = tensor.Int64
	}
	if a, err = th.npIn(x, work); err != nil {
		return nil, nil, 0, err
	}
	b, err = th.npIn(y, work)
	return a, b, dt, err
}

// npMatResult finishes a product: a bool product is whether any term was
// true.
func (th *Thread) npMatResult(z *tensor.Tensor, dt tensor.DType) (*NDArray, error) {
	if dt == tensor.Bool {
		zero, err := th.scalarTensor(tensor.Int64, 0, 0)
		if err != nil {
			return nil, err
		}
		if z, err = th.apply1(ops.NotEqual, nil, z, zero); err != nil {
			return nil, err
		}
	}
	return npResult(z), nil
}

func npMatmulFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var x, y Value
	if err := UnpackArgs("matmul", args, kwnames, "x1", &x, "x2", &y); err != nil {
		return nil, err
	}
	a, err := th.npArgs("matmul", x, y)
	if err != nil {
		return nil, err
	}
	return th.npMatmul(a[0], a[1])
}

// npDot is numpy's dot: a product of scalars, the inner product of
// vectors, and otherwise the sum over the last axis of a and the
// second-to-last of b (the last when b is a vector), as one MatMul of a
// flattened to rows and b to columns.
func npDot(th *Thread, args []Value, kwnames []string) (Value, error) {
	var x, y, out Value = nil, nil, None
	if err := UnpackArgs("dot", args, kwnames, "a", &x, "b", &y, "out?", &out); err != nil {
		return nil, err
	}
	if out != None {
		return nil, npNoOut("dot")
	}
	ab, err := th.npArgs("dot", x, y)
	if err != nil {
		return nil, err
	}
	xs, ys := ab[0].shape(), ab[1].shape()
	if len(xs) == 0 || len(ys) == 0 {
		return th.npBinary(npMultiply, ab[0], ab[1])
	}
	k, kAxis := ys[0], 0
	if len(ys) > 1 {
		kAxis = len(ys) - 2
		k = ys[kAxis]
	}
	if xs[len(xs)-1] != k {
		return nil, ValueErrorf("shapes %s and %s not aligned: %d (dim %d) != %d (dim %d)",
			npShapeString(xs), npShapeString(ys), xs[len(xs)-1], len(xs)-1, k, kAxis)
	}
	a, b, dt, err := th.npMatOperands(ab[0], ab[1])
	if err != nil {
		return nil, err
	}
	outShape := append(tensor.Shape{}, xs[:len(xs)-1]...)
	if len(ys) > 1 {
		outShape = append(append(outShape, ys[:len(ys)-2]...), ys[len(ys)-1])
		if len(ys) > 2 {
			perm := []int{kAxis}
			for i := range ys {
				if i != kAxis {
					perm = append(perm, i)
				}
			}
			if b, err = th.apply1(ops.Transpose, ops.Attrs{"perm": perm}, b); err != nil {
				return nil, err
			}
		}
	}
	if a, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{-1, k}}, a); err != nil {
		return nil, err
	}
	if b, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{k, -1}}, b); err != nil {
		return nil, err
	}
	z, err := th.apply1(ops.MatMul, nil, a, b)
	if err != nil {
		return nil, err
	}
	if z, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(outShape)}, z); err != nil {
		return nil, err
	}
	return th.npMatResult(z, dt)
}

func npAllclose(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, b Value
	rtol, atol, equalNaN := 1e-05, 1e-08, false
	if err := UnpackArgs("allclose", args, kwnames, "a", &a, "b", &b, "rtol?", &rtol, "atol?", &atol, "equal_nan?", &equalNaN); err != nil {
		return nil, err
	}
	near, err := th.npIsClose(a, b, rtol, atol, equalNaN)
	if err != nil {
		return nil, err
	}
	all, err := th.apply1(ops.ReduceAll, nil, near)
	if err != nil {
		return nil, err
	}
	return MakeBool(all.Int(0) != 0), nil
}

// npIsClose is numpy's isclose: |a - b| <= atol + rtol*|b| where both are
// finite, a == b elsewhere, computed with numpy's promotion (b at least
// as a float).
func (th *Thread) npIsClose(a, b Value, rtol, atol float64, equalNaN bool) (*tensor.Tensor, error) {
	ab, err := th.npArgs("isclose", a, b)
	if err != nil {
		return nil, err
	}
	x, y := ab[0], ab[1]
	ydt, err := resultType([]npOperand{y.npOperand, {typ: npTypeOf[tensor.Float64], scalar: true, f: 1}})
	if err != nil {
		return nil, err
	}
	yt, err := th.npIn(y, ydt)
	if err != nil {
		return nil, err
	}
	y = npTensorArg(yt)
	diff, err := th.npBinary(npSubtract, x, y)
	if err != nil {
		return nil, err
	}
	absDiff, err := th.npUnary(npAbsolute, diff)
	if err != nil {
		return nil, err
	}
	absY, err := th.npUnary(npAbsolute, npArray(yt))
	if err != nil {
		return nil, err
	}
	scaled, err := th.npBinary(npMultiply, npFloatArg(rtol), absY.self())
	if err != nil {
		return nil, err
	}
	tol, err := th.npBinary(npAdd, npFloatArg(atol), scaled.self())
	if err != nil {
		return nil, err
	}
	within, err := th.npBinary(npLessEqual, absDiff.self(), tol.self())
	if err != nil {
		return nil, err
	}
	equal, err := th.npBinary(npEqual, x, y)
	if err != nil {
		return nil, err
	}
	finite := func(v npArg) (*tensor.Tensor, error) {
		av, err := th.npUnaryArg(npAbsolute, v)
		if err != nil {
			return nil, err
		}
		r, err := th.npBinary(npLess, av.self(), npFloatArg(math.Inf(1)))
		if err != nil {
			return nil, err
		}
		return r.t, nil
	}
	xf, err := finite(x)
	if err != nil {
		return nil, err
	}
	yf, err := finite(y)
	if err != nil {
		return nil, err
	}
	both, err := th.apply1(ops.LogicalAnd, nil, xf, yf)
	if err != nil {
		return nil, err
	}
	near, err := th.apply1(ops.Select, nil, both, within.t, equal.t)
	if err != nil {
		return nil, err
	}
	if equalNaN {
		nanX, err := th.npBinary(npNotEqual, x, x)
		if err != nil {
			return nil, err
		}
		nanY, err := th.npBinary(npNotEqual, y, y)
		if err != nil {
			return nil, err
		}
		both, err := th.apply1(ops.LogicalAnd, nil, nanX.t, nanY.t)
		if err != nil {
			return nil, err
		}
		if near, err = th.apply1(ops.LogicalOr, nil, near, both); err != nil {
			return nil, err
		}
	}
	return near, nil
}

// npFloatArg is a Python float operand.
func npFloatArg(f float64) npArg {
	return npArg{npOperand: npOperand{typ: npTypeOf[tensor.Float64], scalar: true, f: f, n: int64(f)}}
}

func npArrayEqual(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, b Value
	equalNaN := false
	if err := UnpackArgs("array_equal", args, kwnames, "a1", &a, "a2", &b, "equal_nan?", &equalNaN); err != nil {
		return nil, err
	}
	ab, err := th.npArgs("array_equal", a, b)
	if err != nil {
		return nil, err
	}
	if !ab[0].shape().Equal(ab[1].shape()) {
		return False, nil
	}
	eq, err := th.npBinary(npEqual, ab[0], ab[1])
	if err != nil {
		return nil, err
	}
	t := eq.t
	if equalNaN {
		nanA, err := th.npBinary(npNotEqual, ab[0], ab[0])
		if err != nil {
			return nil, err
		}
		nanB, err := th.npBinary(npNotEqual, ab[1], ab[1])
		if err != nil {
			return nil, err
		}
		both, err := th.apply1(ops.LogicalAnd, nil, nanA.t, nanB.t)
		if err != nil {
			return nil, err
		}
		if t, err = th.apply1(ops.LogicalOr, nil, t, both); err != nil {
			return nil, err
		}
	}
	all, err := th.apply1(ops.ReduceAll, nil, t)
	if err != nil {
		return nil, err
	}
	return MakeBool(all.Int(0) != 0), nil
}

// npSequence converts the arrays argument of concatenate and stack, and
// casts them to their promoted dtype.
func (th *Thread) npSequence(fname string, v Value) ([]*tensor.Tensor, error) {
	items, err := th.iterateAll(v)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, ValueErrorf("need at least one array to %s", fname)
	}
	args, err := th.npArgs(fname, items...)
	if err != nil {
		return nil, err
	}
	ts := make([]*tensor.Tensor, len(args))
	dt := args[0].dtype()
	for i, a := range args {
		if ts[i], err = th.npIn(a, a.dtype()); err != nil {
			return nil, err
		}
		if i > 0 {
			t, err := promoteTypes(npTypeOf[dt], a.typ).dtype()
			if err != nil {
				return nil, err
			}
			dt = t
		}
	}
	for i, t := range ts {
		if ts[i], err = th.npCast(t, dt); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

func npConcatenate(th *Thread, args []Value, kwnames []string) (Value, error) {
	var arrays, axis, out, dtype Value = nil, MakeInt(0), None, None
	if err := UnpackArgs("concatenate", args, kwnames, "arrays", &arrays, "axis?", &axis, "out?", &out, "*dtype?", &dtype); err != nil {
		return nil, err
	}
	if out != None {
		return nil, npNoOut("concatenate")
	}
	ts, err := th.npSequence("concatenate", arrays)
	if err != nil {
		return nil, err
	}
	if axis == None {
		for i, t := range ts {
			if ts[i], err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{-1}}, t); err != nil {
				return nil, err
			}
		}
		axis = MakeInt(0)
	}
	rank := ts[0].Rank()
	if rank == 0 {
		return nil, ValueErrorf("zero-dimensional arrays cannot be concatenated")
	}
	ax, err := npAxis(axis, rank)
	if err != nil {
		return nil, err
	}
	for i, t := range ts[1:] {
		if t.Rank() != rank {
			return nil, ValueErrorf("all the input arrays must have same number of dimensions, but the array at index 0 has %d dimension(s) and the array at index %d has %d dimension(s)",
				rank, i+1, t.Rank())
		}
		for d, n := range t.Shape() {
			if d != ax && n != ts[0].Shape()[d] {
				return nil, ValueErrorf("all the input array dimensions except for the concatenation axis must match exactly, but along dimension %d, the array at index 0 has size %d and the array at index %d has size %d",
					d, ts[0].Shape()[d], i+1, n)
			}
		}
	}
	if dt, ok, err := optDType(dtype); err != nil {
		return nil, err
	} else if ok {
		for i, t := range ts {
			if ts[i], err = th.npCast(t, dt); err != nil {
				return nil, err
			}
		}
	}
	z, err := th.apply1(ops.Concat, ops.Attrs{"axis": ax}, ts...)
	if err != nil {
		return nil, err
	}
	return npArray(z), nil
}

func npStack(th *Thread, args []Value, kwnames []string) (Value, error) {
	var arrays, axis, out Value = nil, MakeInt(0), None
	if err := UnpackArgs("stack", args, kwnames, "arrays", &arrays, "axis?", &axis, "out?", &out); err != nil {
		return nil, err
	}
	if out != None {
		return nil, npNoOut("stack")
	}
	ts, err := th.npSequence("stack", arrays)
	if err != nil {
		return nil, err
	}
	for _, t := range ts[1:] {
		if !t.Shape().Equal(ts[0].Shape()) {
			return nil, ValueErrorf("all input arrays must have the same shape")
		}
	}
	ax, err := npAxis(axis, ts[0].Rank()+1)
	if err != nil {
		return nil, err
	}
	z, err := th.apply1(ops.Stack, ops.Attrs{"axis": ax}, ts...)
	if err != nil {
		return nil, err
	}
	return npArray(z), nil
}

func npTransposeFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, axes Value = nil, None
	if err := UnpackArgs("transpose", args, kwnames, "a", &a, "axes?", &axes); err != nil {
		return nil, err
	}
	t, err := th.npAsArray(a)
	if err != nil {
		return nil, err
	}
	var perm []int
	if axes != None {
		if perm, err = th.npShapeArgs([]Value{axes}); err != nil {
			return nil, err
		}
	}
	return th.npTranspose(npArray(t), perm)
}

func npReshapeFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a, shape, order Value = nil, nil, Str("C")
	if err := UnpackArgs("reshape", args, kwnames, "a", &a, "newshape", &shape, "order?", &order); err != nil {
		return nil, err
	}
	t, err := th.npAsArray(a)
	if err != nil {
		return nil, err
	}
	return ndarrayReshape(th, []Value{npArray(t), shape, order}, []string{"order"})
}

func npShapeFunc(th *Thread, args []Value, kwnames []string) (Value, error) {
	var a Value
	if err := UnpackArgs("shape", args, kwnames, "a", &a); err != nil {
		return nil, err
	}
	t, err := th.npAsArray(a)
	if err != nil {
		return nil, err
	}
	return shapeTuple(t.Shape()), nil
}
