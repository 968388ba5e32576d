package ops

import (
	"strings"

	"msrepl/tensor"
)

// Print writes its inputs when it runs, as print in a graph does: attribute
// "parts" ([]string) holds the text around them, one more part than there
// are inputs, each input written as numpy prints it between its parts. It
// writes through Ctx.Print and gives a 0-d Int32 zero, as MindSpore's Print
// does. It is stateful: passes must keep it, in its place.
var Print = define(&Primitive{
	Name:     "Print",
	Stateful: true,
	Infer: func(a Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
		if parts, _ := a["parts"].([]string); len(parts) != len(in)+1 {
			return nil, Errorf(ValueError, "Print", "the 'parts' must hold one more string than there are inputs (%d), but got %d.", len(in), len(parts))
		}
		return oneMeta(tensor.Int32, tensor.Shape{}), nil
	},
	Eval: func(ctx *Ctx, a Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
		parts := a["parts"].([]string)
		var b strings.Builder
		b.WriteString(parts[0])
		for i, t := range in {
			b.WriteString(t.String())
			b.WriteString(parts[i+1])
		}
		if ctx.Print != nil {
			ctx.Print(b.String())
		}
		return allocOneList(ctx, out)
	},
})

func init() { constant(Print) }

// allocOneList allocates a primitive's one output, as its list.
func allocOneList(ctx *Ctx, out []tensor.Meta) ([]*tensor.Tensor, error) {
	z, err := allocOne(ctx, out)
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{z}, nil
}
