package interp

import (
	"iter"
	"strings"

	"msrepl/lang/syntax"
)

// Dict is a mutable mapping that remembers insertion order. It is CPython's
// compact dict: an array of entries in insertion order, and an
// open-addressing index into it.
type Dict struct {
	entries []dictEntry // deleted entries have a nil key
	index   []int32     // slotEmpty, slotDeleted, or an entry index
	used    int
}

type dictEntry struct {
	hash       int64
	key, value Value
}

const (
	slotEmpty   = -1
	slotDeleted = -2
	minDictSize = 8
)

// NewDict returns an empty dict with room for n items.
func NewDict(n int) *Dict {
	d := &Dict{}
	if n > 0 {
		d.resize(n)
	}
	return d
}

func (*Dict) Type() *Class { return DictClass }

// Len returns the number of items.
func (d *Dict) Len(th *Thread) (int, error) { return d.used, nil }

func (d *Dict) Truth(th *Thread) (bool, error) { return d.used > 0, nil }

// resize rebuilds the index for at least n items, compacting the entries.
func (d *Dict) resize(n int) {
	size := minDictSize
	for size*2 < n*3 {
		size <<= 1
	}
	if d.used != len(d.entries) {
		live := make([]dictEntry, 0, max(n, d.used))
		for _, e := range d.entries {
			if e.key != nil {
				live = append(live, e)
			}
		}
		d.entries = live
	}
	d.index = make([]int32, size)
	for i := range d.index {
		d.index[i] = slotEmpty
	}
	mask := uint64(size - 1)
	for ix, e := range d.entries {
		i := uint64(e.hash) & mask
		perturb := uint64(e.hash)
		for d.index[i] != slotEmpty {
			perturb >>= 5
			i = (i*5 + 1 + perturb) & mask
		}
		d.index[i] = int32(ix)
	}
}

