package autodiff_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"msrepl/autodiff"
	"msrepl/devices/cpu"
	"msrepl/ops"
	"msrepl/tensor"
)

// Every primitive's gradient rule is checked against central finite
// differences in float64: the function checked is a random projection of
// the outputs, f(x) = Σ_k Σ out_k·w_k, whose gradient the tape gives with
// seeds w_k. Cases with second set also check the gradient of
// x ↦ <∇f(x), v> against finite differences of the taped first gradient,
// which differentiates the rule's own backward.

// A gradCase is one primitive application to check.
type gradCase struct {
	name   string // defaults to the primitive's name
	prim   *ops.Primitive
	attrs  ops.Attrs
	in     []input
	second bool
	// tol overrides the relative error bound of 1e-6, for rules whose
	// finite differences are ill-conditioned; say why where it is set.
	tol float64
}

// An input makes one argument. Float64 inputs are differentiated; others
// (indices, masks) are held constant.
type input func(r *rand.Rand, dev *cpu.Device) *tensor.Tensor

// gradCases collects the cases of every family's file.
var gradCases []gradCase

func addGradCases(cs ...gradCase) { gradCases = append(gradCases, cs...) }

func mustTensor(t *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		panic(err)
	}
	return t
}

// rnd is a float64 input, uniform in [-1, 1) and away from 0.
func rnd(shape ...int) input {
	return fill(shape, func(r *rand.Rand) float64 {
		v := 0.1 + 0.9*r.Float64()
		if r.IntN(2) == 0 {
			v = -v
		}
		return v
	})
}

// pos is a float64 input, uniform in [0.5, 2).
func pos(shape ...int) input {
	return fill(shape, func(r *rand.Rand) float64 { return 0.5 + 1.5*r.Float64() })
}

// distinct is a float64 input whose elements are well apart, so that
// max, min and sorting-like rules are differentiable at it.
func distinct(shape ...int) input {
	return func(r *rand.Rand, dev *cpu.Device) *tensor.Tensor {
		n := tensor.Shape(shape).Size()
		vals := make([]float64, n)
		for i, p := range r.Perm(n) {
			vals[i] = float64(p)*0.25 - float64(n)*0.125 + 0.05
		}
		return mustTensor(tensor.FromFloat64s(dev, tensor.Float64, tensor.Shape(shape), vals))
	}
}

func fill(shape []int, f func(r *rand.Rand) float64) input {
	return func(r *rand.Rand, dev *cpu.Device) *tensor.Tensor {
		vals := make([]float64, tensor.Shape(shape).Size())
		for i := range vals {
			vals[i] = f(r)
		}
		return mustTensor(tensor.FromFloat64s(dev, tensor.Float64, tensor.Shape(shape), vals))
	}
}

// vals is a float64 input with the given values.
func vals(shape []int, v ...float64) input {
	return func(_ *rand.Rand, dev *cpu.Device) *tensor.Tensor {
		return mustTensor(tensor.FromFloat64s(dev, tensor.Float64, tensor.Shape(shape), v))
	}
}

// ints is a constant integer input of dtype dt with the given values.
func ints(dt tensor.DType, shape []int, v ...int64) input {
	return func(_ *rand.Rand, dev *cpu.Device) *tensor.Tensor {
		return mustTensor(tensor.FromInt64s(dev, dt, tensor.Shape(shape), v))
	}
}

// bools is a constant Bool input with the given values (0 or 1).
func bools(shape []int, v ...int64) input { return ints(tensor.Bool, shape, v...) }

// as is in converted to dtype dt: a float32 input is differentiated
// through its conversion but checked only where it is float64.
func as(dt tensor.DType, in input) input {
	return func(r *rand.Rand, dev *cpu.Device) *tensor.Tensor {
		x := in(r, dev)
		y := mustTensor(tensor.New(dev, dt, x.Shape()))
		for i := range x.Size() {
			y.SetFloat(i, x.Float(i))
		}
		return y
	}
}

type harness struct {
	t     *testing.T
	ctx   *ops.Ctx
	eager *ops.Eager
}

func newHarness(t *testing.T) *harness {
	dev := cpu.New(0)
	dev.Poison = true // a rule's kernels must write their outputs whole
	ctx := &ops.Ctx{Dev: dev, Rand: rand.New(rand.NewPCG(1, 2))}
	return &harness{t: t, ctx: ctx, eager: &ops.Eager{Ctx: ctx}}
}

