package cpu

import "math"

// A BinaryOp is an elementwise operation of two operands of one type.
type BinaryOp uint8

// The binary ops. Div is true division (the caller casts integers to a
// float first). FloorDiv and Mod round toward negative infinity as Python
// and numpy do; integer division by zero gives 0, as numpy's does.
const (
	Add BinaryOp = iota
	Sub
	Mul
	Div
	FloorDiv
	Mod
	Pow
	Maximum
	Minimum
	BitAnd
	BitOr
	BitXor
	LeftShift
	RightShift
	Atan2
	// The activations' gradients as binary ops, for fused programs:
	// ReluBackward(dout, y), SigmoidBackward(y, dout) and
	// TanhBackward(y, dout), computed as ReluGrad, SigmoidGrad and
	// TanhGrad compute them.
	ReluBackward
	SigmoidBackward
	TanhBackward
	binaryOps // the number of ops
)

// Binary computes dst = x op y elementwise over shape, reading x and y
// through broadcast strides (BroadcastStrides).
func Binary[T Number](op BinaryOp, dst, x, y []T, shape, xst, yst []int) {
	if len(dst) < Grain {
		switch {
		case contiguous(shape, xst) && contiguous(shape, yst):
			binaryRun(op, dst, x, y, 1, 1)
			return
		case contiguous(shape, xst) && scalar(yst):
			binaryRun(op, dst, x, y, 1, 0)
			return
		case scalar(xst) && contiguous(shape, yst):
			binaryRun(op, dst, x, y, 0, 1)
			return
		}
	}
	switch {
	case contiguous(shape, xst) && contiguous(shape, yst):
		For(len(dst), 1, func(lo, hi int) { binaryRun(op, dst[lo:hi], x[lo:hi], y[lo:hi], 1, 1) })
		return
	case contiguous(shape, xst) && scalar(yst):
		For(len(dst), 1, func(lo, hi int) { binaryRun(op, dst[lo:hi], x[lo:hi], y, 1, 0) })
		return
	case scalar(xst) && contiguous(shape, yst):
		For(len(dst), 1, func(lo, hi int) { binaryRun(op, dst[lo:hi], x, y[lo:hi], 0, 1) })
		return
	}
	if binaryRows(op, dst, x, y, shape, xst, yst) {
		return
	}
	rows(shape, [][]int{xst, yst}, func(o int, off, inner []int, n int) {
		binaryRun(op, dst[o:o+n], x[off[0]:], y[off[1]:], inner[0], inner[1])
	})
}

// maxPairRank is the most axes binaryRows lays out.
const maxPairRank = 8

// pairLayout is a two-operand broadcast coalesced as rows coalesces it
// (size-1 axes dropped, axes both operands walk as one merged), in arrays.
type pairLayout struct {
	dims [maxPairRank]int
	st   [2][maxPairRank]int
	rank int
}

// binaryRows is Binary's broadcast case over the rows of a pairLayout,
// without rows' slices and closures: a broadcast of a small tensor, in a
// graph of small steps, made nine allocations an operation there. It
// reports false, having done nothing, for more axes than a pairLayout
// holds.
func binaryRows[T Number](op BinaryOp, dst, x, y []T, shape, xst, yst []int) bool {
	if len(shape) > maxPairRank {
		return false
	}
	var l pairLayout
	var strides [2][maxPairRank]int
	for k, st := range [2][]int{xst, yst} {
		n := 1
		for d := len(shape) - 1; d >= 0; d-- {
			if st == nil {
				strides[k][d] = n
				n *= shape[d]
			} else {
				strides[k][d] = st[d]
			}
		}
	}
	for d, size := range shape {
		if size == 0 {
			return true
		}
		if size == 1 {
			continue
		}
		if j := l.rank - 1; j >= 0 && l.st[0][j] == strides[0][d]*size && l.st[1][j] == strides[1][d]*size {
			l.dims[j] *= size
			l.st[0][j], l.st[1][j] = strides[0][d], strides[1][d]
			continue
		}
		l.dims[l.rank], l.st[0][l.rank], l.st[1][l.rank] = size, strides[0][d], strides[1][d]
		l.rank++
	}
	if l.rank == 0 {
		l.dims[0], l.rank = 1, 1
	}
	n := l.dims[l.rank-1]
	nrows := 1
	for _, d := range l.dims[:l.rank-1] {
		nrows *= d
	}
	if nrows*n < 2*Grain {
		binaryRowRange(op, dst, x, y, &l, 0, nrows)
		return true
	}
	// Only a parallel walk's closure moves the layout to the heap.
	shared := l
	For(nrows, n, func(lo, hi int) { binaryRowRange(op, dst, x, y, &shared, lo, hi) })
	return true
}

