package tensor

import (
	"math"
	"strconv"
	"strings"
)

// Printing follows numpy 1.24's numpy/core/arrayprint.py with the default
// print options, so that a tensor prints character for character as the
// numpy array with the same dtype, shape and values.
const (
	printLineWidth = 75
	printThreshold = 1000 // more elements than this are summarised
	printEdgeItems = 3    // elements kept at each end of a summarised axis
)

// String is what numpy's str() prints for the array: "[1. 2.]",
// "[[1 2]\n [3 4]]"; a 0-d tensor prints as its scalar does ("3.5").
func (t *Tensor) String() string {
	if t.Rank() == 0 {
		return t.scalarString()
	}
	return t.array2string(" ", "", "")
}

// NumpyRepr is what numpy's repr() prints for the array:
// "array([1., 2.], dtype=float32)". The dtype is left out where numpy
// leaves it out: int64, float64 and bool arrays that are not empty.
func (t *Tensor) NumpyRepr() string {
	const prefix = "array("
	implied := t.dtype == Int64 || t.dtype == Float64 || t.dtype == Bool
	skipDType := implied && t.Size() > 0
	suffix := ","
	if skipDType {
		suffix = ")"
	}
	var body string
	if t.Size() > 0 || len(t.shape) == 1 {
		body = t.array2string(", ", prefix, suffix)
	} else {
		body = "[], shape=" + t.shape.String()
	}
	s := prefix + body + suffix
	if skipDType {
		return s
	}
	dtype := "dtype=" + t.dtype.NumpyName() + ")"
	lastLine := len(s) - (strings.LastIndexByte(s, '\n') + 1)
	if lastLine+1+len(dtype) > printLineWidth {
		return s + "\n" + strings.Repeat(" ", len(prefix)) + dtype
	}
	return s + " " + dtype
}

// Repr is MindSpore's repr of a tensor:
// "Tensor(shape=[3], dtype=Float32, value=[ 4. 10. 18.])", the value being
// String. From rank 2 the value starts on a line of its own so that its
// rows align. The value of a 0-d tensor is numpy's str of the scalar
// ("1.0"); MindSpore itself prints a 0-d float 1.0 as "1", which is not
// reproduced: the numpy text is the one users compare against.
func (t *Tensor) Repr() string {
	sep := ""
	if t.Rank() >= 2 {
		sep = "\n"
	}
	return "Tensor(shape=" + t.shape.ListString() + ", dtype=" + t.dtype.String() + ", value=" + sep + t.String() + ")"
}

// FormatScalar is what str() (equally repr()) prints for a numpy scalar of
// dtype dt holding x in numpy 1.24: "7.2000003" for float32 7.2, "1.0",
// "1e-05", "inf", "nan", "-3", "True". For a float dtype x is rounded to
// it first; for an integer dtype x must be an integer in its range (and
// exact in a float64); for Bool any nonzero x is True.
func FormatScalar(dt DType, x float64) string {
	switch {
	case dt == Bool:
		return boolString(x != 0)
	case dt.IsInt():
		return strconv.FormatInt(int64(x), 10)
	case dt == Float16:
		x = float64(RoundFloat16(x))
	case dt == Float32:
		x = float64(float32(x))
	}
	return floatScalarString(x, floatKindOf(dt))
}