func (h *harness) dev() *cpu.Device { return h.ctx.Dev.(*cpu.Device) }

// differentiable lists the positions of a case's float64 inputs.
func differentiable(args []*tensor.Tensor) []int {
	var pos []int
	for i, a := range args {
		if a.DType() == tensor.Float64 {
			pos = append(pos, i)
		}
	}
	return pos
}

// project is Σ_k Σ out_k·w_k, in float64 on the host.
func project(out []ops.Value, w []*tensor.Tensor) float64 {
	s := 0.0
	for k, o := range out {
		if w[k] == nil || o == nil {
			continue
		}
		ot := o.(*tensor.Tensor)
		for i := range ot.Size() {
			s += ot.Float(i) * w[k].Float(i)
		}
	}
	return s
}

// gradient returns ∇_{args[wrt]} of Σ out·w, computing through b and
// recording on a tape that sits on b.
func gradient(b ops.Builder, c gradCase, args []*tensor.Tensor, wrt []int, w []*tensor.Tensor) ([]ops.Value, error) {
	tape := autodiff.NewTape(b)
	in := make([]ops.Value, len(args))
	var vars []ops.Value
	for i, a := range args {
		in[i] = a
	}
	for _, i := range wrt {
		// A fresh alias, so that the same tensor on an outer tape and
		// this one are different variables.
		alias, err := b.Apply(ops.Identity, nil, args[i])
		if err != nil {
			return nil, err
		}
		in[i] = alias[0]
		tape.Watch(alias[0].(*tensor.Tensor))
		vars = append(vars, alias[0])
	}
	out, err := tape.Apply(c.prim, c.attrs, in...)
	if err != nil {
		return nil, err
	}
	var outs, douts []ops.Value
	for k, o := range out {
		if w[k] != nil {
			outs = append(outs, o)
			douts = append(douts, w[k])
		}
	}
	return tape.Gradient(b, outs, douts, vars)
}

func TestBpropFiniteDifferences(t *testing.T) {
	h := newHarness(t)
	for _, c := range gradCases {
		name := c.name
		if name == "" {
			name = c.prim.Name
		}
		t.Run(name, func(t *testing.T) {
			h.t = t
			h.check(c)
		})
	}
}

func (h *harness) args(r *rand.Rand, c gradCase) []*tensor.Tensor {
	args := make([]*tensor.Tensor, len(c.in))
	for i, f := range c.in {
		args[i] = f(r, h.dev())
	}
	return args
}

func (h *harness) check(c gradCase) {
	t := h.t
	r := rand.New(rand.NewPCG(7, uint64(len(c.in))))
	args := h.args(r, c)
	wrt := differentiable(args)
	if len(wrt) == 0 {
		t.Fatalf("no float64 input to differentiate")
	}
	out, err := h.eager.Apply(c.prim, c.attrs, asValues(args)...)
	if err != nil {
		t.Fatalf("forward: %v", err)
	}
	w := make([]*tensor.Tensor, len(out))
	for k, o := range out {
		if m := o.Meta(); m.DType.IsFloat() {
			w[k] = fill(m.Shape, func(r *rand.Rand) float64 { return r.Float64()*2 - 1 })(r, h.dev())
		}
	}
	f := func(args []*tensor.Tensor) float64 {
		out, err := h.eager.Apply(c.prim, c.attrs, asValues(args)...)
		if err != nil {
			t.Fatalf("forward: %v", err)
		}
		return project(out, w)
	}
	grads, err := gradient(h.eager, c, args, wrt, w)
	if err != nil {
		t.Fatalf("backward: %v", err)
	}
	tol := c.tol
	if tol == 0 {
		tol = 1e-6
	}
	for j, i := range wrt {
		h.compare(fmt.Sprintf("d/d in%d", i), grads[j], numeric(f, args, i), tol)
	}
	if c.second {
		h.checkSecond(c, args, wrt, w, r, tol)
	}
}

