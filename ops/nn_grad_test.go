package ops

import (
	"strings"
	"testing"

	"msrepl/tensor"
)

// The gradient primitives of convolution and pooling check that their
// operands agree with the forward's geometry; their values are checked
// against finite differences in autodiff.
func TestNNGradInferErrors(t *testing.T) {
	f32 := func(s ...int) tensor.Meta { return tensor.Meta{DType: tensor.Float32, Shape: s} }
	conv := Attrs{"pad_mode": "same", "stride": 2}
	pool := Attrs{"kernel_size": 2, "strides": 2}
	tests := []struct {
		p     *Primitive
		attrs Attrs
		in    []tensor.Meta
		want  string // a part of the error, or "" for none
	}{
		{Conv2DBackpropInput, nnGradAttrs(conv, "input_size", []int{2, 3, 6, 5}), []tensor.Meta{f32(2, 4, 3, 3), f32(4, 3, 3, 3)}, ""},
		{Conv2DBackpropInput, nnGradAttrs(conv, "input_size", []int{2, 3, 6, 5}), []tensor.Meta{f32(2, 4, 3, 2), f32(4, 3, 3, 3)}, "the shape of 'dout' should be [const vector]{2, 4, 3, 3}"},
		{Conv2DBackpropInput, conv, []tensor.Meta{f32(2, 4, 3, 3), f32(4, 3, 3, 3)}, "the 'input_size' must be given, as a tuple of 4 ints"},
		{Conv2DBackpropInput, nnGradAttrs(conv, "input_size", []int{2, 3, 6, 5}),
			[]tensor.Meta{{DType: tensor.Float64, Shape: tensor.Shape{2, 4, 3, 3}}, {DType: tensor.Float64, Shape: tensor.Shape{4, 3, 3, 3}}}, "must be a type of"},
		{Conv2DBackpropFilter, nnGradAttrs(conv, "filter_size", []int{4, 3, 3, 3}), []tensor.Meta{f32(2, 4, 3, 3), f32(2, 3, 6, 5)}, ""},
		{Conv2DBackpropFilter, nnGradAttrs(conv, "filter_size", []int{4, 2, 3, 3}), []tensor.Meta{f32(2, 4, 3, 3), f32(2, 3, 6, 5)}, "'C_in' of input 'x'"},
		{Conv2DBackpropFilter, nnGradAttrs(conv, "filter_size", []int{4, 3, 3, 3}),
			[]tensor.Meta{f32(2, 4, 3, 3), {DType: tensor.Float16, Shape: tensor.Shape{2, 3, 6, 5}}}, "should be the same"},
		{MaxPoolGrad, pool, []tensor.Meta{f32(1, 2, 5, 4), f32(1, 2, 2, 2)}, ""},
		{MaxPoolGrad, pool, []tensor.Meta{f32(1, 2, 5, 4), f32(1, 2, 3, 2)}, "should be [const vector]{1, 2, 2, 2}"},
		{MaxPoolGradGrad, pool, []tensor.Meta{f32(1, 2, 5, 4), f32(1, 2, 2, 2)}, "should be [const vector]{1, 2, 5, 4}"},
		{AvgPoolGrad, nnGradAttrs(pool, "input_size", []int{1, 2, 5, 4}), []tensor.Meta{f32(1, 2, 2, 2)}, ""},
		{AvgPoolGrad, pool, []tensor.Meta{f32(1, 2, 2, 2)}, "the 'input_size' must be given, as a tuple of 4 ints"},
	}
	for _, tt := range tests {
		_, err := tt.p.Infer(tt.attrs, tt.in)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s %v: %v", tt.p.Name, tt.in, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s %v: error %v, want one with %q", tt.p.Name, tt.in, err, tt.want)
		}
	}
}

func nnGradAttrs(a Attrs, name string, v any) Attrs {
	c := Attrs{name: v}
	for k, x := range a {
		c[k] = x
	}
	return c
}
