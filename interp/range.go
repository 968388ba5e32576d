package interp

import (
	"fmt"
	"math"
	"math/big"
)

// Range is range(start, stop, step).
type Range struct {
	start, stop, step int64
}

func (*Range) Type() *Class { return RangeClass }

// length returns the number of elements.
func (r *Range) length() int64 {
	if r.step > 0 && r.start < r.stop {
		return int64((uint64(r.stop-r.start)-1)/uint64(r.step)) + 1
	}
	if r.step < 0 && r.start > r.stop {
		return int64((uint64(r.start-r.stop)-1)/uint64(-r.step)) + 1
	}
	return 0
}

func (r *Range) Len(th *Thread) (int, error) { return int(r.length()), nil }

func (r *Range) Truth(th *Thread) (bool, error) { return r.length() > 0, nil }

func (r *Range) Repr(th *Thread) (string, error) {
	if r.step == 1 {
		return fmt.Sprintf("range(%d, %d)", r.start, r.stop), nil
	}
	return fmt.Sprintf("range(%d, %d, %d)", r.start, r.stop, r.step), nil
}

func (r *Range) Iterate(th *Thread) (Iterator, error) {
	return &rangeIterator{next: r.start, step: r.step, n: r.length()}, nil
}

type rangeIterator struct {
	next, step, n int64
}

func (*rangeIterator) Type() *Class { return rangeIteratorClass }

func (it *rangeIterator) Next(th *Thread) (Value, bool, error) {
	if it.n <= 0 {
		return nil, false, nil
	}
	v := MakeInt(it.next)
	it.next += it.step
	it.n--
	return v, true, nil
}

func (r *Range) GetItem(th *Thread, key Value) (Value, error) {
	n := r.length()
	if s, ok := key.(*Slice); ok {
		start, stop, step, err := s.indices(int(n))
		if err != nil {
			return nil, err
		}
		return &Range{
			start: r.start + int64(start)*r.step,
			stop:  r.start + int64(stop)*r.step,
			step:  r.step * int64(step),
		}, nil
	}
	i, err := toIndexFor(key, "range")
	if err != nil {
		return nil, err
	}
	idx := int64(i)
	if idx < 0 {
		idx += n
	}
	if idx < 0 || idx >= n {
		return nil, IndexErrorf("range object index out of range")
	}
	return MakeInt(r.start + idx*r.step), nil
}

func (r *Range) Contains(th *Thread, x Value) (bool, error) {
	if i, ok := asInt64(x); ok {
		if r.step > 0 && (i < r.start || i >= r.stop) || r.step < 0 && (i > r.start || i <= r.stop) {
			return false, nil
		}
		return (i-r.start)%r.step == 0, nil
	}
	for it, _ := r.Iterate(th); ; {
		v, ok, err := it.Next(th)
		if err != nil || !ok {
			return false, err
		}
		if eq, err := th.Equal(v, x); err != nil || eq {
			return eq, err
		}
	}
}

// Attr gives start, stop and step.
func (r *Range) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "start":
		return MakeInt(r.start), true, nil
	case "stop":
		return MakeInt(r.stop), true, nil
	case "step":
		return MakeInt(r.step), true, nil
	}
	return nil, false, nil
}

// AttrNames lists the range attributes.
func (r *Range) AttrNames() []string { return []string{"start", "stop", "step"} }

func (r *Range) Hash(th *Thread) (int64, error) {
	return Tuple{MakeInt(r.length()), MakeInt(r.start), MakeInt(r.step)}.Hash(th)
}

func newRange(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	if err := checkArity("range", args, kwnames, 1, 3); err != nil {
		return nil, err
	}
	var v [3]int64
	huge := false
	for i, a := range args {
		n, ok := asInt64(a)
		if !ok {
			if _, isBig := a.(*BigInt); isBig {
				huge = true
				continue
			}
			// Other integers with __index__: numpy's integer scalars.
			k, err := toIndex(a)
			if err != nil {
				return nil, err
			}
			n = int64(k)
		}
		v[i] = n
	}
	if huge {
		return newBigRange(args)
	}
	r := &Range{step: 1}
	switch len(args) {
	case 1:
		r.stop = v[0]
	case 2:
		r.start, r.stop = v[0], v[1]
	case 3:
		r.start, r.stop, r.step = v[0], v[1], v[2]
		if r.step == 0 {
			return nil, ValueErrorf("range() arg 3 must not be zero")
		}
		if r.step == math.MinInt64 {
			return nil, OverflowErrorf("Python int too large to convert to C ssize_t")
		}
	}
	return r, nil
}

