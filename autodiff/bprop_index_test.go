package autodiff_test

import (
	"msrepl/ops"
	"msrepl/tensor"
)

// slice makes StridedSlice's and TensorCopySlices' attributes.
func slice(begin, end, strides, shrink, newAxis []int) ops.Attrs {
	return ops.Attrs{"begin": begin, "end": end, "strides": strides, "shrink": shrink, "new_axis": newAxis}
}

func init() {
	i64, i32 := tensor.Int64, tensor.Int32
	addGradCases(
		// x[None, 1, ::-2] of a (5, 6, 7) x.
		gradCase{prim: ops.StridedSlice, attrs: slice([]int{1, 5}, []int{2, -1}, []int{1, -2}, []int{0}, []int{0}),
			in: []input{rnd(5, 6, 7)}, second: true},
		// x[1:4:2, ..., 3, None].
		gradCase{name: "StridedSlice/ellipsis,shrink,new axis", prim: ops.StridedSlice,
			attrs: slice([]int{1, 0, 3}, []int{4, 3, 4}, []int{2, 1, 1}, []int{2}, []int{2}), in: []input{rnd(5, 3, 4)}},
		gradCase{name: "StridedSlice/empty", prim: ops.StridedSlice, attrs: slice([]int{2}, []int{2}, []int{1}, nil, nil),
			in: []input{rnd(4, 2)}},

		// x[0:4:2] = value, value (2, 5).
		gradCase{prim: ops.TensorCopySlices, attrs: slice([]int{0}, []int{4}, []int{2}, nil, nil),
			in: []input{rnd(4, 5), rnd(2, 5)}, second: true},
		// x[:, 1, None] = value, value broadcast from (1, 1, 1, 3).
		gradCase{name: "TensorCopySlices/broadcast value", prim: ops.TensorCopySlices,
			attrs: slice([]int{0, 1}, []int{4, 2}, []int{1, 1}, []int{1}, []int{1}), in: []input{rnd(4, 2, 3), rnd(1, 1, 1, 3)}},
		gradCase{name: "TensorCopySlices/0-d value", prim: ops.TensorCopySlices,
			attrs: slice([]int{3}, []int{-1}, []int{-2}, nil, nil), in: []input{rnd(4, 2), rnd()}},
		gradCase{name: "TensorCopySlices/integer x", prim: ops.TensorCopySlices,
			attrs: slice([]int{1}, []int{3}, []int{1}, nil, nil), in: []input{ints(i64, []int{4}, 1, 2, 3, 4), rnd(2)}},

		gradCase{name: "Gather/duplicates", prim: ops.Gather, in: []input{rnd(3, 4), ints(i64, []int{5}, 0, 2, 0, -1, 2)},
			second: true},
		gradCase{name: "Gather/axis 1, 2-D indices", prim: ops.Gather, attrs: ops.Attrs{"axis": 1},
			in: []input{rnd(2, 4, 3), ints(i32, []int{2, 3}, 3, 0, 3, -4, 1, 1)}, second: true},
		gradCase{name: "Gather/negative axis, 0-d index", prim: ops.Gather, attrs: ops.Attrs{"axis": -2},
			in: []input{rnd(2, 4, 3), ints(i64, nil, 2)}},
		gradCase{name: "Gather/last axis", prim: ops.Gather, attrs: ops.Attrs{"axis": -1},
			in: []input{rnd(2, 3), ints(i64, []int{2, 2}, 2, 2, 0, 1)}},

		gradCase{prim: ops.GatherNd, in: []input{rnd(3, 4, 2), ints(i64, []int{3, 2}, 0, 1, 2, -1, 0, 1)}, second: true},
		gradCase{name: "GatherNd/full tuples", prim: ops.GatherNd,
			in: []input{rnd(3, 2), ints(i32, []int{2, 2, 2}, 0, 0, 2, 1, 0, 0, 1, 1)}},

		gradCase{prim: ops.TensorScatterAdd, in: []input{rnd(4, 3), ints(i64, []int{3, 1}, 1, 3, 1), rnd(3, 3)}, second: true},
		gradCase{name: "TensorScatterAdd/full tuples", prim: ops.TensorScatterAdd,
			in: []input{rnd(3, 2), ints(i32, []int{2, 2}, 2, 1, -1, -1), rnd(2)}},

		// Rows 0 and 2 name one position: only row 2's update is written.
		gradCase{prim: ops.TensorScatterUpdate, in: []input{rnd(4, 3), ints(i64, []int{3, 1}, 1, 3, -3), rnd(3, 3)}},
		gradCase{name: "TensorScatterUpdate/full tuples", prim: ops.TensorScatterUpdate,
			in: []input{rnd(3, 2), ints(i32, []int{2, 2, 2}, 2, 1, 0, 0, -1, -1, 0, 1), rnd(2, 2)}},

		gradCase{prim: ops.MaskedSelect, in: []input{rnd(3, 4), bools([]int{3, 4}, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1)}},
		gradCase{name: "MaskedSelect/broadcast x", prim: ops.MaskedSelect,
			in: []input{rnd(4), bools([]int{2, 4}, 1, 0, 1, 1, 0, 0, 1, 0)}},
		gradCase{name: "MaskedSelect/broadcast mask", prim: ops.MaskedSelect, in: []input{rnd(2, 3), bools([]int{3}, 0, 1, 1)}},

		gradCase{prim: ops.MaskedFill, in: []input{rnd(3, 4), bools([]int{4}, 1, 0, 0, 1), rnd()}},
		gradCase{name: "MaskedFill/broadcast x", prim: ops.MaskedFill,
			in: []input{rnd(1, 3), bools([]int{2, 3}, 0, 1, 1, 1, 0, 0), rnd(1, 1, 3)}},

		gradCase{prim: ops.MaskedScatter,
			in: []input{rnd(3, 4), bools([]int{3, 4}, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1), rnd(2, 4)}},
		gradCase{name: "MaskedScatter/broadcast mask", prim: ops.MaskedScatter,
			in: []input{rnd(2, 3), bools([]int{1, 1, 3}, 1, 0, 1), rnd(5)}},
	)
}
