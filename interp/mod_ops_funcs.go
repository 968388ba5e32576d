package interp

import (
	"fmt"
	"msrepl/ops"
	"msrepl/tensor"
)

// The functional forms of mindspore.ops beyond the elementwise ones:
// reductions, shapes, creation, selection and activations.

// tensorResult wraps a primitive's output.
func tensorResult(t *tensor.Tensor, err error) (Value, error) {
	if err != nil {
		return nil, err
	}
	return NewTensor(t), nil
}

// tensorsArg reads a tuple or list of tensors.
func tensorsArg(fname, what string, v Value) ([]*tensor.Tensor, error) {
	var items []Value
	switch v := v.(type) {
	case Tuple:
		items = v
	case *List:
		items = v.elems
	default:
		return nil, TypeErrorf("For '%s', the '%s' must be a tuple or list of Tensors, but got %s.", fname, what, TypeName(v))
	}
	out := make([]*tensor.Tensor, len(items))
	for i, it := range items {
		t, err := tensorArg(fname, what, it)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// scalarAttr converts a Python number to an attribute value (int, float64
// or bool).
func scalarAttr(fname, what string, v Value) (any, error) {
	switch v := v.(type) {
	case Bool:
		return bool(v), nil
	case Int:
		return int(v), nil
	case Float:
		return float64(v), nil
	case *Tensor:
		if v.t.Size() == 1 {
			if v.t.Abstract() {
				return nil, jitValueUnknown(fmt.Sprintf("For '%s', the '%s' given as a Tensor", fname, what))
			}
			if v.t.DType().IsFloat() {
				return v.t.Float(0), nil
			}
			return int(v.t.Int(0)), nil
		}
	}
	return nil, TypeErrorf("For '%s', the '%s' must be a number, but got %s.", fname, what, TypeName(v))
}

// dtypeOr reads an optional dtype argument.
func dtypeOr(fname string, v Value, def tensor.DType) (tensor.DType, error) {
	if v == None {
		return def, nil
	}
	return dtypeArg(fname, v)
}

// fillTensor makes a tensor of shape and dtype filled with value.
func (th *Thread) fillTensor(fname string, shape Value, dt tensor.DType, value any) (*tensor.Tensor, error) {
	var s []int
	var err error
	switch v := shape.(type) {
	case Int:
		s = []int{int(v)}
	default:
		if s, err = shapeArgs(fname, []Value{shape}); err != nil {
			return nil, err
		}
	}
	return th.apply1(ops.Fill, ops.Attrs{"shape": s, "dtype": dt, "value": value}, nil...)
}

var opsFuncs = map[string]struct {
	sig string
	fn  BuiltinFunc
}{
	"sum": {"sum(input, dim=None, keepdim=False, *, dtype=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis, keep, dtype Value = nil, None, False, None
		if err := UnpackArgs("sum", args, kwnames, "input", &x, "dim?", &axis, "keepdim?", &keep, "*dtype?", &dtype); err != nil {
			return nil, err
		}
		t, err := tensorArg("sum", "input", x)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.reduce("sum", ops.ReduceSum, t, axis, keep, False, dtype))
	}},
	"mean":   {"mean(x, axis=None, keep_dims=False)", reduceFunc("mean", ops.ReduceMean, "x", "keep_dims")},
	"amax":   {"amax(input, axis=None, keepdims=False)", reduceFunc("amax", ops.ReduceMax, "input", "keepdims")},
	"amin":   {"amin(input, axis=None, keepdims=False)", reduceFunc("amin", ops.ReduceMin, "input", "keepdims")},
	"prod":   {"prod(input, axis=None, keep_dims=False)", reduceFunc("prod", ops.ReduceProd, "input", "keep_dims")},
	"argmax": {"argmax(input, dim=None, keepdim=False)", argFunc("argmax", ops.Argmax)},
	"argmin": {"argmin(input, axis=None, keepdims=False)", argFunc("argmin", ops.Argmin)},
	"reshape": {"reshape(input, shape)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, shape Value
		if err := UnpackArgs("reshape", args, kwnames, "input", &x, "shape", &shape); err != nil {
			return nil, err
		}
		t, err := tensorArg("reshape", "input", x)
		if err != nil {
			return nil, err
		}
		s, err := shapeArgs("reshape", []Value{shape})
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.Reshape, ops.Attrs{"shape": s}, t))
	}},
	"transpose": {"transpose(input, input_perm)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, perm Value
		if err := UnpackArgs("transpose", args, kwnames, "input", &x, "input_perm", &perm); err != nil {
			return nil, err
		}
		t, err := tensorArg("transpose", "input", x)
		if err != nil {
			return nil, err
		}
		p, err := shapeArgs("transpose", []Value{perm})
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.Transpose, ops.Attrs{"perm": p}, t))
	}},
	"concat": {"concat(tensors, axis=0)", joinFunc("concat", ops.Concat)},
	"cat":    {"cat(tensors, axis=0)", joinFunc("cat", ops.Concat)},
	"stack":  {"stack(tensors, axis=0)", joinFunc("stack", ops.Stack)},
	"split": {"split(tensor, split_size_or_sections, axis=0)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, sections, axis Value = nil, nil, MakeInt(0)
		if err := UnpackArgs("split", args, kwnames, "tensor", &x, "split_size_or_sections", &sections, "axis?", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg("split", "tensor", x)
		if err != nil {
			return nil, err
		}
		ax, err := toIndex(axis)
		if err != nil {
			return nil, err
		}
		a := ops.Attrs{"axis": ax}
		if n, ok := sections.(Int); ok {
			// A chunk size: equal chunks and a smaller last one.
			d := t.Shape()[normAxis(ax, t.Rank())]
			var sizes []int
			for left := d; left > 0; left -= int(n) {
				sizes = append(sizes, min(int(n), left))
			}
			a["sizes"] = sizes
		} else {
			sizes, err := shapeArgs("split", []Value{sections})
			if err != nil {
				return nil, err
			}
			a["sizes"] = sizes
		}
		out, err := th.apply(ops.Split, a, t)
		if err != nil {
			return nil, err
		}
		items := make(Tuple, len(out))
		for i, o := range out {
			items[i] = NewTensor(o)
		}
		return items, nil
	}},
	"squeeze": {"squeeze(input, axis=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis Value = nil, None
		if err := UnpackArgs("squeeze", args, kwnames, "input", &x, "axis?", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg("squeeze", "input", x)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg("squeeze", axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.Squeeze, ops.Attrs{"axis": axes}, t))
	}},
	"expand_dims": {"expand_dims(input_x, axis)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis Value
		if err := UnpackArgs("expand_dims", args, kwnames, "input_x", &x, "axis", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg("expand_dims", "input_x", x)
		if err != nil {
			return nil, err
		}
		ax, err := toIndex(axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.ExpandDims, ops.Attrs{"axis": ax}, t))
	}},
	"broadcast_to": {"broadcast_to(input, shape)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, shape Value
		if err := UnpackArgs("broadcast_to", args, kwnames, "input", &x, "shape", &shape); err != nil {
			return nil, err
		}
		t, err := tensorArg("broadcast_to", "input", x)
		if err != nil {
			return nil, err
		}
		s, err := shapeArgs("broadcast_to", []Value{shape})
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.BroadcastTo, ops.Attrs{"shape": s}, t))
	}},
	"arange": {"arange(start=0, end=None, step=1, *, dtype=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var start, end, step, dtype Value = MakeInt(0), None, MakeInt(1), None
		if err := UnpackArgs("arange", args, kwnames, "start?", &start, "end?", &end, "step?", &step, "*dtype?", &dtype); err != nil {
			return nil, err
		}
		if end == None {
			start, end = MakeInt(0), start
		}
		// MindSpore infers int64 from ints and float32 from any float.
		if dtype == None {
			dtype = dtypeValue(tensor.Int64)
			for _, v := range []Value{start, end, step} {
				if _, isInt := v.(Int); !isInt {
					dtype = dtypeValue(tensor.Float32)
				}
			}
		}
		a, err := npArange(th, []Value{start, end, step, dtype}, []string{"dtype"})
		if err != nil {
			return nil, err
		}
		return NewTensor(a.(*NDArray).t), nil
	}},
	"ones":       {"ones(shape, dtype=None)", fillFunc("ones", 1)},
	"zeros":      {"zeros(shape, dtype=None)", fillFunc("zeros", 0)},
	"ones_like":  {"ones_like(input, dtype=None)", likeFunc("ones_like", 1)},
	"zeros_like": {"zeros_like(input, dtype=None)", likeFunc("zeros_like", 0)},
	"full": {"full(size, fill_value, *, dtype=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var size, value, dtype Value = nil, nil, None
		if err := UnpackArgs("full", args, kwnames, "size", &size, "fill_value", &value, "*dtype?", &dtype); err != nil {
			return nil, err
		}
		v, err := scalarAttr("full", "fill_value", value)
		if err != nil {
			return nil, err
		}
		def := tensor.Int64
		switch v.(type) {
		case float64:
			def = tensor.Float32
		case bool:
			def = tensor.Bool
		}
		dt, err := dtypeOr("full", dtype, def)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.fillTensor("full", size, dt, v))
	}},
	"fill": {"fill(type, shape, value)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var dtype, shape, value Value
		if err := UnpackArgs("fill", args, kwnames, "type", &dtype, "shape", &shape, "value", &value); err != nil {
			return nil, err
		}
		dt, err := dtypeOr("fill", dtype, tensor.Float32)
		if err != nil {
			return nil, err
		}
		v, err := scalarAttr("fill", "value", value)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.fillTensor("fill", shape, dt, v))
	}},
	"cast": {"cast(input, dtype)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, dtype Value
		if err := UnpackArgs("cast", args, kwnames, "input", &x, "dtype", &dtype); err != nil {
			return nil, err
		}
		t, err := tensorArg("cast", "input", x)
		if err != nil {
			return nil, err
		}
		dt, err := dtypeArg("cast", dtype)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.copyTensor(t, dt))
	}},
	"where": {"where(condition, input, other)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var c, x, y Value
		if err := UnpackArgs("where", args, kwnames, "condition", &c, "input", &x, "other", &y); err != nil {
			return nil, err
		}
		ct, err := tensorArg("where", "condition", c)
		if err != nil {
			return nil, err
		}
		a, b, err := th.operandPair("Select", x, y)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.Select, nil, ct, a, b))
	}},
	"clip_by_value": {"clip_by_value(x, clip_value_min=None, clip_value_max=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, lo, hi Value = nil, None, None
		if err := UnpackArgs("clip_by_value", args, kwnames, "x", &x, "clip_value_min?", &lo, "clip_value_max?", &hi); err != nil {
			return nil, err
		}
		t, err := tensorArg("clip_by_value", "x", x)
		if err != nil {
			return nil, err
		}
		for _, bound := range []struct {
			v Value
			p *ops.Primitive
		}{{lo, ops.Maximum}, {hi, ops.Minimum}} {
			if bound.v == None {
				continue
			}
			b, ok, err := th.tensorOperand(t.DType(), bound.v)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, TypeErrorf("For 'clip_by_value', the bounds must be numbers or Tensors, but got %s.", TypeName(bound.v))
			}
			if t, err = th.apply1(bound.p, nil, t, b); err != nil {
				return nil, err
			}
		}
		return NewTensor(t), nil
	}},
	"gather": {"gather(input_params, input_indices, axis, batch_dims=0)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, idx, axis, batch Value = nil, nil, nil, MakeInt(0)
		if err := UnpackArgs("gather", args, kwnames, "input_params", &x, "input_indices", &idx, "axis", &axis, "batch_dims?", &batch); err != nil {
			return nil, err
		}
		t, err := tensorArg("gather", "input_params", x)
		if err != nil {
			return nil, err
		}
		it, err := th.intIndexTensor(idx)
		if err != nil {
			return nil, err
		}
		ax, err := toIndex(axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(ops.Gather, ops.Attrs{"axis": ax}, t, it))
	}},
	"one_hot": {"one_hot(indices, depth, on_value=1, off_value=0, axis=-1)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var idx, depth, on, off, axis Value = nil, nil, MakeInt(1), MakeInt(0), MakeInt(-1)
		if err := UnpackArgs("one_hot", args, kwnames, "indices", &idx, "depth", &depth, "on_value?", &on, "off_value?", &off, "axis?", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg("one_hot", "indices", idx)
		if err != nil {
			return nil, err
		}
		d, err := toIndex(depth)
		if err != nil {
			return nil, err
		}
		ax, err := toIndex(axis)
		if err != nil {
			return nil, err
		}
		onv, err := scalarAttr("one_hot", "on_value", on)
		if err != nil {
			return nil, err
		}
		offv, err := scalarAttr("one_hot", "off_value", off)
		if err != nil {
			return nil, err
		}
		dt := tensor.Int64
		if _, isFloat := onv.(float64); isFloat {
			dt = tensor.Float32
		}
		if ot, ok := on.(*Tensor); ok {
			dt = ot.t.DType()
		}
		return tensorResult(th.apply1(ops.OneHot, ops.Attrs{"depth": d, "on_value": onv, "off_value": offv, "axis": ax, "dtype": dt}, t))
	}},
	"softmax":     {"softmax(input, axis=-1)", softmaxFunc("softmax", ops.Softmax)},
	"log_softmax": {"log_softmax(logits, axis=-1)", softmaxFunc("log_softmax", ops.LogSoftmax)},
	"dropout": {"dropout(input, p=0.5, training=True, seed=None)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, p, training, seed Value = nil, Float(0.5), True, None
		if err := UnpackArgs("dropout", args, kwnames, "input", &x, "p?", &p, "training?", &training, "seed?", &seed); err != nil {
			return nil, err
		}
		t, err := tensorArg("dropout", "input", x)
		if err != nil {
			return nil, err
		}
		on, err := th.Truth(training)
		if err != nil {
			return nil, err
		}
		pf, ok, err := asFloat(p)
		if err != nil || !ok || pf < 0 || pf > 1 {
			return nil, ValueErrorf("For 'dropout', the 'p' must be in range [0, 1], but got %s.", reprOrType(p))
		}
		if !on || pf == 0 {
			return x, nil
		}
		if pf == 1 {
			return tensorResult(th.fillTensor("dropout", shapeTuple(t.Shape()), t.DType(), 0))
		}
		out, err := th.apply(ops.Dropout, ops.Attrs{"keep_prob": 1 - pf}, t)
		if err != nil {
			return nil, err
		}
		return NewTensor(out[0]), nil
	}},
	"matmul": {"matmul(input, other)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, y Value
		if err := UnpackArgs("matmul", args, kwnames, "input", &x, "other", &y); err != nil {
			return nil, err
		}
		a, b, err := th.operandPair("MatMul", x, y)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.matmul(a, b))
	}},
	"shape": {"shape(input)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x Value
		if err := UnpackArgs("shape", args, kwnames, "input", &x); err != nil {
			return nil, err
		}
		t, err := tensorArg("shape", "input", x)
		if err != nil {
			return nil, err
		}
		return shapeTuple(t.Shape()), nil
	}},
	"rank": {"rank(input_x)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x Value
		if err := UnpackArgs("rank", args, kwnames, "input_x", &x); err != nil {
			return nil, err
		}
		t, err := tensorArg("rank", "input_x", x)
		if err != nil {
			return nil, err
		}
		return MakeInt(int64(t.Rank())), nil
	}},
	"stop_gradient": {"stop_gradient(value)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x Value
		if err := UnpackArgs("stop_gradient", args, kwnames, "value", &x); err != nil {
			return nil, err
		}
		return th.stopGradient(x)
	}},
	"depend": {"depend(value, expr)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var v, expr Value
		if err := UnpackArgs("depend", args, kwnames, "value", &v, "expr", &expr); err != nil {
			return nil, err
		}
		return v, nil
	}},
	"assign": {"assign(variable, value)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var v, value Value
		if err := UnpackArgs("assign", args, kwnames, "variable", &v, "value", &value); err != nil {
			return nil, err
		}
		p, ok := v.(*Tensor)
		if !ok || p.param == nil {
			return nil, TypeErrorf("For 'Assign', the 'variable' must be a Parameter, but got %s.", TypeName(v))
		}
		val, ok, err := th.tensorOperand(p.t.DType(), value)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, TypeErrorf("For 'Assign', the 'value' must be a Tensor, but got %s.", TypeName(value))
		}
		if !val.Shape().Equal(p.t.Shape()) {
			if val, err = th.apply1(ops.BroadcastTo, ops.Attrs{"shape": []int(p.t.Shape())}, val); err != nil {
				return nil, err
			}
		}
		if val.Abstract() {
			return p, th.assignInGraph(p, val)
		}
		if p.t, err = th.copyTensor(val, p.t.DType()); err != nil {
			return nil, err
		}
		return p, nil
	}},
	"print_": {"print_(*input_x)", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := noKwargs("print_", kwnames); err != nil {
			return nil, err
		}
		_, err := builtinPrint(th, args, nil)
		return None, err
	}},
}