func init() {
	RangeClass.New = newRange
	defMethods(RangeClass, map[string]BuiltinFunc{
		"index": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("index", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			r := args[0].(*Range)
			if i, ok := asInt64(args[1]); ok {
				if in, _ := r.Contains(th, args[1]); in {
					return MakeInt((i - r.start) / r.step), nil
				}
			}
			return nil, ValueErrorf("%s is not in range", reprNoThread(th, args[1]))
		},
		"count": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("count", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			in, err := args[0].(*Range).Contains(th, args[1])
			if in {
				return MakeInt(1), err
			}
			return MakeInt(0), err
		},
	})
}

func newBigRange(args []Value) (Value, error) {
	b := make([]*big.Int, len(args))
	for i, a := range args {
		b[i], _ = asBig(a)
	}
	r := &bigRange{start: new(big.Int), step: big.NewInt(1)}
	switch len(b) {
	case 1:
		r.stop = b[0]
	case 2:
		r.start, r.stop = b[0], b[1]
	default:
		r.start, r.stop, r.step = b[0], b[1], b[2]
		if r.step.Sign() == 0 {
			return nil, ValueErrorf("range() arg 3 must not be zero")
		}
	}
	return r, nil
}

// Slice is a slice object, start:stop:step.
type Slice struct {
	Start, Stop, Step Value
}

func (*Slice) Type() *Class { return SliceClass }

func (s *Slice) Repr(th *Thread) (string, error) {
	a, err := th.Repr(s.Start)
	if err != nil {
		return "", err
	}
	b, err := th.Repr(s.Stop)
	if err != nil {
		return "", err
	}
	c, err := th.Repr(s.Step)
	if err != nil {
		return "", err
	}
	return "slice(" + a + ", " + b + ", " + c + ")", nil
}

// Attr gives start, stop and step.
func (s *Slice) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "start":
		return s.Start, true, nil
	case "stop":
		return s.Stop, true, nil
	case "step":
		return s.Step, true, nil
	}
	return nil, false, nil
}

// indices resolves the slice against a sequence of length n, as Python's
// slice.indices.
func (s *Slice) indices(n int) (start, stop, step int, err error) {
	step = 1
	if s.Step != None {
		if step, err = sliceIndex(s.Step); err != nil {
			return
		}
		if step == 0 {
			return 0, 0, 0, ValueErrorf("slice step cannot be zero")
		}
	}
	lower, upper := 0, n
	if step < 0 {
		lower, upper = -1, n-1
	}
	bound := func(v Value, def int) (int, error) {
		if v == None {
			return def, nil
		}
		i, err := sliceIndex(v)
		if err != nil {
			return 0, err
		}
		if i < 0 {
			i += n
			if i < lower {
				i = lower
			}
		} else if i > upper {
			i = upper
		}
		return i, nil
	}
	if step > 0 {
		start, err = bound(s.Start, lower)
		if err == nil {
			stop, err = bound(s.Stop, upper)
		}
	} else {
		start, err = bound(s.Start, upper)
		if err == nil {
			stop, err = bound(s.Stop, lower)
		}
	}
	return
}

// sliceIndex converts a slice bound, clamping huge ints as CPython does.
func sliceIndex(v Value) (int, error) {
	if b, ok := v.(*BigInt); ok {
		if b.v.Sign() < 0 {
			return math.MinInt32, nil
		}
		return math.MaxInt32, nil
	}
	if !isIntLike(v) {
		return 0, TypeErrorf("slice indices must be integers or None or have an __index__ method")
	}
	return toIndex(v)
}

// forEachSliceIndex calls fn for each index a resolved slice selects.
func forEachSliceIndex(start, stop, step int, fn func(int)) {
	if step > 0 {
		for i := start; i < stop; i += step {
			fn(i)
		}
		return
	}
	for i := start; i > stop; i += step {
		fn(i)
	}
}

func init() {
	SliceClass.New = func(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("slice", args, kwnames, 1, 3); err != nil {
			return nil, err
		}
		switch len(args) {
		case 1:
			return &Slice{Start: None, Stop: args[0], Step: None}, nil
		case 2:
			return &Slice{Start: args[0], Stop: args[1], Step: None}, nil
		}
		return &Slice{Start: args[0], Stop: args[1], Step: args[2]}, nil
	}
}
