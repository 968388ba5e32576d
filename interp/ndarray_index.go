package interp

import (
	"errors"

	"msrepl/ops"
	"msrepl/tensor"
)

// ndarray indexing, numpy's rules over the indexing primitives. An index
// has a basic part (integers, slices, None, Ellipsis), which StridedSlice
// reads and TensorCopySlices writes, and maybe advanced indices (integer
// arrays and boolean masks), which GatherNd reads and TensorScatterUpdate
// writes on the basic part's view. Masks become integer arrays (their
// nonzero positions), except a lone mask, which MaskedSelect, MaskedFill
// and MaskedScatter take as it is.

type npIndexKind uint8

const (
	ixInt npIndexKind = iota
	ixSlice
	ixNewAxis
	ixEllipsis
	ixArray // an integer or boolean array
	ixBool  // a Python bool: a new axis, indexed by [0] or []
)

// An npIndexItem is one entry of an index, classified.
type npIndexItem struct {
	kind  npIndexKind
	n     int            // ixInt's integer
	slice *Slice         // ixSlice's slice
	arr   *tensor.Tensor // ixArray's array: Int64 or Bool
	truth bool           // ixBool's value
}

// dims is how many axes of the array the item consumes.
func (it npIndexItem) dims() int {
	switch it.kind {
	case ixInt, ixSlice:
		return 1
	case ixArray:
		if it.arr.DType() == tensor.Bool {
			return it.arr.Rank()
		}
		return 1
	}
	return 0
}

