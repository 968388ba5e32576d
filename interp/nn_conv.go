package interp

import (
	"math"
	"strings"

	"msrepl/ops"
	"msrepl/tensor"
)

// The convolution and pooling layers of mindspore.nn: Conv2d, MaxPool2d
// and AvgPool2d, over NCHW inputs.

func init() {
	for _, d := range []*cellDef{conv2dDef, poolDef("MaxPool2d", ops.MaxPool), poolDef("AvgPool2d", ops.AvgPool)} {
		d.register()
	}
}

var conv2dDef = &cellDef{
	name: "Conv2d", module: "mindspore.nn.layer.conv",
	doc: "Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0, dilation=1, group=1, " +
		"has_bias=False, weight_init=None, bias_init=None, data_format='NCHW', dtype=mstype.float32): 2-D convolution " +
		"of an (N, C, H, W) input, weight of shape (out_channels, in_channels / group, *kernel_size).",
	params: []primParam{{"in_channels", nil}, {"out_channels", nil}, {"kernel_size", nil}, {"stride", MakeInt(1)},
		{"pad_mode", Str("same")}, {"padding", MakeInt(0)}, {"dilation", MakeInt(1)}, {"group", MakeInt(1)},
		{"has_bias", False}, {"weight_init", None}, {"bias_init", None}, {"data_format", Str("NCHW")},
		{"dtype", dtypeValue(tensor.Float32)}},
	init:   conv2dInit,
	inputs: xInput,
	construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
		return tensorResult(th.conv2dForward(self, in[0]))
	},
	extendRepr: func(th *Thread, self *Instance) (string, error) {
		var vals []Value
		for _, k := range []string{"in_channels", "out_channels", "kernel_size", "stride", "pad_mode", "padding",
			"dilation", "group", "has_bias", "weight_init", "bias_init", "data_format"} {
			vals = append(vals, th.attrOrNone(self, k))
		}
		return th.reprs("input_channels=%s, output_channels=%s, kernel_size=%s, stride=%s, pad_mode=%s, padding=%s, "+
			"dilation=%s, group=%s, has_bias=%s, weight_init=%s, bias_init=%s, format=%s", vals...)
	},
}

// twice is MindSpore's twice(): an int for both of height and width, or a
// pair of them, each positive.
func twice(cls, name string, v Value) (Tuple, error) {
	var pair Tuple
	switch v := v.(type) {
	case Int:
		pair = Tuple{v, v}
	case Tuple:
		if len(v) != 2 {
			return nil, ValueErrorf("For '%s', the '%s' must be an int or a tuple of two ints, but got a tuple of %d.", cls, name, len(v))
		}
		pair = v
	default:
		return nil, TypeErrorf("For '%s', the '%s' must be an int or a tuple of two ints, but got %s.", cls, name, TypeName(v))
	}
	for _, e := range pair {
		if _, err := checkPositiveInt(cls, name+" item", e); err != nil {
			return nil, err
		}
	}
	return pair, nil
}

// checkNonNegativeInt is MindSpore's Validator.check_non_negative_int.
func checkNonNegativeInt(cls, name string, v Value) (int, error) {
	n, ok := v.(Int)
	if !ok {
		return 0, TypeErrorf("For '%s', the '%s' must be int, but got '%s'.", cls, name, TypeName(v))
	}
	if n < 0 {
		return 0, ValueErrorf("For '%s', the '%s' must be int and must >= 0, but got '%d' with type 'int'.", cls, name, n)
	}
	return int(n), nil
}

