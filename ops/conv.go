package ops

import (
	"fmt"
	"strings"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// hwAttr reads a height-and-width attribute as MindSpore's conv and pool
// primitives take one: an int for both, a pair, or the NCHW four-tuple
// (1, 1, h, w). It gives def when the attribute is absent, and reports a
// value of another form or with a non-positive entry.
func hwAttr(op string, a Attrs, name string, def [2]int) ([2]int, error) {
	var hw [2]int
	switch v := a[name].(type) {
	case nil:
		hw = def
	case int:
		hw = [2]int{v, v}
	case []int:
		switch len(v) {
		case 2:
			hw = [2]int{v[0], v[1]}
		case 4:
			hw = [2]int{v[2], v[3]}
		default:
			return hw, hwError(op, name, v)
		}
	default:
		return hw, hwError(op, name, v)
	}
	if knownNonPositive(hw[0]) || knownNonPositive(hw[1]) {
		return hw, hwError(op, name, a[name])
	}
	return hw, nil
}

func hwError(op, name string, v any) error {
	return Errorf(ValueError, op, "the '%s' should be a positive int number or a tuple of two or four positive int numbers, but got %s",
		name, pyValue(v))
}

// pyValue writes an attribute as Python would: ints as ints, lists of
// ints as tuples.
func pyValue(v any) string {
	s, ok := v.([]int)
	if !ok {
		return fmt.Sprint(v)
	}
	return tensor.Shape(s).String()
}

// floorDiv is ⌊a/b⌋ for b > 0, negative a included.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// ceilDiv is ⌈a/b⌉ for b > 0, negative a included.
func ceilDiv(a, b int) int { return -floorDiv(-a, b) }

// convDTypes are the dtypes Conv2D takes (MindSpore's, less BFloat16);
// int8 computes and results in int32.
var convDTypes = []tensor.DType{tensor.Int8, tensor.Int32, tensor.Int64, tensor.Float16, tensor.Float32}

// conv2D checks a Conv2D application and works out its geometry: the
// kernel parameters and the dtype it computes and results in.
func conv2D(a Attrs, x, w tensor.Meta) (cpu.Conv2DParams, tensor.DType, error) {
	const op = "Conv2D"
	if err := checkDType(op, "x", x.DType, convDTypes...); err != nil {
		return cpu.Conv2DParams{}, 0, err
	}
	if w.DType != x.DType {
		return cpu.Conv2DParams{}, 0, Errorf(TypeError, op, "the type of 'weight' should be same as 'x', but got 'x' with type Tensor[%v] and 'weight' with type Tensor[%v].",
			x.DType, w.DType)
	}
	dt := x.DType
	if dt == tensor.Int8 {
		dt = tensor.Int32
	}
	p, err := convGeometry(op, a, x.Shape, w.Shape)
	return p, dt, err
}

// convGeometry checks the shapes and attributes of a Conv2D of an input
// of shape x by a weight of shape w, and works out the kernel parameters;
// errors name op, Conv2D or one of its gradients.
func convGeometry(op string, a Attrs, x, w tensor.Shape) (cpu.Conv2DParams, error) {
	var p cpu.Conv2DParams
	for _, v := range []struct {
		name  string
		shape tensor.Shape
	}{{"x", x}, {"w", w}} {
		if len(v.shape) != 4 {
			return p, &Error{Kind: ValueError, Msg: fmt.Sprintf("For primitive[%s], the %s shape size must be equal to 4, but got %d.", op, v.name, len(v.shape))}
		}
	}
	if mode := a.Int("mode", 1); mode != 1 {
		return p, Errorf(ValueError, op, "the 'mode' must be equal to 1, but got %d.", mode)
	}
	if f := a.String("data_format", "NCHW"); f != "NCHW" {
		return p, Errorf(ValueError, op, "the 'NHWC' format is only supported in GPU target, but got the 'format' is %s and the platform is CPU.", f)
	}
	kernel, err := hwAttr(op, a, "kernel_size", [2]int{w[2], w[3]})
	if err != nil {
		return p, err
	}
	stride, err := hwAttr(op, a, "stride", [2]int{1, 1})
	if err != nil {
		return p, err
	}
	dilation, err := hwAttr(op, a, "dilation", [2]int{1, 1})
	if err != nil {
		return p, err
	}
	mode := strings.ToLower(a.String("pad_mode", "valid"))
	if mode != "valid" && mode != "same" && mode != "pad" {
		return p, Errorf(ValueError, op, "the 'pad_mode' must be str and must be in ['valid', 'same', 'pad'], but got '%s'.", a.String("pad_mode", ""))
	}
	pad, err := convPad(op, a, mode)
	if err != nil {
		return p, err
	}
	group := a.Int("group", 1)
	if group <= 0 {
		return p, Errorf(RuntimeError, op, "'group' should be greater than 0, but got: %d.", group)
	}
	n, c, h, wd := x[0], x[1], x[2], x[3]
	// C_in // group == w[1] and C_in % group == 0: for a symbolic C_in
	// (or weight), C_in == group*w[1].
	symC := tensor.IsSymbolic(c) || tensor.IsSymbolic(w[1])
	if (symC && !tensor.SameDim(c, tensor.DimMul(w[1], group))) || (!symC && c/group != w[1]) {
		return p, Errorf(RuntimeError, op, "'C_in' of input 'x' shape divide by parameter 'group' must be equal to 'C_in' of input 'weight' shape: %s, but got 'C_in' of input 'x' shape: %s, and 'group': %d.",
			tensor.DimString(w[1]), tensor.DimString(c), group)
	}
	if notDivisible(c, group) {
		return p, Errorf(ValueError, op, "'C_in' of input 'x' shape must be divisible by 'group', but got 'C_in': %s and 'group': %d.", tensor.DimString(c), group)
	}
	c = preferConcrete(c, tensor.DimMul(w[1], group))
	outC := a.Int("out_channel", w[0])
	if knownNonPositive(outC) {
		return p, Errorf(RuntimeError, op, "'out_channel' should be greater than 0, but got: %d.", outC)
	}
	if !tensor.SameDim(w[0], outC) {
		return p, Errorf(RuntimeError, op, "'w_shape[0]' must be equal to 'out_channel', but got 'w_shape[0]': %s, 'out_channel': %s.", tensor.DimString(w[0]), tensor.DimString(outC))
	}
	if notDivisible(outC, group) {
		return p, Errorf(ValueError, op, "'out_channel' must be divisible by 'group', but got 'out_channel': %s and 'group': %d.", tensor.DimString(outC), group)
	}
	for i := range 2 {
		if !tensor.SameDim(w[2+i], kernel[i]) {
			return p, Errorf(RuntimeError, op, "'w_shape[%d]' must be equal to 'kernel_size[%d]', but got 'w_shape[%d]': %s, 'kernel_size[%d]': %s.",
				2+i, i, 2+i, tensor.DimString(w[2+i]), i, tensor.DimString(kernel[i]))
		}
		kernel[i] = preferConcrete(kernel[i], w[2+i])
	}
	if mode != "same" && (knownLess(tensor.DimAdd(h, pad[0]+pad[1]), kernel[0]) || knownLess(tensor.DimAdd(wd, pad[2]+pad[3]), kernel[1])) {
		// Sic: MindSpore names the primitive 'Conv2d' here.
		return p, &Error{Kind: ValueError, Msg: "For 'Conv2d', input shape's h and w after padding must be greater than or equal to kernel_size's h and w respectively."}
	}
	var out [2]int
	in := [2]int{h, wd}
	for i := range 2 {
		// The kernel's extent on the input.
		span := tensor.DimAdd(tensor.DimMul(dilation[i], tensor.DimSub(kernel[i], 1)), 1)
		switch mode {
		case "valid":
			out[i] = dimCeilDiv(tensor.DimAdd(tensor.DimSub(in[i], span), 1), stride[i])
		case "same":
			// TensorFlow's SAME: as many outputs as strides fit, the
			// padding split with the odd one after. Only the kernel
			// reads the padding: a symbolic size leaves it to the
			// geometry worked out again on concrete shapes.
			out[i] = dimCeilDiv(in[i], stride[i])
			if !tensor.IsSymbolic(out[i]) && !tensor.IsSymbolic(span) && !tensor.IsSymbolic(in[i]) {
				need := max((out[i]-1)*stride[i]+span-in[i], 0)
				pad[2*i], pad[2*i+1] = need/2, need-need/2
			}
		case "pad":
			out[i] = tensor.DimAdd(tensor.DimFloorDiv(tensor.DimSub(tensor.DimAdd(in[i], pad[2*i]+pad[2*i+1]), span), stride[i]), 1)
		}
		if knownNegative(out[i]) {
			return p, &Error{Kind: ValueError, Msg: fmt.Sprintf("For 'Conv2D output_shape',  shape element [%d] must be positive integer or -1, but got: %d.", 2+i, out[i])}
		}
	}
	return cpu.Conv2DParams{
		N: n, C: c, H: h, W: wd, OutC: outC, KH: kernel[0], KW: kernel[1], OH: out[0], OW: out[1],
		StrideH: stride[0], StrideW: stride[1], DilationH: dilation[0], DilationW: dilation[1],
		PadTop: pad[0], PadLeft: pad[2], Groups: group,
	}, nil
}

// convPad reads attribute "pad" (top, bottom, left, right; an int for all
// four), which must be non-negative, and zero unless pad_mode is "pad".
func convPad(op string, a Attrs, mode string) ([4]int, error) {
	var pad [4]int
	switch v := a["pad"].(type) {
	case nil:
	case int:
		pad = [4]int{v, v, v, v}
	case []int:
		if len(v) != 4 {
			return pad, Errorf(ValueError, op, "the 'pad' must be an int or a tuple of four ints, but got %s.", pyValue(v))
		}
		pad = [4]int(v)
	default:
		return pad, Errorf(TypeError, op, "the 'pad' must be an int or a tuple of four ints, but got %v.", v)
	}
	for _, v := range pad {
		if v < 0 {
			return pad, Errorf(ValueError, op, "the 'pad' must be non-negative, but got %s.", pyValue(pad[:]))
		}
		if v != 0 && mode != "pad" {
			return pad, Errorf(ValueError, op, "the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': %s and 'pad_mode': %s.",
				pyValue(pad[:]), mode)
		}
	}
	return pad, nil
}

// Conv2D is MindSpore's 2-D convolution of an NCHW input x [N, C, H, W] by
// a weight w [out_channel, C/group, kh, kw], as cross-correlation.
// Attributes, as ops.Conv2D takes them: "out_channel" (int; default the
// weight's), "kernel_size" (int or pair; must match the weight, whose it
// is by default), "mode"
// (1), "pad_mode" ("valid", the default, "same" or "pad"), "pad" (int or
// (top, bottom, left, right), with pad_mode "pad"), "stride" and
// "dilation" (int, pair or NCHW four-tuple; default 1), "group" (default
// 1) and "data_format" ("NCHW"). SAME padding puts the odd row or column
// at the bottom or right, as TensorFlow does. It runs as im2col and GEMM.
var Conv2D = define(&Primitive{
	Name: "Conv2D",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Conv2D", in, 2); err != nil {
			return nil, err
		}
		p, dt, err := conv2D(a, in[0], in[1])
		if err != nil {
			return nil, err
		}
		return []tensor.Meta{{DType: dt, Shape: tensor.Shape{p.N, p.OutC, p.OH, p.OW}}}, nil
	},
	// Eval computes in the dtype Infer gave the output, float64 included,
	// which Infer refuses as MindSpore does: the float64 gradient checks
	// run the kernel through a twin of Conv2D that infers it.
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		p, err := convGeometry("Conv2D", a, in[0].Shape(), in[1].Shape())
		if err != nil {
			return nil, err
		}
		dt := out[0].DType
		x, err := castTo(ctx, in[0], dt)
		if err != nil {
			return nil, err
		}
		w, err := castTo(ctx, in[1], dt)
		if err != nil {
			return nil, err
		}
		// The float GEMM writes every output; the integer one adds to it.
		alloc := ctx.Alloc
		if dt.IsFloat() {
			alloc = ctx.AllocOutput
		}
		y, err := alloc(out[0])
		if err != nil {
			return nil, err
		}
		switch d := y.Data().(type) {
		case []int32:
			cpu.Conv2D(p, tensor.Elems[int32](x), tensor.Elems[int32](w), d)
		case []int64:
			cpu.Conv2D(p, tensor.Elems[int64](x), tensor.Elems[int64](w), d)
		case []float32:
			cpu.Conv2D(p, tensor.Elems[float32](x), tensor.Elems[float32](w), d)
		case []float64:
			cpu.Conv2D(p, tensor.Elems[float64](x), tensor.Elems[float64](w), d)
		}
		return []*tensor.Tensor{y}, nil
	},
})

