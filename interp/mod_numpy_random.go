package interp

import (
	"math"
	"math/rand/v2"
	"time"

	"msrepl/ops"
	"msrepl/tensor"
)

// numpy.random draws through the random primitives from the session's
// random stream, which np.random.seed and mindspore.set_seed both reseed:
// draws are deterministic after either, though not numpy's own numbers.

// npRandomStream tells np.random.seed's streams from set_seed's, so that
// the same seed given to both does not give the same numbers.
const npRandomStream = 0x6e756d7079

func newNumpyRandomModule(s *Session) (*Module, error) {
	m := NewModule("numpy.random", "Random sampling: seed, rand, randn, random, uniform, normal, randint.")
	m.AddFunc("seed", "seed(seed=None)", "Reseeds the random stream.", npSeed)
	m.AddFunc("rand", "rand(d0, d1, ..., dn)", "Uniform samples on [0, 1) of the given shape; a float without one.", npRand(false))
	m.AddFunc("randn", "randn(d0, d1, ..., dn)", "Standard normal samples of the given shape; a float without one.", npRand(true))
	m.AddFunc("random", "random(size=None)", "Uniform samples on [0, 1).", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var size Value = None
		if err := UnpackArgs("random", args, kwnames, "size?", &size); err != nil {
			return nil, err
		}
		return th.npSample(size, false, 0, 1)
	})
	m.AddFunc("uniform", "uniform(low=0.0, high=1.0, size=None)", "Uniform samples on [low, high).", npUniform)
	m.AddFunc("normal", "normal(loc=0.0, scale=1.0, size=None)", "Normal samples of mean loc and standard deviation scale.", npNormal)
	m.AddFunc("randint", "randint(low, high=None, size=None, dtype=int)", "Integers drawn uniformly from [low, high).", npRandint)
	m.AddFunc("permutation", "permutation(x)", "A random permutation of range(x) for an int, else of the array x's first axis.", npPermutation)
	return m, nil
}

func npPermutation(th *Thread, args []Value, kwnames []string) (Value, error) {
	var x Value
	if err := UnpackArgs("permutation", args, kwnames, "x", &x); err != nil {
		return nil, err
	}
	n, isInt := 0, false
	if _, isBool := x.(Bool); !isBool {
		if i, err := toIndex(x); err == nil {
			n, isInt = i, true
			if n < 0 {
				return nil, ValueErrorf("negative dimensions are not allowed")
			}
		}
	}
	var a *tensor.Tensor
	if !isInt {
		var err error
		if a, err = th.npAsArray(x); err != nil {
			return nil, err
		}
		if a.Rank() == 0 {
			return nil, Errorf(IndexErrorClass, "x must be an integer or at least 1-dimensional")
		}
		n = a.Shape()[0]
	}
	idx, err := th.newTensor(tensor.Int64, tensor.Shape{n})
	if err != nil {
		return nil, err
	}
	for i, j := range th.ms().ctx.Rand.Perm(n) {
		idx.SetInt(i, int64(j))
	}
	if isInt {
		return npArray(idx), nil
	}
	t, err := th.apply1(ops.Gather, ops.Attrs{"axis": 0}, a, idx)
	if err != nil {
		return nil, err
	}
	return npArray(t), nil
}

func npSeed(th *Thread, args []Value, kwnames []string) (Value, error) {
	var seed Value = None
	if err := UnpackArgs("seed", args, kwnames, "seed?", &seed); err != nil {
		return nil, err
	}
	var s uint64
	switch x := seed.(type) {
	case NoneType:
		s = uint64(time.Now().UnixNano())
	case Int:
		if x < 0 || x > 1<<32-1 {
			return nil, ValueErrorf("Seed must be between 0 and 2**32 - 1")
		}
		s = uint64(x)
	case Float:
		return nil, TypeErrorf("Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
	default:
		return nil, TypeErrorf("Cannot interpret %s as a seed", TypeName(seed))
	}
	th.ms().ctx.Rand = rand.New(rand.NewPCG(s, npRandomStream))
	return None, nil
}

// npSample draws uniform samples on [0, 1) or standard normal ones, of
// shape size (None gives a Python float), scaled to lo + scale*x.
func (th *Thread) npSample(size Value, normal bool, lo, scale float64) (Value, error) {
	var dims []int
	if size != None {
		var err error
		if dims, err = th.npShapeArg(size); err != nil {
			return nil, err
		}
	}
	p := ops.UniformReal
	if normal {
		p = ops.StandardNormal
	}
	t, err := th.apply1(p, ops.Attrs{"shape": dims, "dtype": tensor.Float64})
	if err != nil {
		return nil, err
	}
	if scale != 1 {
		s, err := th.scalarTensor(tensor.Float64, scale, 0)
		if err != nil {
			return nil, err
		}
		if t, err = th.apply1(ops.Mul, nil, s, t); err != nil {
			return nil, err
		}
	}
	if lo != 0 {
		s, err := th.scalarTensor(tensor.Float64, lo, 0)
		if err != nil {
			return nil, err
		}
		if t, err = th.apply1(ops.Add, nil, s, t); err != nil {
			return nil, err
		}
	}
	if size == None {
		return Float(t.Float(0)), nil
	}
	return npArray(t), nil
}

// npRand is rand or randn: the shape as separate ints.
func npRand(normal bool) BuiltinFunc {
	name := "rand"
	if normal {
		name = "randn"
	}
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := noKwargs(name, kwnames); err != nil {
			return nil, err
		}
		var size Value = None
		if len(args) > 0 {
			size = Tuple(args)
		}
		return th.npSample(size, normal, 0, 1)
	}
}

func npUniform(th *Thread, args []Value, kwnames []string) (Value, error) {
	var size Value = None
	low, high := 0.0, 1.0
	if err := UnpackArgs("uniform", args, kwnames, "low?", &low, "high?", &high, "size?", &size); err != nil {
		return nil, err
	}
	return th.npSample(size, false, low, high-low)
}

func npNormal(th *Thread, args []Value, kwnames []string) (Value, error) {
	var size Value = None
	loc, scale := 0.0, 1.0
	if err := UnpackArgs("normal", args, kwnames, "loc?", &loc, "scale?", &scale, "size?", &size); err != nil {
		return nil, err
	}
	if scale < 0 {
		return nil, ValueErrorf("scale < 0")
	}
	return th.npSample(size, true, loc, scale)
}

// npRandint draws integers from [low, high) as the floor of uniform
// samples on that range.
func npRandint(th *Thread, args []Value, kwnames []string) (Value, error) {
	var high, size, dtype Value = None, None, IntClass
	low := int64(0)
	if err := UnpackArgs("randint", args, kwnames, "low", &low, "high?", &high, "size?", &size, "dtype?", &dtype); err != nil {
		return nil, err
	}
	hi := low
	if high == None {
		low = 0
	} else {
		h, ok := asInt64(high)
		if !ok {
			return nil, TypeErrorf("randint() argument 'high' must be int, not %s", TypeName(high))
		}
		hi = h
	}
	if low >= hi {
		return nil, ValueErrorf("low >= high")
	}
	dt, err := npDTypeArg(dtype)
	if err != nil {
		return nil, err
	}
	v, err := th.npSample(size, false, float64(low), float64(hi-low))
	if err != nil {
		return nil, err
	}
	if f, ok := v.(Float); ok {
		return floatToInt(math.Floor(float64(f))), nil
	}
	t, err := th.apply1(ops.Floor, nil, v.(*NDArray).t)
	if err != nil {
		return nil, err
	}
	if t, err = th.npCast(t, dt); err != nil {
		return nil, err
	}
	return npArray(t), nil
}