// npIndexTypeError is numpy's error for an index of a type it does not
// take.
func npIndexTypeError() error {
	return IndexErrorf("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
}

// npParseIndex classifies the entries of an index.
func (th *Thread) npParseIndex(key Value) ([]npIndexItem, error) {
	keys, ok := key.(Tuple)
	if !ok {
		keys = Tuple{key}
	}
	items := make([]npIndexItem, 0, len(keys))
	ellipsis := false
	for _, k := range keys {
		var it npIndexItem
		switch x := k.(type) {
		case NoneType:
			it.kind = ixNewAxis
		case EllipsisType:
			if ellipsis {
				return nil, IndexErrorf("an index can only have a single ellipsis ('...')")
			}
			ellipsis = true
			it.kind = ixEllipsis
		case *Slice:
			it.kind, it.slice = ixSlice, x
		case Bool:
			it.kind, it.truth = ixBool, bool(x)
		case Int:
			it.kind, it.n = ixInt, int(x)
		case *BigInt:
			return nil, IndexErrorf("cannot fit 'int' into an index-sized integer")
		case *NDArray, *Tensor, *List, Tuple:
			var err error
			if it, err = th.npArrayIndex(k); err != nil {
				return nil, err
			}
		default:
			return nil, npIndexTypeError()
		}
		items = append(items, it)
	}
	return items, nil
}

// npArrayIndex classifies an array-like entry: a 0-d integer array is an
// integer, a 0-d bool one a Python bool.
func (th *Thread) npArrayIndex(k Value) (npIndexItem, error) {
	if a, ok := k.(*NDArray); ok && a.scalar && a.t.DType().IsFloat() {
		return npIndexItem{}, npIndexTypeError()
	}
	t, err := th.npAsArray(k)
	if err != nil {
		return npIndexItem{}, err
	}
	switch {
	case t.DType() == tensor.Bool && t.Rank() == 0:
		if err := th.valueRead(t, "Indexing with a 0-d boolean Tensor"); err != nil {
			return npIndexItem{}, err
		}
		return npIndexItem{kind: ixBool, truth: t.Int(0) != 0}, nil
	case t.DType() == tensor.Bool:
		return npIndexItem{kind: ixArray, arr: t}, nil
	// A 0-d index a graph computes gathers, as numpy's 0-d arrays index.
	case t.Rank() == 0 && !t.DType().IsFloat() && !th.graphValue(t):
		return npIndexItem{kind: ixInt, n: int(t.Int(0))}, nil
	case t.DType().IsFloat() && t.Size() > 0:
		if _, isList := k.(*List); isList {
			return npIndexItem{}, npIndexTypeError()
		}
		return npIndexItem{}, IndexErrorf("arrays used as indices must be of integer (or boolean) type")
	}
	// An empty list converts as float64, but indexes as integers.
	if t, err = th.npCast(t, tensor.Int64); err != nil {
		return npIndexItem{}, err
	}
	return npIndexItem{kind: ixArray, arr: t}, nil
}

// An npAdvIndex is an advanced index on an axis of the basic part's view.
type npAdvIndex struct {
	pos  int            // the view's axis it indexes
	axis int            // the array's axis, for errors
	t    *tensor.Tensor // the indices, Int64
}

// An npIndexPlan is an index resolved against an array's shape.
type npIndexPlan struct {
	// StridedSlice's attributes for the basic part; axes that advanced
	// indices take are kept whole.
	begin, end, strides, shrink, newAxis []int
	view                                 tensor.Shape // the basic part's shape
	trivial                              bool         // the basic part is the whole array
	scalar                               bool         // the index names one element
	adv                                  []npAdvIndex
}

func (p *npIndexPlan) attrs() ops.Attrs {
	return ops.Attrs{"begin": p.begin, "end": p.end, "strides": p.strides, "shrink": p.shrink, "new_axis": p.newAxis}
}

// npPlanIndex resolves an index for an array of shape shape.
func (th *Thread) npPlanIndex(shape tensor.Shape, items []npIndexItem) (*npIndexPlan, error) {
	rank := len(shape)
	consumed, hasAdv, allInts := 0, false, true
	for _, it := range items {
		consumed += it.dims()
		hasAdv = hasAdv || it.kind == ixArray || it.kind == ixBool
		allInts = allInts && it.kind == ixInt
	}
	if consumed > rank {
		return nil, IndexErrorf("too many indices for array: array is %d-dimensional, but %d were indexed", rank, consumed)
	}
	p := &npIndexPlan{view: tensor.Shape{}, trivial: true, scalar: allInts && consumed == rank, newAxis: []int{}, shrink: []int{}}
	d := 0
	whole := func() {
		p.begin = append(p.begin, 0)
		p.end = append(p.end, shape[d])
		p.strides = append(p.strides, 1)
		p.view = append(p.view, shape[d])
		d++
	}
	newAxis := func() {
		p.newAxis = append(p.newAxis, len(p.view))
		p.view = append(p.view, 1)
		p.trivial = false
	}
	for _, it := range items {
		switch it.kind {
		case ixEllipsis:
			for range rank - consumed {
				whole()
			}
		case ixNewAxis:
			newAxis()
		case ixSlice:
			n := shape[d]
			b, e, s, err := it.slice.indices(n)
			if err != nil {
				return nil, err
			}
			m := 0
			if s > 0 && e > b {
				m = (e - b + s - 1) / s
			} else if s < 0 && b > e {
				m = (b - e - s - 1) / -s
			}
			p.begin = append(p.begin, b)
			p.end = append(p.end, e)
			p.strides = append(p.strides, s)
			p.view = append(p.view, m)
			p.trivial = p.trivial && b == 0 && e == n && s == 1
			d++
		case ixInt:
			n := shape[d]
			if it.n < -n || it.n >= n {
				return nil, IndexErrorf("index %d is out of bounds for axis %d with size %d", it.n, d, n)
			}
			i := it.n
			if i < 0 {
				i += n
			}
			if hasAdv {
				t, err := th.scalarTensor(tensor.Int64, float64(i), int64(i))
				if err != nil {
					return nil, err
				}
				p.adv = append(p.adv, npAdvIndex{pos: len(p.view), axis: d, t: t})
				whole()
				continue
			}
			p.shrink = append(p.shrink, len(p.begin))
			p.begin = append(p.begin, i)
			p.end = append(p.end, i+1)
			p.strides = append(p.strides, 1)
			p.trivial = false
			d++
		case ixBool:
			var idx []int64
			if it.truth {
				idx = []int64{0}
			}
			t, err := tensor.FromInt64s(th.ms().dev, tensor.Int64, tensor.Shape{len(idx)}, idx)
			if err != nil {
				return nil, opsError(err)
			}
			p.adv = append(p.adv, npAdvIndex{pos: len(p.view), axis: -1, t: t})
			newAxis()
		case ixArray:
			if it.arr.DType() != tensor.Bool {
				p.adv = append(p.adv, npAdvIndex{pos: len(p.view), axis: d, t: it.arr})
				whole()
				continue
			}
			k := it.arr.Rank()
			for j, m := range it.arr.Shape() {
				if m != shape[d+j] {
					return nil, IndexErrorf("boolean index did not match indexed array along dimension %d; dimension is %d but corresponding boolean dimension is %d",
						d+j, shape[d+j], m)
				}
			}
			idx, err := th.npNonzero(it.arr)
			if err != nil {
				return nil, err
			}
			for j := range k {
				p.adv = append(p.adv, npAdvIndex{pos: len(p.view), axis: d, t: idx[j]})
				whole()
			}
		}
	}
	for d < rank {
		whole()
	}
	return p, nil
}

// npNonzero gives, for each axis of mask, the indices of its true
// elements along that axis, numpy's nonzero: the true elements' flat
// positions (MaskedSelect of a Range), divided down by the strides.
func (th *Thread) npNonzero(mask *tensor.Tensor) ([]*tensor.Tensor, error) {
	flat, err := th.apply1(ops.Range, ops.Attrs{"start": 0, "limit": mask.Size(), "delta": 1, "dtype": tensor.Int64})
	if err != nil {
		return nil, err
	}
	if flat, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(mask.Shape())}, flat); err != nil {
		return nil, err
	}
	if flat, err = th.apply1(ops.MaskedSelect, nil, flat, mask); err != nil {
		return nil, err
	}
	shape, strides := mask.Shape(), mask.Shape().Strides()
	out := make([]*tensor.Tensor, len(shape))
	for j := range shape {
		t := flat
		if strides[j] != 1 {
			s, err := th.scalarTensor(tensor.Int64, 0, int64(strides[j]))
			if err != nil {
				return nil, err
			}
			if t, err = th.apply1(ops.FloorDiv, nil, t, s); err != nil {
				return nil, err
			}
		}
		if j > 0 {
			n, err := th.scalarTensor(tensor.Int64, 0, int64(shape[j]))
			if err != nil {
				return nil, err
			}
			if t, err = th.apply1(ops.FloorMod, nil, t, n); err != nil {
				return nil, err
			}
		}
		out[j] = t
	}
	return out, nil
}

