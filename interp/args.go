package interp

import (
	"strconv"
	"strings"

	"msrepl/tensor"
)

// UnpackArgs binds the arguments of a builtin call to Go variables. pairs
// alternates parameter names and pointers: "x" is required, "x?" optional
// (the variable keeps its value when the argument is absent). A name
// starting with '*' ("*x") is keyword-only. Supported pointer types are
// *Value, *int, *int64, *float64, *string and *bool (bool takes any value's
// truth, like Python's).
func UnpackArgs(fname string, args []Value, kwnames []string, pairs ...any) error {
	nparams := len(pairs) / 2
	npos := len(args) - len(kwnames)
	maxPos := 0
	required := 0
	for i := 0; i < nparams; i++ {
		name := pairs[2*i].(string)
		if strings.HasPrefix(name, "*") {
			continue
		}
		maxPos++
		if !strings.HasSuffix(name, "?") {
			required = maxPos
		}
	}
	if npos > maxPos {
		if maxPos == required {
			return TypeErrorf("%s() takes exactly %d argument%s (%d given)", fname, maxPos, plural(maxPos), npos)
		}
		return TypeErrorf("%s() takes at most %d argument%s (%d given)", fname, maxPos, plural(maxPos), npos)
	}
	set := make([]bool, nparams)
	p := 0
	for i := 0; i < nparams && p < npos; i++ {
		if strings.HasPrefix(pairs[2*i].(string), "*") {
			continue
		}
		if err := assignArg(fname, paramName(pairs[2*i].(string)), args[p], pairs[2*i+1]); err != nil {
			return err
		}
		set[i] = true
		p++
	}
	for k, kw := range kwnames {
		found := false
		for i := 0; i < nparams; i++ {
			if paramName(pairs[2*i].(string)) != kw {
				continue
			}
			if set[i] {
				return TypeErrorf("%s() got multiple values for argument '%s'", fname, kw)
			}
			if err := assignArg(fname, kw, args[npos+k], pairs[2*i+1]); err != nil {
				return err
			}
			set[i] = true
			found = true
			break
		}
		if !found {
			return TypeErrorf("%s() got an unexpected keyword argument '%s'", fname, kw)
		}
	}
	for i := 0; i < nparams; i++ {
		name := pairs[2*i].(string)
		if !set[i] && !strings.HasSuffix(name, "?") {
			return TypeErrorf("%s() missing required argument '%s' (pos %d)", fname, paramName(name), i+1)
		}
	}
	return nil
}

func paramName(s string) string {
	return strings.TrimSuffix(strings.TrimPrefix(s, "*"), "?")
}

func assignArg(fname, name string, v Value, ptr any) error {
	switch p := ptr.(type) {
	case *Value:
		*p = v
	case *int:
		n, err := toIndex(v)
		if err != nil {
			return err
		}
		*p = n
	case *int64:
		n, ok := asInt64(v)
		if !ok {
			return TypeErrorf("%s() argument '%s' must be int, not %s", fname, name, TypeName(v))
		}
		*p = n
	case *float64:
		f, ok, err := asFloat(v)
		if err != nil {
			return err
		}
		if !ok {
			return TypeErrorf("%s() argument '%s' must be a real number, not %s", fname, name, TypeName(v))
		}
		*p = f
	case *string:
		s, ok := v.(Str)
		if !ok {
			return TypeErrorf("%s() argument '%s' must be str, not %s", fname, name, TypeName(v))
		}
		*p = string(s)
	case *bool:
		b, err := truthNoThread(v)
		if err != nil {
			return err
		}
		*p = b
	default:
		panic("UnpackArgs: unsupported pointer type for " + name)
	}
	return nil
}

// noKwargs rejects keyword arguments for builtins that take none.
func noKwargs(fname string, kwnames []string) error {
	if len(kwnames) > 0 {
		return TypeErrorf("%s() takes no keyword arguments", fname)
	}
	return nil
}

// checkArity checks the number of positional arguments of a builtin that
// takes no keywords. fname may be qualified ("list.append"): CPython's
// messages name a method with its type in some forms and not in others.
func checkArity(fname string, args []Value, kwnames []string, min, max int) error {
	if err := noKwargs(fname, kwnames); err != nil {
		return err
	}
	short := fname[strings.LastIndexByte(fname, '.')+1:]
	n := len(args)
	switch {
	case min == max && n != min:
		switch min {
		case 0:
			return TypeErrorf("%s() takes no arguments (%d given)", fname, n)
		case 1:
			return TypeErrorf("%s() takes exactly one argument (%d given)", fname, n)
		}
		return TypeErrorf("%s expected %d arguments, got %d", short, min, n)
	case n < min:
		return TypeErrorf("%s expected at least %d argument%s, got %d", short, min, plural(min), n)
	case n > max:
		return TypeErrorf("%s expected at most %d argument%s, got %d", short, max, plural(max), n)
	}
	return nil
}

// toIndex converts an int-like value to a Go int, as Python's __index__.
func toIndex(v Value) (int, error) {
	switch v := v.(type) {
	case Int:
		return int(v), nil
	case Bool:
		if v {
			return 1, nil
		}
		return 0, nil
	case *BigInt:
		return 0, Errorf(IndexErrorClass, "cannot fit 'int' into an index-sized integer")
	case *NDArray:
		// numpy's integer scalars have __index__; its bool_ and floats
		// do not.
		if dt := v.t.DType(); v.scalar && !dt.IsFloat() && dt != tensor.Bool {
			return int(v.t.Int(0)), nil
		}
	}
	return 0, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(v))
}

func itoa(i int) string { return strconv.Itoa(i) }
