package cpu

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSIMDMatchesGo checks that the assembly kernels give exactly the bits
// of the Go code, on lengths that exercise the unrolled loop, the single
// vectors and the masked tail, and on values from every binade.
func TestSIMDMatchesGo(t *testing.T) {
	checkSIMDMatchesGo(t, false)
}

// TestSIMDMatchesGoSorted is TestSIMDMatchesGo with the values in order of
// magnitude, so that whole vectors fall in one branch of a kernel that
// skips the other (tanh's polynomial or its exponential), where shuffled
// values give mixed vectors.
func TestSIMDMatchesGoSorted(t *testing.T) {
	checkSIMDMatchesGo(t, true)
}

func checkSIMDMatchesGo(t *testing.T, sorted bool) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	var vals []float32
	for x := range samples32 {
		vals = append(vals, x)
	}
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	if sorted {
		slices.SortStableFunc(vals, func(a, b float32) int { return cmp.Compare(math.Abs(float64(a)), math.Abs(float64(b))) })
	}
	ys := make([]float32, len(vals))
	for i := range ys {
		ys[i] = vals[(i*7+3)%len(vals)]
	}
	same := func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b }
	for _, n := range []int{1, 5, 15, 16, 17, 63, 64, 65, 100, 1000, len(vals)} {
		x, y := vals[:n], ys[:n]
		got, want := make([]float32, n+1), make([]float32, n+1)
		got[n], want[n] = 42, 42 // past the end: never written
		for _, c := range approx32 {
			unaryV32[c.op](&got[0], &x[0], n)
			for i, v := range x {
				want[i] = c.f(v)
			}
			for i := range got {
				if !same(got[i], want[i]) {
					t.Fatalf("%s n=%d: [%d] %v gives %v, Go gives %v", c.name, n, i, x[min(i, n-1)], got[i], want[i])
				}
			}
		}
		for op, k := range binaryVV32 {
			if k == nil {
				continue
			}
			f := binaryFunc[float32](BinaryOp(op))
			k(&got[0], &x[0], &y[0], n)
			binaryVS32[op](&got[n/2], &x[n/2], y[0], n-n/2)
			for i := range n {
				b := y[i]
				if i >= n/2 {
					b = y[0]
				}
				if w := f(x[i], b); !same(got[i], w) {
					t.Fatalf("binary op %d n=%d: [%d] %v, %v gives %v, Go gives %v", op, n, i, x[i], b, got[i], w)
				}
			}
			if got[n] != 42 {
				t.Fatalf("binary op %d n=%d wrote past the end", op, n)
			}
		}
		reluV32(&got[0], &x[0], n)
		for i, v := range x {
			w := float32(0)
			if v > 0 {
				w = v
			}
			if !same(got[i], w) {
				t.Fatalf("relu n=%d: [%d] %v gives %v", n, i, v, got[i])
			}
		}
		reluGradVV32(&got[0], &x[0], &y[0], n)
		hasAVX512 = false
		reluGradRun(want[:n], y, x)
		hasAVX512 = true
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("relu gradient n=%d: [%d] at %v of %v gives %v, Go gives %v", n, i, x[min(i, n-1)], y[min(i, n-1)], got[i], want[i])
			}
		}
	}
}

// BenchmarkKernels times the float32 kernels on a fused block's worth of
// elements, the size they run on in fused steps.
func BenchmarkKernels(b *testing.B) {
	benchKernels(b, func(d, x []float32) []kernelCase {
		return []kernelCase{
			{"tanh", func() { tanhV32(&d[0], &x[0], len(x)) }},
			{"exp", func() { expV32(&d[0], &x[0], len(x)) }},
			{"log", func() { logV32(&d[0], &x[0], len(x)) }},
			{"sigmoid", func() { sigmoidV32(&d[0], &x[0], len(x)) }},
			{"tanhAVX2", func() { tanhV32AVX2(&d[0], &x[0], len(x)) }},
			{"expAVX2", func() { expV32AVX2(&d[0], &x[0], len(x)) }},
			{"logAVX2", func() { logV32AVX2(&d[0], &x[0], len(x)) }},
			{"sigmoidAVX2", func() { sigmoidV32AVX2(&d[0], &x[0], len(x)) }},
			{"mul", func() { mulVS32(&d[0], &x[0], 1.0001, len(x)) }},
			{"relu", func() { reluV32(&d[0], &x[0], len(x)) }},
		}
	})
}

// A kernelCase is a kernel run over a benchmark's block.
type kernelCase struct {
	name string
	run  func()
}

