package ops

import (
	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// The indexing primitives: Python's x[...] read and x[...] = v written,
// for basic indices (integers, slices, None; StridedSlice and
// TensorCopySlices), integer index tensors (Gather, GatherNd,
// TensorScatterUpdate) and boolean masks (MaskedSelect, MaskedFill,
// MaskedScatter). Writes are functional: they return a new tensor.

// StridedSlice reads a basic-indexing view of its input, Python's
// x[1, 2:8:3, None, ::-1], as a new tensor. The caller resolves the index
// to concrete attributes, all []int:
//
//   - "begin", "end", "strides" have one entry per leading axis of x that
//     the index names: k = len(begin) ≤ rank(x), and axes k and later are
//     taken whole. For a sliced axis d of size n, (begin[d], end[d],
//     strides[d]) is what Python's slice(a, b, c).indices(n) returns: the
//     stride is nonzero; with a positive stride 0 ≤ begin, end ≤ n, with a
//     negative one -1 ≤ begin, end ≤ n-1, where end -1 means "past index
//     0", never the last element. The axis takes begin, begin+stride, …
//     stopping before end: len(range(begin, end, stride)) indices, maybe
//     none.
//   - "shrink" lists the axes d < k indexed by an integer: begin[d] is
//     that integer, normalized into [0, n) (n added to a negative one),
//     end[d] and strides[d] are ignored, and the axis is dropped from the
//     output.
//   - "new_axis" lists, ascending, the positions in the output's shape of
//     the size-1 axes that None inserted.
//
// So for x of shape (5, 6, 7), x[None, 1, ::-2] is begin (1, 5), end (2,
// -1), strides (1, -2), shrink (0), new_axis (0): shape (1, 3, 7); and
// x[..., None] is begin = end = strides = (), new_axis (3): shape (5, 6,
// 7, 1). An Ellipsis before other indices becomes whole slices (0, n, 1)
// of the axes it covers.
var StridedSlice = define(&Primitive{
	Name: "StridedSlice",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("StridedSlice", in, 1); err != nil {
			return nil, err
		}
		v, err := viewOf("StridedSlice", a, in[0].Shape)
		if err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, v.shape), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		v, _ := viewOf("StridedSlice", a, in[0].Shape())
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		copyLayout(z, cpu.RowMajor(v.core), in[0], v.layout, v.core)
		return []*tensor.Tensor{z}, nil
	},
})

// TensorCopySlices is the assignment x[index] = value for a basic index:
// its output is a new tensor equal to x except on the view StridedSlice
// reads with the same attributes, which takes value broadcast to the
// view's shape (numpy's assignment rule, leading size-1 dims of value
// allowed) and cast to x's dtype. Inputs: x, value.
var TensorCopySlices = define(&Primitive{
	Name: "TensorCopySlices",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("TensorCopySlices", in, 2); err != nil {
			return nil, err
		}
		v, err := viewOf("TensorCopySlices", a, in[0].Shape)
		if err != nil {
			return nil, err
		}
		if _, err := assignStrides("TensorCopySlices", in[1].Shape, v.shape); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, in[0].Shape), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x := in[0]
		v, _ := viewOf("TensorCopySlices", a, x.Shape())
		value, err := castTo(ctx, in[1], x.DType())
		if err != nil {
			return nil, err
		}
		vst, _ := assignStrides("TensorCopySlices", value.Shape(), v.shape)
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		copyFrom(z, x, cpu.RowMajor(x.Shape()))
		copyLayout(z, v.layout, value, cpu.Layout{Strides: dropAxes(vst, v.newAxis)}, v.core)
		return []*tensor.Tensor{z}, nil
	},
})

// A view is StridedSlice's attributes resolved against an input shape.
type view struct {
	shape   tensor.Shape // the view's shape, new axes included
	core    []int        // its shape without the new axes
	layout  cpu.Layout   // where the core's elements lie in the input
	newAxis []int        // the positions of the new axes in shape
}

