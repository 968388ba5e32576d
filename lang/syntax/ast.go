package syntax

import (
	"fmt"
	"math/big"
)

// A Position is a place in a source file: the file's name, a 1-based line and
// a 1-based column counted in characters (runes), not bytes.
type Position struct {
	File *string // shared by every position of one parse; nil for an invalid position
	Line int32
	Col  int32
}

// MakePosition returns the position of line and col in the named file.
func MakePosition(file *string, line, col int32) Position {
	return Position{File: file, Line: line, Col: col}
}

// IsValid reports whether p names a place in a file.
func (p Position) IsValid() bool { return p.File != nil && p.Line > 0 }

// Filename returns the name of p's file, or "<unknown>".
func (p Position) Filename() string {
	if p.File == nil {
		return "<unknown>"
	}
	return *p.File
}

// String formats p as "file:line:col".
func (p Position) String() string {
	return fmt.Sprintf("%s:%d:%d", p.Filename(), p.Line, p.Col)
}

// Before reports whether p comes strictly before q in the same file.
func (p Position) Before(q Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col
}

// A Node is a node of the syntax tree. Span returns the position of its first
// character and the position just past its last character.
type Node interface {
	Span() (start, end Position)
}

// An Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// A Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// A File is a parsed source file, REPL input or notebook cell.
type File struct {
	Path  string
	Src   string // the source text, kept for error messages
	Stmts []Stmt
	EOF   Position

	// Module is set by the resolver (*resolve.Module).
	Module any
}

// Span returns the span of the whole file.
func (f *File) Span() (start, end Position) {
	if len(f.Stmts) == 0 {
		return f.EOF, f.EOF
	}
	start, _ = f.Stmts[0].Span()
	return start, f.EOF
}

// ---- Expressions ----

// Ident is a name.
type Ident struct {
	NamePos Position
	Name    string

	// Binding is set by the resolver (*resolve.Binding).
	Binding any
}

// LiteralKind tells what a Literal holds.
type LiteralKind int8

// The kinds of literal.
const (
	IntLit    LiteralKind = iota // Value is int64 or *big.Int
	FloatLit                     // Value is float64
	StringLit                    // Value is string (adjacent strings already joined)
)

// Literal is a number or a string. Adjacent string literals are one Literal.
// A mix of plain strings and f-strings is an FString.
type Literal struct {
	Kind     LiteralKind
	ValuePos Position
	EndPos   Position
	Raw      string // the source text of the first token
	Value    any    // int64, *big.Int, float64 or string
}

// BigInt returns the literal's integer value as a big.Int.
func (l *Literal) BigInt() *big.Int {
	switch v := l.Value.(type) {
	case int64:
		return big.NewInt(v)
	case *big.Int:
		return v
	}
	return nil
}

// ConstKind names a keyword constant.
type ConstKind int8

// The keyword constants.
const (
	ConstNone ConstKind = iota
	ConstTrue
	ConstFalse
	ConstEllipsis
)

func (k ConstKind) String() string {
	switch k {
	case ConstTrue:
		return "True"
	case ConstFalse:
		return "False"
	case ConstEllipsis:
		return "Ellipsis"
	}
	return "None"
}

// Const is None, True, False or ... .
type Const struct {
	Kind   ConstKind
	Pos    Position
	EndPos Position
}

// FString is an f-string, or adjacent strings of which at least one is an f-string.
type FString struct {
	StartPos Position
	EndPos   Position
	Parts    []FStringPart
}

// FStringPart is one piece of an f-string: a literal text (Expr == nil) or a
// replacement field {Expr!Conv:Spec}.
type FStringPart struct {
	Text string // literal text, with {{ and }} already undoubled

	Expr Expr          // the replacement expression, or nil for literal text
	Conv byte          // 0, 'r', 's' or 'a'
	Spec []FStringPart // the format spec, which may itself hold fields; nil if absent
	// Debug is the source text of "{x=}" up to and including '=' (with the
	// spaces around it), which is printed before the value; "" otherwise.
	Debug string
}