// convGradDTypes are the dtypes of Conv2D's gradients: its float ones.
var convGradDTypes = []tensor.DType{tensor.Float16, tensor.Float32}

// convBackprop checks an application of Conv2DBackpropInput or
// Conv2DBackpropFilter: the output's cotangent dout and the forward's
// other operand, whose dtypes must agree, and attribute size, the shape
// of the operand whose gradient it is. It works out the forward's
// geometry, the input of shape x convolved by the weight of shape w, one
// of them size and the other the operand's.
func convBackprop(op string, a Attrs, in []tensor.Meta, size string) (cpu.Conv2DParams, tensor.Shape, error) {
	var p cpu.Conv2DParams
	if err := arity(op, in, 2); err != nil {
		return p, nil, err
	}
	dout, other := in[0], in[1]
	if err := checkDType(op, "dout", dout.DType, convGradDTypes...); err != nil {
		return p, nil, err
	}
	if other.DType != dout.DType {
		return p, nil, Errorf(TypeError, op, "the types of 'dout' and its other input should be the same, but got Tensor[%v] and Tensor[%v].",
			dout.DType, other.DType)
	}
	shape, err := shapeAttr(op, a, size, 4)
	if err != nil {
		return p, nil, err
	}
	x, w := shape, other.Shape
	if size == "filter_size" {
		x, w = other.Shape, shape
	}
	p, err = convGeometry(op, a, x, w)
	if err != nil {
		return p, nil, err
	}
	if want := (tensor.Shape{p.N, p.OutC, p.OH, p.OW}); !sameShape(dout.Shape, want) {
		return p, nil, Errorf(ValueError, op, "the shape of 'dout' should be %s, the output shape of the convolution, but got %s.",
			msVector(want), msVector(dout.Shape))
	}
	return p, shape, nil
}

