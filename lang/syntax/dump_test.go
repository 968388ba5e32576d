package syntax

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// dump writes a syntax tree as a compact S-expression, for tests: (op
// operands...) for expressions and statements, {s1; s2} for blocks. It
// leaves positions out; spans are tested with dumpSpans.
func dump(n Node) string {
	var d dumper
	d.node(n)
	return d.String()
}

type dumper struct{ strings.Builder }

func (d *dumper) printf(format string, args ...any) { fmt.Fprintf(d, format, args...) }

// list writes the nodes separated by spaces.
func list[N Node](d *dumper, nodes []N) {
	for i, n := range nodes {
		if i > 0 {
			d.WriteByte(' ')
		}
		d.node(n)
	}
}

func (d *dumper) block(stmts []Stmt) {
	d.WriteByte('{')
	for i, s := range stmts {
		if i > 0 {
			d.WriteString("; ")
		}
		d.node(s)
	}
	d.WriteByte('}')
}

// opt writes " x" if x is present.
func (d *dumper) opt(x Expr) {
	if x != nil {
		d.WriteByte(' ')
		d.node(x)
	}
}

// sexp writes (op args...).
func (d *dumper) sexp(op string, args ...Node) {
	d.WriteString("(" + op)
	for _, a := range args {
		d.WriteByte(' ')
		d.node(a)
	}
	d.WriteByte(')')
}

