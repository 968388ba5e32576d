package interp

import (
	"encoding/binary"
	"math"
	"slices"
	"strings"
)

// diskPlan is what a compile cache entry keeps beside its graph, in the
// bundle's annex: what capture read from the host, where the Parameters
// the weights read are, and the structure of the result. It is read on
// every load, so it is binary, and each string in it is stored once.
type diskPlan struct {
	// Steps are the paths to the values the plan names, as a tree: each
	// is a root ("self", "g:NAME", "f:NAME") or one segment from an
	// earlier step, so that a prefix many paths share (self.blocks) is
	// kept, and found again, once.
	Steps    []pathStep
	Reads    []diskRead
	Weights  []diskWeight
	Updates  []string
	Template *diskValue
}

// pathStep is a segment of a hostPath, taken from step From, or a root
// when From is -1.
type pathStep struct {
	From int
	Seg  string
}

// diskRead is a hostRead as the compile cache keeps it: the step that
// reaches it, and its fingerprint. A read under another read whose
// fingerprint met no cycle keeps none (Print is ""): the other's covers
// everything under it, so a load checks it alone.
type diskRead struct {
	What  string
	Step  int
	Print string
}

// diskWeight is where a later session finds the Parameter a weight reads.
type diskWeight struct {
	Name, Param string
	Step        int
}

// diskValue is a graph's result as the caller sees it: Tensors in a
// structure of tuples, lists and dicts, with constants.
type diskValue struct {
	Kind  string
	Value string
	Items []diskValue
	Keys  []string
}

// planFormat is the version of the plan's encoding; a plan of another is
// stale.
const planFormat = 2

// step returns the step path ends at, adding the steps it lacks; index
// finds the steps already there.
func (p *diskPlan) step(path hostPath, index map[pathStep]int) int {
	at := -1
	for _, seg := range path {
		s := pathStep{From: at, Seg: seg}
		i, ok := index[s]
		if !ok {
			i = len(p.Steps)
			p.Steps = append(p.Steps, s)
			index[s] = i
		}
		at = i
	}
	return at
}

// path is the hostPath step ends at.
func (p *diskPlan) path(step int) hostPath {
	var path hostPath
	for ; step >= 0; step = p.Steps[step].From {
		path = append(path, p.Steps[step].Seg)
	}
	slices.Reverse(path)
	return path
}

// cover drops the fingerprint of each read that lies under a read whose
// fingerprint is acyclic[i]: equal, that one's says everything under it
// is equal too.
func (p *diskPlan) cover(acyclic []bool) {
	covering := map[int]bool{}
	for i, r := range p.Reads {
		if acyclic[i] {
			covering[r.Step] = true
		}
	}
	for i := range p.Reads {
		for s := p.Steps[p.Reads[i].Step].From; s >= 0; s = p.Steps[s].From {
			if covering[s] {
				p.Reads[i].Print = ""
				break
			}
		}
	}
}

// sameReads reports whether two plans read the same host values: the
// same things, by the same paths, with the same fingerprints.
func (p *diskPlan) sameReads(q *diskPlan) bool {
	return slices.EqualFunc(p.Reads, q.Reads, func(a, b diskRead) bool {
		return a.What == b.What && a.Print == b.Print && slices.Equal(p.path(a.Step), q.path(b.Step))
	})
}

// resolve finds the value each step reaches in fn's world (self, fn's
// globals and closure), or nil where it is gone.
func (p *diskPlan) resolve(fn *Function, self *Instance) []Value {
	values := make([]Value, len(p.Steps))
	for i, s := range p.Steps {
		var v Value
		var ok bool
		if s.From < 0 {
			v, ok = rootValue(s.Seg, fn, self)
		} else if from := values[s.From]; from != nil {
			v, ok = stepValue(from, s.Seg)
		}
		if ok {
			values[i] = v
		}
	}
	return values
}

