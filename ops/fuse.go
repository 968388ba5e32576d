package ops

import (
	"fmt"
	"strings"

	"msrepl/devices/cpu"
	"msrepl/tensor"
)

// A FusedApply is one application of a fused group: a Pointwise primitive
// and the group's values it reads, where the group's inputs are values 0
// to n−1 and application k's result is value n+k.
type FusedApply struct {
	Prim *Primitive
	Args []int
}

// Fuse makes the primitive that computes a group of elementwise
// applications as one blockwise step (cpu.RunFused): inputs tensors in,
// the values outputs lists out. Every application computes in one float
// dtype, that of the inputs, with no casts, and every result has the
// group's shape, the broadcast of the inputs'; the caller (graph mode's
// fusion pass) ensures both. The primitive has no gradient: a fused
// group is how a plan runs, never what is differentiated.
func Fuse(inputs int, apps []FusedApply, outputs []int) (*Primitive, error) {
	prog := make([]cpu.FusedOp, len(apps))
	var names []string
	count := map[string]int{}
	for k, a := range apps {
		pw := a.Prim.Pointwise
		if pw == nil || len(a.Args) != pw.Arity {
			return nil, fmt.Errorf("ops: %s cannot be fused", a.Prim.Name)
		}
		for _, v := range a.Args {
			if v < 0 || v >= inputs+k {
				return nil, fmt.Errorf("ops: fused %s reads value %d before it is made", a.Prim.Name, v)
			}
		}
		prog[k] = cpu.FusedOp{Op: *pw, X: a.Args[0]}
		if pw.Arity == 2 {
			prog[k].Y = a.Args[1]
		}
		if count[a.Prim.Name] == 0 {
			names = append(names, a.Prim.Name)
		}
		count[a.Prim.Name]++
	}
	for i, n := range names {
		if c := count[n]; c > 1 {
			names[i] = fmt.Sprintf("%s×%d", n, c)
		}
	}
	p := cpu.NewFusedProgram(inputs, prog, outputs)
	name := "Fused[" + strings.Join(names, ",") + "]"
	return &Primitive{
		Name: name,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if len(in) != inputs {
				return nil, Errorf(TypeError, name, "the number of inputs must be %d, but got %d.", inputs, len(in))
			}
			shape := in[0].Shape
			for _, m := range in[1:] {
				var err error
				if shape, err = BroadcastShape(name, shape, m.Shape); err != nil {
					return nil, err
				}
				if m.DType != in[0].DType {
					return nil, Errorf(TypeError, name, "the inputs must have one dtype, but got %v and %v.", in[0].DType, m.DType)
				}
			}
			if dt := in[0].DType; dt != tensor.Float32 && dt != tensor.Float64 {
				return nil, Errorf(TypeError, name, "a fused group computes in float32 or float64, not %v.", dt)
			}
			out := make([]tensor.Meta, len(outputs))
			for i := range out {
				out[i] = tensor.Meta{DType: in[0].DType, Shape: shape}
			}
			return out, nil
		},
		Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			res := make([]*tensor.Tensor, len(out))
			for i, m := range out {
				t, err := ctx.AllocOutput(m)
				if err != nil {
					return nil, err
				}
				res[i] = t
			}
			if out[0].Shape.Size() == 0 {
				return res, nil
			}
			switch out[0].DType {
			case tensor.Float32:
				runFused[float32](p, in, res)
			default:
				runFused[float64](p, in, res)
			}
			return res, nil
		},
	}, nil
}

func runFused[T cpu.Float](p *cpu.FusedProgram, in, out []*tensor.Tensor) {
	shape := out[0].Shape()
	ins := make([]cpu.FusedInput[T], len(in))
	for i, t := range in {
		ins[i] = cpu.FusedInput[T]{Data: tensor.Elems[T](t), Strides: operandStrides(t, shape)}
	}
	outs := make([][]T, len(out))
	for i, t := range out {
		outs[i] = tensor.Elems[T](t)
	}
	cpu.RunFused(p, shape, outs, ins)
}

// FuseMatMulDescend makes the primitive that computes
// ApplyGradientDescent(var, alpha, MatMul(a, b)) as one GEMM that adds
// −alpha·op(a)·op(b) to var in place (beta 1), so that the gradient, the
// size of the parameter, is never written and read back. Its inputs are
// var, alpha, a and b; attrs are the MatMul's transpose flags. It is not
// bit for bit the two steps: alpha scales op(a) as the GEMM packs it, and
// a product whose inner dim spans several of the GEMM's blocks adds each
// block's part to var in turn, so the update differs from eager's by
// rounding in the gradient's last bits (graph mode's fusion pass, which
// is the caller, documents it). Like ApplyGradientDescent it is stateful
// and has no gradient.
func FuseMatMulDescend(attrs Attrs) *Primitive {
	const name = "Fused[MatMul,ApplyGradientDescent]"
	ta, tb := attrs.Bool("transpose_a", false), attrs.Bool("transpose_b", false)
	return &Primitive{
		Name:     name,
		Stateful: true,
		Updates:  true,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, 4); err != nil {
				return nil, err
			}
			grad, err := MatMul.Infer(attrs, in[2:])
			if err != nil {
				return nil, err
			}
			return ApplyGradientDescent.Infer(nil, []tensor.Meta{in[0], in[1], grad[0]})
		},
		Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			v, alpha, a, b := in[0], in[1], in[2], in[3]
			if v.Buffer() == a.Buffer() || v.Buffer() == b.Buffer() {
				// The product reads var (or a view of it): the GEMM must
				// not write what it reads, so the two steps run apart.
				grad, err := MatMul.Eval(ctx, attrs, in[2:], out)
				if err != nil {
					return nil, err
				}
				return ApplyGradientDescent.Eval(ctx, nil, []*tensor.Tensor{v, alpha, grad[0]}, out)
			}
			m, k := matDims(a.Shape(), ta)
			_, n := matDims(b.Shape(), tb)
			lda, ldb := a.Shape()[1], b.Shape()[1]
			switch d := v.Data().(type) {
			case []float32:
				cpu.Gemm.Sgemm(ta, tb, m, n, k, -tensor.Elems[float32](alpha)[0], tensor.Elems[float32](a), lda, tensor.Elems[float32](b), ldb, 1, d, n)
			case []float64:
				cpu.Gemm.Dgemm(ta, tb, m, n, k, -tensor.Elems[float64](alpha)[0], tensor.Elems[float64](a), lda, tensor.Elems[float64](b), ldb, 1, d, n)
			}
			return []*tensor.Tensor{v}, nil
		},
	}
}