// shapeAttr reads attribute name, the shape of rank rank that a gradient
// primitive gives its output.
func shapeAttr(op string, a Attrs, name string, rank int) (tensor.Shape, error) {
	var s tensor.Shape
	if a[name] == nil {
		return nil, Errorf(ValueError, op, "the '%s' must be given, as a tuple of %d ints.", name, rank)
	}
	switch v := a[name].(type) {
	case []int:
		s = tensor.Shape(v).Clone()
	case tensor.Shape:
		s = v.Clone()
	}
	if len(s) != rank {
		return nil, Errorf(ValueError, op, "the '%s' must be a tuple of %d ints, but got %s.", name, rank, pyValue(a[name]))
	}
	for _, d := range s {
		if knownNegative(d) {
			return nil, Errorf(ValueError, op, "the '%s' must be a tuple of %d ints, but got %s.", name, rank, pyValue(a[name]))
		}
	}
	return s, nil
}

// convBackpropPrim defines a gradient of Conv2D: dout and the forward's
// other operand in, the gradient of the operand named by attribute size
// out, computed by run. Eval computes float64 too, as Conv2D's does.
func convBackpropPrim(name, size string, run func(p cpu.Conv2DParams, dout, other, out *tensor.Tensor)) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			_, shape, err := convBackprop(name, a, in, size)
			if err != nil {
				return nil, err
			}
			return []tensor.Meta{{DType: in[0].DType, Shape: shape}}, nil
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			x, w := out[0].Shape, in[1].Shape()
			if size == "filter_size" {
				x, w = w, x
			}
			p, err := convGeometry(name, a, x, w)
			if err != nil {
				return nil, err
			}
			// Both gradients write every element of theirs.
			z, err := ctx.AllocOutput(out[0])
			if err != nil {
				return nil, err
			}
			run(p, in[0], in[1], z)
			return []*tensor.Tensor{z}, nil
		},
	})
}

