package autodiff_test

import (
	"fmt"

	"msrepl/ops"
	"msrepl/tensor"
)

func init() {
	addGradCases(
		gradCase{name: "MatMul", prim: ops.MatMul, in: []input{rnd(3, 4), rnd(4, 5)}, second: true},
		gradCase{name: "MatMul/ta", prim: ops.MatMul, attrs: ops.Attrs{"transpose_a": true},
			in: []input{rnd(4, 3), rnd(4, 5)}, second: true},
		gradCase{name: "MatMul/tb", prim: ops.MatMul, attrs: ops.Attrs{"transpose_b": true},
			in: []input{rnd(3, 4), rnd(5, 4)}, second: true},
		gradCase{name: "MatMul/ta_tb", prim: ops.MatMul, attrs: ops.Attrs{"transpose_a": true, "transpose_b": true},
			in: []input{rnd(4, 3), rnd(5, 4)}, second: true},
		gradCase{name: "MatMul/outer_vectors", prim: ops.MatMul, in: []input{rnd(1, 4), rnd(4, 1)}},

		gradCase{name: "BatchMatMul/broadcast", prim: ops.BatchMatMul, in: []input{rnd(2, 1, 3, 4), rnd(5, 4, 2)}, second: true},
		gradCase{name: "BatchMatMul/ta", prim: ops.BatchMatMul, attrs: ops.Attrs{"transpose_a": true},
			in: []input{rnd(2, 4, 3), rnd(2, 4, 5)}},
		gradCase{name: "BatchMatMul/tb_matrix", prim: ops.BatchMatMul, attrs: ops.Attrs{"transpose_b": true},
			in: []input{rnd(3, 4), rnd(2, 5, 4)}, second: true},
		gradCase{name: "BatchMatMul/ta_tb_broadcast", prim: ops.BatchMatMul, attrs: ops.Attrs{"transpose_a": true, "transpose_b": true},
			in: []input{rnd(1, 4, 3), rnd(3, 2, 4)}, second: true},

		gradCase{name: "BiasAdd/NCHW", prim: ops.BiasAdd, in: []input{rnd(2, 3, 4, 2), rnd(3)}, second: true},
		gradCase{name: "BiasAdd/NHWC", prim: ops.BiasAdd, attrs: ops.Attrs{"data_format": "NHWC"},
			in: []input{rnd(2, 3, 4), rnd(4)}, second: true},
		gradCase{name: "BiasAdd/matrix", prim: ops.BiasAdd, in: []input{rnd(3, 5), rnd(5)}},
		gradCase{name: "BiasAdd/NCDHW", prim: ops.BiasAdd, attrs: ops.Attrs{"data_format": "NCDHW"},
			in: []input{rnd(1, 2, 2, 2, 3), rnd(2)}},
	)

	// Convolutions: each geometry checks Conv2D and both its gradients.
	for _, c := range []struct {
		name   string
		attrs  ops.Attrs
		x, w   []int
		second bool
	}{
		{"valid", ops.Attrs{"out_channel": 4, "kernel_size": 3}, []int{2, 3, 5, 6}, []int{4, 3, 3, 3}, true},
		// SAME with stride 2 pads one row and one column, after.
		{"same_stride", ops.Attrs{"pad_mode": "same", "stride": 2}, []int{2, 3, 6, 5}, []int{4, 3, 3, 3}, true},
		{"pad_asymmetric", ops.Attrs{"pad_mode": "pad", "pad": []int{1, 0, 2, 1}, "stride": []int{2, 1}},
			[]int{1, 2, 5, 4}, []int{3, 2, 3, 2}, false},
		{"pad_dilation", ops.Attrs{"pad_mode": "pad", "pad": 1, "dilation": 2}, []int{1, 2, 6, 7}, []int{3, 2, 3, 3}, true},
		{"stride_dilation_nchw", ops.Attrs{"stride": []int{1, 1, 2, 1}, "dilation": []int{1, 1, 1, 2}},
			[]int{1, 2, 7, 6}, []int{2, 2, 2, 2}, false},
		{"groups", ops.Attrs{"group": 2, "out_channel": 6}, []int{2, 4, 5, 5}, []int{6, 2, 3, 3}, true},
		{"depthwise_same", ops.Attrs{"group": 3, "pad_mode": "same"}, []int{1, 3, 4, 5}, []int{3, 1, 3, 3}, false},
		{"pointwise", ops.Attrs{}, []int{2, 3, 4, 4}, []int{5, 3, 1, 1}, true},
	} {
		y := nnConvOut(c.attrs, c.x, c.w)
		bi, bf := nnAttrs(c.attrs, "input_size", c.x), nnAttrs(c.attrs, "filter_size", c.w)
		addGradCases(
			gradCase{name: "Conv2D/" + c.name, prim: conv64(ops.Conv2D), attrs: c.attrs,
				in: []input{rnd(c.x...), rnd(c.w...)}, second: c.second},
			gradCase{name: "Conv2DBackpropInput/" + c.name, prim: conv64(ops.Conv2DBackpropInput), attrs: bi,
				in: []input{rnd(y...), rnd(c.w...)}, second: c.second},
			gradCase{name: "Conv2DBackpropFilter/" + c.name, prim: conv64(ops.Conv2DBackpropFilter), attrs: bf,
				in: []input{rnd(y...), rnd(c.x...)}, second: c.second},
		)
	}

	// Pooling. Max pooling's inputs are distinct, so that each window has
	// one maximum and a small step does not move it.
	for _, c := range []struct {
		name  string
		attrs ops.Attrs
		x     []int
	}{
		{"valid_stride", ops.Attrs{"kernel_size": 2, "strides": 2}, []int{2, 2, 5, 6}},
		{"same_overlapping", ops.Attrs{"kernel_size": 3, "strides": 2, "pad_mode": "SAME"}, []int{1, 2, 5, 6}},
		{"rectangular_same", ops.Attrs{"kernel_size": []int{3, 2}, "strides": []int{1, 1, 1, 2}, "pad_mode": "same"}, []int{1, 2, 4, 5}},
	} {
		y := nnPoolOut(c.attrs, c.x)
		avg := nnAttrs(c.attrs, "input_size", c.x)
		addGradCases(
			gradCase{name: "MaxPool/" + c.name, prim: ops.MaxPool, attrs: c.attrs, in: []input{distinct(c.x...)}, second: true},
			gradCase{name: "MaxPoolGrad/" + c.name, prim: ops.MaxPoolGrad, attrs: c.attrs,
				in: []input{distinct(c.x...), rnd(y...)}, second: true},
			gradCase{name: "MaxPoolGradGrad/" + c.name, prim: ops.MaxPoolGradGrad, attrs: c.attrs,
				in: []input{distinct(c.x...), rnd(c.x...)}, second: true},
			gradCase{name: "AvgPool/" + c.name, prim: ops.AvgPool, attrs: c.attrs, in: []input{rnd(c.x...)}, second: true},
			gradCase{name: "AvgPoolGrad/" + c.name, prim: ops.AvgPoolGrad, attrs: avg, in: []input{rnd(y...)}, second: true},
		)
	}
}