// benchKernels times each of the cases made over a block d of output and
// a block x of input (fusedBlock elements, i/1000), in ns an element.
func benchKernels(b *testing.B, cases func(d, x []float32) []kernelCase) {
	x := make([]float32, fusedBlock)
	d := make([]float32, fusedBlock)
	for i := range x {
		x[i] = float32(i) / 1000
	}
	for _, c := range cases(d, x) {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.run()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/fusedBlock, "ns/elem")
		})
	}
}

// TestDescendSIMD: the float32 gradient step in assembly gives the Go
// loop's bits, in place as optimizers run it and across its L1 pieces.
func TestDescendSIMD(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 17, 1023, 1024, 1025, 5000, 70001} {
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(r.NormFloat64()), float32(r.NormFloat64()*1e-3)
		}
		alpha := float32(0.01)
		want := make([]float32, n)
		for i := range want {
			want[i] = x[i] - float32(alpha*y[i])
		}
		Descend(x, x, y, alpha)
		for i := range want {
			if math.Float32bits(x[i]) != math.Float32bits(want[i]) {
				t.Fatalf("n=%d: [%d] is %v, the Go loop gives %v", n, i, x[i], want[i])
			}
		}
	}
}

// TestConvWithoutAVX512 runs the convolution tests with the assembly
// turned off, so that the Go code a machine without AVX-512 runs (the row
// loops of im2col and col2im, B's packing row by row) is checked on this
// one too.
func TestConvWithoutAVX512(t *testing.T) {
	if !hasAVX512 {
		t.Skip("the convolution tests already run the Go code here")
	}
	defer func(has bool) { hasAVX512 = has }(hasAVX512)
	hasAVX512 = false
	t.Run("forward", TestConv2D)
	t.Run("gradients", TestConv2DGrads)
	t.Run("bounds", TestConvKernelsStayInBounds)
}

// col2im adds onto what its output holds, in assembly as in Go: the
// narrow kernel starts each row from the row, not from zero, and gives
// the Go code's bits.
func TestCol2imAddsOnto(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	defer func(has bool) { hasAVX512 = has }(hasAVX512)
	r := rand.New(rand.NewPCG(11, 12))
	for w := 3; w <= 16; w++ {
		p := Conv2DParams{N: 1, C: 2, H: 6, W: w, OutC: 1, KH: 3, KW: 3, OH: 4, OW: w - 2,
			StrideH: 1, StrideW: 1, DilationH: 1, DilationW: 1, Groups: 1}
		hasAVX512 = true
		if !p.narrow(p.W, 16) {
			t.Fatalf("w=%d: not a case for the narrow kernel", w)
		}
		cols := make([]float32, p.C*p.KH*p.KW*p.OH*p.OW)
		for i := range cols {
			cols[i] = float32(r.NormFloat64())
		}
		var got [2][]float32
		for k, has := range []bool{true, false} {
			hasAVX512 = has
			got[k] = make([]float32, p.C*p.H*p.W)
			for i := range got[k] {
				got[k][i] = float32(i%5) - 2
			}
			col2im(p, cols, got[k])
		}
		for i := range got[0] {
			if math.Float32bits(got[0][i]) != math.Float32bits(got[1][i]) {
				t.Fatalf("w=%d: [%d] is %v in assembly, %v in Go", w, i, got[0][i], got[1][i])
			}
		}
	}
}