// encode lays the plan out: a table of its strings, then the plan, with
// counts, indexes and strings as uvarints.
func (p *diskPlan) encode() []byte {
	w := &planWriter{index: map[string]int{}}
	w.uint(len(p.Steps))
	for _, s := range p.Steps {
		w.uint(s.From + 1)
		w.str(s.Seg)
	}
	w.uint(len(p.Reads))
	for _, r := range p.Reads {
		w.str(r.What)
		w.uint(r.Step)
		w.str(r.Print)
	}
	w.uint(len(p.Weights))
	for _, x := range p.Weights {
		w.str(x.Name)
		w.str(x.Param)
		w.uint(x.Step)
	}
	w.strs(p.Updates)
	w.value(p.Template)
	out := binary.AppendUvarint([]byte{planFormat}, uint64(len(w.table)))
	for _, s := range w.table {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	return append(out, w.b...)
}

type planWriter struct {
	b     []byte
	table []string
	index map[string]int
}

func (w *planWriter) uint(n int) { w.b = binary.AppendUvarint(w.b, uint64(n)) }

// str writes s as its place in the table.
func (w *planWriter) str(s string) {
	i, ok := w.index[s]
	if !ok {
		i = len(w.table)
		w.table = append(w.table, s)
		w.index[s] = i
	}
	w.uint(i)
}

func (w *planWriter) strs(ss []string) {
	w.uint(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

func (w *planWriter) value(v *diskValue) {
	w.str(v.Kind)
	w.str(v.Value)
	w.strs(v.Keys)
	w.uint(len(v.Items))
	for i := range v.Items {
		w.value(&v.Items[i])
	}
}

// decodePlan reads a plan, or reports it cannot.
func decodePlan(b []byte) (diskPlan, bool) {
	var p diskPlan
	if len(b) == 0 || b[0] != planFormat {
		return p, false
	}
	r := &planReader{b: b[1:]}
	r.readTable()
	p.Steps = make([]pathStep, r.count())
	for i := range p.Steps {
		from := r.index() - 1
		if from >= i {
			r.bad = true
		}
		p.Steps[i] = pathStep{From: from, Seg: r.str()}
	}
	p.Reads = make([]diskRead, r.count())
	for i := range p.Reads {
		p.Reads[i] = diskRead{What: r.str(), Step: r.stepOf(&p), Print: r.str()}
	}
	p.Weights = make([]diskWeight, r.count())
	for i := range p.Weights {
		p.Weights[i] = diskWeight{Name: r.str(), Param: r.str(), Step: r.stepOf(&p)}
	}
	p.Updates = r.strs()
	p.Template = r.value(0)
	return p, !r.bad && len(r.b) == 0
}

type planReader struct {
	b     []byte
	table []string
	bad   bool
}

// readTable reads the string table, whose strings share one allocation.
func (r *planReader) readTable() {
	n := r.count()
	lengths := make([]int, n)
	size := 0
	rest := r.b
	for i := range lengths {
		lengths[i] = r.count()
		size += lengths[i]
		r.b = r.b[lengths[i]:]
	}
	if r.bad {
		return
	}
	var all strings.Builder
	all.Grow(size)
	for _, k := range lengths {
		_, l := binary.Uvarint(rest)
		all.Write(rest[l : l+k])
		rest = rest[l+k:]
	}
	s := all.String()
	r.table = make([]string, n)
	for i, k := range lengths {
		r.table[i], s = s[:k], s[k:]
	}
}

// count reads a length, which cannot exceed the bytes left.
func (r *planReader) count() int {
	n, k := binary.Uvarint(r.b)
	if k <= 0 || n > uint64(len(r.b)-k) {
		r.bad = true
		r.b = nil
		return 0
	}
	r.b = r.b[k:]
	return int(n)
}

// index reads a place in a table, which the bytes left do not bound.
func (r *planReader) index() int {
	n, k := binary.Uvarint(r.b)
	if k <= 0 || n > math.MaxInt32 {
		r.bad = true
		r.b = nil
		return 0
	}
	r.b = r.b[k:]
	return int(n)
}

// str reads a string as its place in the table.
func (r *planReader) str() string {
	i := r.index()
	if i >= len(r.table) {
		r.bad = true
		return ""
	}
	return r.table[i]
}

func (r *planReader) stepOf(p *diskPlan) int {
	i := r.index()
	if i >= len(p.Steps) {
		r.bad = true
		return 0
	}
	return i
}

func (r *planReader) strs() []string {
	n := r.count()
	if n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = r.str()
	}
	return ss
}

// planDepth bounds a template's nesting, as a crafted file could nest it
// without end.
const planDepth = 64

func (r *planReader) value(depth int) *diskValue {
	if depth > planDepth {
		r.bad = true
		return &diskValue{}
	}
	v := &diskValue{Kind: r.str(), Value: r.str(), Keys: r.strs()}
	if n := r.count(); n > 0 {
		v.Items = make([]diskValue, n)
		for i := range v.Items {
			v.Items[i] = *r.value(depth + 1)
		}
	}
	return v
}
