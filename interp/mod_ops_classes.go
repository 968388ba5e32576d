package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// The primitive classes of mindspore.ops beyond the elementwise ones. Their
// constructor arguments become the primitive's attributes under the same
// names, and a call takes the tensors (and, for some, the axis or shape
// MindSpore passes at call time).

// toAttr converts a constructor argument to an attribute value.
func toAttr(fname, name string, v Value) (any, error) {
	switch v := v.(type) {
	case Bool:
		return bool(v), nil
	case Int:
		return int(v), nil
	case Float:
		return float64(v), nil
	case Str:
		return string(v), nil
	case NoneType:
		return nil, nil
	case Tuple:
		return intsArg(fname, name, v)
	case *List:
		return intsArg(fname, name, v.elems)
	}
	if d, ok := asDType(v); ok {
		return d, nil
	}
	return nil, TypeErrorf("For '%s', the '%s' must be a number, string, tuple of ints or dtype, but got %s.", fname, name, TypeName(v))
}

// initAttrs turns every constructor argument into an attribute.
func initAttrs(fname string) func(th *Thread, init map[string]Value) (ops.Attrs, error) {
	return func(th *Thread, init map[string]Value) (ops.Attrs, error) {
		a := ops.Attrs{}
		for k, v := range init {
			x, err := toAttr(fname, k, v)
			if err != nil {
				return nil, err
			}
			if x != nil {
				a[k] = x
			}
		}
		return a, nil
	}
}

// tensorCall applies the primitive to n tensor arguments with the
// object's attributes; several outputs come back as a tuple.
func tensorCall(p *ops.Primitive, names ...string) func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
	return func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
		vals := make([]Value, len(names))
		pairs := make([]any, 0, 2*len(names))
		for i, n := range names {
			pairs = append(pairs, n, &vals[i])
		}
		if err := UnpackArgs(p.Name, args, kwnames, pairs...); err != nil {
			return nil, err
		}
		in := make([]*tensor.Tensor, len(vals))
		for i, v := range vals {
			t, err := tensorArg(p.Name, names[i], v)
			if err != nil {
				return nil, err
			}
			in[i] = t
		}
		out, err := th.apply(p, pv.attrs, in...)
		if err != nil {
			return nil, err
		}
		if len(out) == 1 {
			return NewTensor(out[0]), nil
		}
		items := make(Tuple, len(out))
		for i, o := range out {
			items[i] = NewTensor(o)
		}
		return items, nil
	}
}

// funcCall makes a class's call a functional form of the module.
func funcCall(fn BuiltinFunc) func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
	return func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
		return fn(th, args, kwnames)
	}
}

// reduceCall is the call of the Reduce* classes: (x, axis=()).
func reduceCall(p *ops.Primitive) func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
	return func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
		var x, axis Value = nil, Tuple{}
		if err := UnpackArgs(p.Name, args, kwnames, "x", &x, "axis?", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg(p.Name, "x", x)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(p.Name, axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(p, ops.Attrs{"axis": axes, "keep_dims": pv.attrs.Bool("keep_dims", false)}, t))
	}
}

func param(name string, def Value) primParam { return primParam{name, def} }

