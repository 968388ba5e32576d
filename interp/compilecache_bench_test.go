package interp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"msrepl/graphmode/compilecache"
	"msrepl/graphmode/ir"
)

// compileCacheBenchPrograms define step100, a jit function of 100
// primitives, two ways: the loop unrolls to 25 steps of four elementwise
// ops, the cheapest graph there is to capture; the model is a residual MLP
// of Cells, as a network is captured, Cell by Cell.
var compileCacheBenchPrograms = map[string]string{
	"loop": `
import mindspore as ms
from mindspore import ops, Tensor
import numpy as np
ms.set_context(enable_compile_cache=CACHE, compile_cache_path=PATH)
scale = 0.5

@ms.jit
def step100(x):
    y = x
    for i in range(25):
        x = ops.tanh(ops.sin(x) * scale + y)
    return x

x = Tensor(np.ones((8, 16), np.float32))
`,
	"model": `
import mindspore as ms
from mindspore import ops, nn, Tensor
import numpy as np
ms.set_context(enable_compile_cache=CACHE, compile_cache_path=PATH)

class Block(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.fc = nn.Dense(n, n)
        self.norm = nn.LayerNorm((n,))
    def construct(self, x):
        return x + ops.gelu(self.norm(self.fc(x)))

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.SequentialCell([Block(16) for _ in range(BLOCKS)])
        self.head = nn.Dense(16, 4)
    def construct(self, x):
        return ops.softmax(self.head(self.blocks(x)))

step100 = ms.jit(Net().construct)
x = Tensor(np.ones((8, 16), np.float32))
`,
}

// BenchmarkCompileCache times a fresh session's first call of a
// 100-op jit function (goal: with the compile cache, at most 20% of the
// cold compile). Each op is one new session, whose setup is not timed,
// and its first call.
//
//	cache=off    the call captures, optimizes and runs the function
//	cache=miss   the same, and saves the graph to an empty cache
//	cache=hit    the call loads the graph the cache keeps and runs it
//
// ops reports the optimized graph's primitives and compile-ms the time
// the call spent compiling or loading; the benchmark fails if a call did
// not compile, save or load as its variant says. cache=hit also runs a
// cache=off session beside each of its own, untimed, so that its
// %-of-cold (its compile-ms over theirs) compares runs side by side, on
// the same machine state.
func BenchmarkCompileCache(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	for _, fn := range []string{"loop", "model"} {
		for _, variant := range []string{"off", "miss", "hit"} {
			b.Run("fn="+fn+"/cache="+variant, func(b *testing.B) {
				benchmarkFirstCall(b, compileCacheBenchPrograms[fn], variant)
			})
		}
	}
}

func benchmarkFirstCall(b *testing.B, program, variant string) {
	dir := b.TempDir()
	ctx := context.Background()
	session := func(b *testing.B, variant string) *Session {
		cacheOn := map[bool]string{true: "True", false: "False"}[variant != "off"]
		program := strings.NewReplacer("CACHE", cacheOn, "PATH", fmt.Sprintf("%q", dir), "BLOCKS", "10").Replace(program)
		s := NewSession()
		if err := s.ExecuteWith(ctx, program, &recordingSink{}, ExecOptions{NoHistory: true, NoResult: true}); err != nil {
			b.Fatal(err)
		}
		return s
	}
	// call makes s's first call, timed if timed says so, and returns its
	// jit function, checked to have compiled or loaded as variant says.
	call := func(b *testing.B, s *Session, variant string, timed bool) *jitFunction {
		sink := &recordingSink{}
		if timed {
			b.StartTimer()
		}
		err := s.ExecuteWith(ctx, "y = step100(x)", sink, ExecOptions{NoHistory: true, NoResult: true})
		b.StopTimer()
		if err != nil || len(sink.errors) > 0 {
			b.Fatal(err, sink.buf.String())
		}
		v, _ := s.globals.Get("step100")
		j := v.(*jitFunction)
		want := map[string][2]int{"off": {1, 0}, "miss": {1, 0}, "hit": {0, 1}}[variant]
		if j.compiles != want[0] || j.loads != want[1] || j.notKept != "" {
			b.Fatalf("%d compiles and %d loads, want %v (not kept: %q)", j.compiles, j.loads, want, j.notKept)
		}
		return j
	}
	if variant == "hit" {
		call(b, session(b, "miss"), "miss", false)
		b.StartTimer()
	}
	ops, compile, cold := 0, time.Duration(0), time.Duration(0)
	for b.Loop() {
		b.StopTimer()
		if variant == "miss" {
			if err := os.RemoveAll(filepath.Join(dir, compilecache.Folder)); err != nil {
				b.Fatal(err)
			}
		}
		j := call(b, session(b, variant), variant, true)
		compile += j.compileTime
		ops = 0
		for _, n := range j.last.g.Nodes {
			if n.Kind == ir.Apply {
				ops++
			}
		}
		if variant == "hit" {
			cold += call(b, session(b, "off"), "off", false).compileTime
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(ops), "ops")
	b.ReportMetric(float64(compile.Microseconds())/1000/float64(b.N), "compile-ms")
	if variant == "hit" {
		b.ReportMetric(100*float64(compile)/float64(cold), "%-of-cold")
	}
}