// The halving max pooling and its gradient in assembly give the Go code's
// bits: Go's max, NaN payloads and ±0 included; the same first maximum
// among ties; the first NaN in a window that has one; +0 for a dy of −0;
// and a cleared odd last row and column. Widths run past two vectors of
// windows with every tail, and canaries past y and dx must survive.
func TestMaxPoolHalvingMatchesGo(t *testing.T) {
	if !hasAVX512 {
		t.Skip("no AVX-512")
	}
	defer func(has bool) { hasAVX512 = has }(hasAVX512)
	r := rand.New(rand.NewPCG(13, 14))
	values := []float32{1, 2, -1, float32(math.Inf(1)), 0, float32(math.Copysign(0, -1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00002)}
	const canary = 12345
	withCanary := func(n int) []float32 {
		s := make([]float32, n+16)
		for i := range s {
			s[i] = canary
		}
		return s
	}
	same := func(what string, p Pool2DParams, got, want []float32) {
		t.Helper()
		for i, w := range want {
			if math.Float32bits(got[i]) != math.Float32bits(w) {
				t.Fatalf("%s, ow=%d w=%d: [%d] = %v (%#x), want %v (%#x)", what, p.OW, p.W, i, got[i], math.Float32bits(got[i]), w, math.Float32bits(w))
			}
		}
		for i, c := range got[len(want):] {
			if c != canary {
				t.Fatalf("%s, ow=%d w=%d: wrote %v past the output, at %d", what, p.OW, p.W, c, i)
			}
		}
	}
	for ow := 1; ow <= 19; ow++ {
		for _, odd := range []int{0, 1} {
			p := Pool2DParams{N: 2, C: 2, H: 6 + odd, W: 2*ow + odd, KH: 2, KW: 2, SH: 2, SW: 2, OH: 3, OW: ow}
			x := make([]float32, p.N*p.C*p.H*p.W)
			for i := range x {
				x[i] = values[r.IntN(len(values))]
			}
			dy := make([]float32, p.N*p.C*p.OH*p.OW)
			for i := range dy {
				dy[i] = values[r.IntN(len(values)-2)]
			}
			wantY, wantDx := make([]float32, len(dy)), make([]float32, len(x))
			hasAVX512 = false
			MaxPool2D(p, x, wantY)
			MaxPool2DGrad(p, x, dy, wantDx)
			hasAVX512 = true
			y, dx := withCanary(len(dy)), withCanary(len(x))
			if !maxPoolHalvingSIMD32(p, x, y[:len(dy)]) || !maxPoolGradHalvingSIMD32(p, x, dy, dx[:len(x)]) {
				t.Fatalf("%+v: not a case for the kernels", p)
			}
			same("y", p, y, wantY)
			same("dx", p, dx, wantDx)
		}
	}
}

// The pairwise sum's leaves and a run's max and min in assembly give the
// Go loops' bits: sums of every leaf length on values of every binade,
// where the order of the additions shows in the last bits; and extrema
// of runs with ties between −0 and +0, infinities and NaNs of several
// payloads, where which element wins shows too.
func TestReductionsSIMDMatchGo(t *testing.T) {
	if !hasAVX512 && !hasAVX2 {
		t.Skip("no AVX-512 or AVX2")
	}
	defer func(a512, a2 bool) { hasAVX512, hasAVX2 = a512, a2 }(hasAVX512, hasAVX2)
	// Each machine kind this one can stand for: AVX-512, and AVX2 alone.
	var kinds [][2]bool
	if hasAVX512 {
		kinds = append(kinds, [2]bool{true, hasAVX2})
	}
	if hasAVX2 {
		kinds = append(kinds, [2]bool{false, true})
	}
	for _, kind := range kinds {
		checkReductionsSIMD(t, func(f func() float32) (simd, scalar float32) {
			hasAVX512, hasAVX2 = kind[0], kind[1]
			simd = f()
			hasAVX512, hasAVX2 = false, false
			scalar = f()
			return simd, scalar
		})
	}
}

// checkReductionsSIMD checks sums and extrema, both giving the result
// with the assembly kernels in use and without.
func checkReductionsSIMD(t *testing.T, both func(f func() float32) (simd, scalar float32)) {
	r := rand.New(rand.NewPCG(15, 16))
	x := make([]float32, 300)
	for trial := range 2000 {
		for i := range x {
			x[i] = float32(r.NormFloat64() * math.Exp2(float64(r.IntN(40)-20)))
		}
		n := 8 + trial%(pairwiseBlock-7)
		got, want := both(func() float32 { return pairwiseSum(x[:n]) })
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("sum of %d: %v in assembly, %v in Go", n, got, want)
		}
		long, longWant := both(func() float32 { return pairwiseSum(x) })
		if math.Float32bits(long) != math.Float32bits(longWant) {
			t.Fatalf("sum of %d: %v in assembly, %v in Go", len(x), long, longWant)
		}
	}
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00002), 3, 3}
	for trial := range 3000 {
		n := 1 + trial%70
		run := x[:n]
		for i := range run {
			if r.IntN(3) == 0 {
				run[i] = special[r.IntN(len(special))]
			} else {
				run[i] = -float32(r.IntN(4))
			}
		}
		for _, op := range []ReduceOp{ReduceMax, ReduceMin} {
			acc := special[r.IntN(len(special))]
			got, want := both(func() float32 { return fold(op, acc, run) })
			if math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("op %d of %v from %v: %v (%#x) in assembly, %v (%#x) in Go", op, run, acc,
					got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
	}
}

// simdGemms are the assembly GEMMs this machine can run besides the
// default: the AVX2 one, tested here even where AVX-512 is Gemm.
func simdGemms() map[string]GEMM {
	if !hasAVX2 {
		return nil
	}
	return map[string]GEMM{"cpu.AVX2": AVX2{}}
}

// The AVX2 kernels, which machines without AVX-512 run, give the Go
// code's bits: the binary ops on two vectors and on a vector and a
// scalar, exp, log, tanh and sigmoid, relu and its gradient, on lengths with every remainder mod 8
// (done in Go), and on values from every binade with NaNs and zeros of
// both signs.
func TestAVX2MatchesGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	defer func(a512, a2 bool) { hasAVX512, hasAVX2 = a512, a2 }(hasAVX512, hasAVX2)
	var vals []float32
	for x := range samples32 {
		vals = append(vals, x)
	}
	r := rand.New(rand.NewPCG(19, 20))
	r.Shuffle(len(vals), func(i, j int) { vals[i], vals[j] = vals[j], vals[i] })
	ys := make([]float32, len(vals))
	for i := range ys {
		ys[i] = vals[(i*7+3)%len(vals)]
	}
	bySize := slices.Clone(vals)
	slices.SortStableFunc(bySize, func(a, b float32) int { return cmp.Compare(math.Abs(float64(a)), math.Abs(float64(b))) })
	same := func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }
	for _, n := range []int{1, 7, 8, 9, 31, 32, 33, 40, 47, 100, 1001, len(vals)} {
		x, y := vals[:n], ys[:n]
		got, want := make([]float32, n+1), make([]float32, n+1)
		got[n], want[n] = 42, 42
		for op := range binaryVV32AVX2 {
			if binaryVV32AVX2[op] == nil {
				continue
			}
			f := binaryFunc[float32](BinaryOp(op))
			for _, scalar := range []bool{false, true} {
				hasAVX512, hasAVX2 = false, true
				ystride := 1
				if scalar {
					ystride = 0
				}
				if !binarySIMD32(BinaryOp(op), got[:n], x, y, 1, ystride) {
					t.Fatalf("op %d: the AVX2 path was not taken", op)
				}
				for i := range n {
					b := y[i*ystride]
					if w := f(x[i], b); !same(got[i], w) && !(got[i] != got[i] && w != w && op != int(Maximum) && op != int(Minimum)) {
						t.Fatalf("op %d scalar=%v n=%d: [%d] %v, %v gives %v (%#x), Go gives %v (%#x)", op, scalar, n, i, x[i], b,
							got[i], math.Float32bits(got[i]), w, math.Float32bits(w))
					}
				}
			}
		}
		// In order of magnitude too, so that whole vectors take one of
		// tanh's branches.
		for _, x := range [][]float32{x, bySize[:n]} {
			for _, c := range approx32 {
				hasAVX512, hasAVX2 = false, true
				if !unarySIMD32(c.op, got[:n], x) {
					t.Fatalf("%s: the AVX2 path was not taken", c.name)
				}
				for i, v := range x {
					if w := c.f(v); !same(got[i], w) && !(got[i] != got[i] && w != w) {
						t.Fatalf("%s n=%d: [%d] %v gives %v (%#x), Go gives %v (%#x)", c.name, n, i, v, got[i], math.Float32bits(got[i]), w, math.Float32bits(w))
					}
				}
				if got[n] != 42 {
					t.Fatalf("%s n=%d wrote past the end", c.name, n)
				}
			}
		}
		hasAVX512, hasAVX2 = false, true
		unarySIMD32(ReLU, got[:n], x)
		reluGradSIMD32(got[n/2:n], y[n/2:], x[n/2:])
		hasAVX512, hasAVX2 = false, false
		for i, v := range x[:n/2] {
			want[i] = 0
			if v > 0 {
				want[i] = v
			}
		}
		reluGradRun(want[n/2:n], y[n/2:], x[n/2:])
		for i := range got {
			if !same(got[i], want[i]) {
				t.Fatalf("relu / its gradient n=%d: [%d] gives %v, Go gives %v", n, i, got[i], want[i])
			}
		}
		// In place, as a fused program's slots may be.
		inPlace := append([]float32(nil), x...)
		hasAVX512, hasAVX2 = false, true
		unarySIMD32(ReLU, inPlace, inPlace)
		for i := range n / 2 {
			if !same(inPlace[i], want[i]) {
				t.Fatalf("relu in place n=%d: [%d] gives %v, Go gives %v", n, i, inPlace[i], want[i])
			}
		}
	}
}

// TestFMAOnEveryKind runs TestFMA as a machine with AVX2 but not
// AVX-512 and as one with neither would, where this one can stand for
// them.
func TestFMAOnEveryKind(t *testing.T) {
	defer func(a512, a2 bool) { hasAVX512, hasAVX2 = a512, a2 }(hasAVX512, hasAVX2)
	if hasAVX2 {
		hasAVX512 = false
		t.Run("AVX2", func(t *testing.T) { testFMA[float32](t) })
	}
	hasAVX512, hasAVX2 = false, false
	t.Run("Go", func(t *testing.T) { testFMA[float32](t) })
}
