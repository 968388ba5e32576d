package ops

import (
	"fmt"
	"strings"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// poolDTypes are the dtypes MaxPool and AvgPool take.
var poolDTypes = []tensor.DType{tensor.Float16, tensor.Float32, tensor.Float64}

// pool2D checks a MaxPool or AvgPool application on input x and works out
// the kernel parameters.
func pool2D(op string, a Attrs, x tensor.Meta) (cpu.Pool2DParams, error) {
	var p cpu.Pool2DParams
	if err := checkDType(op, "x", x.DType, poolDTypes...); err != nil {
		return p, err
	}
	kernel, err := hwAttr(op, a, "kernel_size", [2]int{1, 1})
	if err != nil {
		return p, err
	}
	stride, err := hwAttr(op, a, "strides", [2]int{1, 1})
	if err != nil {
		return p, err
	}
	// MindSpore's pooling primitives spell pad_mode in upper case; the
	// lower case of nn.MaxPool2d is taken as well.
	mode := strings.ToUpper(a.String("pad_mode", "VALID"))
	if mode != "VALID" && mode != "SAME" {
		return p, Errorf(ValueError, op, "the 'pad_mode' must be str and must be in ['VALID', 'SAME'], but got '%s'.", a.String("pad_mode", ""))
	}
	if f := a.String("data_format", "NCHW"); f != "NCHW" {
		return p, Errorf(ValueError, op, "the 'NHWC' format is only supported in GPU target.")
	}
	// AvgPool's gradient words its errors as AvgPool does.
	avg := op == "AvgPool" || op == "AvgPoolGrad"
	if len(x.Shape) != 4 {
		if avg {
			return p, &Error{Kind: ValueError, Msg: fmt.Sprintf("For primitive[%s], the x_rank must be equal to 4, but got %d.", op, len(x.Shape))}
		}
		return p, &Error{Kind: ValueError, Msg: fmt.Sprintf("For primitive[%s], the length of input must be equal to 4, but got %d.", op, len(x.Shape))}
	}
	p = cpu.Pool2DParams{N: x.Shape[0], C: x.Shape[1], H: x.Shape[2], W: x.Shape[3],
		KH: kernel[0], KW: kernel[1], SH: stride[0], SW: stride[1]}
	if mode == "VALID" {
		p.OH = dimCeilDiv(tensor.DimAdd(tensor.DimSub(p.H, kernel[0]), 1), stride[0])
		p.OW = dimCeilDiv(tensor.DimAdd(tensor.DimSub(p.W, kernel[1]), 1), stride[1])
	} else {
		p.OH, p.OW = dimCeilDiv(p.H, stride[0]), dimCeilDiv(p.W, stride[1])
		// Only the kernel reads the padding: a symbolic size leaves it to
		// the geometry worked out again on concrete shapes.
		if !tensor.IsSymbolic(p.H) {
			p.PadTop = max((p.OH-1)*stride[0]+kernel[0]-p.H, 0) / 2
		}
		if !tensor.IsSymbolic(p.W) {
			p.PadLeft = max((p.OW-1)*stride[1]+kernel[1]-p.W, 0) / 2
		}
	}
	// A symbolic output size is taken to be positive.
	badH, badW := knownNonPositive(p.OH), knownNonPositive(p.OW)
	if !badH && !badW {
		return p, nil
	}
	if avg {
		bad := p.OH
		if !badH {
			bad = p.OW
		}
		return p, &Error{Kind: RuntimeError, Msg: fmt.Sprintf(
			"For '%s' op, H_out/W_out must be positive, but H_out/W_out is %d, please check input and parameters of op", op, bad)}
	}
	nchw := func(hw [2]int) []int { return []int{1, 1, hw[0], hw[1]} }
	return p, Errorf(ValueError, op, "the each element of the output shape must be larger than 0, but got output shape: %s. The input shape: %s, kernel size: %s, strides: %s. Please check the official api documents for more information about the output.",
		msVector([]int{p.N, p.C, p.OH, p.OW}), msVector(x.Shape), msVector(nchw(kernel)), msVector(nchw(stride)))
}

// poolPrim defines MaxPool or AvgPool over the windows of an NCHW input.
// Attributes, as ops.MaxPool takes them: "kernel_size" and "strides" (int,
// pair or NCHW four-tuple; default 1), "pad_mode" ("VALID", the default,
// or "SAME"; either case) and "data_format" ("NCHW"). SAME pads as
// TensorFlow does, the odd row or column at the bottom or right; padding
// is never a maximum, and an average counts only the input under its
// window.
func poolPrim(name string, run func(p cpu.Pool2DParams, x, y *tensor.Tensor)) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 1); err != nil {
				return nil, err
			}
			p, err := pool2D(name, a, in[0])
			if err != nil {
				return nil, err
			}
			return []tensor.Meta{{DType: in[0].DType, Shape: tensor.Shape{p.N, p.C, p.OH, p.OW}}}, nil
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			p, err := pool2D(name, a, in[0].Meta())
			if err != nil {
				return nil, err
			}
			y, err := ctx.Alloc(out[0])
			if err != nil {
				return nil, err
			}
			run(p, in[0], y)
			return []*tensor.Tensor{y}, nil
		},
	})
}