// lookup finds key: the index slot that holds it (or where it would go) and
// its entry index, or -1.
func (d *Dict) lookup(th *Thread, key Value, hash int64) (slot int, ix int, err error) {
	if len(d.index) == 0 {
		return -1, -1, nil
	}
	mask := uint64(len(d.index) - 1)
	i := uint64(hash) & mask
	perturb := uint64(hash)
	free := -1
	for {
		s := d.index[i]
		switch {
		case s == slotEmpty:
			if free >= 0 {
				return free, -1, nil
			}
			return int(i), -1, nil
		case s == slotDeleted:
			if free < 0 {
				free = int(i)
			}
		default:
			e := &d.entries[s]
			if e.hash == hash {
				if identical(e.key, key) {
					return int(i), int(s), nil
				}
				if ks, ok := key.(Str); ok {
					if es, ok := e.key.(Str); ok {
						if ks == es {
							return int(i), int(s), nil
						}
						break
					}
				}
				if th == nil {
					break // without a thread, only identical or equal str keys match
				}
				entries := d.entries
				eq, err := th.Equal(e.key, key)
				if err != nil {
					return -1, -1, err
				}
				if len(d.entries) != len(entries) || len(d.index) != int(mask+1) {
					return -1, -1, RuntimeErrorf("dictionary changed size during iteration")
				}
				if eq {
					return int(i), int(s), nil
				}
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// Get returns the value for key.
func (d *Dict) Get(th *Thread, key Value) (Value, bool, error) {
	h, err := th.Hash(key)
	if err != nil {
		return nil, false, err
	}
	_, ix, err := d.lookup(th, key, h)
	if err != nil || ix < 0 {
		return nil, false, err
	}
	return d.entries[ix].value, true, nil
}

// GetStr returns the value for a string key. Attribute dicts use it: it
// runs no user code, because only str keys can equal a str here.
func (d *Dict) GetStr(key string) (Value, bool) {
	if d == nil || len(d.index) == 0 {
		return nil, false
	}
	h := hashString(key)
	mask := uint64(len(d.index) - 1)
	i := uint64(h) & mask
	perturb := uint64(h)
	for {
		s := d.index[i]
		if s == slotEmpty {
			return nil, false
		}
		if s >= 0 {
			if e := &d.entries[s]; e.hash == h {
				if k, ok := e.key.(Str); ok && string(k) == key {
					return e.value, true
				}
			}
		}
		perturb >>= 5
		i = (i*5 + 1 + perturb) & mask
	}
}

// SetStr binds a string key.
func (d *Dict) SetStr(key string, v Value) {
	if err := d.set(nil, Str(key), hashString(key), v); err != nil {
		panic(err) // unreachable: set with a str key runs no user code
	}
}

// DeleteStr removes a string key and reports whether it was present.
func (d *Dict) DeleteStr(key string) bool {
	_, ok, _ := d.Delete(nil, Str(key))
	return ok
}

// StrKeys returns the keys that are strings, in order.
func (d *Dict) StrKeys() []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, e := range d.entries {
		if k, ok := e.key.(Str); ok {
			out = append(out, string(k))
		}
	}
	return out
}

// SetItem binds key to v.
func (d *Dict) SetItem(th *Thread, key, v Value) error {
	h, err := th.Hash(key)
	if err != nil {
		return err
	}
	return d.set(th, key, h, v)
}

func (d *Dict) set(th *Thread, key Value, h int64, v Value) error {
	if len(d.index) == 0 {
		d.resize(1)
	}
	slot, ix, err := d.lookup(th, key, h)
	if err != nil {
		return err
	}
	if ix >= 0 {
		d.entries[ix].value = v
		return nil
	}
	d.entries = append(d.entries, dictEntry{hash: h, key: key, value: v})
	d.index[slot] = int32(len(d.entries) - 1)
	d.used++
	if len(d.entries)*3 >= len(d.index)*2 {
		d.resize(d.used * 2)
	}
	return nil
}

// Delete removes key and returns its value.
func (d *Dict) Delete(th *Thread, key Value) (Value, bool, error) {
	h, err := th.Hash(key)
	if err != nil {
		return nil, false, err
	}
	slot, ix, err := d.lookup(th, key, h)
	if err != nil || ix < 0 {
		return nil, false, err
	}
	v := d.entries[ix].value
	d.entries[ix] = dictEntry{}
	d.index[slot] = slotDeleted
	d.used--
	return v, true, nil
}

// Items returns the key/value pairs in order.
func (d *Dict) Items() [][2]Value {
	out := make([][2]Value, 0, d.used)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, [2]Value{e.key, e.value})
		}
	}
	return out
}

// All yields the key/value pairs in order, without copying them out.
func (d *Dict) All() iter.Seq2[Value, Value] {
	return func(yield func(Value, Value) bool) {
		for _, e := range d.entries {
			if e.key != nil && !yield(e.key, e.value) {
				return
			}
		}
	}
}

// Keys returns the keys in order.
func (d *Dict) Keys() []Value {
	out := make([]Value, 0, d.used)
	for _, e := range d.entries {
		if e.key != nil {
			out = append(out, e.key)
		}
	}
	return out
}

func (d *Dict) GetItem(th *Thread, key Value) (Value, error) {
	v, ok, err := d.Get(th, key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, NewException(KeyErrorClass, key)
	}
	return v, nil
}

func (d *Dict) DelItem(th *Thread, key Value) error {
	_, ok, err := d.Delete(th, key)
	if err != nil {
		return err
	}
	if !ok {
		return NewException(KeyErrorClass, key)
	}
	return nil
}

func (d *Dict) Contains(th *Thread, key Value) (bool, error) {
	_, ok, err := d.Get(th, key)
	return ok, err
}

func (d *Dict) Iterate(th *Thread) (Iterator, error) {
	return &dictIterator{d: d, used: d.used, kind: dictKeysKind}, nil
}

