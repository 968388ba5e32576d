//go:build goexperiment.simd && amd64

package cpu

// The evaluation of Go 1.26's simd/archsimd against the avo assembly, as
// the issue that built the kernels asked: the same float32 operations
// written with archsimd's Float32x16 give the same bits, and run 1.7×
// slower (a multiply by a scalar 0.078 against 0.045 ns an element, exp
// 0.46 against 0.27, on 8192-element blocks): each slice load and store
// checks its bounds, and nothing unrolls. So the kernels stay in
// assembly. Re-run it with
//
//	GOEXPERIMENT=simd go test -run Archsimd -bench Archsimd ./devices/cpu

import (
	"math"
	"simd/archsimd"
	"testing"
)

// mulVSArch is mulVS32 with archsimd.
func mulVSArch(dst, x []float32, y float32) {
	yv := archsimd.BroadcastFloat32x16(y)
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		archsimd.LoadFloat32x16Slice(x[i:]).Mul(yv).StoreSlice(dst[i:])
	}
	if n < len(x) {
		archsimd.LoadFloat32x16SlicePart(x[n:]).Mul(yv).StoreSlicePart(dst[n:])
	}
}

// expArchVec is expV32's vector step with archsimd.
func expArchVec(v archsimd.Float32x16) archsimd.Float32x16 {
	b := archsimd.BroadcastFloat32x16
	n := v.Mul(b(log2e32)).RoundToEvenScaled(0)
	r := v.Sub(n.Mul(b(ln2Hi32)))
	r = r.Sub(n.Mul(b(ln2Lo32)))
	p := b(expC5)
	for _, c := range [...]float32{expC4, expC3, expC2, expC1, expC0} {
		p = p.Mul(r).Add(b(c))
	}
	t := r.Mul(r)
	p = p.Mul(t).Add(r).Add(b(1))
	rest := n.ConvertToInt32()
	half := rest.ShiftAllRight(1)
	rest = rest.Sub(half)
	bias := archsimd.BroadcastInt32x16(127)
	half = half.Add(bias).ShiftAllLeft(23)
	rest = rest.Add(bias).ShiftAllLeft(23)
	p = p.Mul(half.AsFloat32x16()).Mul(rest.AsFloat32x16())
	p = b(float32(math.Inf(1))).Merge(p, v.Greater(b(expMax32)))
	p = b(0).Merge(p, v.Less(b(expMin32)))
	return v.Merge(p, v.IsNaN())
}

// expArch is expV32 with archsimd.
func expArch(dst, x []float32) {
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		expArchVec(archsimd.LoadFloat32x16Slice(x[i:])).StoreSlice(dst[i:])
	}
	if n < len(x) {
		expArchVec(archsimd.LoadFloat32x16SlicePart(x[n:])).StoreSlicePart(dst[n:])
	}
}

// TestArchsimdExpMatches: the archsimd exp gives expV32's bits.
func TestArchsimdExpMatches(t *testing.T) {
	var vals []float32
	for x := range samples32 {
		vals = append(vals, x)
	}
	got := make([]float32, len(vals))
	expArch(got, vals)
	for i, v := range vals {
		if w := exp32(v); math.Float32bits(got[i]) != math.Float32bits(w) && !(got[i] != got[i] && w != w) {
			t.Fatalf("exp(%v): archsimd %v, exp32 %v", v, got[i], w)
		}
	}
}

// BenchmarkArchsimd times the avo kernels and their archsimd forms side
// by side.
func BenchmarkArchsimd(b *testing.B) {
	benchKernels(b, func(d, x []float32) []kernelCase {
		return []kernelCase{
			{"mul/avo", func() { mulVS32(&d[0], &x[0], 1.0001, len(x)) }},
			{"mul/archsimd", func() { mulVSArch(d, x, 1.0001) }},
			{"exp/avo", func() { expV32(&d[0], &x[0], len(x)) }},
			{"exp/archsimd", func() { expArch(d, x) }},
		}
	})
}
