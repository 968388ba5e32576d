package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"msrepl/internal/anchors"
	"msrepl/interp"
)

// The benchmark suite: the workloads of the performance anchors (PyTorch
// and numpy, measured on this kind of machine when the project began),
// each run in msrepl and compared with its anchors in one table. The anchors are measured again in the same run
// when Debian's python3 has torch; otherwise the table uses the numbers
// recorded with the anchors, and says so.

// A workload is one row of the table: a program whose statement is
// timed, and the anchors it is compared with.
type workload struct {
	name string
	// setup defines what stmt uses; stmt is what is timed.
	setup, stmt string
	// kind says what the number is: the time of stmt divided by per
	// (perOp: µs per operation; perCall: ms per call), GFLOPS of a matmul
	// of size flopsN, the compile time a fresh session reports for
	// stmt's first call (compile), or the device's peak bytes in use over
	// calls of stmt (peakMemory).
	kind    measureKind
	per     float64
	flopsN  int
	anchors []anchor
	// baseline, when set, is the setup of msrepl's own anchor, "msrepl
	// eager": stmt measured in the same way after it.
	baseline string
	// target is what the performance issue asks of msrepl, in words.
	target string
}

type measureKind int

const (
	perOp measureKind = iota
	perCall
	gflops
	compile
	peakMemory
)

func (k measureKind) unit() string {
	return [...]string{"µs/op", "ms", "GFLOPS", "ms", "MiB"}[k]
}

// An anchor is a peer's number for a workload: key names it in the
// anchor script's output, recorded is what the anchors measured (one
// thread, torch_anchor.out).
type anchor struct {
	peer     string
	key      string
	recorded float64
}

const benchPrelude = `import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
np.random.seed(0)
ms.set_seed(0)
`

func benchWorkloads() []workload {
	chain := anchors.Chain("chain", "ops.tanh(x)")
	cheap := anchors.Chain("chain", "x - 0.0001")
	tiny := "x = Tensor(np.random.randn(4).astype(np.float32))\n"
	big := "x = Tensor(np.random.randn(1 << 20).astype(np.float32))\n"
	torchStep, numpyChain := anchor{"torch eager", "c.mlp_train_step_eager", 0.785}, anchor{"numpy", "e.numpy_[1M].ms", 22.8}
	return []workload{
		{name: "tiny-op chain [4], eager", setup: chain + tiny, stmt: "chain(x)", kind: perOp, per: 100,
			anchors: []anchor{{"torch eager", "a.torch_eager_[4]", 2.35}, {"numpy", "e.numpy_[4]", 1.06}}, target: "≤ 0.3 µs/op"},
		{name: "100-op chain [2^20], eager", setup: chain + big, stmt: "chain(x)", kind: perCall, per: 1,
			anchors: []anchor{{"torch eager", "b.torch_eager_[1M].ms", 67.3}, numpyChain}},
		{name: "100-op chain [2^20], @jit", setup: chain + "chain = ms.jit(chain)\n" + big, stmt: "chain(x)", kind: perCall, per: 1,
			anchors: []anchor{{"torch eager", "b.torch_eager_[1M].ms", 67.3}, numpyChain}, target: "≤ 0.1× torch, ≤ 0.25× numpy"},
		{name: "no-tanh chain [2^20], @jit", setup: cheap + "chain = ms.jit(chain)\n" + big, stmt: "chain(x)", kind: perCall, per: 1,
			anchors: []anchor{{"torch eager", "b2.torch_eager_cheap_[1M].ms", 10.2}, {"numpy", "b2.numpy_cheap_[1M].ms", 15.8}}, target: "≤ 0.5× torch"},
		{name: "MLP train step, eager", setup: anchors.MLP + anchors.TrainStep(false), stmt: "step(x, y)", kind: perCall, per: 1,
			anchors: []anchor{torchStep}},
		{name: "MLP train step, @jit", setup: anchors.MLP + anchors.TrainStep(true), stmt: "step(x, y)", kind: perCall, per: 1,
			anchors: []anchor{torchStep}, target: "≤ 0.6× torch"},
		{name: "MLP train step peak memory, @jit", setup: anchors.MLP + anchors.TrainStep(true), stmt: "step(x, y)", kind: peakMemory,
			baseline: anchors.MLP + anchors.TrainStep(false), target: "≤ 0.6× eager"},
		{name: "LeNet5 train step, eager", setup: anchors.LeNet5 + anchors.TrainStep(false), stmt: "step(x, y)", kind: perCall, per: 1,
			anchors: []anchor{{"torch eager", "g.lenet5_train_step_eager_b32", 3.23}}},
		{name: "LeNet5 train step, @jit", setup: anchors.LeNet5 + anchors.TrainStep(true), stmt: "step(x, y)", kind: perCall, per: 1,
			anchors: []anchor{{"torch eager", "g.lenet5_train_step_eager_b32", 3.23}}, target: "≤ 0.8× torch"},
		{name: "matmul 512³", setup: matmulSource(512), stmt: "ops.matmul(a, b)", kind: gflops, flopsN: 512,
			anchors: []anchor{{"torch", "d.torch_mm_512", 104.5}, {"numpy", "e.numpy_matmul_512", 105.5}}},
		{name: "matmul 1024³", setup: matmulSource(1024), stmt: "ops.matmul(a, b)", kind: gflops, flopsN: 1024,
			anchors: []anchor{{"torch", "d.torch_mm_1024", 104.7}, {"numpy", "e.numpy_matmul_1024", 104}}, target: "≥ 250 GFLOPS"},
		{name: "100-op compile, @jit", setup: chain + "chain = ms.jit(chain)\nx = Tensor(np.random.randn(1024).astype(np.float32))\n",
			stmt: "chain(x)", kind: compile,
			anchors: []anchor{{"torch.jit.script", "f.jit_script_compile_100op", 4.3}}},
	}
}

