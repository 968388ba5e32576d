package viz

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"msrepl/graphmode/ir"
)

// Fonts: Graphviz sizes boxes with its table of Helvetica's widths, which
// Arial and Liberation Sans share, so the text fits wherever one of them
// draws it: the layout names Helvetica, the SVG the family.
const (
	layoutFont = "Helvetica"
	fontFamily = "Helvetica,Arial,Liberation Sans,sans-serif"
)

// dot writes the picture in Graphviz's language.
func (b *builder) dot(g *ir.FuncGraph, root *cluster) []byte {
	var w bytes.Buffer
	fmt.Fprintf(&w, "digraph %s {\n", quote(g.Name))
	fmt.Fprintf(&w, "  graph [fontname=%s fontsize=11 compound=true newrank=true nodesep=0.3 ranksep=0.35 bgcolor=white", quote(layoutFont))
	if len(b.nodes) > bigPicture {
		// Network simplex dominates a big layout: a shorter search for
		// the edge to pivot on costs it little and saves a quarter.
		w.WriteString(" searchsize=10")
	}
	if note := b.caption; note != "" {
		fmt.Fprintf(&w, " label=%s labelloc=b labeljust=l fontcolor=\"#666666\"", quote(note))
	}
	w.WriteString("]\n")
	fmt.Fprintf(&w, "  node [fontname=%s fontsize=12 margin=\"0.12,0.04\" height=0.3 penwidth=0.8]\n", quote(layoutFont))
	fmt.Fprintf(&w, "  edge [fontname=%s fontsize=10 color=\"#555555\" arrowsize=0.6 penwidth=0.8]\n", quote(layoutFont))
	for _, n := range root.nodes {
		writeNode(&w, n, "  ")
	}
	for _, c := range root.subs {
		writeCluster(&w, c, "  ")
	}
	for _, e := range b.edges {
		// The tooltip names the edge's ends, a reference by what it
		// stands for; it becomes the SVG edge's <title>.
		from := e.from
		if from.ref != nil {
			from = from.ref
		}
		fmt.Fprintf(&w, "  %s -> %s [class=%s tooltip=%s", quote(e.from.name), quote(e.to.name), quote("edge "+e.class),
			quote(from.name+" → "+e.to.name))
		if e.label != "" {
			fmt.Fprintf(&w, " label=%s", quote(e.label))
		}
		if e.attrs != "" {
			w.WriteString(" " + e.attrs)
		}
		w.WriteString("]\n")
	}
	// Ghosts belong to no graph, so to no cluster; they are written in
	// the order they were made, which keeps the DOT text deterministic.
	for _, n := range b.nodes {
		if slices.Contains(n.classes, classGhost) {
			writeNode(&w, n, "  ")
		}
	}
	w.WriteString("}\n")
	return w.Bytes()
}

func writeNode(w *bytes.Buffer, n *vnode, indent string) {
	fmt.Fprintf(w, "%s%s [id=%s class=%s label=<%s> tooltip=%s %s]\n", indent, quote(n.name), quote(n.name),
		quote("node "+strings.Join(n.classes, " ")), n.label, quote(n.tooltip), n.attrs)
}

func writeCluster(w *bytes.Buffer, c *cluster, indent string) {
	fmt.Fprintf(w, "%ssubgraph %s {\n", indent, quote("cluster_"+c.name))
	in := indent + "  "
	class, style := "cluster", `style="rounded,dashed" color="#8e6cc0" fontcolor="#5b3f8c"`
	if c.fused {
		class, style = "cluster fused", `style="rounded,filled" color="#d9a400" fillcolor="#fff7dc" fontcolor="#8a6a00"`
	}
	fmt.Fprintf(w, "%sgraph [id=%s class=%s label=%s %s labeljust=l]\n", in, quote("cluster_"+c.name), quote(class), quote(c.label), style)
	for _, n := range c.nodes {
		writeNode(w, n, in)
	}
	for _, s := range c.subs {
		writeCluster(w, s, in)
	}
	fmt.Fprintf(w, "%s}\n", indent)
}

// bigPicture is the size past which the layout trades some of its
// search for time.
const bigPicture = 200

// quote writes a DOT string.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// esc escapes text for an HTML-like label.
func esc(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}
