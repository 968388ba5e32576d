package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, src, stdin     string
		args                 []string
		code                 int
		stdout, stderrSuffix string
	}{
		{"ok.py", "print('hi')\nx = 1 + 1\nx\n", "", nil, 0, "hi\n", ""},
		{"fail.py", "print('before')\n1 / 0\nprint('after')\n", "", nil, 1, "before\n", "ZeroDivisionError: division by zero\n"},
		{"syntax.py", "x = (1,\n", "", nil, 1, "", "SyntaxError: '(' was never closed\n"},
		{"exit.py", "import sys\nprint('a')\nsys.exit(3)\nprint('b')\n", "", nil, 3, "a\n", ""},
		{"argv.py", "import sys\nprint(sys.argv[1:])\n", "", []string{"x", "y"}, 0, "['x', 'y']\n", ""},
		{"input.py", "name = input('who? ')\nprint('hello', name)\n", "ada\n", nil, 0, "who? hello ada\n", ""},
		{"eof.py", "input()\n", "", nil, 1, "", "EOFError: EOF when reading a line\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := write(tt.name, tt.src)
			var out, errOut bytes.Buffer
			code := run(append([]string{"run", path}, tt.args...), strings.NewReader(tt.stdin), &out, &errOut)
			if code != tt.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tt.code, errOut.String())
			}
			if out.String() != tt.stdout {
				t.Errorf("stdout %q, want %q", out.String(), tt.stdout)
			}
			if !strings.HasSuffix(errOut.String(), tt.stderrSuffix) {
				t.Errorf("stderr %q, want suffix %q", errOut.String(), tt.stderrSuffix)
			}
			if tt.code == 1 && !strings.Contains(errOut.String(), path) {
				t.Errorf("stderr does not name the file: %q", errOut.String())
			}
		})
	}
}

func TestCommandLine(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--version"}, nil, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "msrepl ") {
		t.Errorf("--version: %d %q", code, out.String())
	}
	out.Reset()
	if code := run([]string{"help"}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "msrepl run FILE") {
		t.Errorf("help: %d %q", code, out.String())
	}
	errOut.Reset()
	if code := run([]string{"frobnicate"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "unknown command") {
		t.Errorf("unknown command: %d %q", code, errOut.String())
	}
	errOut.Reset()
	if code := run([]string{"run", "/nonexistent.py"}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "can't open file") {
		t.Errorf("missing file: %d %q", code, errOut.String())
	}
}

// TestInspect: msrepl inspect prints a bundle's graphs, and refuses
// anything else with status 1.
func TestInspect(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "export.py")
	src := "import mindspore as ms\nfrom mindspore import nn, Tensor\nimport numpy as np\n" +
		"net = nn.Dense(4, 2)\nms.export(net, Tensor(np.ones((3, 4), np.float32)), file_name=" + `"` + filepath.Join(dir, "dense") + `"` + ")\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"run", prog}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("export: %d %s", code, errOut.String())
	}
	tests := []struct {
		path string
		code int
		has  []string
	}{
		{filepath.Join(dir, "dense.mindir"), 0, []string{"msrepl bundle (format 2) written by msrepl", "== Dense(x: Tensor[Float32](3, 4))",
			"weight:  weight Float32[2, 4]", "weights: 2, 40 B", "ops:     2 (BiasAdd×1, MatMul×1)", "# IR entry: @Dense"}},
		{prog, 1, []string{"msrepl inspect: " + prog + `: not an msrepl bundle (it does not start with "MSRBNDL")`}},
		{filepath.Join(dir, "nope"), 1, []string{"msrepl inspect: " + filepath.Join(dir, "nope") + ": no such file or directory"}},
	}
	for _, tc := range tests {
		out.Reset()
		errOut.Reset()
		code := run([]string{"inspect", tc.path}, strings.NewReader(""), &out, &errOut)
		text := out.String() + errOut.String()
		if code != tc.code {
			t.Errorf("inspect %s: status %d, want %d\n%s", tc.path, code, tc.code, text)
		}
		for _, h := range tc.has {
			if !strings.Contains(text, h) {
				t.Errorf("inspect %s: no %q in\n%s", tc.path, h, text)
			}
		}
	}
}

