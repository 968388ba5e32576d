package interp

import (
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The attributes and methods of ndarray, which numpy scalars share.

// selfArray is the receiver of an ndarray method.
func selfArray(v Value) *NDArray { return v.(*NDArray) }

// wrap wraps the result of a method of a: an array's results are
// arrays, a numpy scalar's are scalars when 0-d.
func (a *NDArray) wrap(t *tensor.Tensor) *NDArray {
	if a.scalar {
		return npResult(t)
	}
	return npArray(t)
}

func init() {
	attrs := map[string]func(a *NDArray) Value{
		"shape":    func(a *NDArray) Value { return shapeTuple(a.t.Shape()) },
		"dtype":    func(a *NDArray) Value { return &NumpyDType{a.t.DType()} },
		"ndim":     func(a *NDArray) Value { return MakeInt(int64(a.t.Rank())) },
		"size":     func(a *NDArray) Value { return MakeInt(int64(a.t.Size())) },
		"itemsize": func(a *NDArray) Value { return MakeInt(int64(a.t.DType().ItemSize())) },
		"nbytes":   func(a *NDArray) Value { return MakeInt(int64(a.t.Size() * a.t.DType().ItemSize())) },
	}
	methods := map[string]BuiltinFunc{
		"astype":    ndarrayAstype,
		"reshape":   ndarrayReshape,
		"transpose": ndarrayTranspose,
		"tolist": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("tolist", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			return toList(selfArray(args[0]).t), nil
		},
		"item":    ndarrayItem,
		"copy":    ndarrayCopy,
		"flatten": ndarrayFlatten("flatten", true),
		"ravel":   ndarrayFlatten("ravel", false),
		"squeeze": ndarraySqueeze,
		"fill":    ndarrayFill,
		"sum":     npReduceMethod("sum", npSumReduction, true),
		"prod":    npReduceMethod("prod", npProdReduction, true),
		"mean":    npReduceMethod("mean", npMeanReduction, true),
		"max":     npReduceMethod("max", npMaxReduction, false),
		"min":     npReduceMethod("min", npMinReduction, false),
		"all":     npReduceMethod("all", npAllReduction, false),
		"any":     npReduceMethod("any", npAnyReduction, false),
		"argmax":  npArgReduceMethod("argmax", false),
		"argmin":  npArgReduceMethod("argmin", true),
	}
	for _, c := range []*Class{NDArrayClass, npGenericClass} {
		for name, fn := range attrs {
			c.Dict.Set(name, getter(name, func(v Value) Value { return fn(selfArray(v)) }))
		}
		c.Dict.Set("T", &Property{Get: &Builtin{Name: "T", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return th.npTranspose(selfArray(args[0]), nil)
		}}, Set: None, Del: None, Doc: None})
		defMethods(c, methods)
	}
}

func ndarrayAstype(th *Thread, args []Value, kwnames []string) (Value, error) {
	var dtype, order, casting, subok, copyArg Value = nil, Str("K"), Str("unsafe"), True, True
	if err := UnpackArgs("astype", args[1:], kwnames, "dtype", &dtype, "order?", &order, "casting?", &casting,
		"subok?", &subok, "copy?", &copyArg); err != nil {
		return nil, err
	}
	dt, err := npDTypeArg(dtype)
	if err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	t, err := th.copyTensor(a.t, dt)
	if err != nil {
		return nil, err
	}
	return a.wrap(t), nil
}

func ndarrayCopy(th *Thread, args []Value, kwnames []string) (Value, error) {
	var order Value = Str("C")
	if err := UnpackArgs("copy", args[1:], kwnames, "order?", &order); err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	t, err := th.copyTensor(a.t, a.t.DType())
	if err != nil {
		return nil, err
	}
	return a.wrap(t), nil
}

// ndarrayFlatten is flatten, which copies, or ravel, which shares the
// array's data.
func ndarrayFlatten(name string, copies bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var order Value = Str("C")
		if err := UnpackArgs(name, args[1:], kwnames, "order?", &order); err != nil {
			return nil, err
		}
		a := selfArray(args[0])
		t, err := th.apply1(ops.Reshape, ops.Attrs{"shape": []int{-1}}, a.t)
		if err == nil && copies {
			t, err = th.copyTensor(t, t.DType())
		}
		if err != nil {
			return nil, err
		}
		return npArray(t), nil
	}
}

