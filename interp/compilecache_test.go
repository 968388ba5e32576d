package interp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"msrepl/graphmode/compilecache"
)

// TestJitDifferentialCompileCache runs the differential corpus twice with
// the compile cache on, in one folder, each in a fresh session: the first
// compiles and saves, the second loads what the first saved, and its
// results must be the first's. Nothing may be stale between two runs of
// one program, and every entry saved must be loaded.
func TestJitDifferentialCompileCache(t *testing.T) {
	loaded := 0
	for _, path := range programs(t, "jitdiff") {
		if knownLimit(t, path) != "" {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(path), ".py"), func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("MS_COMPILER_CACHE_ENABLE", "1")
			t.Setenv("MS_COMPILER_CACHE_PATH", dir)
			compiled, compiledOut := runForResults(t, path, "1")
			saved, _ := filepath.Glob(filepath.Join(dir, compilecache.Folder, "*.mindir"))
			s, cached, cachedOut := runSessionForResults(t, path)
			if err := sameResults(compiled, cached, "RESULTS"); err != nil {
				t.Errorf("compiled and loaded from the compile cache disagree: %v\n--- compiled ---\n%s\n--- loaded ---\n%s", err, compiledOut, cachedOut)
			}
			if strings.Contains(cachedOut, "compile cache") {
				t.Errorf("the second run warned:\n%s", cachedOut)
			}
			loads := 0
			for _, j := range jitFunctionsOf(s) {
				loads += j.loads
			}
			if loads < len(saved) {
				t.Errorf("%d entries saved, %d loaded", len(saved), loads)
			}
			loaded += loads
		})
	}
	t.Logf("%d graphs came from the compile cache", loaded)
	if loaded < 100 {
		t.Errorf("only %d graphs came from the compile cache across the corpus", loaded)
	}
}

// runSessionForResults runs a program with jit on and returns its session
// too.
func runSessionForResults(t *testing.T, path string) (*Session, Value, string) {
	t.Helper()
	var s *Session
	v, out := runForResultsIn(t, path, "1", func(session *Session) { s = session })
	return s, v, out
}

// jitFunctionsOf lists a session's jit functions: its globals' and its
// classes' methods, their per-Cell compilations, and the Cells compiled
// in GRAPH_MODE.
func jitFunctionsOf(s *Session) []*jitFunction {
	var out []*jitFunction
	add := func(v Value) {
		if j, ok := v.(*jitFunction); ok {
			out = append(out, j)
			for _, b := range j.bound {
				out = append(out, b)
			}
		}
	}
	for _, n := range s.globals.Names() {
		v, _ := s.globals.Get(n)
		add(v)
		if c, ok := v.(*Class); ok {
			for _, k := range c.Dict.Keys() {
				m, _ := c.Dict.Get(k)
				add(m)
			}
		}
	}
	if rt := s.msrt; rt != nil {
		for _, j := range rt.cellGraphs {
			out = append(out, j)
		}
	}
	return out
}

// compileCacheProgram has a jit function and a Cell's construct whose
// graphs fold the global scale and read the Cell's Parameters.
const compileCacheProgram = `
import mindspore as ms
from mindspore import ops, nn, Tensor
import numpy as np
ms.set_context(enable_compile_cache=True, compile_cache_path=DIR)
scale = SCALE

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)
        self.k = 2.0
    def construct(self, x):
        return ops.relu(self.fc(x)) * self.k + scale

@ms.jit
def f(x, y):
    return ops.sin(x) * scale + y, {"sum": x.sum()}

net = Net()
g = ms.jit(net.construct)
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 6)
a, d = f(x, x)
b = g(x)
print(np.allclose(a.asnumpy(), np.sin(x.asnumpy()) * scale + x.asnumpy()), float(d["sum"]))
print(np.allclose(b.asnumpy(), net.construct(x).asnumpy()))
print(ms.cache_info(f)["disk_loads"], ms.cache_info(g)["disk_loads"], ms.cache_info(f)["compiles"], ms.cache_info(g)["compiles"])
`

