package interp

import (
	"slices"
	"sort"
	"strings"
)

// List is a mutable sequence.
type List struct {
	elems []Value
}

// NewList returns a list that takes ownership of elems.
func NewList(elems []Value) *List { return &List{elems: elems} }

func (*List) Type() *Class { return ListClass }

// Elems returns the list's elements; the caller must not modify the slice.
func (l *List) Elems() []Value { return l.elems }

func (l *List) Len(th *Thread) (int, error) { return len(l.elems), nil }

func (l *List) Truth(th *Thread) (bool, error) { return len(l.elems) > 0, nil }

func (l *List) Repr(th *Thread) (string, error) {
	return th.reprSeq(l, "[", l.elems, "]")
}

func (l *List) Iterate(th *Thread) (Iterator, error) { return &listIterator{list: l}, nil }

type listIterator struct {
	list *List
	i    int
}

func (*listIterator) Type() *Class { return listIteratorClass }

func (it *listIterator) Next(th *Thread) (Value, bool, error) {
	if it.i < len(it.list.elems) {
		v := it.list.elems[it.i]
		it.i++
		return v, true, nil
	}
	return nil, false, nil
}

func (l *List) GetItem(th *Thread, key Value) (Value, error) {
	if s, ok := key.(*Slice); ok {
		elems, err := sliceElems(l.elems, s)
		if err != nil {
			return nil, err
		}
		return NewList(elems), nil
	}
	i, err := toIndexFor(key, "list")
	if err != nil {
		return nil, err
	}
	if i < 0 {
		i += len(l.elems)
	}
	if i < 0 || i >= len(l.elems) {
		return nil, IndexErrorf("list index out of range")
	}
	return l.elems[i], nil
}

func (l *List) SetItem(th *Thread, key, v Value) error {
	if s, ok := key.(*Slice); ok {
		return th.setListSlice(l, s, v)
	}
	i, err := toIndexFor(key, "list")
	if err != nil {
		return err
	}
	if i < 0 {
		i += len(l.elems)
	}
	if i < 0 || i >= len(l.elems) {
		return IndexErrorf("list assignment index out of range")
	}
	l.elems[i] = v
	return nil
}

func (l *List) DelItem(th *Thread, key Value) error {
	if s, ok := key.(*Slice); ok {
		start, stop, step, err := s.indices(len(l.elems))
		if err != nil {
			return err
		}
		del := make(map[int]bool)
		forEachSliceIndex(start, stop, step, func(i int) { del[i] = true })
		kept := l.elems[:0]
		for i, v := range l.elems {
			if !del[i] {
				kept = append(kept, v)
			}
		}
		clear(l.elems[len(kept):])
		l.elems = kept
		return nil
	}
	i, err := toIndexFor(key, "list")
	if err != nil {
		return err
	}
	if i < 0 {
		i += len(l.elems)
	}
	if i < 0 || i >= len(l.elems) {
		return IndexErrorf("list assignment index out of range")
	}
	l.elems = slices.Delete(l.elems, i, i+1)
	return nil
}

func (th *Thread) setListSlice(l *List, s *Slice, v Value) error {
	items, err := th.iterateAll(v)
	if err != nil {
		if IsInstanceOf(err, TypeErrorClass) {
			return TypeErrorf("can only assign an iterable")
		}
		return err
	}
	start, stop, step, err := s.indices(len(l.elems))
	if err != nil {
		return err
	}
	if step == 1 {
		if stop < start {
			stop = start
		}
		l.elems = slices.Replace(l.elems, start, stop, items...)
		return nil
	}
	var idx []int
	forEachSliceIndex(start, stop, step, func(i int) { idx = append(idx, i) })
	if len(idx) != len(items) {
		return ValueErrorf("attempt to assign sequence of size %d to extended slice of size %d", len(items), len(idx))
	}
	for k, i := range idx {
		l.elems[i] = items[k]
	}
	return nil
}

