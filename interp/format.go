package interp

import (
	"math"
	"strings"

	"msrepl/internal/pyfmt"
)

// Formatter gives format(v, spec) for a Go value type.
type Formatter interface {
	Format(th *Thread, spec string) (string, error)
}

// Format is format(v, spec).
func (th *Thread) Format(v Value, spec string) (string, error) {
	switch x := v.(type) {
	case Str:
		if spec == "" {
			return string(x), nil
		}
		s, err := pyfmt.ParseSpec(spec, "str")
		if err != nil {
			return "", pyfmtError(err)
		}
		r, err := pyfmt.FormatString(string(x), s, "str")
		return r, pyfmtError(err)
	case Int:
		if spec == "" {
			return th.Str(x)
		}
		s, err := pyfmt.ParseSpec(spec, "int")
		if err != nil {
			return "", pyfmtError(err)
		}
		r, err := pyfmt.FormatInt64(int64(x), s, "int")
		return r, pyfmtError(err)
	case *BigInt:
		if spec == "" {
			return th.Str(x)
		}
		s, err := pyfmt.ParseSpec(spec, "int")
		if err != nil {
			return "", pyfmtError(err)
		}
		r, err := pyfmt.FormatInt(x.v, s, "int")
		return r, pyfmtError(err)
	case Bool:
		if spec == "" {
			return th.Str(x)
		}
		s, err := pyfmt.ParseSpec(spec, "bool")
		if err != nil {
			return "", pyfmtError(err)
		}
		n := int64(0)
		if x {
			n = 1
		}
		r, err := pyfmt.FormatInt64(n, s, "bool")
		return r, pyfmtError(err)
	case Float:
		if spec == "" {
			return th.Str(x)
		}
		s, err := pyfmt.ParseSpec(spec, "float")
		if err != nil {
			return "", pyfmtError(err)
		}
		r, err := pyfmt.FormatFloat(float64(x), s, "float")
		return r, pyfmtError(err)
	case *Instance, *Exception:
		if m, ok := x.Type().Lookup("__format__"); ok && !objectDefault(m) {
			r, err := th.callMethod(m, x, []Value{Str(spec)}, nil)
			if err != nil {
				return "", err
			}
			s, ok := r.(Str)
			if !ok {
				return "", TypeErrorf("__format__ must return a str, not %s", TypeName(r))
			}
			return string(s), nil
		}
	case Formatter:
		return x.Format(th, spec)
	}
	if spec != "" {
		return "", TypeErrorf("unsupported format string passed to %s.__format__", TypeName(v))
	}
	return th.Str(v)
}

// pyfmtError turns a pyfmt error into the exception it names; nil stays nil.
func pyfmtError(err error) error {
	e, ok := err.(*pyfmt.Error)
	if !ok {
		return err
	}
	switch e.Kind {
	case "TypeError":
		return TypeErrorf("%s", e.Msg)
	case "OverflowError":
		return OverflowErrorf("%s", e.Msg)
	case "MemoryError":
		return NewException(MemoryErrorClass)
	}
	return ValueErrorf("%s", e.Msg)
}

// formatValue is the FORMAT_VALUE instruction of f-strings.
func (th *Thread) formatValue(v Value, conv uint32, spec Value) (Value, error) {
	switch conv {
	case 1:
		s, err := th.Str(v)
		if err != nil {
			return nil, err
		}
		v = Str(s)
	case 2:
		s, err := th.Repr(v)
		if err != nil {
			return nil, err
		}
		v = Str(s)
	case 3:
		s, err := th.Repr(v)
		if err != nil {
			return nil, err
		}
		v = Str(pyfmt.EscapeNonASCII(s))
	}
	sp := ""
	if spec != nil {
		sp = string(spec.(Str))
	}
	if s, ok := v.(Str); ok && sp == "" {
		return s, nil
	}
	s, err := th.Format(v, sp)
	return Str(s), err
}

