package interp

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"msrepl/tensor"
)

// A fingerprinter hashes host values the way the compile cache on disk
// compares them: by what they are, since identity does not outlive a
// session. Numbers and strings hash by value; Tensors by dtype, shape and
// data; Parameters, which a graph reads when it runs, by name, dtype and
// shape; functions by their source and where it is; classes and objects
// by their contents. A value it cannot describe (an open file, a
// generator) makes the graph that read it uncacheable on disk.
//
// On the way it records the path by which it reached each object and
// Parameter, so that a later session can find the same ones again.
type fingerprinter struct {
	th *Thread
	// buf holds the tokens of the values being hashed: an object's own
	// are hashed into its digest when it is done, which replaces them.
	buf []byte
	// digests are the objects hashed so far: no user code runs while a
	// fingerprinter works, so each object is hashed once, and a shared
	// one hashes the same wherever it is met, in whatever order. An
	// object whose digest is being computed maps to inProgress: met
	// again, it is a cycle, and cyclic keeps what contains it from being
	// memoized.
	digests map[any]digest
	cyclic  bool
	// paths are where each Instance, Parameter and closure cell was
	// first met.
	paths map[any]hostPath
	// unknown describes the first value that could not be hashed.
	unknown string
}

// A hostPath leads from a root to a value: "self", "g:NAME" (a global)
// or "f:NAME" (a closure variable), then attributes ("a:NAME"), items of
// a list or tuple ("i:N"), values of a dict by string key ("k:KEY") and
// closure variables of a function ("free:NAME").
type hostPath []string

// A digest is an object's hash: the first 16 bytes of a SHA-256.
type digest [16]byte

// inProgress marks an object whose digest is being computed: all ones. A
// digest equal to it (a chance of 2^-128) would be taken for a cycle,
// which costs a memo, not a wrong answer.
var inProgress = digest(bytes.Repeat([]byte{0xff}, len(digest{})))

// fingerprintLimit bounds how deep values nest before the fingerprinter
// gives up, as a guard of last resort against pathological structures.
const fingerprintLimit = 32

func newFingerprinter(th *Thread) *fingerprinter {
	return &fingerprinter{th: th, digests: map[any]digest{}, paths: map[any]hostPath{}}
}

// of returns v's fingerprint, 16 bytes, reached by path; ok is false
// when some part of v cannot be hashed. Then f.cyclic says whether the
// walk met a cycle.
func (f *fingerprinter) of(v Value, path hostPath) (string, bool) {
	f.buf = f.buf[:0]
	f.unknown, f.cyclic = "", false
	f.value(v, path, 0)
	sum := sha256.Sum256(f.buf)
	return string(sum[:16]), f.unknown == ""
}

// record keeps path as where v was first met, and reports whether it
// was.
func (f *fingerprinter) record(v any, path hostPath) bool {
	if path == nil {
		return false
	}
	if _, ok := f.paths[v]; ok {
		return false
	}
	f.paths[v] = slices.Clone(path)
	return true
}

// token appends a token: its parts, counted and each length-prefixed, so
// that no two tokens read alike.
func (f *fingerprinter) token(parts ...string) {
	f.buf = binary.AppendUvarint(f.buf, uint64(len(parts)))
	for _, p := range parts {
		f.buf = binary.AppendUvarint(f.buf, uint64(len(p)))
		f.buf = append(f.buf, p...)
	}
}

// object hashes the object v as its digest, which emit computes the
// first time, and records the path v was first met by. Met first by a
// path after its digest was memoized, v is walked again, for the paths
// of what it holds.
func (f *fingerprinter) object(v any, path hostPath, emit func()) {
	firstPath := f.record(v, path)
	if d, ok := f.digests[v]; ok && (d == inProgress || !firstPath) {
		if d == inProgress {
			f.token("cycle")
			f.cyclic = true
			return
		}
		f.ref(d)
		return
	}
	f.digests[v] = inProgress
	start, outerCyclic := len(f.buf), f.cyclic
	f.cyclic = false
	emit()
	sum := sha256.Sum256(f.buf[start:])
	d := digest(sum[:16])
	if !f.cyclic && f.unknown == "" {
		f.digests[v] = d
	} else {
		delete(f.digests, v)
	}
	f.buf, f.cyclic = f.buf[:start], outerCyclic || f.cyclic
	f.ref(d)
}

// ref appends the token ("=", d): what an object hashes as inside
// another.
func (f *fingerprinter) ref(d digest) {
	f.buf = append(f.buf, 2, 1, '=', byte(len(d)))
	f.buf = append(f.buf, d[:]...)
}

