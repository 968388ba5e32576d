package syntax

import "fmt"

// An Error is a syntax error at a position. End, when valid, is just past
// the offending text, so that a caller can underline it.
type Error struct {
	Pos  Position
	End  Position
	Msg  string
	Kind string // "SyntaxError", "IndentationError" or "TabError"

	// Incomplete is set when the input ended where more was expected: inside
	// brackets or a triple-quoted string, after a backslash, or where an
	// indented block must follow. An interactive front end asks for more
	// lines instead of reporting such an error.
	Incomplete bool
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Kind, e.Msg)
}