func normAxis(ax, rank int) int {
	if ax < 0 {
		ax += rank
	}
	return max(0, min(ax, rank-1))
}

func reduceFunc(fname string, p *ops.Primitive, xname, keepName string) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis, keep Value = nil, None, False
		if err := UnpackArgs(fname, args, kwnames, xname, &x, "axis?", &axis, keepName+"?", &keep); err != nil {
			return nil, err
		}
		t, err := tensorArg(fname, xname, x)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.reduce(fname, p, t, axis, keep, False, None))
	}
}

func argFunc(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis, keep Value = nil, None, False
		if err := UnpackArgs(fname, args, kwnames, "input", &x, "dim?", &axis, "keepdim?", &keep); err != nil {
			return nil, err
		}
		t, err := tensorArg(fname, "input", x)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.argReduce(p, t, axis, keep, tensor.Int64))
	}
}

func joinFunc(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var xs, axis Value = nil, MakeInt(0)
		if err := UnpackArgs(fname, args, kwnames, "tensors", &xs, "axis?", &axis); err != nil {
			return nil, err
		}
		ts, err := tensorsArg(fname, "tensors", xs)
		if err != nil {
			return nil, err
		}
		ax, err := toIndex(axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(p, ops.Attrs{"axis": ax}, ts...))
	}
}

