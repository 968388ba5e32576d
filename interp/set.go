package interp

// Set is a mutable set (or, when frozen, a frozenset). Its table follows
// CPython's algorithm, probes included, so that sets iterate and print in
// the order CPython gives (for ints, whose hashes are their values).
type Set struct {
	table  []setEntry
	fill   int // active plus deleted slots
	used   int // active slots
	frozen bool
}

type setEntry struct {
	hash int64
	key  Value // nil: never used; deletedKey: deleted
}

const (
	setMinSize   = 8
	linearProbes = 9
)

// deletedKey marks a deleted slot.
var deletedKey Value = &Cell{}

// NewSet returns an empty set.
func NewSet(n int) *Set {
	s := &Set{}
	size := setMinSize
	for size*3 < n*5 {
		size <<= 1
	}
	s.table = make([]setEntry, size)
	return s
}

func (s *Set) Type() *Class {
	if s.frozen {
		return FrozenSetClass
	}
	return SetClass
}

func (s *Set) Len(th *Thread) (int, error)    { return s.used, nil }
func (s *Set) Truth(th *Thread) (bool, error) { return s.used > 0, nil }

// Elems returns the elements in table order.
func (s *Set) Elems() []Value {
	out := make([]Value, 0, s.used)
	for _, e := range s.table {
		if e.key != nil && e.key != deletedKey {
			out = append(out, e.key)
		}
	}
	return out
}

