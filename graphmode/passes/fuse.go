package passes

import (
	"slices"

	"msrepl/devices/cpu"
	"msrepl/graphmode/ir"
	"msrepl/ops"
	"msrepl/tensor"
)

// Fuse groups the elementwise applications of g and of the graphs it runs
// into fused steps, by tinygrad's rule for elementwise chains: an
// application joins the group of an input when both compute in one float
// dtype over one shape (its other inputs may broadcast), so the group
// runs as one blockwise loop whose intermediates never reach memory. A
// group is closed once anything outside it reads one of its members: its
// step runs where its last member stands, which must come before every
// outside reader. A stateful application, call, branch or loop closes
// every group, so that no step moves past an in-place update (mayUpdate).
// A dense layer's product, bias and ReLU become one GEMM step (fuseDense),
// as does a gradient-descent update of a matrix product read by nothing
// else (fuseDescents), and neighbouring products too small to split run
// at once (pairProducts). Fuse does not change g.
func Fuse(g *ir.FuncGraph) (*ir.Fusion, error) {
	f := &ir.Fusion{}
	all := graphs(g)
	// A node read from another graph (a branch's free value) stays its
	// own step: the reader runs wherever its If or While stands.
	home := map[*ir.Node]*ir.FuncGraph{}
	for _, sub := range all {
		for _, n := range sub.Nodes {
			home[n] = sub
		}
	}
	crossRead := map[*ir.Node]bool{}
	for _, sub := range all {
		for _, n := range sub.Nodes {
			for _, in := range n.Inputs {
				if h, ok := home[in]; ok && h != sub {
					crossRead[in] = true
				}
			}
		}
		if h, ok := home[sub.Output]; ok && h != sub {
			crossRead[sub.Output] = true
		}
	}
	for _, sub := range all {
		fuseDense(f, sub, crossRead)
		if err := fuseGraph(f, sub, crossRead); err != nil {
			return nil, err
		}
		fuseDescents(f, sub, crossRead)
		pairProducts(f, sub)
	}
	return f, nil
}

// pairMACs is the least multiply-adds a product needs to be worth a core
// of its own in a pair: a few microseconds, against about one to hand it
// to a helper.
const pairMACs = 1 << 18

// pairProducts pairs neighbouring float matrix products, neither of
// which reads the other, that are each too small for the GEMM to split
// across cores (cpu.GemmSplits) but worth a core (pairMACs): they run at
// once, one on each core (exec.Runner). A training step's backward pass
// makes such neighbours, a layer's input and weight gradients. With one
// worker nothing pairs.
func pairProducts(f *ir.Fusion, g *ir.FuncGraph) {
	if cpu.Workers < 2 {
		return
	}
	for i := 0; i+1 < len(g.Nodes); i++ {
		a, b := g.Nodes[i], g.Nodes[i+1]
		if pairable(f, a) && pairable(f, b) && !slices.Contains(b.Inputs, a) {
			f.AddPair(a, b)
			i++
		}
	}
}

// pairable reports whether n is a product pairProducts may pair.
func pairable(f *ir.Fusion, n *ir.Node) bool {
	if n.Kind != ir.Apply || n.Prim != ops.MatMul || f.Group(n) != nil {
		return false
	}
	out, ok := n.Abs.(ir.TensorAbs)
	if !ok || out.Meta.DType != tensor.Float32 && out.Meta.DType != tensor.Float64 || out.Meta.Shape.Symbolic() {
		return false
	}
	a, ok := n.Inputs[0].Abs.(ir.TensorAbs)
	if !ok || a.Meta.Shape.Symbolic() || len(a.Meta.Shape) != 2 || len(out.Meta.Shape) != 2 {
		return false
	}
	k := a.Meta.Shape[1]
	if n.Attrs.Bool("transpose_a", false) {
		k = a.Meta.Shape[0]
	}
	m, cols := out.Meta.Shape[0], out.Meta.Shape[1]
	return m*cols*k >= pairMACs && !cpu.GemmSplits(m, cols, k)
}

