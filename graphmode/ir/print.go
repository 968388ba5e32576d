package ir

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"msrepl/tensor"
)

// SourceLine returns line (1-based) of the named file, for the "# In file"
// lines of a dump; ok is false when the source is not known.
type SourceLine func(file string, line int) (text string, ok bool)

// Print writes g and the graphs it runs in MindIR's text layout (reference
// §4.3), so that a MindSpore user can read it: the entry's parameters
// first as %para<k>_<name>, then each graph as "subgraph @name(...) {",
// one node per line with its type line beneath and, where source is
// known, its "# In file" line. If and While, which MindIR spells with
// Switch and Partial, are written in their structured form:
// If(%cond, @then, @else, args...) and While(@cond, @body, carried...).
func Print(w io.Writer, g *FuncGraph, src SourceLine) error {
	return PrintFused(w, g, src, nil)
}

// PrintFused is Print with the fused groups of fusion marked: a comment
// under each member names its group's step and where the step runs.
func PrintFused(w io.Writer, g *FuncGraph, src SourceLine, fusion *Fusion) error {
	p := &printer{w: w, src: src, params: map[*Node]string{}, fusion: fusion}
	subs := g.Subgraphs()
	p.printf("# IR entry: @%s\n# Total subgraphs: %d\n", g.Name, 1+len(subs))
	p.printf("# Total params: %d\n# Params:\n", len(g.Params)+len(g.Weights))
	for _, n := range g.Params {
		p.printf("%s: %s\n", p.param(n), n.Abs)
	}
	for _, n := range g.Weights {
		t := n.Abs.(TensorAbs)
		p.printf("%s: <Ref[Tensor[%v]], %v, ref_key=%s>  :  has_default\n", p.param(n), t.DType, t.Shape, n.Name)
	}
	for i, f := range append([]*FuncGraph{g}, subs...) {
		p.graph(f, i == 0)
	}
	return p.err
}

type printer struct {
	w      io.Writer
	src    SourceLine
	params map[*Node]string // %para<k>_<name>, numbered in order of first print
	local  map[*Node]string // %<i> within the graph being printed
	fusion *Fusion
	err    error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) param(n *Node) string {
	if s, ok := p.params[n]; ok {
		return s
	}
	s := fmt.Sprintf("%%para%d_%s", len(p.params)+1, n.Name)
	p.params[n] = s
	return s
}

func (p *printer) graph(g *FuncGraph, entry bool) {
	p.printf("\nsubgraph attr:\nsubgraph instance: %s\n", g.Name)
	if !entry {
		types := make([]string, len(g.Params))
		for i, n := range g.Params {
			types[i] = n.Abs.String()
		}
		p.printf("# Parameters: %d, (%s)\n", len(g.Params), strings.Join(types, ", "))
	}
	p.inFile(g.Span, "")
	params := ""
	if !entry {
		names := make([]string, len(g.Params))
		for i, n := range g.Params {
			names[i] = p.param(n)
		}
		params = strings.Join(names, ", ")
	}
	p.printf("subgraph @%s(%s) {\n", g.Name, params)
	p.local = map[*Node]string{}
	at := map[*FusedGroup]int{}
	for i, n := range g.Nodes {
		if grp := p.fusion.Group(n); grp != nil {
			at[grp] = i
		}
	}
	for i, n := range g.Nodes {
		p.local[n] = "%" + strconv.Itoa(i)
		p.printf("  %%%d(%s) = %s\n", i, debugName(n), p.expr(n))
		p.printf("      : (%s) -> (%s)\n", p.inputTypes(n), n.Abs)
		if grp := p.fusion.Group(n); grp != nil {
			p.printf("      # Fused step %d (%d nodes, run as one at %%%d): %s\n",
				p.fusion.Step(grp), len(grp.Nodes), at[grp], grp.Prim.Name)
		}
		if partner, first := p.fusion.Alongside(n); partner != nil {
			at := i + 1
			if !first {
				at = i - 1
			}
			p.printf("      # Runs alongside %%%d, on another core\n", at)
		}
		if n.Forward != nil {
			p.printf("      # Corresponding forward node candidate: %s\n", debugName(n.Forward))
		}
		p.inFile(n.Span, "    ")
	}
	if g.Output != nil {
		p.printf("  Return(%s)\n      : (%s)\n", p.ref(g.Output), g.Output.Abs)
	}
	p.printf("}\n")
}

// debugName is MindIR's name of a computed node: CNode_<id>, with the
// source variable after a $.
func debugName(n *Node) string {
	s := "CNode_" + strconv.Itoa(n.ID)
	if n.Name != "" {
		s += "$" + n.Name
	}
	return s
}

