package cpu

import (
	"slices"
	"testing"
)

func TestScatterNdAdd(t *testing.T) {
	// A (3, 2) array; rows 0 and -3 name position 0, so both add there.
	dst := []float64{1, 1, 1, 1, 1, 1}
	upd := []float64{10, 20, 30, 40, 50, 60}
	ScatterNdAdd(dst, upd, []int64{0, 2, -3}, []int{3}, 2)
	if want := []float64{61, 81, 1, 1, 31, 41}; !slices.Equal(dst, want) {
		t.Errorf("leading axis: got %v, want %v", dst, want)
	}
	// Full index tuples into a (2, 2) array, one named twice.
	d2 := make([]int32, 4)
	ScatterNdAdd(d2, []int32{1, 2, 3}, []int32{1, 0, 1, 0, 0, 1}, []int{2, 2}, 1)
	if want := []int32{0, 3, 3, 0}; !slices.Equal(d2, want) {
		t.Errorf("tuples: got %v, want %v", d2, want)
	}
}
