package ops

import "fmt"

// An ErrorKind is the Python exception an error becomes.
type ErrorKind uint8

// The kinds of error a primitive reports.
const (
	ValueError ErrorKind = iota
	TypeError
	IndexError
	RuntimeError
)

var kindNames = [...]string{"ValueError", "TypeError", "IndexError", "RuntimeError"}

func (k ErrorKind) String() string { return kindNames[k] }

// An Error is a primitive's error, worded as MindSpore words it.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an Error of kind k for primitive op:
// "For 'op', " followed by the formatted message.
func Errorf(k ErrorKind, op, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf("For '"+op+"', "+format, args...)}
}