// viewOf validates StridedSlice's attributes for an input of shape x and
// resolves them.
func viewOf(op string, a Attrs, x tensor.Shape) (*view, error) {
	begin, _ := intsAttr(a, "begin")
	end, _ := intsAttr(a, "end")
	strides, _ := intsAttr(a, "strides")
	shrinkAxes, _ := intsAttr(a, "shrink")
	newAxis, _ := intsAttr(a, "new_axis")
	k := len(begin)
	if len(end) != k || len(strides) != k {
		return nil, Errorf(ValueError, op, "the lengths of 'begin', 'end' and 'strides' must be equal, but got %d, %d and %d.",
			k, len(end), len(strides))
	}
	if k > len(x) {
		return nil, Errorf(IndexError, op, "too many indices for tensor of dimension %d, but got %d.", len(x), k)
	}
	shrink := make([]bool, k)
	for _, d := range shrinkAxes {
		if d < 0 || d >= k || shrink[d] {
			return nil, Errorf(ValueError, op, "each 'shrink' axis must be a distinct one of the %d indexed axes, but got %v.",
				k, tensor.Shape(shrinkAxes))
		}
		shrink[d] = true
	}
	// With symbolic dims (in the shape, or in begin and end when they
	// are resolved against a symbolic size) only the view's shape is
	// worked out: the layout is the kernel's, on concrete shapes.
	concrete := !x.Symbolic() && !tensor.Shape(begin).Symbolic() && !tensor.Shape(end).Symbolic()
	var st []int
	if concrete {
		st = x.Strides()
	}
	v := &view{core: []int{}, newAxis: newAxis}
	for d, n := range x {
		if d >= k {
			v.core = append(v.core, n)
			if concrete {
				v.layout.Strides = append(v.layout.Strides, st[d])
			}
			continue
		}
		b, e, s := begin[d], end[d], strides[d]
		if shrink[d] {
			if knownNegative(b) || knownLessEq(n, b) {
				return nil, Errorf(IndexError, op, "index %s is out of bounds for axis %d with size %s.", tensor.DimString(b), d, tensor.DimString(n))
			}
			if concrete {
				v.layout.Offset += b * st[d]
			}
			continue
		}
		lo, hi := 0, n // the range of a normalized begin and end
		if s < 0 {
			lo, hi = -1, tensor.DimSub(n, 1)
		}
		if s == 0 || knownLess(b, lo) || knownLess(hi, b) || knownLess(e, lo) || knownLess(hi, e) {
			return nil, Errorf(ValueError, op, "the slice %s:%s:%d of axis %d is not a normalized slice of size %s.",
				tensor.DimString(b), tensor.DimString(e), s, d, tensor.DimString(n))
		}
		m := 0
		// The slice's length, ⌈(e-b)/s⌉ when positive; a symbolic
		// difference is taken to be positive or zero.
		diff, step := tensor.DimSub(e, b), s
		if s < 0 {
			diff, step = tensor.DimSub(b, e), -s
		}
		switch {
		case tensor.IsSymbolic(diff):
			m = tensor.DimFloorDiv(tensor.DimAdd(diff, step-1), step)
		case diff > 0:
			m = (diff + step - 1) / step
		}
		if concrete {
			if m > 0 {
				v.layout.Offset += b * st[d]
			}
			v.layout.Strides = append(v.layout.Strides, s*st[d])
		}
		v.core = append(v.core, m)
	}
	rank := len(v.core) + len(newAxis)
	v.shape = make(tensor.Shape, 0, rank)
	c := 0
	for i, p := range newAxis {
		if p < 0 || p >= rank || i > 0 && p <= newAxis[i-1] {
			return nil, Errorf(ValueError, op, "the 'new_axis' must be ascending positions in the output of rank %d, but got %v.",
				rank, tensor.Shape(newAxis))
		}
		for len(v.shape) < p {
			v.shape = append(v.shape, v.core[c])
			c++
		}
		v.shape = append(v.shape, 1)
	}
	v.shape = append(v.shape, v.core[c:]...)
	return v, nil
}

