package interp

import (
	"math"
	"math/big"
	"math/bits"

	"msrepl/lang/syntax"
)

// Int is an int that fits in 64 bits. Larger ints are *BigInt; every
// operation returns the smaller form when the result fits.
type Int int64

// BigInt is an int outside the int64 range.
type BigInt struct{ v *big.Int }

func (Int) Type() *Class     { return IntClass }
func (*BigInt) Type() *Class { return IntClass }

// Small ints are preallocated, so that boxing the common ones into a Value
// does not allocate.
const (
	smallIntMin = -256
	smallIntMax = 4096
)

var smallInts = func() (t [smallIntMax - smallIntMin + 1]Value) {
	for i := range t {
		t[i] = Int(i + smallIntMin)
	}
	return t
}()

// MakeInt returns an int value.
func MakeInt(i int64) Value {
	if i >= smallIntMin && i <= smallIntMax {
		return smallInts[i-smallIntMin]
	}
	return Int(i)
}

// MakeBigInt returns an int value for b, which it may keep.
func MakeBigInt(b *big.Int) Value {
	if b.IsInt64() {
		return MakeInt(b.Int64())
	}
	return &BigInt{v: b}
}

// asInt converts int-like values (int, bool) to a big.Int. ok is false for
// other types.
func asBig(v Value) (*big.Int, bool) {
	switch v := v.(type) {
	case Int:
		return big.NewInt(int64(v)), true
	case *BigInt:
		return v.v, true
	case Bool:
		if v {
			return big.NewInt(1), true
		}
		return big.NewInt(0), true
	}
	return nil, false
}

