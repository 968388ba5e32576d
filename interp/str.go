package interp

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"msrepl/internal/pyfmt"
)

// Str is a string. It holds UTF-8; indexes and lengths count code points,
// as in Python.
type Str string

func (Str) Type() *Class { return StrClass }

func (s Str) Repr(th *Thread) (string, error) { return pyfmt.QuoteString(string(s)), nil }
func (s Str) Str(th *Thread) (string, error)  { return string(s), nil }

func (s Str) Hash(th *Thread) (int64, error) { return hashString(string(s)), nil }

func hashString(s string) int64 {
	// FNV-1a, inline: hash/fnv's interface makes the bytes escape, and
	// every string key of every dict is hashed here.
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	v := int64(h >> 1)
	if v == -1 {
		v = -2
	}
	return v
}

func (s Str) Len(th *Thread) (int, error) { return strLen(string(s)), nil }

// isASCII reports whether s has only ASCII characters, in which case byte
// and code point indexes agree.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func strLen(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// oneCharStrs caches the single-character ASCII strings.
var oneCharStrs = func() (t [128]Value) {
	for i := range t {
		t[i] = Str(string(rune(i)))
	}
	return t
}()

func charStr(r rune) Value {
	if r < 128 {
		return oneCharStrs[r]
	}
	return Str(string(r))
}

func (s Str) GetItem(th *Thread, key Value) (Value, error) {
	str := string(s)
	if sl, ok := key.(*Slice); ok {
		if isASCII(str) {
			start, stop, step, err := sl.indices(len(str))
			if err != nil {
				return nil, err
			}
			if step == 1 {
				if stop < start {
					stop = start
				}
				return Str(str[start:stop]), nil
			}
			var b strings.Builder
			forEachSliceIndex(start, stop, step, func(i int) { b.WriteByte(str[i]) })
			return Str(b.String()), nil
		}
		rs := []rune(str)
		start, stop, step, err := sl.indices(len(rs))
		if err != nil {
			return nil, err
		}
		var out []rune
		forEachSliceIndex(start, stop, step, func(i int) { out = append(out, rs[i]) })
		return Str(string(out)), nil
	}
	i, err := toIndexFor(key, "string")
	if err != nil {
		return nil, err
	}
	if isASCII(str) {
		if i < 0 {
			i += len(str)
		}
		if i < 0 || i >= len(str) {
			return nil, IndexErrorf("string index out of range")
		}
		return oneCharStrs[str[i]], nil
	}
	rs := []rune(str)
	if i < 0 {
		i += len(rs)
	}
	if i < 0 || i >= len(rs) {
		return nil, IndexErrorf("string index out of range")
	}
	return charStr(rs[i]), nil
}

// toIndexFor converts a subscript to an int, with CPython's message naming
// the container ("list indices must be integers or slices, not str").
func toIndexFor(key Value, what string) (int, error) {
	switch k := key.(type) {
	case Int:
		return int(k), nil
	case Bool:
		if k {
			return 1, nil
		}
		return 0, nil
	case *BigInt:
		return 0, Errorf(IndexErrorClass, "cannot fit 'int' into an index-sized integer")
	case *NDArray:
		if i, err := toIndex(k); err == nil {
			return i, nil
		}
	}
	if what == "string" {
		return 0, TypeErrorf("string indices must be integers, not '%s'", TypeName(key))
	}
	return 0, TypeErrorf("%s indices must be integers or slices, not %s", what, TypeName(key))
}

func (s Str) Contains(th *Thread, x Value) (bool, error) {
	sub, ok := x.(Str)
	if !ok {
		return false, TypeErrorf("'in <string>' requires string as left operand, not %s", TypeName(x))
	}
	return strings.Contains(string(s), string(sub)), nil
}

func (s Str) Iterate(th *Thread) (Iterator, error) {
	return &strIterator{s: string(s)}, nil
}

type strIterator struct {
	s string
	i int
}

func (it *strIterator) Type() *Class {
	if isASCII(it.s) {
		return strASCIIIteratorClass
	}
	return strIteratorClass
}

func (it *strIterator) Next(th *Thread) (Value, bool, error) {
	if it.i >= len(it.s) {
		return nil, false, nil
	}
	r, size := utf8.DecodeRuneInString(it.s[it.i:])
	it.i += size
	return charStr(r), true, nil
}

// ---- methods ----

