package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"msrepl/internal/anchors"
	"msrepl/interp"
)

// BenchmarkAnchors runs msrepl's side of each workload of msrepl bench
// under Go's harness (go test ./cmd/msrepl -run XXX -bench Anchors), in
// the workload's unit; the anchors are for msrepl bench to compare.
func BenchmarkAnchors(b *testing.B) {
	// As msrepl's main sets it: the harness does not run main.
	defer debug.SetGCPercent(debug.SetGCPercent(interp.GCPercent))
	ctx := context.Background()
	for _, w := range benchWorkloads() {
		b.Run(strings.NewReplacer(" ", "_", ",", "").Replace(w.name), func(b *testing.B) {
			if w.kind == compile {
				// Each op is a fresh session and its first call.
				total := 0.0
				for b.Loop() {
					v, err := w.measure(ctx, 1)
					if err != nil {
						b.Fatal(err)
					}
					total += v
				}
				b.ReportMetric(total/float64(b.N), "compile-ms")
				return
			}
			if w.kind == peakMemory {
				v, err := w.measure(ctx, b.N)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(v, "peak-MiB")
				return
			}
			s, err := w.session(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if err := callStmt(ctx, s, 1); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			if err := callStmt(ctx, s, b.N); err != nil {
				b.Fatal(err)
			}
			if w.kind != perCall {
				b.ReportMetric(w.value(b.Elapsed().Seconds()/float64(b.N)), w.kind.unit())
			}
		})
	}
}

func TestBenchTable(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bench", "-count", "1", "-recorded", "-run", "tiny|compile|memory"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("msrepl bench: %d\n%s", code, errOut.String())
	}
	for _, want := range []string{
		"medians of 1 samples; anchors recorded with the anchors",
		"tiny-op chain [4], eager", "torch eager       2.35", "numpy       1.06", "≤ 0.3 µs/op",
		"100-op compile, @jit", "torch.jit.script        4.3",
		"MLP train step peak memory, @jit", "msrepl eager", "≤ 0.6× eager",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "matmul") {
		t.Errorf("-run tiny|compile|memory ran the matmuls too:\n%s", out.String())
	}
}

func TestBenchArgs(t *testing.T) {
	for _, args := range [][]string{{"-count", "0"}, {"extra"}, {"-run", "("}, {"-run", "nothing such"}, {"-nope"}} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"bench"}, args...), strings.NewReader(""), &out, &errOut); code != 2 || errOut.Len() == 0 {
			t.Errorf("msrepl bench %v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
}

// Every workload names anchors the anchor script measures, so that a run
// with torch compares each with a number measured then.
func TestBenchAnchorKeys(t *testing.T) {
	for _, w := range benchWorkloads() {
		for _, a := range w.anchors {
			if !anchors.Measures(a.key) {
				t.Errorf("%s: the anchor script does not measure %s", w.name, a.key)
			}
		}
	}
}
