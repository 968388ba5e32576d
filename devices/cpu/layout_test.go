package cpu

import (
	"slices"
	"testing"
)

// naiveCopy is Copy's definition, one element at a time.
func naiveCopy(dst []int32, dl Layout, src []int32, sl Layout, shape []int) {
	n := 1
	for _, d := range shape {
		n *= d
	}
	idx := make([]int, len(shape))
	for range n {
		d, s := dl.Offset, sl.Offset
		for a, i := range idx {
			d += i * dl.Strides[a]
			s += i * sl.Strides[a]
		}
		dst[d] = src[s]
		for a := len(idx) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < shape[a] {
				break
			}
			idx[a] = 0
		}
	}
}

func iota32(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i) + 1
	}
	return s
}

// transposed is the layout reading a row-major array of shape in as its
// transpose by perm.
func transposed(in []int, perm ...int) Layout {
	st := RowMajor(in).Strides
	l := Layout{Strides: make([]int, len(perm))}
	for i, p := range perm {
		l.Strides[i] = st[p]
	}
	return l
}

func TestCopy(t *testing.T) {
	tests := []struct {
		name    string
		srcSize int
		shape   []int
		dst     Layout // nil strides: row-major over shape
		src     Layout
	}{
		{"scalar", 1, nil, Layout{}, Layout{}},
		{"contiguous", 12, []int{3, 4}, Layout{}, RowMajor([]int{3, 4})},
		{"reversed 1-D, parallel", 100000, []int{100000}, Layout{}, Layout{Offset: 99999, Strides: []int{-1}}},
		{"broadcast rows", 4, []int{3, 4}, Layout{}, Layout{Strides: []int{0, 1}}},
		{"broadcast column", 3, []int{3, 4}, Layout{}, Layout{Strides: []int{1, 0}}},
		{"size-1 axes", 6, []int{1, 2, 1, 3, 1}, Layout{}, Layout{Strides: []int{99, 3, 99, 1, 99}}},
		{"empty", 6, []int{2, 0, 3}, Layout{}, RowMajor([]int{2, 0, 3})},
		{"transpose small", 6, []int{3, 2}, Layout{}, transposed([]int{2, 3}, 1, 0)},
		{"transpose tiled, ragged", 70 * 45, []int{45, 70}, Layout{}, transposed([]int{70, 45}, 1, 0)},
		{"transpose tiled, parallel", 300 * 300, []int{300, 300}, Layout{}, transposed([]int{300, 300}, 1, 0)},
		{"transpose batched", 2 * 33 * 40, []int{2, 40, 33}, Layout{}, transposed([]int{2, 33, 40}, 0, 2, 1)},
		{"transpose outer between", 40 * 3 * 35, []int{35, 3, 40}, Layout{}, transposed([]int{40, 3, 35}, 2, 1, 0)},
		{"transpose reversed rows", 64 * 48, []int{48, 64}, Layout{},
			Layout{Offset: 63 * 48, Strides: []int{1, -48}}},
		{"transpose reversed columns", 64 * 48, []int{48, 64}, Layout{},
			Layout{Offset: 47, Strides: []int{-1, 48}}},
		{"strided slice, parallel rows", 600 * 400, []int{300, 200}, Layout{},
			Layout{Offset: 599*400 + 1, Strides: []int{-800, 2}}},
		{"tile", 6, []int{2, 2, 3, 3}, Layout{}, Layout{Strides: []int{0, 3, 0, 1}}},
		{"scatter into strided", 6, []int{2, 3}, Layout{Offset: 1, Strides: []int{8, 2}}, RowMajor([]int{2, 3})},
		{"scatter broadcast", 3, []int{4, 3}, Layout{Offset: 3, Strides: []int{-1, 4}}, Layout{Strides: []int{0, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dl := tt.dst
			if dl.Strides == nil {
				dl = RowMajor(tt.shape)
			}
			n := 1
			for i, d := range tt.shape {
				n += (d - 1) * abs(dl.Strides[i])
			}
			src := iota32(tt.srcSize)
			got, want := make([]int32, n+dl.Offset), make([]int32, n+dl.Offset)
			Copy(got, dl, src, tt.src, tt.shape)
			naiveCopy(want, dl, src, tt.src, tt.shape)
			if !slices.Equal(got, want) {
				t.Fatalf("got  %v\nwant %v", head(got), head(want))
			}
		})
	}
}

func head(s []int32) []int32 { return s[:min(len(s), 24)] }

func TestCollapse(t *testing.T) {
	tests := []struct {
		shape, ds, ss    []int
		wantShape        []int
		wantDst, wantSrc []int
	}{
		{[]int{2, 3, 4}, []int{12, 4, 1}, []int{12, 4, 1}, []int{24}, []int{1}, []int{1}},
		{[]int{2, 3, 4}, []int{12, 4, 1}, []int{12, 1, 3}, []int{2, 3, 4}, []int{12, 4, 1}, []int{12, 1, 3}},
		{[]int{2, 1, 4}, []int{4, 4, 1}, []int{0, 7, 1}, []int{2, 4}, []int{4, 1}, []int{0, 1}},
		{[]int{1, 1}, []int{1, 1}, []int{1, 1}, []int{}, nil, nil},
		{[]int{3, 0}, []int{0, 1}, []int{0, 1}, nil, nil, nil},
	}
	for _, tt := range tests {
		s, d, src := collapse(tt.shape, tt.ds, tt.ss)
		if !slices.Equal(s, tt.wantShape) || (s == nil) != (tt.wantShape == nil) ||
			!slices.Equal(d, tt.wantDst) || !slices.Equal(src, tt.wantSrc) {
			t.Errorf("collapse(%v, %v, %v) = %v, %v, %v; want %v, %v, %v",
				tt.shape, tt.ds, tt.ss, s, d, src, tt.wantShape, tt.wantDst, tt.wantSrc)
		}
	}
}

func TestGather(t *testing.T) {
	src := iota32(2 * 3 * 2) // (2, 3, 2)
	tests := []struct {
		idx  []int64
		want []int32
	}{
		{[]int64{2, 0}, []int32{5, 6, 1, 2, 11, 12, 7, 8}},
		{[]int64{-1, -3, 1}, []int32{5, 6, 1, 2, 3, 4, 11, 12, 7, 8, 9, 10}},
		{nil, []int32{}},
	}
	for _, tt := range tests {
		got := make([]int32, 2*len(tt.idx)*2)
		Gather(got, src, tt.idx, 2, 3, 2)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Gather(%v) = %v, want %v", tt.idx, got, tt.want)
		}
	}
}

