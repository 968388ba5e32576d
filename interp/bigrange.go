package interp

import (
	"math/big"
)

// bigRange is a range whose bounds do not fit in 64 bits. Everything but
// len() works, as in CPython, where len() of a huge range overflows.
type bigRange struct {
	start, stop, step *big.Int
}

func (*bigRange) Type() *Class { return RangeClass }

func (r *bigRange) length() *big.Int {
	var n *big.Int
	switch r.step.Sign() {
	case 1:
		if r.start.Cmp(r.stop) >= 0 {
			return new(big.Int)
		}
		n = new(big.Int).Sub(r.stop, r.start)
		n.Sub(n, big.NewInt(1)).Quo(n, r.step)
	default:
		if r.start.Cmp(r.stop) <= 0 {
			return new(big.Int)
		}
		n = new(big.Int).Sub(r.start, r.stop)
		n.Sub(n, big.NewInt(1)).Quo(n, new(big.Int).Neg(r.step))
	}
	return n.Add(n, big.NewInt(1))
}

func (r *bigRange) Len(th *Thread) (int, error) {
	n := r.length()
	if !n.IsInt64() {
		return 0, OverflowErrorf("Python int too large to convert to C ssize_t")
	}
	return int(n.Int64()), nil
}

func (r *bigRange) Truth(th *Thread) (bool, error) { return r.length().Sign() > 0, nil }

func (r *bigRange) Repr(th *Thread) (string, error) {
	if r.step.Cmp(big.NewInt(1)) == 0 {
		return "range(" + r.start.String() + ", " + r.stop.String() + ")", nil
	}
	return "range(" + r.start.String() + ", " + r.stop.String() + ", " + r.step.String() + ")", nil
}

func (r *bigRange) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "start":
		return MakeBigInt(new(big.Int).Set(r.start)), true, nil
	case "stop":
		return MakeBigInt(new(big.Int).Set(r.stop)), true, nil
	case "step":
		return MakeBigInt(new(big.Int).Set(r.step)), true, nil
	}
	return nil, false, nil
}

func (r *bigRange) AttrNames() []string { return []string{"start", "stop", "step"} }

func (r *bigRange) Iterate(th *Thread) (Iterator, error) {
	return &bigRangeIterator{next: new(big.Int).Set(r.start), step: r.step, left: r.length()}, nil
}

type bigRangeIterator struct {
	next, step, left *big.Int
}

func (*bigRangeIterator) Type() *Class { return rangeIteratorClass }

func (it *bigRangeIterator) Next(th *Thread) (Value, bool, error) {
	if it.left.Sign() <= 0 {
		return nil, false, nil
	}
	v := MakeBigInt(new(big.Int).Set(it.next))
	it.next.Add(it.next, it.step)
	it.left.Sub(it.left, big.NewInt(1))
	return v, true, nil
}

func (r *bigRange) GetItem(th *Thread, key Value) (Value, error) {
	i, ok := asBig(key)
	if !ok {
		return nil, TypeErrorf("range indices must be integers or slices, not %s", TypeName(key))
	}
	n := r.length()
	idx := new(big.Int).Set(i)
	if idx.Sign() < 0 {
		idx.Add(idx, n)
	}
	if idx.Sign() < 0 || idx.Cmp(n) >= 0 {
		return nil, IndexErrorf("range object index out of range")
	}
	return MakeBigInt(idx.Mul(idx, r.step).Add(idx, r.start)), nil
}

func (r *bigRange) Contains(th *Thread, x Value) (bool, error) {
	i, ok := asBig(x)
	if !ok {
		return false, nil
	}
	if r.step.Sign() > 0 && (i.Cmp(r.start) < 0 || i.Cmp(r.stop) >= 0) ||
		r.step.Sign() < 0 && (i.Cmp(r.start) > 0 || i.Cmp(r.stop) <= 0) {
		return false, nil
	}
	d := new(big.Int).Sub(i, r.start)
	return d.Mod(d, new(big.Int).Abs(r.step)).Sign() == 0, nil
}

func (r *bigRange) Hash(th *Thread) (int64, error) {
	return Tuple{MakeBigInt(r.length()), MakeBigInt(r.start), MakeBigInt(r.step)}.Hash(th)
}