func matmulSource(n int) string {
	return fmt.Sprintf("a = Tensor(np.random.randn(%[1]d, %[1]d).astype(np.float32))\nb = Tensor(np.random.randn(%[1]d, %[1]d).astype(np.float32))\n", n)
}

// sampleTime is how long one timed sample runs, at least.
const sampleTime = 50 * time.Millisecond

// measure runs w in a fresh session count times and returns the median
// of its number.
func (w workload) measure(ctx context.Context, count int) (float64, error) {
	if w.kind == compile {
		var ms []float64
		for range count {
			s, err := w.session(ctx)
			if err != nil {
				return 0, err
			}
			if err := s.ExecuteWith(ctx, w.stmt, &exportSink{err: io.Discard}, interp.ExecOptions{NoResult: true}); err != nil {
				return 0, fmt.Errorf("%s: %v", w.name, err)
			}
			// The statement calls the jit function whose compile is timed.
			fn, _, _ := strings.Cut(w.stmt, "(")
			b, err := s.Evaluate(ctx, "ms.cache_info("+fn+")['compile_ms']")
			if err != nil {
				return 0, fmt.Errorf("%s: %v", w.name, err)
			}
			v, err := strconv.ParseFloat(fmt.Sprint(b.Data["text/plain"]), 64)
			if err != nil {
				return 0, fmt.Errorf("%s: compile_ms is %v", w.name, b.Data["text/plain"])
			}
			ms = append(ms, v)
		}
		return median(ms), nil
	}
	s, err := w.session(ctx)
	if err != nil {
		return 0, err
	}
	if w.kind == peakMemory {
		return w.peak(ctx, s, count)
	}
	run := func(n int) (time.Duration, error) {
		start := time.Now()
		err := callStmt(ctx, s, n)
		return time.Since(start), err
	}
	// Warm up (a jit function compiles), then find how many calls fill a
	// sample.
	n := 1
	for {
		d, err := run(n)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", w.name, err)
		}
		if d >= sampleTime || n >= 1<<20 {
			break
		}
		n = max(2*n, int(float64(n)*float64(sampleTime)/float64(max(d, time.Microsecond))*1.2))
	}
	var secs []float64
	for range count {
		d, err := run(n)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", w.name, err)
		}
		secs = append(secs, d.Seconds()/float64(n))
	}
	return w.value(median(secs)), nil
}

// peak is the device's peak MiB in use over count calls of the
// statement, after three that warm it up (a jit function compiles): what
// mindspore.runtime reports, the tensors' bytes whether live or waiting
// for the collector.
func (w workload) peak(ctx context.Context, s *interp.Session, count int) (float64, error) {
	if err := callStmt(ctx, s, 3); err != nil {
		return 0, fmt.Errorf("%s: %v", w.name, err)
	}
	if err := s.ExecuteWith(ctx, "ms.runtime.reset_peak_memory_stats()", &exportSink{err: io.Discard}, interp.ExecOptions{NoResult: true, NoHistory: true}); err != nil {
		return 0, fmt.Errorf("%s: %v", w.name, err)
	}
	if err := callStmt(ctx, s, count); err != nil {
		return 0, fmt.Errorf("%s: %v", w.name, err)
	}
	b, err := s.Evaluate(ctx, "ms.runtime.max_memory_allocated()")
	if err != nil {
		return 0, fmt.Errorf("%s: %v", w.name, err)
	}
	bytes, err := strconv.ParseFloat(fmt.Sprint(b.Data["text/plain"]), 64)
	if err != nil {
		return 0, fmt.Errorf("%s: max_memory_allocated() is %v", w.name, b.Data["text/plain"])
	}
	return bytes / (1 << 20), nil
}