// fuseDense groups each float32 or float64 MatMul read only by a rank-2
// BiasAdd, or by a ReLU, with that reader, and with a ReLU that is the
// BiasAdd's only reader, into one GEMM that adds the bias and applies the
// ReLU to each block of the product while it is in cache
// (ops.FuseDense): the product and the biased product never reach memory,
// and the same bits come out. As in fuseDescents the product moves to its
// last reader's place, so nothing between them may update a buffer.
func fuseDense(f *ir.Fusion, g *ir.FuncGraph, crossRead map[*ir.Node]bool) {
	readers, pos := readCounts(g)
	// only is n's sole reader in g, when n has one and is not the result.
	only := func(n *ir.Node) *ir.Node {
		if readers[n] != 1 || crossRead[n] || n == g.Output {
			return nil
		}
		for _, m := range g.Nodes[pos[n]+1:] {
			for _, in := range m.Inputs {
				if in == n {
					return m
				}
			}
		}
		return nil
	}
	applies := func(n *ir.Node, p *ops.Primitive) bool {
		return n != nil && n.Kind == ir.Apply && n.Prim == p && !crossRead[n] && f.Group(n) == nil
	}
	for _, mm := range g.Nodes {
		if !applies(mm, ops.MatMul) {
			continue
		}
		abs, ok := mm.Abs.(ir.TensorAbs)
		if !ok || abs.Meta.DType != tensor.Float32 && abs.Meta.DType != tensor.Float64 || abs.Meta.Shape.Symbolic() {
			continue
		}
		members := []*ir.Node{mm}
		inputs := []*ir.Node{mm.Inputs[0], mm.Inputs[1]}
		withBias, relu := false, false
		next := only(mm)
		if applies(next, ops.BiasAdd) && next.Inputs[0] == mm && next.Inputs[1] != mm {
			withBias = true
			members = append(members, next)
			inputs = append(inputs, next.Inputs[1])
			next = only(next)
		}
		if applies(next, ops.ReLU) {
			relu = true
			members = append(members, next)
		}
		if !withBias && !relu {
			continue
		}
		last := members[len(members)-1]
		between := false
		for _, m := range g.Nodes[pos[mm]+1 : pos[last]] {
			between = between || mayUpdate(m)
		}
		if between {
			continue
		}
		f.Add(&ir.FusedGroup{
			Prim:    ops.FuseDense(mm.Attrs, withBias, relu),
			Nodes:   members,
			Inputs:  inputs,
			Outputs: []*ir.Node{last},
		})
	}
}

// readCounts is how many times each node of g is read in g (its result
// once), and each node's place in g.Nodes.
func readCounts(g *ir.FuncGraph) (readers, pos map[*ir.Node]int) {
	readers, pos = map[*ir.Node]int{g.Output: 1}, map[*ir.Node]int{}
	for i, n := range g.Nodes {
		pos[n] = i
		for _, in := range n.Inputs {
			readers[in]++
		}
	}
	return readers, pos
}

// fuseDescents groups each ApplyGradientDescent(var, alpha, d) whose d is
// a float32 or float64 MatMul read by nothing else into one GEMM that adds
// −alpha·d to var in place (ops.FuseMatMulDescend): the gradient, the size
// of the parameter, never reaches memory. The product moves to the
// update's place, so nothing that may update a buffer in place
// (mayUpdate) may stand between them: it could write one the product
// reads. The update's rounding
// differs from the two steps' in the gradient's last bits (see
// ops.FuseMatMulDescend), within graph mode's tolerance against PyNative.
func fuseDescents(f *ir.Fusion, g *ir.FuncGraph, crossRead map[*ir.Node]bool) {
	readers, pos := readCounts(g)
	for i, n := range g.Nodes {
		if n.Kind != ir.Apply || n.Prim != ops.ApplyGradientDescent || f.Group(n) != nil {
			continue
		}
		d := n.Inputs[2]
		at, local := pos[d]
		if !local || d.Kind != ir.Apply || d.Prim != ops.MatMul || readers[d] != 1 || crossRead[d] || f.Group(d) != nil {
			continue
		}
		abs, ok := d.Abs.(ir.TensorAbs)
		if !ok || abs.Meta.DType != tensor.Float32 && abs.Meta.DType != tensor.Float64 || abs.Meta.Shape.Symbolic() {
			continue
		}
		between := false
		for _, m := range g.Nodes[at+1 : i] {
			between = between || mayUpdate(m)
		}
		if between {
			continue
		}
		f.Add(&ir.FusedGroup{
			Prim:    ops.FuseMatMulDescend(d.Attrs),
			Nodes:   []*ir.Node{d, n},
			Inputs:  []*ir.Node{n.Inputs[0], n.Inputs[1], d.Inputs[0], d.Inputs[1]},
			Outputs: []*ir.Node{n},
		})
	}
}

// mayUpdate reports whether running n may write a buffer in place: a
// stateful application (ApplyGradientDescent updates its Parameter), or a
// call, branch or loop, whose subgraphs may hold one. No fused step moves
// past such a node, or it would read what the node wrote where the graph
// reads what was there before.
func mayUpdate(n *ir.Node) bool {
	if n.Kind == ir.Apply {
		return n.Prim.Stateful
	}
	return len(n.Graphs) > 0
}