// npShapeArgs reads a shape given as separate ints or as one sequence, as
// reshape and the constructors take it.
func (th *Thread) npShapeArgs(args []Value) ([]int, error) {
	if len(args) == 1 {
		switch args[0].(type) {
		case Tuple, *List:
			items, err := th.iterateAll(args[0])
			if err != nil {
				return nil, err
			}
			args = items
		}
	}
	dims := make([]int, len(args))
	for i, v := range args {
		n, err := toIndex(v)
		if err != nil {
			return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(v))
		}
		dims[i] = n
	}
	return dims, nil
}

func ndarrayReshape(th *Thread, args []Value, kwnames []string) (Value, error) {
	a := selfArray(args[0])
	pos := args[1 : len(args)-len(kwnames)]
	for i, k := range kwnames {
		switch k {
		case "order":
			if s, ok := args[len(args)-len(kwnames)+i].(Str); !ok || s != "C" {
				return nil, ValueErrorf("msrepl's numpy arrays are row-major: reshape takes only order='C'")
			}
		case "shape":
			pos = append(pos, args[len(args)-len(kwnames)+i])
		default:
			return nil, TypeErrorf("'%s' is an invalid keyword argument for reshape()", k)
		}
	}
	dims, err := th.npShapeArgs(pos)
	if err != nil {
		return nil, err
	}
	shape, err := npReshapeDims(a.t.Size(), dims)
	if err != nil {
		return nil, err
	}
	t, err := th.apply1(ops.Reshape, ops.Attrs{"shape": []int(shape)}, a.t)
	if err != nil {
		return nil, err
	}
	return a.wrap(t), nil
}

// npReshapeDims resolves a new shape for size elements: one negative dim
// is inferred from the others.
func npReshapeDims(size int, dims []int) (tensor.Shape, error) {
	unknown, known := -1, 1
	for i, d := range dims {
		if d < 0 {
			if unknown >= 0 {
				return nil, ValueErrorf("can only specify one unknown dimension")
			}
			unknown = i
			continue
		}
		known *= d
	}
	shape := tensor.Shape(append([]int(nil), dims...))
	if unknown >= 0 && known > 0 && size%known == 0 {
		shape[unknown] = size / known
	}
	if (unknown >= 0 && shape[unknown] < 0) || shape.Size() != size {
		names := make([]string, len(dims))
		for i, d := range dims {
			names[i] = itoa(d)
			if d < 0 {
				names[i] = "newaxis"
			}
		}
		s := strings.Join(names, ",")
		if len(dims) == 1 {
			s += ","
		}
		return nil, ValueErrorf("cannot reshape array of size %d into shape (%s)", size, s)
	}
	return shape, nil
}

func ndarrayTranspose(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := noKwargs("transpose", kwnames); err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	var axes []int
	if len(args) > 1 && !(len(args) == 2 && args[1] == None) {
		var err error
		if axes, err = th.npShapeArgs(args[1:]); err != nil {
			return nil, err
		}
	}
	return th.npTranspose(a, axes)
}

// npTranspose permutes a's axes: axes gives, for each axis of the result,
// the axis of a it takes; nil reverses them.
func (th *Thread) npTranspose(a *NDArray, axes []int) (*NDArray, error) {
	n := a.t.Rank()
	perm := make([]int, n)
	if axes == nil {
		for i := range perm {
			perm[i] = n - 1 - i
		}
	} else {
		if len(axes) != n {
			return nil, ValueErrorf("axes don't match array")
		}
		seen := make([]bool, n)
		for i, ax := range axes {
			p, err := npAxis(MakeInt(int64(ax)), n)
			if err != nil {
				return nil, err
			}
			if seen[p] {
				return nil, ValueErrorf("repeated axis in transpose")
			}
			seen[p], perm[i] = true, p
		}
	}
	if n < 2 {
		return a, nil
	}
	t, err := th.apply1(ops.Transpose, ops.Attrs{"perm": perm}, a.t)
	if err != nil {
		return nil, err
	}
	return npArray(t), nil
}

