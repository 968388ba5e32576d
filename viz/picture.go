// Package viz draws compiled graphs: an ir.FuncGraph and the graphs it
// runs become a picture (nodes, edges, clusters), written as DOT, laid out
// by Graphviz and drawn as SVG or PNG. Gradient graphs show each backward
// node tied to the forward node it came from.
//
// viz reads graphs and never changes or runs them, and it knows nothing of
// the interpreter: what a picture is called and where it is shown are the
// caller's business.
package viz

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"msrepl/graphmode/ir"
	"msrepl/tensor"
)

// DefaultMaxNodes is how many nodes a picture shows unless told
// otherwise: past it, subgraphs and then source lines are collapsed.
const DefaultMaxNodes = 300

// Options say what a picture shows.
type Options struct {
	// MaxNodes bounds the nodes drawn: 0 means DefaultMaxNodes, a
	// negative number no bound.
	MaxNodes int
	// Collapse draws every subgraph (If and While bodies, calls) as one
	// node.
	Collapse bool
	// Source gives the text of a source line, for the tooltips.
	Source ir.SourceLine
	// OutputNames name the elements of the entry graph's output tuple,
	// such as ∇x for a gradient graph's.
	OutputNames []string
	// Fusion, when set, draws each fused group (passes.Fuse) as a cluster
	// of its members, named as %ir names the step.
	Fusion *ir.Fusion
}

// A Picture is a graph ready to lay out: its DOT text, and what was left
// out to keep it legible.
type Picture struct {
	Name string
	// DOT is the picture in Graphviz's language, with the text IR's
	// names: CNode_<id> for computed nodes, %para<k>_<name> for inputs.
	DOT []byte
	// Nodes is how many IR nodes the graphs have, Drawn how many nodes
	// the picture has after collapsing.
	Nodes, Drawn int
	// Note says what was collapsed, or is empty.
	Note string

	once   sync.Once // lays the picture out once, for every format
	laid   *layout
	layErr error
}

// Node kinds as SVG classes, so that a page or a test can find them.
const (
	classParam     = "param"
	classWeight    = "weight"
	classOp        = "op"
	classControl   = "control"
	classReturn    = "return"
	classGhost     = "ghost"
	classCollapsed = "collapsed"
	classBackward  = "backward"
	classFused     = "fused"
	// classRef marks a reference to an input drawn elsewhere: not an IR
	// node of its own.
	classRef = "ref"
)

// vnode is a node of the picture.
type vnode struct {
	name    string // the DOT name, also the SVG group's id
	classes []string
	label   string // an HTML-like label
	tooltip string
	attrs   string // shape and colours
	ref     *vnode // the node a reference stands for
}

type vedge struct {
	from, to *vnode
	class    string
	label    string
	attrs    string
}

type cluster struct {
	name, label string
	nodes       []*vnode
	subs        []*cluster
	fused       bool // a fused step's members, not a graph
}

// builder turns a graph family into a picture.
type builder struct {
	opt    Options
	params map[*ir.Node]string // %para<k>_<name>, numbered as the text IR numbers them
	// at is where each IR node is drawn: its own node, or the node that
	// stands for a collapsed subgraph or source line.
	at        map[*ir.Node]*vnode
	nodes     []*vnode
	edges     []vedge
	edgeSeen  map[[2]*vnode]bool
	ghosts    map[*ir.Node]*vnode
	collapsed map[*ir.FuncGraph]bool
	group     map[*ir.Node]*lineGroup // entry nodes folded with others of their line
	notes     []string
	// budget, when not 0, is how many nodes the picture may have: the
	// entry's nodes past it are not drawn (dropped counts them).
	budget    int
	dropped   int
	graphVN   map[*ir.FuncGraph]*vnode // a collapsed subgraph's node
	drawnSubs map[*ir.FuncGraph]bool
	caption   string // what was collapsed
	// uses counts each input's readers; an input read more than
	// maxSpread times is drawn again, as a small reference, beside each
	// reader (see reference).
	uses map[*ir.Node]int
	refs map[[2]*vnode]*vnode // the reference to an input beside a reader
	cur  *cluster             // the cluster being drawn
}

