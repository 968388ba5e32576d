package interp

import (
	"strings"
)

type builtinDoc struct{ sig, doc string }

// builtinDocs are the signatures and docstrings of the builtin functions,
// shown by help() and the front ends' inspection.
var builtinDocs = map[string]builtinDoc{
	"print":      {"(*values, sep=' ', end='\\n', file=None, flush=False)", "Prints the values to the cell's output, separated by sep and followed by end."},
	"len":        {"(obj, /)", "Return the number of items in a container."},
	"repr":       {"(obj, /)", "Return the canonical string representation of the object."},
	"ascii":      {"(obj, /)", "Return repr(obj) with non-ASCII characters escaped."},
	"abs":        {"(x, /)", "Return the absolute value of the argument."},
	"min":        {"(iterable, *[, default=obj, key=func]) or (arg1, arg2, *args, *[, key=func])", "Return the smallest item of an iterable or of two or more arguments."},
	"max":        {"(iterable, *[, default=obj, key=func]) or (arg1, arg2, *args, *[, key=func])", "Return the largest item of an iterable or of two or more arguments."},
	"sum":        {"(iterable, /, start=0)", "Return the sum of a 'start' value (default: 0) plus an iterable of numbers."},
	"round":      {"(number, ndigits=None)", "Round a number to a given precision in decimal digits, half to even."},
	"pow":        {"(base, exp, mod=None)", "Equivalent to base**exp with 2 arguments or base**exp % mod with 3 arguments."},
	"divmod":     {"(x, y, /)", "Return the tuple (x//y, x%y)."},
	"isinstance": {"(obj, class_or_tuple, /)", "Return whether an object is an instance of a class or of a subclass thereof."},
	"issubclass": {"(cls, class_or_tuple, /)", "Return whether 'cls' is derived from another class or is the same class."},
	"getattr":    {"(object, name[, default])", "Get a named attribute from an object; getattr(x, 'y') is equivalent to x.y."},
	"setattr":    {"(obj, name, value, /)", "Sets the named attribute on the given object to the specified value."},
	"hasattr":    {"(obj, name, /)", "Return whether the object has an attribute with the given name."},
	"delattr":    {"(obj, name, /)", "Deletes the named attribute from the given object."},
	"sorted":     {"(iterable, /, *, key=None, reverse=False)", "Return a new list containing all items from the iterable in ascending order."},
	"any":        {"(iterable, /)", "Return True if bool(x) is True for any x in the iterable."},
	"all":        {"(iterable, /)", "Return True if bool(x) is True for all values x in the iterable."},
	"iter":       {"(iterable) or (callable, sentinel)", "Get an iterator from an object."},
	"next":       {"(iterator[, default])", "Return the next item from the iterator."},
	"hash":       {"(obj, /)", "Return the hash value for the given object."},
	"id":         {"(obj, /)", "Return the identity of an object."},
	"callable":   {"(obj, /)", "Return whether the object is callable."},
	"chr":        {"(i, /)", "Return a Unicode string of one character with ordinal i; 0 <= i <= 0x10ffff."},
	"ord":        {"(c, /)", "Return the Unicode code point for a one-character string."},
	"hex":        {"(number, /)", "Return the hexadecimal representation of an integer."},
	"oct":        {"(number, /)", "Return the octal representation of an integer."},
	"bin":        {"(number, /)", "Return the binary representation of an integer."},
	"format":     {"(value, format_spec='', /)", "Return value.__format__(format_spec)."},
	"input":      {"(prompt='', /)", "Read a string from the terminal or the notebook's input box."},
	"dir":        {"([object])", "Show attributes of an object, or the names defined in the session."},
	"vars":       {"([object])", "Return the __dict__ of an object, or the session's variables."},
	"help":       {"(obj)", "Show the signature and documentation of an object."},
	"exit":       {"(status=None, /)", "Leave the REPL (or end the script) with the given status."},
	"quit":       {"(status=None, /)", "Leave the REPL (or end the script) with the given status."},
}

