package cpu

import (
	"fmt"
	"testing"
)

func TestWhere(t *testing.T) {
	for _, c := range []struct {
		name           string
		shape          []int
		cond           []bool
		cshape         []int
		x, y           []int32
		xshape, yshape []int
		want           string
	}{
		{"contiguous", []int{4}, []bool{true, false, false, true}, []int{4},
			[]int32{1, 2, 3, 4}, []int32{5, 6, 7, 8}, []int{4}, []int{4}, "[1 6 7 4]"},
		{"broadcast", []int{2, 3}, []bool{true, false}, []int{2, 1},
			[]int32{1, 2, 3}, []int32{9}, []int{3}, []int{}, "[1 2 3 9 9 9]"},
		{"scalar cond", []int{2, 2}, []bool{false}, nil,
			[]int32{1, 2, 3, 4}, []int32{5, 6}, []int{2, 2}, []int{1, 2}, "[5 6 5 6]"},
	} {
		n, _ := sizes(c.shape, nil)
		dst := make([]int32, n)
		Where(dst, c.cond, c.x, c.y, c.shape, BroadcastStrides(c.cshape, c.shape),
			BroadcastStrides(c.xshape, c.shape), BroadcastStrides(c.yshape, c.shape))
		if got := fmt.Sprint(dst); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
