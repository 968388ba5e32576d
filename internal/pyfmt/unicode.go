package pyfmt

import "unicode"

// CPython 3.11 uses Unicode 14.0, Go's tables are newer. unicode15 holds
// the code points that Unicode 15.0 assigned and that Go therefore
// classifies as printable (and, for two scripts, as decimal digits) while
// CPython 3.11 still sees unassigned ones. The tests compare the full
// classification against CPython's tables and fail when Go moves on.
var unicode15 = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0cf3, Hi: 0x0cf3, Stride: 1},
		{Lo: 0x0ece, Hi: 0x0ece, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x10efd, Hi: 0x10eff, Stride: 1},
		{Lo: 0x1123f, Hi: 0x11241, Stride: 1},
		{Lo: 0x11b00, Hi: 0x11b09, Stride: 1},
		{Lo: 0x11f00, Hi: 0x11f10, Stride: 1},
		{Lo: 0x11f12, Hi: 0x11f3a, Stride: 1},
		{Lo: 0x11f3e, Hi: 0x11f59, Stride: 1},
		{Lo: 0x1342f, Hi: 0x1342f, Stride: 1},
		{Lo: 0x13440, Hi: 0x13455, Stride: 1},
		{Lo: 0x1b132, Hi: 0x1b132, Stride: 1},
		{Lo: 0x1b155, Hi: 0x1b155, Stride: 1},
		{Lo: 0x1d2c0, Hi: 0x1d2d3, Stride: 1},
		{Lo: 0x1df25, Hi: 0x1df2a, Stride: 1},
		{Lo: 0x1e030, Hi: 0x1e06d, Stride: 1},
		{Lo: 0x1e08f, Hi: 0x1e08f, Stride: 1},
		{Lo: 0x1e4d0, Hi: 0x1e4f9, Stride: 1},
		{Lo: 0x1f6dc, Hi: 0x1f6dc, Stride: 1},
		{Lo: 0x1f774, Hi: 0x1f776, Stride: 1},
		{Lo: 0x1f77b, Hi: 0x1f77f, Stride: 1},
		{Lo: 0x1f7d9, Hi: 0x1f7d9, Stride: 1},
		{Lo: 0x1fa75, Hi: 0x1fa77, Stride: 1},
		{Lo: 0x1fa87, Hi: 0x1fa88, Stride: 1},
		{Lo: 0x1faad, Hi: 0x1faaf, Stride: 1},
		{Lo: 0x1fabb, Hi: 0x1fabd, Stride: 1},
		{Lo: 0x1fabf, Hi: 0x1fabf, Stride: 1},
		{Lo: 0x1face, Hi: 0x1facf, Stride: 1},
		{Lo: 0x1fada, Hi: 0x1fadb, Stride: 1},
		{Lo: 0x1fae8, Hi: 0x1fae8, Stride: 1},
		{Lo: 0x1faf7, Hi: 0x1faf8, Stride: 1},
		{Lo: 0x2b739, Hi: 0x2b739, Stride: 1},
		{Lo: 0x31350, Hi: 0x323af, Stride: 1},
	},
}

// isPrintable is Py_UNICODE_ISPRINTABLE: everything but the Other and
// Separator categories, except that the ASCII space is printable.
func isPrintable(r rune) bool {
	if r < 0x80 {
		return r >= ' ' && r < 0x7f
	}
	return unicode.IsPrint(r) && !unicode.Is(unicode15, r)
}

// isSpace is Py_ISSPACE, the C-locale isspace CPython's number parsers
// apply after mapping other Unicode white space to ' '.
func isSpace(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// digitValue is Py_UNICODE_TODECIMAL: the value of a character with the
// Unicode decimal property, which CPython accepts wherever it reads
// digits (int(), float(), widths in format specs, field indexes), or -1.
func digitValue(r rune) int {
	if '0' <= r && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 || unicode.Is(unicode15, r) {
		return -1
	}
	// Every Nd range in Go's table is a run of complete 0-9 sequences.
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return -1
}
