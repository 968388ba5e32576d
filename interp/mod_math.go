package interp

import (
	"math"
	"math/big"

	"msrepl/internal/xmath"
	"msrepl/lang/syntax"
	"msrepl/tensor"
)

func init() {
	RegisterModule("math", func(s *Session) (*Module, error) { return newMathModule(), nil })
}

func mathDomainError() error { return ValueErrorf("math domain error") }
func mathRangeError() error  { return OverflowErrorf("math range error") }

// realArg converts a math function's argument to float64.
func realArg(v Value) (float64, error) {
	// numpy's number scalars have __float__.
	if a, ok := v.(*NDArray); ok && a.scalar && a.t.DType() != tensor.Bool {
		return a.t.Float(0), nil
	}
	f, ok, err := asFloat(v)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, TypeErrorf("must be real number, not %s", TypeName(v))
	}
	return f, nil
}

// mathFunc1 wraps a float function of one argument with CPython's error
// rules: NaN from a non-NaN input is a domain error, an infinite result
// from a finite input is a range error.
func mathFunc1(name string, f func(float64) float64, overflowIsDomain bool) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		x, err := realArg(args[0])
		if err != nil {
			return nil, err
		}
		r := f(x)
		switch {
		case math.IsNaN(r) && !math.IsNaN(x):
			return nil, mathDomainError()
		case math.IsInf(r, 0) && !math.IsInf(x, 0):
			if overflowIsDomain {
				return nil, mathDomainError()
			}
			return nil, mathRangeError()
		}
		return Float(r), nil
	}
}

// mathRound wraps floor, ceil and trunc, which return ints.
func mathRound(name string, f func(float64) float64) BuiltinFunc {
	return func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity(name, args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		if isIntLike(args[0]) {
			return intUnary(syntax.PLUS, args[0]), nil
		}
		x, err := realArg(args[0])
		if err != nil {
			if m, ok := dunder(args[0], "__"+name+"__"); ok {
				return th.callMethod(m, args[0], nil, nil)
			}
			return nil, err
		}
		if math.IsInf(x, 0) {
			return nil, OverflowErrorf("cannot convert float infinity to integer")
		}
		if math.IsNaN(x) {
			return nil, ValueErrorf("cannot convert float NaN to integer")
		}
		return floatToInt(f(x)), nil
	}
}

// logOf computes log(x) for ints of any size and for floats, as CPython's
// loghelper does: an int too large for a float is split into a mantissa in
// [0.5, 1) and a power of two.
func logOf(v Value) (float64, error) {
	if b, ok := asBig(v); ok {
		if b.Sign() <= 0 {
			return 0, mathDomainError()
		}
		if f, err := bigToFloat(b); err == nil {
			return xmath.Log(f), nil
		}
		m := new(big.Float)
		e := new(big.Float).SetInt(b).MantExp(m)
		x, _ := m.Float64()
		return xmath.Log(x) + xmath.Log(2)*float64(e), nil
	}
	x, err := realArg(v)
	if err != nil {
		return 0, err
	}
	if x <= 0 || math.IsNaN(x) {
		if math.IsNaN(x) {
			return x, nil
		}
		return 0, mathDomainError()
	}
	return xmath.Log(x), nil
}

func intArgs(name string, args []Value) ([]*big.Int, error) {
	out := make([]*big.Int, len(args))
	for i, a := range args {
		b, ok := asBig(a)
		if !ok {
			return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(a))
		}
		out[i] = b
	}
	return out, nil
}