func (f *fingerprinter) value(v Value, path hostPath, depth int) {
	if f.unknown != "" {
		return
	}
	if depth > fingerprintLimit {
		f.unknown = "values nested too deeply"
		return
	}
	// at extends path by a segment; without a path (nothing records
	// where values are) the segment is not even spelled.
	at := func(kind, arg string) hostPath {
		if path == nil {
			return nil
		}
		return append(slices.Clip(path), kind+arg)
	}
	next := depth + 1
	switch v := v.(type) {
	case nil:
		f.token("unbound")
	case NoneType:
		f.token("None")
	case Bool:
		f.token("bool", strconv.FormatBool(bool(v)))
	case Int:
		f.token("int", strconv.FormatInt(int64(v), 10))
	case Float:
		f.token("float", strconv.FormatUint(math.Float64bits(float64(v)), 16))
	case Str:
		f.token("str", string(v))
	case *BigInt, EllipsisType, NotImplementedType, *DType, *NumpyDType, *Range, *Slice:
		r, err := f.th.Repr(v)
		if err != nil {
			f.unknown = "a " + TypeName(v) + " whose repr failed"
			return
		}
		f.token(TypeName(v), r)
	case *Tensor:
		meta := v.t.Meta()
		switch {
		case v.param != nil:
			// A leaf, whose few tokens cost less than a digest.
			f.record(v, path)
			f.token("Parameter", v.param.name, strconv.FormatBool(v.param.requiresGrad))
			f.meta(meta)
		case v.spec != nil || v.t.Abstract():
			f.token("TensorSpec")
			f.meta(meta)
		default:
			f.object(v, path, func() { f.tensorData("Tensor", v.t) })
		}
	case *NDArray:
		f.object(v, path, func() {
			f.tensorData("ndarray", v.t)
			f.token(strconv.FormatBool(v.scalar))
		})
	case Tuple:
		f.token("tuple", strconv.Itoa(len(v)))
		for i, e := range v {
			f.value(e, at("i:", strconv.Itoa(i)), next)
		}
	case *List:
		f.object(v, path, func() {
			f.token("list", strconv.Itoa(len(v.elems)))
			for i, e := range v.elems {
				f.value(e, at("i:", strconv.Itoa(i)), next)
			}
		})
	case *Dict:
		f.object(v, path, func() {
			items := v.Items()
			f.token("dict", strconv.Itoa(len(items)))
			for _, kv := range items {
				f.value(kv[0], nil, next)
				var vp hostPath
				if k, ok := kv[0].(Str); ok {
					vp = at("k:", string(k))
				}
				f.value(kv[1], vp, next)
			}
		})
	case *Instance:
		f.object(v, path, func() {
			f.token("instance")
			f.value(v.class, nil, next)
			// In the order they were set, as a dict's items are: the same
			// program sets them in the same order.
			for k, x := range v.Dict().All() {
				name, ok := k.(Str)
				if !ok {
					f.unknown = "an object with a non-string attribute name"
					return
				}
				f.token("attr", string(name))
				f.value(x, at("a:", string(name)), next)
			}
		})
	case *Class:
		f.object(v, nil, func() {
			f.token("class", v.Module, v.QualName)
			for _, b := range v.Bases {
				f.value(b, nil, next)
			}
			keys := slices.Clone(v.Dict.Keys())
			slices.Sort(keys)
			for _, k := range keys {
				a, _ := v.Dict.Get(k)
				f.token("member", k)
				f.value(a, nil, next)
			}
		})
	case *Function:
		f.object(v, path, func() {
			f.token("function", v.QualName)
			f.source(v)
			f.value(v.Defaults, nil, next)
			if v.KwDefaults != nil {
				f.value(v.KwDefaults, nil, next)
			}
			for i, c := range v.Closure {
				// A method's __class__ cell (for super()) is the class
				// that holds it, whose digest holds the method: named,
				// it is no cycle.
				if cls, ok := c.V.(*Class); ok && i < len(v.code.fc.FreeVars) && v.code.fc.FreeVars[i] == "__class__" {
					f.token("__class__", cls.Module, cls.QualName)
					continue
				}
				var cp hostPath
				if path != nil && i < len(v.code.fc.FreeVars) {
					cp = at("free:", v.code.fc.FreeVars[i])
					if _, ok := f.paths[c]; !ok {
						f.paths[c] = slices.Clone(cp)
					}
				}
				f.value(c.V, cp, next)
			}
		})
	case *Builtin:
		owner := ""
		if v.Owner != nil {
			owner = v.Owner.QualName
		}
		f.token("builtin", owner, v.Name)
		if v.Self != nil {
			f.value(v.Self, nil, next)
		}
	case *BoundMethod:
		f.token("method")
		f.value(v.Self, nil, next)
		f.value(v.Fn, nil, next)
	case *jitFunction:
		f.token("jit", v.opts.mode, strconv.FormatBool(v.opts.fullgraph), strconv.FormatBool(v.opts.dynamic))
		if v.opts.signature != nil {
			f.value(v.opts.signature, nil, next)
		}
		f.value(v.fn, nil, next)
	case *Module:
		f.token("module", v.Name)
	case *PrimValue:
		f.token("primitive", v.cls.Name)
		for _, a := range v.init {
			f.token(a.name)
			f.value(a.v, nil, next)
		}
	case *Property:
		f.token("property")
		for _, x := range []Value{v.Get, v.Set, v.Del} {
			f.value(x, nil, next)
		}
	case *StaticMethod:
		f.token("staticmethod")
		f.value(v.Fn, nil, next)
	case *ClassMethod:
		f.token("classmethod")
		f.value(v.Fn, nil, next)
	default:
		f.unknown = "a " + TypeName(v)
	}
}

