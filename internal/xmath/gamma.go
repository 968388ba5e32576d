// Gamma and Lgamma are not glibc's: CPython's math.gamma and math.lgamma use their own
// Lanczos approximation (Modules/mathmodule.c, m_tgamma and m_lgamma; Copyright (c)
// Python Software Foundation; see NOTICE), ported here operation for operation. CPython is
// built without FMA, so every product that meets a sum is rounded first. Through the
// reflection formula the results for negative x depend on Sin and Cos.

package xmath

import "math"

const (
	lanczosG          = 6.024680040776729583740234375
	lanczosGMinusHalf = 5.524680040776729583740234375
	logPi             = 1.144729885849400174143427351353058711647
)

var lanczosNum = [13]float64{
	23531376880.410759688572007674451636754734846804940,
	42919803642.649098768957899047001988850926355848959,
	35711959237.355668049440185451547166705960488635843,
	17921034426.037209699919755754458931112671403265390,
	6039542586.3520280050642916443072979210699388420708,
	1439720407.3117216736632230727949123939715485786772,
	248874557.86205415651146038641322942321632125127801,
	31426415.585400194380614231628318205362874684987640,
	2876370.6289353724412254090516208496135991145378768,
	186056.26539522349504029498971604569928220784236328,
	8071.6720023658162106380029022722506138218516325024,
	210.82427775157934587250973392071336271166969580291,
	2.5066282746310002701649081771338373386264310793408,
}

// lanczosDen is the denominator x*(x+1)*...*(x+11) expanded.
var lanczosDen = [13]float64{
	0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
	13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0,
}

// gammaIntegral holds Gamma(1) through Gamma(23), which are exact.
var gammaIntegral = [23]float64{
	1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
	3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
	1307674368000.0, 20922789888000.0, 355687428096000.0,
	6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
	51090942171709440000.0, 1124000727777607680000.0,
}

// lanczosSum is the Lanczos sum L_g(x) for x > 0, as a rational function in x below 5 and
// in 1/x above, where x**12 would lose accuracy or overflow.
func lanczosSum(x float64) float64 {
	var num, den float64
	if x < 5 {
		for i := 12; i >= 0; i-- {
			num = float64(num*x) + lanczosNum[i]
			den = float64(den*x) + lanczosDen[i]
		}
	} else {
		for i := 0; i < 13; i++ {
			num = num/x + lanczosNum[i]
			den = den/x + lanczosDen[i]
		}
	}
	return num / den
}

// sinPi returns sin(pi*x) for finite x, exactly zero at the integers.
func sinPi(x float64) float64 {
	y := math.Mod(math.Abs(x), 2)
	var r float64
	switch math.Round(2 * y) {
	case 0:
		r = Sin(math.Pi * y)
	case 1:
		r = Cos(math.Pi * (y - 0.5))
	case 2:
		r = Sin(math.Pi * (1 - y)) // not -Sin(pi*(y-1)), which is -0 at y == 1
	case 3:
		r = -Cos(math.Pi * (y - 1.5))
	default:
		r = Sin(math.Pi * (y - 2))
	}
	return math.Copysign(1, x) * r
}

// Gamma returns the Gamma function of x, as CPython's math.gamma computes it.
func Gamma(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return math.NaN()
	case x == 0:
		return math.Copysign(math.Inf(1), x)
	case x == math.Floor(x):
		if x < 0 {
			return math.NaN()
		}
		if x <= 23 {
			return gammaIntegral[int(x)-1]
		}
	}
	absx := math.Abs(x)
	if absx < 1e-20 { // Gamma(x) ~ 1/x
		return 1 / x
	}
	if absx > 200 { // overflows, or underflows to ±0
		if x < 0 {
			return 0 / sinPi(x)
		}
		return math.Inf(1)
	}
	// z corrects for the rounding error of y; see CPython's comment on m_tgamma.
	y := absx + lanczosGMinusHalf
	var z float64
	if absx > lanczosGMinusHalf {
		z = (y - absx) - lanczosGMinusHalf
	} else {
		z = (y - lanczosGMinusHalf) - absx
	}
	z = z * lanczosG / y
	var r float64
	if x < 0 {
		r = -math.Pi / sinPi(absx) / absx * Exp(y) / lanczosSum(absx)
		r -= float64(z * r)
		if absx < 140 {
			r /= Pow(y, absx-0.5)
		} else {
			sqrtpow := Pow(y, absx/2-0.25)
			r /= sqrtpow
			r /= sqrtpow
		}
	} else {
		r = lanczosSum(absx) / Exp(y)
		r += float64(z * r)
		if absx < 140 {
			r *= Pow(y, absx-0.5)
		} else {
			sqrtpow := Pow(y, absx/2-0.25)
			r *= sqrtpow
			r *= sqrtpow
		}
	}
	return r
}

// Lgamma returns the natural logarithm of |Gamma(x)|, as CPython's math.lgamma computes it.
func Lgamma(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.IsInf(x, 0):
		return math.Inf(1)
	case x == math.Floor(x) && x <= 2:
		if x <= 0 {
			return math.Inf(1)
		}
		return 0
	}
	absx := math.Abs(x)
	if absx < 1e-20 {
		return -Log(absx)
	}
	r := Log(lanczosSum(absx)) - lanczosG
	r += float64((absx - 0.5) * (Log(absx+lanczosG-0.5) - 1))
	if x < 0 { // reflection formula
		r = logPi - Log(math.Abs(sinPi(absx))) - Log(absx) - r
	}
	return r
}