func strArg(fname string, v Value) (string, error) {
	s, ok := v.(Str)
	if !ok {
		return "", TypeErrorf("%s() argument must be str, not %s", fname, TypeName(v))
	}
	return string(s), nil
}

// self returns the receiver of a str method.
func selfStr(args []Value, name string) (string, error) {
	s, ok := args[0].(Str)
	if !ok {
		return "", TypeErrorf("descriptor '%s' for 'str' objects doesn't apply to a '%s' object", name, TypeName(args[0]))
	}
	return string(s), nil
}

// strMethod adapts a method over the receiver string.
func strMethod(name string, fn func(th *Thread, s string, args []Value, kwnames []string) (Value, error)) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		s, err := selfStr(args, name)
		if err != nil {
			return nil, err
		}
		return fn(th, s, args[1:], kwnames)
	}
}

// strNoArgs adapts a method that takes no arguments.
func strNoArgs(name string, fn func(s string) Value) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("str."+name, args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return fn(s), nil
	})
}

// strPredicate is str.isdigit and friends: true if s is non-empty and every
// character satisfies pred.
func strPredicate(name string, pred func(rune) bool) BuiltinFunc {
	return strNoArgs(name, func(s string) Value {
		if s == "" {
			return False
		}
		for _, r := range s {
			if !pred(r) {
				return False
			}
		}
		return True
	})
}

// sliceBounds implements the optional start and end arguments of find,
// count, startswith and friends, over code points.
func sliceBounds(s string, args []Value, from int) (string, int, error) {
	n := strLen(s)
	start, end := 0, n
	if len(args) > from && args[from] != None {
		i, err := toIndex(args[from])
		if err != nil {
			return "", 0, TypeErrorf("slice indices must be integers or None or have an __index__ method")
		}
		start = clampIndex(i, n)
	}
	if len(args) > from+1 && args[from+1] != None {
		i, err := toIndex(args[from+1])
		if err != nil {
			return "", 0, TypeErrorf("slice indices must be integers or None or have an __index__ method")
		}
		end = clampIndex(i, n)
	}
	if start > end {
		return "", -1, nil
	}
	if isASCII(s) {
		return s[start:end], start, nil
	}
	rs := []rune(s)
	return string(rs[start:end]), start, nil
}

func clampIndex(i, n int) int {
	if i < 0 {
		i += n
		if i < 0 {
			i = 0
		}
	}
	if i > n {
		i = n
	}
	return i
}

// runeIndex converts a byte offset in s to a code point offset.
func runeIndex(s string, byteOff int) int {
	if byteOff < 0 {
		return byteOff
	}
	return utf8.RuneCountInString(s[:byteOff])
}

func strFind(name string, last bool, raise bool) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 1, 3); err != nil {
			return nil, err
		}
		sub, err := strArg(name, args[0])
		if err != nil {
			return nil, err
		}
		part, offset, err := sliceBounds(s, args, 1)
		if err != nil {
			return nil, err
		}
		i := -1
		if offset >= 0 {
			if last {
				i = strings.LastIndex(part, sub)
			} else {
				i = strings.Index(part, sub)
			}
		}
		if i < 0 {
			if raise {
				return nil, ValueErrorf("substring not found")
			}
			return MakeInt(-1), nil
		}
		return MakeInt(int64(offset + runeIndex(part, i))), nil
	})
}

func strAffix(name string, test func(s, affix string) bool) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 1, 3); err != nil {
			return nil, err
		}
		part, offset, err := sliceBounds(s, args, 1)
		if err != nil {
			return nil, err
		}
		if offset < 0 {
			return False, nil
		}
		var affixes []Value
		switch a := args[0].(type) {
		case Str:
			affixes = []Value{a}
		case Tuple:
			affixes = a
		default:
			return nil, TypeErrorf("%s first arg must be str or a tuple of str, not %s", name, TypeName(args[0]))
		}
		for _, a := range affixes {
			as, ok := a.(Str)
			if !ok {
				return nil, TypeErrorf("tuple for %s must only contain str, not %s", name, TypeName(a))
			}
			if test(part, string(as)) {
				return True, nil
			}
		}
		return False, nil
	})
}

func strStrip(name string, trim func(s, cutset string) string, trimSpace func(string) string) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 0, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 || args[0] == None {
			return Str(trimSpace(s)), nil
		}
		chars, err := strArg(name, args[0])
		if err != nil {
			return nil, err
		}
		return Str(trim(s, chars)), nil
	})
}

