package interp

import (
	"image/color"
	"slices"

	"msrepl/internal/pyfmt"
	"msrepl/tensor"
	vplot "msrepl/viz/plot"
)

// What pyplot's functions are given: keyword arguments with their
// aliases, array-like data (Tensors, ndarrays, lists, ranges), colours,
// colormaps, alphas and labels.

// mplKw are a call's keyword arguments, taken one by one; those left
// are errors, as matplotlib reports them.
type mplKw struct {
	names []string
	vals  []Value
	used  []bool
	// cls and owner make the error for a keyword nothing took: an
	// AttributeError from a setter ("Line2D.set()"), a TypeError from a
	// function.
	cls   *Class
	owner string
}

// mplKwargs splits a call's arguments into positional ones and keywords.
func mplKwargs(args []Value, kwnames []string, cls *Class, owner string) ([]Value, *mplKw) {
	npos := len(args) - len(kwnames)
	return args[:npos], &mplKw{names: kwnames, vals: args[npos:], used: make([]bool, len(kwnames)), cls: cls, owner: owner}
}

// take is the keyword given under any of its aliases, or nil.
func (k *mplKw) take(aliases ...string) (Value, error) {
	var got Value
	gotName := ""
	for i, n := range k.names {
		if !slices.Contains(aliases, n) {
			continue
		}
		k.used[i] = true
		if got != nil {
			return nil, TypeErrorf("Got both '%s' and '%s', which are aliases of one another", gotName, n)
		}
		got, gotName = k.vals[i], n
	}
	return got, nil
}

// done reports the first keyword nothing took.
func (k *mplKw) done() error {
	for i, n := range k.names {
		if !k.used[i] {
			return Errorf(k.cls, "%s got an unexpected keyword argument '%s'", k.owner, n)
		}
	}
	return nil
}

// mplArray is array-like data given to a plotting function.
type mplArray struct {
	vals  []float64
	shape []int
	// strs are categorical data: a sequence of str.
	strs []string
	// float32 data is binned as numpy bins it, in float32.
	float32 bool
	// integer data (ints or bools) is 0..255 in an RGB image.
	integer bool
}

// categorize turns categorical data into the x positions of its
// categories on the Axes.
func (a *mplArray) categorize(ax *mplAxes) {
	for _, s := range a.strs {
		a.vals = append(a.vals, ax.a.Category(s))
	}
	a.strs = nil
}

func (a *mplArray) shapeText() string { return mplShape(a.shape) }

// mplData converts what a plotting function is given: a Tensor, an
// ndarray, a number, or (nested) lists, tuples and other iterables of
// numbers; a flat sequence of str is categorical.
func (th *Thread) mplData(fname string, v Value) (*mplArray, error) {
	switch x := v.(type) {
	case *Tensor:
		if err := th.valueRead(x.t, "Plotting a Tensor"); err != nil {
			return nil, err
		}
		return mplTensorData(x.t), nil
	case *NDArray:
		return mplTensorData(x.t), nil
	case Str:
		return nil, TypeErrorf("%s() needs numbers or an array of them, not a str", fname)
	case *List, Tuple:
	default:
		if _, ok := v.(Iterable); ok {
			items, err := th.iterateAll(v)
			if err != nil {
				return nil, err
			}
			v = Tuple(items)
		}
	}
	if items, err := th.iterateAll(v); err == nil && len(items) > 0 {
		strs := make([]string, 0, len(items))
		for _, it := range items {
			if s, ok := it.(Str); ok {
				strs = append(strs, string(s))
			}
		}
		if len(strs) == len(items) {
			return &mplArray{strs: strs, shape: []int{len(strs)}}, nil
		}
	}
	h, err := th.flatten(fname, v)
	if err != nil {
		return nil, err
	}
	dt := h.defaultDType(tensor.Float64)
	return &mplArray{vals: h.floats, shape: h.shape, float32: dt == tensor.Float32, integer: !dt.IsFloat()}, nil
}

func mplTensorData(t *tensor.Tensor) *mplArray {
	vals := make([]float64, t.Size())
	for i := range vals {
		vals[i] = t.Float(i)
	}
	return &mplArray{vals: vals, shape: slices.Clone([]int(t.Shape())), float32: t.DType() == tensor.Float32, integer: !t.DType().IsFloat()}
}

// mplNumbers is data that must be numbers.
func (th *Thread) mplNumbers(fname, what string, v Value) (*mplArray, error) {
	a, err := th.mplData(fname, v)
	if err != nil {
		return nil, err
	}
	if a.strs != nil {
		return nil, TypeErrorf("%s() %s must be numbers, not str", fname, what)
	}
	return a, nil
}