func TestOutOfRange(t *testing.T) {
	tests := []struct {
		idx  []int32
		dims []int
		want int
	}{
		{[]int32{0, 3, -4}, []int{4}, -1},
		{[]int32{0, 4}, []int{4}, 1},
		{[]int32{-5}, []int{4}, 0},
		{[]int32{1, 2, 2, 3}, []int{2, 4}, 2},
		{[]int32{1, -4, -2, 3}, []int{2, 4}, -1},
		{nil, []int{0}, -1},
	}
	for _, tt := range tests {
		if got := OutOfRange(tt.idx, tt.dims); got != tt.want {
			t.Errorf("OutOfRange(%v, %v) = %d, want %d", tt.idx, tt.dims, got, tt.want)
		}
	}
}

func TestGatherScatterNd(t *testing.T) {
	src := iota32(3 * 2 * 2) // (3, 2, 2)
	tests := []struct {
		idx    []int64
		dims   []int
		inner  int
		gather []int32
	}{
		{[]int64{2, -3}, []int{3}, 4, []int32{9, 10, 11, 12, 1, 2, 3, 4}},
		{[]int64{1, 1, -1, 0}, []int{3, 2}, 2, []int32{7, 8, 9, 10}},
		{[]int64{0, 1, 1, 2, 0, 0}, []int{3, 2, 2}, 1, []int32{4, 9}},
	}
	for _, tt := range tests {
		got := make([]int32, len(tt.gather))
		GatherNd(got, src, tt.idx, tt.dims, tt.inner)
		if !slices.Equal(got, tt.gather) {
			t.Errorf("GatherNd(%v) = %v, want %v", tt.idx, got, tt.gather)
		}
		// Scattering the gathered rows back into zeros restores them in
		// place: the result gathers to the same rows.
		dst := make([]int32, len(src))
		ScatterNd(dst, got, tt.idx, tt.dims, tt.inner)
		again := make([]int32, len(got))
		GatherNd(again, dst, tt.idx, tt.dims, tt.inner)
		if !slices.Equal(again, tt.gather) {
			t.Errorf("ScatterNd(%v) then GatherNd = %v, want %v", tt.idx, again, tt.gather)
		}
	}
	dst := make([]int32, 3)
	ScatterNd(dst, []int32{1, 2, 3}, []int32{1, 0, 1}, []int{3}, 1)
	if want := []int32{2, 3, 0}; !slices.Equal(dst, want) {
		t.Errorf("ScatterNd with a repeated index = %v, want %v (the later update wins)", dst, want)
	}
}