func strJustify(name string, pad func(s string, width int, fill string) string) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 1, 2); err != nil {
			return nil, err
		}
		width, err := toIndex(args[0])
		if err != nil {
			return nil, err
		}
		fill := " "
		if len(args) == 2 {
			f, ok := args[1].(Str)
			if !ok || strLen(string(f)) != 1 {
				return nil, TypeErrorf("The fill character must be exactly one character long")
			}
			fill = string(f)
		}
		n := strLen(s)
		if width <= n {
			return Str(s), nil
		}
		if err := th.checkSize(width); err != nil {
			return nil, err
		}
		return Str(pad(s, width-n, fill)), nil
	})
}

// pySpace matches Python's str.isspace (Unicode white space plus the ASCII
// separators).
func pySpace(r rune) bool {
	switch r {
	case 0x1c, 0x1d, 0x1e, 0x1f:
		return true
	}
	return unicode.IsSpace(r)
}

func splitWhitespace(s string, maxsplit int) []string {
	var out []string
	i := 0
	for {
		for i < len(s) {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !pySpace(r) {
				break
			}
			i += size
		}
		if i >= len(s) {
			return out
		}
		if maxsplit >= 0 && len(out) == maxsplit {
			return append(out, s[i:])
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if pySpace(r) {
				break
			}
			j += size
		}
		out = append(out, s[i:j])
		i = j
	}
}

func rsplitWhitespace(s string, maxsplit int) []string {
	var out []string
	j := len(s)
	for {
		for j > 0 {
			r, size := utf8.DecodeLastRuneInString(s[:j])
			if !pySpace(r) {
				break
			}
			j -= size
		}
		if j <= 0 {
			break
		}
		if maxsplit >= 0 && len(out) == maxsplit {
			out = append(out, s[:j])
			break
		}
		i := j
		for i > 0 {
			r, size := utf8.DecodeLastRuneInString(s[:i])
			if pySpace(r) {
				break
			}
			i -= size
		}
		out = append(out, s[i:j])
		j = i
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

func strList(parts []string) *List {
	elems := make([]Value, len(parts))
	for i, p := range parts {
		elems[i] = Str(p)
	}
	return NewList(elems)
}

func strSplit(name string, right bool) BuiltinFunc {
	return strMethod(name, func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
		var sep Value = None
		maxsplit := -1
		if err := UnpackArgs(name, args, kwnames, "sep?", &sep, "maxsplit?", &maxsplit); err != nil {
			return nil, err
		}
		if sep == None {
			if right {
				return strList(rsplitWhitespace(s, maxsplit)), nil
			}
			return strList(splitWhitespace(s, maxsplit)), nil
		}
		sp, err := strArg(name, sep)
		if err != nil {
			return nil, err
		}
		if sp == "" {
			return nil, ValueErrorf("empty separator")
		}
		if maxsplit < 0 {
			return strList(strings.Split(s, sp)), nil
		}
		if !right {
			return strList(strings.SplitN(s, sp, maxsplit+1)), nil
		}
		var parts []string
		rest := s
		for len(parts) < maxsplit {
			i := strings.LastIndex(rest, sp)
			if i < 0 {
				break
			}
			parts = append(parts, rest[i+len(sp):])
			rest = rest[:i]
		}
		parts = append(parts, rest)
		for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
			parts[a], parts[b] = parts[b], parts[a]
		}
		return strList(parts), nil
	})
}

func splitLines(s string, keepends bool) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			end := i + size
			if r == '\r' && end < len(s) && s[end] == '\n' {
				end++
			}
			if keepends {
				out = append(out, s[start:end])
			} else {
				out = append(out, s[start:i])
			}
			start, i = end, end
			continue
		}
		i += size
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func titleCase(s string) string {
	var b strings.Builder
	prevCased := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if prevCased {
				b.WriteRune(unicode.ToLower(r))
			} else {
				b.WriteRune(unicode.ToTitle(r))
			}
			prevCased = true
		default:
			b.WriteRune(r)
			prevCased = false
		}
	}
	return b.String()
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r) {
			continue
		}
		return false
	}
	return true
}