// TestCompileCacheSessions follows one program through sessions that
// share a cache: saved, loaded (bound to the new session's Parameters,
// which nn.Dense draws anew), stale when a global it folded changed, and
// stale when the file is corrupt or another build wrote it. A stale
// entry warns, compiles anew and is saved over.
func TestCompileCacheSessions(t *testing.T) {
	dir := t.TempDir()
	program := func(scale string) string {
		return strings.NewReplacer("DIR", "'"+dir+"'", "SCALE", scale).Replace(compileCacheProgram)
	}
	fresh := "True 2.5\nTrue\n0 0 1 1\n"
	loaded := "True 2.5\nTrue\n1 1 0 0\n"
	corrupt := func(t *testing.T) {
		paths, _ := filepath.Glob(filepath.Join(dir, compilecache.Folder, "f-*.mindir"))
		if len(paths) != 1 {
			t.Fatalf("the cache holds %v", paths)
		}
		raw, err := os.ReadFile(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		raw[len(raw)/2] ^= 0x10
		if err := os.WriteFile(paths[0], raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	otherBuild := func(t *testing.T) {
		saved := buildID
		buildID = func() string { return "msrepl 0.0.1+abcdef" }
		t.Cleanup(func() { buildID = saved })
	}
	for _, step := range []struct {
		name, scale string
		before      func(t *testing.T)
		want        string
		warnings    []string
	}{
		{name: "an empty cache compiles and saves", scale: "0.5", want: fresh},
		{name: "a fresh session loads", scale: "0.5", want: loaded},
		{name: "a changed global is stale", scale: "1.5", want: fresh,
			warnings: []string{"entry for 'f' is stale: global 'scale' changed", "entry for 'Net.construct' is stale: global 'scale' changed"}},
		{name: "the new entry loads", scale: "1.5", want: loaded},
		{name: "a corrupt entry is stale", scale: "1.5", before: corrupt, want: "True 2.5\nTrue\n0 1 1 0\n",
			warnings: []string{"entry for 'f' is stale: the entry is corrupt"}},
		{name: "another build's entry is stale", scale: "1.5", before: otherBuild, want: fresh,
			warnings: []string{"entry for 'f' is stale: the entry was compiled by msrepl 0.1.0, and this is msrepl 0.0.1+abcdef",
				"entry for 'Net.construct' is stale: the entry was compiled by msrepl 0.1.0"}},
	} {
		t.Run(step.name, func(t *testing.T) {
			if step.before != nil {
				step.before(t)
			}
			out := execOK(t, NewSession(), program(step.scale))
			var warnings []string
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "UserWarning") {
					warnings = append(warnings, line)
				}
			}
			if got := strings.Join(strings.Split(out, "\n")[len(warnings):], "\n"); got != step.want {
				t.Errorf("output\n%s\nwant\n%s", out, step.want)
			}
			if len(warnings) != len(step.warnings) {
				t.Fatalf("warnings %q, want %q", warnings, step.warnings)
			}
			for i, w := range step.warnings {
				if !strings.Contains(warnings[i], w) {
					t.Errorf("warning %q, want one saying %q", warnings[i], w)
				}
			}
		})
	}
}

// An attribute of a Cell inside another keeps no fingerprint of its own
// (its read is covered by the outer Cell's): a change to it is still
// seen, as a change of the outer Cell, and a load binds and guards it.
func TestCompileCacheCoveredReads(t *testing.T) {
	dir := t.TempDir()
	program := func(k string) string {
		return strings.NewReplacer("DIR", "'"+dir+"'", "K", k).Replace(`
import mindspore as ms
from mindspore import ops, nn, Tensor
import numpy as np
ms.set_context(enable_compile_cache=True, compile_cache_path=DIR)

class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.k = K
    def construct(self, x):
        return x * self.k

class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()
    def construct(self, x):
        return ops.sin(self.inner(x))

net = Outer()
f = ms.jit(net.construct)
x = Tensor(np.ones((2,), np.float32))
print(f(x), ms.cache_info(f)["disk_loads"])
net.inner.k = 1.0
print(f(x), ms.cache_info(f)["reasons"])
`)
	}
	for _, step := range []struct{ k, want string }{
		{"2.0", "[0.9092974 0.9092974] 0\n"},
		{"2.0", "[0.9092974 0.9092974] 1\n"},
		{"3.0", "UserWarning: the compile cache's entry for 'Outer.construct' is stale: attribute 'Outer.inner' changed"},
		{"3.0", "[0.14112 0.14112] 1\n"},
	} {
		out := execOK(t, NewSession(), program(step.k))
		if !strings.HasPrefix(out, step.want) || !strings.HasSuffix(out, "[0.84147096 0.84147096] [\"attribute 'Inner.k' changed\"]\n") {
			t.Errorf("k=%s:\n%s\nwant it to start %q, and the change of k in the session to recompile", step.k, out, step.want)
		}
	}
}

// A graph loaded from the cache guards as a compiled one does: changing
// a global recompiles it in the session, with the reason, and saves it
// over the entry without a warning, since the session knows why.
func TestCompileCacheGuardsInSession(t *testing.T) {
	dir := t.TempDir()
	src := strings.NewReplacer("DIR", "'"+dir+"'", "SCALE", "0.5").Replace(compileCacheProgram)
	execOK(t, NewSession(), src)
	s := NewSession()
	execOK(t, s, src)
	out := execOK(t, s, "scale = 3.0\nprint(np.allclose(f(x, x)[0].asnumpy(), np.sin(x.asnumpy()) * 3.0 + x.asnumpy()))\nprint(ms.cache_info(f)['reasons'])\n%ir f --pass capture\n")
	if !strings.HasPrefix(out, "True\n[\"global 'scale' changed\"]\n") {
		t.Errorf("after a change of scale:\n%s", out)
	}
	e := execErr(t, s, "%ir g --pass capture")
	if !strings.Contains(e.Message, "loaded from the compile cache") {
		t.Errorf("%%ir --pass on a loaded graph: %s", e.Message)
	}
}

// A graph that read what a later session cannot compare is not saved,
// and %cache says why.
func TestCompileCacheNotKept(t *testing.T) {
	dir := t.TempDir()
	s := NewSession()
	out := execOK(t, s, "import mindspore as ms\nfrom mindspore import Tensor\nimport numpy as np\n"+
		"ms.set_context(enable_compile_cache=True, compile_cache_path='"+dir+"')\n"+
		"stream = (i for i in range(3))\n"+
		"@ms.jit\ndef h(x):\n    if stream is None:\n        return x\n    return x * 2\n"+
		"print(h(Tensor(np.ones(2, np.float32))))\n%cache h\n")
	if !strings.Contains(out, "not kept in the compile cache: global 'stream' holds a generator") {
		t.Errorf("%%cache:\n%s", out)
	}
	if saved, _ := filepath.Glob(filepath.Join(dir, compilecache.Folder, "*")); len(saved) != 0 {
		t.Errorf("saved %v", saved)
	}
}

// MS_COMPILER_CACHE_ENABLE and MS_COMPILER_CACHE_PATH are set_context's
// defaults, which set_context overrides.
func TestCompileCacheEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("MS_COMPILER_CACHE_ENABLE", "1")
	t.Setenv("MS_COMPILER_CACHE_PATH", dir)
	s := NewSession()
	out := execOK(t, s, "import mindspore as ms\nfrom mindspore import Tensor\nimport numpy as np\n"+
		"print(ms.get_context('enable_compile_cache'), ms.get_context('compile_cache_path') == '"+dir+"')\n"+
		"@ms.jit\ndef h(x):\n    return x * 2\n_ = h(Tensor(np.ones(2, np.float32)))\n")
	if out != "True True\n" {
		t.Errorf("output %q", out)
	}
	saved, _ := filepath.Glob(filepath.Join(dir, compilecache.Folder, "h-*.mindir"))
	if len(saved) != 1 {
		t.Fatalf("saved %v", saved)
	}
	// A cache entry's weights are a session's: it is no bundle to load.
	if e := execErr(t, s, "ms.load('"+saved[0]+"')"); !strings.Contains(e.Message, "is an entry of the compile cache") {
		t.Errorf("load of a cache entry: %s", e.Message)
	}
	execOK(t, s, "ms.set_context(enable_compile_cache=False)\n@ms.jit\ndef k(x):\n    return x * 3\n_ = k(Tensor(np.ones(2, np.float32)))\n")
	if saved, _ := filepath.Glob(filepath.Join(dir, compilecache.Folder, "k-*")); len(saved) != 0 {
		t.Errorf("saved %v with the cache off", saved)
	}
}

// set_context refuses cache options of the wrong type, as MindSpore does.
func TestCompileCacheContextTypes(t *testing.T) {
	s := NewSession()
	execOK(t, s, "import mindspore as ms")
	for code, want := range map[string]string{
		"ms.set_context(enable_compile_cache=1)":  "the argument 'enable_compile_cache' must be bool, but got int",
		"ms.set_context(compile_cache_path=None)": "the argument 'compile_cache_path' must be str, but got NoneType",
	} {
		if e := execErr(t, s, code); e.Name != "TypeError" || !strings.Contains(e.Message, want) {
			t.Errorf("%s: %s: %s", code, e.Name, e.Message)
		}
	}
}
