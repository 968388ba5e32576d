// Package xmath computes the elementary functions of float64 the way CPython 3.11's math
// module does on Linux, so that msrepl prints the same results. It is pure Go; the hot
// paths stay fast.
//
// CPython calls glibc's libm, whose functions are not correctly rounded: its exp returns
// the farther of the two neighbours of the true value for about one argument in two
// thousand, its erf for one in ten, its sinh and tanh for one in five, its cbrt for one in
// two.
// Correct rounding alone would therefore not print what CPython prints, and neither does
// Go's math package, so the functions here come in three kinds:
//
//   - Exp, Exp2, Log, Log2, Pow, Expm1, Log1p, Log10, Sinh, Cosh, Tanh, Asinh, Acosh,
//     Atanh, Erf and Erfc agree bit for bit with glibc 2.28 and later as it runs on x86-64
//     CPUs with FMA (every one since 2013): they port ARM optimized-routines, which glibc
//     uses for exp, exp2, log, log2 and pow, and Sun's fdlibm, which it uses for the rest,
//     with each multiply-add fused exactly where GCC fuses it in glibc's build. They give
//     the same results on every architecture Go supports.
//   - Gamma, Lgamma, Hypot and Norm are CPython's own code (math.gamma, math.lgamma,
//     math.hypot and math.dist do not call libm), ported operation for operation.
//   - Sin, Cos, Tan, Asin, Acos, Atan, Atan2 and Cbrt are correctly rounded. glibc's come
//     from LGPL code (IBM's Accurate Mathematical Library, and its own cbrt) that this
//     package does not port, and are not correctly rounded: CPython's trigonometric
//     results differ from these in about one case in a thousand, its cbrt's in one case in
//     two. Through CPython's reflection formula, Gamma and Lgamma of negative arguments
//     inherit the rare differences of Sin and Cos.
//
// The arguments CPython rejects (NaN results from non-NaN arguments, infinite results from
// finite ones, and the like) return what C99 and Go's math package return, NaN, ±Inf or
// ±0, and raise nothing: the caller checks arguments and results as CPython's math module
// does.
package xmath