// checkSecond checks the gradient of g(x) = Σ_j <∇_j f(x), v_j>, taken by
// taping the first backward, against finite differences of g.
func (h *harness) checkSecond(c gradCase, args []*tensor.Tensor, wrt []int, w []*tensor.Tensor, r *rand.Rand, tol float64) {
	t := h.t
	v := make([]*tensor.Tensor, len(wrt))
	for j, i := range wrt {
		v[j] = fill(args[i].Shape(), func(r *rand.Rand) float64 { return r.Float64()*2 - 1 })(r, h.dev())
	}
	g := func(args []*tensor.Tensor) float64 {
		grads, err := gradient(h.eager, c, args, wrt, w)
		if err != nil {
			t.Fatalf("backward: %v", err)
		}
		return project(grads, v)
	}
	outer := autodiff.NewTape(h.eager)
	watched := make([]*tensor.Tensor, len(args))
	copy(watched, args)
	var vars []ops.Value
	for _, i := range wrt {
		alias, _ := h.eager.Apply(ops.Identity, nil, args[i])
		watched[i] = alias[0].(*tensor.Tensor)
		outer.Watch(watched[i])
		vars = append(vars, alias[0])
	}
	grads, err := gradient(outer, c, watched, wrt, w)
	if err != nil {
		t.Fatalf("first backward on the outer tape: %v", err)
	}
	var outs, douts []ops.Value
	for j, gj := range grads {
		if gj != nil {
			outs = append(outs, gj)
			douts = append(douts, v[j])
		}
	}
	second, err := outer.Gradient(h.eager, outs, douts, vars)
	if err != nil {
		t.Fatalf("second backward: %v", err)
	}
	for j, i := range wrt {
		h.compare(fmt.Sprintf("second order, d/d in%d", i), second[j], numeric(g, args, i), tol)
	}
}

func asValues(ts []*tensor.Tensor) []ops.Value {
	vs := make([]ops.Value, len(ts))
	for i, t := range ts {
		vs[i] = t
	}
	return vs
}

// numeric is the central difference of f with respect to args[i].
func numeric(f func([]*tensor.Tensor) float64, args []*tensor.Tensor, i int) []float64 {
	const step = 1e-6
	x := args[i]
	d := make([]float64, x.Size())
	for k := range d {
		orig := x.Float(k)
		x.SetFloat(k, orig+step)
		hi := f(args)
		x.SetFloat(k, orig-step)
		lo := f(args)
		x.SetFloat(k, orig)
		d[k] = (hi - lo) / (2 * step)
	}
	return d
}

// compare checks an analytic gradient (nil meaning zero) against a
// numeric one by the relative error of the whole vector.
func (h *harness) compare(what string, got ops.Value, want []float64, tol float64) {
	h.t.Helper()
	a := make([]float64, len(want))
	if got != nil {
		gt := got.(*tensor.Tensor)
		if gt.Size() != len(want) {
			h.t.Fatalf("%s: gradient has %d elements, want %d", what, gt.Size(), len(want))
		}
		for k := range a {
			a[k] = gt.Float(k)
		}
	}
	var diff, norm float64
	for k := range a {
		diff += (a[k] - want[k]) * (a[k] - want[k])
		norm = max(norm, math.Abs(a[k]), math.Abs(want[k]))
	}
	diff = math.Sqrt(diff)
	scale := max(norm*math.Sqrt(float64(len(a))), 1e-3)
	if rel := diff / scale; !(rel <= tol) {
		h.t.Errorf("%s: relative error %.3g > %g\n got  %v\n want %v", what, rel, tol, round(a), round(want))
	}
}

func round(v []float64) []float64 {
	r := make([]float64, len(v))
	for i, x := range v {
		r[i] = math.Round(x*1e6) / 1e6
	}
	return r
}

// TestEveryPrimitiveHasAGradientRule keeps the table whole: each
// primitive has a rule, and each differentiable one a checked case.
func TestEveryPrimitiveHasAGradientRule(t *testing.T) {
	checked := map[string]bool{}
	for _, c := range gradCases {
		checked[c.prim.Name] = true
	}
	var missing, unchecked []string
	for _, name := range ops.Names() {
		p, _ := ops.Lookup(name)
		switch {
		case p.Bprop == nil:
			missing = append(missing, name)
		case p.BpropUses&ops.NoGradient == 0 && !checked[name]:
			unchecked = append(unchecked, name)
		}
	}
	second := map[string]bool{}
	for _, c := range gradCases {
		if c.second {
			second[c.prim.Name] = true
		}
	}
	if len(second) < 12 {
		t.Errorf("second-order cases cover %d primitives, want at least 12", len(second))
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("primitives without a gradient rule: %s", strings.Join(missing, " "))
	}
	if len(unchecked) > 0 {
		t.Errorf("differentiable primitives without a finite-difference case: %s", strings.Join(unchecked, " "))
	}
}
