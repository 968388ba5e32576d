// Package pyfmt formats numbers and strings exactly as CPython 3.11 does:
// repr of floats, the format-specification mini-language of format() and
// f-strings, str.format's field syntax, printf-style % directives, and
// int()/float() parsing of strings. It works on Go values only and knows
// nothing of the interpreter; callers turn its *Error values into Python
// exceptions.
//
// Python strings are sequences of code points; this package takes and
// returns them as UTF-8 Go strings, and counts widths, precisions and
// indexes in code points, as CPython does. Lone surrogates cannot be
// represented and invalid UTF-8 reads as U+FFFD.
package pyfmt
