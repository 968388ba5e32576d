package autodiff_test

import (
	"slices"
	"testing"

	"msrepl/ops"
	"msrepl/tensor"
)

func init() {
	addGradCases(
		gradCase{name: "ReduceSum/all", prim: ops.ReduceSum, in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "ReduceSum/axis", prim: ops.ReduceSum, attrs: ops.Attrs{"axis": 1}, in: []input{rnd(2, 3, 4)}},
		gradCase{name: "ReduceSum/negative,keep_dims", prim: ops.ReduceSum, attrs: ops.Attrs{"axis": -1, "keep_dims": true},
			in: []input{rnd(2, 3, 4)}},
		gradCase{name: "ReduceSum/tuple,keep_dims", prim: ops.ReduceSum, attrs: ops.Attrs{"axis": []int{0, -1}, "keep_dims": true},
			in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{name: "ReduceSum/0-d", prim: ops.ReduceSum, in: []input{rnd()}},

		gradCase{name: "ReduceMean/all", prim: ops.ReduceMean, in: []input{rnd(3, 4)}, second: true},
		gradCase{name: "ReduceMean/axis,keep_dims", prim: ops.ReduceMean, attrs: ops.Attrs{"axis": 0, "keep_dims": true},
			in: []input{rnd(3, 4)}},
		gradCase{name: "ReduceMean/tuple", prim: ops.ReduceMean, attrs: ops.Attrs{"axis": []int{2, 0}}, in: []input{rnd(2, 3, 4)},
			second: true},
		gradCase{name: "ReduceMean/0-d,keep_dims", prim: ops.ReduceMean, attrs: ops.Attrs{"axis": 0, "keep_dims": true},
			in: []input{rnd()}},

		gradCase{name: "ReduceMax/all", prim: ops.ReduceMax, in: []input{distinct(3, 4)}, second: true},
		gradCase{name: "ReduceMax/axis", prim: ops.ReduceMax, attrs: ops.Attrs{"axis": 1}, in: []input{distinct(3, 4)}, second: true},
		gradCase{name: "ReduceMax/tuple,keep_dims", prim: ops.ReduceMax, attrs: ops.Attrs{"axis": []int{-1, 0}, "keep_dims": true},
			in: []input{distinct(2, 3, 4)}},
		gradCase{name: "ReduceMax/0-d", prim: ops.ReduceMax, in: []input{rnd()}},
		gradCase{name: "ReduceMin/negative", prim: ops.ReduceMin, attrs: ops.Attrs{"axis": -2}, in: []input{distinct(3, 4)},
			second: true},
		gradCase{name: "ReduceMin/all,keep_dims", prim: ops.ReduceMin, attrs: ops.Attrs{"keep_dims": true},
			in: []input{distinct(2, 3)}},

		gradCase{name: "ReduceProd/axis", prim: ops.ReduceProd, attrs: ops.Attrs{"axis": 1}, in: []input{rnd(3, 4)}, second: true},
		gradCase{name: "ReduceProd/all,keep_dims", prim: ops.ReduceProd, attrs: ops.Attrs{"keep_dims": true},
			in: []input{pos(2, 3)}, second: true},
		gradCase{name: "ReduceProd/0-d", prim: ops.ReduceProd, in: []input{rnd()}},
		// Rows with no zero, one, two and three zeros.
		gradCase{name: "ReduceProd/zeros", prim: ops.ReduceProd, attrs: ops.Attrs{"axis": -1},
			in: []input{vals([]int{4, 3}, 0.5, -1.5, 2, 0, 0.7, -1.2, 0, 1.3, 0, 0, 0, 0)}, second: true},
		gradCase{name: "ReduceProd/one zero", prim: ops.ReduceProd, attrs: ops.Attrs{"axis": 0},
			in: []input{vals([]int{3, 2}, 0.5, 0, -1.5, 0.8, 0, 1.1)}, second: true},
	)
}

// TestReduceExtremumTies checks that tied maxima and minima share the
// cotangent evenly: finite differences are not valid at a tie.
func TestReduceExtremumTies(t *testing.T) {
	tests := []struct {
		name  string
		prim  *ops.Primitive
		attrs ops.Attrs
		shape []int
		x     []float64
		dout  []float64
		want  []float64
	}{
		{"max of all", ops.ReduceMax, nil, []int{4}, []float64{1, 3, 3, 2}, []float64{1}, []float64{0, 0.5, 0.5, 0}},
		{"max along axis 1", ops.ReduceMax, ops.Attrs{"axis": 1}, []int{2, 3},
			[]float64{2, 2, 2, 1, 5, 0}, []float64{3, 4}, []float64{1, 1, 1, 0, 4, 0}},
		{"max over a tuple", ops.ReduceMax, ops.Attrs{"axis": []int{0, 2}, "keep_dims": true}, []int{2, 2, 2},
			[]float64{7, 1, 0, 0, 7, 7, 0, -1}, []float64{6, 3}, []float64{2, 0, 1, 1, 2, 2, 1, 0}},
		{"min along axis 0, keep_dims", ops.ReduceMin, ops.Attrs{"axis": 0, "keep_dims": true}, []int{2, 2},
			[]float64{1, 4, 1, 0}, []float64{2, 6}, []float64{1, 0, 1, 6}},
	}
	h := newHarness(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := vals(tt.shape, tt.x...)(nil, h.dev())
			c := gradCase{prim: tt.prim, attrs: tt.attrs}
			out, err := h.eager.Apply(c.prim, c.attrs, x)
			if err != nil {
				t.Fatal(err)
			}
			w := vals(out[0].Meta().Shape, tt.dout...)(nil, h.dev())
			grads, err := gradient(h.eager, c, []*tensor.Tensor{x}, []int{0}, []*tensor.Tensor{w})
			if err != nil {
				t.Fatal(err)
			}
			g := grads[0].(*tensor.Tensor)
			got := make([]float64, g.Size())
			for i := range got {
				got[i] = g.Float(i)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("gradient %v, want %v", got, tt.want)
			}
		})
	}
}