func ndarrayItem(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := noKwargs("item", kwnames); err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	switch len(args) {
	case 1:
		if a.t.Size() != 1 {
			return nil, ValueErrorf("can only convert an array of size 1 to a Python scalar")
		}
		return item(a.t, 0), nil
	case 2:
		i, err := toIndex(args[1])
		if err != nil {
			return nil, err
		}
		n := a.t.Size()
		if i < -n || i >= n {
			return nil, IndexErrorf("index %d is out of bounds for axis 0 with size %d", i, n)
		}
		if i < 0 {
			i += n
		}
		return item(a.t, i), nil
	}
	return nil, ValueErrorf("msrepl's numpy takes item() with no argument or one flat index")
}

func ndarraySqueeze(th *Thread, args []Value, kwnames []string) (Value, error) {
	var axis Value = None
	if err := UnpackArgs("squeeze", args[1:], kwnames, "axis?", &axis); err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	axes, all, err := npAxes(axis, a.t.Rank())
	if err != nil {
		return nil, err
	}
	shape := a.t.Shape()
	for _, ax := range axes {
		if shape[ax] != 1 {
			return nil, ValueErrorf("cannot select an axis to squeeze out which has size not equal to one")
		}
	}
	if !all && len(axes) == 0 {
		return a, nil
	}
	attrs := ops.Attrs{}
	if !all {
		attrs["axis"] = axes
	}
	t, err := th.apply1(ops.Squeeze, attrs, a.t)
	if err != nil {
		return nil, err
	}
	return a.wrap(t), nil
}

// ndarrayFill sets every element to a value, replacing the array's data
// with a filled tensor.
func ndarrayFill(th *Thread, args []Value, kwnames []string) (Value, error) {
	var value Value
	if err := UnpackArgs("fill", args[1:], kwnames, "value", &value); err != nil {
		return nil, err
	}
	a := selfArray(args[0])
	v, err := npFillValue(value)
	if err != nil {
		return nil, err
	}
	t, err := th.apply1(ops.Fill, ops.Attrs{"shape": []int(a.t.Shape()), "dtype": a.t.DType(), "value": v}, nil...)
	if err != nil {
		return nil, err
	}
	a.t = t
	return None, nil
}

// npReduceMethod is a reduction method: sum(axis=None, dtype=None, out=None,
// keepdims=False), or without dtype when withDType is false.
func npReduceMethod(name string, r *npReduction, withDType bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		a := selfArray(args[0])
		return th.npReduceCall(name, r, a.t, args[1:], kwnames, withDType)
	}
}

// npReduceCall binds a reduction's arguments and reduces t.
func (th *Thread) npReduceCall(name string, r *npReduction, t *tensor.Tensor, args []Value, kwnames []string, withDType bool) (*NDArray, error) {
	var axis, dtype, out Value = None, None, None
	keepdims := false
	var err error
	if withDType {
		err = UnpackArgs(name, args, kwnames, "axis?", &axis, "dtype?", &dtype, "out?", &out, "keepdims?", &keepdims)
	} else {
		err = UnpackArgs(name, args, kwnames, "axis?", &axis, "out?", &out, "keepdims?", &keepdims)
	}
	if err != nil {
		return nil, err
	}
	if out != None {
		return nil, npNoOut(name)
	}
	return th.npReduce(r, t, axis, keepdims, dtype)
}

// npNoOut is the error of an out= argument, which msrepl's numpy does not
// take: arrays are never written in place.
func npNoOut(name string) error {
	return TypeErrorf("%s(): msrepl's numpy does not take out=; assign the result instead", name)
}

func npArgReduceMethod(name string, least bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var axis, out Value = None, None
		keepdims := false
		if err := UnpackArgs(name, args[1:], kwnames, "axis?", &axis, "out?", &out, "*keepdims?", &keepdims); err != nil {
			return nil, err
		}
		if out != None {
			return nil, npNoOut(name)
		}
		return th.npArgReduce(least, selfArray(args[0]).t, axis, keepdims)
	}
}