func (d *Dict) Repr(th *Thread) (string, error) {
	if !th.enterRepr(d) {
		return "{...}", nil
	}
	defer delete(th.inRepr, d)
	if err := th.enterRecursive(); err != nil {
		return "", err
	}
	defer func() { th.depth-- }()
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for _, e := range d.entries {
		if e.key == nil {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		k, err := th.Repr(e.key)
		if err != nil {
			return "", err
		}
		v, err := th.Repr(e.value)
		if err != nil {
			return "", err
		}
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(v)
	}
	b.WriteByte('}')
	return b.String(), nil
}

// update adds the items of a mapping or an iterable of pairs.
func (d *Dict) update(th *Thread, src Value) error {
	if s, ok := src.(*Dict); ok {
		for _, e := range s.Items() {
			if err := d.SetItem(th, e[0], e[1]); err != nil {
				return err
			}
		}
		return nil
	}
	if keys, err := th.GetAttr(src, "keys"); err == nil {
		ks, err := th.Call(keys, nil, nil)
		if err != nil {
			return err
		}
		return th.forEach(ks, func(k Value) error {
			v, err := th.GetItem(src, k)
			if err != nil {
				return err
			}
			return d.SetItem(th, k, v)
		})
	}
	i := 0
	return th.forEach(src, func(item Value) error {
		pair, err := th.iterateAll(item)
		if err != nil {
			return TypeErrorf("cannot convert dictionary update sequence element #%d to a sequence", i)
		}
		if len(pair) != 2 {
			return ValueErrorf("dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
		}
		i++
		return d.SetItem(th, pair[0], pair[1])
	})
}

// Copy returns a shallow copy.
func (d *Dict) Copy() *Dict {
	c := &Dict{used: d.used}
	c.entries = append([]dictEntry(nil), d.entries...)
	c.index = append([]int32(nil), d.index...)
	return c
}

type dictViewKind uint8

const (
	dictKeysKind dictViewKind = iota
	dictValuesKind
	dictItemsKind
)

type dictIterator struct {
	d    *Dict
	i    int
	used int
	kind dictViewKind
}

func (it *dictIterator) Type() *Class {
	switch it.kind {
	case dictValuesKind:
		return dictValueIteratorClass
	case dictItemsKind:
		return dictItemIteratorClass
	}
	return dictKeyIteratorClass
}

func (it *dictIterator) Next(th *Thread) (Value, bool, error) {
	if it.d.used != it.used {
		it.used = -1
		return nil, false, RuntimeErrorf("dictionary changed size during iteration")
	}
	for it.i < len(it.d.entries) {
		e := it.d.entries[it.i]
		it.i++
		if e.key == nil {
			continue
		}
		switch it.kind {
		case dictValuesKind:
			return e.value, true, nil
		case dictItemsKind:
			return Tuple{e.key, e.value}, true, nil
		}
		return e.key, true, nil
	}
	return nil, false, nil
}

// dictView is what keys(), values() and items() return: a live view.
type dictView struct {
	d    *Dict
	kind dictViewKind
}

var (
	dictKeysClass   = finalClass("dict_keys")
	dictValuesClass = finalClass("dict_values")
	dictItemsClass  = finalClass("dict_items")
)

func (v *dictView) Type() *Class {
	switch v.kind {
	case dictValuesKind:
		return dictValuesClass
	case dictItemsKind:
		return dictItemsClass
	}
	return dictKeysClass
}

func (v *dictView) Len(th *Thread) (int, error) { return v.d.used, nil }

func (v *dictView) Iterate(th *Thread) (Iterator, error) {
	return &dictIterator{d: v.d, used: v.d.used, kind: v.kind}, nil
}

func (v *dictView) Contains(th *Thread, x Value) (bool, error) {
	switch v.kind {
	case dictKeysKind:
		return v.d.Contains(th, x)
	case dictItemsKind:
		t, ok := x.(Tuple)
		if !ok || len(t) != 2 {
			return false, nil
		}
		val, found, err := v.d.Get(th, t[0])
		if err != nil || !found {
			return false, err
		}
		return th.Equal(val, t[1])
	}
	for _, e := range v.d.Items() {
		eq, err := th.Equal(e[1], x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// Binary gives the set operations of keys and items views (d.keys() & s).
func (v *dictView) Binary(th *Thread, op syntax.Token, other Value, right bool) (Value, error) {
	switch op {
	case syntax.AMP, syntax.PIPE, syntax.MINUS, syntax.CIRCUMFLEX:
	default:
		return nil, nil
	}
	if v.kind == dictValuesKind {
		return nil, nil
	}
	a, err := th.toSet(v)
	if err != nil {
		return nil, err
	}
	b, err := th.toSet(other)
	if err != nil {
		return nil, nil
	}
	if right {
		a, b = b, a
	}
	return th.setOp(op.String(), a, b)
}

func (v *dictView) Repr(th *Thread) (string, error) {
	it, _ := v.Iterate(th)
	var elems []Value
	for {
		x, ok, err := it.Next(th)
		if err != nil {
			return "", err
		}
		if !ok {
			break
		}
		elems = append(elems, x)
	}
	s, err := th.reprSeq(nil, "[", elems, "]")
	return v.Type().Name + "(" + s + ")", err
}

func selfDict(args []Value, name string) (*Dict, error) {
	d, ok := args[0].(*Dict)
	if !ok {
		return nil, TypeErrorf("descriptor '%s' for 'dict' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
	}
	return d, nil
}

func dictMethod(name string, min, max int, fn func(th *Thread, d *Dict, args []Value) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		d, err := selfDict(args, name)
		if err != nil {
			return nil, err
		}
		if err := checkArity("dict."+name, args[1:], kwnames, min, max); err != nil {
			return nil, err
		}
		return fn(th, d, args[1:])
	}
}

func init() {
	defMethods(DictClass, map[string]BuiltinFunc{
		"get": dictMethod("get", 1, 2, func(th *Thread, d *Dict, args []Value) (Value, error) {
			v, ok, err := d.Get(th, args[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return v, nil
			}
			if len(args) == 2 {
				return args[1], nil
			}
			return None, nil
		}),
		"keys": dictMethod("keys", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			return &dictView{d: d, kind: dictKeysKind}, nil
		}),
		"values": dictMethod("values", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			return &dictView{d: d, kind: dictValuesKind}, nil
		}),
		"items": dictMethod("items", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			return &dictView{d: d, kind: dictItemsKind}, nil
		}),
		"pop": dictMethod("pop", 1, 2, func(th *Thread, d *Dict, args []Value) (Value, error) {
			v, ok, err := d.Delete(th, args[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return v, nil
			}
			if len(args) == 2 {
				return args[1], nil
			}
			return nil, NewException(KeyErrorClass, args[0])
		}),
		"popitem": dictMethod("popitem", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			for i := len(d.entries) - 1; i >= 0; i-- {
				if e := d.entries[i]; e.key != nil {
					if _, _, err := d.Delete(th, e.key); err != nil {
						return nil, err
					}
					return Tuple{e.key, e.value}, nil
				}
			}
			return nil, Errorf(KeyErrorClass, "popitem(): dictionary is empty")
		}),
		"setdefault": dictMethod("setdefault", 1, 2, func(th *Thread, d *Dict, args []Value) (Value, error) {
			v, ok, err := d.Get(th, args[0])
			if err != nil {
				return nil, err
			}
			if ok {
				return v, nil
			}
			var def Value = None
			if len(args) == 2 {
				def = args[1]
			}
			return def, d.SetItem(th, args[0], def)
		}),
		"clear": dictMethod("clear", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			*d = Dict{}
			return None, nil
		}),
		"copy": dictMethod("copy", 0, 0, func(th *Thread, d *Dict, args []Value) (Value, error) {
			return d.Copy(), nil
		}),
		"update": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			d, err := selfDict(args, "update")
			if err != nil {
				return nil, err
			}
			npos := len(args) - 1 - len(kwnames)
			if npos > 1 {
				return nil, TypeErrorf("update expected at most 1 argument, got %d", npos)
			}
			if npos == 1 {
				if err := d.update(th, args[1]); err != nil {
					return nil, err
				}
			}
			for i, name := range kwnames {
				if err := d.SetItem(th, Str(name), args[1+npos+i]); err != nil {
					return nil, err
				}
			}
			return None, nil
		},
	})
	DictClass.Dict.Set("fromkeys", &Builtin{Name: "fromkeys", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("fromkeys", args, kwnames, 1, 2); err != nil {
			return nil, err
		}
		var v Value = None
		if len(args) == 2 {
			v = args[1]
		}
		d := NewDict(0)
		return d, th.forEach(args[0], func(k Value) error { return d.SetItem(th, k, v) })
	}})
}