// assignStrides gives the broadcast strides that read a value of shape
// from as the target shape to, numpy's rule for assignment: from aligns
// with to's trailing dims, each of its dims equals the target's or is 1,
// and it may have extra leading dims of size 1.
func assignStrides(op string, from, to tensor.Shape) ([]int, error) {
	v := from
	for len(v) > len(to) && v[0] == 1 {
		v = v[1:]
	}
	ok := len(v) <= len(to)
	for i := 0; ok && i < len(v); i++ {
		d := v[len(v)-1-i]
		ok = d == 1 || tensor.SameDim(d, to[len(to)-1-i])
	}
	if !ok {
		return nil, Errorf(ValueError, op, "could not broadcast input array from shape %v into shape %v.", from, to)
	}
	if v.Symbolic() || to.Symbolic() {
		// Only inference sees symbolic shapes, and it reads no strides.
		return nil, nil
	}
	return cpu.BroadcastStrides(v, to), nil
}

// dropAxes returns st without the entries at the ascending positions axes.
func dropAxes(st []int, axes []int) []int {
	out := make([]int, 0, len(st))
	for i, s := range st {
		if len(axes) > 0 && axes[0] == i {
			axes = axes[1:]
			continue
		}
		out = append(out, s)
	}
	return out
}

// checkIndexType reports an index tensor that is not Int32 or Int64.
func checkIndexType(op, name string, m tensor.Meta) error {
	if m.DType != tensor.Int32 && m.DType != tensor.Int64 {
		return Errorf(TypeError, op, "the '%s' must be a Tensor[Int32] or Tensor[Int64], but got Tensor[%v].", name, m.DType)
	}
	return nil
}

// checkIndices reports the first index out of range, as IndexError. Index
// p of idx addresses an axis of size dims[p % len(dims)], which is axis
// first + p % len(dims) of the indexed tensor.
func checkIndices(op string, idx *tensor.Tensor, dims []int, first int) error {
	p := -1
	switch d := idx.Data().(type) {
	case []int32:
		p = cpu.OutOfRange(d, dims)
	case []int64:
		p = cpu.OutOfRange(d, dims)
	}
	if p < 0 {
		return nil
	}
	a := p % len(dims)
	return Errorf(IndexError, op, "the index %d is out of range [%d, %d) of axis %d.", idx.Int(p), -dims[a], dims[a], first+a)
}