// classSigs are the constructor signatures of built-in classes.
var classSigs = map[*Class]builtinDoc{
	IntClass:       {"(x=0, /, base=10)", "Convert a number or string to an integer."},
	FloatClass:     {"(x=0, /)", "Convert a string or number to a floating point number."},
	StrClass:       {"(object='')", "Return the string version of object."},
	BoolClass:      {"(x=False, /)", "Return True when the argument is true, False otherwise."},
	ListClass:      {"(iterable=(), /)", "Built-in mutable sequence."},
	TupleClass:     {"(iterable=(), /)", "Built-in immutable sequence."},
	DictClass:      {"(mapping_or_iterable=(), /, **kwargs)", "Mapping from keys to values, in insertion order."},
	SetClass:       {"(iterable=(), /)", "Build an unordered collection of unique elements."},
	FrozenSetClass: {"(iterable=(), /)", "Build an immutable unordered collection of unique elements."},
	RangeClass:     {"(start, stop[, step])", "An immutable sequence of integers."},
	SliceClass:     {"(start, stop[, step])", "A slice object, as made by start:stop:step."},
	TypeClass:      {"(object) or (name, bases, dict)", "Return the type of an object, or create a new class."},
	ObjectClass:    {"()", "The base class of the class hierarchy."},
	SuperClass:     {"() or (type, obj)", "Proxy for the methods of a parent or sibling class."},
	PropertyClass:  {"(fget=None, fset=None, fdel=None, doc=None)", "Property attribute."},
	enumerateClass: {"(iterable, start=0)", "Yield (index, item) pairs."},
	zipClass:       {"(*iterables, strict=False)", "Yield tuples of items taken from each iterable in turn."},
	mapClass:       {"(func, *iterables)", "Yield func applied to the items of the iterables."},
	filterClass:    {"(function or None, iterable)", "Yield the items of the iterable for which function(item) is true."},
	reversedClass:  {"(sequence, /)", "Yield the items of a sequence in reverse order."},
}

// signature renders a callable's signature, or "" if v is not callable.
func signature(v Value) string {
	switch f := v.(type) {
	case *Function:
		return f.Name + functionParams(f, false)
	case *BoundMethod:
		if fn, ok := f.Fn.(*Function); ok {
			return fn.Name + functionParams(fn, true)
		}
		return signature(f.Fn)
	case *Builtin:
		sig := f.Sig
		if sig == "" {
			sig = "(...)"
		}
		return f.Name + sig
	case *Class:
		if d, ok := classSigs[f]; ok {
			return f.Name + d.sig
		}
		if init, ok := f.Lookup("__init__"); ok {
			if fn, ok := init.(*Function); ok {
				return f.Name + functionParams(fn, true)
			}
		}
		return f.Name + "()"
	}
	return ""
}

// functionParams renders the parameter list of a function, without the
// first parameter when it is bound.
func functionParams(f *Function, bound bool) string {
	fc := f.code.fc
	var parts []string
	firstDefault := fc.NumParams - len(f.Defaults)
	for i := 0; i < fc.NumParams; i++ {
		if bound && i == 0 {
			continue
		}
		p := fc.Locals[i]
		if i >= firstDefault {
			p += "=" + reprNoThread(nil, f.Defaults[i-firstDefault])
		}
		parts = append(parts, p)
		if i == fc.NumPosOnly-1 && fc.NumPosOnly > 0 {
			parts = append(parts, "/")
		}
	}
	next := fc.NumParams + fc.NumKwOnly
	if fc.HasVarargs {
		parts = append(parts, "*"+fc.Locals[next])
		next++
	} else if fc.NumKwOnly > 0 {
		parts = append(parts, "*")
	}
	for i := fc.NumParams; i < fc.NumParams+fc.NumKwOnly; i++ {
		p := fc.Locals[i]
		if f.KwDefaults != nil {
			if d, ok := f.KwDefaults.GetStr(p); ok {
				p += "=" + reprNoThread(nil, d)
			}
		}
		parts = append(parts, p)
	}
	if fc.HasKwargs {
		parts = append(parts, "**"+fc.Locals[next])
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// docOf returns an object's docstring.
func docOf(th *Thread, v Value) string {
	switch x := v.(type) {
	case *Function:
		if s, ok := x.Doc.(Str); ok {
			return dedentDoc(string(s))
		}
		return ""
	case *BoundMethod:
		return docOf(th, x.Fn)
	case *Builtin:
		return x.Doc
	case *Class:
		if d, ok := classSigs[x]; ok {
			return d.doc
		}
		return dedentDoc(x.Doc)
	case *Module:
		return x.Doc
	case *Instance:
		return dedentDoc(x.class.Doc)
	}
	if d, ok := classSigs[v.Type()]; ok {
		return d.doc
	}
	return dedentDoc(v.Type().Doc)
}

// dedentDoc removes the common indentation of a docstring's lines after
// the first, as inspect.cleandoc does.
func dedentDoc(doc string) string {
	lines := strings.Split(strings.TrimSpace(doc), "\n")
	indent := -1
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i := 1; i < len(lines); i++ {
		if len(lines[i]) >= indent && indent > 0 {
			lines[i] = lines[i][indent:]
		}
	}
	return strings.Join(lines, "\n")
}

// functionSource returns the source text of a function's definition.
func functionSource(f *Function) string {
	fc := f.code.fc
	if fc.Node == nil {
		return ""
	}
	start, end := fc.Node.Span()
	var lines []string
	for l := start.Line; l <= end.Line; l++ {
		s, ok := sourceLine(fc.Prog.Src, l)
		if !ok {
			break
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}