// binaryRowRange computes rows lo to hi of l.
func binaryRowRange[T Number](op BinaryOp, dst, x, y []T, l *pairLayout, lo, hi int) {
	last := l.rank - 1
	n := l.dims[last]
	var idx [maxPairRank]int
	r := lo
	for d := last - 1; d >= 0; d-- {
		idx[d] = r % l.dims[d]
		r /= l.dims[d]
	}
	for row := lo; row < hi; row++ {
		xo, yo := 0, 0
		for d := range last {
			xo += idx[d] * l.st[0][d]
			yo += idx[d] * l.st[1][d]
		}
		binaryRun(op, dst[row*n:row*n+n], x[xo:], y[yo:], l.st[0][last], l.st[1][last])
		for d := last - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < l.dims[d] {
				break
			}
			idx[d] = 0
		}
	}
}

// binaryRun computes one run: dst[i] = x[i*xs] op y[i*ys]. The common ops
// have their own loops for the contiguous and scalar cases (in assembly for
// float32 where the machine has AVX-512), which carry the benchmarks; the
// others go through a function value.
func binaryRun[T Number](op BinaryOp, dst, x, y []T, xs, ys int) {
	if d, ok := any(dst).([]float32); ok && binarySIMD32(op, d, any(x).([]float32), any(y).([]float32), xs, ys) {
		return
	}
	switch {
	case xs == 1 && ys == 1:
		x, y = x[:len(dst)], y[:len(dst)]
		switch op {
		case Add:
			for i := range dst {
				dst[i] = x[i] + y[i]
			}
			return
		case Sub:
			for i := range dst {
				dst[i] = x[i] - y[i]
			}
			return
		case Mul:
			for i := range dst {
				dst[i] = x[i] * y[i]
			}
			return
		}
	case xs == 1 && ys == 0:
		x, b := x[:len(dst)], y[0]
		switch op {
		case Add:
			for i := range dst {
				dst[i] = x[i] + b
			}
			return
		case Sub:
			for i := range dst {
				dst[i] = x[i] - b
			}
			return
		case Mul:
			for i := range dst {
				dst[i] = x[i] * b
			}
			return
		}
	}
	f := binaryFunc[T](op)
	xi, yi := 0, 0
	for i := range dst {
		dst[i] = f(x[xi], y[yi])
		xi += xs
		yi += ys
	}
}

// binaryFunc is op on two elements of type T, from the table made for T.
func binaryFunc[T Number](op BinaryOp) func(a, b T) T {
	var fs any
	switch any(T(0)).(type) {
	case uint8:
		fs = binaryFuncsU8
	case int8:
		fs = binaryFuncsI8
	case int16:
		fs = binaryFuncsI16
	case int32:
		fs = binaryFuncsI32
	case int64:
		fs = binaryFuncsI64
	case float32:
		fs = binaryFuncsF32
	case float64:
		fs = binaryFuncsF64
	}
	if table, ok := fs.(*[binaryOps]func(a, b T) T); ok && int(op) < len(table) {
		return table[op]
	}
	return makeBinaryFunc[T](op)
}

// The functions binaryFunc gives, made once for each element type: a
// generic function's closure is allocated at each call, which was an
// allocation a row on a broadcast of short rows.
var (
	binaryFuncsU8  = binaryFuncTable[uint8]()
	binaryFuncsI8  = binaryFuncTable[int8]()
	binaryFuncsI16 = binaryFuncTable[int16]()
	binaryFuncsI32 = binaryFuncTable[int32]()
	binaryFuncsI64 = binaryFuncTable[int64]()
	binaryFuncsF32 = binaryFuncTable[float32]()
	binaryFuncsF64 = binaryFuncTable[float64]()
)