// maxSpread is how many readers an input may have before each reader
// gets a reference of its own: a weight read by every step of an unrolled
// loop would otherwise pull an edge through the whole picture, which
// makes Graphviz's layout quadratic and the picture unreadable.
const maxSpread = 4

// Draw makes the picture of g and the graphs it runs.
func Draw(g *ir.FuncGraph, opt Options) *Picture {
	if opt.MaxNodes == 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	b := &builder{
		opt:       opt,
		params:    map[*ir.Node]string{},
		at:        map[*ir.Node]*vnode{},
		edgeSeen:  map[[2]*vnode]bool{},
		ghosts:    map[*ir.Node]*vnode{},
		collapsed: map[*ir.FuncGraph]bool{},
		group:     map[*ir.Node]*lineGroup{},
		graphVN:   map[*ir.FuncGraph]*vnode{},
		drawnSubs: map[*ir.FuncGraph]bool{},
	}
	b.numberParams(g)
	b.uses, b.refs = map[*ir.Node]int{}, map[[2]*vnode]*vnode{}
	for _, f := range append([]*ir.FuncGraph{g}, g.Subgraphs()...) {
		for _, n := range f.Nodes {
			for _, in := range n.Inputs {
				b.uses[in]++
			}
		}
	}
	total := familySize(g)
	b.plan(g)
	root := b.graph(g, true)
	b.caption = b.captionText(g, total)
	b.originLinks(g)
	pic := &Picture{Name: g.Name, Nodes: total, Drawn: len(b.nodes), Note: b.caption}
	pic.DOT = b.dot(g, root)
	return pic
}

// numberParams names inputs as the text IR does: the entry's parameters
// and weights, then each subgraph's parameters, in printing order.
func (b *builder) numberParams(g *ir.FuncGraph) {
	add := func(n *ir.Node) {
		if _, ok := b.params[n]; !ok {
			b.params[n] = fmt.Sprintf("%%para%d_%s", len(b.params)+1, n.Name)
		}
	}
	for _, n := range g.Params {
		add(n)
	}
	for _, n := range g.Weights {
		add(n)
	}
	for _, s := range g.Subgraphs() {
		for _, n := range s.Params {
			add(n)
		}
	}
}

// graphSize counts a graph's own nodes: parameters, weights, computed
// nodes and its output.
func graphSize(g *ir.FuncGraph) int {
	n := len(g.Params) + len(g.Weights) + len(g.Nodes)
	if g.Output != nil {
		n++
	}
	return n
}

// familySize counts the nodes of g and everything it runs.
func familySize(g *ir.FuncGraph) int {
	n := graphSize(g)
	for _, s := range g.Subgraphs() {
		n += graphSize(s)
	}
	return n
}

// subtreeSize counts the nodes drawn for a subgraph and the subgraphs it
// runs that are still expanded.
func (b *builder) subtreeSize(g *ir.FuncGraph, seen map[*ir.FuncGraph]bool) int {
	n := graphSize(g)
	for _, m := range g.Nodes {
		for _, s := range m.Graphs {
			if seen[s] {
				continue
			}
			seen[s] = true
			if b.collapsed[s] {
				n++
			} else {
				n += b.subtreeSize(s, seen)
			}
		}
	}
	return n
}

// plan decides what to collapse to stay within MaxNodes: first the
// biggest subgraphs, then the entry graph's busiest source lines, and
// as a last resort the entry's nodes past the bound are not drawn.
func (b *builder) plan(g *ir.FuncGraph) {
	subs := g.Subgraphs()
	if b.opt.Collapse {
		for _, s := range subs {
			b.collapsed[s] = true
		}
	}
	limit := b.opt.MaxNodes
	size := func() int { return b.subtreeSize(g, map[*ir.FuncGraph]bool{g: true}) }
	var notes []string
	if limit > 0 {
		for size() > limit {
			var best *ir.FuncGraph
			bestSize := 1
			for _, s := range subs {
				if b.collapsed[s] || !b.reachable(g, s) {
					continue
				}
				if n := b.subtreeSize(s, map[*ir.FuncGraph]bool{s: true}); n > bestSize {
					best, bestSize = s, n
				}
			}
			if best == nil {
				break
			}
			b.collapsed[best] = true
			notes = append(notes, fmt.Sprintf("%s (%d nodes)", best.Name, bestSize))
		}
		if over := size() - limit; over > 0 {
			notes = append(notes, b.collapseLines(g, over)...)
		}
		if size()-b.foldedByLines() > limit {
			b.budget = limit
		}
	}
	b.notes = notes
}