// The pooling primitives.
var (
	MaxPool = poolPrim("MaxPool", func(p cpu.Pool2DParams, x, y *tensor.Tensor) {
		switch d := y.Data().(type) {
		case []float32:
			cpu.MaxPool2D(p, tensor.Elems[float32](x), d)
		case []float64:
			cpu.MaxPool2D(p, tensor.Elems[float64](x), d)
		}
	})
	AvgPool = poolPrim("AvgPool", func(p cpu.Pool2DParams, x, y *tensor.Tensor) {
		switch d := y.Data().(type) {
		case []float32:
			cpu.AvgPool2D(p, tensor.Elems[float32](x), d)
		case []float64:
			cpu.AvgPool2D(p, tensor.Elems[float64](x), d)
		}
	})
)

// poolGrad checks an application of a pooling gradient: x is the meta of
// the pooling's input, and v that of the gradient's other operand, which
// must have x's dtype and the shape vShape gives it.
func poolGrad(op string, a Attrs, x, v tensor.Meta, vShape func(cpu.Pool2DParams) tensor.Shape) (cpu.Pool2DParams, error) {
	p, err := pool2D(op, a, x)
	if err != nil {
		return p, err
	}
	if v.DType != x.DType {
		return p, Errorf(TypeError, op, "the types of its inputs should be the same, but got Tensor[%v] and Tensor[%v].", x.DType, v.DType)
	}
	if want := vShape(p); !sameShape(v.Shape, want) {
		return p, Errorf(ValueError, op, "the shape of its gradient input should be %s, but got %s.", msVector(want), msVector(v.Shape))
	}
	return p, nil
}

// poolIn and poolOut are the shapes of a pooling's input and output.
func poolIn(p cpu.Pool2DParams) tensor.Shape  { return tensor.Shape{p.N, p.C, p.H, p.W} }
func poolOut(p cpu.Pool2DParams) tensor.Shape { return tensor.Shape{p.N, p.C, p.OH, p.OW} }

// maxPoolGradPrim defines a primitive of MaxPool's gradient family, with
// MaxPool's attributes: (x, v) in, where x is MaxPool's input and v has
// the shape vShape gives; out a tensor of the shape outShape gives,
// computed by run.
func maxPoolGradPrim(name string, vShape, outShape func(cpu.Pool2DParams) tensor.Shape, run func(p cpu.Pool2DParams, x, v, out *tensor.Tensor)) *Primitive {
	return define(&Primitive{
		Name: name,
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 2); err != nil {
				return nil, err
			}
			p, err := poolGrad(name, a, in[0], in[1], vShape)
			if err != nil {
				return nil, err
			}
			return []tensor.Meta{{DType: in[0].DType, Shape: outShape(p)}}, nil
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			p, err := pool2D(name, a, in[0].Meta())
			if err != nil {
				return nil, err
			}
			z, err := ctx.Alloc(out[0])
			if err != nil {
				return nil, err
			}
			run(p, in[0], in[1], z)
			return []*tensor.Tensor{z}, nil
		},
	})
}

// The gradients of the pooling primitives, with their attributes.
// MaxPoolGrad(x, dout) is MaxPool's gradient with respect to its input x:
// each window's dout goes to the first maximum of x in it, found again
// from x. MaxPoolGradGrad(x, ddx) is MaxPoolGrad's gradient with respect
// to dout: ddx at each window's maximum. AvgPoolGrad(dout) is AvgPool's
// gradient, of the input shape in attribute "input_size": each window's
// dout spread evenly over its positions inside the input.
var (
	MaxPoolGrad = maxPoolGradPrim("MaxPoolGrad", poolOut, poolIn,
		func(p cpu.Pool2DParams, x, dout, dx *tensor.Tensor) {
			switch d := dx.Data().(type) {
			case []float32:
				cpu.MaxPool2DGrad(p, tensor.Elems[float32](x), tensor.Elems[float32](dout), d)
			case []float64:
				cpu.MaxPool2DGrad(p, tensor.Elems[float64](x), tensor.Elems[float64](dout), d)
			}
		})
	MaxPoolGradGrad = maxPoolGradPrim("MaxPoolGradGrad", poolIn, poolOut,
		func(p cpu.Pool2DParams, x, ddx, ddout *tensor.Tensor) {
			switch d := ddout.Data().(type) {
			case []float32:
				cpu.MaxPool2DGradGrad(p, tensor.Elems[float32](x), tensor.Elems[float32](ddx), d)
			case []float64:
				cpu.MaxPool2DGradGrad(p, tensor.Elems[float64](x), tensor.Elems[float64](ddx), d)
			}
		})
	AvgPoolGrad = define(&Primitive{
		Name: "AvgPoolGrad",
		Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			const op = "AvgPoolGrad"
			if err := arity(op, in, 1); err != nil {
				return nil, err
			}
			if err := checkDType(op, "dout", in[0].DType, poolDTypes...); err != nil {
				return nil, err
			}
			shape, err := shapeAttr(op, a, "input_size", 4)
			if err != nil {
				return nil, err
			}
			x := tensor.Meta{DType: in[0].DType, Shape: shape}
			if _, err := poolGrad(op, a, x, in[0], poolOut); err != nil {
				return nil, err
			}
			return []tensor.Meta{x}, nil
		},
		Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			p, err := pool2D("AvgPoolGrad", a, out[0])
			if err != nil {
				return nil, err
			}
			dx, err := ctx.Alloc(out[0])
			if err != nil {
				return nil, err
			}
			switch d := dx.Data().(type) {
			case []float32:
				cpu.AvgPool2DGrad(p, tensor.Elems[float32](in[0]), d)
			case []float64:
				cpu.AvgPool2DGrad(p, tensor.Elems[float64](in[0]), d)
			}
			return []*tensor.Tensor{dx}, nil
		},
	})
)
