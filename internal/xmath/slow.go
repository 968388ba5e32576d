// The slow paths of the correctly rounded functions: the same functions in math/big at 320
// bits, enough to round correctly every float64 argument (the hardest cases known need
// fewer than 130). They run only when Ziv's test cannot settle the double-double result,
// about once in 2^20 calls.

package xmath

import (
	"math"
	"math/big"
	"sync"
)

const slowPrec = 320

var (
	slowOnce     sync.Once
	bigTwoOverPi *big.Float // 2/pi to 1280 bits, from twoOverPi
	bigPio2      *big.Float // pi/2 to slowPrec bits
)

func slowInit() {
	var n big.Int
	for _, w := range twoOverPi {
		n.Lsh(&n, 64)
		n.Or(&n, new(big.Int).SetUint64(w))
	}
	bigTwoOverPi = new(big.Float).SetPrec(uint(64 * len(twoOverPi))).SetInt(&n)
	bigTwoOverPi.SetMantExp(bigTwoOverPi, -64*len(twoOverPi))
	bigPio2 = newBig().Quo(newBig().SetInt64(1), bigTwoOverPi)
}

// newBig returns a zero big.Float at the slow paths' precision.
func newBig() *big.Float { return new(big.Float).SetPrec(slowPrec) }

// trigSlow returns sin(x) (which == 0), cos(x) (1) or tan(x) (2), for finite x >= 0.
func trigSlow(x float64, which int) float64 {
	slowOnce.Do(slowInit)
	// x*2/pi is exact at this precision, and 1280 bits of 2/pi leave 2^-256 of absolute
	// error even at 2^1024, far below the smallest |x - k*pi/2|, about 2^-61.
	y := new(big.Float).SetPrec(1400).SetFloat64(x)
	y.Mul(y, bigTwoOverPi)
	n, _ := new(big.Float).SetPrec(1400).Add(y, big.NewFloat(0.5)).Int(nil) // y >= 0
	y.Sub(y, new(big.Float).SetInt(n))
	s, c := sinCosBig(newBig().Mul(y, bigPio2))
	k := which // the quadrant, plus one for cos(r) = sin(r + pi/2)
	if b := n.Bits(); len(b) > 0 {
		k += int(b[0] & 3)
	}
	var v *big.Float
	switch {
	case which == 2 && k&1 == 0:
		v = s.Quo(s, c)
	case which == 2:
		v = c.Quo(c.Neg(c), s)
	case k&1 == 0:
		v = s
	default:
		v = c
	}
	if which != 2 && k&2 != 0 {
		v.Neg(v)
	}
	f, _ := v.Float64()
	return f
}

// sinCosBig returns sin(r) and cos(r) by their Taylor series, for |r| <= 1.
func sinCosBig(r *big.Float) (s, c *big.Float) {
	r2 := newBig().Mul(r, r)
	s, c = newBig().Set(r), newBig().SetInt64(1)
	ts, tc := newBig().Set(r), newBig().SetInt64(1)
	for n := int64(1); !negligible(ts, s) || !negligible(tc, c); n++ {
		ts.Mul(ts, r2)
		ts.Quo(ts, big.NewFloat(float64(-(2*n)*(2*n+1))))
		tc.Mul(tc, r2)
		tc.Quo(tc, big.NewFloat(float64(-(2*n-1)*(2*n))))
		s.Add(s, ts)
		c.Add(c, tc)
	}
	return s, c
}

// negligible reports whether adding term to sum no longer matters at slowPrec bits.
func negligible(term, sum *big.Float) bool {
	return term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -slowPrec-8
}

// atanBig returns atan(t) for 0 <= t <= 1.
func atanBig(t *big.Float) *big.Float {
	// Four halvings, t -> t/(1+sqrt(1+t^2)), bring t below tan(pi/64); then the series.
	t = newBig().Set(t)
	one := newBig().SetInt64(1)
	for i := 0; i < 4; i++ {
		d := newBig().Mul(t, t)
		d.Add(d, one)
		d.Sqrt(d)
		d.Add(d, one)
		t.Quo(t, d)
	}
	t2 := newBig().Mul(t, t)
	sum, p, term := newBig().Set(t), newBig().Set(t), newBig().Set(t)
	for n := int64(1); !negligible(term, sum); n++ {
		p.Mul(p, t2)
		p.Neg(p)
		term.Quo(p, big.NewFloat(float64(2*n+1)))
		sum.Add(sum, term)
	}
	return sum.SetMantExp(sum, 4)
}

// atan2Big returns atan2(y, x) for y > 0 and finite x, y.
func atan2Big(y, x *big.Float) float64 {
	slowOnce.Do(slowInit)
	ax := newBig().Abs(x)
	var a *big.Float
	if y.Cmp(ax) <= 0 {
		a = atanBig(newBig().Quo(y, ax))
	} else {
		a = atanBig(newBig().Quo(ax, y))
		a.Sub(bigPio2, a)
	}
	if x.Sign() < 0 {
		a.Sub(newBig().SetMantExp(bigPio2, 1), a)
	}
	f, _ := a.Float64()
	return f
}

// atan2Slow returns atan2(y, x) for finite y > 0 and x != 0.
func atan2Slow(y, x float64) float64 {
	return atan2Big(newBig().SetFloat64(y), newBig().SetFloat64(x))
}

// asinSlow returns asin(x) for 0 <= x < 1, or acos(x) for -1 < x < 1 if acos.
func asinSlow(x float64, acos bool) float64 {
	bx := newBig().SetFloat64(x)
	s := newBig().Mul(bx, bx)
	s.Sub(newBig().SetInt64(1), s)
	s.Sqrt(s)
	if acos {
		return atan2Big(s, bx)
	}
	return atan2Big(bx, s)
}

// cbrtSlow returns the cube root of x > 0, for x normal.
func cbrtSlow(x float64) float64 {
	bx := newBig().SetFloat64(x)
	y := newBig().SetFloat64(math.Cbrt(x))
	for i := 0; i < 3; i++ { // Newton: y -= (y^3 - x)/(3y^2)
		y2 := newBig().Mul(y, y)
		d := newBig().Mul(y2, y)
		d.Sub(d, bx)
		d.Quo(d, y2.Mul(y2, big.NewFloat(3)))
		y.Sub(y, d)
	}
	f, _ := y.Float64()
	return f
}