func binaryFuncTable[T Number]() *[binaryOps]func(a, b T) T {
	var fs [binaryOps]func(a, b T) T
	for op := range fs {
		fs[op] = makeBinaryFunc[T](BinaryOp(op))
	}
	return &fs
}

// makeBinaryFunc makes op on two elements of type T.
func makeBinaryFunc[T Number](op BinaryOp) func(a, b T) T {
	switch op {
	case Add:
		return func(a, b T) T { return a + b }
	case Sub:
		return func(a, b T) T { return a - b }
	case Mul:
		return func(a, b T) T { return a * b }
	case Div:
		return func(a, b T) T {
			if isInt[T]() && b == 0 {
				return 0
			}
			return a / b
		}
	case FloorDiv:
		return floorDiv[T]
	case Mod:
		return mod[T]
	case Pow:
		return pow[T]
	case Maximum:
		return func(a, b T) T {
			if a != a || a > b { // a NaN propagates, as numpy's maximum does
				return a
			}
			return b
		}
	case Minimum:
		return func(a, b T) T {
			if a != a || a < b {
				return a
			}
			return b
		}
	case BitAnd:
		return func(a, b T) T { return fromI[T](toI(a) & toI(b)) }
	case BitOr:
		return func(a, b T) T { return fromI[T](toI(a) | toI(b)) }
	case BitXor:
		return func(a, b T) T { return fromI[T](toI(a) ^ toI(b)) }
	case LeftShift:
		return func(a, b T) T { return fromI[T](toI(a) << uint64(toI(b))) }
	case RightShift:
		return func(a, b T) T { return fromI[T](toI(a) >> uint64(toI(b))) }
	case Atan2:
		return func(a, b T) T { return T(math.Atan2(float64(a), float64(b))) }
	case ReluBackward:
		return func(dout, y T) T {
			if y > 0 {
				return dout
			}
			return 0
		}
	case SigmoidBackward:
		return func(y, dout T) T { return dout * y * (1 - y) }
	case TanhBackward:
		return func(y, dout T) T { return dout * (1 - y*y) }
	}
	panic("cpu: unknown binary op")
}

func isInt[T Number]() bool {
	var one T = 1
	return one/2 == 0
}

func toI[T Number](a T) int64   { return int64(a) }
func fromI[T Number](a int64) T { return T(a) }

func floorDiv[T Number](a, b T) T {
	if isInt[T]() {
		if b == 0 {
			return 0
		}
		x, y := toI(a), toI(b)
		q := x / y
		if x%y != 0 && (x < 0) != (y < 0) {
			q--
		}
		return fromI[T](q)
	}
	return T(pyFloorDiv(float64(a), float64(b)))
}

func mod[T Number](a, b T) T {
	if isInt[T]() {
		if b == 0 {
			return 0
		}
		y := toI(b)
		r := toI(a) % y
		if r != 0 && (r < 0) != (y < 0) {
			r += y
		}
		return fromI[T](r)
	}
	return T(pyMod(float64(a), float64(b)))
}

// pyFloorDiv and pyMod are numpy's floor_divide and remainder for floats
// (npy_divmod): the remainder takes the divisor's sign.
func pyFloorDiv(a, b float64) float64 {
	if b == 0 {
		return a / b
	}
	m := math.Mod(a, b)
	div := (a - m) / b
	if m != 0 && (b < 0) != (m < 0) {
		div--
	}
	if div == 0 {
		return math.Copysign(0, a/b)
	}
	fl := math.Floor(div)
	if div-fl > 0.5 {
		fl++
	}
	return fl
}

func pyMod(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	m := math.Mod(a, b)
	if m != 0 {
		if (b < 0) != (m < 0) {
			m += b
		}
	} else {
		m = math.Copysign(0, b)
	}
	return m
}

func pow[T Number](a, b T) T {
	if !isInt[T]() {
		return T(math.Pow(float64(a), float64(b)))
	}
	base, e := int64(a), int64(b)
	if e < 0 {
		switch base {
		case 1:
			return 1
		case -1:
			if e%2 == 0 {
				return 1
			}
			return fromI[T](-1)
		}
		return 0
	}
	r := int64(1)
	for e > 0 {
		if e&1 == 1 {
			r *= base
		}
		base *= base
		e >>= 1
	}
	return fromI[T](r)
}