// npBasic reads the basic part of a planned index.
func (th *Thread) npBasic(x *tensor.Tensor, p *npIndexPlan) (*tensor.Tensor, error) {
	if p.trivial {
		return x, nil
	}
	return th.apply1(ops.StridedSlice, p.attrs(), x)
}

// An npGather is the advanced part of an index laid out for GatherNd and
// TensorScatterUpdate: the view transposed to put the indexed axes first,
// and the index tuples.
type npGather struct {
	perm     []int          // the view's transposition; nil when none
	idx      *tensor.Tensor // index tuples, shape bshape + (len(adv),)
	bshape   tensor.Shape   // the indices' broadcast shape
	rest     tensor.Shape   // the view's other axes, in order
	adjacent bool           // the indexed axes are adjacent: bshape goes where they were
	first    int            // the first indexed axis of the view
}

// resultShape is numpy's shape of the indexing result.
func (g *npGather) resultShape() tensor.Shape {
	if !g.adjacent {
		return append(g.bshape.Clone(), g.rest...)
	}
	out := append(g.rest[:g.first:g.first], g.bshape...)
	return append(out, g.rest[g.first:]...)
}

// resultPerm is the transposition from GatherNd's layout (bshape + rest)
// to numpy's result layout, or nil when they agree.
func (g *npGather) resultPerm() []int {
	if !g.adjacent || g.first == 0 {
		return nil
	}
	nb := len(g.bshape)
	perm := make([]int, 0, nb+len(g.rest))
	for i := range g.first {
		perm = append(perm, nb+i)
	}
	for i := range nb {
		perm = append(perm, i)
	}
	for i := nb + g.first; i < nb+len(g.rest); i++ {
		perm = append(perm, i)
	}
	return perm
}