func opsClassDefs() []*primDef {
	keep := []primParam{param("keep_dims", False)}
	transposes := []primParam{param("transpose_a", False), param("transpose_b", False)}
	var defs []*primDef
	for _, p := range []*ops.Primitive{ops.ReduceSum, ops.ReduceMean, ops.ReduceMax, ops.ReduceMin, ops.ReduceProd, ops.ReduceAll, ops.ReduceAny} {
		defs = append(defs, &primDef{name: p.Name, params: keep, attrs: initAttrs(p.Name), call: reduceCall(p)})
	}
	for _, p := range []*ops.Primitive{ops.Argmax, ops.Argmin} {
		defs = append(defs, &primDef{name: p.Name, params: []primParam{param("axis", MakeInt(-1)), param("output_type", dtypeValue(tensor.Int32))},
			attrs: initAttrs(p.Name), call: tensorCall(p, "x")})
	}
	for _, p := range []*ops.Primitive{ops.Softmax, ops.LogSoftmax} {
		defs = append(defs, &primDef{name: p.Name, params: []primParam{param("axis", MakeInt(-1))}, attrs: initAttrs(p.Name), call: tensorCall(p, "x")})
	}
	defs = append(defs,
		&primDef{name: "MatMul", params: transposes, attrs: initAttrs("MatMul"), call: tensorCall(ops.MatMul, "x", "y")},
		&primDef{name: "BatchMatMul", params: transposes, attrs: initAttrs("BatchMatMul"), call: tensorCall(ops.BatchMatMul, "x", "y")},
		&primDef{name: "BiasAdd", params: []primParam{param("data_format", Str("NCHW"))}, attrs: initAttrs("BiasAdd"), call: tensorCall(ops.BiasAdd, "input_x", "bias")},
		&primDef{name: "Conv2D", params: []primParam{param("out_channel", None), param("kernel_size", None), param("mode", MakeInt(1)),
			param("pad_mode", Str("valid")), param("pad", MakeInt(0)), param("stride", MakeInt(1)), param("dilation", MakeInt(1)),
			param("group", MakeInt(1)), param("data_format", Str("NCHW"))}, attrs: initAttrs("Conv2D"), call: tensorCall(ops.Conv2D, "x", "w")},
		&primDef{name: "MaxPool", params: []primParam{param("kernel_size", MakeInt(1)), param("strides", MakeInt(1)),
			param("pad_mode", Str("valid")), param("data_format", Str("NCHW"))}, attrs: initAttrs("MaxPool"), call: tensorCall(ops.MaxPool, "x")},
		&primDef{name: "AvgPool", params: []primParam{param("kernel_size", MakeInt(1)), param("strides", MakeInt(1)),
			param("pad_mode", Str("valid")), param("data_format", Str("NCHW"))}, attrs: initAttrs("AvgPool"), call: tensorCall(ops.AvgPool, "x")},
		&primDef{name: "Select", call: tensorCall(ops.Select, "cond", "x", "y")},
		&primDef{name: "ZerosLike", call: funcCall(likeFunc("ZerosLike", 0))},
		&primDef{name: "OnesLike", call: funcCall(likeFunc("OnesLike", 1))},
		&primDef{name: "Dropout", params: []primParam{param("keep_prob", Float(0.5)), param("Seed0", MakeInt(0)), param("Seed1", MakeInt(0))},
			attrs: func(th *Thread, init map[string]Value) (ops.Attrs, error) {
				k, ok, err := asFloat(init["keep_prob"])
				if err != nil || !ok {
					return nil, TypeErrorf("For 'Dropout', the 'keep_prob' must be a float, but got %s.", TypeName(init["keep_prob"]))
				}
				return ops.Attrs{"keep_prob": k}, nil
			}, call: tensorCall(ops.Dropout, "x")},
	)
	defs = append(defs, gradOperationDef)
	for name, fn := range map[string]string{
		"Reshape": "reshape", "Transpose": "transpose", "ExpandDims": "expand_dims", "Cast": "cast", "Fill": "fill",
		"Gather": "gather", "Shape": "shape", "Rank": "rank", "Assign": "assign", "Print": "print_",
	} {
		defs = append(defs, callPrimFunc(name, opsFuncs[fn].fn))
	}
	// Classes whose constructor takes what the functional form takes at
	// call time.
	for _, c := range []struct {
		name, fn string
		params   []primParam
		// args builds the functional form's arguments from the call's and
		// the constructor's.
		args func(call []Value, init map[string]Value) []Value
	}{
		{"Concat", "concat", []primParam{param("axis", MakeInt(0))}, func(call []Value, init map[string]Value) []Value { return append(call, init["axis"]) }},
		{"Stack", "stack", []primParam{param("axis", MakeInt(0))}, func(call []Value, init map[string]Value) []Value { return append(call, init["axis"]) }},
		{"Squeeze", "squeeze", []primParam{param("axis", Tuple{})}, func(call []Value, init map[string]Value) []Value {
			if t, ok := init["axis"].(Tuple); ok && len(t) == 0 {
				return append(call, None)
			}
			return append(call, init["axis"])
		}},
		{"OneHot", "one_hot", []primParam{param("axis", MakeInt(-1))}, func(call []Value, init map[string]Value) []Value { return append(call, init["axis"]) }},
		{"BroadcastTo", "broadcast_to", []primParam{param("shape", nil)}, func(call []Value, init map[string]Value) []Value { return append(call, init["shape"]) }},
	} {
		fn := opsFuncs[c.fn].fn
		build := c.args
		defs = append(defs, &primDef{name: c.name, params: c.params,
			call: func(th *Thread, pv *PrimValue, args []Value, kwnames []string) (Value, error) {
				if err := noKwargs(c.name, kwnames); err != nil {
					return nil, err
				}
				init := map[string]Value{}
				for _, a := range pv.init {
					init[a.name] = a.v
				}
				return fn(th, build(append([]Value(nil), args...), init), nil)
			}})
	}
	return defs
}
