package interp

import (
	"context"
	"strings"
	"testing"
)

// bundleSink keeps the bundles a cell shows.
type bundleSink struct {
	recordingSink
	bundles []Bundle
}

func (b *bundleSink) Result(count int, x Bundle) { b.bundles = append(b.bundles, x) }
func (b *bundleSink) Display(x Bundle)           { b.bundles = append(b.bundles, x) }

// TestTensorHTML checks the HTML table of Tensors and ndarrays: every
// value of a small one, and numpy's summary of a large one, edges only.
func TestTensorHTML(t *testing.T) {
	tests := []struct {
		code        string
		has, hasNot []string
		rows        int // <tr> count, the header rows included
	}{
		{"ms.Tensor([[1.5, 2], [3, 4]])", []string{"<b>Tensor</b> shape=(2, 2), dtype=Float32", "<td>1.5</td>", "<td>4.0</td>"}, []string{"⋯"}, 3},
		{"ms.Tensor([1, 2, 3], ms.int32)", []string{"shape=(3,)", "<td>3</td>"}, nil, 2},
		{"ms.Tensor(7.0)", []string{"<pre>7.0</pre>"}, []string{"<table>"}, 0},
		{"np.arange(10000).reshape(100, 100)", []string{"<b>ndarray</b> shape=(100, 100)", "<th>⋯</th>", "<th>⋮</th>", "<td>9999</td>", "<td>0</td>"}, []string{"<td>50</td>"}, 12},
		{"np.arange(24).reshape(2, 3, 4)", []string{"[1, :, :]", "<td>23</td>"}, nil, 8},
		{"ms.Tensor(np.zeros((0, 3)))", []string{"<pre>[]</pre>"}, nil, 0},
		{"ms.Tensor([True, False])", []string{"<td>True</td>"}, nil, 2},
		{"ms.Parameter(ms.Tensor([1.0]), name='w')", nil, []string{"<table>"}, 0},
		// Summarised, a tensor shows the first and last five of its grids,
		// however many leading dimensions it has.
		{"np.zeros((4, 4, 4, 4, 3, 3))", []string{"<div>[0, 0, 1, 0, :, :]</div>", "<div>[3, 3, 3, 3, :, :]</div>", "<div>⋮</div>"}, []string{"[0, 0, 1, 1, :, :]"}, 40},
	}
	s := NewSession()
	if err := s.Execute(context.Background(), "import mindspore as ms\nimport numpy as np", &recordingSink{}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		sink := &bundleSink{}
		if err := s.Execute(context.Background(), tc.code, sink); err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		html, _ := sink.bundles[0].Data["text/html"].(string)
		for _, want := range tc.has {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the HTML lacks %q:\n%s", tc.code, want, html)
			}
		}
		for _, not := range tc.hasNot {
			if strings.Contains(html, not) {
				t.Errorf("%s: the HTML has %q:\n%s", tc.code, not, html)
			}
		}
		if rows := strings.Count(html, "<tr>"); rows != tc.rows {
			t.Errorf("%s: %d table rows, want %d", tc.code, rows, tc.rows)
		}
	}
}

// clearingSink is a bundleSink that can clear the output.
type clearingSink struct {
	bundleSink
	clears []bool
}

func (c *clearingSink) ClearOutput(wait bool) { c.clears = append(c.clears, wait) }

// TestDisplayOptions checks display()'s metadata and clear, and the
// metadata of IPython.display's objects.
func TestDisplayOptions(t *testing.T) {
	s := NewSession()
	sink := &clearingSink{}
	code := `from IPython.display import HTML
h = HTML('<b>x</b>', metadata={'isolated': True})
display(h, metadata={'k': [1]}, clear=True)
display(h)`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatal(err)
	}
	if len(sink.clears) != 1 || !sink.clears[0] {
		t.Errorf("clear=True cleared %v", sink.clears)
	}
	if m := sink.bundles[0].Metadata; m["isolated"] != true || len(m["k"].([]any)) != 1 {
		t.Errorf("first display's metadata %v", m)
	}
	if m := sink.bundles[1].Metadata; m["isolated"] != true || m["k"] != nil {
		t.Errorf("display's metadata stuck to the object: %v", m)
	}
	for code, want := range map[string]string{
		"HTML(url='http://example.com')": "ValueError: HTML(url=...) is not supported",
		"HTML('x', metadata=[1])":        "TypeError: HTML() argument 'metadata' must be a dict, not list",
		"display(1, raw=True)":           "TypeError: display() got an unexpected keyword argument 'raw'",
	} {
		err := s.Execute(context.Background(), code, sink)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %s", code, err, want)
		}
	}
}

// TestReprMethods checks IPython's display protocol for user classes.
func TestReprMethods(t *testing.T) {
	s := NewSession()
	sink := &bundleSink{}
	code := `class A:
    def _repr_mimebundle_(self):
        return {'text/markdown': '**a**', 'application/json': {'k': [1, 2.5, None, True]}}
    def _repr_html_(self):
        return '<b>a</b>'
    def _repr_latex_(self):
        return None
A()`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatal(err)
	}
	d := sink.bundles[0].Data
	if d["text/markdown"] != "**a**" || d["text/html"] != "<b>a</b>" || d["text/latex"] != nil {
		t.Errorf("bundle %v", d)
	}
	if j, _ := d["application/json"].(map[string]any); len(j["k"].([]any)) != 4 {
		t.Errorf("json %v", d["application/json"])
	}
	if !strings.HasPrefix(d["text/plain"].(string), "<__main__.A object at") {
		t.Errorf("text %v", d["text/plain"])
	}
	err := s.Execute(context.Background(), "class B:\n    def _repr_html_(self):\n        return 1/0\nB()", sink)
	if err == nil || !strings.Contains(err.Error(), "ZeroDivisionError") {
		t.Errorf("a failing _repr_html_: %v", err)
	}
}
