package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// What the layers and optimizers need of Parameter beyond Tensor: its name
// and requires_grad as attributes, and set_data, which replaces its data
// (the Parameter keeps its identity, so every cell and optimizer holding
// it sees the new data).

func init() {
	c := ParameterClass
	c.Dict.Set("name", &Property{
		Get: &Builtin{Name: "name", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return Str(selfTensor(args[0]).param.name), nil
		}},
		Set: &Builtin{Name: "name", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			p := selfTensor(args[0]).param
			switch v := args[1].(type) {
			case NoneType:
				p.name = "Parameter"
			case Str:
				p.name = string(v)
				if p.name == "" {
					p.name = "Parameter"
				}
			default:
				r, err := th.Repr(v.Type())
				if err != nil {
					return nil, err
				}
				return nil, ValueErrorf("The type of the Parameter's name should be 'string' or 'None', but got %s.", r)
			}
			return None, nil
		}},
		Del: None, Doc: Str("The name of the parameter."),
	})
	c.Dict.Set("requires_grad", &Property{
		Get: &Builtin{Name: "requires_grad", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return MakeBool(selfTensor(args[0]).param.requiresGrad), nil
		}},
		Set: &Builtin{Name: "requires_grad", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
			b, ok := args[1].(Bool)
			if !ok {
				return nil, TypeErrorf("The argument `requires_grad` must be bool type")
			}
			selfTensor(args[0]).param.requiresGrad = bool(b)
			return None, nil
		}},
		Del: None, Doc: Str("Whether the parameter requires gradient."),
	})
	c.Dict.Set("data", getter("data", func(x Value) Value { return x }))
	defMethods(c, map[string]BuiltinFunc{"set_data": parameterSetData})
	// MindSpore fills a tensor made by an initializer lazily, at
	// init_data(); msrepl fills it at once, so init_data has nothing left
	// to do.
	defMethods(TensorClass, map[string]BuiltinFunc{
		"init_data": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var layout, setSliced Value = None, False
			if err := UnpackArgs("init_data", args[1:], kwnames, "layout?", &layout, "set_sliced?", &setSliced); err != nil {
				return nil, err
			}
			return args[0], nil
		},
	})
}

// conversionRank is MindSpore's implicit_conversion_seq: set_data casts
// data down this order, never up.
var conversionRank = map[tensor.DType]int{
	tensor.Bool: 0, tensor.Int8: 1, tensor.UInt8: 2, tensor.Int16: 3, tensor.Int32: 4, tensor.Int64: 5,
	tensor.Float16: 6, tensor.Float32: 7, tensor.Float64: 8,
}

// parameterSetData is Parameter.set_data(data, slice_shape=False).
func parameterSetData(th *Thread, args []Value, kwnames []string) (Value, error) {
	var data, sliceShape Value = nil, False
	if err := UnpackArgs("set_data", args[1:], kwnames, "data", &data, "slice_shape?", &sliceShape); err != nil {
		return nil, err
	}
	p := selfTensor(args[0])
	cur := p.t.DType()
	var t *tensor.Tensor
	switch d := data.(type) {
	case *Tensor:
		t = d.t
	case Int, Float:
		if _, isFloat := d.(Float); isFloat && !cur.IsFloat() {
			return nil, TypeErrorf("Incoming Parameter dtype can not be converted to current dtype implicitly. Current dtype is %v, and incoming is Float. Use .set_dtype(xxx) to change the dtype.", cur)
		}
		f, _, _ := asFloat(d)
		n, _ := asInt64(d)
		var err error
		if t, err = th.scalarTensor(cur, f, n); err != nil {
			return nil, err
		}
	default:
		r, err := th.Repr(data.Type())
		if err != nil {
			return nil, err
		}
		return nil, TypeErrorf("Parameter data must be [`Tensor`, `int`, `float`] or a kind of `Tensor` (like `Tensor`). But with type %s.", r)
	}
	slice, err := th.Truth(sliceShape)
	if err != nil {
		return nil, err
	}
	if !slice && !t.Shape().Equal(p.t.Shape()) {
		return nil, ValueErrorf("Can not change the shape of Parameter which has been initialized. Current shape is %v, and incoming is %v.",
			p.t.Shape(), t.Shape())
	}
	if t.DType() != cur {
		if conversionRank[cur] < conversionRank[t.DType()] {
			return nil, TypeErrorf("Incoming Parameter dtype can not be converted to current dtype implicitly. Current dtype is %v, and incoming is %v. Use .set_dtype(xxx) to change the dtype.",
				cur, t.DType())
		}
		if t, err = th.copyTensor(t, cur); err != nil {
			return nil, err
		}
	}
	p.t = t
	return p, nil
}

// setParamData replaces a Parameter's data with a tensor that an update
// computed, of the same shape, in the Parameter's dtype.
func (th *Thread) setParamData(p *Tensor, t *tensor.Tensor) error {
	if t.Abstract() && t != p.t {
		return th.assignInGraph(p, t)
	}
	if t.DType() != p.t.DType() {
		var err error
		if t, err = th.copyTensor(t, p.t.DType()); err != nil {
			return err
		}
	}
	p.t = t
	th.trackParam(p)
	return nil
}

// assignInGraph is a Parameter's assignment while a graph is captured: an
// Assign node updates its data when the graph runs, and the Parameter
// keeps its data, which the rest of the graph reads through the Assign.
func (th *Thread) assignInGraph(p *Tensor, t *tensor.Tensor) error {
	rt := th.ms()
	tr, ok := rt.tracer()
	if !ok {
		return Errorf(SystemErrorClass, "internal error: an abstract value for Parameter '%s' outside a capture", p.param.name)
	}
	if t.DType() != p.t.DType() {
		out, err := rt.builder.Apply(ops.Cast, ops.Attrs{"dtype": p.t.DType()}, t)
		if err != nil {
			return opsError(err)
		}
		t = out[0].(*tensor.Tensor)
	}
	if err := tr.Assign(p.t, t); err != nil {
		return Errorf(RuntimeErrorClass, "Assigning to Parameter '%s': %v", p.param.name, err)
	}
	return nil
}