// Tuple is a tuple display, parenthesized or not.
type Tuple struct {
	Lparen Position // invalid if the tuple has no parentheses
	Elems  []Expr
	Rparen Position // just past ')' when parenthesized
}

// List is a list display [a, b].
type List struct {
	Lbrack Position
	Elems  []Expr
	Rbrack Position // just past ']'
}

// Set is a set display {a, b}.
type Set struct {
	Lbrace Position
	Elems  []Expr
	Rbrace Position // just past '}'
}

// Dict is a dict display {k: v, **m}.
type Dict struct {
	Lbrace Position
	Items  []*DictItem
	Rbrace Position // just past '}'
}

// DictItem is k: v, or **v when Key is nil.
type DictItem struct {
	StarPos Position // position of '**' when Key is nil
	Key     Expr
	Value   Expr
}

// ParenExpr is a parenthesized expression (x). It changes no meaning; it
// keeps the parentheses' positions, so that the span of an enclosing node
// covers them, as a user reads it: in a * (b + c) the product ends at ')'.
type ParenExpr struct {
	Lparen Position
	X      Expr
	Rparen Position // just past ')'
}

// Unparen returns x without the parentheses around it.
func Unparen(x Expr) Expr {
	for {
		p, ok := x.(*ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// Starred is *x in a call, a display or an assignment target.
type Starred struct {
	Star Position
	X    Expr
}

// Unary is op x, where op is PLUS, MINUS, TILDE or NOT.
type Unary struct {
	OpPos Position
	Op    Token
	X     Expr
}

// Binary is x op y. Op is an arithmetic or bitwise operator, or AND or OR.
type Binary struct {
	X     Expr
	OpPos Position
	Op    Token
	Y     Expr
}

// Compare is a comparison chain x op1 y op2 z.
type Compare struct {
	X   Expr
	Ops []*CompareOp
}

// CompareOp is one link of a comparison chain. Op is LT GT LE GE EQL NEQ IN
// NOT_IN IS or IS_NOT.
type CompareOp struct {
	OpPos Position
	Op    Token
	Y     Expr
}

// IfExpr is body if test else orelse.
type IfExpr struct {
	Body   Expr
	IfPos  Position
	Test   Expr
	Orelse Expr
}

// Lambda is lambda params: body.
type Lambda struct {
	LambdaPos Position
	Params    []*Param
	Body      Expr

	// Function is set by the resolver (*resolve.Function).
	Function any
}

// Call is fn(args).
type Call struct {
	Fn     Expr
	Lparen Position
	Args   []*Arg
	Rparen Position // just past ')'
}

// Arg is one argument of a call or a class's base list: a positional value,
// name=value, *value (Star 1) or **value (Star 2).
type Arg struct {
	Pos   Position // of the name, the '*' or the value
	Name  *Ident   // keyword, or nil
	Star  int8
	Value Expr
}

// Attr is x.name.
type Attr struct {
	X    Expr
	Dot  Position
	Name *Ident
}

// Index is x[index]. A subscript with commas is a Tuple (without
// parentheses) whose elements may be Slices.
type Index struct {
	X      Expr
	Lbrack Position
	Index  Expr
	Rbrack Position // just past ']'
}

// Slice is lo:hi:step inside a subscript. Any part may be nil.
type Slice struct {
	StartPos Position
	Lo       Expr
	Hi       Expr
	Step     Expr
	EndPos   Position
}

// ComprehensionKind tells which display a comprehension builds.
type ComprehensionKind int8

// The comprehension kinds.
const (
	ListComp ComprehensionKind = iota
	SetComp
	DictComp
	GeneratorExp
)

// Comprehension is [body for ...], {body for ...}, {k: v for ...} or
// (body for ...). For a DictComp, Body is a *DictItem's parts: Key and Body.
type Comprehension struct {
	Kind    ComprehensionKind
	Lbrack  Position // '[', '{' or '('; for a bare generator argument, the body's start
	Key     Expr     // DictComp only
	Body    Expr
	Clauses []Node   // *ForClause and *IfClause, in order; the first is a *ForClause
	Rbrack  Position // just past the closing bracket, or the body's end

	// Function is set by the resolver (*resolve.Function).
	Function any
}

// ForClause is "for vars in x" inside a comprehension.
type ForClause struct {
	For  Position
	Vars Expr
	In   Position
	X    Expr
}

// IfClause is "if cond" inside a comprehension.
type IfClause struct {
	If   Position
	Cond Expr
}

// Yield is (yield value) or (yield from value).
type Yield struct {
	YieldPos Position
	From     bool
	Value    Expr // may be nil for a plain yield
	EndPos   Position
}

// ---- Statements ----

// ExprStmt is an expression used as a statement.
type ExprStmt struct {
	X Expr
}

// AssignStmt is t1 = t2 = ... = value. Annotated assignments (x: T = v)
// are AssignStmts with Annotation set; Value may then be nil.
type AssignStmt struct {
	Targets    []Expr
	EqPos      Position // position of the last '='
	Value      Expr
	Annotation Expr // x: Annotation [= Value]; not evaluated
}

// AugAssignStmt is target op= value.
type AugAssignStmt struct {
	Target Expr
	OpPos  Position
	Op     Token // PLUS_EQ etc.
	Value  Expr
}

// BranchStmt is pass, break or continue.
type BranchStmt struct {
	Token  Token // PASS, BREAK or CONTINUE
	TokPos Position
}

// ReturnStmt is return [result].
type ReturnStmt struct {
	Return Position
	Result Expr // may be nil
}

// IfStmt is if/elif/else. An elif is an IfStmt alone in False with Elif set.
type IfStmt struct {
	If      Position // of 'if' or 'elif'
	Cond    Expr
	True    []Stmt
	ElsePos Position // of 'else' or 'elif'; invalid when absent
	False   []Stmt
	Elif    bool // this IfStmt was written as 'elif'
}

// WhileStmt is while cond: body [else: orelse].
type WhileStmt struct {
	While   Position
	Cond    Expr
	Body    []Stmt
	ElsePos Position
	Else    []Stmt
}

// ForStmt is for vars in x: body [else: orelse].
type ForStmt struct {
	For     Position
	Vars    Expr
	X       Expr
	Body    []Stmt
	ElsePos Position
	Else    []Stmt
}

// ParamKind tells what a parameter is.
type ParamKind int8

// The parameter kinds. A bare '*' is a StarParam with a nil Name, and '/' is
// a SlashParam; both are markers.
const (
	NormalParam   ParamKind = iota // x or x=default
	StarParam                      // *args, or bare * (Name nil)
	StarStarParam                  // **kwargs
	SlashParam                     // / (positional-only marker)
)

// Param is one parameter of a def or lambda.
type Param struct {
	Kind       ParamKind
	Pos        Position // of the name, '*', '**' or '/'
	Name       *Ident   // nil for markers
	Default    Expr     // may be nil
	Annotation Expr     // may be nil; not evaluated
}

// Decorator is @expr before a def or class.
type Decorator struct {
	At Position
	X  Expr
}

// DefStmt is a function definition.
type DefStmt struct {
	Decorators []*Decorator
	Def        Position
	Name       *Ident
	Params     []*Param
	Returns    Expr // return annotation; not evaluated
	Colon      Position
	Body       []Stmt

	// Function is set by the resolver (*resolve.Function).
	Function any
}

// ClassStmt is a class definition.
type ClassStmt struct {
	Decorators []*Decorator
	Class      Position
	Name       *Ident
	Bases      []*Arg // positional bases; keywords are rejected by the resolver
	Colon      Position
	Body       []Stmt

	// Scope is set by the resolver (*resolve.Function: a class body is run as a function).
	Scope any
}

// ImportName is one dotted.name [as alias] of an import statement.
type ImportName struct {
	Path   []*Ident
	AsName *Ident // may be nil
}

// ImportStmt is import a.b as c, d.
type ImportStmt struct {
	Import Position
	Names  []*ImportName
}

// FromImportStmt is from a.b import c as d, e, or from a import *.
type FromImportStmt struct {
	From   Position
	Module []*Ident
	Level  int           // leading dots; relative imports are rejected by the resolver
	Names  []*ImportName // each Path has exactly one element; empty for '*'
	Star   Position      // valid for 'from m import *'
	EndPos Position
}

// GlobalStmt is global a, b or nonlocal a, b.
type GlobalStmt struct {
	Token    Token // GLOBAL or NONLOCAL
	TokenPos Position
	Names    []*Ident
}

// DelStmt is del t1, t2.
type DelStmt struct {
	Del     Position
	Targets []Expr
}

// AssertStmt is assert test [, msg].
type AssertStmt struct {
	Assert Position
	Test   Expr
	Msg    Expr // may be nil
}

// RaiseStmt is raise [exc [from cause]].
type RaiseStmt struct {
	Raise Position
	Exc   Expr // may be nil
	Cause Expr // may be nil
}

// ExceptClause is except [type [as name]]: body.
type ExceptClause struct {
	Except Position
	Type   Expr   // may be nil for a bare except
	Name   *Ident // may be nil
	Body   []Stmt
}

// TryStmt is try/except/else/finally.
type TryStmt struct {
	Try        Position
	Body       []Stmt
	Handlers   []*ExceptClause
	ElsePos    Position
	Else       []Stmt
	FinallyPos Position
	Finally    []Stmt
}

// WithItem is ctx [as target] in a with statement.
type WithItem struct {
	Ctx    Expr
	Target Expr // may be nil
}

// WithStmt is with a as x, b: body.
type WithStmt struct {
	With  Position
	Items []*WithItem
	Body  []Stmt
}

// LineMagic is a line that starts with %: %name args.
type LineMagic struct {
	Percent Position // the '%'
	Name    string
	Args    string // the rest of the line, trimmed; backslash continuations are joined
	ArgsPos Position
	EndPos  Position
}

// CellMagic is a cell whose first line is %%name args. The body is kept as
// source text, unparsed: what it means is up to the magic.
type CellMagic struct {
	Percent Position // the first '%'
	Name    string
	Args    string
	Body    string   // every line after the first, verbatim
	BodyPos Position // where Body starts (line 2, column 1)
	EndPos  Position
}

// HelpStmt is x? or x?? (or ?x), IPython's help syntax.
type HelpStmt struct {
	X       Expr
	Mark    Position // the '?'
	Verbose bool     // ??
}

// ---- Span methods ----

func (x *Ident) Span() (start, end Position) {
	end = x.NamePos
	end.Col += int32(len([]rune(x.Name)))
	return x.NamePos, end
}
func (x *Literal) Span() (start, end Position) { return x.ValuePos, x.EndPos }
func (x *Const) Span() (start, end Position)   { return x.Pos, x.EndPos }
func (x *FString) Span() (start, end Position) { return x.StartPos, x.EndPos }
func (x *Tuple) Span() (start, end Position) {
	if x.Lparen.IsValid() {
		return x.Lparen, x.Rparen
	}
	start, _ = x.Elems[0].Span()
	_, end = x.Elems[len(x.Elems)-1].Span()
	return start, end
}
func (x *List) Span() (start, end Position)      { return x.Lbrack, x.Rbrack }
func (x *ParenExpr) Span() (start, end Position) { return x.Lparen, x.Rparen }
func (x *Set) Span() (start, end Position)       { return x.Lbrace, x.Rbrace }
func (x *Dict) Span() (start, end Position)      { return x.Lbrace, x.Rbrace }
func (x *DictItem) Span() (start, end Position) {
	_, end = x.Value.Span()
	if x.Key == nil {
		return x.StarPos, end
	}
	start, _ = x.Key.Span()
	return start, end
}
func (x *Starred) Span() (start, end Position) {
	_, end = x.X.Span()
	return x.Star, end
}
func (x *Unary) Span() (start, end Position) {
	_, end = x.X.Span()
	return x.OpPos, end
}
func (x *Binary) Span() (start, end Position) {
	start, _ = x.X.Span()
	_, end = x.Y.Span()
	return start, end
}
func (x *Compare) Span() (start, end Position) {
	start, _ = x.X.Span()
	_, end = x.Ops[len(x.Ops)-1].Y.Span()
	return start, end
}
func (x *IfExpr) Span() (start, end Position) {
	start, _ = x.Body.Span()
	_, end = x.Orelse.Span()
	return start, end
}
func (x *Lambda) Span() (start, end Position) {
	_, end = x.Body.Span()
	return x.LambdaPos, end
}
func (x *Call) Span() (start, end Position) {
	start, _ = x.Fn.Span()
	return start, x.Rparen
}
func (x *Arg) Span() (start, end Position) {
	_, end = x.Value.Span()
	return x.Pos, end
}
func (x *Attr) Span() (start, end Position) {
	start, _ = x.X.Span()
	_, end = x.Name.Span()
	return start, end
}
func (x *Index) Span() (start, end Position) {
	start, _ = x.X.Span()
	return start, x.Rbrack
}
func (x *Slice) Span() (start, end Position) { return x.StartPos, x.EndPos }
func (x *Comprehension) Span() (start, end Position) {
	return x.Lbrack, x.Rbrack
}
func (x *ForClause) Span() (start, end Position) {
	_, end = x.X.Span()
	return x.For, end
}
func (x *IfClause) Span() (start, end Position) {
	_, end = x.Cond.Span()
	return x.If, end
}
func (x *Yield) Span() (start, end Position) { return x.YieldPos, x.EndPos }

func (s *ExprStmt) Span() (start, end Position) { return s.X.Span() }
func (s *AssignStmt) Span() (start, end Position) {
	start, _ = s.Targets[0].Span()
	switch {
	case s.Value != nil:
		_, end = s.Value.Span()
	case s.Annotation != nil:
		_, end = s.Annotation.Span()
	default:
		_, end = s.Targets[len(s.Targets)-1].Span()
	}
	return start, end
}
func (s *AugAssignStmt) Span() (start, end Position) {
	start, _ = s.Target.Span()
	_, end = s.Value.Span()
	return start, end
}
func (s *BranchStmt) Span() (start, end Position) {
	end = s.TokPos
	end.Col += int32(len(s.Token.String()))
	return s.TokPos, end
}
func (s *ReturnStmt) Span() (start, end Position) {
	if s.Result == nil {
		end = s.Return
		end.Col += int32(len("return"))
		return s.Return, end
	}
	_, end = s.Result.Span()
	return s.Return, end
}
func (s *IfStmt) Span() (start, end Position) {
	return s.If, lastEnd(s.If, s.True, s.False)
}
func (s *WhileStmt) Span() (start, end Position) {
	return s.While, lastEnd(s.While, s.Body, s.Else)
}
func (s *ForStmt) Span() (start, end Position) {
	return s.For, lastEnd(s.For, s.Body, s.Else)
}
func (s *Param) Span() (start, end Position) {
	switch {
	case s.Default != nil:
		_, end = s.Default.Span()
	case s.Annotation != nil:
		_, end = s.Annotation.Span()
	case s.Name != nil:
		_, end = s.Name.Span()
	default:
		end = s.Pos
		end.Col++
	}
	return s.Pos, end
}
func (s *Decorator) Span() (start, end Position) {
	_, end = s.X.Span()
	return s.At, end
}
func (s *DefStmt) Span() (start, end Position) {
	start = s.Def
	if len(s.Decorators) > 0 {
		start = s.Decorators[0].At
	}
	return start, lastEnd(s.Def, s.Body)
}
func (s *ClassStmt) Span() (start, end Position) {
	start = s.Class
	if len(s.Decorators) > 0 {
		start = s.Decorators[0].At
	}
	return start, lastEnd(s.Class, s.Body)
}
func (s *ImportName) Span() (start, end Position) {
	start, _ = s.Path[0].Span()
	if s.AsName != nil {
		_, end = s.AsName.Span()
	} else {
		_, end = s.Path[len(s.Path)-1].Span()
	}
	return start, end
}
func (s *ImportStmt) Span() (start, end Position) {
	_, end = s.Names[len(s.Names)-1].Span()
	return s.Import, end
}
func (s *FromImportStmt) Span() (start, end Position) { return s.From, s.EndPos }
func (s *GlobalStmt) Span() (start, end Position) {
	_, end = s.Names[len(s.Names)-1].Span()
	return s.TokenPos, end
}
func (s *DelStmt) Span() (start, end Position) {
	_, end = s.Targets[len(s.Targets)-1].Span()
	return s.Del, end
}
func (s *AssertStmt) Span() (start, end Position) {
	if s.Msg != nil {
		_, end = s.Msg.Span()
	} else {
		_, end = s.Test.Span()
	}
	return s.Assert, end
}
func (s *RaiseStmt) Span() (start, end Position) {
	switch {
	case s.Cause != nil:
		_, end = s.Cause.Span()
	case s.Exc != nil:
		_, end = s.Exc.Span()
	default:
		end = s.Raise
		end.Col += int32(len("raise"))
	}
	return s.Raise, end
}
func (s *ExceptClause) Span() (start, end Position) {
	return s.Except, lastEnd(s.Except, s.Body)
}
func (s *TryStmt) Span() (start, end Position) {
	end = lastEnd(s.Try, s.Body, s.Else, s.Finally)
	if len(s.Finally) == 0 && len(s.Else) == 0 && len(s.Handlers) > 0 {
		_, end = s.Handlers[len(s.Handlers)-1].Span()
	}
	return s.Try, end
}
func (s *WithStmt) Span() (start, end Position) {
	return s.With, lastEnd(s.With, s.Body)
}
func (s *LineMagic) Span() (start, end Position) { return s.Percent, s.EndPos }
func (s *CellMagic) Span() (start, end Position) { return s.Percent, s.EndPos }
func (s *HelpStmt) Span() (start, end Position) {
	start, _ = s.X.Span()
	end = s.Mark
	end.Col++
	if s.Verbose {
		end.Col++
	}
	if s.Mark.Before(start) {
		start = s.Mark
		_, end = s.X.Span()
	}
	return start, end
}

// lastEnd returns the end of the last statement in the last non-empty block,
// or just past pos if every block is empty.
func lastEnd(pos Position, blocks ...[]Stmt) Position {
	for i := len(blocks) - 1; i >= 0; i-- {
		if b := blocks[i]; len(b) > 0 {
			_, end := b[len(b)-1].Span()
			return end
		}
	}
	pos.Col++
	return pos
}

func (*Ident) exprNode()         {}
func (*Literal) exprNode()       {}
func (*Const) exprNode()         {}
func (*FString) exprNode()       {}
func (*Tuple) exprNode()         {}
func (*List) exprNode()          {}
func (*Set) exprNode()           {}
func (*Dict) exprNode()          {}
func (*Starred) exprNode()       {}
func (*ParenExpr) exprNode()     {}
func (*Unary) exprNode()         {}
func (*Binary) exprNode()        {}
func (*Compare) exprNode()       {}
func (*IfExpr) exprNode()        {}
func (*Lambda) exprNode()        {}
func (*Call) exprNode()          {}
func (*Attr) exprNode()          {}
func (*Index) exprNode()         {}
func (*Slice) exprNode()         {}
func (*Comprehension) exprNode() {}
func (*Yield) exprNode()         {}

func (*ExprStmt) stmtNode()       {}
func (*AssignStmt) stmtNode()     {}
func (*AugAssignStmt) stmtNode()  {}
func (*BranchStmt) stmtNode()     {}
func (*ReturnStmt) stmtNode()     {}
func (*IfStmt) stmtNode()         {}
func (*WhileStmt) stmtNode()      {}
func (*ForStmt) stmtNode()        {}
func (*DefStmt) stmtNode()        {}
func (*ClassStmt) stmtNode()      {}
func (*ImportStmt) stmtNode()     {}
func (*FromImportStmt) stmtNode() {}
func (*GlobalStmt) stmtNode()     {}
func (*DelStmt) stmtNode()        {}
func (*AssertStmt) stmtNode()     {}
func (*RaiseStmt) stmtNode()      {}
func (*TryStmt) stmtNode()        {}
func (*WithStmt) stmtNode()       {}
func (*LineMagic) stmtNode()      {}
func (*CellMagic) stmtNode()      {}
func (*HelpStmt) stmtNode()       {}