func newMathModule() *Module {
	m := NewModule("math", "Mathematical functions, as in Python's math module.")
	m.Members.Set("pi", Float(math.Pi))
	m.Members.Set("e", Float(math.E))
	m.Members.Set("tau", Float(2*math.Pi))
	m.Members.Set("inf", Float(math.Inf(1)))
	m.Members.Set("nan", Float(math.NaN()))
	fns := []struct {
		name string
		f    func(float64) float64
		dom  bool
	}{
		{"sqrt", math.Sqrt, false}, {"exp", xmath.Exp, false}, {"exp2", xmath.Exp2, false}, {"expm1", xmath.Expm1, false},
		{"log2", func(x float64) float64 {
			if x <= 0 {
				return math.NaN()
			}
			return xmath.Log2(x)
		}, true},
		{"log10", func(x float64) float64 {
			if x <= 0 {
				return math.NaN()
			}
			return xmath.Log10(x)
		}, true},
		{"log1p", func(x float64) float64 {
			if x <= -1 {
				return math.NaN()
			}
			return xmath.Log1p(x)
		}, true},
		{"sin", xmath.Sin, false}, {"cos", xmath.Cos, false}, {"tan", xmath.Tan, false},
		{"asin", xmath.Asin, false}, {"acos", xmath.Acos, false}, {"atan", xmath.Atan, false},
		{"sinh", xmath.Sinh, false}, {"cosh", xmath.Cosh, false}, {"tanh", xmath.Tanh, false},
		{"asinh", xmath.Asinh, false}, {"acosh", xmath.Acosh, false}, {"atanh", xmath.Atanh, true},
		{"fabs", math.Abs, false}, {"erf", xmath.Erf, false}, {"erfc", xmath.Erfc, false},
		{"gamma", func(x float64) float64 {
			if x <= 0 && x == math.Trunc(x) {
				return math.NaN()
			}
			return xmath.Gamma(x)
		}, false},
		{"lgamma", func(x float64) float64 {
			if x <= 0 && x == math.Trunc(x) {
				return math.Inf(1)
			}
			return xmath.Lgamma(x)
		}, true},
		{"degrees", func(x float64) float64 { return x * 180 / math.Pi }, false},
		{"radians", func(x float64) float64 { return x * math.Pi / 180 }, false},
	}
	for _, f := range fns {
		m.AddFunc(f.name, "(x, /)", "Return "+f.name+"(x).", mathFunc1(f.name, f.f, f.dom))
	}
	m.AddFunc("floor", "(x, /)", "Return the floor of x as an int.", mathRound("floor", math.Floor))
	m.AddFunc("ceil", "(x, /)", "Return the ceiling of x as an int.", mathRound("ceil", math.Ceil))
	m.AddFunc("trunc", "(x, /)", "Truncate x to an int.", mathRound("trunc", math.Trunc))
	m.AddFunc("log", "(x, [base=math.e])", "Return the logarithm of x to the given base.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("log", args, kwnames, 1, 2); err != nil {
			return nil, err
		}
		r, err := logOf(args[0])
		if err != nil {
			return nil, err
		}
		if len(args) == 2 {
			b, err := logOf(args[1])
			if err != nil {
				return nil, err
			}
			if b == 0 {
				return nil, ZeroDivisionErrorf("float division by zero")
			}
			r /= b
		}
		return Float(r), nil
	})
	float2 := func(name, sig, doc string, f func(a, b float64) (float64, error)) {
		m.AddFunc(name, sig, doc, func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity(name, args, kwnames, 2, 2); err != nil {
				return nil, err
			}
			a, err := realArg(args[0])
			if err != nil {
				return nil, err
			}
			b, err := realArg(args[1])
			if err != nil {
				return nil, err
			}
			r, err := f(a, b)
			if err != nil {
				return nil, err
			}
			return Float(r), nil
		})
	}
	float2("pow", "(x, y, /)", "Return x**y (x to the power of y).", func(a, b float64) (float64, error) {
		if a == 0 && b < 0 || a < 0 && b != math.Trunc(b) && !math.IsInf(b, 0) {
			return 0, mathDomainError()
		}
		r := xmath.Pow(a, b)
		if math.IsInf(r, 0) && !math.IsInf(a, 0) && !math.IsInf(b, 0) {
			return 0, mathRangeError()
		}
		return r, nil
	})
	float2("atan2", "(y, x, /)", "Return atan(y/x), in radians, using the signs of both.", func(a, b float64) (float64, error) { return xmath.Atan2(a, b), nil })
	float2("copysign", "(x, y, /)", "Return x with the sign of y.", func(a, b float64) (float64, error) { return math.Copysign(a, b), nil })
	float2("fmod", "(x, y, /)", "Return fmod(x, y), as in C.", func(a, b float64) (float64, error) {
		if b == 0 || math.IsInf(a, 0) {
			return 0, mathDomainError()
		}
		return math.Mod(a, b), nil
	})
	float2("remainder", "(x, y, /)", "Return the IEEE 754 remainder of x with respect to y.", func(a, b float64) (float64, error) {
		if b == 0 || math.IsInf(a, 0) {
			return 0, mathDomainError()
		}
		return math.Remainder(a, b), nil
	})
	float2("ldexp", "(x, i, /)", "Return x * (2**i).", func(a, b float64) (float64, error) {
		r := math.Ldexp(a, int(b))
		if math.IsInf(r, 0) && !math.IsInf(a, 0) {
			return 0, mathRangeError()
		}
		return r, nil
	})
	m.AddFunc("modf", "(x, /)", "Return the fractional and integer parts of x.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("modf", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		x, err := realArg(args[0])
		if err != nil {
			return nil, err
		}
		i, f := math.Modf(x)
		return Tuple{Float(f), Float(i)}, nil
	})
	m.AddFunc("frexp", "(x, /)", "Return the mantissa and exponent of x, as pair (m, e).", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("frexp", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		x, err := realArg(args[0])
		if err != nil {
			return nil, err
		}
		f, e := math.Frexp(x)
		return Tuple{Float(f), MakeInt(int64(e))}, nil
	})
	predicate := func(name string, f func(float64) bool) {
		m.AddFunc(name, "(x, /)", "Return True if x is "+name[2:]+".", func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity(name, args, kwnames, 1, 1); err != nil {
				return nil, err
			}
			x, err := realArg(args[0])
			if err != nil {
				return nil, err
			}
			return MakeBool(f(x)), nil
		})
	}
	predicate("isnan", math.IsNaN)
	predicate("isinf", func(x float64) bool { return math.IsInf(x, 0) })
	predicate("isfinite", func(x float64) bool { return !math.IsInf(x, 0) && !math.IsNaN(x) })
	m.AddFunc("isclose", "(a, b, *, rel_tol=1e-09, abs_tol=0.0)", "Determine whether two floating point numbers are close in value.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var a, b float64
		rel, abs := 1e-9, 0.0
		if err := UnpackArgs("isclose", args, kwnames, "a", &a, "b", &b, "*rel_tol?", &rel, "*abs_tol?", &abs); err != nil {
			return nil, err
		}
		if rel < 0 || abs < 0 {
			return nil, ValueErrorf("tolerances must be non-negative")
		}
		if a == b {
			return True, nil
		}
		if math.IsInf(a, 0) || math.IsInf(b, 0) {
			return False, nil
		}
		d := math.Abs(b - a)
		return MakeBool(d <= math.Abs(rel*b) || d <= math.Abs(rel*a) || d <= abs), nil
	})
	m.AddFunc("hypot", "(*coordinates)", "Return the Euclidean norm, sqrt(sum(x**2 for x in coordinates)).", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := noKwargs("hypot", kwnames); err != nil {
			return nil, err
		}
		coords := make([]float64, len(args))
		for i, a := range args {
			x, err := realArg(a)
			if err != nil {
				return nil, err
			}
			coords[i] = x
		}
		return Float(xmath.Norm(coords)), nil
	})
	m.AddFunc("dist", "(p, q, /)", "Return the Euclidean distance between two points p and q.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("dist", args, kwnames, 2, 2); err != nil {
			return nil, err
		}
		p, err := th.iterateAll(args[0])
		if err != nil {
			return nil, err
		}
		q, err := th.iterateAll(args[1])
		if err != nil {
			return nil, err
		}
		if len(p) != len(q) {
			return nil, ValueErrorf("both points must have the same number of dimensions")
		}
		diffs := make([]float64, len(p))
		for i := range p {
			a, err := realArg(p[i])
			if err != nil {
				return nil, err
			}
			b, err := realArg(q[i])
			if err != nil {
				return nil, err
			}
			diffs[i] = a - b
		}
		return Float(xmath.Norm(diffs)), nil
	})
	m.AddFunc("fsum", "(seq, /)", "Return an accurate floating point sum of values in the iterable seq.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("fsum", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		sum := new(big.Float).SetPrec(2200)
		special := 0.0
		err := th.forEach(args[0], func(v Value) error {
			x, err := realArg(v)
			if err != nil {
				return err
			}
			if math.IsInf(x, 0) || math.IsNaN(x) {
				special += x
				return nil
			}
			sum.Add(sum, new(big.Float).SetFloat64(x))
			return nil
		})
		if err != nil {
			return nil, err
		}
		if special != 0 || math.IsNaN(special) {
			return Float(special), nil
		}
		f, _ := sum.Float64()
		return Float(f), nil
	})
	m.AddFunc("prod", "(iterable, /, *, start=1)", "Return the product of a 'start' value (default: 1) times an iterable of numbers.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var it Value
		var start Value = MakeInt(1)
		if err := UnpackArgs("prod", args, kwnames, "iterable", &it, "*start?", &start); err != nil {
			return nil, err
		}
		acc := start
		err := th.forEach(it, func(v Value) error {
			r, err := th.Binary(syntax.STAR, acc, v)
			acc = r
			return err
		})
		return acc, err
	})
	m.AddFunc("gcd", "(*integers)", "Greatest Common Divisor.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := noKwargs("gcd", kwnames); err != nil {
			return nil, err
		}
		ints, err := intArgs("gcd", args)
		if err != nil {
			return nil, err
		}
		g := new(big.Int)
		for _, b := range ints {
			g.GCD(nil, nil, g, new(big.Int).Abs(b))
		}
		return MakeBigInt(g), nil
	})
	m.AddFunc("lcm", "(*integers)", "Least Common Multiple.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := noKwargs("lcm", kwnames); err != nil {
			return nil, err
		}
		ints, err := intArgs("lcm", args)
		if err != nil {
			return nil, err
		}
		l := big.NewInt(1)
		for _, b := range ints {
			a := new(big.Int).Abs(b)
			if a.Sign() == 0 {
				return MakeInt(0), nil
			}
			g := new(big.Int).GCD(nil, nil, l, a)
			l.Mul(l, a.Quo(a, g))
		}
		return MakeBigInt(l), nil
	})
	m.AddFunc("isqrt", "(n, /)", "Return the integer part of the square root of the input.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("isqrt", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		ints, err := intArgs("isqrt", args)
		if err != nil {
			return nil, err
		}
		if ints[0].Sign() < 0 {
			return nil, ValueErrorf("isqrt() argument must be nonnegative")
		}
		return MakeBigInt(new(big.Int).Sqrt(ints[0])), nil
	})
	m.AddFunc("factorial", "(n, /)", "Find n!.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("factorial", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		if _, ok := args[0].(Float); ok {
			return nil, TypeErrorf("'float' object cannot be interpreted as an integer")
		}
		n, ok := asInt64(args[0])
		if !ok {
			return nil, TypeErrorf("'%s' object cannot be interpreted as an integer", TypeName(args[0]))
		}
		if n < 0 {
			return nil, ValueErrorf("factorial() not defined for negative values")
		}
		if err := th.checkIntSize(int(min(n, maxIntBits)) * 8); err != nil {
			return nil, err
		}
		return MakeBigInt(new(big.Int).MulRange(1, n)), nil
	})
	combPerm := func(name string, perm bool) {
		m.AddFunc(name, "(n, k, /)", "Number of ways to choose k items from n items.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity(name, args, kwnames, 1, 2); err != nil {
				return nil, err
			}
			ints, err := intArgs(name, args)
			if err != nil {
				return nil, err
			}
			n := ints[0]
			k := n
			if len(ints) == 2 {
				k = ints[1]
			} else if !perm {
				return nil, TypeErrorf("comb expected 2 arguments, got 1")
			}
			if n.Sign() < 0 {
				return nil, ValueErrorf("n must be a non-negative integer")
			}
			if k.Sign() < 0 {
				return nil, ValueErrorf("k must be a non-negative integer")
			}
			if k.Cmp(n) > 0 {
				return MakeInt(0), nil
			}
			if !n.IsInt64() {
				return nil, OverflowErrorf("n must not exceed %d", int64(math.MaxInt64))
			}
			nn, kk := n.Int64(), k.Int64()
			if err := th.checkIntSize(int(min(kk, maxIntBits)) * 64); err != nil {
				return nil, err
			}
			r := new(big.Int).MulRange(nn-kk+1, nn)
			if !perm {
				r.Quo(r, new(big.Int).MulRange(1, kk))
			}
			return MakeBigInt(r), nil
		})
	}
	combPerm("comb", false)
	combPerm("perm", true)
	return m
}