// nnAttrs is a copy of a with attribute name set to v.
func nnAttrs(a ops.Attrs, name string, v any) ops.Attrs {
	c := ops.Attrs{name: v}
	for k, x := range a {
		c[k] = x
	}
	return c
}

func nnConvOut(a ops.Attrs, x, w []int) []int {
	out, err := ops.Conv2D.Infer(a, []tensor.Meta{{DType: tensor.Float32, Shape: x}, {DType: tensor.Float32, Shape: w}})
	if err != nil {
		panic(fmt.Sprintf("Conv2D %v %v %v: %v", a, x, w, err))
	}
	return out[0].Shape
}

func nnPoolOut(a ops.Attrs, x []int) []int {
	out, err := ops.MaxPool.Infer(a, []tensor.Meta{{DType: tensor.Float64, Shape: x}})
	if err != nil {
		panic(fmt.Sprintf("MaxPool %v %v: %v", a, x, err))
	}
	return out[0].Shape
}

// The convolution primitives refuse float64 as MindSpore's Conv2D does
// (ops/testdata holds the case), though their kernels compute it. Their
// gradients are checked on twins that infer float64 where the primitive
// infers float32, and whose rules are the primitives' own, applied
// through a builder that swaps in the twins, so that second order runs on
// twins too.
var convTwins = map[*ops.Primitive]*ops.Primitive{}

func conv64(p *ops.Primitive) *ops.Primitive {
	if t, ok := convTwins[p]; ok {
		return t
	}
	t := &ops.Primitive{Name: p.Name, Eval: p.Eval, BpropUses: p.BpropUses}
	t.Infer = func(a ops.Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		narrow := make([]tensor.Meta, len(in))
		for i, m := range in {
			if m.DType == tensor.Float64 {
				m.DType = tensor.Float32
			}
			narrow[i] = m
		}
		out, err := p.Infer(a, narrow)
		if err != nil || len(in) == 0 || in[0].DType != tensor.Float64 {
			return out, err
		}
		for i := range out {
			out[i].DType = tensor.Float64
		}
		return out, nil
	}
	t.Bprop = func(g *ops.Grad) []ops.Value {
		inner := &ops.Grad{B: twinBuilder{g.B}, Prim: p, Attrs: g.Attrs, In: g.In, Out: g.Out, Dout: g.Dout, Need: g.Need}
		grads := p.Bprop(inner)
		if err := inner.Err(); err != nil {
			g.Fail(err)
			return nil
		}
		return grads
	}
	convTwins[p] = t
	return t
}

// twinBuilder applies the float64 twins of the convolution primitives in
// their place.
type twinBuilder struct{ ops.Builder }

func (b twinBuilder) Apply(p *ops.Primitive, attrs ops.Attrs, args ...ops.Value) ([]ops.Value, error) {
	switch p {
	case ops.Conv2D, ops.Conv2DBackpropInput, ops.Conv2DBackpropFilter:
		p = conv64(p)
	}
	return b.Builder.Apply(p, attrs, args...)
}