func (d *dumper) node(n Node) {
	switch n := n.(type) {
	case *File:
		for i, s := range n.Stmts {
			if i > 0 {
				d.WriteByte('\n')
			}
			d.node(s)
		}
	case *Ident:
		d.WriteString(n.Name)
	case *Literal:
		switch v := n.Value.(type) {
		case int64:
			d.printf("%d", v)
		case *big.Int:
			d.printf("%s", v)
		case float64:
			d.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		case string:
			d.printf("%q", v)
		}
	case *Const:
		d.WriteString([...]string{"None", "True", "False", "..."}[n.Kind])
	case *FString:
		d.WriteString("(f")
		d.fparts(n.Parts)
		d.WriteByte(')')
	case *ParenExpr:
		d.node(n.X)
	case *Tuple:
		d.WriteString("(tuple")
		for _, x := range n.Elems {
			d.opt(x)
		}
		d.WriteByte(')')
	case *List:
		d.WriteString("(list")
		for _, x := range n.Elems {
			d.opt(x)
		}
		d.WriteByte(')')
	case *Set:
		d.WriteString("(set")
		for _, x := range n.Elems {
			d.opt(x)
		}
		d.WriteByte(')')
	case *Dict:
		d.WriteString("(dict")
		for _, item := range n.Items {
			d.WriteByte(' ')
			d.node(item)
		}
		d.WriteByte(')')
	case *DictItem:
		if n.Key == nil {
			d.sexp("**", n.Value)
		} else {
			d.sexp(":", n.Key, n.Value)
		}
	case *Starred:
		d.sexp("*", n.X)
	case *Unary:
		d.sexp(n.Op.String(), n.X)
	case *Binary:
		d.sexp(n.Op.String(), n.X, n.Y)
	case *Compare:
		d.WriteString("(cmp ")
		d.node(n.X)
		for _, op := range n.Ops {
			d.printf(" %s ", op.Op)
			d.node(op.Y)
		}
		d.WriteByte(')')
	case *IfExpr:
		d.sexp("ifexp", n.Body, n.Test, n.Orelse)
	case *Lambda:
		d.WriteString("(lambda (")
		list(d, n.Params)
		d.WriteString(") ")
		d.node(n.Body)
		d.WriteByte(')')
	case *Call:
		d.WriteString("(call ")
		d.node(n.Fn)
		for _, a := range n.Args {
			d.WriteByte(' ')
			d.node(a)
		}
		d.WriteByte(')')
	case *Arg:
		switch {
		case n.Name != nil:
			d.printf("%s=", n.Name.Name)
		case n.Star == 1:
			d.WriteString("*")
		case n.Star == 2:
			d.WriteString("**")
		}
		d.node(n.Value)
	case *Attr:
		d.sexp(".", n.X, n.Name)
	case *Index:
		d.sexp("index", n.X, n.Index)
	case *Slice:
		d.WriteString("(slice")
		for _, x := range []Expr{n.Lo, n.Hi, n.Step} {
			if x == nil {
				d.WriteString(" _")
			} else {
				d.opt(x)
			}
		}
		d.WriteByte(')')
	case *Comprehension:
		d.WriteString("(" + [...]string{"listcomp", "setcomp", "dictcomp", "genexp"}[n.Kind])
		d.opt(n.Key)
		d.opt(n.Body)
		for _, c := range n.Clauses {
			d.WriteByte(' ')
			d.node(c)
		}
		d.WriteByte(')')
	case *ForClause:
		d.sexp("for", n.Vars, n.X)
	case *IfClause:
		d.sexp("if", n.Cond)
	case *Yield:
		if n.From {
			d.WriteString("(yield-from")
		} else {
			d.WriteString("(yield")
		}
		d.opt(n.Value)
		d.WriteByte(')')

	case *ExprStmt:
		d.sexp("expr", n.X)
	case *AssignStmt:
		if n.Annotation != nil {
			d.WriteString("(ann ")
			d.node(n.Targets[0])
			d.opt(n.Annotation)
		} else {
			d.WriteString("(= ")
			list(d, n.Targets)
		}
		d.opt(n.Value)
		d.WriteByte(')')
	case *AugAssignStmt:
		d.sexp(n.Op.String(), n.Target, n.Value)
	case *BranchStmt:
		d.sexp(n.Token.String())
	case *ReturnStmt:
		d.WriteString("(return")
		d.opt(n.Result)
		d.WriteByte(')')
	case *IfStmt:
		if n.Elif {
			d.WriteString("(elif ")
		} else {
			d.WriteString("(if ")
		}
		d.node(n.Cond)
		d.WriteByte(' ')
		d.block(n.True)
		if n.False != nil {
			d.WriteByte(' ')
			d.block(n.False)
		}
		d.WriteByte(')')
	case *WhileStmt:
		d.WriteString("(while ")
		d.node(n.Cond)
		d.WriteByte(' ')
		d.block(n.Body)
		d.elseBlock(n.Else)
		d.WriteByte(')')
	case *ForStmt:
		d.WriteString("(for ")
		d.node(n.Vars)
		d.WriteByte(' ')
		d.node(n.X)
		d.WriteByte(' ')
		d.block(n.Body)
		d.elseBlock(n.Else)
		d.WriteByte(')')
	case *Param:
		switch n.Kind {
		case StarParam:
			d.WriteString("*")
		case StarStarParam:
			d.WriteString("**")
		case SlashParam:
			d.WriteString("/")
		}
		if n.Name != nil {
			d.WriteString(n.Name.Name)
		}
		if n.Annotation != nil {
			d.WriteString(":")
			d.node(n.Annotation)
		}
		if n.Default != nil {
			d.WriteString("=")
			d.node(n.Default)
		}
	case *Decorator:
		d.WriteString("@")
		d.node(n.X)
	case *DefStmt:
		d.WriteString("(def ")
		for _, dec := range n.Decorators {
			d.node(dec)
			d.WriteByte(' ')
		}
		d.WriteString(n.Name.Name + " (")
		list(d, n.Params)
		d.WriteString(") ")
		if n.Returns != nil {
			d.WriteString("-> ")
			d.node(n.Returns)
			d.WriteByte(' ')
		}
		d.block(n.Body)
		d.WriteByte(')')
	case *ClassStmt:
		d.WriteString("(class ")
		for _, dec := range n.Decorators {
			d.node(dec)
			d.WriteByte(' ')
		}
		d.WriteString(n.Name.Name + " (")
		list(d, n.Bases)
		d.WriteString(") ")
		d.block(n.Body)
		d.WriteByte(')')
	case *ImportName:
		for i, id := range n.Path {
			if i > 0 {
				d.WriteByte('.')
			}
			d.WriteString(id.Name)
		}
		if n.AsName != nil {
			d.WriteString(" as " + n.AsName.Name)
		}
	case *ImportStmt:
		d.WriteString("(import ")
		list(d, n.Names)
		d.WriteByte(')')
	case *FromImportStmt:
		d.WriteString("(from " + strings.Repeat(".", n.Level))
		for i, id := range n.Module {
			if i > 0 {
				d.WriteByte('.')
			}
			d.WriteString(id.Name)
		}
		if n.Star.IsValid() {
			d.WriteString(" *")
		} else {
			d.WriteString(" ")
			list(d, n.Names)
		}
		d.WriteByte(')')
	case *GlobalStmt:
		d.WriteString("(" + n.Token.String() + " ")
		list(d, n.Names)
		d.WriteByte(')')
	case *DelStmt:
		d.WriteString("(del ")
		list(d, n.Targets)
		d.WriteByte(')')
	case *AssertStmt:
		d.WriteString("(assert ")
		d.node(n.Test)
		d.opt(n.Msg)
		d.WriteByte(')')
	case *RaiseStmt:
		d.WriteString("(raise")
		d.opt(n.Exc)
		if n.Cause != nil {
			d.WriteString(" from")
			d.opt(n.Cause)
		}
		d.WriteByte(')')
	case *ExceptClause:
		d.WriteString("(except")
		d.opt(n.Type)
		if n.Name != nil {
			d.WriteString(" as " + n.Name.Name)
		}
		d.WriteByte(' ')
		d.block(n.Body)
		d.WriteByte(')')
	case *TryStmt:
		d.WriteString("(try ")
		d.block(n.Body)
		for _, h := range n.Handlers {
			d.WriteByte(' ')
			d.node(h)
		}
		d.elseBlock(n.Else)
		if n.FinallyPos.IsValid() {
			d.WriteString(" finally ")
			d.block(n.Finally)
		}
		d.WriteByte(')')
	case *WithStmt:
		d.WriteString("(with")
		for _, item := range n.Items {
			d.opt(item.Ctx)
			if item.Target != nil {
				d.WriteString(" as")
				d.opt(item.Target)
			}
			d.WriteByte(',')
		}
		d.WriteByte(' ')
		d.block(n.Body)
		d.WriteByte(')')
	case *LineMagic:
		d.printf("(%%%s %q)", n.Name, n.Args)
	case *CellMagic:
		d.printf("(%%%%%s %q %q)", n.Name, n.Args, n.Body)
	case *HelpStmt:
		if n.Verbose {
			d.sexp("??", n.X)
		} else {
			d.sexp("?", n.X)
		}
	default:
		d.printf("<%T>", n)
	}
}