func init() {
	defMethods(StrClass, map[string]BuiltinFunc{
		"upper":        strNoArgs("upper", func(s string) Value { return Str(upper(s)) }),
		"lower":        strNoArgs("lower", func(s string) Value { return Str(lower(s)) }),
		"casefold":     strNoArgs("casefold", func(s string) Value { return Str(casefold(s)) }),
		"swapcase":     strNoArgs("swapcase", func(s string) Value { return Str(swapcase(s)) }),
		"title":        strNoArgs("title", func(s string) Value { return Str(titleCase(s)) }),
		"capitalize":   strNoArgs("capitalize", func(s string) Value { return Str(capitalize(s)) }),
		"isdigit":      strPredicate("isdigit", unicode.IsDigit),
		"isdecimal":    strPredicate("isdecimal", unicode.IsDigit),
		"isnumeric":    strPredicate("isnumeric", unicode.IsNumber),
		"isalpha":      strPredicate("isalpha", unicode.IsLetter),
		"isalnum":      strPredicate("isalnum", func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }),
		"isspace":      strPredicate("isspace", pySpace),
		"isupper":      strNoArgs("isupper", func(s string) Value { return MakeBool(hasCased(s) && strings.ToUpper(s) == s) }),
		"islower":      strNoArgs("islower", func(s string) Value { return MakeBool(hasCased(s) && strings.ToLower(s) == s) }),
		"istitle":      strNoArgs("istitle", func(s string) Value { return MakeBool(hasCased(s) && titleCase(s) == s) }),
		"isidentifier": strNoArgs("isidentifier", func(s string) Value { return MakeBool(isIdentifier(s)) }),
		"isascii":      strNoArgs("isascii", func(s string) Value { return MakeBool(isASCII(s)) }),
		"strip":        strStrip("strip", strings.Trim, func(s string) string { return strings.TrimFunc(s, pySpace) }),
		"lstrip":       strStrip("lstrip", strings.TrimLeft, func(s string) string { return strings.TrimLeftFunc(s, pySpace) }),
		"rstrip":       strStrip("rstrip", strings.TrimRight, func(s string) string { return strings.TrimRightFunc(s, pySpace) }),
		"find":         strFind("find", false, false),
		"rfind":        strFind("rfind", true, false),
		"index":        strFind("index", false, true),
		"rindex":       strFind("rindex", true, true),
		"startswith":   strAffix("startswith", strings.HasPrefix),
		"endswith":     strAffix("endswith", strings.HasSuffix),
		"split":        strSplit("split", false),
		"rsplit":       strSplit("rsplit", true),
		"ljust": strJustify("ljust", func(s string, n int, fill string) string {
			return s + strings.Repeat(fill, n)
		}),
		"rjust": strJustify("rjust", func(s string, n int, fill string) string {
			return strings.Repeat(fill, n) + s
		}),
		"center": strJustify("center", func(s string, n int, fill string) string {
			// CPython's rule for where the odd padding character goes.
			width := n + strLen(s)
			left := n/2 + (n & width & 1)
			return strings.Repeat(fill, left) + s + strings.Repeat(fill, n-left)
		}),
		"zfill": strMethod("zfill", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("str.zfill", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			width, err := toIndex(args[0])
			if err != nil {
				return nil, err
			}
			n := strLen(s)
			if width <= n {
				return Str(s), nil
			}
			if err := th.checkSize(width); err != nil {
				return nil, err
			}
			pad := strings.Repeat("0", width-n)
			if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
				return Str(s[:1] + pad + s[1:]), nil
			}
			return Str(pad + s), nil
		}),
		"count": strMethod("count", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("str.count", args, kwnames, 1, 3); err != nil {
				return nil, err
			}
			sub, err := strArg("count", args[0])
			if err != nil {
				return nil, err
			}
			part, offset, err := sliceBounds(s, args, 1)
			if err != nil {
				return nil, err
			}
			if offset < 0 {
				return MakeInt(0), nil
			}
			if sub == "" {
				return MakeInt(int64(strLen(part) + 1)), nil
			}
			return MakeInt(int64(strings.Count(part, sub))), nil
		}),
		"replace": strMethod("replace", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("replace", args, kwnames, 2, 3); err != nil {
				return nil, err
			}
			old, err := strArg("replace", args[0])
			if err != nil {
				return nil, err
			}
			repl, err := strArg("replace", args[1])
			if err != nil {
				return nil, err
			}
			n := -1
			if len(args) == 3 {
				if n, err = toIndex(args[2]); err != nil {
					return nil, err
				}
			}
			if old == "" && n != 0 {
				if err := th.checkSize(len(s) + (strLen(s)+1)*len(repl)); err != nil {
					return nil, err
				}
			}
			return Str(strings.Replace(s, old, repl, n)), nil
		}),
		"join": strMethod("join", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("str.join", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			items, err := th.iterateAll(args[0])
			if err != nil {
				return nil, err
			}
			parts := make([]string, len(items))
			for i, it := range items {
				p, ok := it.(Str)
				if !ok {
					return nil, TypeErrorf("sequence item %d: expected str instance, %s found", i, TypeName(it))
				}
				parts[i] = string(p)
			}
			return Str(strings.Join(parts, s)), nil
		}),
		"splitlines": strMethod("splitlines", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			keepends := false
			if err := UnpackArgs("splitlines", args, kwnames, "keepends?", &keepends); err != nil {
				return nil, err
			}
			return strList(splitLines(s, keepends)), nil
		}),
		"partition": strMethod("partition", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			return strPartition(s, args, kwnames, false)
		}),
		"rpartition": strMethod("rpartition", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			return strPartition(s, args, kwnames, true)
		}),
		"removeprefix": strMethod("removeprefix", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("removeprefix", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removeprefix", args[0])
			return Str(strings.TrimPrefix(s, p)), err
		}),
		"removesuffix": strMethod("removesuffix", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("removesuffix", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			p, err := strArg("removesuffix", args[0])
			return Str(strings.TrimSuffix(s, p)), err
		}),
		"expandtabs": strMethod("expandtabs", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			tabsize := 8
			if err := UnpackArgs("expandtabs", args, kwnames, "tabsize?", &tabsize); err != nil {
				return nil, err
			}
			return Str(expandTabs(s, tabsize)), nil
		}),
		"format": strMethod("format", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			return th.strFormat(s, args, kwnames)
		}),
		"format_map": strMethod("format_map", func(th *Thread, s string, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("format_map", args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			return th.strFormatMap(s, args[0])
		}),
	})
}

