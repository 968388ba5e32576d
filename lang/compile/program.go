// Package compile owns the bytecode: the instruction set, the compiled form of
// a program, and the compiler that turns a resolved syntax tree into it.
//
// Bytecode is a stack machine's, one 32-bit instruction per operation, with a
// source span for every instruction (for tracebacks with underlines) and an
// exception table instead of a block stack. The interpreter (package interp)
// runs it; graph capture may read it. This package runs nothing and knows no
// runtime values: constants are plain Go values.
package compile

import (
	"math/big"

	"msrepl/lang/syntax"
)

// A Program is the compiled form of one file or cell.
type Program struct {
	Filename string
	Src      string
	Toplevel *Funcode
	// Globals are the module-level names the code refers to; LOAD_GLOBAL and
	// the other global and class-namespace opcodes index it.
	Globals []string
}

// Span is the source range of an instruction: where the expression or
// statement that produced it starts, and just past where it ends.
type Span struct {
	Line, Col, EndLine, EndCol int32
}

// A Handler is an entry of a function's exception table: an exception raised
// by an instruction in [Start, End) truncates the stack to Depth, pushes the
// exception and continues at Target.
type Handler struct {
	Start, End, Target int32
	Depth              int32
}

// A Region is the code of one try or with statement, its handlers
// included: [Start, End). Bytecode capture runs such a statement as a
// whole in the VM.
type Region struct {
	Start, End int32
	Kind       string // "try" or "with"
	Line       int32  // of the statement's keyword
}

// Constants are nil (None), bool, int64, *big.Int, float64, string,
// Ellipsis, ConstTuple, ConstSet, KwNames and *Magic.
type (
	// Ellipsis is the constant ... .
	Ellipsis struct{}
	// KwNames is the tuple of keyword names of a CALL_KW.
	KwNames []string
)

// MagicKind tells what syntax a Magic came from.
type MagicKind uint8

// The kinds of magic.
const (
	LineMagic MagicKind = iota // %name args
	CellMagic                  // %%name args + body
	HelpMagic                  // x? (Name "pinfo") or x?? ("pinfo2"); Args is x's source
)

// A Magic is the constant operand of MAGIC.
type Magic struct {
	Kind MagicKind
	Name string
	Args string
	Body string
	Pos  syntax.Position // of the '%' (or of the expression, for help)
	// ArgsPos is where Args (or, for a cell magic, Body) starts in the source,
	// so that code the magic runs reports positions in the cell.
	ArgsPos syntax.Position
}

// BlockKind tells what kind of code block a Funcode is.
type BlockKind uint8

// The kinds of code block.
const (
	ModuleCode BlockKind = iota
	FunctionCode
	LambdaCode
	ComprehensionCode
	ClassCode
)

// A Funcode is the compiled code of one block: the module, a function, a
// lambda, a comprehension or a class body.
type Funcode struct {
	Prog     *Program
	Kind     BlockKind
	Name     string
	QualName string
	Pos      syntax.Position
	Doc      string
	// Node is the block's syntax: *syntax.File, *syntax.DefStmt,
	// *syntax.Lambda, *syntax.Comprehension or *syntax.ClassStmt.
	Node syntax.Node

	Code     []Instr
	Spans    []Span // Spans[pc] is the source of Code[pc]
	Consts   []any
	Names    []string // attribute and module names
	Funcs    []*Funcode
	Handlers []Handler
	Regions  []Region

	// The frame has NumSlots slots: Locals (parameters first), then FreeVars,
	// then compiler temporaries.
	Locals   []string
	FreeVars []string
	NumSlots int
	// Cells lists the local slots that hold cells; the interpreter fills them
	// on entry (with the argument, for a parameter).
	Cells []int
	// FreeFrom gives, for each free variable, the slot of the enclosing
	// frame whose cell MAKE_FUNCTION captures.
	FreeFrom []int
	// ClassCell is the slot of a class body's __class__ cell, or -1.
	ClassCell int

	NumParams   int // positional parameters, including positional-only ones
	NumPosOnly  int
	NumKwOnly   int
	HasVarargs  bool
	HasKwargs   bool
	IsGenerator bool
	MaxStack    int
}

// Position returns the source position where instruction pc starts.
func (fc *Funcode) Position(pc int) syntax.Position {
	if pc < 0 || pc >= len(fc.Spans) {
		return fc.Pos
	}
	s := fc.Spans[pc]
	return syntax.Position{File: fc.Pos.File, Line: s.Line, Col: s.Col}
}

// constKey identifies a constant for de-duplication. Floats compare by bits,
// so that 0.0 and -0.0 stay apart.
type constKey struct {
	kind byte
	s    string
	i    int64
}

func keyOf(v any) (constKey, bool) {
	switch v := v.(type) {
	case nil:
		return constKey{kind: 'N'}, true
	case bool:
		if v {
			return constKey{kind: 'T'}, true
		}
		return constKey{kind: 'F'}, true
	case int64:
		return constKey{kind: 'i', i: v}, true
	case *big.Int:
		return constKey{kind: 'b', s: v.String()}, true
	case float64:
		return constKey{kind: 'f', i: int64(floatBits(v))}, true
	case string:
		return constKey{kind: 's', s: v}, true
	case Ellipsis:
		return constKey{kind: 'E'}, true
	}
	return constKey{}, false
}