// joinStrings is BUILD_STRING.
func (th *Thread) joinStrings(parts []Value) (Value, error) {
	n := 0
	for _, p := range parts {
		n += len(p.(Str))
	}
	if err := th.checkSize(n); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range parts {
		b.WriteString(string(p.(Str)))
	}
	return Str(b.String()), nil
}

// percentFormat is format % args.
func (th *Thread) percentFormat(format string, args Value) (Value, error) {
	pieces, err := pyfmt.ParsePercent(format)
	if err != nil {
		return nil, pyfmtError(err)
	}
	var positional []Value
	var mapping Value
	switch a := args.(type) {
	case Tuple:
		positional = a
	case *Dict, *Instance:
		mapping = a
		positional = []Value{a}
	default:
		positional = []Value{a}
	}
	next := 0
	take := func() (Value, error) {
		if next >= len(positional) {
			return nil, pyfmtError(pyfmt.ErrNotEnoughArgs)
		}
		v := positional[next]
		next++
		return v, nil
	}
	usedMapping := false
	var b strings.Builder
	for _, p := range pieces {
		if p.Directive == nil {
			b.WriteString(p.Literal)
			continue
		}
		d := *p.Directive
		if d.Width == -2 {
			w, err := take()
			if err != nil {
				return nil, err
			}
			n, ok := asInt64(w)
			if !ok {
				return nil, pyfmtError(pyfmt.ErrStarWantsInt)
			}
			if n < 0 {
				d.Minus, n = true, -n
			}
			d.Width = int(min(n, math.MaxInt32))
		}
		if d.Precision == -2 {
			pv, err := take()
			if err != nil {
				return nil, err
			}
			n, ok := asInt64(pv)
			if !ok {
				return nil, pyfmtError(pyfmt.ErrStarWantsInt)
			}
			d.Precision = int(max(min(n, math.MaxInt32), 0))
		}
		var v Value
		if d.HasKey {
			if mapping == nil {
				return nil, pyfmtError(pyfmt.ErrNeedMapping)
			}
			usedMapping = true
			var err error
			if v, err = th.GetItem(mapping, Str(d.Key)); err != nil {
				return nil, err
			}
		} else {
			var err error
			if v, err = take(); err != nil {
				return nil, err
			}
		}
		s, err := th.percentOne(&d, v)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
		if b.Len() > th.MaxSize {
			return nil, th.checkSize(b.Len())
		}
	}
	if next < len(positional) && !usedMapping && mapping == nil {
		return nil, pyfmtError(pyfmt.ErrNotAllConverted)
	}
	return Str(b.String()), nil
}

func (th *Thread) percentOne(d *pyfmt.Directive, v Value) (string, error) {
	switch d.Conv {
	case 's', 'r', 'a':
		var s string
		var err error
		switch d.Conv {
		case 's':
			s, err = th.Str(v)
		case 'r':
			s, err = th.Repr(v)
		default:
			s, err = th.Repr(v)
			s = pyfmt.EscapeNonASCII(s)
		}
		if err != nil {
			return "", err
		}
		r, err := pyfmt.PercentString(s, d)
		return r, pyfmtError(err)
	case 'c':
		switch x := v.(type) {
		case Str:
			if strLen(string(x)) != 1 {
				return "", TypeErrorf("%%c requires int or char")
			}
			r, err := pyfmt.PercentString(string(x), d)
			return r, pyfmtError(err)
		}
	}
	switch x := v.(type) {
	case Int, Bool, *BigInt:
		b, _ := asBig(x)
		if d.Conv == 'c' {
			if !b.IsInt64() || b.Int64() < 0 || b.Int64() > 0x10ffff {
				return "", OverflowErrorf("%%c arg not in range(0x110000)")
			}
		}
		s, err := pyfmt.PercentInt(b, d)
		return s, pyfmtError(err)
	case Float:
		switch d.Conv {
		case 'o', 'x', 'X', 'c':
			return "", pyfmtError(pyfmt.PercentTypeError(d, "float"))
		}
		s, err := pyfmt.PercentFloat(float64(x), d)
		return s, pyfmtError(err)
	}
	switch d.Conv {
	case 'd', 'i', 'u', 'o', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'c':
		for _, name := range []string{"__index__", "__int__", "__float__"} {
			if m, ok := dunder(v, name); ok {
				r, err := th.callMethod(m, v, nil, nil)
				if err != nil {
					return "", err
				}
				return th.percentOne(d, r)
			}
		}
		return "", pyfmtError(pyfmt.PercentTypeError(d, TypeName(v)))
	}
	return "", pyfmtError(d.Unsupported())
}