// Case mapping follows Unicode's full mappings, as Python's does ("ß".upper()
// is "SS", a final sigma lowers to ς); ASCII takes the fast path.
func upper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	return cases.Upper(language.Und).String(s)
}

func lower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	return cases.Lower(language.Und).String(s)
}

func casefold(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	return cases.Fold().String(s)
}

// swapcase is str.swapcase with Unicode's full mappings: "ß" becomes
// "SS", and a capital sigma at the end of a word becomes ς.
func swapcase(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case r == 'Σ':
			b.WriteRune(lowerSigma(rs, i))
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			b.WriteString(lower(string(r)))
		case unicode.IsLower(r):
			b.WriteString(upper(string(r)))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lowerSigma lowers the capital sigma at rs[i]: ς when it ends a word (a
// cased letter before it and none after, ignoring case-ignorable
// characters), σ otherwise.
func lowerSigma(rs []rune, i int) rune {
	cased := func(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }
	ignorable := func(r rune) bool {
		return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) || r == '\'' || r == '.' || r == ':'
	}
	before := false
	for j := i - 1; j >= 0; j-- {
		if !ignorable(rs[j]) {
			before = cased(rs[j])
			break
		}
	}
	after := false
	for j := i + 1; j < len(rs); j++ {
		if !ignorable(rs[j]) {
			after = cased(rs[j])
			break
		}
	}
	if before && !after {
		return 'ς'
	}
	return 'σ'
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToTitle(r)) + strings.ToLower(s[size:])
}

func hasCased(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) {
			return true
		}
	}
	return false
}

func expandTabs(s string, tabsize int) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			if tabsize > 0 {
				n := tabsize - col%tabsize
				b.WriteString(strings.Repeat(" ", n))
				col += n
			}
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

func strPartition(s string, args []Value, kwnames []string, last bool) (Value, error) {
	name := "partition"
	if last {
		name = "rpartition"
	}
	if err := checkArity(name, args, kwnames, 1, 1); err != nil {
		return nil, err
	}
	sep, err := strArg(name, args[0])
	if err != nil {
		return nil, err
	}
	if sep == "" {
		return nil, ValueErrorf("empty separator")
	}
	var i int
	if last {
		i = strings.LastIndex(s, sep)
	} else {
		i = strings.Index(s, sep)
	}
	if i < 0 {
		if last {
			return Tuple{Str(""), Str(""), Str(s)}, nil
		}
		return Tuple{Str(s), Str(""), Str("")}, nil
	}
	return Tuple{Str(s[:i]), Str(sep), Str(s[i+len(sep):])}, nil
}
