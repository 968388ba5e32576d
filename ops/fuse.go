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
//
// Attribute "reuse" ([]int, one per output) names, for an output, the
// input whose buffer it takes, or −1: an input its caller will not read
// again (the executor's memory plan decides). Only an input of the
// output's dtype and shape that FusedReuse allows is taken; otherwise the
// output gets a buffer of its own.
func Fuse(inputs int, apps []FusedApply, outputs []int) (*Primitive, error) {
	prog, name, err := fusedProgram(inputs, apps)
	if err != nil {
		return nil, err
	}
	allowed := FusedReuse(inputs, apps, outputs)
	p := cpu.NewFusedProgram(inputs, prog, outputs)
	name = "Fused[" + name + "]"
	return &Primitive{
		Name: name,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			m, err := fusedMeta(name, inputs, in)
			if err != nil {
				return nil, err
			}
			out := make([]tensor.Meta, len(outputs))
			for i := range out {
				out[i] = m
			}
			return out, nil
		},
		Eval: func(ctx *Ctx, attrs Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			res := make([]*tensor.Tensor, len(out))
			reuse := attrs.Ints("reuse")
			for i, m := range out {
				if i < len(reuse) && reuse[i] >= 0 && reuse[i] == allowed[i] {
					if x := in[reuse[i]]; x.DType() == m.DType && x.Shape().Equal(m.Shape) {
						res[i] = x.Reshape(m.Shape)
						continue
					}
				}
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

// FuseReduce makes the primitive of a group's elementwise applications
// (as Fuse takes them) whose output value feeds a reduction (ReduceSum,
// ReduceMean, ReduceMax or ReduceMin) over the trailing axes of the
// chain's shape, its last trailing ones (all of them for a reduction
// over every axis): the reduction the chain feeds, fused into its step
// (cpu.RunFusedReduce, cpu.RunFusedReduceRuns), so the reduced values
// are never written. The result is the reduction's bit for bit. shape is
// the reduction's result's. The caller (graph mode's fusion pass) ensures
// what Fuse needs, that the reduced axes are those, and that a max or min
// has elements.
func FuseReduce(inputs int, apps []FusedApply, output int, reduction *Primitive, trailing int, shape tensor.Shape) (*Primitive, error) {
	op, ok := map[*Primitive]cpu.ReduceOp{ReduceSum: cpu.ReduceSum, ReduceMean: cpu.ReduceSum, ReduceMax: cpu.ReduceMax, ReduceMin: cpu.ReduceMin}[reduction]
	if !ok {
		return nil, fmt.Errorf("ops: %s cannot be fused", reduction.Name)
	}
	mean := reduction == ReduceMean
	prog, name, err := fusedProgram(inputs, apps)
	if err != nil {
		return nil, err
	}
	p := cpu.NewFusedProgram(inputs, prog, []int{output})
	name = "Fused[" + name + "," + reduction.Name + "]"
	return &Primitive{
		Name: name,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			m, err := fusedMeta(name, inputs, in)
			return []tensor.Meta{{DType: m.DType, Shape: shape}}, err
		},
		Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := ctx.AllocOutput(out[0])
			if err != nil {
				return nil, err
			}
			over, err := fusedMeta(name, inputs, tensorMetas(in))
			if err != nil {
				return nil, err
			}
			runLen := 1
			for _, d := range over.Shape[len(over.Shape)-trailing:] {
				runLen *= d
			}
			switch z.DType() {
			case tensor.Float16, tensor.Float32:
				fusedReduce(p, over.Shape, op, in, mean, runLen, tensor.Elems[float32](z))
			case tensor.Float64:
				fusedReduce(p, over.Shape, op, in, mean, runLen, tensor.Elems[float64](z))
			}
			return []*tensor.Tensor{z}, nil
		},
	}, nil
}

// FusedReuse gives, for each output value of a group's program (as
// Fuse takes it), an input whose block the output may be written over,
// or −1: one the program reads last no later than the application that
// makes the output, so that within a block every read of the input comes
// before, or at, the write. Each input serves one output at most.
func FusedReuse(inputs int, apps []FusedApply, outputs []int) []int {
	lastRead := make([]int, inputs)
	for i := range lastRead {
		lastRead[i] = -1
	}
	for k, a := range apps {
		for _, v := range a.Args {
			if v < inputs {
				lastRead[v] = k
			}
		}
	}
	taken := make([]bool, inputs)
	reuse := make([]int, len(outputs))
	for j, v := range outputs {
		reuse[j] = -1
		for i := range inputs {
			if !taken[i] && lastRead[i] >= 0 && lastRead[i] <= v-inputs {
				reuse[j], taken[i] = i, true
				break
			}
		}
	}
	return reuse
}

// fusedProgram is the program of a group's applications, and the group's
// name for %ir: the primitives in order of first use, with counts.
func fusedProgram(inputs int, apps []FusedApply) ([]cpu.FusedOp, string, error) {
	prog := make([]cpu.FusedOp, len(apps))
	var names []string
	count := map[string]int{}
	for k, a := range apps {
		pw := a.Prim.Pointwise
		if pw == nil || len(a.Args) != pw.Arity {
			return nil, "", fmt.Errorf("ops: %s cannot be fused", a.Prim.Name)
		}
		for _, v := range a.Args {
			if v < 0 || v >= inputs+k {
				return nil, "", fmt.Errorf("ops: fused %s reads value %d before it is made", a.Prim.Name, v)
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
	return prog, strings.Join(names, ","), nil
}

// fusedMeta checks a fused group's inputs, which share one float dtype,
// and gives the meta the group computes over: the inputs' broadcast.
func fusedMeta(name string, inputs int, in []tensor.Meta) (tensor.Meta, error) {
	if len(in) != inputs {
		return tensor.Meta{}, Errorf(TypeError, name, "the number of inputs must be %d, but got %d.", inputs, len(in))
	}
	shape := in[0].Shape
	for _, m := range in[1:] {
		var err error
		if shape, err = BroadcastShape(name, shape, m.Shape); err != nil {
			return tensor.Meta{}, err
		}
		if m.DType != in[0].DType {
			return tensor.Meta{}, Errorf(TypeError, name, "the inputs must have one dtype, but got %v and %v.", in[0].DType, m.DType)
		}
	}
	if dt := in[0].DType; dt != tensor.Float32 && dt != tensor.Float64 {
		return tensor.Meta{}, Errorf(TypeError, name, "a fused group computes in float32 or float64, not %v.", dt)
	}
	return tensor.Meta{DType: in[0].DType, Shape: shape}, nil
}

func tensorMetas(in []*tensor.Tensor) []tensor.Meta {
	m := make([]tensor.Meta, len(in))
	for i, t := range in {
		m[i] = t.Meta()
	}
	return m
}

// fusedReduce runs a reduction's program over shape: the reduction of its
// output, or the mean, divided in T as cpu.Mean divides.
// fusedReduce runs a fused reduction over runs of runLen elements into
// dst, one result per run (a single run: every axis); a mean divides
// each sum by the run's length, as Mean does.
func fusedReduce[T cpu.Float](p *cpu.FusedProgram, shape tensor.Shape, op cpu.ReduceOp, in []*tensor.Tensor, mean bool, runLen int, dst []T) {
	ins := fusedInputs[T](in, shape)
	if len(dst) == 1 {
		dst[0] = cpu.RunFusedReduce(p, shape, op, ins)
	} else {
		cpu.RunFusedReduceRuns(p, shape, op, ins, runLen, dst)
	}
	if mean {
		for i := range dst {
			dst[i] /= T(runLen)
		}
	}
}

func fusedInputs[T cpu.Float](in []*tensor.Tensor, shape tensor.Shape) []cpu.FusedInput[T] {
	ins := make([]cpu.FusedInput[T], len(in))
	for i, t := range in {
		ins[i] = cpu.FusedInput[T]{Data: tensor.Elems[T](t), Strides: operandStrides(t, shape)}
	}
	return ins
}

func runFused[T cpu.Float](p *cpu.FusedProgram, in, out []*tensor.Tensor) {
	shape := out[0].Shape()
	ins := fusedInputs[T](in, shape)
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

// FuseDense makes the primitive that computes a dense layer's
// MatMul(a, b), then BiasAdd with bias when withBias, then ReLU when
// relu, as one GEMM that finishes each block of the product while it is
// in cache (cpu.MatMulEpilogue). Its inputs are a, b and, with the bias,
// bias; attrs are the MatMul's. The result has the bits of the steps run
// apart. Fusion runs after differentiation, so it has no gradient.
func FuseDense(attrs Attrs, withBias, relu bool) *Primitive {
	name := "Fused[MatMul"
	if withBias {
		name += ",BiasAdd"
	}
	if relu {
		name += ",ReLU"
	}
	name += "]"
	ta, tb := attrs.Bool("transpose_a", false), attrs.Bool("transpose_b", false)
	inputs := 2
	if withBias {
		inputs = 3
	}
	return &Primitive{
		Name: name,
		Infer: func(_ Attrs, in []tensor.Meta) ([]tensor.Meta, error) {
			if err := arity(name, in, inputs); err != nil {
				return nil, err
			}
			out, err := MatMul.Infer(attrs, in[:2])
			if err != nil || !withBias {
				return out, err
			}
			return BiasAdd.Infer(nil, []tensor.Meta{out[0], in[2]})
		},
		Eval: func(ctx *Ctx, _ Attrs, in []*tensor.Tensor, out []tensor.Meta) ([]*tensor.Tensor, error) {
			z, err := ctx.AllocOutput(out[0])
			if err != nil {
				return nil, err
			}
			a, b := in[0], in[1]
			m, k := matDims(a.Shape(), ta)
			_, n := matDims(b.Shape(), tb)
			lda, ldb := a.Shape()[1], b.Shape()[1]
			switch d := z.Data().(type) {
			case []float32:
				denseRun(ta, tb, m, n, k, tensor.Elems[float32](a), lda, tensor.Elems[float32](b), ldb, d, in[2:], relu)
			case []float64:
				denseRun(ta, tb, m, n, k, tensor.Elems[float64](a), lda, tensor.Elems[float64](b), ldb, d, in[2:], relu)
			}
			return []*tensor.Tensor{z}, nil
		},
	}
}

// denseRun is FuseDense's product on one float type; bias holds the bias
// tensor or nothing.
func denseRun[T cpu.Float](ta, tb bool, m, n, k int, a []T, lda int, b []T, ldb int, c []T, bias []*tensor.Tensor, relu bool) {
	epi := cpu.Epilogue[T]{ReLU: relu}
	if len(bias) > 0 {
		epi.Bias = tensor.Elems[T](bias[0])
	}
	cpu.MatMulEpilogue(ta, tb, m, n, k, a, lda, b, ldb, c, n, epi)
}
