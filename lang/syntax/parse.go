package syntax

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// maxNesting bounds the recursion of the parser on constructs that nest
// without brackets (-x, not x, x**y, lambda, x if c else y), as the
// scanner bounds nested brackets, so that no input can exhaust the stack.
const maxNesting = 200

// Parse parses a whole file, REPL input or notebook cell. The error, if any,
// is a *Error.
func Parse(filename, src string) (f *File, err error) {
	p, err := newParser(filename, src, false)
	if err != nil {
		return nil, err
	}
	defer p.catch(&err)
	p.next()
	return p.parseFile(), nil
}

// ParseExpr parses a single expression, or several separated by commas (a
// tuple), as Python's eval does. Line ends and indentation do not count.
// The error, if any, is a *Error.
func ParseExpr(filename, src string) (x Expr, err error) {
	p, err := newParser(filename, src, true)
	if err != nil {
		return nil, err
	}
	defer catch(&err)
	p.next()
	x = p.parseStarExprs()
	if p.tok.Tok != EOF {
		p.unexpected()
	}
	p.checkValue(x)
	p.raiseLate()
	return x, nil
}

// A parser is a recursive-descent parser over the tokens of a scanner, with
// one token of lookahead.
type parser struct {
	sc      scanner
	tok     Lexeme   // the current token
	prevEnd Position // the end of the token before it
	depth   int      // see maxNesting

	// late is the first error that CPython finds only when it compiles a
	// statement (a repeated argument, a misplaced starred expression, ...),
	// which any syntax error in the input takes precedence over. It is
	// raised once the parse is over.
	late *Error
}

// lateError records an error that CPython finds when it compiles n; see late.
func (p *parser) lateError(n Node, format string, args ...any) {
	if p.late == nil {
		pos, end := n.Span()
		p.late = &Error{Pos: pos, End: end, Msg: fmt.Sprintf(format, args...), Kind: "SyntaxError"}
	}
}

// raiseLate raises the late error, if any.
func (p *parser) raiseLate() {
	if p.late != nil {
		panic(bailout{p.late})
	}
}

// catch turns a bailout into Parse's error, replaced, as in CPython, by an
// error of the tokens after it, if any (see scanRest).
func (p *parser) catch(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = p.scanRest(b.err)
	}
}

// scanRest scans the rest of the input after the parser found err. As in
// CPython, a lexical error found there (see scanner.lexical) is reported
// instead, since it may well be the cause of err: so is an unclosed bracket
// on an earlier line than the parser read to. Such an error does not make
// the input incomplete, as err comes before it. An unexpected indent stands
// as it is.
func (p *parser) scanRest(err *Error) (result *Error) {
	if p.sc.failed || p.tok.Tok == INDENT {
		return err
	}
	errLine := p.tok.Pos.Line // the furthest the parser read
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			result = err
			unclosed := p.sc.atEOF && len(p.sc.brackets) > 0
			if p.sc.lexical || unclosed && b.err.Pos.Line < errLine {
				b.err.Incomplete = false
				result = b.err
			}
		}
	}()
	for t := p.tok; t.Tok != EOF; {
		p.sc.next(&t)
	}
	return err
}

func newParser(filename, src string, exprMode bool) (*parser, error) {
	file := &filename
	src, e := prepare(file, src)
	if e != nil {
		return nil, e
	}
	p := new(parser)
	p.sc.init(file, src, MakePosition(file, 1, 1), exprMode)
	return p, nil
}

// next moves to the next token.
func (p *parser) next() {
	p.prevEnd = p.tok.End
	p.sc.next(&p.tok)
}

// expect checks that the current token is tok, moves past it and returns
// its position.
func (p *parser) expect(tok Token) Position {
	if p.tok.Tok != tok {
		p.unexpected()
	}
	pos := p.tok.Pos
	p.next()
	return pos
}

// atEnd reports whether the current token is the end of the input, where
// the parser needed more: the input is then incomplete rather than wrong.
func (p *parser) atEnd() bool {
	return p.sc.atEOF && (p.tok.Tok == EOF || p.tok.Tok == OUTDENT)
}

// enter and leave bracket a recursion that the input may nest at will.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.errorHere("expression nested too deeply")
	}
}

func (p *parser) leave() { p.depth-- }

// errorHere raises a SyntaxError at the current token.
func (p *parser) errorHere(format string, args ...any) {
	fail("SyntaxError", p.tok.Pos, p.tok.End, p.atEnd(), format, args...)
}