// Gather is numpy's take along attribute "axis" (an int, default 0).
// Inputs: params, and indices of dtype Int32 or Int64 and any shape. The
// output has shape params.shape[:axis] + indices.shape +
// params.shape[axis+1:] and takes params' entries along the axis at the
// indices. A negative index counts from the end, as in Python; one outside
// [-n, n) is an IndexError.
var Gather = define(&Primitive{
	Name: "Gather",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("Gather", in, 2); err != nil {
			return nil, err
		}
		if err := checkIndexType("Gather", "input_indices", in[1]); err != nil {
			return nil, err
		}
		x := in[0].Shape
		axis, err := axisIn("Gather", "axis", a.Int("axis", 0), len(x))
		if err != nil {
			return nil, err
		}
		out := append(append(append(tensor.Shape{}, x[:axis]...), in[1].Shape...), x[axis+1:]...)
		return oneMeta(in[0].DType, out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, idx := in[0], in[1]
		axis, _ := axisIn("Gather", "axis", a.Int("axis", 0), x.Rank())
		n := x.Shape()[axis]
		if err := checkIndices("Gather", idx, []int{n}, axis); err != nil {
			return nil, err
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		outer, inner := x.Shape()[:axis].Size(), x.Shape()[axis+1:].Size()
		switch d := idx.Data().(type) {
		case []int32:
			gatherAs(z, x, d, outer, n, inner)
		case []int64:
			gatherAs(z, x, d, outer, n, inner)
		}
		return []*tensor.Tensor{z}, nil
	},
})

func gatherAs[I cpu.Index](z, x *tensor.Tensor, idx []I, outer, n, inner int) {
	switch z.DType().StorageSize() {
	case 1:
		cpu.Gather(words[uint8](z), words[uint8](x), idx, outer, n, inner)
	case 2:
		cpu.Gather(words[uint16](z), words[uint16](x), idx, outer, n, inner)
	case 4:
		cpu.Gather(words[uint32](z), words[uint32](x), idx, outer, n, inner)
	case 8:
		cpu.Gather(words[uint64](z), words[uint64](x), idx, outer, n, inner)
	}
}

// ndIndex checks the indices of GatherNd or TensorScatterUpdate, of shape
// (..., k) with 1 ≤ k ≤ rank(x), and returns k.
func ndIndex(op string, x, idx tensor.Meta) (int, error) {
	if err := checkIndexType(op, "indices", idx); err != nil {
		return 0, err
	}
	if len(idx.Shape) == 0 {
		return 0, Errorf(ValueError, op, "the rank of 'indices' must be at least 1, but got 0.")
	}
	// k decides the output's rank: a symbolic k is out of range.
	k := idx.Shape[len(idx.Shape)-1]
	if tensor.IsSymbolic(k) || k < 1 || k > len(x.Shape) {
		return 0, Errorf(ValueError, op, "the last dim of 'indices' must be in range [1, %d], the rank of 'input_x', but got %s.",
			len(x.Shape), tensor.DimString(k))
	}
	return k, nil
}

// ndShape is the shape GatherNd gives and TensorScatterUpdate's updates
// have: indices.shape[:-1] + x.shape[k:].
func ndShape(x, idx tensor.Shape, k int) tensor.Shape {
	return append(append(tensor.Shape{}, idx[:len(idx)-1]...), x[k:]...)
}

// GatherNd reads x at index tuples. Inputs: x, and indices (Int32 or
// Int64) of shape (..., k) with 1 ≤ k ≤ rank(x): each row of k indices
// names a sub-array x[i0, …, ik-1]. The output has shape indices.shape[:-1]
// + x.shape[k:]. Negative indices count from the end; one out of range is
// an IndexError.
var GatherNd = define(&Primitive{
	Name: "GatherNd",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("GatherNd", in, 2); err != nil {
			return nil, err
		}
		k, err := ndIndex("GatherNd", in[0], in[1])
		if err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, ndShape(in[0].Shape, in[1].Shape, k)), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, idx := in[0], in[1]
		k := idx.Shape()[idx.Rank()-1]
		dims := x.Shape()[:k]
		if err := checkIndices("GatherNd", idx, dims, 0); err != nil {
			return nil, err
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		inner := x.Shape()[k:].Size()
		switch d := idx.Data().(type) {
		case []int32:
			gatherNdAs(z, x, d, dims, inner)
		case []int64:
			gatherNdAs(z, x, d, dims, inner)
		}
		return []*tensor.Tensor{z}, nil
	},
})

func gatherNdAs[I cpu.Index](z, x *tensor.Tensor, idx []I, dims []int, inner int) {
	switch z.DType().StorageSize() {
	case 1:
		cpu.GatherNd(words[uint8](z), words[uint8](x), idx, dims, inner)
	case 2:
		cpu.GatherNd(words[uint16](z), words[uint16](x), idx, dims, inner)
	case 4:
		cpu.GatherNd(words[uint32](z), words[uint32](x), idx, dims, inner)
	case 8:
		cpu.GatherNd(words[uint64](z), words[uint64](x), idx, dims, inner)
	}
}