// value is w's number, in its unit, for secs seconds per statement.
func (w workload) value(secs float64) float64 {
	switch w.kind {
	case perOp:
		return secs / w.per * 1e6
	case gflops:
		return 2 * float64(w.flopsN*w.flopsN*w.flopsN) / secs / 1e9
	}
	return secs / w.per * 1e3
}

// callStmt runs the statement of the workload s was made for n times.
func callStmt(ctx context.Context, s *interp.Session, n int) error {
	return s.ExecuteWith(ctx, fmt.Sprintf("__bench(%d)", n), &exportSink{err: io.Discard}, interp.ExecOptions{NoResult: true, NoHistory: true})
}

// session is a fresh session with w's setup run and a loop that calls
// its statement.
func (w workload) session(ctx context.Context) (*interp.Session, error) {
	s := interp.NewSession()
	src := benchPrelude + w.setup + "\ndef __bench(n):\n    for _ in range(n):\n        " + w.stmt + "\n"
	var errs bytes.Buffer
	if err := s.ExecuteWith(ctx, src, &exportSink{err: &errs}, interp.ExecOptions{Filename: w.name, NoResult: true}); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", w.name, err, errs.String())
	}
	return s, nil
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}

// benchCommand is msrepl bench [-count N] [-run REGEXP] [-recorded]: the
// suite's table.
func benchCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("msrepl bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	count := fs.Int("count", 5, "samples per workload; the table shows their median")
	filter := fs.String("run", "", "only the workloads whose name matches this regular expression")
	recorded := fs.Bool("recorded", false, "compare with the recorded anchors, without running torch")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *count < 1 {
		io.WriteString(stderr, "msrepl bench: takes only -count N (N ≥ 1), -run REGEXP and -recorded\n\n"+usage)
		return 2
	}
	re, err := regexp.Compile(*filter)
	if err != nil {
		fmt.Fprintf(stderr, "msrepl bench: -run: %v\n", err)
		return 2
	}
	var todo []workload
	for _, w := range benchWorkloads() {
		if re.MatchString(w.name) {
			todo = append(todo, w)
		}
	}
	if len(todo) == 0 {
		fmt.Fprintf(stderr, "msrepl bench: -run %q matches no workload\n", *filter)
		return 2
	}
	ctx := context.Background()
	measured, source := map[string]float64(nil), "recorded with the anchors (torch_anchor.out, one thread)"
	if !*recorded {
		if measured, err = anchors.MeasureTorch(ctx, *count); err != nil {
			fmt.Fprintf(stderr, "msrepl bench: torch is not measured here (%v); the anchors are the recorded ones\n", err)
		} else {
			source = "torch and numpy measured now, on one thread"
		}
	}
	fmt.Fprintf(stdout, "msrepl bench: medians of %d samples; anchors %s\n\n", *count, source)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tmsrepl\tunit\tanchor\tits value\tratio\ttarget\t")
	failed := false
	for _, w := range todo {
		v, err := w.measure(ctx, *count)
		if err != nil {
			fmt.Fprintf(stderr, "msrepl bench: %v\n", err)
			failed = true
			continue
		}
		// An anchor's number is measured now, recorded, or for the
		// baseline msrepl's own.
		type row struct {
			peer   string
			theirs float64
		}
		var rows []row
		for _, a := range w.anchors {
			theirs, ok := measured[a.key]
			if !ok {
				theirs = a.recorded
			}
			rows = append(rows, row{a.peer, theirs})
		}
		if w.baseline != "" {
			base := w
			base.setup = w.baseline
			theirs, err := base.measure(ctx, *count)
			if err != nil {
				fmt.Fprintf(stderr, "msrepl bench: %v\n", err)
				failed = true
				continue
			}
			rows = append(rows, row{"msrepl eager", theirs})
		}
		for i, r := range rows {
			name, mine, unit, target := w.name, fmt.Sprintf("%.3g", v), w.kind.unit(), w.target
			if i > 0 {
				name, mine, unit, target = "", "", "", ""
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3g\t%s\t%s\t\n", name, mine, unit, r.peer, r.theirs, ratio(w.kind, v, r.theirs), target)
		}
	}
	tw.Flush()
	if failed {
		return 1
	}
	return 0
}

// ratio is msrepl's time over the anchor's, or for GFLOPS the anchor's
// rate over msrepl's, so that below 1 is always faster.
func ratio(k measureKind, mine, theirs float64) string {
	if k == gflops {
		return fmt.Sprintf("%.2f×", theirs/mine)
	}
	return fmt.Sprintf("%.2f×", mine/theirs)
}
