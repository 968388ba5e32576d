package interp

import (
	"context"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The interpreter benchmarks run each program under msrepl and, side by
// side, under CPython (python3), timed inside the interpreter so that
// process start-up is excluded. Compare the two with benchstat.

const fibProgram = `
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
`

const loopProgram = `
def loop():
    s = 0
    for i in range(1000000):
        s += i
    return s
`

var benchPrograms = []struct {
	name, defs, call string
}{
	{"Fib25", fibProgram, "fib(25)"},
	{"Loop1e6", loopProgram, "loop()"},
}

func BenchmarkInterpreter(b *testing.B) {
	defer debug.SetGCPercent(debug.SetGCPercent(GCPercent)) // as the msrepl binary runs
	for _, p := range benchPrograms {
		b.Run(p.name+"/msrepl", func(b *testing.B) {
			s := NewSession()
			sink := &recordingSink{}
			ctx := context.Background()
			if err := s.Execute(ctx, p.defs, sink); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := s.ExecuteWith(ctx, p.call, sink, ExecOptions{NoHistory: true, NoResult: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(p.name+"/cpython", func(b *testing.B) {
			python, err := exec.LookPath("python3")
			if err != nil {
				b.Skip("python3 not found")
			}
			script := p.defs + `
import sys, time
n = int(sys.argv[1])
t = time.perf_counter()
for _ in range(n):
    ` + p.call + `
print(time.perf_counter() - t)
`
			out, err := exec.Command(python, "-c", script, strconv.Itoa(b.N)).Output()
			if err != nil {
				b.Fatal(err)
			}
			secs, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(time.Duration(secs*float64(time.Second)))/float64(b.N), "ns/op")
		})
	}
}