// The gradients of Conv2D, with Conv2D's attributes. Conv2DBackpropInput
// (dout, w) is the gradient with respect to the input, whose shape is
// attribute "input_size": the transposed convolution of dout by w.
// Conv2DBackpropFilter(dout, x) is the gradient with respect to the
// weight, whose shape is attribute "filter_size". Each is linear in both
// its inputs, and their gradients are Conv2D and each other.
var (
	Conv2DBackpropInput = convBackpropPrim("Conv2DBackpropInput", "input_size", func(p cpu.Conv2DParams, dout, w, dx *tensor.Tensor) {
		switch d := dx.Data().(type) {
		case []float32:
			cpu.Conv2DBackpropInput(p, tensor.Elems[float32](dout), tensor.Elems[float32](w), d)
		case []float64:
			cpu.Conv2DBackpropInput(p, tensor.Elems[float64](dout), tensor.Elems[float64](w), d)
		}
	})
	Conv2DBackpropFilter = convBackpropPrim("Conv2DBackpropFilter", "filter_size", func(p cpu.Conv2DParams, dout, x, dw *tensor.Tensor) {
		switch d := dw.Data().(type) {
		case []float32:
			cpu.Conv2DBackpropFilter(p, tensor.Elems[float32](dout), tensor.Elems[float32](x), d)
		case []float64:
			cpu.Conv2DBackpropFilter(p, tensor.Elems[float64](dout), tensor.Elems[float64](x), d)
		}
	})
)