// npPrepareGather lays out the advanced indices of a plan.
func (th *Thread) npPrepareGather(p *npIndexPlan) (*npGather, error) {
	g := &npGather{first: p.adv[0].pos, adjacent: true}
	shapes := make([]tensor.Shape, len(p.adv))
	taken := make([]bool, len(p.view))
	for i, a := range p.adv {
		shapes[i] = a.t.Shape()
		taken[a.pos] = true
		if i > 0 && a.pos != p.adv[i-1].pos+1 {
			g.adjacent = false
		}
	}
	b, err := npBroadcast(shapes...)
	if err != nil {
		var msg string
		for _, s := range shapes {
			msg += npShapeString(s) + " "
		}
		return nil, IndexErrorf("shape mismatch: indexing arrays could not be broadcast together with shapes %s", msg)
	}
	g.bshape = b
	perm := make([]int, 0, len(p.view))
	for _, a := range p.adv {
		perm = append(perm, a.pos)
	}
	for i, d := range p.view {
		if !taken[i] {
			perm = append(perm, i)
			g.rest = append(g.rest, d)
		}
	}
	for i, q := range perm {
		if q != i {
			g.perm = perm
			break
		}
	}
	parts := make([]*tensor.Tensor, len(p.adv))
	for i, a := range p.adv {
		t := a.t
		if !t.Shape().Equal(b) {
			if t, err = th.apply1(ops.BroadcastTo, ops.Attrs{"shape": []int(b)}, t); err != nil {
				return nil, err
			}
		}
		parts[i] = t
	}
	if g.idx, err = th.apply1(ops.Stack, ops.Attrs{"axis": -1}, parts...); err != nil {
		return nil, err
	}
	return g, nil
}

// npPermute applies perm to t, when there is one.
func (th *Thread) npPermute(t *tensor.Tensor, perm []int) (*tensor.Tensor, error) {
	if perm == nil {
		return t, nil
	}
	return th.apply1(ops.Transpose, ops.Attrs{"perm": perm}, t)
}

func npInversePerm(perm []int) []int {
	if perm == nil {
		return nil
	}
	inv := make([]int, len(perm))
	for i, p := range perm {
		inv[p] = i
	}
	return inv
}

// npBoundsError turns a gather's or scatter's out-of-range error into
// numpy's, which names the first bad index of the first index array that
// has one.
func (th *Thread) npBoundsError(err error, p *npIndexPlan) error {
	var e *Exception
	if !errors.As(err, &e) || !e.Type().IsSubclass(IndexErrorClass) {
		return err
	}
	for _, a := range p.adv {
		n := p.view[a.pos]
		hi, herr := th.scalarTensor(tensor.Int64, 0, int64(n))
		lo, lerr := th.scalarTensor(tensor.Int64, 0, int64(-n))
		if herr != nil || lerr != nil {
			return err
		}
		over, oerr := th.apply1(ops.GreaterEqual, nil, a.t, hi)
		under, uerr := th.apply1(ops.Less, nil, a.t, lo)
		if oerr != nil || uerr != nil {
			return err
		}
		bad, berr := th.apply1(ops.LogicalOr, nil, over, under)
		if berr != nil {
			return err
		}
		sel, serr := th.apply1(ops.MaskedSelect, nil, a.t, bad)
		if serr != nil {
			return err
		}
		if sel.Size() > 0 {
			return IndexErrorf("index %d is out of bounds for axis %d with size %d", sel.Int(0), a.axis, n)
		}
	}
	return err
}

// npLoneMask returns the mask of an index that is one boolean array and
// nothing else.
func npLoneMask(items []npIndexItem) (*tensor.Tensor, bool) {
	if len(items) == 1 && items[0].kind == ixArray && items[0].arr.DType() == tensor.Bool && items[0].arr.Rank() > 0 {
		return items[0].arr, true
	}
	return nil, false
}

// npCheckMask checks a lone mask against the array's shape.
func npCheckMask(mask *tensor.Tensor, shape tensor.Shape) error {
	if mask.Rank() > len(shape) {
		return IndexErrorf("too many indices for array: array is %d-dimensional, but %d were indexed", len(shape), mask.Rank())
	}
	for j, m := range mask.Shape() {
		if m != shape[j] {
			return IndexErrorf("boolean index did not match indexed array along dimension %d; dimension is %d but corresponding boolean dimension is %d",
				j, shape[j], m)
		}
	}
	return nil
}

// npExpandMask gives a mask over x's leading axes size-1 trailing axes,
// so that it broadcasts against x.
func (th *Thread) npExpandMask(mask *tensor.Tensor, rank int) (*tensor.Tensor, error) {
	if mask.Rank() == rank {
		return mask, nil
	}
	shape := append([]int(mask.Shape().Clone()), make([]int, rank-mask.Rank())...)
	for i := mask.Rank(); i < rank; i++ {
		shape[i] = 1
	}
	return th.apply1(ops.Reshape, ops.Attrs{"shape": shape}, mask)
}