func fillFunc(fname string, value int) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var shape, dtype Value = nil, None
		if err := UnpackArgs(fname, args, kwnames, "shape", &shape, "dtype?", &dtype); err != nil {
			return nil, err
		}
		dt, err := dtypeOr(fname, dtype, tensor.Float32)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.fillTensor(fname, shape, dt, value))
	}
}

func likeFunc(fname string, value int) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, dtype Value = nil, None
		if err := UnpackArgs(fname, args, kwnames, "input", &x, "dtype?", &dtype); err != nil {
			return nil, err
		}
		t, err := tensorArg(fname, "input", x)
		if err != nil {
			return nil, err
		}
		dt, err := dtypeOr(fname, dtype, t.DType())
		if err != nil {
			return nil, err
		}
		return tensorResult(th.fillTensor(fname, shapeTuple(t.Shape()), dt, value))
	}
}

func softmaxFunc(fname string, p *ops.Primitive) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x, axis Value = nil, MakeInt(-1)
		if err := UnpackArgs(fname, args, kwnames, "input", &x, "axis?", &axis); err != nil {
			return nil, err
		}
		t, err := tensorArg(fname, "input", x)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(fname, axis)
		if err != nil {
			return nil, err
		}
		return tensorResult(th.apply1(p, ops.Attrs{"axis": axes}, t))
	}
}