func (l *List) Contains(th *Thread, x Value) (bool, error) {
	return th.seqContains(l.elems, x)
}

func (th *Thread) seqContains(elems []Value, x Value) (bool, error) {
	for _, e := range elems {
		if identical(e, x) {
			return true, nil
		}
		eq, err := th.Equal(e, x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// extendList appends the items of an iterable to l.
func (th *Thread) extendList(l *List, v Value) error {
	if src, ok := v.(*List); ok {
		if err := th.checkSize(len(l.elems) + len(src.elems)); err != nil {
			return err
		}
		l.elems = append(l.elems, src.elems...)
		return nil
	}
	return th.forEach(v, func(x Value) error {
		if len(l.elems) >= th.MaxSize {
			return th.checkSize(len(l.elems) + 1)
		}
		l.elems = append(l.elems, x)
		return nil
	})
}

// sliceElems returns a new slice of the elements that s selects.
func sliceElems(elems []Value, s *Slice) ([]Value, error) {
	start, stop, step, err := s.indices(len(elems))
	if err != nil {
		return nil, err
	}
	if step == 1 {
		if stop <= start {
			return []Value{}, nil
		}
		return slices.Clone(elems[start:stop]), nil
	}
	out := []Value{}
	forEachSliceIndex(start, stop, step, func(i int) { out = append(out, elems[i]) })
	return out, nil
}

// reprSeq formats a list or tuple, printing [...] for a container inside itself.
// self is nil for immutable containers, which cannot contain themselves.
func (th *Thread) reprSeq(self Value, open string, elems []Value, close string) (string, error) {
	if self != nil {
		if !th.enterRepr(self) {
			return open[:1] + "..." + close[len(close)-1:], nil
		}
		defer delete(th.inRepr, self)
	}
	if err := th.enterRecursive(); err != nil {
		return "", err
	}
	defer func() { th.depth-- }()
	var b strings.Builder
	b.WriteString(open)
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		s, err := th.Repr(e)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	b.WriteString(close)
	return b.String(), nil
}

// enterRepr marks the repr of the mutable container v (a pointer) as being
// built, and reports false if it already was: v contains itself.
func (th *Thread) enterRepr(v Value) bool {
	if th.inRepr[v] {
		return false
	}
	if th.inRepr == nil {
		th.inRepr = make(map[Value]bool)
	}
	th.inRepr[v] = true
	return true
}

// enterRecursive counts a level of Go recursion over nested values (repr,
// comparison, hashing) against the call-depth limit; the caller decrements
// th.depth when done.
func (th *Thread) enterRecursive() error {
	if th.depth >= th.MaxDepth {
		return Errorf(RecursionErrorClass, "maximum recursion depth exceeded while getting the repr of an object")
	}
	th.depth++
	return nil
}

// sortValues sorts in place with Python's semantics: stable, by < (or by
// key), optionally reversed, reporting the first comparison error.
func (th *Thread) sortValues(elems []Value, key Value, reverse bool) error {
	keys := elems
	if key != nil && key != None {
		keys = make([]Value, len(elems))
		for i, e := range elems {
			k, err := th.Call(key, []Value{e}, nil)
			if err != nil {
				return err
			}
			keys[i] = k
		}
	}
	idx := make([]int, len(elems))
	for i := range idx {
		idx[i] = i
	}
	var err error
	less := func(a, b int) bool {
		if err != nil {
			return false
		}
		x, y := keys[idx[a]], keys[idx[b]]
		if reverse {
			x, y = y, x
		}
		lt, e := th.Less(x, y)
		if e != nil {
			err = e
		}
		return lt
	}
	if e := th.charge(len(elems)); e != nil {
		return e
	}
	sort.SliceStable(idx, less)
	if err != nil {
		return err
	}
	sorted := make([]Value, len(elems))
	for i, j := range idx {
		sorted[i] = elems[j]
	}
	copy(elems, sorted)
	return nil
}

func selfList(args []Value, name string) (*List, error) {
	l, ok := args[0].(*List)
	if !ok {
		return nil, TypeErrorf("descriptor '%s' for 'list' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
	}
	return l, nil
}

func listMethod(name string, min, max int, fn func(th *Thread, l *List, args []Value) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		l, err := selfList(args, name)
		if err != nil {
			return nil, err
		}
		if err := checkArity("list."+name, args[1:], kwnames, min, max); err != nil {
			return nil, err
		}
		return fn(th, l, args[1:])
	}
}

func init() {
	defMethods(ListClass, map[string]BuiltinFunc{
		"append": listMethod("append", 1, 1, func(th *Thread, l *List, args []Value) (Value, error) {
			l.elems = append(l.elems, args[0])
			return None, nil
		}),
		"extend": listMethod("extend", 1, 1, func(th *Thread, l *List, args []Value) (Value, error) {
			return None, th.extendList(l, args[0])
		}),
		"insert": listMethod("insert", 2, 2, func(th *Thread, l *List, args []Value) (Value, error) {
			i, err := toIndex(args[0])
			if err != nil {
				return nil, err
			}
			i = clampIndex(i, len(l.elems))
			l.elems = slices.Insert(l.elems, i, args[1])
			return None, nil
		}),
		"pop": listMethod("pop", 0, 1, func(th *Thread, l *List, args []Value) (Value, error) {
			if len(l.elems) == 0 {
				return nil, IndexErrorf("pop from empty list")
			}
			i := len(l.elems) - 1
			if len(args) == 1 {
				var err error
				if i, err = toIndex(args[0]); err != nil {
					return nil, err
				}
				if i < 0 {
					i += len(l.elems)
				}
				if i < 0 || i >= len(l.elems) {
					return nil, IndexErrorf("pop index out of range")
				}
			}
			v := l.elems[i]
			l.elems = slices.Delete(l.elems, i, i+1)
			return v, nil
		}),
		"remove": listMethod("remove", 1, 1, func(th *Thread, l *List, args []Value) (Value, error) {
			for i, e := range l.elems {
				eq, err := th.Equal(e, args[0])
				if err != nil {
					return nil, err
				}
				if eq {
					l.elems = slices.Delete(l.elems, i, i+1)
					return None, nil
				}
			}
			return nil, ValueErrorf("list.remove(x): x not in list")
		}),
		"clear": listMethod("clear", 0, 0, func(th *Thread, l *List, args []Value) (Value, error) {
			clear(l.elems)
			l.elems = l.elems[:0]
			return None, nil
		}),
		"copy": listMethod("copy", 0, 0, func(th *Thread, l *List, args []Value) (Value, error) {
			return NewList(slices.Clone(l.elems)), nil
		}),
		"reverse": listMethod("reverse", 0, 0, func(th *Thread, l *List, args []Value) (Value, error) {
			slices.Reverse(l.elems)
			return None, nil
		}),
		"count": listMethod("count", 1, 1, func(th *Thread, l *List, args []Value) (Value, error) {
			return th.seqCount(l.elems, args[0])
		}),
		"index": listMethod("index", 1, 3, func(th *Thread, l *List, args []Value) (Value, error) {
			return th.seqIndex(l.elems, args, reprNoThread(th, args[0])+" is not in list")
		}),
		"sort": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			l, err := selfList(args, "sort")
			if err != nil {
				return nil, err
			}
			if len(args)-len(kwnames) > 1 {
				return nil, TypeErrorf("sort() takes no positional arguments")
			}
			var key Value = None
			reverse := false
			if err := UnpackArgs("sort", args[1:], kwnames, "*key?", &key, "*reverse?", &reverse); err != nil {
				return nil, err
			}
			return None, th.sortValues(l.elems, key, reverse)
		},
	})
}

func (th *Thread) seqCount(elems []Value, x Value) (Value, error) {
	n := 0
	for _, e := range elems {
		if identical(e, x) {
			n++
			continue
		}
		eq, err := th.Equal(e, x)
		if err != nil {
			return nil, err
		}
		if eq {
			n++
		}
	}
	return MakeInt(int64(n)), nil
}

func (th *Thread) seqIndex(elems []Value, args []Value, notFound string) (Value, error) {
	start, stop := 0, len(elems)
	var err error
	if len(args) > 1 {
		if start, err = toIndex(args[1]); err != nil {
			return nil, err
		}
		start = clampIndex(start, len(elems))
	}
	if len(args) > 2 {
		if stop, err = toIndex(args[2]); err != nil {
			return nil, err
		}
		stop = clampIndex(stop, len(elems))
	}
	for i := start; i < stop; i++ {
		if identical(elems[i], args[0]) {
			return MakeInt(int64(i)), nil
		}
		eq, err := th.Equal(elems[i], args[0])
		if err != nil {
			return nil, err
		}
		if eq {
			return MakeInt(int64(i)), nil
		}
	}
	return nil, ValueErrorf("%s", notFound)
}

// Tuple is an immutable sequence.
type Tuple []Value

func (Tuple) Type() *Class { return TupleClass }

func (t Tuple) Len(th *Thread) (int, error) { return len(t), nil }

func (t Tuple) Truth(th *Thread) (bool, error) { return len(t) > 0, nil }

func (t Tuple) Repr(th *Thread) (string, error) {
	if len(t) == 1 {
		s, err := th.Repr(t[0])
		return "(" + s + ",)", err
	}
	return th.reprSeq(nil, "(", t, ")")
}

func (t Tuple) Iterate(th *Thread) (Iterator, error) { return &tupleIterator{t: t}, nil }

type tupleIterator struct {
	t Tuple
	i int
}

func (*tupleIterator) Type() *Class { return tupleIteratorClass }

func (it *tupleIterator) Next(th *Thread) (Value, bool, error) {
	if it.i < len(it.t) {
		v := it.t[it.i]
		it.i++
		return v, true, nil
	}
	return nil, false, nil
}

func (t Tuple) GetItem(th *Thread, key Value) (Value, error) {
	if s, ok := key.(*Slice); ok {
		elems, err := sliceElems(t, s)
		if err != nil {
			return nil, err
		}
		return Tuple(elems), nil
	}
	i, err := toIndexFor(key, "tuple")
	if err != nil {
		return nil, err
	}
	if i < 0 {
		i += len(t)
	}
	if i < 0 || i >= len(t) {
		return nil, IndexErrorf("tuple index out of range")
	}
	return t[i], nil
}

func (t Tuple) Contains(th *Thread, x Value) (bool, error) { return th.seqContains(t, x) }

// Hash is CPython's tuple hash (xxHash-based), so that tuples order in sets
// as they do there.
func (t Tuple) Hash(th *Thread) (int64, error) {
	const (
		prime1 = 11400714785074694791
		prime2 = 14029467366897019727
		prime5 = 2870177450012600261
	)
	acc := uint64(prime5)
	for _, e := range t {
		h, err := th.Hash(e)
		if err != nil {
			return 0, err
		}
		acc += uint64(h) * prime2
		acc = acc<<31 | acc>>33
		acc *= prime1
	}
	acc += uint64(len(t)) ^ (prime5 ^ 3527539)
	if int64(acc) == -1 {
		return 1546275796, nil
	}
	return int64(acc), nil
}

func init() {
	defMethods(TupleClass, map[string]BuiltinFunc{
		"count": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("count", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			return th.seqCount(args[0].(Tuple), args[1])
		},
		"index": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("index", args[1:], kwnames, 1, 3); err != nil {
				return nil, err
			}
			return th.seqIndex(args[0].(Tuple), args[1:], "tuple.index(x): x not in tuple")
		},
	})
}