type fusing struct {
	nodes  []*ir.Node
	meta   tensor.Meta
	closed bool
}

func fuseGraph(f *ir.Fusion, g *ir.FuncGraph, crossRead map[*ir.Node]bool) error {
	groupOf := map[*ir.Node]*fusing{}
	var groups []*fusing
	for _, n := range g.Nodes {
		var join *fusing
		if m, ok := fusible(n); ok && !crossRead[n] && f.Group(n) == nil {
			for _, in := range n.Inputs {
				if gi := groupOf[in]; gi != nil && !gi.closed && gi.meta.DType == m.DType && gi.meta.Shape.Equal(m.Shape) {
					join = gi
				}
			}
			if join == nil {
				join = &fusing{meta: m}
				groups = append(groups, join)
			}
			join.nodes = append(join.nodes, n)
			groupOf[n] = join
		}
		for _, in := range n.Inputs {
			if gi := groupOf[in]; gi != nil && gi != join {
				gi.closed = true
			}
		}
		// A group's step runs at its last member, so one that spanned an
		// update would compute its earlier members with what it wrote.
		if mayUpdate(n) {
			for _, gi := range groups {
				gi.closed = true
			}
		}
	}
	// The values read outside their group: by a node of another group or
	// of none, or as the graph's result. They are the groups' outputs.
	readOutside := map[*ir.Node]bool{g.Output: true}
	for _, n := range g.Nodes {
		for _, in := range n.Inputs {
			if gi := groupOf[in]; gi != nil && gi != groupOf[n] {
				readOutside[in] = true
			}
		}
	}
	for _, gr := range groups {
		if r := reductionFed(g, gr, readOutside, crossRead); r != nil {
			fg, err := fusedReduceGroup(gr.nodes, r)
			if err != nil {
				return err
			}
			f.Add(fg)
			continue
		}
		if len(gr.nodes) < 2 {
			continue
		}
		fg, err := fusedGroup(gr.nodes, readOutside)
		if err != nil {
			return err
		}
		if fg != nil {
			f.Add(fg)
		}
	}
	return nil
}

// fusible reports whether n can join a fused group, and the meta of its
// result: a Pointwise application computing in float32 or float64, with
// inputs of its dtype and a shape with no symbolic dims.
func fusible(n *ir.Node) (tensor.Meta, bool) {
	if n.Kind != ir.Apply || n.Prim.Pointwise == nil || n.Prim.Stateful {
		return tensor.Meta{}, false
	}
	abs, ok := n.Abs.(ir.TensorAbs)
	if !ok {
		return tensor.Meta{}, false
	}
	m := abs.Meta
	if m.DType != tensor.Float32 && m.DType != tensor.Float64 || m.Shape.Symbolic() {
		return tensor.Meta{}, false
	}
	for _, in := range n.Inputs {
		t, ok := in.Abs.(ir.TensorAbs)
		if !ok || t.Meta.DType != m.DType || t.Meta.Shape.Symbolic() {
			return tensor.Meta{}, false
		}
	}
	return m, true
}

// reductionFed finds the reduction a group's chain feeds, to fuse into
// it: a sum, mean, max or min over every axis, or over the trailing axes
// of a chain with elements, that is the only reader of the group's only
// output, with nothing between the group's last member
// and it that may update a buffer (the group's step moves to the
// reduction's place). It gives nil when there is none.
func reductionFed(g *ir.FuncGraph, gr *fusing, readOutside, crossRead map[*ir.Node]bool) *ir.Node {
	var out *ir.Node
	for _, n := range gr.nodes {
		if readOutside[n] {
			if out != nil {
				return nil
			}
			out = n
		}
	}
	if out == nil || out == g.Output || crossRead[out] {
		return nil
	}
	last := gr.nodes[len(gr.nodes)-1]
	var reader *ir.Node
	seenLast := false
	for _, n := range g.Nodes {
		for _, in := range n.Inputs {
			if in == out {
				if reader != nil {
					return nil
				}
				reader = n
			}
		}
		if reader == nil && seenLast && mayUpdate(n) {
			return nil
		}
		seenLast = seenLast || n == last
	}
	if reader == nil || reader.Kind != ir.Apply || len(reader.Inputs) != 1 || crossRead[reader] {
		return nil
	}
	rank := len(gr.meta.Shape)
	trailing, ok := trailingAxes(reader.Attrs, rank)
	if !ok || trailing < rank && gr.meta.Shape.Size() == 0 {
		return nil
	}
	switch reader.Prim {
	case ops.ReduceSum, ops.ReduceMean:
	case ops.ReduceMax, ops.ReduceMin:
		// Of no elements they have no value: the reduction raises that.
		if gr.meta.Shape.Size() == 0 {
			return nil
		}
	default:
		return nil
	}
	if abs, ok := reader.Abs.(ir.TensorAbs); !ok || abs.Meta.DType != gr.meta.DType {
		return nil
	}
	return reader
}