func (a *NDArray) GetItem(th *Thread, key Value) (Value, error) {
	if a.scalar && !(key == Ellipsis || npIsEmptyTuple(key)) {
		return nil, IndexErrorf("invalid index to scalar variable.")
	}
	z, scalar, err := th.readIndex(a.t, key)
	if err != nil {
		return nil, err
	}
	if scalar {
		return npResult(z), nil
	}
	return npArray(z), nil
}

// readIndex is x[key] by numpy's rules, for ndarrays and Tensors alike.
// scalar reports that integers alone picked one element.
func (th *Thread) readIndex(x *tensor.Tensor, key Value) (z *tensor.Tensor, scalar bool, err error) {
	items, err := th.npParseIndex(key)
	if err != nil {
		return nil, false, err
	}
	if mask, ok := npLoneMask(items); ok {
		if err := npCheckMask(mask, x.Shape()); err != nil {
			return nil, false, err
		}
		m, err := th.npExpandMask(mask, x.Rank())
		if err != nil {
			return nil, false, err
		}
		z, err := th.apply1(ops.MaskedSelect, nil, x, m)
		if err != nil {
			return nil, false, err
		}
		shape := append([]int{-1}, x.Shape()[mask.Rank():]...)
		z, err = th.apply1(ops.Reshape, ops.Attrs{"shape": shape}, z)
		return z, false, err
	}
	p, err := th.npPlanIndex(x.Shape(), items)
	if err != nil {
		return nil, false, err
	}
	v, err := th.npBasic(x, p)
	if err != nil {
		return nil, false, err
	}
	if len(p.adv) == 0 {
		return v, p.scalar, nil
	}
	g, err := th.npPrepareGather(p)
	if err != nil {
		return nil, false, err
	}
	if v, err = th.npPermute(v, g.perm); err != nil {
		return nil, false, err
	}
	if z, err = th.apply1(ops.GatherNd, nil, v, g.idx); err != nil {
		return nil, false, th.npBoundsError(err, p)
	}
	z, err = th.npPermute(z, g.resultPerm())
	return z, false, err
}

func npIsEmptyTuple(v Value) bool {
	t, ok := v.(Tuple)
	return ok && len(t) == 0
}

// npIndexAxis0 is a[i] for 0 ≤ i < len(a): a row, or a scalar of a
// vector.
func (th *Thread) npIndexAxis0(a *NDArray, i int) (*NDArray, error) {
	t, err := th.apply1(ops.StridedSlice, ops.Attrs{"begin": []int{i}, "end": []int{i + 1}, "strides": []int{1}, "shrink": []int{0}}, a.t)
	if err != nil {
		return nil, err
	}
	return npResult(t), nil
}

// npAssignable checks numpy's rule for assigning a value of shape from to
// a target of shape to: leading size-1 dims of the value may go, and the
// rest broadcast to the target's trailing dims. It returns the value's
// shape without those leading dims.
func npAssignable(from, to tensor.Shape) (tensor.Shape, bool) {
	v := from
	for len(v) > len(to) && v[0] == 1 {
		v = v[1:]
	}
	if len(v) > len(to) {
		return nil, false
	}
	for i := range v {
		if d := v[len(v)-1-i]; d != 1 && d != to[len(to)-1-i] {
			return nil, false
		}
	}
	return v, true
}

func (a *NDArray) SetItem(th *Thread, key, value Value) error {
	if a.scalar {
		return TypeErrorf("'%s' object does not support item assignment", a.typeName())
	}
	arg, ok, err := th.npArgOf(value)
	if err != nil {
		return err
	}
	if !ok {
		if a.t.DType().IsFloat() {
			return TypeErrorf("float() argument must be a string or a real number, not '%s'", TypeName(value))
		}
		return TypeErrorf("int() argument must be a string, a bytes-like object or a real number, not '%s'", TypeName(value))
	}
	val, err := th.npIn(arg, a.t.DType())
	if err != nil {
		return err
	}
	z, err := th.writeIndex(a.t, key, val)
	if err != nil {
		return err
	}
	a.t = z
	return nil
}

// writeIndex returns x with x[key] = val by numpy's rules, for ndarrays and
// Tensors alike; val has x's dtype.
func (th *Thread) writeIndex(x *tensor.Tensor, key Value, val *tensor.Tensor) (*tensor.Tensor, error) {
	items, err := th.npParseIndex(key)
	if err != nil {
		return nil, err
	}
	if mask, ok := npLoneMask(items); ok {
		return th.npMaskAssign(x, mask, val)
	}
	p, err := th.npPlanIndex(x.Shape(), items)
	if err != nil {
		return nil, err
	}
	if len(p.adv) > 0 {
		return th.npScatter(x, p, val)
	}
	if _, ok := npAssignable(val.Shape(), p.view); !ok {
		return nil, ValueErrorf("could not broadcast input array from shape %s into shape %s", npShapeString(val.Shape()), npShapeString(p.view))
	}
	return th.apply1(ops.TensorCopySlices, p.attrs(), x, val)
}

