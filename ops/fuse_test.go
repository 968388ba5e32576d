package ops

import (
	"fmt"
	"testing"
)

// FusedReuse lets an output take an input's block only where the program
// reads that input no later than it writes the output, and gives each
// input to one output at most.
func TestFusedReuse(t *testing.T) {
	for _, c := range []struct {
		name    string
		inputs  int
		apps    []FusedApply
		outputs []int
		want    string
	}{
		{"a chain's result takes its input", 1,
			[]FusedApply{{Exp, []int{0}}, {Mul, []int{1, 0}}, {Neg, []int{2}}}, []int{3}, "[0]"},
		{"an input read after an output is written", 1,
			[]FusedApply{{Neg, []int{0}}, {Exp, []int{0}}}, []int{1, 2}, "[-1 0]"},
		{"one input for one output", 2,
			[]FusedApply{{Add, []int{0, 1}}, {Neg, []int{2}}, {Exp, []int{2}}}, []int{3, 4}, "[0 1]"},
		{"more outputs than inputs", 1,
			[]FusedApply{{Neg, []int{0}}, {Exp, []int{1}}}, []int{1, 2}, "[0 -1]"},
	} {
		if got := fmt.Sprint(FusedReuse(c.inputs, c.apps, c.outputs)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
