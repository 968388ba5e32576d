package ops

import (
	"strings"
	"testing"

	"msrepl/graphmode/shape"
	"msrepl/tensor"
)

// Inference on symbolic dims: each case makes symbols s1..s4 in a scope of
// its own (s4 is a multiple of 8), infers one application and compares the
// outputs' shapes as Shape.String writes them, with the unifications the
// scope recorded, or the error.

type symCase struct {
	name  string
	prim  string
	build func(s1, s2, s3, s4 int) (Attrs, []tensor.Meta)
	want  []string
	// constraints are the scope's constraints, "; "-joined, when not "";
	// the sides of each are compared in either order.
	constraints string
	// wantErr is a part of the error, for a case that must fail.
	wantErr string
}

func f32(dims ...int) tensor.Meta { return tensor.Meta{DType: tensor.Float32, Shape: dims} }
func i32(dims ...int) tensor.Meta { return tensor.Meta{DType: tensor.Int32, Shape: dims} }
func bools(dims ...int) tensor.Meta {
	return tensor.Meta{DType: tensor.Bool, Shape: dims}
}

func metas(ms ...tensor.Meta) []tensor.Meta { return ms }

var (
	dmul = tensor.DimMul
	dadd = tensor.DimAdd
)

var symCases = []symCase{
	// Broadcasting.
	{name: "add symbol by 1", prim: "Add",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 1, 3), f32(s2, 4, 1)) },
		want:  []string{"(s1, 4, 3)"}, constraints: "s2 == s1"},
	{name: "add symbol by size", prim: "Add",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2), f32(5)) },
		want:  []string{"(s1, 5)"}, constraints: "s2 == 5"},
	{name: "add rank extension", prim: "Mul",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(3), f32(s1, 1)) },
		want:  []string{"(s1, 3)"}},
	{name: "add expressions", prim: "Add",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(dmul(2, s1), s2), f32(dmul(2, s1), 1))
		},
		want: []string{"(2*s1, s2)"}},
	{name: "add contradiction", prim: "Add",
		build:   func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 3), f32(s1, 4)) },
		wantErr: "For 'Add', x.shape (s1, 3) and y.shape (s1, 4) cannot broadcast."},
	{name: "select", prim: "Select",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(bools(s1, 1), f32(s2, 3), f32(1))
		},
		want: []string{"(s1, 3)"}, constraints: "s2 == s1"},
	{name: "comparison", prim: "Less",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 1), f32(1, s1)) },
		want:  []string{"(s1, s1)"}},

	// Matrix products.
	{name: "matmul unifies inner dims", prim: "MatMul",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2), f32(s3, 4)) },
		want:  []string{"(s1, 4)"}, constraints: "s3 == s2"},
	{name: "matmul transposed", prim: "MatMul",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"transpose_b": true}, metas(f32(s1, 8), f32(s2, 8))
		},
		want: []string{"(s1, s2)"}},
	{name: "matmul contradiction", prim: "MatMul",
		build:   func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 3), f32(4, s2)) },
		wantErr: "For 'MatMul', the input dimensions must be equal, but got x1 col: 3 and x2 row: 4."},
	{name: "matmul against a symbol's properties", prim: "MatMul",
		build:   func(_, _, _, s4 int) (Attrs, []tensor.Meta) { return nil, metas(f32(2, s4), f32(12, 3)) },
		wantErr: "x1 col: s4 and x2 row: 12"},
	{name: "batch matmul", prim: "BatchMatMul",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, 1, s2, 8), f32(s3, 8, 5))
		},
		want: []string{"(s1, s3, s2, 5)"}},
	{name: "batch matmul unifies batch and inner dims", prim: "BatchMatMul",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, 4, s2), f32(s3, s2, 6))
		},
		want: []string{"(s1, 4, 6)"}, constraints: "s3 == s1"},
	{name: "bias add", prim: "BiasAdd",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, s2, s3, s3), f32(8))
		},
		want: []string{"(s1, 8, s3, s3)"}, constraints: "s2 == 8"},

	// Reshapes.
	{name: "reshape infers -1", prim: "Reshape",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": []int{-1, 12}}, metas(f32(s1, 4, 6))
		},
		want: []string{"(2*s1, 12)"}},
	{name: "reshape to symbolic shape", prim: "Reshape",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": tensor.Shape{s1, -1, 3}}, metas(f32(s1, s2, 6))
		},
		want: []string{"(s1, 2*s2, 3)"}},
	{name: "reshape flattens symbols", prim: "Reshape",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": []int{-1}}, metas(f32(s2, s1))
		},
		want: []string{"(s1*s2,)"}},
	{name: "reshape with undecided divisibility", prim: "Reshape",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": []int{-1, 3}}, metas(f32(s1, 2))
		},
		want: []string{"((2*s1)//3, 3)"}},
	{name: "reshape sizes contradict", prim: "Reshape",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": tensor.Shape{s1, 5}}, metas(f32(s1, 6))
		},
		wantErr: "the product of the shape of 'input_x' (6*s1) must equal the product of 'shape' (5*s1)"},
	{name: "flatten", prim: "Flatten",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2, 3)) },
		want:  []string{"(s1, 3*s2)"}},
	{name: "expand dims", prim: "ExpandDims",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return Attrs{"axis": -1}, metas(f32(s1, 3)) },
		want:  []string{"(s1, 3, 1)"}},
	{name: "squeeze keeps symbols", prim: "Squeeze",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 1, 3)) },
		want:  []string{"(s1, 3)"}},
	{name: "transpose", prim: "Transpose",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"perm": []int{2, 0, 1}}, metas(f32(s1, 3, s2))
		},
		want: []string{"(s2, s1, 3)"}},
	{name: "broadcast to -1", prim: "BroadcastTo",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": []int{2, -1, 4}}, metas(f32(s1, 1))
		},
		want: []string{"(2, s1, 4)"}},
	{name: "broadcast to symbolic shape", prim: "BroadcastTo",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": tensor.Shape{s1, s2}}, metas(f32(1, 3))
		},
		want: []string{"(s1, 3)"}, constraints: "s2 == 3"},
	{name: "tile", prim: "Tile",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"multiples": []int{3, 2, 2}}, metas(f32(s1, 3))
		},
		want: []string{"(3, 2*s1, 6)"}},

	// Joins and splits.
	{name: "concat sums the axis", prim: "Concat",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 0}, metas(f32(s1, 3), f32(s2, 3), f32(2, 3))
		},
		want: []string{"(s1 + s2 + 2, 3)"}},
	{name: "concat unifies the other axes", prim: "Concat",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 1}, metas(f32(s1, 2), f32(s2, 3), f32(4, 1))
		},
		want: []string{"(4, 6)"}, constraints: "s2 == s1; s1 == 4"},
	{name: "concat contradiction", prim: "Concat",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 1}, metas(f32(s1, 2, 3), f32(s1, 2, 4))
		},
		wantErr: "element1_shape[2]: 4, element0_shape[2]: 3"},
	{name: "stack", prim: "Stack",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 1}, metas(f32(s1, 3), f32(s2, 3))
		},
		want: []string{"(s1, 2, 3)"}, constraints: "s2 == s1"},
	{name: "split in equal parts", prim: "Split",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 0, "output_num": 2}, metas(f32(dmul(2, s1), 6))
		},
		want: []string{"(s1, 6)", "(s1, 6)"}},
	{name: "split a concrete axis", prim: "Split",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": -1, "output_num": 3}, metas(f32(s1, 6))
		},
		want: []string{"(s1, 2)", "(s1, 2)", "(s1, 2)"}},
	{name: "split by sizes", prim: "Split",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 0, "sizes": []int{2, 3}}, metas(f32(s1, 4))
		},
		want: []string{"(2, 4)", "(3, 4)"}, constraints: "s1 == 5"},

	// Reductions and normalizations.
	{name: "reduce sum keep dims", prim: "ReduceSum",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": []int{1}, "keep_dims": true}, metas(f32(s1, s2, 3))
		},
		want: []string{"(s1, 1, 3)"}},
	{name: "reduce sum", prim: "ReduceSum",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": []int{1}}, metas(f32(s1, s2, 3))
		},
		want: []string{"(s1, 3)"}},
	{name: "reduce max of all", prim: "ReduceMax",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2)) },
		want:  []string{"()"}},
	{name: "reduce max of an empty axis", prim: "ReduceMax",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 1}, metas(f32(s1, 0))
		},
		wantErr: "cannot take the maximum of zero elements"},
	{name: "argmax", prim: "Argmax",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2)) },
		want:  []string{"(s1,)"}},
	{name: "softmax", prim: "Softmax",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, s2)) },
		want:  []string{"(s1, s2)"}},
	{name: "relu grad", prim: "ReluGrad",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 3), f32(4, s2)) },
		want:  []string{"(4, 3)"}, constraints: "s1 == 4; s2 == 3"},

	// Convolution and pooling.
	{name: "conv2d valid", prim: "Conv2D",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"out_channel": 8, "kernel_size": 3, "stride": 2}, metas(f32(s1, 3, s2, s3), f32(8, 3, 3, 3))
		},
		want: []string{"(s1, 8, (s2 + 1)//2 - 1, (s3 + 1)//2 - 1)"}},
	{name: "conv2d pad", prim: "Conv2D",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"kernel_size": 3, "stride": 2, "pad_mode": "pad", "pad": 1}, metas(f32(s1, 3, s2, 32), f32(16, 3, 3, 3))
		},
		want: []string{"(s1, 16, (s2 + 1)//2, 16)"}},
	{name: "conv2d same", prim: "Conv2D",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"pad_mode": "same"}, metas(f32(s1, 4, s2, s2), f32(6, 4, 3, 3))
		},
		want: []string{"(s1, 6, s2, s2)"}},
	{name: "conv2d unifies channels", prim: "Conv2D",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"group": 2}, metas(f32(1, s1, s2, s3), f32(4, 3, 1, 1))
		},
		want: []string{"(1, 4, s2, s3)"}, constraints: "s1 == 6"},
	{name: "max pool valid", prim: "MaxPool",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"kernel_size": 2, "strides": 2}, metas(f32(s1, 3, s2, s2))
		},
		want: []string{"(s1, 3, s2//2, s2//2)"}},
	{name: "avg pool same", prim: "AvgPool",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"kernel_size": 3, "strides": 2, "pad_mode": "same"}, metas(f32(s1, 3, s2, s3))
		},
		want: []string{"(s1, 3, (s2 + 1)//2, (s3 + 1)//2)"}},
	{name: "avg pool grad", prim: "AvgPoolGrad",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			half := tensor.DimFloorDiv(s2, 2)
			return Attrs{"kernel_size": 2, "strides": 2, "input_size": []int{s1, 3, s2, s2}}, metas(f32(s1, 3, half, half))
		},
		want: []string{"(s1, 3, s2, s2)"}},
	{name: "max pool grad", prim: "MaxPoolGrad",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"kernel_size": 2, "strides": 2}, metas(f32(s1, 3, dmul(2, s2), 8), f32(s3, 3, s2, 4))
		},
		want: []string{"(s1, 3, 2*s2, 8)"}, constraints: "s3 == s1"},

	// Indexing.
	{name: "gather", prim: "Gather",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"axis": 0}, metas(f32(s1, 5), i32(s2, 2))
		},
		want: []string{"(s2, 2, 5)"}},
	{name: "gather nd", prim: "GatherNd",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, s2, 4), i32(s3, 2))
		},
		want: []string{"(s3, 4)"}},
	{name: "gather nd with a symbolic index depth", prim: "GatherNd",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, 4), i32(s2, s3))
		},
		wantErr: "the last dim of 'indices' must be in range [1, 2], the rank of 'input_x', but got s3."},
	{name: "tensor scatter update", prim: "TensorScatterUpdate",
		build: func(s1, s2, s3, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, s2), i32(s3, 1), f32(s3, 7))
		},
		want: []string{"(s1, 7)"}, constraints: "s2 == 7"},
	{name: "strided slice", prim: "StridedSlice",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"begin": []int{1, 0}, "end": []int{s1, 6}, "strides": []int{1, 2}}, metas(f32(s1, 6, s2))
		},
		want: []string{"(s1 - 1, 3, s2)"}},
	{name: "strided slice shrink and new axis", prim: "StridedSlice",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"begin": []int{0, dadd(s2, -1)}, "end": []int{1, -1}, "strides": []int{1, -2},
				"shrink": []int{0}, "new_axis": []int{0}}, metas(f32(s1, s2))
		},
		want: []string{"(1, (s2 + 1)//2)"}},
	{name: "tensor copy slices", prim: "TensorCopySlices",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"begin": []int{2}, "end": []int{s1}, "strides": []int{1}}, metas(f32(s1, 3), f32(s2, 3))
		},
		want: []string{"(s1, 3)"}, constraints: "s2 == s1 - 2"},
	{name: "masked fill", prim: "MaskedFill",
		build: func(s1, s2, _, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, s2), bools(1, s2), f32())
		},
		want: []string{"(s1, s2)"}},
	{name: "masked select stays dynamic", prim: "MaskedSelect",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(s1, 3), bools(s1, 3)) },
		want:  []string{"(-1,)"}},
	{name: "one hot", prim: "OneHot",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"depth": 10, "axis": -1}, metas(i32(s1))
		},
		want: []string{"(s1, 10)"}},

	// Shapes from attributes.
	{name: "fill", prim: "Fill",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": tensor.Shape{s1, 2}, "value": 0}, nil
		},
		want: []string{"(s1, 2)"}},
	{name: "standard normal", prim: "StandardNormal",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"shape": tensor.Shape{3, s1}}, nil
		},
		want: []string{"(3, s1)"}},
	{name: "range to a symbol", prim: "Range",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"start": 0, "limit": s1, "delta": 2}, nil
		},
		want: []string{"((s1 + 1)//2,)"}},
	{name: "range down from a symbol", prim: "Range",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return Attrs{"start": s1, "limit": -1, "delta": -1}, nil
		},
		want: []string{"(s1 + 1,)"}},

	// Updates.
	{name: "assign", prim: "Assign",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) { return nil, metas(f32(4, 3), f32(s1, 3)) },
		want:  []string{"(4, 3)"}, constraints: "s1 == 4"},
	{name: "apply gradient descent", prim: "ApplyGradientDescent",
		build: func(s1, _, _, _ int) (Attrs, []tensor.Meta) {
			return nil, metas(f32(s1, 3), f32(), f32(s1, 3))
		},
		want: []string{"(s1, 3)"}},
}

