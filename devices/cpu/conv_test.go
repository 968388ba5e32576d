package cpu

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// naiveConv2D is the definition of Conv2D, one output at a time.
func naiveConv2D(p Conv2DParams, x, w []float64) []float64 {
	cg, og := p.C/p.Groups, p.OutC/p.Groups
	y := make([]float64, p.N*p.OutC*p.OH*p.OW)
	for n := range p.N {
		for o := range p.OutC {
			g := o / og
			for oy := range p.OH {
				for ox := range p.OW {
					s := 0.0
					for c := range cg {
						for i := range p.KH {
							for j := range p.KW {
								iy := oy*p.StrideH + i*p.DilationH - p.PadTop
								ix := ox*p.StrideW + j*p.DilationW - p.PadLeft
								if iy < 0 || iy >= p.H || ix < 0 || ix >= p.W {
									continue
								}
								s += x[((n*p.C+g*cg+c)*p.H+iy)*p.W+ix] * w[((o*cg+c)*p.KH+i)*p.KW+j]
							}
						}
					}
					y[((n*p.OutC+o)*p.OH+oy)*p.OW+ox] = s
				}
			}
		}
	}
	return y
}

func TestConv2D(t *testing.T) {
	base := Conv2DParams{N: 2, C: 3, H: 7, W: 6, OutC: 4, KH: 3, KW: 3, StrideH: 1, StrideW: 1, DilationH: 1, DilationW: 1, Groups: 1}
	tests := []struct {
		name string
		edit func(p *Conv2DParams)
	}{
		{"valid", func(p *Conv2DParams) {}},
		{"stride", func(p *Conv2DParams) { p.StrideH, p.StrideW = 2, 3 }},
		{"dilation", func(p *Conv2DParams) { p.DilationH, p.DilationW = 2, 2 }},
		{"pad_asymmetric", func(p *Conv2DParams) { p.PadTop, p.PadLeft = 1, 2; p.OH, p.OW = 8, 9 }},
		{"pad_stride_dilation", func(p *Conv2DParams) {
			p.PadTop, p.PadLeft, p.StrideH, p.StrideW, p.DilationH, p.DilationW = 2, 1, 2, 2, 2, 3
			p.OH, p.OW = 4, 2
		}},
		{"groups", func(p *Conv2DParams) { p.C, p.OutC, p.Groups = 4, 6, 2 }},
		{"depthwise", func(p *Conv2DParams) { p.C, p.OutC, p.Groups = 3, 3, 3 }},
		{"pointwise", func(p *Conv2DParams) { p.KH, p.KW = 1, 1 }},
		{"pad_wider_than_kernel", func(p *Conv2DParams) { p.KW, p.PadLeft, p.OW = 5, 4, 10 }},
		// Whole rows wider than a vector, some above the input.
		{"wide_rows_padded_top", func(p *Conv2DParams) { p.H, p.W, p.PadTop, p.StrideH, p.OH = 9, 40, 2, 2, 5 }},
		{"lenet_conv1", func(p *Conv2DParams) { p.N, p.C, p.H, p.W, p.OutC, p.KH, p.KW = 3, 1, 32, 32, 6, 5, 5 }},
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, tt := range tests {
		p := base
		tt.edit(&p)
		// Unpadded outputs are as many as fit; padded cases state theirs.
		if p.OH == 0 {
			p.OH = (p.H-p.DilationH*(p.KH-1)-1)/p.StrideH + 1
		}
		if p.OW == 0 {
			p.OW = (p.W-p.DilationW*(p.KW-1)-1)/p.StrideW + 1
		}
		x := make([]float64, p.N*p.C*p.H*p.W)
		w := make([]float64, p.OutC*p.C/p.Groups*p.KH*p.KW)
		for i := range x {
			x[i] = float64(r.IntN(9) - 4)
		}
		for i := range w {
			w[i] = float64(r.IntN(9) - 4)
		}
		want := naiveConv2D(p, x, w)
		t.Run(fmt.Sprintf("%s/float32", tt.name), func(t *testing.T) {
			y := make([]float32, len(want))
			Conv2D(p, convertSlice[float32](x), convertSlice[float32](w), y)
			checkExact(t, convertSlice[float64](y), want)
		})
		t.Run(fmt.Sprintf("%s/int64", tt.name), func(t *testing.T) {
			y := make([]int64, len(want))
			Conv2D(p, convertSlice[int64](x), convertSlice[int64](w), y)
			checkExact(t, convertSlice[float64](y), want)
		})
	}
}

func checkExact(t *testing.T, got, want []float64) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("element %d = %v, want %v", i, got[i], want[i])
		}
	}
}

// The row kernels of im2col and col2im write only what they own: each
// buffer is a slice of a larger one whose tail holds canaries, which a
// write past the end (a mask wider than its row) would change. Run on
// every row width the narrow kernels take, and across vector boundaries.
func TestConvKernelsStayInBounds(t *testing.T) {
	const canary = float32(-12345)
	guarded := func(n int) ([]float32, []float32) {
		all := make([]float32, n+64)
		for i := range all[n:] {
			all[n+i] = canary
		}
		return all[:n:n], all[n:]
	}
	intact := func(what string, tail []float32) {
		t.Helper()
		for i, v := range tail {
			if v != canary {
				t.Fatalf("%s wrote %v at %d past its end", what, v, i)
			}
		}
	}
	for w := 2; w <= 36; w++ {
		for _, k := range []int{1, 2, 5} {
			if k > w {
				continue
			}
			p := Conv2DParams{N: 1, C: 2, H: k + 2, W: w, OutC: 1, KH: k, KW: k, OH: 3, OW: w - k + 1,
				StrideH: 1, StrideW: 1, DilationH: 1, DilationW: 1, Groups: 1}
			x := make([]float32, p.C*p.H*p.W)
			for i := range x {
				x[i] = float32(i%7) - 3
			}
			kdim, spatial := p.C*p.KH*p.KW, p.OH*p.OW
			cols, tail := guarded(kdim * spatial)
			im2col(p, x, cols)
			intact(fmt.Sprintf("im2col w=%d k=%d", w, k), tail)
			back, tail := guarded(len(x))
			col2im(p, cols, back)
			intact(fmt.Sprintf("col2im w=%d k=%d", w, k), tail)
			rows, tail := guarded(3 * w)
			copyRows(rows, x, 3, w, w)
			intact(fmt.Sprintf("copyRows w=%d", w), tail)
			addRows(rows, cols[:3*w], 3, w, w)
			intact(fmt.Sprintf("addRows w=%d", w), tail)
		}
	}
}