func boolString(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// scalarString is numpy's str of the 0-d array: the str of its scalar.
func (t *Tensor) scalarString() string {
	switch d := t.Data().(type) {
	case []bool:
		return boolString(d[0])
	case []float32:
		return floatScalarString(float64(d[0]), floatKindOf(t.dtype))
	case []float64:
		return floatScalarString(d[0], kind64)
	}
	return strconv.FormatInt(t.Int(0), 10)
}

// array2string is numpy's array2string for a tensor of any rank with the
// given element separator, and the prefix and suffix the caller puts
// around the result (their widths indent continuation lines and shorten
// the line).
func (t *Tensor) array2string(sep, prefix, suffix string) string {
	if t.Size() == 0 {
		return "[]"
	}
	p := printer{
		shape:     t.shape,
		strides:   t.shape.Strides(),
		sep:       sep,
		summarise: t.Size() > printThreshold,
	}
	p.elem = t.elemFormatter(p.printed())
	p.recurse(0, 0, len(prefix)+1, printLineWidth-len(suffix))
	return string(p.buf)
}

// A printer lays out the elements of an array as numpy's _formatArray
// does: brackets, separators, wrapping at the line width with a hanging
// indent, blank lines between blocks of rank 3 and more, and "..." for the
// middle of long axes when summarising.
type printer struct {
	shape     Shape
	strides   []int
	sep       string
	summarise bool
	elem      func(b []byte, flat int) []byte // appends an element
	buf       []byte
	word      []byte // a word moving to the next line
}

// span is the positions printed along an axis of length n: all of them,
// or the first and last printEdgeItems around a "...".
func (p *printer) span(n int) (lead, trail int, summary bool) {
	if p.summarise && 2*printEdgeItems < n {
		return printEdgeItems, printEdgeItems, true
	}
	return 0, n, false
}

// printed lists the flat indices of the elements that will be printed, in
// order: numpy sizes the columns from these alone.
func (p *printer) printed() []int {
	var idx []int
	var walk func(axis, offset int)
	walk = func(axis, offset int) {
		if axis == len(p.shape) {
			idx = append(idx, offset)
			return
		}
		n := p.shape[axis]
		lead, trail, _ := p.span(n)
		for i := range lead {
			walk(axis+1, offset+i*p.strides[axis])
		}
		for i := n - trail; i < n; i++ {
			walk(axis+1, offset+i*p.strides[axis])
		}
	}
	walk(0, 0)
	return idx
}

// recurse prints the sub-array at offset spanning axes axis.. into p.buf,
// from its opening bracket on. hanging is the column its rows start at
// (the column of its own bracket plus one) and width the line width left
// to it once the closing brackets of the enclosing axes are counted.
func (p *printer) recurse(axis, offset, hanging, width int) {
	if axis == len(p.shape) {
		p.buf = p.elem(p.buf, offset)
		return
	}
	n, stride := p.shape[axis], p.strides[axis]
	lead, trail, summary := p.span(n)
	p.buf = append(p.buf, '[')
	if axis == len(p.shape)-1 {
		// One separator character or the closing bracket must still fit.
		elemWidth := width - 1
		line := hanging
		// word appends element flat, or "..." for -1, wrapping first when
		// the line would grow too long and something is on it already.
		word := func(flat int, last bool) {
			start := len(p.buf)
			if flat < 0 {
				p.buf = append(p.buf, "..."...)
			} else {
				p.buf = p.elem(p.buf, flat)
			}
			w := len(p.buf) - start
			if line+w > elemWidth && line > hanging {
				p.word = append(p.word[:0], p.buf[start:]...)
				p.buf = append(trimRightSpaces(p.buf[:start]), '\n')
				p.buf = append(appendSpaces(p.buf, hanging), p.word...)
				line = hanging
			}
			line += w
			if !last {
				p.buf = append(p.buf, p.sep...)
				line += len(p.sep)
			}
		}
		for i := range lead {
			word(offset+i*stride, false)
		}
		if summary {
			word(-1, false)
		}
		for i := n - trail; i < n; i++ {
			word(offset+i*stride, i == n-1)
		}
		p.buf = append(p.buf, ']')
		return
	}

	lineSep := strings.TrimRight(p.sep, " ") + strings.Repeat("\n", len(p.shape)-axis-1)
	first := true
	next := func() {
		if !first {
			p.buf = append(p.buf, lineSep...)
			p.buf = appendSpaces(p.buf, hanging)
		}
		first = false
	}
	for i := range lead {
		next()
		p.recurse(axis+1, offset+i*stride, hanging+1, width-1)
	}
	if summary {
		next()
		p.buf = append(p.buf, "..."...)
	}
	for i := n - trail; i < n; i++ {
		next()
		p.recurse(axis+1, offset+i*stride, hanging+1, width-1)
	}
	p.buf = append(p.buf, ']')
}

// trimRightSpaces drops the padding and separator that numpy strips from
// the end of a line it breaks.
func trimRightSpaces(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// appendSpaces appends n spaces, none for n <= 0.
func appendSpaces(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// elemFormatter returns numpy's format function for t's dtype, sized from
// the elements at the flat indices printed: right-aligned integers, " True"
// and "False", floats through a floatFormat.
func (t *Tensor) elemFormatter(printed []int) func(b []byte, flat int) []byte {
	switch d := t.Data().(type) {
	case []bool:
		if t.Rank() == 0 {
			return func(b []byte, i int) []byte { return append(b, boolString(d[i])...) }
		}
		return func(b []byte, i int) []byte {
			if d[i] {
				return append(b, " True"...)
			}
			return append(b, "False"...)
		}
	case []float32:
		vals := make([]float64, len(printed))
		for j, i := range printed {
			vals[j] = float64(d[i])
		}
		f := newFloatFormat(floatKindOf(t.dtype), vals)
		return func(b []byte, i int) []byte { return f.appendFormat(b, float64(d[i])) }
	case []float64:
		vals := make([]float64, len(printed))
		for j, i := range printed {
			vals[j] = d[i]
		}
		f := newFloatFormat(kind64, vals)
		return func(b []byte, i int) []byte { return f.appendFormat(b, d[i]) }
	case []uint8:
		return intFormatter(d, printed)
	case []int8:
		return intFormatter(d, printed)
	case []int16:
		return intFormatter(d, printed)
	case []int32:
		return intFormatter(d, printed)
	case []int64:
		return intFormatter(d, printed)
	}
	panic("tensor: bad dtype " + t.dtype.String())
}

// intFormatter right-aligns integers to the width of the widest printed.
func intFormatter[T uint8 | int8 | int16 | int32 | int64](d []T, printed []int) func(b []byte, flat int) []byte {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, i := range printed {
		lo, hi = min(lo, int64(d[i])), max(hi, int64(d[i]))
	}
	width := max(decimalLen(lo), decimalLen(hi))
	return func(b []byte, i int) []byte {
		v := int64(d[i])
		return strconv.AppendInt(appendSpaces(b, width-decimalLen(v)), v, 10)
	}
}

// decimalLen is the length of v in decimal, sign included.
func decimalLen(v int64) int {
	n := 1
	if v < 0 {
		n++
	}
	for ; v >= 10 || v <= -10; v /= 10 {
		n++
	}
	return n
}