// mplFloats makes values a float64 ndarray, as matplotlib returns them.
func (th *Thread) mplFloats(vals []float64) (Value, error) {
	t, err := th.newTensor(tensor.Float64, tensor.Shape{len(vals)})
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		t.SetFloat(i, v)
	}
	return npArray(t), nil
}

// mplColor reads a colour: a name, hex string, grey level or 'CN', or an
// (r, g, b) or (r, g, b, a) tuple of floats in [0, 1].
func (th *Thread) mplColor(v Value) (color.NRGBA, error) {
	switch x := v.(type) {
	case Str:
		c, err := vplot.ParseColor(string(x))
		if err != nil {
			return c, ValueErrorf("%s is not a valid value for color", pyfmt.QuoteString(string(x)))
		}
		return c, nil
	case Tuple, *List:
		items, _ := th.iterateAll(x)
		if len(items) == 3 || len(items) == 4 {
			rgba := []float64{0, 0, 0, 1}
			ok := true
			for i, it := range items {
				f, err := realArg(it)
				if err != nil {
					ok = false
					break
				}
				if f < 0 || f > 1 {
					return color.NRGBA{}, ValueErrorf("RGBA values should be within 0-1 range")
				}
				rgba[i] = f
			}
			if ok {
				return vplot.RGBA(rgba[0], rgba[1], rgba[2], rgba[3]), nil
			}
		}
	}
	r, err := th.Repr(v)
	if err != nil {
		return color.NRGBA{}, err
	}
	return color.NRGBA{}, ValueErrorf("%s is not a valid value for color", r)
}

// mplColors reads one colour, or a list of them (one per element).
func (th *Thread) mplColors(v Value) ([]color.NRGBA, error) {
	if c, err := th.mplColor(v); err == nil {
		return []color.NRGBA{c}, nil
	} else if _, isStr := v.(Str); isStr {
		return nil, err
	}
	items, err := th.iterateAll(v)
	if err != nil {
		return nil, ValueErrorf("%s is not a valid value for color", reprNoThread(nil, v))
	}
	out := make([]color.NRGBA, len(items))
	for i, it := range items {
		if out[i], err = th.mplColor(it); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// mplAlpha reads an alpha: None (-1, none given) or a number in [0, 1].
func mplAlpha(v Value) (float64, error) {
	if v == nil || v == None {
		return -1, nil
	}
	a, err := realArg(v)
	if err != nil {
		return 0, TypeErrorf("alpha must be numeric or None, not %s", TypeName(v))
	}
	if a < 0 || a > 1 {
		return 0, ValueErrorf("alpha (%s) is outside 0-1 range", pyfmt.FloatRepr(a))
	}
	return a, nil
}

// mplPositive reads a width or size in points.
func mplPositive(name string, v Value) (float64, error) {
	f, err := realArg(v)
	if err != nil {
		return 0, TypeErrorf("%s must be a number, not %s", name, TypeName(v))
	}
	if f < 0 || !(f == f) {
		return 0, ValueErrorf("%s must be a non-negative number, not %s", name, pyfmt.FloatRepr(f))
	}
	return f, nil
}

// mplLabel reads a label; matplotlib turns anything into its str.
func (th *Thread) mplLabel(v Value) (string, error) {
	if v == nil || v == None {
		return "", nil
	}
	return th.Str(v)
}

// mplScalarMap maps values through cmap, from vmin and vmax where they
// are given, else from the values' range.
func mplScalarMap(cmap *vplot.Colormap, vals []float64, vmin, vmax Value) (vplot.ScalarMap, error) {
	m := vplot.NewScalarMap(cmap, vals)
	for _, b := range []struct {
		v   Value
		dst *float64
	}{{vmin, &m.Vmin}, {vmax, &m.Vmax}} {
		if b.v == None {
			continue
		}
		f, err := realArg(b.v)
		if err != nil {
			return m, TypeErrorf("vmin and vmax must be numbers, not %s", TypeName(b.v))
		}
		*b.dst = f
	}
	return m, nil
}

// mplCmapArg reads a cmap argument: None (viridis), a name, or a
// colormap object.
func mplCmapArg(v Value) (*vplot.Colormap, error) {
	switch x := v.(type) {
	case NoneType:
		return vplot.LookupColormap(vplot.DefaultColormap)
	case *mplColormap:
		return x.cmap, nil
	case Str:
		cm, err := vplot.LookupColormap(string(x))
		if err != nil {
			return nil, ValueErrorf("%s", err)
		}
		return cm, nil
	}
	return nil, TypeErrorf("cmap must be a colormap name or a Colormap, not %s", TypeName(v))
}