// TensorScatterUpdate is GatherNd's assignment, x[indices] = updates for
// integer index tensors, as a new tensor. Inputs: x; indices as GatherNd's;
// updates of x's dtype and exactly GatherNd's output shape,
// indices.shape[:-1] + x.shape[k:] (the caller broadcasts and casts). When
// two index rows name one position the later row's update wins.
var TensorScatterUpdate = define(&Primitive{
	Name: "TensorScatterUpdate",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		return scatterNdMeta("TensorScatterUpdate", in)
	},
	Eval: scatterNdEval("TensorScatterUpdate", scatterNdAs[int32], scatterNdAs[int64]),
})

// scatterNdEval evaluates TensorScatterUpdate or TensorScatterAdd: a copy
// of x, into which the kernel for the indices' dtype scatters the updates.
func scatterNdEval(op string,
	scatter32 func(z, upd *tensor.Tensor, idx []int32, dims []int, inner int),
	scatter64 func(z, upd *tensor.Tensor, idx []int64, dims []int, inner int),
) func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
	return func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, idx, upd := in[0], in[1], in[2]
		k := idx.Shape()[idx.Rank()-1]
		dims := x.Shape()[:k]
		if err := checkIndices(op, idx, dims, 0); err != nil {
			return nil, err
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		copyFrom(z, x, cpu.RowMajor(x.Shape()))
		inner := x.Shape()[k:].Size()
		switch d := idx.Data().(type) {
		case []int32:
			scatter32(z, upd, d, dims, inner)
		case []int64:
			scatter64(z, upd, d, dims, inner)
		}
		return []*tensor.Tensor{z}, nil
	}
}

// scatterNdMeta infers TensorScatterUpdate or TensorScatterAdd: inputs x,
// indices as GatherNd's, and updates of x's dtype and GatherNd's output
// shape.
func scatterNdMeta(op string, in []tensor.Meta) ([]tensor.Meta, error) {
	if err := arity(op, in, 3); err != nil {
		return nil, err
	}
	x, idx, upd := in[0], in[1], in[2]
	k, err := ndIndex(op, x, idx)
	if err != nil {
		return nil, err
	}
	if upd.DType != x.DType {
		return nil, Errorf(TypeError, op, "the dtype of 'updates' must be the same as 'input_x' (%v), but got %v.",
			x.DType, upd.DType)
	}
	want := ndShape(x.Shape, idx.Shape, k)
	if !sameShape(upd.Shape, want) {
		return nil, Errorf(ValueError, op, "the shape of 'updates' must be %v, but got %v.", want, upd.Shape)
	}
	out := x.Shape
	if x.Shape.Symbolic() {
		// x's trailing dims are the updates' last ones: the concrete of each
		// pair.
		out = x.Shape.Clone()
		for i := k; i < len(out); i++ {
			out[i] = preferConcrete(out[i], upd.Shape[len(upd.Shape)-len(out)+i])
		}
	}
	return oneMeta(x.DType, out), nil
}

func scatterNdAs[I cpu.Index](z, upd *tensor.Tensor, idx []I, dims []int, inner int) {
	switch z.DType().StorageSize() {
	case 1:
		cpu.ScatterNd(words[uint8](z), words[uint8](upd), idx, dims, inner)
	case 2:
		cpu.ScatterNd(words[uint16](z), words[uint16](upd), idx, dims, inner)
	case 4:
		cpu.ScatterNd(words[uint32](z), words[uint32](upd), idx, dims, inner)
	case 8:
		cpu.ScatterNd(words[uint64](z), words[uint64](upd), idx, dims, inner)
	}
}

