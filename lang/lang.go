// Package lang is the front end of the msrepl language as one call: source
// text in, bytecode out (parse, resolve, compile), plus IsComplete, which an
// interactive front end asks before it runs what the user typed.
//
// The work is done by its subpackages: syntax (scanner, parser, syntax tree),
// resolve (names and scopes) and compile (bytecode). lang imports no other
// package of the project, and runs nothing.
package lang

import (
	"strings"

	"msrepl/lang/compile"
	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

// Compile parses, resolves and compiles a file or cell. The error is a
// *syntax.Error.
func Compile(filename, src string) (*compile.Program, error) {
	f, err := syntax.Parse(filename, src)
	if err != nil {
		return nil, err
	}
	if _, err := resolve.File(f); err != nil {
		return nil, err
	}
	return compile.File(f)
}

// Completeness is IsComplete's answer.
type Completeness int

// The answers of IsComplete.
const (
	Complete   Completeness = iota // run it
	Incomplete                     // ask for another line
	Invalid                        // run it, to report the syntax error
)

func (c Completeness) String() string {
	switch c {
	case Incomplete:
		return "incomplete"
	case Invalid:
		return "invalid"
	}
	return "complete"
}

// IsComplete tells an interactive front end whether src is ready to run. The
// parser decides: input that ends inside brackets, a string or a block
// header is incomplete; so is a compound statement (def, if, for, ...) or a
// cell magic until the user enters an empty line, as in Python's REPL. A
// syntax error anywhere else makes the input invalid, and running it reports
// the error.
func IsComplete(src string) Completeness {
	if strings.TrimSpace(src) == "" {
		return Complete
	}
	f, err := syntax.Parse("<input>", src)
	if err != nil {
		if e, ok := err.(*syntax.Error); ok && e.Incomplete {
			return Incomplete
		}
		return Invalid
	}
	if _, err := resolve.File(f); err != nil {
		return Invalid
	}
	if len(f.Stmts) == 0 {
		return Complete
	}
	if endsWithBlankLine(src) {
		return Complete
	}
	switch f.Stmts[len(f.Stmts)-1].(type) {
	case *syntax.IfStmt, *syntax.WhileStmt, *syntax.ForStmt, *syntax.DefStmt, *syntax.ClassStmt,
		*syntax.TryStmt, *syntax.WithStmt, *syntax.CellMagic:
		return Incomplete
	}
	return Complete
}

// endsWithBlankLine reports whether src ends with a blank line (empty or
// only white space) after at least one line of text. Front ends hand over
// input in two shapes: the REPL's lines each end in "\n", so "\n\n" ends
// a block; a Jupyter console's buffer holds the line being typed without
// its newline, so a last line of only the indent it was given ends one,
// as in IPython.
func endsWithBlankLine(src string) bool {
	i := strings.LastIndexByte(src, '\n')
	if i < 0 {
		return false
	}
	if last := src[i+1:]; last != "" {
		return strings.TrimSpace(last) == ""
	}
	prev := src[:i]
	j := strings.LastIndexByte(prev, '\n')
	return j >= 0 && strings.TrimSpace(prev[j+1:]) == ""
}