// convPadding reads Conv2d's padding, an int for all four sides or
// (top, bottom, left, right), as the four sides and as the Conv2D
// primitive's "pad" attribute takes it.
func convPadding(cls string, v Value) ([4]int, any, error) {
	var sides [4]int
	switch p := v.(type) {
	case Int:
		n, err := checkNonNegativeInt(cls, "padding", p)
		return [4]int{n, n, n, n}, n, err
	case Tuple:
		pad := make([]int, len(p))
		for i, e := range p {
			n, err := checkNonNegativeInt(cls, "padding item", e)
			if err != nil {
				return sides, nil, err
			}
			pad[i] = n
		}
		if len(pad) != 4 {
			return sides, nil, ValueErrorf("For 'Conv2D', the 'pad' must be an int or a tuple of four ints, but got %s.", pyTuple(pad))
		}
		return [4]int(pad), pad, nil
	}
	return sides, nil, TypeErrorf("For '%s', the type of 'padding' must be int or tuple(int), but got %s.", cls, TypeName(v))
}

// pyTuple writes ints as a Python tuple.
func pyTuple(v []int) string { return tensor.Shape(v).String() }

func conv2dInit(th *Thread, self *Instance, a cellArgs) error {
	const cls = "Conv2d"
	in, err := checkPositiveInt(cls, "in_channels", a["in_channels"])
	if err != nil {
		return err
	}
	out, err := checkPositiveInt(cls, "out_channels", a["out_channels"])
	if err != nil {
		return err
	}
	kernel, err := twice(cls, "kernel_size", a["kernel_size"])
	if err != nil {
		return err
	}
	stride, err := twice(cls, "stride", a["stride"])
	if err != nil {
		return err
	}
	dilation, err := twice(cls, "dilation", a["dilation"])
	if err != nil {
		return err
	}
	mode, ok := a["pad_mode"].(Str)
	if m := strings.ToLower(string(mode)); !ok || (m != "valid" && m != "same" && m != "pad") {
		return ValueErrorf("For 'Conv2D', the 'pad_mode' must be str and must be in ['valid', 'same', 'pad'], but got '%s'.", strNoThread(th, a["pad_mode"]))
	}
	format, ok := a["data_format"].(Str)
	if !ok || (format != "NCHW" && format != "NHWC" && format != "NCDHW") {
		return ValueErrorf("For '%s', the 'format' must be str and must be in ['NCHW', 'NHWC', 'NCDHW'], but got '%s'.", cls, strNoThread(th, a["data_format"]))
	}
	if format != "NCHW" {
		return ValueErrorf("For '%s', the \"NHWC\" format only support in GPU target, but got the 'format' is %s and the platform is CPU.", cls, format)
	}
	sides, _, err := convPadding(cls, a["padding"])
	if err != nil {
		return err
	}
	if m := strings.ToLower(string(mode)); m != "pad" && sides != [4]int{} {
		return ValueErrorf("For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': %s and 'pad_mode': %s.",
			pyTuple(sides[:]), m)
	}
	group, ok := a["group"].(Int)
	if !ok || group <= 0 {
		return ValueErrorf("The input value must be int and must > 0, but got '%s' with type '%s'.", strNoThread(th, a["group"]), TypeName(a["group"]))
	}
	if in%int(group) != 0 {
		return ValueErrorf("For '%s', the attr 'in_channels' must be divisible by attr 'group', but got 'in_channels': %d and 'group': %d.", cls, in, group)
	}
	if out%int(group) != 0 {
		return ValueErrorf("For '%s', the 'out_channels' must be divisible by attr 'group', but got 'out_channels': %d and 'group': %d.", cls, out, group)
	}
	hasBias, err := checkBool(cls, "has_bias", a["has_bias"])
	if err != nil {
		return err
	}
	dt, err := dtypeArg(cls, a["dtype"])
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "in_channels", a["in_channels"], "out_channels", a["out_channels"], "kernel_size", kernel,
		"stride", stride, "pad_mode", mode, "weight_init", a["weight_init"], "bias_init", a["bias_init"],
		"data_format", format, "padding", a["padding"], "dilation", dilation, "group", group, "has_bias", a["has_bias"]); err != nil {
		return err
	}
	kh, kw := int(kernel[0].(Int)), int(kernel[1].(Int))
	shape := tensor.Shape{out, in / int(group), kh, kw}
	winit := a["weight_init"]
	if winit == None {
		if winit, err = th.newInitializer("HeUniform", Float(math.Sqrt(5))); err != nil {
			return err
		}
	}
	w, err := th.newParam(winit, shape, dt, "weight", true)
	if err != nil {
		return err
	}
	if err := th.setAttrs(self, "weight", w); err != nil {
		return err
	}
	if !hasBias {
		return th.setAttrs(self, "bias", None)
	}
	binit := a["bias_init"]
	if binit == None {
		fanIn, _, err := initFans(shape)
		if err != nil {
			return err
		}
		if binit, err = th.newInitializer("Uniform", Float(1/math.Sqrt(float64(fanIn)))); err != nil {
			return err
		}
	}
	b, err := th.newParam(binit, tensor.Shape{out}, dt, "bias", true)
	if err != nil {
		return err
	}
	return th.setAttrs(self, "bias", b)
}