// caption says what was collapsed or left out, or is empty.
func (b *builder) captionText(g *ir.FuncGraph, total int) string {
	notes := b.notes
	if b.dropped > 0 {
		notes = append(notes, fmt.Sprintf("the last %d nodes of @%s not drawn", b.dropped, g.Name))
	}
	if len(notes) == 0 {
		return ""
	}
	return fmt.Sprintf("%d nodes in all; collapsed to stay under %d: %s", total, b.opt.MaxNodes, strings.Join(notes, ", "))
}

// reachable reports whether s is drawn expanded's parent chain: a
// subgraph inside a collapsed one is not drawn at all.
func (b *builder) reachable(g, s *ir.FuncGraph) bool {
	var walk func(f *ir.FuncGraph) bool
	seen := map[*ir.FuncGraph]bool{}
	walk = func(f *ir.FuncGraph) bool {
		for _, n := range f.Nodes {
			for _, c := range n.Graphs {
				if c == s {
					return true
				}
				if !seen[c] && !b.collapsed[c] {
					seen[c] = true
					if walk(c) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(g)
}

// A lineGroup is a run of consecutive entry nodes from one source line,
// drawn as one node.
type lineGroup struct {
	line    int32
	members []*ir.Node
}

// collapseLines folds runs of consecutive entry nodes that come from one
// source line, in chunks as small as saves over nodes, so that an
// unrolled loop keeps its shape: each iteration's ops of the line become
// one node rather than the whole loop.
func (b *builder) collapseLines(g *ir.FuncGraph, over int) []string {
	var runs [][]*ir.Node
	for i, n := range g.Nodes {
		if !n.Span.Start.IsValid() || len(n.Graphs) > 0 {
			continue
		}
		if i > 0 && len(runs) > 0 {
			last := runs[len(runs)-1]
			if prev := last[len(last)-1]; prev == g.Nodes[i-1] && prev.Span.Start.Line == n.Span.Start.Line {
				runs[len(runs)-1] = append(last, n)
				continue
			}
		}
		runs = append(runs, []*ir.Node{n})
	}
	longest := 0
	for _, r := range runs {
		longest = max(longest, len(r))
	}
	saving := func(k int) int {
		saved := 0
		for _, r := range runs {
			saved += len(r) - (len(r)+k-1)/k
		}
		return saved
	}
	k := 2
	for k < longest && saving(k) < over {
		k++
	}
	var lines []int32
	groups := 0
	for _, r := range runs {
		for start := 0; start < len(r); start += k {
			chunk := r[start:min(start+k, len(r))]
			if len(chunk) < 2 {
				continue
			}
			grp := &lineGroup{line: chunk[0].Span.Start.Line, members: chunk}
			for _, n := range chunk {
				b.group[n] = grp
			}
			groups++
			if !slices.Contains(lines, grp.line) {
				lines = append(lines, grp.line)
			}
		}
	}
	if groups == 0 {
		return nil
	}
	slices.Sort(lines)
	var names []string
	for i, l := range lines {
		if i == 5 && len(lines) > 6 {
			names = append(names, "…")
			break
		}
		names = append(names, strconv.Itoa(int(l)))
	}
	return []string{fmt.Sprintf("%d runs of up to %d nodes of one source line of @%s (line %s)", groups, k, g.Name, strings.Join(names, ", "))}
}

// foldedByLines is how many nodes folding source lines saved.
func (b *builder) foldedByLines() int {
	saved := map[*lineGroup]bool{}
	n := 0
	for _, grp := range b.group {
		if !saved[grp] {
			saved[grp] = true
			n += len(grp.members) - 1
		}
	}
	return n
}

func (b *builder) add(n *vnode) *vnode {
	b.nodes = append(b.nodes, n)
	return n
}

func (b *builder) edge(from, to *vnode, class, label, attrs string) {
	if from == nil || to == nil || from == to {
		return
	}
	key := [2]*vnode{from, to}
	if label == "" && b.edgeSeen[key] {
		return
	}
	b.edgeSeen[key] = true
	b.edges = append(b.edges, vedge{from, to, class, label, attrs})
}

// graph draws g's nodes into a cluster (the entry's is the root) and
// returns it.
func (b *builder) graph(g *ir.FuncGraph, entry bool) *cluster {
	c := &cluster{name: g.Name, label: g.Name}
	outer := b.cur
	b.cur = c
	defer func() { b.cur = outer }()
	for _, p := range g.Params {
		c.nodes = append(c.nodes, b.input(p, classParam))
	}
	for _, w := range g.Weights {
		c.nodes = append(c.nodes, b.input(w, classWeight))
	}
	lineNodes := map[*lineGroup]*vnode{}
	fused := map[*ir.FusedGroup]*cluster{}
	drawn := len(g.Nodes)
	pending := map[[2]any]bool{}
	for i, n := range g.Nodes {
		// The return is drawn whatever the budget.
		// References are drawn after the loop; pending counts them ahead.
		target := lineNodes[b.group[n]]
		fresh := b.newReferences(n, target, pending)
		if entry && b.budget > 0 && len(b.nodes)+len(pending)+fresh >= b.budget-1 && (target == nil || fresh > 0) {
			drawn, b.dropped = i, len(g.Nodes)-i
			break
		}
		var at any = n
		if target != nil {
			at = target
		}
		for _, in := range n.Inputs {
			if b.spread(in) {
				pending[[2]any{in, at}] = true
			}
		}
		if grp := b.group[n]; grp != nil {
			v := lineNodes[grp]
			if v == nil {
				v = b.add(b.lineNode(g, grp))
				lineNodes[grp] = v
				c.nodes = append(c.nodes, v)
			}
			b.at[n] = v
			continue
		}
		v := b.add(b.computed(n))
		b.at[n] = v
		if grp := b.opt.Fusion.Group(n); grp != nil {
			v.classes = append(v.classes, classFused)
			fc := fused[grp]
			if fc == nil {
				step := b.opt.Fusion.Step(grp)
				fc = &cluster{name: "fused" + strconv.Itoa(step), label: fmt.Sprintf("fused step %d: %s", step, grp.Prim.Name), fused: true}
				fused[grp] = fc
				c.subs = append(c.subs, fc)
			}
			fc.nodes = append(fc.nodes, v)
		} else {
			c.nodes = append(c.nodes, v)
		}
		for _, s := range n.Graphs {
			c.subs = append(c.subs, b.subgraph(s)...)
		}
	}
	var names []string
	if entry && g.Output != nil && g.Output.Kind == ir.MakeTuple && len(g.Output.Inputs) == len(b.opt.OutputNames) {
		names = b.opt.OutputNames
	}
	for _, n := range g.Nodes[:drawn] {
		if n == g.Output {
			b.inputs(n, names)
		} else {
			b.inputs(n, nil)
		}
	}
	if g.Output != nil {
		out := b.add(b.output(g, entry))
		c.nodes = append(c.nodes, out)
		label := ""
		if entry && names == nil && len(b.opt.OutputNames) == 1 {
			label = b.opt.OutputNames[0]
		}
		b.edge(b.source(g.Output), out, "data", label, "")
	}
	return c
}

// subgraph draws a graph a node runs: a cluster, or one node when
// collapsed; each graph once, however many nodes run it.
func (b *builder) subgraph(s *ir.FuncGraph) []*cluster {
	if b.drawnSubs[s] {
		return nil
	}
	b.drawnSubs[s] = true
	if b.collapsed[s] {
		size := b.subtreeSize(s, map[*ir.FuncGraph]bool{s: true})
		v := b.add(&vnode{
			name:    "graph_" + s.Name,
			classes: []string{classCollapsed},
			label:   fmt.Sprintf("<B>%s</B><BR/><FONT POINT-SIZE=\"10\">%d nodes, collapsed</FONT>", esc(s.Name), size),
			tooltip: s.Name + b.where(s.Span),
			attrs:   `shape=box3d style=filled fillcolor="#efe6fb"`,
		})
		b.graphVN[s] = v
		return []*cluster{{name: s.Name, label: s.Name, nodes: []*vnode{v}}}
	}
	return []*cluster{b.graph(s, false)}
}

// source is the picture node an IR node's value comes from, nil for a
// constant (folded into its users' labels) or a node not drawn.
func (b *builder) source(n *ir.Node) *vnode {
	if v, ok := b.at[n]; ok {
		return v
	}
	if n.Graph != nil && b.collapsed[n.Graph] {
		return b.graphVN[n.Graph]
	}
	return nil
}

// inputs draws n's incoming edges, labelled with names if given, and,
// for a node running subgraphs, the bindings of its arguments to their
// parameters and of their outputs back to it.
func (b *builder) inputs(n *ir.Node, names []string) {
	to := b.at[n]
	for i, in := range n.Inputs {
		label := ""
		if i < len(names) {
			label = names[i]
		}
		from := b.source(in)
		if b.spread(in) && from != nil {
			from = b.reference(from, to)
		}
		b.edge(from, to, "data", label, "")
	}
	args := n.Inputs
	if n.Kind == ir.If {
		args = args[1:]
	}
	for _, s := range n.Graphs {
		if v := b.graphVN[s]; v != nil {
			for _, a := range args {
				b.edge(b.source(a), v, "bind", "", `style=dotted color="#888888"`)
			}
			b.edge(v, to, "bind", "", `style=dotted color="#888888"`)
			continue
		}
		for i, p := range s.Params {
			if i < len(args) {
				b.edge(b.source(args[i]), b.at[p], "bind", "", `style=dotted color="#888888"`)
			}
		}
		if s.Output != nil {
			b.edge(b.source(s.Output), to, "bind", "", `style=dotted color="#888888"`)
		}
	}
}

// newReferences counts the references drawing n into target (a new
// node when nil) will add to those pending.
func (b *builder) newReferences(n *ir.Node, target *vnode, pending map[[2]any]bool) int {
	fresh := map[*ir.Node]bool{}
	for _, in := range n.Inputs {
		if b.spread(in) && (target == nil || !pending[[2]any{in, target}]) {
			fresh[in] = true
		}
	}
	return len(fresh)
}

// spread reports whether an input has too many readers to be drawn with
// an edge to each.
func (b *builder) spread(in *ir.Node) bool {
	return (in.Kind == ir.Param || in.Kind == ir.Weight) && b.uses[in] > maxSpread
}

// reference draws a small copy of the input from, read by to, beside to.
func (b *builder) reference(from, to *vnode) *vnode {
	key := [2]*vnode{from, to}
	if v, ok := b.refs[key]; ok {
		return v
	}
	v := b.add(&vnode{
		name:    from.name + "@" + to.name,
		classes: []string{classRef},
		label:   `<FONT POINT-SIZE="10">` + esc(from.name) + "</FONT>",
		tooltip: from.tooltip,
		attrs:   `shape=box style="rounded,filled,dashed" fillcolor="#f3faf2" color="#88aa88" height=0.2`,
		ref:     from,
	})
	b.cur.nodes = append(b.cur.nodes, v)
	b.refs[key] = v
	return v
}

// originLinks ties each backward node to the forward node it came from
// with a dashed edge; a forward node the passes removed is drawn as a
// ghost, so the link still says where the gradient came from.
func (b *builder) originLinks(g *ir.FuncGraph) {
	for _, f := range append([]*ir.FuncGraph{g}, g.Subgraphs()...) {
		for _, n := range f.Nodes {
			if n.Forward == nil {
				continue
			}
			from := b.at[n]
			if from == nil {
				continue
			}
			to := b.source(n.Forward)
			if to == nil {
				to = b.ghost(n.Forward)
			}
			b.edge(from, to, "origin", "", `style=dashed color="#d9730d" arrowhead=none constraint=false`)
		}
	}
}

func (b *builder) ghost(n *ir.Node) *vnode {
	if v, ok := b.ghosts[n]; ok {
		return v
	}
	what := n.Kind.String()
	if n.Kind == ir.Apply {
		what = n.Prim.Name
	}
	v := b.add(&vnode{
		name:    debugName(n),
		classes: []string{classGhost},
		label:   fmt.Sprintf("<I>%s</I><BR/><FONT POINT-SIZE=\"9\">forward, optimized away</FONT>", esc(what)),
		tooltip: debugName(n) + " = " + what + ", removed by the passes after the gradient was taken" + b.where(n.Span),
		attrs:   `shape=box style="rounded,dashed" color="#888888" fontcolor="#666666"`,
	})
	b.ghosts[n] = v
	return v
}

func (b *builder) input(n *ir.Node, class string) *vnode {
	name := b.params[n]
	kind := "parameter"
	attrs := `shape=ellipse style=filled fillcolor="#e3f2e1"`
	if class == classWeight {
		kind = "weight"
		attrs = `shape=cylinder style=filled fillcolor="#fff1c2"`
	}
	shown := n.Name
	if shown == "" {
		shown = name
	}
	v := b.add(&vnode{
		name:    name,
		classes: []string{class},
		label:   fmt.Sprintf("<B>%s</B><BR/><FONT POINT-SIZE=\"10\">%s</FONT>", esc(shown), esc(typeLabel(n.Abs))),
		tooltip: fmt.Sprintf("%s: %s %s%s", name, kind, n.Abs, b.where(n.Span)),
		attrs:   attrs,
	})
	b.at[n] = v
	return v
}

// computed draws an application, a tuple, an element or control flow.
func (b *builder) computed(n *ir.Node) *vnode {
	head := n.Kind.String()
	attrs := `shape=box style="rounded,filled" fillcolor="#dcebf9"`
	classes := []string{classOp}
	switch n.Kind {
	case ir.Apply:
		head = n.Prim.Name
	case ir.GetItem:
		head = "[" + strconv.Itoa(n.Index) + "]"
		attrs = `shape=box style="rounded,filled" fillcolor="#f4f4f4"`
	case ir.MakeTuple:
		attrs = `shape=box style="rounded,filled" fillcolor="#f4f4f4"`
	case ir.If, ir.While, ir.Call:
		classes = []string{classControl}
		attrs = `shape=hexagon style=filled fillcolor="#efe6fb"`
		names := make([]string, len(n.Graphs))
		for i, s := range n.Graphs {
			names[i] = s.Name
		}
		head += " " + strings.Join(names, " ")
	}
	if n.Forward != nil {
		classes = append(classes, classBackward)
		attrs = strings.Replace(attrs, `fillcolor="#dcebf9"`, `fillcolor="#fde3c8" color="#d9730d"`, 1)
	}
	label := "<B>" + esc(head) + "</B>"
	if n.Name != "" {
		label += ` <FONT COLOR="#666666">$` + esc(n.Name) + "</FONT>"
	}
	if consts := b.constArgs(n); consts != "" {
		label += `<BR/><FONT POINT-SIZE="9" COLOR="#444444">` + esc(consts) + "</FONT>"
	}
	label += `<BR/><FONT POINT-SIZE="10">` + esc(typeLabel(n.Abs)) + "</FONT>"
	tip := debugName(n) + " = " + head
	if n.Forward != nil {
		tip += ", gradient of " + debugName(n.Forward)
	}
	return &vnode{name: debugName(n), classes: classes, label: label, tooltip: tip + b.where(n.Span), attrs: attrs}
}

// constArgs is the argument list of a node that reads constants, the
// constants written out and the other arguments as dots: "(•, 2.0)".
func (b *builder) constArgs(n *ir.Node) string {
	has := false
	args := make([]string, len(n.Inputs))
	for i, in := range n.Inputs {
		if in.Kind == ir.Const {
			has = true
			args[i] = constLabel(in.Value)
		} else {
			args[i] = "•"
		}
	}
	if !has {
		return ""
	}
	return "(" + strings.Join(args, ", ") + ")"
}

func (b *builder) lineNode(g *ir.FuncGraph, grp *lineGroup) *vnode {
	var prims []string
	for _, n := range grp.members {
		if n.Kind == ir.Apply && !slices.Contains(prims, n.Prim.Name) && len(prims) < 4 {
			prims = append(prims, n.Prim.Name)
		}
	}
	first := grp.members[0]
	file := *first.Span.Start.File
	text := ""
	if b.opt.Source != nil {
		if t, ok := b.opt.Source(file, int(grp.line)); ok {
			text = strings.TrimSpace(t)
		}
	}
	count := len(grp.members)
	label := fmt.Sprintf("<B>line %d</B><BR/><FONT POINT-SIZE=\"10\">%d nodes: %s</FONT>", grp.line, count, esc(strings.Join(prims, ", ")))
	return &vnode{
		name:    fmt.Sprintf("line%d_%s", grp.line, debugName(first)),
		classes: []string{classCollapsed},
		label:   label,
		tooltip: fmt.Sprintf("%s:%d: %s (%d nodes collapsed, from %s)", file, grp.line, text, count, debugName(first)),
		attrs:   `shape=box3d style=filled fillcolor="#dcebf9"`,
	}
}

func (b *builder) output(g *ir.FuncGraph, entry bool) *vnode {
	label := "<B>return</B>"
	if entry && len(b.opt.OutputNames) > 0 {
		label += `<BR/><FONT POINT-SIZE="10">` + esc(strings.Join(b.opt.OutputNames, ", ")) + "</FONT>"
	}
	return &vnode{
		name:    "return_" + g.Name,
		classes: []string{classReturn},
		label:   label,
		tooltip: "Return of @" + g.Name + ": " + g.Output.Abs.String(),
		attrs:   `shape=box style="rounded,filled" fillcolor="#eeeeee"`,
	}
}

// where is a tooltip's source position: " at file:line:col: text".
func (b *builder) where(s ir.Span) string {
	if !s.Start.IsValid() {
		return ""
	}
	file := *s.Start.File
	out := fmt.Sprintf("\n%s:%d:%d", file, s.Start.Line, s.Start.Col)
	if b.opt.Source != nil {
		if t, ok := b.opt.Source(file, int(s.Start.Line)); ok {
			out += ": " + strings.TrimSpace(t)
		}
	}
	return out
}

// debugName is the text IR's name of a computed node.
func debugName(n *ir.Node) string {
	s := "CNode_" + strconv.Itoa(n.ID)
	if n.Name != "" {
		s += "$" + n.Name
	}
	return s
}

// typeLabel is a value's type as a short label: Float32[s1, 3], (Float32[2], Int64[]), Bool.
func typeLabel(a ir.Abstract) string {
	switch a := a.(type) {
	case ir.TensorAbs:
		return a.DType.String() + a.Shape.ListString()
	case ir.TupleAbs:
		elems := make([]string, len(a.Elems))
		for i, e := range a.Elems {
			elems[i] = typeLabel(e)
		}
		return "(" + strings.Join(elems, ", ") + ")"
	case ir.ScalarAbs:
		return a.Kind.String()
	}
	return strings.TrimSuffix(strings.TrimPrefix(a.String(), "<"), ", NoShape>")
}

// constLabel writes a folded constant briefly: 2.0, True, "s", None, or
// a tensor's dtype and shape (its value too when it has one element).
func constLabel(v any) string {
	switch v := v.(type) {
	case *tensor.Tensor:
		if v.Size() == 1 {
			return strconv.FormatFloat(v.Float(0), 'g', 6, 64)
		}
		return v.DType().String() + v.Shape().ListString()
	case bool:
		if v {
			return "True"
		}
		return "False"
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', 6, 64)
	case string:
		return strconv.Quote(v)
	case nil:
		return "None"
	}
	return fmt.Sprint(v)
}
