package interp

import (
	"sort"
	"strings"
)

// makeRaisable turns the operand of raise into an exception: an instance as
// is, a class by calling it with no arguments.
func (th *Thread) makeRaisable(v Value) (*Exception, error) {
	switch x := v.(type) {
	case *Exception:
		return x, nil
	case *Class:
		if x.IsSubclass(BaseExceptionClass) {
			inst, err := th.callClass(x, nil, nil)
			if err != nil {
				return nil, err
			}
			if e, ok := inst.(*Exception); ok {
				return e, nil
			}
		}
	}
	return nil, TypeErrorf("exceptions must derive from BaseException")
}

// setCause implements raise exc from cause.
func (th *Thread) setCause(exc *Exception, cause Value) error {
	exc.SuppressContext = true
	if cause == None {
		exc.Cause = nil
		return nil
	}
	switch c := cause.(type) {
	case *Exception:
		exc.Cause = c
		return nil
	case *Class:
		if c.IsSubclass(BaseExceptionClass) {
			e, err := th.makeRaisable(c)
			exc.Cause = e
			return err
		}
	}
	return TypeErrorf("exception causes must derive from BaseException")
}

// exceptionMatches is the test of an except clause.
func exceptionMatches(exc *Exception, typ Value) (bool, error) {
	switch t := typ.(type) {
	case *Class:
		if !t.IsSubclass(BaseExceptionClass) {
			break
		}
		return exc.class.IsSubclass(t), nil
	case Tuple:
		for _, x := range t {
			ok, err := exceptionMatches(exc, x)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	return false, TypeErrorf("catching classes that do not inherit from BaseException is not allowed")
}

// enterContext starts a with statement: it returns the bound __exit__ and
// the result of __enter__.
func (th *Thread) enterContext(ctx Value) (exit, result Value, err error) {
	cls := ctx.Type()
	enter, ok1 := cls.Lookup("__enter__")
	exitFn, ok2 := cls.Lookup("__exit__")
	if !ok1 || !ok2 {
		return nil, nil, TypeErrorf("'%s' object does not support the context manager protocol", TypeName(ctx))
	}
	if exit, err = th.bindDescriptor(exitFn, ctx, cls); err != nil {
		return nil, nil, err
	}
	result, err = th.callMethod(enter, ctx, nil, nil)
	return exit, result, err
}

// nameError builds NameError for an undefined name. Its "Did you mean"
// hint is added when the traceback is printed, as in CPython.
func (th *Thread) nameError(name string) error {
	e := Errorf(NameErrorClass, "name '%s' is not defined", name)
	e.instanceDict().SetStr("name", Str(name))
	return e
}

// attrNames lists the attributes of v, for dir(), completion and
// suggestions.
func (th *Thread) attrNames(v Value) []string {
	seen := make(map[string]bool)
	var out []string
	add := func(names ...string) {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	switch x := v.(type) {
	case *Instance:
		add(x.dict.StrKeys()...)
	case *Module:
		add(x.Members.Keys()...)
	case *Class:
		for _, k := range x.MRO {
			add(k.Dict.Keys()...)
		}
		add("__name__", "__qualname__", "__module__", "__doc__", "__bases__", "__mro__", "__dict__")
		sort.Strings(out)
		return out
	}
	if an, ok := v.(AttrNamer); ok {
		add(an.AttrNames()...)
	}
	for _, k := range v.Type().MRO {
		add(k.Dict.Keys()...)
	}
	add("__class__", "__doc__")
	sort.Strings(out)
	return out
}

// suggest returns the candidate closest to name by CPython's rule for
// "Did you mean" hints, or "".
func suggest(name string, candidates []string) string {
	const maxLen = 40
	if len(name) > maxLen {
		return ""
	}
	best, bestDist := "", -1
	for _, c := range candidates {
		if c == name || len(c) > maxLen || strings.HasPrefix(c, "_") && !strings.HasPrefix(name, "_") {
			continue
		}
		limit := (len(name) + len(c) + 3) * moveCost / 6
		if bestDist >= 0 && bestDist-1 < limit {
			limit = bestDist - 1
		}
		d := levenshtein(name, c, limit)
		if d > limit {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

const (
	moveCost = 2
	caseCost = 1
)

// levenshtein is CPython's weighted edit distance: substituting a letter for
// the same letter in another case costs less than any other edit. It gives
// up (returning limit+1) once the distance must exceed limit.
func levenshtein(a, b string, limit int) int {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a) == 0 || len(b) == 0 {
		return (len(a) + len(b)) * moveCost
	}
	if (len(b)-len(a))*moveCost > limit || (len(a)-len(b))*moveCost > limit {
		return limit + 1
	}
	row := make([]int, len(a))
	for i := range row {
		row[i] = (i + 1) * moveCost
	}
	result := 0
	for bi := 0; bi < len(b); bi++ {
		distance := bi * moveCost
		result = distance
		minimum := -1
		for ai := 0; ai < len(a); ai++ {
			subst := distance
			if a[ai] != b[bi] {
				if strings.EqualFold(a[ai:ai+1], b[bi:bi+1]) {
					subst += caseCost
				} else {
					subst += moveCost
				}
			}
			distance = row[ai]
			ins := min(distance, result) + moveCost
			result = min(ins, subst)
			row[ai] = result
			if minimum < 0 || result < minimum {
				minimum = result
			}
		}
		if minimum > limit {
			return limit + 1
		}
	}
	return result
}

// callEx is f(*args, **kwargs).
func (th *Thread) callEx(fn Value, args Tuple, kwargs Value) (Value, error) {
	if kwargs == nil {
		return th.Call(fn, args, nil)
	}
	d, ok := kwargs.(*Dict)
	if !ok {
		return nil, TypeErrorf("argument after ** must be a mapping, not %s", TypeName(kwargs))
	}
	items := d.Items()
	all := make([]Value, 0, len(args)+len(items))
	all = append(all, args...)
	names := make([]string, len(items))
	for i, kv := range items {
		k, ok := kv[0].(Str)
		if !ok {
			return nil, TypeErrorf("keywords must be strings")
		}
		names[i] = string(k)
		all = append(all, kv[1])
	}
	return th.Call(fn, all, names)
}

// attrsDict returns a namespace as a new dict (for __dict__ and vars()).
func attrsDict(a *Attrs) *Dict {
	d := NewDict(a.Len())
	for _, k := range a.Keys() {
		v, _ := a.Get(k)
		d.set(nil, Str(k), hashString(k), v)
	}
	return d
}

// mergeKwargs is DICT_MERGE: it adds the items of m to the keyword
// arguments d of a call of fn, where a repeated name is an error.
func (th *Thread) mergeKwargs(d *Dict, m, fn Value) error {
	var items [][2]Value
	if md, ok := m.(*Dict); ok {
		items = md.Items()
	} else {
		keys, err := th.GetAttr(m, "keys")
		if err != nil {
			return TypeErrorf("%s argument after ** must be a mapping, not %s", funcDisplay(fn), TypeName(m))
		}
		ks, err := th.Call(keys, nil, nil)
		if err != nil {
			return err
		}
		err = th.forEach(ks, func(k Value) error {
			v, err := th.GetItem(m, k)
			items = append(items, [2]Value{k, v})
			return err
		})
		if err != nil {
			return err
		}
	}
	for _, kv := range items {
		k, ok := kv[0].(Str)
		if !ok {
			return TypeErrorf("%s keywords must be strings", funcDisplay(fn))
		}
		if _, dup := d.GetStr(string(k)); dup {
			return TypeErrorf("%s got multiple values for keyword argument '%s'", funcDisplay(fn), k)
		}
		d.SetStr(string(k), kv[1])
	}
	return nil
}

// funcDisplay names a callable as CPython's call errors do:
// "__main__.f()", "len()", "list.append()".
func funcDisplay(fn Value) string {
	switch f := fn.(type) {
	case *Function:
		return "__main__." + f.QualName + "()"
	case *BoundMethod:
		return funcDisplay(f.Fn)
	case *Builtin:
		if f.Owner != nil {
			return f.Owner.Name + "." + f.Name + "()"
		}
		return f.Name + "()"
	case *Class:
		if f.Module == "builtins" {
			return f.QualName + "()"
		}
		return f.Module + "." + f.QualName + "()"
	}
	return TypeName(fn) + " object"
}
