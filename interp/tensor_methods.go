package interp

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// selfTensor is the receiver of a Tensor method.
func selfTensor(v Value) *Tensor { return v.(*Tensor) }

// copyTensor returns a new tensor equal to t, through the Cast primitive so
// that the copy is an operation the builder sees.
func (th *Thread) copyTensor(t *tensor.Tensor, dt tensor.DType) (*tensor.Tensor, error) {
	return th.apply1(ops.Cast, ops.Attrs{"dtype": dt}, t)
}

func init() {
	c := TensorClass
	for name, fn := range map[string]func(x *Tensor) Value{
		"shape":    func(x *Tensor) Value { return shapeTuple(x.t.Shape()) },
		"dtype":    func(x *Tensor) Value { return dtypeValue(x.t.DType()) },
		"ndim":     func(x *Tensor) Value { return MakeInt(int64(x.t.Rank())) },
		"size":     func(x *Tensor) Value { return dimValue(x.t.Size()) },
		"itemsize": func(x *Tensor) Value { return MakeInt(int64(x.t.DType().ItemSize())) },
		"nbytes":   func(x *Tensor) Value { return MakeInt(int64(x.t.Size() * x.t.DType().ItemSize())) },
	} {
		c.Dict.Set(name, getter(name, func(v Value) Value { return fn(selfTensor(v)) }))
	}
	defMethods(c, map[string]BuiltinFunc{
		"asnumpy": tensorAsNumpy,
		"numpy":   tensorAsNumpy,
		"tolist": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("tolist", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			t := selfTensor(args[0]).t
			if err := th.valueRead(t, "Tensor.tolist()"); err != nil {
				return nil, err
			}
			return toList(t), nil
		},
		"item": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("item", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			t := selfTensor(args[0]).t
			if err := th.valueRead(t, "Tensor.item()"); err != nil {
				return nil, err
			}
			if t.Size() != 1 {
				return nil, ValueErrorf("can only convert an array of size 1 to a Python scalar")
			}
			return item(t, 0), nil
		},
		"astype": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			var dtype, copyArg Value = nil, True
			if err := UnpackArgs("astype", args[1:], kwnames, "dtype", &dtype, "copy?", &copyArg); err != nil {
				return nil, err
			}
			dt, err := dtypeArg("astype", dtype)
			if err != nil {
				return nil, err
			}
			t, err := th.copyTensor(selfTensor(args[0]).t, dt)
			if err != nil {
				return nil, err
			}
			return NewTensor(t), nil
		},
		"copy": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("copy", args[1:], kwnames, 0, 0); err != nil {
				return nil, err
			}
			x := selfTensor(args[0]).t
			t, err := th.copyTensor(x, x.DType())
			if err != nil {
				return nil, err
			}
			return NewTensor(t), nil
		},
	})
}

func tensorAsNumpy(th *Thread, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("asnumpy", args[1:], kwnames, 0, 0); err != nil {
		return nil, err
	}
	x := selfTensor(args[0]).t
	if err := th.valueRead(x, "Tensor.asnumpy()"); err != nil {
		return nil, err
	}
	t, err := th.copyTensor(x, x.DType())
	if err != nil {
		return nil, err
	}
	return &NDArray{t: t}, nil
}