// errorAt raises a SyntaxError spanning pos to end.
func (p *parser) errorAt(pos, end Position, format string, args ...any) {
	fail("SyntaxError", pos, end, false, format, args...)
}

// errorNode raises a SyntaxError spanning n.
func (p *parser) errorNode(n Node, format string, args ...any) {
	pos, end := n.Span()
	p.errorAt(pos, end, format, args...)
}

// unexpected reports that the current token cannot be where it is.
func (p *parser) unexpected() {
	p.reject(p.tok, p.atEnd())
}

// reject reports token t as out of place, saying why where that is clear.
func (p *parser) reject(t Lexeme, incomplete bool) {
	msg := "invalid syntax"
	kind := "SyntaxError"
	switch t.Tok {
	case INDENT:
		kind, msg = "IndentationError", "unexpected indent"
	case WALRUS:
		msg = "the ':=' operator is not supported"
	case ASYNC, AWAIT:
		msg = "'" + t.Tok.String() + "' is not supported"
	}
	fail(kind, t.Pos, t.End, incomplete, "%s", msg)
}

// try runs f, which parses something, and returns the syntax error that
// stopped it, or nil. An error of the tokens, or one that says the input is
// incomplete, is raised at once: as in CPython, no parse can go past it.
// After a failure the parser is wherever f stopped.
func (p *parser) try(f func()) (err *Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok || b.err.Incomplete || p.sc.failed {
				panic(r)
			}
			err = b.err
		}
	}()
	f()
	return nil
}

// explore is try for parsing ahead once the input is known to be wrong. An
// error that says the input is incomplete no longer does: as in CPython,
// whose first pass failed before the end of the input, the input is wrong.
func (p *parser) explore(f func()) *Error {
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(bailout); ok {
				b.err.Incomplete = false
			}
			panic(r)
		}
	}()
	return p.try(f)
}

// raiseSpecific raises err, found parsing ahead, unless it is a mere
// "invalid syntax": as CPython does, what is found exploring the input is
// reported if it says more.
func (p *parser) raiseSpecific(err *Error) {
	if err != nil && err.Msg != "invalid syntax" {
		panic(bailout{err})
	}
}

// A parserState is a saved position of the parser, for backtracking.
type parserState struct {
	sc      scanner
	tok     Lexeme
	prevEnd Position
	depth   int
	late    *Error
}

func (p *parser) save() parserState {
	st := parserState{p.sc, p.tok, p.prevEnd, p.depth, p.late}
	st.sc.brackets = slices.Clone(p.sc.brackets)
	st.sc.indents = slices.Clone(p.sc.indents)
	return st
}

func (p *parser) restore(st parserState) {
	p.sc, p.tok, p.prevEnd, p.depth, p.late = st.sc, st.tok, st.prevEnd, st.depth, st.late
}

func (p *parser) parseFile() *File {
	f := &File{Path: *p.sc.file, Src: p.sc.src}
	if p.tok.Tok == CELLMAGIC {
		f.Stmts = []Stmt{p.tok.Value.(*CellMagic)}
		p.next()
	}
	for p.tok.Tok != EOF {
		f.Stmts = p.parseStmt(f.Stmts)
	}
	p.raiseLate()
	f.EOF = p.tok.Pos
	return f
}

// parseStmt parses a statement, or a line of simple statements separated by
// semicolons, and appends them to stmts.
func (p *parser) parseStmt(stmts []Stmt) []Stmt {
	switch p.tok.Tok {
	case IF:
		return append(stmts, p.parseIf())
	case WHILE:
		return append(stmts, p.parseWhile())
	case FOR:
		return append(stmts, p.parseFor())
	case TRY:
		return append(stmts, p.parseTry())
	case WITH:
		return append(stmts, p.parseWith())
	case DEF, CLASS, AT:
		return append(stmts, p.parseDecorated())
	case LINEMAGIC:
		m := p.tok.Value.(*LineMagic)
		p.next()
		p.expect(NEWLINE)
		return append(stmts, m)
	case INDENT, ASYNC:
		p.unexpected()
	}
	return p.parseSimpleStmts(stmts)
}

// parseSimpleStmts parses simple statements separated by semicolons, up to
// the end of the line.
func (p *parser) parseSimpleStmts(stmts []Stmt) []Stmt {
	for {
		stmts = append(stmts, p.parseSmallStmt())
		if p.tok.Tok != SEMI {
			break
		}
		p.next()
		if p.tok.Tok == NEWLINE {
			break
		}
	}
	if p.tok.Tok != NEWLINE {
		p.junkAtEnd(stmts[len(stmts)-1])
	}
	p.next()
	return stmts
}