func TestSymbolicInfer(t *testing.T) {
	for _, c := range symCases {
		t.Run(c.name, func(t *testing.T) {
			p, ok := Lookup(c.prim)
			if !ok {
				t.Fatalf("no primitive %q", c.prim)
			}
			s := shape.NewScope()
			s1 := s.NewSymbol(shape.DefaultProps, "a")
			s2 := s.NewSymbol(shape.DefaultProps, "b")
			s3 := s.NewSymbol(shape.DefaultProps, "c")
			s4 := s.NewSymbol(shape.Props{Min: 1, Divisor: 8}, "d")
			attrs, in := c.build(s1, s2, s3, s4)
			out, err := p.Infer(attrs, in)
			if c.wantErr != "" {
				if err == nil {
					t.Fatalf("no error; outputs %v", out)
				}
				if !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %q does not contain %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range out {
				got = append(got, m.Shape.String())
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("shapes %q, want %q", got, c.want)
			}
			if c.constraints != "" {
				var cs []string
				for _, k := range s.Constraints() {
					cs = append(cs, k.A+" == "+k.B)
				}
				want := strings.Split(c.constraints, "; ")
				ok := len(cs) == len(want)
				for i := 0; ok && i < len(cs); i++ {
					a, b, _ := strings.Cut(want[i], " == ")
					ok = cs[i] == a+" == "+b || cs[i] == b+" == "+a
				}
				if !ok {
					t.Errorf("constraints %q, want %q", cs, c.constraints)
				}
			}
		})
	}
}

// Concrete shapes infer as they did before symbolic dims: the helpers that
// decide what they can of symbolic dims decide everything of sizes.
func TestSymbolicHelpersOnSizes(t *testing.T) {
	for a := -5; a <= 5; a++ {
		for b := -5; b <= 5; b++ {
			if knownLess(a, b) != (a < b) || knownLessEq(a, b) != (a <= b) {
				t.Errorf("knownLess/knownLessEq(%d, %d)", a, b)
			}
			if b > 0 {
				if notDivisible(a, b) != (a%b != 0) {
					t.Errorf("notDivisible(%d, %d)", a, b)
				}
				if got, want := dimCeilDiv(a, b), ceilDiv(a, b); got != want {
					t.Errorf("dimCeilDiv(%d, %d) = %d, want %d", a, b, got, want)
				}
			}
			if d, ok := broadcastDim(a, b); a > 0 && b > 0 && ok != (a == b || a == 1 || b == 1) || ok && d != max(a, b) && a > 0 && b > 0 {
				t.Errorf("broadcastDim(%d, %d) = %d, %v", a, b, d, ok)
			}
		}
	}
}