// TensorScatterAdd is TensorScatterUpdate that adds: the output is x with
// each row's update added at its index tuple, so that rows naming one
// position all add to it. It is the adjoint of GatherNd, and so the
// cotangent of GatherNd and Gather. Inputs as TensorScatterUpdate's; x is
// a number type.
var TensorScatterAdd = define(&Primitive{
	Name: "TensorScatterAdd",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		out, err := scatterNdMeta("TensorScatterAdd", in)
		if err == nil && in[0].DType == tensor.Bool {
			return nil, Errorf(TypeError, "TensorScatterAdd", "the 'input_x' must be a Tensor of a number type, but got Tensor[Bool].")
		}
		return out, err
	},
	Eval: scatterNdEval("TensorScatterAdd", scatterAddAs[int32], scatterAddAs[int64]),
})

func scatterAddAs[I cpu.Index](z, upd *tensor.Tensor, idx []I, dims []int, inner int) {
	switch d := z.Data().(type) {
	case []uint8:
		cpu.ScatterNdAdd(d, tensor.Elems[uint8](upd), idx, dims, inner)
	case []int8:
		cpu.ScatterNdAdd(d, tensor.Elems[int8](upd), idx, dims, inner)
	case []int16:
		cpu.ScatterNdAdd(d, tensor.Elems[int16](upd), idx, dims, inner)
	case []int32:
		cpu.ScatterNdAdd(d, tensor.Elems[int32](upd), idx, dims, inner)
	case []int64:
		cpu.ScatterNdAdd(d, tensor.Elems[int64](upd), idx, dims, inner)
	case []float32:
		cpu.ScatterNdAdd(d, tensor.Elems[float32](upd), idx, dims, inner)
	case []float64:
		cpu.ScatterNdAdd(d, tensor.Elems[float64](upd), idx, dims, inner)
	}
}

// checkMask reports a mask that is not boolean.
func checkMask(op string, m tensor.Meta) error {
	if m.DType != tensor.Bool {
		return Errorf(TypeError, op, "the 'mask' must be a Tensor[Bool], but got Tensor[%v].", m.DType)
	}
	return nil
}

// expandTo returns t broadcast to shape: t itself when it has the shape,
// else a broadcast copy.
func expandTo(ctx *Ctx, t *tensor.Tensor, shape tensor.Shape) (*tensor.Tensor, error) {
	if t.Shape().Equal(shape) {
		return t, nil
	}
	z, err := ctx.Alloc(tensor.Meta{DType: t.DType(), Shape: shape})
	if err != nil {
		return nil, err
	}
	copyFrom(z, t, cpu.Layout{Strides: cpu.BroadcastStrides(t.Shape(), shape)})
	return z, nil
}