func TestOneHot(t *testing.T) {
	tests := []struct {
		idx                 []int32
		outer, depth, inner int
		want                []int8
	}{
		{[]int32{0, 2, -1, 3}, 4, 3, 1, []int8{9, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0}},
		{[]int32{1, 0, 2}, 1, 3, 3, []int8{0, 9, 0, 9, 0, 0, 0, 0, 9}},
		{[]int32{1, 0}, 2, 0, 1, []int8{}},
	}
	for _, tt := range tests {
		got := make([]int8, tt.outer*tt.depth*tt.inner)
		OneHot(got, tt.idx, tt.outer, tt.depth, tt.inner, 9, 0)
		if !slices.Equal(got, tt.want) {
			t.Errorf("OneHot(%v, depth %d) = %v, want %v", tt.idx, tt.depth, got, tt.want)
		}
	}
}

func TestMasks(t *testing.T) {
	mask := []bool{true, false, false, true, true}
	src := []int32{1, 2, 3, 4, 5}
	if n := CountTrue(mask); n != 3 {
		t.Fatalf("CountTrue = %d, want 3", n)
	}
	sel := make([]int32, 3)
	MaskedSelect(sel, src, mask)
	if want := []int32{1, 4, 5}; !slices.Equal(sel, want) {
		t.Errorf("MaskedSelect = %v, want %v", sel, want)
	}
	dst := slices.Clone(src)
	MaskedScatter(dst, []int32{-1, -2, -3, -4}, mask)
	if want := []int32{-1, 2, 3, -2, -3}; !slices.Equal(dst, want) {
		t.Errorf("MaskedScatter = %v, want %v", dst, want)
	}
	// A (2, 3) fill with a column mask and a row of values.
	dst = make([]int32, 6)
	MaskedFill(dst, []int32{7, 8, 9}, []bool{true, false}, []int{2, 3}, []int{0, 1}, []int{1, 0})
	if want := []int32{7, 8, 9, 0, 0, 0}; !slices.Equal(dst, want) {
		t.Errorf("MaskedFill = %v, want %v", dst, want)
	}
}

func TestFillArange(t *testing.T) {
	f := make([]float32, 5)
	Fill(f, 2.5)
	if want := []float32{2.5, 2.5, 2.5, 2.5, 2.5}; !slices.Equal(f, want) {
		t.Errorf("Fill = %v, want %v", f, want)
	}
	a := make([]int16, 4)
	Arange(a, 7, -3)
	if want := []int16{7, 4, 1, -2}; !slices.Equal(a, want) {
		t.Errorf("Arange = %v, want %v", a, want)
	}
}

func BenchmarkTranspose(b *testing.B) {
	const n = 1024
	src, dst := iota32(n*n), make([]int32, n*n)
	l := transposed([]int{n, n}, 1, 0)
	b.SetBytes(2 * 4 * n * n)
	for b.Loop() {
		Copy(dst, RowMajor([]int{n, n}), src, l, []int{n, n})
	}
}