// conv2dForward is Conv2d.construct: the Conv2D primitive, then BiasAdd.
func (th *Thread) conv2dForward(self *Instance, xv Value) (*tensor.Tensor, error) {
	x, err := cellInput("Conv2d", "x", xv)
	if err != nil {
		return nil, err
	}
	attrs := ops.Attrs{"mode": 1}
	for _, k := range []struct{ attr, name string }{{"out_channels", "out_channel"}, {"group", "group"}} {
		n, err := th.attrInt(self, k.attr)
		if err != nil {
			return nil, err
		}
		attrs[k.name] = n
	}
	for _, k := range []struct{ attr, name string }{{"kernel_size", "kernel_size"}, {"stride", "stride"}, {"dilation", "dilation"}} {
		v, err := th.GetAttr(self, k.attr)
		if err != nil {
			return nil, err
		}
		pair, err := twice("Conv2d", k.attr, v)
		if err != nil {
			return nil, err
		}
		attrs[k.name] = []int{int(pair[0].(Int)), int(pair[1].(Int))}
	}
	mode, err := th.GetAttr(self, "pad_mode")
	if err != nil {
		return nil, err
	}
	m, _ := mode.(Str)
	attrs["pad_mode"] = strings.ToLower(string(m))
	padding, err := th.GetAttr(self, "padding")
	if err != nil {
		return nil, err
	}
	if _, attrs["pad"], err = convPadding("Conv2d", padding); err != nil {
		return nil, err
	}
	w, err := th.attrTensor(self, "weight")
	if err != nil {
		return nil, err
	}
	y, err := th.apply1(ops.Conv2D, attrs, x, w.t)
	if err != nil {
		return nil, err
	}
	hasBias, err := th.attrTruth(self, "has_bias")
	if err != nil || !hasBias {
		return y, err
	}
	b, err := th.attrTensor(self, "bias")
	if err != nil {
		return nil, err
	}
	return th.apply1(ops.BiasAdd, nil, y, b.t)
}