// TestRunBundle: msrepl run on a bundle runs its graph on .npy inputs and
// writes .npy outputs; a wrong input is MindSpore's error, status 1.
func TestRunBundle(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "export.py")
	src := "import mindspore as ms\nfrom mindspore import nn, Tensor\nimport numpy as np\nms.set_seed(2)\n" +
		"net = nn.Dense(4, 2)\nx = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))\n" +
		"ms.export(net, x, file_name='" + filepath.Join(dir, "dense") + "')\n" +
		"np.save('" + filepath.Join(dir, "x.npy") + "', x.asnumpy())\nnp.save('" + filepath.Join(dir, "want.npy") + "', net(x).asnumpy())\n" +
		"np.save('" + filepath.Join(dir, "bad.npy") + "', np.ones((2, 4), np.float32))\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"run", prog}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("export: %d %s", code, errOut.String())
	}
	bundlePath := filepath.Join(dir, "dense.mindir")
	out.Reset()
	if code := run([]string{"run", bundlePath, "--input", filepath.Join(dir, "x.npy"), "-o", dir}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("run bundle: %d %s", code, errOut.String())
	}
	got := filepath.Join(dir, "Dense_out0.npy")
	if want := got + "  Float32[3, 2]\n"; out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
	a, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "want.npy"))
	if !bytes.Equal(a, b) {
		t.Errorf("the bundle's output differs from the network's")
	}
	errOut.Reset()
	if code := run([]string{"run", bundlePath, "--input", filepath.Join(dir, "bad.npy")}, strings.NewReader(""), &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "ValueError: The input number of parameters is not Compatible. The graph @Dense takes (x: Tensor[Float32](3, 4)), but got (Tensor[Float32](2, 4)).") {
		t.Errorf("a wrong input: status %d, %s", code, errOut.String())
	}
}

// TestExportNotebook runs a notebook headless and saves what it compiled:
// a jit function, a GRAPH_MODE Cell and a %%graph cell; a JIT Fallback is
// skipped with its reason; %export saves a chosen graph from a cell; a
// failing cell saves nothing.
func TestExportNotebook(t *testing.T) {
	dir := t.TempDir()
	// export moves into the notebook's folder; the test's folder comes back.
	t.Chdir(dir)
	cell := func(src string) map[string]any {
		return map[string]any{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil, "source": src}
	}
	write := func(name string, cells ...map[string]any) string {
		nb := map[string]any{"cells": append([]map[string]any{{"cell_type": "markdown", "metadata": map[string]any{}, "source": "# a notebook"}}, cells...),
			"metadata": map[string]any{}, "nbformat": 4, "nbformat_minor": 5}
		raw, _ := json.Marshal(nb)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("models.ipynb",
		cell("import mindspore as ms\nfrom mindspore import nn, ops, Tensor\nimport numpy as np\nx = Tensor(np.ones((2, 4), np.float32))"),
		cell("@ms.jit\ndef f(x):\n    return ops.sin(x) * 2\nf(x)"),
		cell("ms.set_context(mode=ms.GRAPH_MODE)\nclass Net(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.fc = nn.Dense(4, 3)\n    def construct(self, x):\n        return self.fc(x)\nnet = Net()\nnet(x)\nNet()(x)\nNet()(x)\nms.set_context(mode=ms.PYNATIVE_MODE)"),
		cell("%%graph\ny = x * 3 + 1"),
		cell("@ms.jit\ndef fb(x):\n    m = float(x.sum().asnumpy())\n    return x * m\nfb(x)"),
		cell("%export f_only.mindir --functions f"),
	)
	var out, errOut bytes.Buffer
	code := run([]string{"export", good, "-o", filepath.Join(dir, "models.mindir")}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("export: status %d\n%s%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{
		"name               ops  weights      bytes  inputs\n",
		"f                    2        0        0 B  (x: Tensor[Float32](2, 4))\n",
		"net                  2        2       60 B  (x: Tensor[Float32](2, 4))\n",
		"graph_cell_1         2        0        0 B  (x: Tensor[Float32](2, 4))\n",
		// Cells held by no global are named by their class, made unique.
		"Net                  2        2       60 B  (x: Tensor[Float32](2, 4))\n",
		"Net_2                2        2       60 B  (x: Tensor[Float32](2, 4))\n",
		"Saved 5 graphs, 180 B of weights, to " + filepath.Join(dir, "models.mindir") + ".\n",
		"Skipped fb (the graph cannot be exported: it runs Python code when it runs",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	// The bundle reruns the notebook's last call of each graph.
	out.Reset()
	if code := run([]string{"run", filepath.Join(dir, "models.mindir"), "--check"}, strings.NewReader(""), &out, &errOut); code != 0 ||
		!strings.Contains(out.String(), "f                1 output reproduced (largest difference 0)\n") ||
		!strings.Contains(out.String(), "graph_cell_1     1 output reproduced") {
		t.Errorf("--check: status %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run([]string{"inspect", filepath.Join(dir, "f_only.mindir")}, strings.NewReader(""), &out, &errOut); code != 0 || !strings.Contains(out.String(), ", 1 graph\n\n== f(x: Tensor[Float32](2, 4))") {
		t.Errorf("%%export's bundle: status %d\n%s", code, out.String())
	}

	bad := write("bad.ipynb", cell("x = 1"), cell("1 / 0"), cell("y = 2"))
	errOut.Reset()
	code = run([]string{"export", bad, "-o", filepath.Join(dir, "bad.mindir")}, strings.NewReader(""), &out, &errOut)
	if code != 1 || !strings.Contains(errOut.String(), "ZeroDivisionError: division by zero") || !strings.Contains(errOut.String(), "code cell 2 of "+bad+" failed; nothing was saved") {
		t.Errorf("a failing notebook: status %d\n%s", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.mindir")); !os.IsNotExist(err) {
		t.Errorf("a failing notebook left a bundle")
	}
}