// npScatter is x[index] = val for an index with advanced parts: the view
// of the basic part, transposed as for a gather, takes val by
// TensorScatterUpdate, and goes back into x.
func (th *Thread) npScatter(x *tensor.Tensor, p *npIndexPlan, val *tensor.Tensor) (*tensor.Tensor, error) {
	g, err := th.npPrepareGather(p)
	if err != nil {
		return nil, err
	}
	want := g.resultShape()
	vs, ok := npAssignable(val.Shape(), want)
	if !ok {
		return nil, ValueErrorf("shape mismatch: value array of shape %s could not be broadcast to indexing result of shape %s",
			npShapeString(val.Shape()), npShapeString(want))
	}
	if !vs.Equal(val.Shape()) {
		if val, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(vs)}, val); err != nil {
			return nil, err
		}
	}
	if !vs.Equal(want) {
		if val, err = th.apply1(ops.BroadcastTo, ops.Attrs{"shape": []int(want)}, val); err != nil {
			return nil, err
		}
	}
	if val, err = th.npPermute(val, npInversePerm(g.resultPerm())); err != nil {
		return nil, err
	}
	v, err := th.npBasic(x, p)
	if err != nil {
		return nil, err
	}
	if v, err = th.npPermute(v, g.perm); err != nil {
		return nil, err
	}
	if v, err = th.apply1(ops.TensorScatterUpdate, nil, v, g.idx, val); err != nil {
		return nil, th.npBoundsError(err, p)
	}
	if v, err = th.npPermute(v, npInversePerm(g.perm)); err != nil {
		return nil, err
	}
	if p.trivial {
		return v, nil
	}
	return th.apply1(ops.TensorCopySlices, p.attrs(), x, v)
}

// npMaskAssign is x[mask] = val for a lone boolean mask.
func (th *Thread) npMaskAssign(x, mask, val *tensor.Tensor) (*tensor.Tensor, error) {
	if err := npCheckMask(mask, x.Shape()); err != nil {
		return nil, err
	}
	m, err := th.npExpandMask(mask, x.Rank())
	if err != nil {
		return nil, err
	}
	// One value fills wherever the mask is true, however many places that
	// is, so a graph can do it without knowing the count.
	n := 1
	if val.Size() != 1 {
		// ReduceSum of Bool is "any": the count sums integers.
		asInt, err := th.npCast(mask, tensor.Int64)
		if err != nil {
			return nil, err
		}
		count, err := th.apply1(ops.ReduceSum, nil, asInt)
		if err != nil {
			return nil, err
		}
		if count.Abstract() {
			return nil, jitValueUnknown("Assigning several values through a boolean mask")
		}
		n = int(count.Int(0))
	}
	want := append(tensor.Shape{n}, x.Shape()[mask.Rank():]...)
	vshape := val.Shape()
	if mask.Rank() == x.Rank() && len(vshape) == 1 && vshape[0] != 1 && vshape[0] != n {
		return nil, ValueErrorf("NumPy boolean array indexing assignment cannot assign %d input values to the %d output values where the mask is true", vshape[0], n)
	}
	vs, ok := npAssignable(vshape, want)
	if !ok {
		return nil, ValueErrorf("shape mismatch: value array of shape %s could not be broadcast to indexing result of shape %s",
			npShapeString(vshape), npShapeString(want))
	}
	if val.Size() == 1 {
		if val, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int{}}, val); err != nil {
			return nil, err
		}
		return th.apply1(ops.MaskedFill, nil, x, m, val)
	}
	if !vs.Equal(vshape) {
		if val, err = th.apply1(ops.Reshape, ops.Attrs{"shape": []int(vs)}, val); err != nil {
			return nil, err
		}
	}
	if val, err = th.apply1(ops.BroadcastTo, ops.Attrs{"shape": []int(want)}, val); err != nil {
		return nil, err
	}
	return th.apply1(ops.MaskedScatter, nil, x, m, val)
}