// junkAtEnd reports the current token, which follows the simple statement
// last where the line should end. If it starts an operand, it may be
// Python 2's print or exec statement; and CPython, looking ahead, parses
// the operand, which may find the input incomplete.
func (p *parser) junkAtEnd(last Stmt) {
	bad := p.tok
	if startsOperand(bad.Tok) {
		var rest Expr
		err := p.explore(func() { rest = p.parseStarExprs() })
		if err == nil {
			if s, ok := last.(*ExprStmt); ok {
				if id, ok := s.X.(*Ident); ok && (id.Name == "print" || id.Name == "exec") {
					_, end := rest.Span()
					p.errorAt(id.NamePos, end, "Missing parentheses in call to '%s'. Did you mean %s(...)?", id.Name, id.Name)
				}
			}
		}
		p.raiseSpecific(err)
	}
	p.reject(bad, false)
}

func (p *parser) parseSmallStmt() Stmt {
	pos := p.tok.Pos
	switch tok := p.tok.Tok; tok {
	case PASS, BREAK, CONTINUE:
		p.next()
		return &BranchStmt{Token: tok, TokPos: pos}
	case RETURN:
		p.next()
		s := &ReturnStmt{Return: pos}
		if startsExpr(p.tok.Tok) {
			s.Result = p.parseStarExprs()
			p.checkValue(s.Result)
		}
		return s
	case IMPORT:
		return p.parseImport()
	case FROM:
		return p.parseFromImport()
	case GLOBAL, NONLOCAL:
		p.next()
		s := &GlobalStmt{Token: tok, TokenPos: pos, Names: []*Ident{p.parseIdent()}}
		for p.tok.Tok == COMMA {
			p.next()
			s.Names = append(s.Names, p.parseIdent())
		}
		return s
	case DEL:
		p.next()
		s := &DelStmt{Del: pos, Targets: []Expr{p.parseStarExprs()}}
		if t, ok := s.Targets[0].(*Tuple); ok && !t.Lparen.IsValid() {
			s.Targets = t.Elems
		}
		for _, t := range s.Targets {
			p.checkTarget(t, true)
		}
		return s
	case ASSERT:
		p.next()
		s := &AssertStmt{Assert: pos, Test: p.parseTest()}
		if p.tok.Tok == COMMA {
			p.next()
			s.Msg = p.parseTest()
		}
		return s
	case RAISE:
		p.next()
		s := &RaiseStmt{Raise: pos}
		if startsExpr(p.tok.Tok) {
			s.Exc = p.parseTest()
			if p.tok.Tok == FROM {
				p.next()
				s.Cause = p.parseTest()
			}
		}
		return s
	case QUESTION:
		verbose := p.tok.Raw == "??"
		p.next()
		return &HelpStmt{X: p.parseTest(), Mark: pos, Verbose: verbose}
	}
	return p.parseExprStmt()
}

// parseExprStmt parses an expression statement, an assignment of any kind
// or a help request (x?).
func (p *parser) parseExprStmt() Stmt {
	x := p.parseStarExprsOrYield()
	switch tok := p.tok.Tok; {
	case tok == EQ:
		return p.parseAssign(x)
	case tok.AugmentedBase() != ILLEGAL:
		pos := p.tok.Pos
		p.next()
		value := p.parseStarExprsOrYield()
		if !isTarget(x) {
			p.errorNode(x, "'%s' is an illegal expression for augmented assignment", exprName(x))
		}
		p.checkValue(value)
		return &AugAssignStmt{Target: x, OpPos: pos, Op: tok, Value: value}
	case tok == COLON:
		p.next()
		s := &AssignStmt{Targets: []Expr{x}, Annotation: p.parseTest()}
		p.checkAnnotated(x)
		if p.tok.Tok == EQ {
			s.EqPos = p.tok.Pos
			p.next()
			s.Value = p.parseStarExprsOrYield()
			p.checkValue(s.Value)
		}
		return s
	case tok == QUESTION:
		s := &HelpStmt{X: x, Mark: p.tok.Pos, Verbose: p.tok.Raw == "??"}
		p.next()
		return s
	}
	p.checkValue(x)
	return &ExprStmt{X: x}
}

