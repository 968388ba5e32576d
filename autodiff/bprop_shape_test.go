package autodiff_test

import "msrepl/ops"

func init() {
	addGradCases(
		gradCase{prim: ops.Identity, in: []input{rnd(2, 3)}},
		gradCase{prim: ops.Reshape, attrs: ops.Attrs{"shape": []int{3, -1}}, in: []input{rnd(2, 3, 2)}, second: true},
		gradCase{name: "Reshape/to 0-d", prim: ops.Reshape, attrs: ops.Attrs{"shape": []int{}}, in: []input{rnd(1, 1)}},
		gradCase{prim: ops.ExpandDims, attrs: ops.Attrs{"axis": -1}, in: []input{rnd(2, 3)}},
		gradCase{name: "ExpandDims/0-d", prim: ops.ExpandDims, attrs: ops.Attrs{"axis": 0}, in: []input{rnd()}},
		gradCase{prim: ops.Squeeze, in: []input{rnd(1, 3, 1)}},
		gradCase{name: "Squeeze/axis", prim: ops.Squeeze, attrs: ops.Attrs{"axis": -1}, in: []input{rnd(1, 3, 1)}},
		gradCase{prim: ops.Flatten, in: []input{rnd(2, 3, 2)}},
		gradCase{prim: ops.Transpose, attrs: ops.Attrs{"perm": []int{1, -1, 0}}, in: []input{rnd(2, 3, 4)}, second: true},
		gradCase{prim: ops.BroadcastTo, attrs: ops.Attrs{"shape": []int{2, 3, 4}}, in: []input{rnd(3, 1)}, second: true},
		gradCase{name: "BroadcastTo/-1", prim: ops.BroadcastTo, attrs: ops.Attrs{"shape": []int{2, -1, 4}}, in: []input{rnd(3, 4)}},
		gradCase{name: "BroadcastTo/0-d", prim: ops.BroadcastTo, attrs: ops.Attrs{"shape": []int{3}}, in: []input{rnd()}},
		gradCase{prim: ops.Tile, attrs: ops.Attrs{"multiples": []int{2, 1, 3}}, in: []input{rnd(2, 3, 2)}, second: true},
		gradCase{name: "Tile/more multiples", prim: ops.Tile, attrs: ops.Attrs{"multiples": []int{2, 2, 1}}, in: []input{rnd(3)}},
		gradCase{name: "Tile/fewer multiples", prim: ops.Tile, attrs: ops.Attrs{"multiples": []int{3}}, in: []input{rnd(2, 2)}},
		gradCase{prim: ops.Concat, attrs: ops.Attrs{"axis": 1}, in: []input{rnd(2, 1), rnd(2, 3), rnd(2, 2)}, second: true},
		gradCase{name: "Concat/negative", prim: ops.Concat, attrs: ops.Attrs{"axis": -1}, in: []input{rnd(2, 3), rnd(2, 1)}},
		gradCase{prim: ops.Stack, in: []input{rnd(2, 3), rnd(2, 3), rnd(2, 3)}},
		gradCase{name: "Stack/negative", prim: ops.Stack, attrs: ops.Attrs{"axis": -1}, in: []input{rnd(3), rnd(3)}, second: true},
		gradCase{prim: ops.Split, attrs: ops.Attrs{"axis": 1, "output_num": 2}, in: []input{rnd(2, 4)}, second: true},
		gradCase{name: "Split/sizes", prim: ops.Split, attrs: ops.Attrs{"axis": -1, "sizes": []int{1, 0, 3}}, in: []input{rnd(3, 4)}},
	)
}