// strFormat is str.format(*args, **kwargs).
func (th *Thread) strFormat(template string, args []Value, kwnames []string) (Value, error) {
	npos := len(args) - len(kwnames)
	lookup := func(name string) (Value, error) {
		for i, k := range kwnames {
			if k == name {
				return args[npos+i], nil
			}
		}
		return nil, NewException(KeyErrorClass, Str(name))
	}
	s, err := th.expandTemplate(template, args[:npos], lookup, new(pyfmt.Numbering), 0)
	if err != nil {
		return nil, err
	}
	return Str(s), nil
}

// strFormatMap is str.format_map(mapping).
func (th *Thread) strFormatMap(template string, mapping Value) (Value, error) {
	lookup := func(name string) (Value, error) { return th.GetItem(mapping, Str(name)) }
	s, err := th.expandTemplate(template, nil, lookup, new(pyfmt.Numbering), 0)
	if err != nil {
		return nil, err
	}
	return Str(s), nil
}

func (th *Thread) expandTemplate(template string, positional []Value, lookup func(string) (Value, error), num *pyfmt.Numbering, depth int) (string, error) {
	if depth > 1 {
		return "", pyfmtError(pyfmt.ErrMaxRecursion)
	}
	fields, perr := pyfmt.ParseFormatString(template)
	var b strings.Builder
	for _, f := range fields {
		b.WriteString(f.Literal)
		if !f.IsField {
			continue
		}
		v, err := th.resolveField(f.Name, positional, lookup, num)
		if err != nil {
			return "", err
		}
		switch f.Conv {
		case 0:
		case 'r', 's', 'a':
			var s string
			if f.Conv == 's' {
				s, err = th.Str(v)
			} else {
				s, err = th.Repr(v)
				if f.Conv == 'a' {
					s = pyfmt.EscapeNonASCII(s)
				}
			}
			if err != nil {
				return "", err
			}
			v = Str(s)
		default:
			return "", pyfmtError(pyfmt.UnknownConversion(f.Conv))
		}
		spec := f.Spec
		if strings.ContainsAny(spec, "{}") {
			if spec, err = th.expandTemplate(spec, positional, lookup, num, depth+1); err != nil {
				return "", err
			}
		}
		s, err := th.Format(v, spec)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		if b.Len() > th.MaxSize {
			return "", th.checkSize(b.Len())
		}
	}
	if perr != nil {
		return "", pyfmtError(perr)
	}
	return b.String(), nil
}

func (th *Thread) resolveField(name string, positional []Value, lookup func(string) (Value, error), num *pyfmt.Numbering) (Value, error) {
	first, rest, perr := pyfmt.SplitFieldName(name)
	idx, err := num.Index(first)
	if err != nil {
		return nil, pyfmtError(err)
	}
	var v Value
	if idx >= 0 {
		if idx >= len(positional) {
			return nil, IndexErrorf("Replacement index %d out of range for positional args tuple", idx)
		}
		v = positional[idx]
	} else if v, err = lookup(first); err != nil {
		return nil, err
	}
	for _, a := range rest {
		if !a.IsIndex {
			if v, err = th.GetAttr(v, a.Attr); err != nil {
				return nil, err
			}
			continue
		}
		var key Value = Str(a.Index)
		if i, err := pyfmt.FieldIndex(a.Index); err == nil && i >= 0 {
			key = MakeInt(int64(i))
		}
		if v, err = th.GetItem(v, key); err != nil {
			return nil, err
		}
	}
	if perr != nil {
		return nil, pyfmtError(perr)
	}
	return v, nil
}