// meta appends a tensor's dtype and shape.
func (f *fingerprinter) meta(m tensor.Meta) {
	f.buf = append(f.buf, byte(m.DType))
	f.buf = binary.AppendUvarint(f.buf, uint64(len(m.Shape)))
	for _, d := range m.Shape {
		f.buf = binary.AppendVarint(f.buf, int64(d))
	}
}

// tensorData hashes a Tensor's dtype, shape and contents.
func (f *fingerprinter) tensorData(kind string, t *tensor.Tensor) {
	meta := t.Meta()
	sum := sha256.Sum256(tensor.AppendStorage(nil, t))
	f.token(kind, meta.DType.String(), meta.Shape.String(), string(sum[:]))
}

// source hashes a function's text and where it stands: the graph's spans
// point into it, so a function moved within its cell compiles anew.
func (f *fingerprinter) source(fn *Function) {
	c := fn.code
	if c.source == "" {
		start, end := c.fc.Node.Span()
		file := ""
		if start.File != nil {
			file = *start.File
		}
		text := fmt.Sprintf("%q:%d:%d\n%s", file, start.Line, start.Col, sourceLines(c.fc.Prog.Src, int(start.Line), int(end.Line)))
		sum := sha256.Sum256([]byte(text))
		c.source = string(sum[:16])
	}
	f.token("source", c.source)
}

// sourceLines is lines first to last (from 1) of src.
func sourceLines(src string, first, last int) string {
	first = max(first, 1)
	if first > last {
		return ""
	}
	start := 0
	for line := 1; line < first; line++ {
		i := strings.IndexByte(src[start:], '\n')
		if i < 0 {
			return ""
		}
		start += i + 1
	}
	end := start
	for line := first; line <= last && end < len(src); line++ {
		i := strings.IndexByte(src[end:], '\n')
		if i < 0 {
			end = len(src)
			break
		}
		end += i + 1
	}
	return src[start:end]
}

// rootValue is the value a path's root names in fn's world: self, one
// of fn's globals, or a variable of fn's closure.
func rootValue(root string, fn *Function, self *Instance) (Value, bool) {
	switch {
	case root == "self":
		return self, self != nil
	case strings.HasPrefix(root, "g:"):
		return fn.code.link.globals.Get(root[2:])
	case strings.HasPrefix(root, "f:"):
		if c := closureCell(fn, root[2:]); c != nil && c.V != nil {
			return c.V, true
		}
	}
	return nil, false
}

// stepValue follows one segment of a path from v.
func stepValue(v Value, seg string) (Value, bool) {
	kind, arg, _ := strings.Cut(seg, ":")
	switch x := v.(type) {
	case *Instance:
		if kind == "a" {
			return x.Dict().GetStr(arg)
		}
	case *Dict:
		if kind == "k" {
			return x.GetStr(arg)
		}
	case *Function:
		if kind != "free" {
			break
		}
		if c := closureCell(x, arg); c != nil && c.V != nil {
			return c.V, true
		}
	case Tuple, *List:
		elems := seqItems(x)
		if i, err := strconv.Atoi(arg); kind == "i" && err == nil && i >= 0 && i < len(elems) {
			return elems[i], true
		}
	}
	return nil, false
}

// closureCell is fn's closure cell for the free variable name, or nil.
func closureCell(fn *Function, name string) *Cell {
	for i, n := range fn.code.fc.FreeVars {
		if n == name && i < len(fn.Closure) {
			return fn.Closure[i]
		}
	}
	return nil
}

// describeUnknown words why a value could not be fingerprinted.
func describeUnknown(what, unknown string) string {
	return fmt.Sprintf("%s holds %s, which the compile cache cannot compare across sessions", what, unknown)
}