// find returns the slot holding key, or -1.
func (s *Set) find(th *Thread, key Value, hash int64) (int, error) {
	mask := uint64(len(s.table) - 1)
	i := uint64(hash) & mask
	perturb := uint64(hash)
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			e := &s.table[j]
			if e.key == nil {
				return -1, nil
			}
			if e.hash == hash && e.key != deletedKey {
				if identical(e.key, key) {
					return int(j), nil
				}
				eq, err := th.Equal(e.key, key)
				if err != nil {
					return -1, err
				}
				if eq {
					return int(j), nil
				}
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// Add inserts x.
func (s *Set) Add(th *Thread, x Value) error {
	h, err := th.Hash(x)
	if err != nil {
		return err
	}
	return s.add(th, x, h)
}

func (s *Set) add(th *Thread, key Value, hash int64) error {
	mask := uint64(len(s.table) - 1)
	i := uint64(hash) & mask
	perturb := uint64(hash)
	free := -1
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			e := &s.table[j]
			switch {
			case e.key == nil:
				if free >= 0 {
					s.table[free] = setEntry{hash: hash, key: key}
					s.used++
					return nil
				}
				*e = setEntry{hash: hash, key: key}
				s.fill++
				s.used++
				if uint64(s.fill)*5 >= mask*3 {
					if s.used > 50000 {
						s.resize(s.used * 2)
					} else {
						s.resize(s.used * 4)
					}
				}
				return nil
			case e.key == deletedKey:
				if free < 0 {
					free = int(j)
				}
			case e.hash == hash:
				if identical(e.key, key) {
					return nil
				}
				eq, err := th.Equal(e.key, key)
				if err != nil {
					return err
				}
				if eq {
					return nil
				}
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// resize rebuilds the table for minUsed elements, re-inserting in table
// order as CPython does.
func (s *Set) resize(minUsed int) {
	size := setMinSize
	for size <= minUsed {
		size <<= 1
	}
	old := s.table
	s.table = make([]setEntry, size)
	s.fill = s.used
	mask := uint64(size - 1)
	for _, e := range old {
		if e.key == nil || e.key == deletedKey {
			continue
		}
		i := uint64(e.hash) & mask
		perturb := uint64(e.hash)
	probe:
		for {
			if s.table[i].key == nil {
				break
			}
			if i+linearProbes <= mask {
				for j := uint64(1); j <= linearProbes; j++ {
					if s.table[i+j].key == nil {
						i += j
						break probe
					}
				}
			}
			perturb >>= 5
			i = (i*5 + 1 + perturb) & mask
		}
		s.table[i] = e
	}
}

// Discard removes x and reports whether it was present.
func (s *Set) Discard(th *Thread, x Value) (bool, error) {
	h, err := th.Hash(x)
	if err != nil {
		return false, err
	}
	j, err := s.find(th, x, h)
	if err != nil || j < 0 {
		return false, err
	}
	s.table[j] = setEntry{hash: -1, key: deletedKey}
	s.used--
	return true, nil
}

func (s *Set) Contains(th *Thread, x Value) (bool, error) {
	h, err := th.Hash(x)
	if err != nil {
		return false, err
	}
	j, err := s.find(th, x, h)
	return j >= 0, err
}

// update adds every item of an iterable.
func (s *Set) update(th *Thread, src Value) error {
	if o, ok := src.(*Set); ok {
		if s.fill == 0 && len(s.table) == len(o.table) && o.fill == o.used {
			copy(s.table, o.table)
			s.fill, s.used = o.fill, o.used
			return nil
		}
		if (s.fill+o.used)*5 >= (len(s.table)-1)*3 {
			s.resize((s.used + o.used) * 2)
		}
		for _, e := range o.table {
			if e.key != nil && e.key != deletedKey {
				if err := s.add(th, e.key, e.hash); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return th.forEach(src, func(x Value) error { return s.Add(th, x) })
}

// Copy returns a copy with the same table, so the same order.
func (s *Set) Copy() *Set {
	return &Set{table: append([]setEntry(nil), s.table...), fill: s.fill, used: s.used, frozen: s.frozen}
}

func (s *Set) Iterate(th *Thread) (Iterator, error) {
	return &setIterator{s: s, used: s.used}, nil
}

type setIterator struct {
	s    *Set
	i    int
	used int
}

func (*setIterator) Type() *Class { return setIteratorClass }

func (it *setIterator) Next(th *Thread) (Value, bool, error) {
	if it.s.used != it.used {
		return nil, false, RuntimeErrorf("Set changed size during iteration")
	}
	for it.i < len(it.s.table) {
		e := it.s.table[it.i]
		it.i++
		if e.key != nil && e.key != deletedKey {
			return e.key, true, nil
		}
	}
	return nil, false, nil
}

func (s *Set) Repr(th *Thread) (string, error) {
	name := ""
	if s.frozen {
		name = "frozenset"
	}
	if s.used == 0 {
		if s.frozen {
			return "frozenset()", nil
		}
		return "set()", nil
	}
	if !th.enterRepr(s) {
		return name + "{...}", nil
	}
	defer delete(th.inRepr, s)
	r, err := th.reprSeq(nil, "{", s.Elems(), "}")
	if s.frozen {
		return "frozenset(" + r + ")", err
	}
	return r, err
}

func (s *Set) Hash(th *Thread) (int64, error) {
	if !s.frozen {
		return 0, TypeErrorf("unhashable type: 'set'")
	}
	// CPython's frozenset hash: order-independent mixing of element hashes.
	var h uint64
	for _, e := range s.table {
		if e.key != nil && e.key != deletedKey {
			x := uint64(e.hash)
			h ^= ((x ^ 89869747) ^ (x << 16)) * 3644798167
		}
	}
	h ^= (uint64(s.used) + 1) * 1927868237
	h ^= (h >> 11) ^ (h >> 25)
	h = h*69069 + 907133923
	if int64(h) == -1 {
		h = 590923713
	}
	return int64(h), nil
}

// setOp computes |, &, - and ^ of two sets.
func (th *Thread) setOp(op string, a, b *Set) (*Set, error) {
	var out *Set
	switch op {
	case "|":
		out = a.Copy()
		out.frozen = a.frozen
		return out, out.update(th, b)
	case "&":
		out = NewSet(0)
		small, big := a, b
		if a.used > b.used {
			small, big = b, a
		}
		for _, x := range small.Elems() {
			in, err := big.Contains(th, x)
			if err != nil {
				return nil, err
			}
			if in {
				if err := out.Add(th, x); err != nil {
					return nil, err
				}
			}
		}
	case "-":
		out = NewSet(0)
		for _, x := range a.Elems() {
			in, err := b.Contains(th, x)
			if err != nil {
				return nil, err
			}
			if !in {
				if err := out.Add(th, x); err != nil {
					return nil, err
				}
			}
		}
	case "^":
		out = a.Copy()
		for _, x := range b.Elems() {
			in, err := a.Contains(th, x)
			if err != nil {
				return nil, err
			}
			if in {
				if _, err := out.Discard(th, x); err != nil {
					return nil, err
				}
			} else if err := out.Add(th, x); err != nil {
				return nil, err
			}
		}
	}
	out.frozen = a.frozen
	return out, nil
}

// subset reports whether every element of a is in b.
func (th *Thread) subset(a, b *Set) (bool, error) {
	if a.used > b.used {
		return false, nil
	}
	for _, x := range a.Elems() {
		in, err := b.Contains(th, x)
		if err != nil || !in {
			return false, err
		}
	}
	return true, nil
}

func (th *Thread) toSet(v Value) (*Set, error) {
	if s, ok := v.(*Set); ok {
		return s, nil
	}
	s := NewSet(0)
	return s, s.update(th, v)
}

func setMethod(name string, min, max int, fn func(th *Thread, s *Set, args []Value) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		s, ok := args[0].(*Set)
		if !ok {
			return nil, TypeErrorf("descriptor '%s' for 'set' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
		}
		if err := checkArity(s.Type().Name+"."+name, args[1:], kwnames, min, max); err != nil {
			return nil, err
		}
		return fn(th, s, args[1:])
	}
}

func mutating(name string, min, max int, fn func(th *Thread, s *Set, args []Value) (Value, error)) BuiltinFunc {
	return setMethod(name, min, max, func(th *Thread, s *Set, args []Value) (Value, error) {
		if s.frozen {
			return nil, AttributeErrorf("'frozenset' object has no attribute '%s'", name)
		}
		return fn(th, s, args)
	})
}

func setOpMethod(name, op string) BuiltinFunc {
	return setMethod(name, 0, 1<<20, func(th *Thread, s *Set, args []Value) (Value, error) {
		out := s.Copy()
		for _, a := range args {
			o, err := th.toSet(a)
			if err != nil {
				return nil, err
			}
			if out, err = th.setOp(op, out, o); err != nil {
				return nil, err
			}
		}
		return out, nil
	})
}

func init() {
	methods := map[string]BuiltinFunc{
		"add": mutating("add", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			return None, s.Add(th, args[0])
		}),
		"discard": mutating("discard", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			_, err := s.Discard(th, args[0])
			return None, err
		}),
		"remove": mutating("remove", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			ok, err := s.Discard(th, args[0])
			if err == nil && !ok {
				err = NewException(KeyErrorClass, args[0])
			}
			return None, err
		}),
		"pop": mutating("pop", 0, 0, func(th *Thread, s *Set, args []Value) (Value, error) {
			for i, e := range s.table {
				if e.key != nil && e.key != deletedKey {
					s.table[i] = setEntry{hash: -1, key: deletedKey}
					s.used--
					return e.key, nil
				}
			}
			return nil, Errorf(KeyErrorClass, "pop from an empty set")
		}),
		"clear": mutating("clear", 0, 0, func(th *Thread, s *Set, args []Value) (Value, error) {
			*s = *NewSet(0)
			return None, nil
		}),
		"update": mutating("update", 0, 1<<20, func(th *Thread, s *Set, args []Value) (Value, error) {
			for _, a := range args {
				if err := s.update(th, a); err != nil {
					return nil, err
				}
			}
			return None, nil
		}),
		"copy": setMethod("copy", 0, 0, func(th *Thread, s *Set, args []Value) (Value, error) {
			return s.Copy(), nil
		}),
		"union":                setOpMethod("union", "|"),
		"intersection":         setOpMethod("intersection", "&"),
		"difference":           setOpMethod("difference", "-"),
		"symmetric_difference": setOpMethod("symmetric_difference", "^"),
		"issubset": setMethod("issubset", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			o, err := th.toSet(args[0])
			if err != nil {
				return nil, err
			}
			b, err := th.subset(s, o)
			return MakeBool(b), err
		}),
		"issuperset": setMethod("issuperset", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			o, err := th.toSet(args[0])
			if err != nil {
				return nil, err
			}
			b, err := th.subset(o, s)
			return MakeBool(b), err
		}),
		"isdisjoint": setMethod("isdisjoint", 1, 1, func(th *Thread, s *Set, args []Value) (Value, error) {
			o, err := th.toSet(args[0])
			if err != nil {
				return nil, err
			}
			both, err := th.setOp("&", s, o)
			if err != nil {
				return nil, err
			}
			return MakeBool(both.used == 0), nil
		}),
	}
	defMethods(SetClass, methods)
	defMethods(FrozenSetClass, methods)
}