func (d *dumper) elseBlock(stmts []Stmt) {
	if stmts != nil {
		d.WriteString(" else ")
		d.block(stmts)
	}
}

// fparts writes the parts of an f-string: literal text quoted, fields in
// braces with their conversion, spec and debug text.
func (d *dumper) fparts(parts []FStringPart) {
	for _, part := range parts {
		d.WriteByte(' ')
		if part.Expr == nil {
			d.printf("%q", part.Text)
			continue
		}
		d.WriteByte('{')
		d.node(part.Expr)
		if part.Debug != "" {
			d.printf(" debug=%q", part.Debug)
		}
		if part.Conv != 0 {
			d.printf(" !%c", part.Conv)
		}
		if part.Spec != nil {
			d.WriteString(" :(")
			d.fparts(part.Spec)
			d.WriteString(" )")
		}
		d.WriteByte('}')
	}
}

// dumpSpans lists every node under n in the order Walk visits them, with
// its type and span, one per line: "Call 1:1-1:8".
func dumpSpans(n Node) string {
	var b strings.Builder
	Walk(n, func(n Node) bool {
		start, end := n.Span()
		fmt.Fprintf(&b, "%s %d:%d-%d:%d\n", strings.TrimPrefix(fmt.Sprintf("%T", n), "*syntax."), start.Line, start.Col, end.Line, end.Col)
		return true
	})
	return b.String()
}
