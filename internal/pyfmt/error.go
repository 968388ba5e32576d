package pyfmt

import "fmt"

// Error is a formatting or parsing error. Kind is the Python exception
// class to raise: "ValueError", "TypeError" or "OverflowError", and
// "MemoryError" (with an empty Msg) for results longer than this package
// is willing to build. Msg is CPython's message, verbatim.
type Error struct{ Kind, Msg string }

// Error returns the error as the last line of a Python traceback would
// show it.
func (e *Error) Error() string {
	if e.Msg == "" {
		return e.Kind
	}
	return e.Kind + ": " + e.Msg
}

func valueError(format string, a ...any) *Error {
	return &Error{"ValueError", fmt.Sprintf(format, a...)}
}

func typeError(format string, a ...any) *Error {
	return &Error{"TypeError", fmt.Sprintf(format, a...)}
}

func overflowError(msg string) *Error {
	return &Error{"OverflowError", msg}
}

// maxOutput bounds the length of any result. CPython would try to build
// the string and usually die with MemoryError well before this; refusing
// early keeps a stray width like 10**12 from taking the process down.
const maxOutput = 1 << 30

var errMemory = &Error{Kind: "MemoryError"}
