package syntax

import "fmt"

// Walk traverses the syntax tree rooted at n in source order. It calls f(n)
// and, if f returns true, walks each child of n. Pieces that are not nodes
// are looked through: Walk visits the operands of a CompareOp, the
// expressions of an FStringPart and its format spec, and the context and
// target of a WithItem.
func Walk(n Node, f func(Node) bool) {
	if !f(n) {
		return
	}
	switch n := n.(type) {
	case *File:
		walkList(n.Stmts, f)
	case *Ident, *Literal, *Const, *BranchStmt, *LineMagic, *CellMagic:
		// leaves

	// Expressions.
	case *FString:
		walkFString(n.Parts, f)
	case *ParenExpr:
		Walk(n.X, f)
	case *Tuple:
		walkList(n.Elems, f)
	case *List:
		walkList(n.Elems, f)
	case *Set:
		walkList(n.Elems, f)
	case *Dict:
		walkList(n.Items, f)
	case *DictItem:
		walkOpt(n.Key, f)
		Walk(n.Value, f)
	case *Starred:
		Walk(n.X, f)
	case *Unary:
		Walk(n.X, f)
	case *Binary:
		Walk(n.X, f)
		Walk(n.Y, f)
	case *Compare:
		Walk(n.X, f)
		for _, op := range n.Ops {
			Walk(op.Y, f)
		}
	case *IfExpr:
		Walk(n.Body, f)
		Walk(n.Test, f)
		Walk(n.Orelse, f)
	case *Lambda:
		walkList(n.Params, f)
		Walk(n.Body, f)
	case *Call:
		Walk(n.Fn, f)
		walkList(n.Args, f)
	case *Arg:
		walkIdent(n.Name, f)
		Walk(n.Value, f)
	case *Attr:
		Walk(n.X, f)
		Walk(n.Name, f)
	case *Index:
		Walk(n.X, f)
		Walk(n.Index, f)
	case *Slice:
		walkOpt(n.Lo, f)
		walkOpt(n.Hi, f)
		walkOpt(n.Step, f)
	case *Comprehension:
		walkOpt(n.Key, f)
		Walk(n.Body, f)
		walkList(n.Clauses, f)
	case *ForClause:
		Walk(n.Vars, f)
		Walk(n.X, f)
	case *IfClause:
		Walk(n.Cond, f)
	case *Yield:
		walkOpt(n.Value, f)

	// Statements and their parts.
	case *ExprStmt:
		Walk(n.X, f)
	case *AssignStmt:
		walkList(n.Targets, f)
		walkOpt(n.Annotation, f)
		walkOpt(n.Value, f)
	case *AugAssignStmt:
		Walk(n.Target, f)
		Walk(n.Value, f)
	case *ReturnStmt:
		walkOpt(n.Result, f)
	case *IfStmt:
		Walk(n.Cond, f)
		walkList(n.True, f)
		walkList(n.False, f)
	case *WhileStmt:
		Walk(n.Cond, f)
		walkList(n.Body, f)
		walkList(n.Else, f)
	case *ForStmt:
		Walk(n.Vars, f)
		Walk(n.X, f)
		walkList(n.Body, f)
		walkList(n.Else, f)
	case *Param:
		walkIdent(n.Name, f)
		walkOpt(n.Annotation, f)
		walkOpt(n.Default, f)
	case *Decorator:
		Walk(n.X, f)
	case *DefStmt:
		walkList(n.Decorators, f)
		Walk(n.Name, f)
		walkList(n.Params, f)
		walkOpt(n.Returns, f)
		walkList(n.Body, f)
	case *ClassStmt:
		walkList(n.Decorators, f)
		Walk(n.Name, f)
		walkList(n.Bases, f)
		walkList(n.Body, f)
	case *ImportName:
		walkList(n.Path, f)
		walkIdent(n.AsName, f)
	case *ImportStmt:
		walkList(n.Names, f)
	case *FromImportStmt:
		walkList(n.Module, f)
		walkList(n.Names, f)
	case *GlobalStmt:
		walkList(n.Names, f)
	case *DelStmt:
		walkList(n.Targets, f)
	case *AssertStmt:
		Walk(n.Test, f)
		walkOpt(n.Msg, f)
	case *RaiseStmt:
		walkOpt(n.Exc, f)
		walkOpt(n.Cause, f)
	case *ExceptClause:
		walkOpt(n.Type, f)
		walkIdent(n.Name, f)
		walkList(n.Body, f)
	case *TryStmt:
		walkList(n.Body, f)
		walkList(n.Handlers, f)
		walkList(n.Else, f)
		walkList(n.Finally, f)
	case *WithStmt:
		for _, item := range n.Items {
			Walk(item.Ctx, f)
			walkOpt(item.Target, f)
		}
		walkList(n.Body, f)
	case *HelpStmt:
		Walk(n.X, f)
	default:
		panic(fmt.Sprintf("syntax.Walk: unexpected node type %T", n))
	}
}

func walkList[N Node](nodes []N, f func(Node) bool) {
	for _, n := range nodes {
		Walk(n, f)
	}
}

// walkOpt walks x unless it is absent.
func walkOpt(x Expr, f func(Node) bool) {
	if x != nil {
		Walk(x, f)
	}
}

// walkIdent walks id unless it is absent. (A nil *Ident is not a nil Expr,
// so walkOpt would not do.)
func walkIdent(id *Ident, f func(Node) bool) {
	if id != nil {
		Walk(id, f)
	}
}

func walkFString(parts []FStringPart, f func(Node) bool) {
	for _, part := range parts {
		walkOpt(part.Expr, f)
		walkFString(part.Spec, f)
	}
}
