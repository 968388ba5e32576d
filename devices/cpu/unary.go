package cpu

import "math"

// A UnaryOp is an elementwise operation of one operand.
type UnaryOp uint8

// The unary ops. Float32 Exp, Tanh and Sigmoid are polynomial
// approximations within 1, 1 and 3 ulp (approx.go); the other transcendental ones
// compute in float64 and round once, so float32 results are the correctly
// rounded ones in almost every case.
const (
	Neg UnaryOp = iota
	Abs
	Square
	Sign
	ReLU
	Exp
	Log
	Sqrt
	Rsqrt
	Reciprocal
	Sin
	Cos
	Tan
	Tanh
	Sigmoid
	GELU
	Erf
	Floor
	Ceil
	Round
	Log1p
	Expm1
	Softplus
	BitNot
)

// Unary computes dst = op(x) elementwise.
func Unary[T Number](op UnaryOp, dst, x []T) {
	if len(dst)*unaryCost(op) < Grain {
		unaryRun(op, dst, x)
		return
	}
	For(len(dst), unaryCost(op), func(lo, hi int) { unaryRun(op, dst[lo:hi], x[lo:hi]) })
}

// unaryCost is an op's work per element relative to an add, for deciding
// when to split it across cores.
func unaryCost(op UnaryOp) int {
	switch op {
	case Neg, Abs, Square, Sign, ReLU, Floor, Ceil, Round, BitNot:
		return 1
	}
	return 16
}

func unaryRun[T Number](op UnaryOp, dst, x []T) {
	if d, ok := any(dst).([]float32); ok {
		xs := any(x).([]float32)
		if unarySIMD32(op, d, xs) || unaryApprox32(op, d, xs) {
			return
		}
	}
	x = x[:len(dst)]
	f := func(g func(float64) float64) {
		for i, v := range x {
			dst[i] = T(g(float64(v)))
		}
	}
	switch op {
	case Neg:
		for i, v := range x {
			dst[i] = -v
		}
	case Abs:
		for i, v := range x {
			if v < 0 {
				v = -v
			}
			dst[i] = v + 0 // -0 becomes +0
		}
	case Square:
		for i, v := range x {
			dst[i] = v * v
		}
	case Sign:
		for i, v := range x {
			switch {
			case v > 0:
				dst[i] = 1
			case v < 0:
				dst[i] = fromI[T](-1)
			default:
				dst[i] = v // 0, -0 and NaN are their own sign
			}
		}
	case ReLU:
		if reluFloat(dst, x) {
			return
		}
		for i, v := range x {
			if v > 0 {
				dst[i] = v
			} else {
				dst[i] = 0
			}
		}
	case BitNot:
		for i, v := range x {
			dst[i] = fromI[T](^toI(v))
		}
	case Exp:
		f(math.Exp)
	case Log:
		f(math.Log)
	case Sqrt:
		f(math.Sqrt)
	case Rsqrt:
		f(func(v float64) float64 { return 1 / math.Sqrt(v) })
	case Reciprocal:
		f(func(v float64) float64 { return 1 / v })
	case Sin:
		f(math.Sin)
	case Cos:
		f(math.Cos)
	case Tan:
		f(math.Tan)
	case Tanh:
		f(math.Tanh)
	case Sigmoid:
		f(func(v float64) float64 { return 1 / (1 + math.Exp(-v)) })
	case GELU:
		// MindSpore's GeLU: the tanh approximation.
		f(func(v float64) float64 { return 0.5 * v * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(v+0.044715*v*v*v))) })
	case Erf:
		f(math.Erf)
	case Floor:
		f(math.Floor)
	case Ceil:
		f(math.Ceil)
	case Round:
		f(math.RoundToEven)
	case Log1p:
		f(math.Log1p)
	case Expm1:
		f(math.Expm1)
	case Softplus:
		f(func(v float64) float64 {
			if v > 20 {
				return v
			}
			return math.Log1p(math.Exp(v))
		})
	default:
		panic("cpu: unknown unary op")
	}
}

// A CompareOp is an elementwise comparison.
type CompareOp uint8

// The comparisons.
const (
	Equal CompareOp = iota
	NotEqual
	Less
	LessEqual
	Greater
	GreaterEqual
)

// Compare computes dst = x op y elementwise with broadcasting, as Binary.
func Compare[T Number | ~bool](op CompareOp, dst []bool, x, y []T, shape, xst, yst []int) {
	rows(shape, [][]int{xst, yst}, func(o int, off, inner []int, n int) {
		d := dst[o : o+n]
		xi, yi := off[0], off[1]
		for i := range d {
			d[i] = compare(op, x[xi], y[yi])
			xi += inner[0]
			yi += inner[1]
		}
	})
}

func compare[T Number | ~bool](op CompareOp, a, b T) bool {
	switch op {
	case Equal:
		return a == b
	case NotEqual:
		return a != b
	}
	x, y := asFloat(a), asFloat(b)
	switch op {
	case Less:
		return x < y
	case LessEqual:
		return x <= y
	case Greater:
		return x > y
	}
	return x >= y
}

// asFloat orders any element as a float64; int64 values beyond 2^53 lose
// precision, which only matters for ordering huge neighbours.
func asFloat[T Number | ~bool](v T) float64 {
	switch v := any(v).(type) {
	case bool:
		if v {
			return 1
		}
		return 0
	case uint8:
		return float64(v)
	case int8:
		return float64(v)
	case int16:
		return float64(v)
	case int32:
		return float64(v)
	case int64:
		return float64(v)
	case float32:
		return float64(v)
	case float64:
		return v
	}
	panic("cpu: unknown element type")
}

// A LogicalOp combines booleans.
type LogicalOp uint8

// The logical ops.
const (
	And LogicalOp = iota
	Or
	Xor
)

// Logical computes dst = x op y on booleans with broadcasting.
func Logical(op LogicalOp, dst, x, y []bool, shape, xst, yst []int) {
	rows(shape, [][]int{xst, yst}, func(o int, off, inner []int, n int) {
		d := dst[o : o+n]
		xi, yi := off[0], off[1]
		for i := range d {
			a, b := x[xi], y[yi]
			switch op {
			case And:
				d[i] = a && b
			case Or:
				d[i] = a || b
			default:
				d[i] = a != b
			}
			xi += inner[0]
			yi += inner[1]
		}
	})
}

// Not computes dst = !x.
func Not(dst, x []bool) {
	for i, v := range x[:len(dst)] {
		dst[i] = !v
	}
}