// parseAssign parses the rest of an assignment whose first target is x.
// Each target is checked when its '=' is seen. Like CPython, the parser
// suspects a mistyped comparison where the first target, which cannot be
// assigned to but reads as an operand, is followed by an operand and no
// other '='.
func (p *parser) parseAssign(x Expr) Stmt {
	s := &AssignStmt{Targets: []Expr{x}}
	for p.tok.Tok == EQ {
		target := s.Targets[len(s.Targets)-1]
		if bad := invalidTarget(target, false); bad != nil {
			if len(s.Targets) == 1 && readsAsOperand(target) && p.comparisonFollows() {
				p.errorNode(target, "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(target))
			}
			p.assignError(bad)
		}
		s.EqPos = p.tok.Pos
		p.next()
		s.Value = p.parseStarExprsOrYield()
		if p.tok.Tok == EQ {
			s.Targets = append(s.Targets, s.Value)
		}
	}
	for _, t := range s.Targets {
		p.checkStarred(t)
	}
	p.checkValue(s.Value)
	return s
}

// comparisonFollows reports whether the '=' at the current token is followed
// by an operand and no other '=', as in "a = b" written for "a == b". Like
// CPython's backtracking parser, it settles for the start of an operand if
// the operand goes wrong further on. It leaves the parser wherever it
// stopped, for an error to be reported.
func (p *parser) comparisonFollows() bool {
	p.next()
	switch p.tok.Tok {
	case STAR, NOT, LAMBDA:
		return false
	}
	if !startsExpr(p.tok.Tok) {
		return false
	}
	err := p.explore(func() { p.parseBinary(precBitOr) })
	return err != nil || p.tok.Tok != EQ && p.tok.Tok != WALRUS
}

// checkAnnotated checks the target of an annotated assignment.
func (p *parser) checkAnnotated(x Expr) {
	switch x := Unparen(x).(type) {
	case *Ident, *Attr, *Index:
	case *Tuple:
		if !x.Lparen.IsValid() {
			p.errorNode(x.Elems[0], "only single target (not tuple) can be annotated")
		}
		p.errorNode(x, "only single target (not tuple) can be annotated")
	case *List:
		p.errorNode(x, "only single target (not list) can be annotated")
	default:
		p.errorNode(x, "illegal target for annotation")
	}
}

// parseBlock parses the ':' of a compound statement and the block after it:
// an indented block or simple statements on the same line. what and line
// name the statement for the error of a missing block. It returns the
// position of the ':' and the statements.
//
// A missing ':' is reported as such where the header is complete (forced),
// or else at the end of the line; elsewhere, as in CPython, the token
// before which a ':' could have come is just invalid.
func (p *parser) parseBlock(what string, line int32, forced bool) (Position, []Stmt) {
	if p.tok.Tok != COLON {
		if forced || p.tok.Tok == NEWLINE {
			p.errorHere("expected ':'")
		}
		p.unexpected()
	}
	colon := p.tok.Pos
	p.next()
	if p.tok.Tok != NEWLINE {
		return colon, p.parseSimpleStmts(nil)
	}
	newline := p.tok
	p.next()
	if p.tok.Tok != INDENT {
		// At the end of the input, the place to show is the end of the header.
		t := p.tok
		if p.atEnd() {
			t = newline
		}
		fail("IndentationError", t.Pos, t.End, p.atEnd(), "expected an indented block after %s on line %d", what, line)
	}
	p.next()
	var body []Stmt
	for p.tok.Tok != OUTDENT {
		body = p.parseStmt(body)
	}
	p.next()
	return colon, body
}

func (p *parser) parseIf() *IfStmt {
	first := p.parseIfClause()
	last := first
	for p.tok.Tok == ELIF {
		elif := p.parseIfClause()
		last.ElsePos = elif.If
		last.False = []Stmt{elif}
		last = elif
	}
	if p.tok.Tok == ELSE {
		last.ElsePos = p.tok.Pos
		p.next()
		_, last.False = p.parseBlock("'else' statement", last.ElsePos.Line, true)
	}
	return first
}

// parseIfClause parses "if cond: block" or "elif cond: block".
func (p *parser) parseIfClause() *IfStmt {
	s := &IfStmt{If: p.tok.Pos, Elif: p.tok.Tok == ELIF}
	what := "'if' statement"
	if s.Elif {
		what = "'elif' statement"
	}
	p.next()
	s.Cond = p.parseNamedTest()
	_, s.True = p.parseBlock(what, s.If.Line, false)
	return s
}

func (p *parser) parseWhile() *WhileStmt {
	s := &WhileStmt{While: p.tok.Pos}
	p.next()
	s.Cond = p.parseNamedTest()
	_, s.Body = p.parseBlock("'while' statement", s.While.Line, false)
	s.ElsePos, s.Else = p.parseElse()
	return s
}

func (p *parser) parseFor() *ForStmt {
	s := &ForStmt{For: p.tok.Pos}
	p.next()
	s.Vars = p.parseTargetList()
	p.checkTarget(s.Vars, false)
	p.expect(IN)
	s.X = p.parseStarExprs()
	p.checkValue(s.X)
	_, s.Body = p.parseBlock("'for' statement", s.For.Line, false)
	s.ElsePos, s.Else = p.parseElse()
	return s
}

// parseElse parses the optional else block of a loop.
func (p *parser) parseElse() (Position, []Stmt) {
	if p.tok.Tok != ELSE {
		return Position{}, nil
	}
	pos := p.tok.Pos
	p.next()
	_, body := p.parseBlock("'else' statement", pos.Line, true)
	return pos, body
}

func (p *parser) parseTry() *TryStmt {
	s := &TryStmt{Try: p.tok.Pos}
	p.next()
	_, s.Body = p.parseBlock("'try' statement", s.Try.Line, true)
	for p.tok.Tok == EXCEPT {
		s.Handlers = append(s.Handlers, p.parseExcept())
	}
	for _, h := range s.Handlers[:max(len(s.Handlers)-1, 0)] {
		if h.Type == nil {
			p.lateError(h, "default 'except:' must be last")
		}
	}
	if len(s.Handlers) == 0 && p.tok.Tok != FINALLY {
		if p.atEnd() {
			// At the end of input, CPython points just past the last line.
			end := p.prevEnd
			if end.Col == 1 && end.Line > 1 {
				lines := strings.Split(p.sc.src, "\n")
				end.Line--
				end.Col = int32(utf8.RuneCountInString(lines[end.Line-1])) + 1
			}
			fail("SyntaxError", end, end, true, "expected 'except' or 'finally' block")
		}
		p.errorHere("expected 'except' or 'finally' block")
	}
	if len(s.Handlers) > 0 {
		s.ElsePos, s.Else = p.parseElse()
	}
	if p.tok.Tok == FINALLY {
		s.FinallyPos = p.tok.Pos
		p.next()
		_, s.Finally = p.parseBlock("'finally' statement", s.FinallyPos.Line, true)
	}
	return s
}

func (p *parser) parseExcept() *ExceptClause {
	h := &ExceptClause{Except: p.tok.Pos}
	p.next()
	switch p.tok.Tok {
	case STAR:
		p.errorHere("'except*' is not supported")
	case NEWLINE:
		p.errorHere("expected ':'")
	}
	if p.tok.Tok != COLON {
		h.Type = p.parseTest()
		if p.tok.Tok == COMMA {
			start, _ := h.Type.Span()
			for p.tok.Tok == COMMA {
				p.next()
				p.parseTest()
			}
			p.errorAt(start, p.prevEnd, "multiple exception types must be parenthesized")
		}
		if p.tok.Tok == AS {
			p.next()
			h.Name = p.parseIdent()
		}
	}
	_, h.Body = p.parseBlock("'except' statement", h.Except.Line, false)
	return h
}

func (p *parser) parseWith() *WithStmt {
	s := &WithStmt{With: p.tok.Pos}
	p.next()
	// "with (a, b):" is two items in parentheses, but "with (a, b) as c:"
	// has one item, a tuple: only what follows the ')' tells them apart. If
	// neither reading works, the error to report is the one found further on.
	if p.tok.Tok != LPAREN {
		s.Items = p.parseWithItems()
	} else {
		st := p.save()
		if err1 := p.try(func() { s.Items = p.parseParenWithItems() }); err1 != nil {
			p.restore(st)
			if err2 := p.try(func() { s.Items = p.parseWithItems() }); err2 != nil {
				if err2.Pos.Before(err1.Pos) {
					err2 = err1
				}
				panic(bailout{err2})
			}
		}
	}
	_, s.Body = p.parseBlock("'with' statement", s.With.Line, false)
	return s
}

// parseParenWithItems parses "(item, item, ...)" followed by ':'.
func (p *parser) parseParenWithItems() []*WithItem {
	p.expect(LPAREN)
	var items []*WithItem
	for {
		items = append(items, p.parseWithItem())
		if p.tok.Tok != COMMA {
			break
		}
		p.next()
		if p.tok.Tok == RPAREN {
			break
		}
	}
	last := items[len(items)-1]
	if last.Target != nil {
		p.expectClose(RPAREN, last.Target)
	} else {
		p.expectClose(RPAREN, last.Ctx)
	}
	if p.tok.Tok != COLON {
		p.unexpected()
	}
	return items
}

func (p *parser) parseWithItems() []*WithItem {
	items := []*WithItem{p.parseWithItem()}
	for p.tok.Tok == COMMA {
		p.next()
		items = append(items, p.parseWithItem())
	}
	return items
}

func (p *parser) parseWithItem() *WithItem {
	item := &WithItem{Ctx: p.parseTest()}
	if p.tok.Tok == AS {
		p.next()
		item.Target = p.parseTargetElem()
		p.checkTarget(item.Target, false)
	}
	return item
}

// parseDecorated parses a def or class and the decorators before it.
func (p *parser) parseDecorated() Stmt {
	var decorators []*Decorator
	for p.tok.Tok == AT {
		d := &Decorator{At: p.tok.Pos}
		p.next()
		d.X = p.parseNamedTest()
		p.expect(NEWLINE)
		decorators = append(decorators, d)
	}
	if p.tok.Tok == CLASS {
		s := p.parseClass()
		s.Decorators = decorators
		return s
	}
	if p.tok.Tok != DEF {
		p.unexpected()
	}
	s := p.parseDef()
	s.Decorators = decorators
	return s
}

func (p *parser) parseDef() *DefStmt {
	s := &DefStmt{Def: p.tok.Pos}
	p.next()
	s.Name = p.parseIdent()
	if p.tok.Tok != LPAREN {
		p.errorHere("expected '('")
	}
	p.next()
	s.Params = p.parseParams(RPAREN)
	p.expect(RPAREN)
	if p.tok.Tok == ARROW {
		arrow := p.tok
		p.next()
		if !startsExpr(p.tok.Tok) {
			// CPython drops "->" and reports it as the place of the ':'.
			p.errorAt(arrow.Pos, arrow.End, "expected ':'")
		}
		s.Returns = p.parseTest()
	}
	s.Colon, s.Body = p.parseBlock("function definition", s.Def.Line, true)
	return s
}

func (p *parser) parseClass() *ClassStmt {
	s := &ClassStmt{Class: p.tok.Pos}
	p.next()
	s.Name = p.parseIdent()
	if p.tok.Tok == LPAREN {
		p.next()
		s.Bases, _ = p.parseCallArgs(false)
	}
	s.Colon, s.Body = p.parseBlock("class definition", s.Class.Line, false)
	return s
}

// parseParams parses the parameters of a def, up to the ')', or of a
// lambda, up to the ':' (then without annotations), and checks them as
// CPython does.
func (p *parser) parseParams(closer Token) []*Param {
	lambda := closer == COLON
	var params []*Param
	var names map[string]bool
	var star *Param     // the '*' or '*args'
	var bareStar *Param // a bare '*' with no named parameter after it yet
	slash, defaults, starStar := false, false, false
	for p.tok.Tok != closer {
		param := &Param{Pos: p.tok.Pos}
		if starStar && (p.tok.Tok == IDENT || p.tok.Tok == STAR || p.tok.Tok == STARSTAR || p.tok.Tok == SLASH) {
			p.errorHere("arguments cannot follow var-keyword argument")
		}
		switch p.tok.Tok {
		case SLASH:
			switch {
			case slash:
				p.errorHere("/ may appear only once")
			case star != nil:
				p.errorHere("/ must be ahead of *")
			case len(params) == 0:
				p.unexpected()
			}
			slash = true
			param.Kind = SlashParam
			p.next()
		case STAR:
			if star != nil {
				p.errorHere("* argument may appear only once")
			}
			star = param
			param.Kind = StarParam
			p.next()
			switch p.tok.Tok {
			case IDENT:
				param.Name = p.parseIdent()
				param.Annotation = p.parseAnnotation(lambda)
			case COMMA, closer:
				bareStar = param
			case EQ: // reported below
			default:
				p.unexpected()
			}
			if p.tok.Tok == EQ {
				p.errorHere("var-positional argument cannot have default value")
			}
		case STARSTAR:
			if bareStar != nil {
				p.errorNode(bareStar, "named arguments must follow bare *")
			}
			starStar = true
			param.Kind = StarStarParam
			p.next()
			param.Name = p.parseIdent()
			param.Annotation = p.parseAnnotation(lambda)
			if p.tok.Tok == EQ {
				p.errorHere("var-keyword argument cannot have default value")
			}
		case IDENT:
			bareStar = nil
			param.Name = p.parseIdent()
			param.Annotation = p.parseAnnotation(lambda)
			if p.tok.Tok == EQ {
				p.next()
				param.Default = p.parseTest()
				defaults = true
			} else if defaults && star == nil {
				p.errorNode(param.Name, "non-default argument follows default argument")
			}
		default:
			p.unexpected()
		}
		if param.Name != nil {
			if names[param.Name.Name] {
				p.lateError(param.Name, "duplicate argument '%s' in function definition", param.Name.Name)
			}
			if names == nil {
				names = make(map[string]bool)
			}
			names[param.Name.Name] = true
		}
		params = append(params, param)
		if p.tok.Tok != COMMA {
			break
		}
		p.next()
	}
	if bareStar != nil {
		p.errorNode(bareStar, "named arguments must follow bare *")
	}
	return params
}

// parseAnnotation parses the ": T" of a def's parameter, if present.
func (p *parser) parseAnnotation(lambda bool) Expr {
	if lambda || p.tok.Tok != COLON {
		return nil
	}
	p.next()
	return p.parseTest()
}

func (p *parser) parseImport() Stmt {
	s := &ImportStmt{Import: p.tok.Pos}
	p.next()
	for {
		name := &ImportName{Path: p.parseDottedName()}
		if p.tok.Tok == AS {
			p.next()
			name.AsName = p.parseIdent()
		}
		s.Names = append(s.Names, name)
		if p.tok.Tok != COMMA {
			return s
		}
		p.next()
	}
}

func (p *parser) parseFromImport() Stmt {
	s := &FromImportStmt{From: p.tok.Pos}
	p.next()
	for p.tok.Tok == DOT || p.tok.Tok == ELLIPSIS {
		s.Level += len(p.tok.Raw)
		p.next()
	}
	if s.Level == 0 || p.tok.Tok != IMPORT {
		s.Module = p.parseDottedName()
	}
	p.expect(IMPORT)
	switch p.tok.Tok {
	case STAR:
		s.Star, s.EndPos = p.tok.Pos, p.tok.End
		p.next()
	case LPAREN:
		p.next()
		s.Names = p.parseImportNames(true)
		s.EndPos = p.tok.End
		p.expect(RPAREN)
	default:
		s.Names = p.parseImportNames(false)
		s.EndPos = p.prevEnd
	}
	return s
}

// parseImportNames parses "name [as alias], ..." after "from m import",
// inside parentheses or not.
func (p *parser) parseImportNames(paren bool) []*ImportName {
	var names []*ImportName
	for {
		name := &ImportName{Path: []*Ident{p.parseIdent()}}
		if p.tok.Tok == AS {
			p.next()
			name.AsName = p.parseIdent()
		}
		names = append(names, name)
		if p.tok.Tok != COMMA {
			return names
		}
		comma := p.tok
		p.next()
		switch {
		case paren && p.tok.Tok == RPAREN:
			return names
		case !paren && (p.tok.Tok == NEWLINE || p.tok.Tok == SEMI):
			p.errorAt(comma.Pos, comma.End, "trailing comma not allowed without surrounding parentheses")
		}
	}
}

func (p *parser) parseDottedName() []*Ident {
	path := []*Ident{p.parseIdent()}
	for p.tok.Tok == DOT {
		p.next()
		path = append(path, p.parseIdent())
	}
	return path
}

func (p *parser) parseIdent() *Ident {
	if p.tok.Tok != IDENT {
		p.unexpected()
	}
	id := &Ident{NamePos: p.tok.Pos, Name: p.tok.Raw}
	p.next()
	return id
}

// checkValue reports a starred expression used as a value on its own.
func (p *parser) checkValue(x Expr) {
	if _, ok := x.(*Starred); ok {
		p.lateError(x, "can't use starred expression here")
	}
}

// isTarget reports whether x is a name, attribute or subscript.
func isTarget(x Expr) bool {
	switch Unparen(x).(type) {
	case *Ident, *Attr, *Index:
		return true
	}
	return false
}

// checkTarget reports an error unless x can be assigned to or, if del,
// deleted.
func (p *parser) checkTarget(x Expr, del bool) {
	if bad := invalidTarget(x, del); bad != nil {
		if del {
			p.errorNode(bad, "cannot delete %s", exprName(bad))
		}
		p.assignError(bad)
	}
	if !del {
		p.checkStarred(x)
	}
}

// assignError reports an assignment to something that cannot be assigned.
func (p *parser) assignError(bad Expr) {
	if _, ok := Unparen(bad).(*Yield); ok {
		p.errorNode(bad, "assignment to yield expression not possible")
	}
	p.errorNode(bad, "cannot assign to %s", exprName(bad))
}

// invalidTarget returns the first part of x that cannot be assigned to or,
// if del, deleted, or nil if there is none. A starred target may only be
// assigned to.
func invalidTarget(x Expr, del bool) Expr {
	var elems []Expr
	x = Unparen(x)
	switch x := x.(type) {
	case *Ident, *Attr, *Index:
		return nil
	case *Tuple:
		elems = x.Elems
	case *List:
		elems = x.Elems
	case *Starred:
		if del {
			return x
		}
		return invalidTarget(x.X, del)
	default:
		return x
	}
	for _, e := range elems {
		if bad := invalidTarget(e, del); bad != nil {
			return bad
		}
	}
	return nil
}

// checkStarred checks the starred parts of an assignment target, valid
// otherwise: only a tuple or list may hold one, and only one. CPython finds
// these errors when it compiles the statement.
func (p *parser) checkStarred(x Expr) {
	var elems []Expr
	switch x := Unparen(x).(type) {
	case *Tuple:
		elems = x.Elems
	case *List:
		elems = x.Elems
	case *Starred:
		p.lateError(x, "starred assignment target must be in a list or tuple")
	}
	starred := false
	for _, e := range elems {
		s, ok := e.(*Starred)
		if !ok {
			p.checkStarred(e)
			continue
		}
		if starred {
			p.lateError(x, "multiple starred expressions in assignment")
		}
		starred = true
		p.checkStarred(s.X)
	}
}

// readsAsOperand reports whether x, before a misplaced '=', reads as the
// left operand of a comparison the user meant to write: CPython's test for
// suggesting '=='.
func readsAsOperand(x Expr) bool {
	switch x := Unparen(x).(type) {
	case *Tuple, *List, *Starred, *Compare, *IfExpr, *Lambda, *Yield:
		return false
	case *Comprehension:
		return x.Kind != GeneratorExp
	case *Const:
		return x.Kind == ConstEllipsis
	case *Binary:
		return x.Op != AND && x.Op != OR
	case *Unary:
		return x.Op != NOT
	}
	return true
}

// exprName names the kind of x in error messages, as CPython does.
func exprName(x Expr) string {
	switch x := Unparen(x).(type) {
	case *Ident:
		return "name"
	case *Attr:
		return "attribute"
	case *Index:
		return "subscript"
	case *Starred:
		return "starred"
	case *List:
		return "list"
	case *Tuple:
		return "tuple"
	case *Lambda:
		return "lambda"
	case *Call:
		return "function call"
	case *Compare:
		return "comparison"
	case *IfExpr:
		return "conditional expression"
	case *Yield:
		return "yield expression"
	case *Dict:
		return "dict literal"
	case *Set:
		return "set display"
	case *FString:
		return "f-string expression"
	case *Literal:
		return "literal"
	case *Const:
		return [...]string{ConstNone: "None", ConstTrue: "True", ConstFalse: "False", ConstEllipsis: "ellipsis"}[x.Kind]
	case *Comprehension:
		return [...]string{ListComp: "list comprehension", SetComp: "set comprehension", DictComp: "dict comprehension", GeneratorExp: "generator expression"}[x.Kind]
	}
	return "expression"
}

// startsExpr reports whether a token can start an expression (or a starred
// one).
func startsExpr(t Token) bool {
	switch t {
	case PLUS, MINUS, TILDE, NOT, LPAREN, LBRACK, STAR, AWAIT:
		return true
	}
	return startsOperand(t)
}

// startsOperand reports whether a token can start an expression but cannot
// continue one, so that after an expression it means a missing operator or
// comma.
func startsOperand(t Token) bool {
	switch t {
	case IDENT, INT, FLOAT, STRING, FSTRING, LBRACE, NONE, TRUE, FALSE, ELLIPSIS, LAMBDA:
		return true
	}
	return false
}