// MaskedSelect is x[mask] for a boolean mask: x and mask (Bool) broadcast
// together, and the output is the 1-D tensor of the broadcast x's elements
// where the mask is true, in row-major order. Its length depends on the
// data, so Infer gives the dynamic shape (-1,). For numpy's x[mask] with a
// mask over x's leading axes only, the caller appends size-1 axes to the
// mask and reshapes the result to (-1,) + x.shape[mask.ndim:].
var MaskedSelect = define(&Primitive{
	Name: "MaskedSelect",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("MaskedSelect", in, 2); err != nil {
			return nil, err
		}
		if err := checkMask("MaskedSelect", in[1]); err != nil {
			return nil, err
		}
		if _, err := BroadcastShape("MaskedSelect", in[0].Shape, in[1].Shape); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, tensor.Shape{-1}), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		shape, _ := BroadcastShape("MaskedSelect", in[0].Shape(), in[1].Shape())
		x, err := expandTo(ctx, in[0], shape)
		if err != nil {
			return nil, err
		}
		mask, err := expandTo(ctx, in[1], shape)
		if err != nil {
			return nil, err
		}
		m := tensor.Elems[bool](mask)
		z, err := ctx.Alloc(tensor.Meta{DType: out[0].DType, Shape: tensor.Shape{cpu.CountTrue(m)}})
		if err != nil {
			return nil, err
		}
		switch z.DType().StorageSize() {
		case 1:
			cpu.MaskedSelect(words[uint8](z), words[uint8](x), m)
		case 2:
			cpu.MaskedSelect(words[uint16](z), words[uint16](x), m)
		case 4:
			cpu.MaskedSelect(words[uint32](z), words[uint32](x), m)
		case 8:
			cpu.MaskedSelect(words[uint64](z), words[uint64](x), m)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// MaskedFill is x[mask] = value for a boolean mask and a value that
// broadcasts: inputs x, mask (Bool) and value, cast to x's dtype. x and
// mask broadcast together to the output's shape, and value, usually 0-d,
// must broadcast to it too; the output is x with value where mask is true.
var MaskedFill = define(&Primitive{
	Name: "MaskedFill",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "MaskedFill"
		if err := arity(op, in, 3); err != nil {
			return nil, err
		}
		if err := checkMask(op, in[1]); err != nil {
			return nil, err
		}
		shape, err := BroadcastShape(op, in[0].Shape, in[1].Shape)
		if err != nil {
			return nil, err
		}
		if _, err := assignStrides(op, in[2].Shape, shape); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, mask := in[0], in[1]
		value, err := castTo(ctx, in[2], x.DType())
		if err != nil {
			return nil, err
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		shape := z.Shape()
		copyFrom(z, x, cpu.Layout{Strides: cpu.BroadcastStrides(x.Shape(), shape)})
		vst, _ := assignStrides("MaskedFill", value.Shape(), shape)
		mst := cpu.BroadcastStrides(mask.Shape(), shape)
		m := tensor.Elems[bool](mask)
		switch z.DType().StorageSize() {
		case 1:
			cpu.MaskedFill(words[uint8](z), words[uint8](value), m, shape, vst, mst)
		case 2:
			cpu.MaskedFill(words[uint16](z), words[uint16](value), m, shape, vst, mst)
		case 4:
			cpu.MaskedFill(words[uint32](z), words[uint32](value), m, shape, vst, mst)
		case 8:
			cpu.MaskedFill(words[uint64](z), words[uint64](value), m, shape, vst, mst)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// MaskedScatter is x[mask] = updates for a boolean mask and as many
// updates as true elements: inputs x, mask (Bool, broadcast to x's shape)
// and updates of x's dtype. The output is x with the positions where mask
// is true, in row-major order, taking updates' elements in row-major
// order; updates must have at least that many elements.
var MaskedScatter = define(&Primitive{
	Name: "MaskedScatter",
	Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		const op = "MaskedScatter"
		if err := arity(op, in, 3); err != nil {
			return nil, err
		}
		if err := checkMask(op, in[1]); err != nil {
			return nil, err
		}
		if in[2].DType != in[0].DType {
			return nil, Errorf(TypeError, op, "the dtype of 'updates' must be the same as 'input_x' (%v), but got %v.",
				in[0].DType, in[2].DType)
		}
		if _, err := assignStrides(op, in[1].Shape, in[0].Shape); err != nil {
			return nil, err
		}
		return oneMeta(in[0].DType, in[0].Shape), nil
	},
	Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		x, upd := in[0], in[2]
		mask, err := expandTo(ctx, in[1], x.Shape())
		if err != nil {
			return nil, err
		}
		m := tensor.Elems[bool](mask)
		if n := cpu.CountTrue(m); upd.Size() < n {
			return nil, Errorf(ValueError, "MaskedScatter",
				"the number of elements of 'updates' (%d) must be at least the number of true elements of 'mask' (%d).",
				upd.Size(), n)
		}
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		copyFrom(z, x, cpu.RowMajor(x.Shape()))
		switch z.DType().StorageSize() {
		case 1:
			cpu.MaskedScatter(words[uint8](z), words[uint8](upd), m)
		case 2:
			cpu.MaskedScatter(words[uint16](z), words[uint16](upd), m)
		case 4:
			cpu.MaskedScatter(words[uint32](z), words[uint32](upd), m)
		case 8:
			cpu.MaskedScatter(words[uint64](z), words[uint64](upd), m)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// OneHot expands integer indices into one-hot vectors along a new axis.
// Input: indices (Int32 or Int64). Attributes: "depth" (an int ≥ 0, the
// new axis' size), "on_value" and "off_value" (numbers, default 1 and 0),
// "axis" (where the new axis goes, in [-1, rank]; -1, the default, puts it
// last) and "dtype" (the output's, default Float32). An index outside
// [0, depth), negative ones included, gives an all-off vector.
var OneHot = define(&Primitive{
	Name: "OneHot",
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if err := arity("OneHot", in, 1); err != nil {
			return nil, err
		}
		if err := checkIndexType("OneHot", "indices", in[0]); err != nil {
			return nil, err
		}
		depth := a.Int("depth", 0)
		if knownNegative(depth) {
			return nil, Errorf(ValueError, "OneHot", "the 'depth' must be greater than or equal to 0, but got %d.", depth)
		}
		for _, name := range [...]string{"on_value", "off_value"} {
			if v, ok := a[name]; ok && !isNumber(v) {
				return nil, Errorf(TypeError, "OneHot", "the '%s' must be a number, but got %v.", name, v)
			}
		}
		x := in[0].Shape
		axis, err := oneHotAxis(a, len(x))
		if err != nil {
			return nil, err
		}
		out := append(append(append(tensor.Shape{}, x[:axis]...), depth), x[axis:]...)
		return oneMeta(dtypeAttr(a, "dtype", tensor.Float32), out), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		idx := in[0]
		axis, _ := oneHotAxis(a, idx.Rank())
		z, err := allocOne(ctx, out)
		if err != nil {
			return nil, err
		}
		on, err := scalarOf(ctx, z.DType(), numberAttr(a, "on_value", 1))
		if err != nil {
			return nil, err
		}
		off, err := scalarOf(ctx, z.DType(), numberAttr(a, "off_value", 0))
		if err != nil {
			return nil, err
		}
		outer, inner := idx.Shape()[:axis].Size(), idx.Shape()[axis:].Size()
		depth := a.Int("depth", 0)
		switch d := idx.Data().(type) {
		case []int32:
			oneHotAs(z, d, outer, depth, inner, on, off)
		case []int64:
			oneHotAs(z, d, outer, depth, inner, on, off)
		}
		return []*tensor.Tensor{z}, nil
	},
})

// oneHotAxis normalizes OneHot's "axis" for indices of the given rank.
func oneHotAxis(a Attrs, rank int) (int, error) {
	axis := a.Int("axis", -1)
	if axis < -1 || axis > rank {
		return 0, Errorf(ValueError, "OneHot", "the 'axis' must be in range [-1, %d], but got %d.", rank, axis)
	}
	if axis == -1 {
		axis = rank
	}
	return axis, nil
}

// numberAttr returns attribute name, or def when it is absent.
func numberAttr(a Attrs, name string, def int) any {
	if v, ok := a[name]; ok {
		return v
	}
	return def
}

func oneHotAs[I cpu.Index](z *tensor.Tensor, idx []I, outer, depth, inner int, on, off *tensor.Tensor) {
	switch z.DType().StorageSize() {
	case 1:
		cpu.OneHot(words[uint8](z), idx, outer, depth, inner, words[uint8](on)[0], words[uint8](off)[0])
	case 2:
		cpu.OneHot(words[uint16](z), idx, outer, depth, inner, words[uint16](on)[0], words[uint16](off)[0])
	case 4:
		cpu.OneHot(words[uint32](z), idx, outer, depth, inner, words[uint32](on)[0], words[uint32](off)[0])
	case 8:
		cpu.OneHot(words[uint64](z), idx, outer, depth, inner, words[uint64](on)[0], words[uint64](off)[0])
	}
}