// trailingAxes gives how many trailing axes, of an input of the given
// rank, a reduction's "axis" attribute covers, and whether they are all
// it covers: absent or empty (MindSpore's axis=()) is every axis.
func trailingAxes(attrs ops.Attrs, rank int) (int, bool) {
	var axes []int
	switch v := attrs["axis"].(type) {
	case nil:
		return rank, true
	case int:
		axes = []int{v}
	case []int:
		axes = v
	default:
		return 0, false
	}
	if len(axes) == 0 {
		return rank, true
	}
	seen := make([]bool, rank)
	for _, a := range axes {
		if a < 0 {
			a += rank
		}
		if a < 0 || a >= rank || seen[a] {
			return 0, false
		}
		seen[a] = true
	}
	for _, covered := range seen[rank-len(axes):] {
		if !covered {
			return 0, false
		}
	}
	return len(axes), true
}

// fusedReduceGroup makes the group of members, in graph order, and the
// reduction of their one output, whose result is the group's.
func fusedReduceGroup(members []*ir.Node, reduction *ir.Node) (*ir.FusedGroup, error) {
	inputs, apps, value := numbered(members)
	abs := reduction.Abs.(ir.TensorAbs)
	rank := len(reduction.Inputs[0].Abs.(ir.TensorAbs).Meta.Shape)
	trailing, _ := trailingAxes(reduction.Attrs, rank)
	prim, err := ops.FuseReduce(len(inputs), apps, value[reduction.Inputs[0]], reduction.Prim, trailing, abs.Meta.Shape)
	if err != nil {
		return nil, err
	}
	return &ir.FusedGroup{Prim: prim, Nodes: append(members[:len(members):len(members)], reduction), Inputs: inputs,
		Outputs: []*ir.Node{reduction}}, nil
}

// fusedGroup makes the group of members, in graph order, whose outputs
// are the members in readOutside, or nil when it has none.
func fusedGroup(members []*ir.Node, readOutside map[*ir.Node]bool) (*ir.FusedGroup, error) {
	inputs, apps, value := numbered(members)
	var outputs []*ir.Node
	var outValues []int
	for _, n := range members {
		if readOutside[n] {
			outputs = append(outputs, n)
			outValues = append(outValues, value[n])
		}
	}
	if len(outputs) == 0 {
		return nil, nil
	}
	prim, err := ops.Fuse(len(inputs), apps, outValues)
	if err != nil {
		return nil, err
	}
	// An output may take an input's buffer that the program allows and
	// that has its dtype and shape: the memory plan reuses it when the
	// input dies at this step.
	reuses := ops.FusedReuse(len(inputs), apps, outValues)
	for j, i := range reuses {
		if i >= 0 && !sameMeta(inputs[i], outputs[j]) {
			reuses[j] = -1
		}
	}
	return &ir.FusedGroup{Prim: prim, Nodes: members, Inputs: inputs, Outputs: outputs, Reuses: reuses}, nil
}

// sameMeta reports whether two values are tensors of one dtype and one
// shape with no symbolic dims.
func sameMeta(a, b *ir.Node) bool {
	x, ok1 := a.Abs.(ir.TensorAbs)
	y, ok2 := b.Abs.(ir.TensorAbs)
	return ok1 && ok2 && x.Meta.DType == y.Meta.DType && x.Meta.Shape.Equal(y.Meta.Shape) && !x.Meta.Shape.Symbolic()
}

// numbered numbers a group's values as ops.Fuse takes them: the inputs
// (the values members read from outside the group) first, then the
// members in graph order, and gives each member's application.
func numbered(members []*ir.Node) ([]*ir.Node, []ops.FusedApply, map[*ir.Node]int) {
	value := make(map[*ir.Node]int, len(members))
	for k, n := range members {
		value[n] = -1 - k // a member: numbered once the inputs are counted
	}
	var inputs []*ir.Node
	for _, n := range members {
		for _, in := range n.Inputs {
			if _, ok := value[in]; !ok {
				value[in] = len(inputs)
				inputs = append(inputs, in)
			}
		}
	}
	for k, n := range members {
		value[n] = len(inputs) + k
	}
	apps := make([]ops.FusedApply, len(members))
	for k, n := range members {
		args := make([]int, len(n.Inputs))
		for i, x := range n.Inputs {
			args[i] = value[x]
		}
		apps[k] = ops.FusedApply{Prim: n.Prim, Args: args}
	}
	return inputs, apps, value
}
