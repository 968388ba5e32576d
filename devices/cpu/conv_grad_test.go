package cpu

import (
	"math/rand/v2"
	"testing"
)

// naiveConv2DGrads is the definition of Conv2D's gradients: every product
// x·w of the forward sends dy·w to x's position and dy·x to w's.
func naiveConv2DGrads(p Conv2DParams, x, w, dy []float64) (dx, dw []float64) {
	cg, og := p.C/p.Groups, p.OutC/p.Groups
	dx, dw = make([]float64, len(x)), make([]float64, len(w))
	for n := range p.N {
		for o := range p.OutC {
			g := o / og
			for oy := range p.OH {
				for ox := range p.OW {
					d := dy[((n*p.OutC+o)*p.OH+oy)*p.OW+ox]
					for c := range cg {
						for i := range p.KH {
							for j := range p.KW {
								iy := oy*p.StrideH + i*p.DilationH - p.PadTop
								ix := ox*p.StrideW + j*p.DilationW - p.PadLeft
								if iy < 0 || iy >= p.H || ix < 0 || ix >= p.W {
									continue
								}
								xi, wi := ((n*p.C+g*cg+c)*p.H+iy)*p.W+ix, ((o*cg+c)*p.KH+i)*p.KW+j
								dx[xi] += d * w[wi]
								dw[wi] += d * x[xi]
							}
						}
					}
				}
			}
		}
	}
	return dx, dw
}

func TestConv2DGrads(t *testing.T) {
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
		{"pointwise_groups", func(p *Conv2DParams) { p.KH, p.KW, p.C, p.OutC, p.Groups = 1, 1, 4, 6, 2 }},
		{"pad_wider_than_kernel", func(p *Conv2DParams) { p.KW, p.PadLeft, p.OW = 5, 4, 10 }},
		// Whole rows wider than a vector, some above the input.
		{"wide_rows_padded_top", func(p *Conv2DParams) { p.H, p.W, p.PadTop, p.StrideH, p.OH = 9, 40, 2, 2, 5 }},
		// Big enough for the filter gradient to be split across goroutines.
		{"lenet_conv2", func(p *Conv2DParams) { p.N, p.C, p.H, p.W, p.OutC, p.KH, p.KW = 5, 6, 14, 14, 16, 5, 5 }},
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, tt := range tests {
		p := base
		tt.edit(&p)
		if p.OH == 0 {
			p.OH = (p.H-p.DilationH*(p.KH-1)-1)/p.StrideH + 1
		}
		if p.OW == 0 {
			p.OW = (p.W-p.DilationW*(p.KW-1)-1)/p.StrideW + 1
		}
		x := make([]float64, p.N*p.C*p.H*p.W)
		w := make([]float64, p.OutC*p.C/p.Groups*p.KH*p.KW)
		dy := make([]float64, p.N*p.OutC*p.OH*p.OW)
		for _, s := range [][]float64{x, w, dy} {
			for i := range s {
				s[i] = float64(r.IntN(9) - 4)
			}
		}
		wantDx, wantDw := naiveConv2DGrads(p, x, w, dy)
		t.Run(tt.name+"/float64", func(t *testing.T) {
			dx, dw := make([]float64, len(x)), make([]float64, len(w))
			Conv2DBackpropInput(p, dy, w, dx)
			checkExact(t, dx, wantDx)
			Conv2DBackpropFilter(p, dy, x, dw)
			checkExact(t, dw, wantDw)
		})
		t.Run(tt.name+"/float32", func(t *testing.T) {
			dx, dw := make([]float32, len(x)), make([]float32, len(w))
			Conv2DBackpropInput(p, convertSlice[float32](dy), convertSlice[float32](w), dx)
			checkExact(t, convertSlice[float64](dx), wantDx)
			Conv2DBackpropFilter(p, convertSlice[float32](dy), convertSlice[float32](x), dw)
			checkExact(t, convertSlice[float64](dw), wantDw)
		})
	}
}

// BenchmarkLeNet5Conv times the convolutions of a LeNet5 training step
// (batch 32, 1×32×32 images) forward and backward, in float32. conv1's
// input gradient is not needed in training: its input is the data.
func BenchmarkLeNet5Conv(b *testing.B) {
	conv1 := Conv2DParams{N: 32, C: 1, H: 32, W: 32, OutC: 6, KH: 5, KW: 5, OH: 28, OW: 28,
		StrideH: 1, StrideW: 1, DilationH: 1, DilationW: 1, Groups: 1}
	conv2 := Conv2DParams{N: 32, C: 6, H: 14, W: 14, OutC: 16, KH: 5, KW: 5, OH: 10, OW: 10,
		StrideH: 1, StrideW: 1, DilationH: 1, DilationW: 1, Groups: 1}
	for _, c := range []struct {
		name string
		p    Conv2DParams
	}{{"conv1", conv1}, {"conv2", conv2}} {
		p := c.p
		x := make([]float32, p.N*p.C*p.H*p.W)
		w := make([]float32, p.OutC*p.C*p.KH*p.KW)
		y := make([]float32, p.N*p.OutC*p.OH*p.OW)
		for i := range x {
			x[i] = float32(i%7) - 3
		}
		for i := range w {
			w[i] = float32(i%5) - 2
		}
		for i := range y {
			y[i] = float32(i%3) - 1
		}
		dx, dw := make([]float32, len(x)), make([]float32, len(w))
		b.Run(c.name+"/forward", func(b *testing.B) {
			for b.Loop() {
				Conv2D(p, x, w, y)
			}
		})
		b.Run(c.name+"/input", func(b *testing.B) {
			for b.Loop() {
				Conv2DBackpropInput(p, y, w, dx)
			}
		})
		b.Run(c.name+"/filter", func(b *testing.B) {
			for b.Loop() {
				Conv2DBackpropFilter(p, y, x, dw)
			}
		})
	}
}
