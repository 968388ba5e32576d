package interp

import (
	"math"
	"math/big"

	"msrepl/internal/pyfmt"
	"msrepl/internal/xmath"
	"msrepl/lang/syntax"
)

// Float is a 64-bit float.
type Float float64

func (Float) Type() *Class { return FloatClass }

func (f Float) Repr(th *Thread) (string, error) { return pyfmt.FloatRepr(float64(f)), nil }

// asFloat converts numbers (float, int, bool) to float64; ok is false for
// other types.
func asFloat(v Value) (float64, bool, error) {
	switch v := v.(type) {
	case Float:
		return float64(v), true, nil
	case Int, Bool, *BigInt:
		f, err := intToFloat(v)
		return f, true, err
	}
	return 0, false, nil
}

// floatBinary computes x op y when either operand is a float and the other
// a number. It returns (nil, nil) for unsupported operators.
func floatBinary(op syntax.Token, a, b float64) (Value, error) {
	switch op {
	case syntax.PLUS:
		return Float(a + b), nil
	case syntax.MINUS:
		return Float(a - b), nil
	case syntax.STAR:
		return Float(a * b), nil
	case syntax.SLASH:
		if b == 0 {
			return nil, ZeroDivisionErrorf("float division by zero")
		}
		return Float(a / b), nil
	case syntax.SLASHSLASH:
		if b == 0 {
			return nil, ZeroDivisionErrorf("float floor division by zero")
		}
		q, _ := floatDivMod(a, b)
		return Float(q), nil
	case syntax.PERCENT:
		if b == 0 {
			return nil, ZeroDivisionErrorf("float modulo")
		}
		_, m := floatDivMod(a, b)
		return Float(m), nil
	case syntax.STARSTAR:
		return floatPow(a, b)
	}
	return nil, nil
}

// floatDivMod is CPython's float divmod: the remainder takes the divisor's
// sign, and the quotient is exact when possible.
func floatDivMod(a, b float64) (q, m float64) {
	m = math.Mod(a, b)
	div := (a - m) / b
	if m != 0 {
		if (b < 0) != (m < 0) {
			m += b
			div -= 1
		}
	} else {
		m = math.Copysign(0, b)
	}
	if div != 0 {
		q = math.Floor(div)
		if div-q > 0.5 {
			q += 1
		}
	} else {
		q = math.Copysign(0, a/b)
	}
	return q, m
}

func floatPow(a, b float64) (Value, error) {
	if a == 0 && b < 0 {
		return nil, ZeroDivisionErrorf("0.0 cannot be raised to a negative power")
	}
	if a < 0 && b != math.Trunc(b) && !math.IsInf(b, 0) {
		return nil, ValueErrorf("negative number cannot be raised to a fractional power")
	}
	r := xmath.Pow(a, b)
	if math.IsInf(r, 0) && !math.IsInf(a, 0) && !math.IsInf(b, 0) {
		return nil, OverflowErrorf("(34, 'Numerical result out of range')")
	}
	return Float(r), nil
}

// compareNumbers compares two numbers exactly (an int and a float are
// compared by value, not by converting the int). ok is false when either is
// NaN, in which case every ordering is false.
func compareNumbers(x, y Value) (cmp int, ok bool) {
	xf, xIsFloat := x.(Float)
	yf, yIsFloat := y.(Float)
	switch {
	case !xIsFloat && !yIsFloat:
		return compareIntLike(x, y), true
	case xIsFloat && yIsFloat:
		a, b := float64(xf), float64(yf)
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			return 0, false
		case a < b:
			return -1, true
		case a > b:
			return 1, true
		}
		return 0, true
	case xIsFloat:
		c, ok := compareFloatInt(float64(xf), y)
		return c, ok
	}
	c, ok := compareFloatInt(float64(yf), x)
	return -c, ok
}

func compareFloatInt(f float64, i Value) (int, bool) {
	if math.IsNaN(f) {
		return 0, false
	}
	if math.IsInf(f, 1) {
		return 1, true
	}
	if math.IsInf(f, -1) {
		return -1, true
	}
	if n, ok := asInt64(i); ok && n > -1<<53 && n < 1<<53 {
		g := float64(n)
		switch {
		case f < g:
			return -1, true
		case f > g:
			return 1, true
		}
		return 0, true
	}
	b, _ := asBig(i)
	return new(big.Float).SetFloat64(f).Cmp(new(big.Float).SetInt(b)), true
}