func (p *printer) expr(n *Node) string {
	args := make([]string, 0, len(n.Inputs)+2)
	switch n.Kind {
	case Apply:
		for _, in := range n.Inputs {
			args = append(args, p.ref(in))
		}
		s := "PrimFunc_" + n.Prim.Name + "(" + strings.Join(args, ", ") + ")"
		if len(n.Attrs) > 0 {
			s += " primitive_attrs: {" + attrString(n.Attrs) + "}"
		}
		return s
	case GetItem:
		return fmt.Sprintf("TupleGetItem(%s, I64(%d))", p.ref(n.Inputs[0]), n.Index)
	case MakeTuple:
		for _, in := range n.Inputs {
			args = append(args, p.ref(in))
		}
		return "MakeTuple(" + strings.Join(args, ", ") + ")"
	case Call:
		for _, in := range n.Inputs {
			args = append(args, p.ref(in))
		}
		return "@" + n.Graphs[0].Name + "(" + strings.Join(args, ", ") + ")"
	case If:
		args = append(args, p.ref(n.Inputs[0]), "@"+n.Graphs[0].Name, "@"+n.Graphs[1].Name)
		for _, in := range n.Inputs[1:] {
			args = append(args, p.ref(in))
		}
		return "If(" + strings.Join(args, ", ") + ")"
	case While:
		args = append(args, "@"+n.Graphs[0].Name, "@"+n.Graphs[1].Name)
		for _, in := range n.Inputs {
			args = append(args, p.ref(in))
		}
		return "While(" + strings.Join(args, ", ") + ")"
	}
	return n.Kind.String()
}

// ref is how a node is written as an input: a parameter's name, a
// constant's value, or a computed node's %i.
func (p *printer) ref(n *Node) string {
	switch n.Kind {
	case Param, Weight:
		return p.param(n)
	case Const:
		return constString(n.Value)
	}
	if s, ok := p.local[n]; ok {
		return s
	}
	return fmt.Sprintf("<node %d of @%s>", n.ID, n.Graph.Name)
}

func (p *printer) inputTypes(n *Node) string {
	types := make([]string, len(n.Inputs))
	for i, in := range n.Inputs {
		types[i] = in.Abs.String()
	}
	return strings.Join(types, ", ")
}

// inFile writes MindIR's source line: "# In file f:L[~L2], C1~C2/text/",
// with 0-based columns and the end exclusive.
func (p *printer) inFile(s Span, indent string) {
	if !s.Start.IsValid() {
		return
	}
	file := *s.Start.File
	lines := strconv.Itoa(int(s.Start.Line))
	if s.End.IsValid() && s.End.Line != s.Start.Line {
		lines += "~" + strconv.Itoa(int(s.End.Line))
	}
	cols := strconv.Itoa(int(s.Start.Col) - 1)
	if s.End.IsValid() {
		cols += "~" + strconv.Itoa(int(s.End.Col)-1)
	}
	text := ""
	if p.src != nil {
		if t, ok := p.src(file, int(s.Start.Line)); ok {
			text = t
		}
	}
	p.printf("%s  # In file %s:%s, %s/%s/\n", indent, file, lines, cols, text)
}

// constString writes a constant as MindIR does: I64(1), F64(0.5), Bool(1),
// "text", None, Tensor(shape=[...], dtype=..., value=...).
func constString(v any) string {
	switch v := v.(type) {
	case *tensor.Tensor:
		return v.Repr()
	case bool:
		if v {
			return "Bool(1)"
		}
		return "Bool(0)"
	case int64:
		return "I64(" + strconv.FormatInt(v, 10) + ")"
	case float64:
		return "F64(" + strconv.FormatFloat(v, 'g', -1, 64) + ")"
	case string:
		return strconv.Quote(v)
	case nil:
		return "None"
	}
	return fmt.Sprint(v)
}

// attrString writes attributes sorted by name, as "axis: I64(1), ...".
func attrString(a map[string]any) string {
	names := make([]string, 0, len(a))
	for k := range a {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + ": " + attrValue(a[k])
	}
	return strings.Join(parts, ", ")
}

func attrValue(v any) string {
	switch v := v.(type) {
	case int:
		if tensor.IsSymbolic(v) {
			return tensor.DimString(v)
		}
		return constString(int64(v))
	case []int:
		items := make([]string, len(v))
		for i, x := range v {
			items[i] = tensor.DimString(x)
		}
		return "(" + strings.Join(items, ", ") + ")"
	case tensor.Shape:
		return v.String()
	case tensor.DType:
		return v.String()
	}
	return constString(v)
}

// Compact writes g and its subgraphs one line per node, for reading a
// graph at a glance and for tests: "%3 = Mul(%1, x) : Tensor[Float32](2, 3)".
func Compact(w io.Writer, g *FuncGraph) error {
	p := &printer{w: w, params: map[*Node]string{}}
	for _, f := range append([]*FuncGraph{g}, g.Subgraphs()...) {
		p.local = map[*Node]string{}
		names := make([]string, 0, len(f.Params)+len(f.Weights))
		for _, n := range append(append([]*Node(nil), f.Params...), f.Weights...) {
			p.params[n] = n.Name
			names = append(names, n.Name)
		}
		p.printf("@%s(%s) {\n", f.Name, strings.Join(names, ", "))
		for i, n := range f.Nodes {
			p.local[n] = "%" + strconv.Itoa(i)
			expr := strings.TrimPrefix(p.expr(n), "PrimFunc_")
			p.printf("  %%%d = %s : %s\n", i, expr, compactType(n.Abs))
		}
		if f.Output != nil {
			p.printf("  return %s\n", p.ref(f.Output))
		}
		p.printf("}\n")
	}
	return p.err
}

// compactType is a type without MindIR's brackets: "Tensor[Float32](2, 3)".
func compactType(a Abstract) string {
	if t, ok := a.(TensorAbs); ok {
		return fmt.Sprintf("Tensor[%v]%v", t.DType, t.Shape)
	}
	return strings.TrimSuffix(strings.TrimPrefix(a.String(), "<"), ">")
}
