package interp

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// imageSink is a front end that shows images, as a notebook does.
type imageSink struct{ bundleSink }

func (*imageSink) ShowsImages() bool { return true }

const vizProgram = `import mindspore as ms
from mindspore import ops
import numpy as np

@ms.jit
def f(x, n):
    i = ms.Tensor(0, ms.int32)
    while i < n:
        x = x * 0.5 + 1.0
        i = i + 1
    if x.sum() > 3:
        x = ops.sin(x)
    else:
        x = x * 3
    return x.sum()

x = ms.Tensor(np.ones((2, 3), np.float32))
f(x, ms.Tensor(3, ms.int32))
`

var clusterRE = regexp.MustCompile(`<g class="cluster[^"]*" id="cluster_([^"]+)">`)

// TestVizShowsTheCompiledGraph draws a real graph with a While and an If:
// inline as SVG where the front end shows images, with one cluster per
// subgraph of the IR, and one per fused step (the loop body's x*0.5+1).
func TestVizShowsTheCompiledGraph(t *testing.T) {
	s := NewSession()
	if err := s.Execute(context.Background(), vizProgram, &recordingSink{}); err != nil {
		t.Fatal(err)
	}
	sink := &imageSink{}
	if err := s.Execute(context.Background(), "%viz f", sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.bundles) != 1 {
		t.Fatalf("%d displays, want 1", len(sink.bundles))
	}
	svg, _ := sink.bundles[0].Data["image/svg+xml"].(string)
	var clusters, fused []string
	for _, m := range clusterRE.FindAllStringSubmatch(svg, -1) {
		if strings.HasPrefix(m[1], "fused") {
			fused = append(fused, m[1])
			continue
		}
		clusters = append(clusters, m[1])
	}
	if !slices.Equal(fused, []string{"fused1"}) || !strings.Contains(svg, "fused step 1: Fused[Mul,Add]") {
		t.Errorf("fused clusters %v, want the loop body's step fused1, Fused[Mul,Add]", fused)
	}
	c, _, err := s.th.irTarget("viz", "f")
	if err != nil {
		t.Fatal(err)
	}
	var subs []string
	for _, g := range c.g.Subgraphs() {
		subs = append(subs, g.Name)
	}
	slices.Sort(clusters)
	slices.Sort(subs)
	if len(subs) < 4 || !slices.Equal(clusters, subs) {
		t.Errorf("clusters %v, want the subgraphs %v", clusters, subs)
	}
	for _, marker := range []string{"⤾", "⥁", "✓", "✗"} {
		if !strings.Contains(strings.Join(clusters, " "), marker) {
			t.Errorf("no cluster named with %s: %v", marker, clusters)
		}
	}
	for _, op := range []string{">Mul</text>", ">Sin</text>", ">ReduceSum</text>", "<title>CNode_"} {
		if !strings.Contains(svg, op) {
			t.Errorf("the SVG lacks %s", op)
		}
	}
}

// TestVizInTheTerminal: without images, %viz and a bare mindspore.viz
// write msrepl-viz/NAME.svg and say where; -o picks the file and format.
func TestVizInTheTerminal(t *testing.T) {
	t.Chdir(t.TempDir())
	s := NewSession()
	if err := s.Execute(context.Background(), vizProgram+"lam = ms.jit(lambda x: x * 2)\nlam(x)\n", &recordingSink{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cell, out, file, head string
	}{
		// A picture is named as %viz was asked, or for its function.
		{"%viz lam", "Graph @<lambda>: msrepl-viz/lam.svg\n", "msrepl-viz/lam.svg", "<svg"},
		{"ms.viz(lam)", "Graph @<lambda>: msrepl-viz/lambda.svg\n", "msrepl-viz/lambda.svg", "<svg"},
		{"%viz f", "Graph @f: msrepl-viz/f.svg\n", "msrepl-viz/f.svg", "<svg"},
		{"%viz f --grad", "Graph @∇f: msrepl-viz/f_grad.svg\n", "msrepl-viz/f_grad.svg", "<svg"},
		{"%viz f --pass capture --collapse", "Graph @f: msrepl-viz/f_capture.svg\n", "msrepl-viz/f_capture.svg", "<svg"},
		{"ms.viz(f)", "Graph @f: msrepl-viz/f.svg\n", "msrepl-viz/f.svg", "<svg"},
		{"%viz f -o g.png", "Graph @f: g.png\n", "g.png", "\x89PNG"},
		{"%viz -o g.dot", "Graph @<lambda>: g.dot\n", "g.dot", "digraph"},
		{"ms.viz(f, grad=True).save('h.svg')", "", "h.svg", "<svg"},
	}
	for _, tc := range tests {
		sink := &recordingSink{}
		if err := s.Execute(context.Background(), tc.cell, sink); err != nil {
			t.Fatalf("%s: %v", tc.cell, err)
		}
		if got := sink.buf.String(); got != tc.out {
			t.Errorf("%s printed %q, want %q", tc.cell, got, tc.out)
		}
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Errorf("%s: %v", tc.cell, err)
			continue
		}
		if !strings.HasPrefix(string(data), tc.head) {
			t.Errorf("%s: %s starts %q, want %q", tc.cell, tc.file, data[:min(len(data), 20)], tc.head)
		}
	}
}

func TestVizErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	s := NewSession()
	if err := s.Execute(context.Background(), "import mindspore as ms\ndef g(x): return x\n", &recordingSink{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ cell, want string }{
		{"%viz", "UsageError: %viz: no graph has run yet"},
		{"%viz g", "UsageError: %viz: 'g' is not a jit function"},
		{"%viz nope", "NameError: name 'nope' is not defined"},
		{"%viz --max-nodes 0", "--max-nodes takes a positive number, not 0"},
		{"%viz --max-nodes", "--max-nodes needs a value"},
		{"%viz -o f.jpg", "-o writes .svg, .png or .dot, not '.jpg'"},
		{"ms.viz(g)", "TypeError: For 'viz', the argument must be a jit function, a Cell run in GRAPH_MODE or a graph from mindspore.load, but got function."},
		{"ms.viz(max_nodes=-1)", "ValueError: viz() argument 'max_nodes' must be positive, not -1"},
	}
	for _, tc := range tests {
		sink := &recordingSink{}
		if err := s.Execute(context.Background(), tc.cell, sink); err == nil {
			t.Errorf("%s: no error", tc.cell)
			continue
		}
		if !strings.Contains(sink.buf.String(), tc.want) {
			t.Errorf("%s: got\n%s\nwant %q", tc.cell, sink.buf.String(), tc.want)
		}
	}
	if _, err := os.Stat(vizDir); !os.IsNotExist(err) {
		t.Errorf("a failed %%viz left %s behind", vizDir)
	}
}
