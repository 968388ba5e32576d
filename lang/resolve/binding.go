package resolve

import "msrepl/lang/syntax"

// Scope tells where a name lives at run time.
type Scope uint8

// The scopes of a name.
const (
	Undefined Scope = iota
	// Local is a slot of the function's frame.
	Local
	// Cell is a frame slot that holds a cell, because an inner function captures it.
	Cell
	// Free is a frame slot that holds a cell captured from an enclosing function.
	Free
	// Global is a module-level name, looked up in the session's globals and
	// then among the builtins.
	Global
	// ClassLocal is a name assigned in a class body: it lives in the class
	// namespace, then the globals, then the builtins.
	ClassLocal
	// ClassFree is a name a class body reads from an enclosing function: the
	// class namespace first, then the captured cell.
	ClassFree
)

var scopeNames = [...]string{
	Undefined:  "undefined",
	Local:      "local",
	Cell:       "cell",
	Free:       "free",
	Global:     "global",
	ClassLocal: "classlocal",
	ClassFree:  "classfree",
}

func (s Scope) String() string { return scopeNames[s] }

// A Binding is what a name refers to. Every Ident the resolver visits gets
// one; all uses of the same variable share it.
type Binding struct {
	Name  string
	Scope Scope
	// Index is the frame slot for Local, Cell, Free and ClassFree bindings.
	// Free slots follow the locals: Index counts from the start of Locals.
	Index int
	// First is the first place the name is bound, or its first use for
	// globals and free variables.
	First *syntax.Ident
}

// FunctionKind tells what kind of code block a Function is.
type FunctionKind uint8

// The kinds of code block.
const (
	ModuleBlock FunctionKind = iota
	DefBlock
	LambdaBlock
	ComprehensionBlock
	ClassBlock
)

// A Function is a code block: the module, a def, a lambda, a comprehension or
// a class body. It lists its frame slots.
type Function struct {
	Kind FunctionKind
	Name string
	Pos  syntax.Position
	// Node is the syntax node of the block: *syntax.File, *syntax.DefStmt,
	// *syntax.Lambda, *syntax.Comprehension or *syntax.ClassStmt.
	Node syntax.Node

	// Locals are the frame slots: parameters first, in order, then the other
	// local names in order of first binding. Some are cells.
	Locals []*Binding
	// FreeVars are the cells this block captures, in frame slots after Locals.
	FreeVars []*Binding
	// FreeFrom gives, for each free variable, the slot in the enclosing
	// block's frame that holds the cell to capture.
	FreeFrom []int

	// Parameters, as counts over the first slots of Locals: positional
	// parameters (NumPosOnly of them positional-only), then keyword-only
	// ones, then *args and **kwargs if present.
	NumParams  int
	NumPosOnly int
	NumKwOnly  int
	HasVarargs bool
	HasKwargs  bool

	// IsGenerator is set when the body contains yield.
	IsGenerator bool
	// ClassCell is set on a class body whose methods use super() or
	// __class__: slot ClassCellIndex holds the cell that receives the class.
	ClassCell      bool
	ClassCellIndex int

	parent    *Function
	freeOuter []*Binding          // for each free variable, the binding it captures
	bindings  map[string]*Binding // names bound in this block
	globals   map[string]*syntax.Ident
	nonlocal  map[string]*syntax.Ident
	used      map[string]bool // names read so far, for "used prior to global declaration"
}

// A Module is the result of resolving a file.
type Module struct {
	Top *Function
}