// poolDef defines MaxPool2d or AvgPool2d(kernel_size=1, stride=1,
// pad_mode='valid', data_format='NCHW'), which also take a (C, H, W) input.
func poolDef(name string, p *ops.Primitive) *cellDef {
	return &cellDef{
		name: name, module: "mindspore.nn.layer.pooling",
		doc: name + "(kernel_size=1, stride=1, pad_mode='valid', data_format='NCHW'): " + p.Name +
			" over the windows of an (N, C, H, W) or (C, H, W) input.",
		params: []primParam{{"kernel_size", MakeInt(1)}, {"stride", MakeInt(1)}, {"pad_mode", Str("valid")}, {"data_format", Str("NCHW")}},
		init: func(th *Thread, self *Instance, a cellArgs) error {
			mode, ok := a["pad_mode"].(Str)
			if !ok {
				return TypeErrorf("For '%s', the type of 'pad_mode' should be 'str', but got type '%s'.", name, TypeName(a["pad_mode"]))
			}
			upper := Str(strings.ToUpper(string(mode)))
			if upper != "VALID" && upper != "SAME" {
				return ValueErrorf("For '%s', the 'pad_mode' must be str and must be in ['VALID', 'SAME'], but got '%s'.", name, upper)
			}
			if f, ok := a["data_format"].(Str); !ok || (f != "NCHW" && f != "NHWC") {
				return ValueErrorf("For '%s', the 'format' must be str and must be in ['NCHW', 'NHWC'], but got '%s'.", name, strNoThread(th, a["data_format"]))
			} else if f == "NHWC" {
				return ValueErrorf("For '%s', the 'NHWC' format only support in GPU target, but got device target CPU.", name)
			}
			for _, k := range []string{"kernel_size", "stride"} {
				if err := th.checkPoolWindow(name, k, a[k]); err != nil {
					return err
				}
			}
			return th.setAttrs(self, "pad_mode", upper, "format", a["data_format"], "kernel_size", a["kernel_size"], "stride", a["stride"])
		},
		inputs: xInput,
		construct: func(th *Thread, self *Instance, in []Value) (Value, error) {
			return tensorResult(th.poolForward(name, p, self, in[0]))
		},
		extendRepr: func(th *Thread, self *Instance) (string, error) {
			return th.reprs("kernel_size=%s, stride=%s, pad_mode=%s",
				th.attrOrNone(self, "kernel_size"), th.attrOrNone(self, "stride"), th.attrOrNone(self, "pad_mode"))
		},
	}
}

// checkPoolWindow checks a pooling layer's kernel_size or stride: a
// positive int or a pair of them.
func (th *Thread) checkPoolWindow(cls, name string, v Value) error {
	ok := false
	switch v := v.(type) {
	case Int:
		ok = v > 0
	case Tuple:
		ok = len(v) == 2
		for _, e := range v {
			n, isInt := e.(Int)
			ok = ok && isInt && n > 0
		}
	default:
		return TypeErrorf("For '%s', the type of '%s' should be one of '['int', 'tuple']', but got type '%s'.", cls, name, TypeName(v))
	}
	if ok {
		return nil
	}
	r, err := th.Repr(v)
	if err != nil {
		return err
	}
	return ValueErrorf("For '%s', the '%s' must be an positive int number or a tuple of two positive int numbers, but got %s", cls, name, r)
}

// poolWindow reads a pooling window attribute as the primitive takes it.
func (th *Thread) poolWindow(self *Instance, name string) (any, error) {
	v, err := th.GetAttr(self, name)
	if err != nil {
		return nil, err
	}
	if err := th.checkPoolWindow(self.class.Name, name, v); err != nil {
		return nil, err
	}
	if n, ok := v.(Int); ok {
		return int(n), nil
	}
	t := v.(Tuple)
	return []int{int(t[0].(Int)), int(t[1].(Int))}, nil
}

// poolForward is the construct of the pooling layers: a (C, H, W) input
// gets a batch axis for the primitive and loses it after.
func (th *Thread) poolForward(name string, p *ops.Primitive, self *Instance, xv Value) (*tensor.Tensor, error) {
	x, err := cellInput(name, "x", xv)
	if err != nil {
		return nil, err
	}
	attrs := ops.Attrs{}
	if attrs["kernel_size"], err = th.poolWindow(self, "kernel_size"); err != nil {
		return nil, err
	}
	if attrs["strides"], err = th.poolWindow(self, "stride"); err != nil {
		return nil, err
	}
	mode, err := th.GetAttr(self, "pad_mode")
	if err != nil {
		return nil, err
	}
	m, _ := mode.(Str)
	attrs["pad_mode"] = string(m)
	batched := x.Rank() != 3
	if !batched {
		if x, err = th.apply1(ops.ExpandDims, ops.Attrs{"axis": 0}, x); err != nil {
			return nil, err
		}
	}
	y, err := th.apply1(p, attrs, x)
	if err != nil || batched {
		return y, err
	}
	return th.apply1(ops.Squeeze, ops.Attrs{"axis": []int{0}}, y)
}