// asInt64 returns an int-like value as int64; ok is false for other types
// and for ints that do not fit.
func asInt64(v Value) (int64, bool) {
	switch v := v.(type) {
	case Int:
		return int64(v), true
	case Bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// isIntLike reports whether v is an int or a bool.
func isIntLike(v Value) bool {
	switch v.(type) {
	case Int, *BigInt, Bool:
		return true
	}
	return false
}

// smallIntBinary is the interpreter's fast path for int op int. ok is false
// when the operator needs the general path (overflow, division, errors).
func smallIntBinary(op syntax.Token, x, y Int) (Value, bool) {
	a, b := int64(x), int64(y)
	switch op {
	case syntax.PLUS:
		r := a + b
		if (r > a) == (b > 0) {
			return MakeInt(r), true
		}
	case syntax.MINUS:
		r := a - b
		if (r < a) == (b > 0) {
			return MakeInt(r), true
		}
	case syntax.STAR:
		hi, lo := bits.Mul64(uint64(absInt(a)), uint64(absInt(b)))
		if hi == 0 && lo <= math.MaxInt64 && a != math.MinInt64 && b != math.MinInt64 {
			r := int64(lo)
			if (a < 0) != (b < 0) {
				r = -r
			}
			return MakeInt(r), true
		}
	case syntax.SLASHSLASH:
		if b > 0 {
			q := a / b
			if a%b != 0 && a < 0 {
				q--
			}
			return MakeInt(q), true
		}
	case syntax.PERCENT:
		if b > 0 {
			r := a % b
			if r < 0 {
				r += b
			}
			return MakeInt(r), true
		}
	case syntax.AMP:
		return MakeInt(a & b), true
	case syntax.PIPE:
		return MakeInt(a | b), true
	case syntax.CIRCUMFLEX:
		return MakeInt(a ^ b), true
	}
	return nil, false
}

func absInt(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// compareInts compares two int64s; ok is false for non-comparison operators.
func compareInts(op syntax.Token, a, b int64) (result, ok bool) {
	switch op {
	case syntax.LT:
		return a < b, true
	case syntax.LE:
		return a <= b, true
	case syntax.GT:
		return a > b, true
	case syntax.GE:
		return a >= b, true
	case syntax.EQL:
		return a == b, true
	case syntax.NEQ:
		return a != b, true
	}
	return false, false
}

// intBinary computes x op y for ints (and bools). It returns (nil, nil) for
// operators ints do not support with each other.
func (th *Thread) intBinary(op syntax.Token, x, y Value) (Value, error) {
	if a, ok := x.(Bool); ok {
		if b, ok := y.(Bool); ok {
			switch op {
			case syntax.AMP:
				return Bool(a && b), nil
			case syntax.PIPE:
				return Bool(a || b), nil
			case syntax.CIRCUMFLEX:
				return Bool(a != b), nil
			}
		}
	}
	if xi, ok := asInt64(x); ok {
		if yi, ok := asInt64(y); ok {
			if v, ok := smallIntBinary(op, Int(xi), Int(yi)); ok {
				return v, nil
			}
			if op == syntax.SLASH {
				if yi == 0 {
					return nil, ZeroDivisionErrorf("division by zero")
				}
				if absInt(xi) < 1<<53 && absInt(yi) < 1<<53 {
					return Float(float64(xi) / float64(yi)), nil
				}
			}
		}
	}
	a, _ := asBig(x)
	b, _ := asBig(y)
	switch op {
	case syntax.PLUS:
		return MakeBigInt(new(big.Int).Add(a, b)), nil
	case syntax.MINUS:
		return MakeBigInt(new(big.Int).Sub(a, b)), nil
	case syntax.STAR:
		if err := th.checkIntSize(a.BitLen() + b.BitLen()); err != nil {
			return nil, err
		}
		return MakeBigInt(new(big.Int).Mul(a, b)), nil
	case syntax.SLASH:
		return bigTrueDiv(a, b)
	case syntax.SLASHSLASH, syntax.PERCENT:
		if b.Sign() == 0 {
			if op == syntax.PERCENT {
				return nil, ZeroDivisionErrorf("integer modulo by zero")
			}
			return nil, ZeroDivisionErrorf("integer division or modulo by zero")
		}
		q, m := floorDivMod(a, b)
		if op == syntax.SLASHSLASH {
			return MakeBigInt(q), nil
		}
		return MakeBigInt(m), nil
	case syntax.STARSTAR:
		return th.intPow(a, b)
	case syntax.LTLT:
		if b.Sign() < 0 {
			return nil, ValueErrorf("negative shift count")
		}
		if a.Sign() == 0 {
			return MakeInt(0), nil
		}
		if !b.IsInt64() || b.Int64() > math.MaxInt32 {
			return nil, OverflowErrorf("too many digits in integer")
		}
		if err := th.checkIntSize(a.BitLen() + int(b.Int64())); err != nil {
			return nil, err
		}
		return MakeBigInt(new(big.Int).Lsh(a, uint(b.Int64()))), nil
	case syntax.GTGT:
		if b.Sign() < 0 {
			return nil, ValueErrorf("negative shift count")
		}
		if !b.IsInt64() || b.Int64() > int64(a.BitLen()) {
			if a.Sign() < 0 {
				return MakeInt(-1), nil
			}
			return MakeInt(0), nil
		}
		return MakeBigInt(new(big.Int).Rsh(a, uint(b.Int64()))), nil
	case syntax.AMP:
		return MakeBigInt(new(big.Int).And(a, b)), nil
	case syntax.PIPE:
		return MakeBigInt(new(big.Int).Or(a, b)), nil
	case syntax.CIRCUMFLEX:
		return MakeBigInt(new(big.Int).Xor(a, b)), nil
	}
	return nil, nil
}

// maxIntBits bounds the size of ints that arithmetic may create, so that a
// typo like 10**10**10 fails fast instead of exhausting memory.
const maxIntBits = 1 << 26

func (th *Thread) checkIntSize(nbits int) error {
	if nbits > maxIntBits {
		return Errorf(MemoryErrorClass, "integer result too large (more than %d bits)", maxIntBits)
	}
	return th.charge(nbits / 4096)
}

// floorDivMod is Python's divmod on ints: the quotient rounds toward
// negative infinity and the remainder has the divisor's sign.
func floorDivMod(a, b *big.Int) (q, m *big.Int) {
	q, m = new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
		m.Add(m, b)
	}
	return q, m
}

// bigTrueDiv is int / int, correctly rounded as in CPython.
func bigTrueDiv(a, b *big.Int) (Value, error) {
	if b.Sign() == 0 {
		return nil, ZeroDivisionErrorf("division by zero")
	}
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	if math.IsInf(f, 0) {
		return nil, OverflowErrorf("integer division result too large for a float")
	}
	return Float(f), nil
}

func (th *Thread) intPow(a, b *big.Int) (Value, error) {
	if b.Sign() < 0 {
		fa, err := bigToFloat(a)
		if err != nil {
			return nil, err
		}
		fb, err := bigToFloat(b)
		if err != nil {
			return nil, err
		}
		return floatPow(fa, fb)
	}
	if a.BitLen() <= 1 || b.Sign() == 0 {
		// 0, 1 and -1 to any power, and anything to the 0th.
		return MakeBigInt(new(big.Int).Exp(a, b, nil)), nil
	}
	if !b.IsInt64() {
		return nil, Errorf(MemoryErrorClass, "integer result too large")
	}
	if err := th.checkIntSize(a.BitLen() * int(min(b.Int64(), maxIntBits))); err != nil {
		return nil, err
	}
	return MakeBigInt(new(big.Int).Exp(a, b, nil)), nil
}

// bigToFloat converts an int to float, as float(n) does.
func bigToFloat(b *big.Int) (float64, error) {
	if b.IsInt64() {
		return float64(b.Int64()), nil
	}
	f, _ := new(big.Float).SetInt(b).Float64()
	if math.IsInf(f, 0) {
		return 0, OverflowErrorf("int too large to convert to float")
	}
	return f, nil
}

// intToFloat converts an int-like value to float64.
func intToFloat(v Value) (float64, error) {
	switch v := v.(type) {
	case Int:
		return float64(v), nil
	case Bool:
		if v {
			return 1, nil
		}
		return 0, nil
	case *BigInt:
		return bigToFloat(v.v)
	}
	return 0, TypeErrorf("must be real number, not %s", TypeName(v))
}

// intUnary is -x, +x, ~x on ints.
func intUnary(op syntax.Token, x Value) Value {
	if i, ok := asInt64(x); ok {
		switch op {
		case syntax.MINUS:
			if i != math.MinInt64 {
				return MakeInt(-i)
			}
		case syntax.PLUS:
			return MakeInt(i)
		case syntax.TILDE:
			return MakeInt(^i)
		}
	}
	b, _ := asBig(x)
	switch op {
	case syntax.MINUS:
		return MakeBigInt(new(big.Int).Neg(b))
	case syntax.TILDE:
		return MakeBigInt(new(big.Int).Not(b))
	}
	return MakeBigInt(new(big.Int).Set(b))
}

// compareIntLike compares two int-likes.
func compareIntLike(x, y Value) int {
	if a, ok := asInt64(x); ok {
		if b, ok := asInt64(y); ok {
			switch {
			case a < b:
				return -1
			case a > b:
				return 1
			}
			return 0
		}
	}
	a, _ := asBig(x)
	b, _ := asBig(y)
	return a.Cmp(b)
}

// Python's numeric hash: integers modulo the Mersenne prime 2**61-1, with
// floats hashing equal to the ints they equal.
const (
	hashBits    = 61
	hashModulus = 1<<hashBits - 1
	hashInf     = 314159
)

func hashInt64(i int64) int64 {
	neg := i < 0
	u := uint64(i)
	if neg {
		u = uint64(-i)
	}
	h := int64(u % hashModulus)
	if neg {
		h = -h
	}
	if h == -1 {
		h = -2
	}
	return h
}

func hashBig(b *big.Int) int64 {
	if b.IsInt64() {
		return hashInt64(b.Int64())
	}
	m := new(big.Int).Mod(new(big.Int).Abs(b), big.NewInt(hashModulus)).Int64()
	if b.Sign() < 0 {
		m = -m
	}
	if m == -1 {
		m = -2
	}
	return m
}

func hashFloat(f float64) int64 {
	switch {
	case math.IsInf(f, 1):
		return hashInf
	case math.IsInf(f, -1):
		return -hashInf
	case math.IsNaN(f):
		return 0
	}
	if t := math.Trunc(f); t == f && math.Abs(f) < 1<<63 {
		return hashInt64(int64(f))
	}
	sign := int64(1)
	if f < 0 {
		sign, f = -1, -f
	}
	m, e := math.Frexp(f)
	var x uint64
	for m != 0 {
		x = ((x << 28) & hashModulus) | x>>(hashBits-28)
		m *= 268435456.0 // 2**28
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= hashModulus {
			x -= hashModulus
		}
	}
	if e >= 0 {
		e %= hashBits
	} else {
		e = hashBits - 1 - ((-1 - e) % hashBits)
	}
	x = ((x << uint(e)) & hashModulus) | x>>uint(hashBits-e)
	h := int64(x) * sign
	if h == -1 {
		h = -2
	}
	return h
}
