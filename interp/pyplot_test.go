package interp

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notebookPlotSink is a notebook's sink: it shows images inline.
type notebookPlotSink struct{ bundleSink }

func (*notebookPlotSink) ShowsImages() bool { return true }

// pngSize decodes a PNG and returns its size.
func pngSize(t *testing.T, data []byte) (int, int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

// TestPyplotInlineAtCellEnd checks matplotlib's inline backend: in a
// notebook, the figures a cell leaves open are shown when it ends, once,
// even when the cell fails after drawing, and not by Evaluate.
func TestPyplotInlineAtCellEnd(t *testing.T) {
	s := NewSession()
	ctx := context.Background()
	run := func(code string) (*notebookPlotSink, error) {
		sink := &notebookPlotSink{}
		return sink, s.Execute(ctx, code, sink)
	}
	if _, err := run("import matplotlib.pyplot as plt"); err != nil {
		t.Fatal(err)
	}
	sink, err := run("plt.plot([1, 2, 3])\nplt.figure(figsize=(3, 2))\nplt.scatter([1], [2])\nx = 1")
	if err != nil {
		t.Fatal(err)
	}
	if len(sink.bundles) != 2 {
		t.Fatalf("the cell showed %d displays, want the 2 figures", len(sink.bundles))
	}
	for i, want := range [][2]int{{640, 480}, {300, 200}} {
		data, ok := sink.bundles[i].Data["image/png"].([]byte)
		if !ok {
			t.Fatalf("display %d has no image/png: %v", i, sink.bundles[i].Data)
		}
		if w, h := pngSize(t, data); w != want[0] || h != want[1] {
			t.Errorf("figure %d is %dx%d, want %dx%d", i+1, w, h, want[0], want[1])
		}
	}
	if text := sink.bundles[0].Data["text/plain"]; text != "<Figure size 640x480 with 1 Axes>" {
		t.Errorf("text/plain = %q", text)
	}
	// They were closed: the next cell shows nothing, and plt.plot starts
	// figure 1 again.
	if sink, err = run("y = 2"); err != nil || len(sink.bundles) != 0 {
		t.Errorf("a cell that draws nothing showed %d displays (%v)", len(sink.bundles), err)
	}
	// A failing cell still shows what it drew, after its error.
	sink, err = run("plt.plot([1, 2])\n1/0")
	if err == nil || len(sink.bundles) != 1 || len(sink.errors) != 1 {
		t.Errorf("failing cell: err %v, %d displays, %d errors", err, len(sink.bundles), len(sink.errors))
	}
	if _, err := s.Evaluate(ctx, "plt.plot([1])"); err != nil {
		t.Fatal(err)
	}
	if sink, _ = run("plt.get_fignums()"); len(sink.bundles) != 2 || sink.bundles[0].Data["text/plain"] != "[1]" {
		t.Errorf("Evaluate's figure should wait for the next cell: %d bundles, first %v", len(sink.bundles), sink.bundles[0].Data["text/plain"])
	}
	// plt.show() shows and closes at once; the cell's end has nothing left.
	if sink, err = run("plt.plot([3, 1])\nplt.show()\nprint(plt.get_fignums())"); err != nil || len(sink.bundles) != 1 || sink.buf.String() != "[]\n" {
		t.Errorf("show(): %d displays, printed %q, %v", len(sink.bundles), sink.buf.String(), err)
	}
}

// TestPyplotShowInTerminal checks that show() in a terminal writes each
// figure to msrepl-plots/figure-N.png and says where, and that a
// terminal's cells show no figures when they end.
func TestPyplotShowInTerminal(t *testing.T) {
	t.Chdir(t.TempDir())
	s := NewSession()
	sink := &recordingSink{}
	code := "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nfig, ax = plt.subplots(figsize=(2, 1), dpi=50)\n_ = ax.hist([1, 2, 2])"
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatal(err)
	}
	if sink.buf.Len() != 0 {
		t.Errorf("the cell printed %q before show()", sink.buf.String())
	}
	if err := s.Execute(context.Background(), "plt.show()\nprint(plt.get_fignums())", sink); err != nil {
		t.Fatal(err)
	}
	want := "Figure 1 saved: msrepl-plots/figure-1.png\nFigure 2 saved: msrepl-plots/figure-2.png\n[]\n"
	if got := sink.buf.String(); got != want {
		t.Errorf("show() printed %q, want %q", got, want)
	}
	for i, size := range [][2]int{{640, 480}, {100, 50}} {
		data, err := os.ReadFile(filepath.Join("msrepl-plots", "figure-"+itoa(i+1)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		if w, h := pngSize(t, data); w != size[0] || h != size[1] {
			t.Errorf("figure %d is %dx%d, want %v", i+1, w, h, size)
		}
	}
}

// TestPyplotSavefig saves in each format and checks what was written.
func TestPyplotSavefig(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	s := NewSession()
	sink := &recordingSink{}
	code := `import matplotlib.pyplot as plt
from IPython.display import Image
fig, ax = plt.subplots()
ax.plot([1, 2], [3, 4])
fig.savefig('a.png')
fig.savefig('big.png', dpi=200)
plt.savefig('a.svg')
plt.savefig('a.pdf')
plt.savefig('photo.jpg')
plt.savefig('plain')
plt.savefig('named.data', format='pdf')
print(Image(filename='a.png'))
`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatalf("%v\n%s", err, sink.buf.String())
	}
	for _, f := range []struct{ name, magic string }{
		{"a.png", "\x89PNG"}, {"plain.png", "\x89PNG"}, {"a.svg", "<?xml"}, {"a.pdf", "%PDF"}, {"named.data", "%PDF"}, {"photo.jpg", "\xff\xd8\xff"},
	} {
		data, err := os.ReadFile(f.name)
		if err != nil {
			t.Error(err)
			continue
		}
		if !strings.HasPrefix(string(data), f.magic) {
			t.Errorf("%s starts %q, want %q", f.name, data[:min(8, len(data))], f.magic)
		}
	}
	if data, err := os.ReadFile("big.png"); err != nil {
		t.Error(err)
	} else if w, h := pngSize(t, data); w != 1280 || h != 960 {
		t.Errorf("savefig(dpi=200) wrote %dx%d, want 1280x960", w, h)
	}
	if svg, _ := os.ReadFile("a.svg"); !strings.Contains(string(svg), "@font-face") {
		t.Error("the SVG does not embed its font")
	}
}
