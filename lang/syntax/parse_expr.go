package syntax

// The precedence levels of binary operators, loosest first. Unary + - ~
// bind tighter than all of them and ** tighter still; parseFactor handles
// those.
const (
	precOr = iota + 1
	precAnd
	precNot
	precCmp
	precBitOr
	precBitXor
	precBitAnd
	precShift
	precArith
	precTerm
)

var binaryPrec = [maxToken]int8{
	OR:         precOr,
	AND:        precAnd,
	LT:         precCmp,
	GT:         precCmp,
	LE:         precCmp,
	GE:         precCmp,
	EQL:        precCmp,
	NEQ:        precCmp,
	IN:         precCmp,
	NOT:        precCmp, // not in
	IS:         precCmp,
	PIPE:       precBitOr,
	CIRCUMFLEX: precBitXor,
	AMP:        precBitAnd,
	LTLT:       precShift,
	GTGT:       precShift,
	PLUS:       precArith,
	MINUS:      precArith,
	STAR:       precTerm,
	SLASH:      precTerm,
	SLASHSLASH: precTerm,
	PERCENT:    precTerm,
	AT:         precTerm,
}

// parseStarExprsOrYield parses a yield expression or star expressions: the
// value of an expression statement or an assignment.
func (p *parser) parseStarExprsOrYield() Expr {
	if p.tok.Tok == YIELD {
		return p.parseYield()
	}
	return p.parseStarExprs()
}

// parseStarExprs parses expressions, possibly starred, separated by commas.
// With a comma, they make a tuple without parentheses.
func (p *parser) parseStarExprs() Expr { return p.parseExprList(false) }

// parseTargetList parses the targets of a for loop or comprehension, which
// stop before 'in': operands, possibly starred, separated by commas.
func (p *parser) parseTargetList() Expr { return p.parseExprList(true) }

func (p *parser) parseExprList(targets bool) Expr {
	x := p.parseListElem(targets)
	if p.tok.Tok != COMMA {
		return x
	}
	elems := []Expr{x}
	for p.tok.Tok == COMMA {
		p.next()
		if !startsExpr(p.tok.Tok) {
			break // a trailing comma
		}
		elems = append(elems, p.parseListElem(targets))
	}
	return &Tuple{Elems: elems}
}

// parseStarExpr parses an expression or *x.
func (p *parser) parseStarExpr() Expr { return p.parseListElem(false) }

// parseTargetElem parses an operand or *x, a target.
func (p *parser) parseTargetElem() Expr { return p.parseListElem(true) }

// parseListElem parses *x, or an expression or, for a target, an operand.
func (p *parser) parseListElem(target bool) Expr {
	switch {
	case p.tok.Tok == STAR:
		pos := p.tok.Pos
		p.next()
		return &Starred{Star: pos, X: p.parseBinary(precBitOr)}
	case target:
		return p.parseBinary(precBitOr)
	}
	return p.parseTest()
}

// parseNamedTest parses an expression where Python would accept x := y,
// and explains a '=' after it.
func (p *parser) parseNamedTest() Expr {
	x := p.parseTest()
	if p.tok.Tok == EQ {
		p.misusedEquals(x)
	}
	return x
}

// parseTest parses an expression: a lambda, a conditional expression or
// anything tighter.
func (p *parser) parseTest() Expr {
	if p.tok.Tok == LAMBDA {
		return p.parseLambda()
	}
	x := p.parseBinary(precOr)
	if p.tok.Tok != IF {
		return x
	}
	ifPos := p.tok.Pos
	p.next()
	test := p.parseBinary(precOr)
	switch p.tok.Tok {
	case ELSE:
	case COLON:
		p.unexpected()
	default:
		start, _ := x.Span()
		_, end := test.Span()
		p.errorAt(start, end, "expected 'else' after 'if' expression")
	}
	p.enter()
	p.next()
	orelse := p.parseTest()
	p.leave()
	return &IfExpr{Body: x, IfPos: ifPos, Test: test, Orelse: orelse}
}

func (p *parser) parseLambda() Expr {
	p.enter()
	defer p.leave()
	pos := p.tok.Pos
	p.next()
	params := p.parseParams(COLON)
	p.expect(COLON)
	return &Lambda{LambdaPos: pos, Params: params, Body: p.parseTest()}
}

// parseBinary parses an expression whose binary operators bind at least as
// tightly as prec, by precedence climbing: operators of one level associate
// to the left.
func (p *parser) parseBinary(prec int) Expr {
	var x Expr
	if prec <= precNot && p.tok.Tok == NOT {
		p.enter()
		pos := p.tok.Pos
		p.next()
		x = &Unary{OpPos: pos, Op: NOT, X: p.parseBinary(precNot)}
		p.leave()
	} else {
		x = p.parseFactor()
	}
	for {
		opPrec := int(binaryPrec[p.tok.Tok])
		if opPrec < prec || opPrec == 0 {
			return x
		}
		if opPrec == precCmp {
			x = p.parseComparison(x)
			continue
		}
		op, pos := p.tok.Tok, p.tok.Pos
		p.next()
		y := p.parseBinary(opPrec + 1)
		x = &Binary{X: x, OpPos: pos, Op: op, Y: y}
	}
}

// parseComparison parses the chain of comparisons after x.
func (p *parser) parseComparison(x Expr) Expr {
	cmp := &Compare{X: x}
	for {
		op, pos := p.tok.Tok, p.tok.Pos
		switch op {
		case LT, GT, LE, GE, EQL, NEQ, IN:
			p.next()
		case IS:
			p.next()
			if p.tok.Tok == NOT {
				p.next()
				op = IS_NOT
			}
		case NOT:
			p.next()
			if p.tok.Tok != IN {
				p.unexpected()
			}
			p.next()
			op = NOT_IN
		default:
			return cmp
		}
		cmp.Ops = append(cmp.Ops, &CompareOp{OpPos: pos, Op: op, Y: p.parseBinary(precBitOr)})
	}
}

// parseFactor parses a unary expression or a power: -x binds looser than
// x**y on its right, so -2**2 is -(2**2), and ** associates to the right.
func (p *parser) parseFactor() Expr {
	switch op := p.tok.Tok; op {
	case PLUS, MINUS, TILDE:
		p.enter()
		pos := p.tok.Pos
		p.next()
		x := p.parseFactor()
		p.leave()
		return &Unary{OpPos: pos, Op: op, X: x}
	}
	x := p.parsePrimary()
	if p.tok.Tok != STARSTAR {
		return x
	}
	p.enter()
	pos := p.tok.Pos
	p.next()
	y := p.parseFactor()
	p.leave()
	return &Binary{X: x, OpPos: pos, Op: STARSTAR, Y: y}
}

// parsePrimary parses an atom and the calls, attributes and subscripts
// after it.
func (p *parser) parsePrimary() Expr {
	x := p.parseAtom()
	for {
		switch p.tok.Tok {
		case DOT:
			dot := p.tok.Pos
			p.next()
			x = &Attr{X: x, Dot: dot, Name: p.parseIdent()}
		case LPAREN:
			lparen := p.tok.Pos
			p.next()
			args, rparen := p.parseCallArgs(true)
			x = &Call{Fn: x, Lparen: lparen, Args: args, Rparen: rparen}
		case LBRACK:
			lbrack := p.tok.Pos
			p.next()
			index := p.parseSubscript()
			x = &Index{X: x, Lbrack: lbrack, Index: index, Rbrack: p.expectClose(RBRACK, index)}
		default:
			return x
		}
	}
}

func (p *parser) parseAtom() Expr {
	t := p.tok
	switch t.Tok {
	case IDENT:
		p.next()
		return &Ident{NamePos: t.Pos, Name: t.Raw}
	case INT:
		p.next()
		return &Literal{Kind: IntLit, ValuePos: t.Pos, EndPos: t.End, Raw: t.Raw, Value: t.Value}
	case FLOAT:
		p.next()
		return &Literal{Kind: FloatLit, ValuePos: t.Pos, EndPos: t.End, Raw: t.Raw, Value: t.Value}
	case STRING, FSTRING:
		return p.parseStrings()
	case NONE, TRUE, FALSE, ELLIPSIS:
		p.next()
		return &Const{Kind: constKind(t.Tok), Pos: t.Pos, EndPos: t.End}
	case LPAREN:
		return p.parseParen()
	case LBRACK:
		return p.parseList()
	case LBRACE:
		return p.parseBrace()
	}
	p.unexpected()
	panic("unreachable")
}

func constKind(t Token) ConstKind {
	switch t {
	case TRUE:
		return ConstTrue
	case FALSE:
		return ConstFalse
	case ELLIPSIS:
		return ConstEllipsis
	}
	return ConstNone
}

// parseStrings parses adjacent string literals, which make one Literal, or
// one FString if any of them is an f-string.
func (p *parser) parseStrings() Expr {
	first := p.tok
	if first.Tok == STRING {
		p.next()
		if p.tok.Tok != STRING && p.tok.Tok != FSTRING {
			return &Literal{Kind: StringLit, ValuePos: first.Pos, EndPos: first.End, Raw: first.Raw, Value: first.Value}
		}
	}
	var b fstringParts
	isF := false
	if first.Tok == STRING {
		b.text = append(b.text, first.Value.(string)...)
	}
	for p.tok.Tok == STRING || p.tok.Tok == FSTRING {
		if p.tok.Tok == STRING {
			b.text = append(b.text, p.tok.Value.(string)...)
		} else {
			isF = true
			p.parseFString(p.tok, &b)
		}
		p.next()
	}
	if !isF {
		return &Literal{Kind: StringLit, ValuePos: first.Pos, EndPos: p.prevEnd, Raw: first.Raw, Value: string(b.text)}
	}
	b.flush()
	return &FString{StartPos: first.Pos, EndPos: p.prevEnd, Parts: b.parts}
}

// parseParen parses what starts with '(': a parenthesized expression, a
// tuple, a generator expression or a parenthesized yield.
func (p *parser) parseParen() Expr {
	lparen := p.tok.Pos
	p.next()
	switch p.tok.Tok {
	case RPAREN:
		end := p.tok.End
		p.next()
		return &Tuple{Lparen: lparen, Rparen: end}
	case YIELD:
		y := p.parseYield()
		p.expectClose(RPAREN, y)
		return &ParenExpr{Lparen: lparen, X: y, Rparen: p.prevEnd}
	}
	x := p.parseStarExpr()
	switch p.tok.Tok {
	case FOR:
		return p.parseComprehension(GeneratorExp, lparen, nil, x, RPAREN)
	case RPAREN:
		if _, ok := x.(*Starred); ok {
			p.errorNode(x, "cannot use starred expression here")
		}
		p.next()
		return &ParenExpr{Lparen: lparen, X: x, Rparen: p.prevEnd}
	case COMMA:
		elems, rparen := p.parseElems(x, RPAREN)
		return &Tuple{Lparen: lparen, Elems: elems, Rparen: rparen}
	}
	p.junkAfter(x)
	panic("unreachable")
}

func (p *parser) parseList() Expr {
	lbrack := p.tok.Pos
	p.next()
	if p.tok.Tok == RBRACK {
		end := p.tok.End
		p.next()
		return &List{Lbrack: lbrack, Rbrack: end}
	}
	x := p.parseStarExpr()
	if p.tok.Tok == FOR {
		return p.parseComprehension(ListComp, lbrack, nil, x, RBRACK)
	}
	elems, rbrack := p.parseElems(x, RBRACK)
	return &List{Lbrack: lbrack, Elems: elems, Rbrack: rbrack}
}

// parseBrace parses a dict or set display or comprehension.
func (p *parser) parseBrace() Expr {
	lbrace := p.tok.Pos
	p.next()
	switch p.tok.Tok {
	case RBRACE:
		end := p.tok.End
		p.next()
		return &Dict{Lbrace: lbrace, Rbrace: end}
	case STARSTAR:
		item := p.parseDictItem()
		if p.tok.Tok == FOR {
			// Only a whole comprehension is reported as one.
			forTok := p.tok
			if p.explore(func() { p.parseClauses(); p.expectClose(RBRACE, nil) }) != nil {
				p.reject(forTok, false)
			}
			p.errorNode(item, "dict unpacking cannot be used in dict comprehension")
		}
		return p.parseDictItems(lbrace, item)
	}
	x := p.parseStarExpr()
	if _, starred := x.(*Starred); !starred && p.tok.Tok == COLON {
		value := p.parseDictValue()
		if p.tok.Tok == FOR {
			return p.parseComprehension(DictComp, lbrace, x, value, RBRACE)
		}
		return p.parseDictItems(lbrace, &DictItem{Key: x, Value: value})
	}
	if p.tok.Tok == FOR {
		return p.parseComprehension(SetComp, lbrace, nil, x, RBRACE)
	}
	elems, rbrace := p.parseElems(x, RBRACE)
	return &Set{Lbrace: lbrace, Elems: elems, Rbrace: rbrace}
}

// parseDictItems parses the rest of a dict display after its first item.
func (p *parser) parseDictItems(lbrace Position, first *DictItem) Expr {
	d := &Dict{Lbrace: lbrace, Items: []*DictItem{first}}
	for p.tok.Tok == COMMA {
		p.next()
		if p.tok.Tok == RBRACE {
			break
		}
		d.Items = append(d.Items, p.parseDictItem())
	}
	// CPython suggests no comma after **mapping.
	var last Expr
	if item := d.Items[len(d.Items)-1]; item.Key != nil {
		last = item.Value
	}
	d.Rbrace = p.expectClose(RBRACE, last)
	return d
}

// parseDictItem parses key: value or **mapping.
func (p *parser) parseDictItem() *DictItem {
	if p.tok.Tok == STARSTAR {
		pos := p.tok.Pos
		p.next()
		return &DictItem{StarPos: pos, Value: p.parseBinary(precBitOr)}
	}
	key := p.parseTest()
	if p.tok.Tok != COLON {
		p.errorNode(key, "':' expected after dictionary key")
	}
	return &DictItem{Key: key, Value: p.parseDictValue()}
}

// parseDictValue parses the ':' after a key and the value after it.
func (p *parser) parseDictValue() Expr {
	colon := p.tok
	p.next()
	switch p.tok.Tok {
	case STAR:
		p.errorNode(p.parseStarExpr(), "cannot use a starred expression in a dictionary value")
	case COMMA, RBRACE:
		p.errorAt(colon.Pos, colon.End, "expression expected after dictionary key and ':'")
	}
	return p.parseTest()
}

// parseElems parses the rest of a display whose first element is x, up to
// and including the closing bracket, and returns the elements and the
// position just past the bracket.
func (p *parser) parseElems(x Expr, closer Token) ([]Expr, Position) {
	elems := []Expr{x}
	for p.tok.Tok == COMMA {
		p.next()
		if p.tok.Tok == closer || p.tok.Tok == FOR {
			break
		}
		elems = append(elems, p.parseStarExpr())
	}
	if p.tok.Tok == FOR && closer != RPAREN {
		// [x, y for ...], once the clauses parse, means [(x, y) for ...].
		start, _ := x.Span()
		end := p.prevEnd
		p.parseClauses()
		p.errorAt(start, end, "did you forget parentheses around the comprehension target?")
	}
	return elems, p.expectClose(closer, elems[len(elems)-1])
}

// parseComprehension parses the for and if clauses of a comprehension whose
// element (body, and key for a dict) has been parsed, and its closing
// bracket, if it has one (closer is ILLEGAL for a bare generator argument).
func (p *parser) parseComprehension(kind ComprehensionKind, lbrack Position, key, body Expr, closer Token) *Comprehension {
	c := &Comprehension{Kind: kind, Lbrack: lbrack, Key: key, Body: body}
	var last Expr
	c.Clauses, last = p.parseClauses()
	if _, ok := body.(*Starred); ok {
		p.errorNode(body, "iterable unpacking cannot be used in comprehension")
	}
	if closer == ILLEGAL {
		_, c.Rbrack = last.Span()
	} else {
		c.Rbrack = p.expectClose(closer, nil)
	}
	return c
}

// parseClauses parses the for and if clauses of a comprehension, and
// returns them and the expression that ends the last.
func (p *parser) parseClauses() ([]Node, Expr) {
	var clauses []Node
	var last Expr
	for p.tok.Tok == FOR || p.tok.Tok == IF {
		pos := p.tok.Pos
		if p.tok.Tok == FOR {
			p.next()
			f := &ForClause{For: pos, Vars: p.parseTargetList()}
			p.checkTarget(f.Vars, false)
			if p.tok.Tok != IN {
				// What comes before the junk is the last target.
				target := f.Vars
				if t, ok := target.(*Tuple); ok && !t.Lparen.IsValid() {
					target = t.Elems[len(t.Elems)-1]
				}
				p.junkAfter(target)
			}
			f.In = p.expect(IN)
			f.X = p.parseBinary(precOr)
			clauses = append(clauses, f)
			last = f.X
		} else {
			p.next()
			cond := p.parseBinary(precOr)
			clauses = append(clauses, &IfClause{If: pos, Cond: cond})
			last = cond
		}
	}
	return clauses, last
}

// parseCallArgs parses the arguments of a call or the bases of a class,
// after the '(' and up to and including the ')', and checks their order as
// CPython does. It returns the arguments and the position just past ')'.
// Only a call (genexp) may take a bare generator expression.
func (p *parser) parseCallArgs(genexp bool) ([]*Arg, Position) {
	var args []*Arg
	var last Expr
	var keywords map[string]bool
	seenKeyword, seenKwUnpack := false, false
	for p.tok.Tok != RPAREN {
		a := &Arg{Pos: p.tok.Pos}
		switch p.tok.Tok {
		case STAR, STARSTAR:
			a.Star = 1
			if p.tok.Tok == STARSTAR {
				a.Star = 2
			}
			p.next()
			a.Value = p.parseTest()
			if p.tok.Tok == EQ {
				p.unexpected()
			}
			if a.Star == 1 && seenKwUnpack {
				p.errorNode(a, "iterable argument unpacking follows keyword argument unpacking")
			}
			seenKwUnpack = seenKwUnpack || a.Star == 2
		default:
			x := p.parseTest()
			switch p.tok.Tok {
			case EQ:
				a.Name = p.keywordName(x)
				eq := p.tok
				p.next()
				a.Value = p.parseTest()
				if p.tok.Tok == FOR {
					p.errorAt(a.Pos, eq.End, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
				}
				if keywords[a.Name.Name] {
					p.lateError(a, "keyword argument repeated: %s", a.Name.Name)
				}
				if keywords == nil {
					keywords = make(map[string]bool)
				}
				keywords[a.Name.Name] = true
				seenKeyword = true
			case FOR:
				if !genexp {
					p.unexpected()
				}
				start, _ := x.Span()
				a.Value = p.parseComprehension(GeneratorExp, start, nil, x, ILLEGAL)
				if len(args) > 0 || p.tok.Tok == COMMA {
					p.errorNode(a.Value, "Generator expression must be parenthesized")
				}
			default:
				a.Value = x
			}
			if a.Name == nil {
				switch {
				case seenKwUnpack:
					p.errorNode(a, "positional argument follows keyword argument unpacking")
				case seenKeyword:
					p.errorNode(a, "positional argument follows keyword argument")
				}
			}
		}
		args = append(args, a)
		last = a.Value
		if p.tok.Tok != COMMA {
			break
		}
		p.next()
	}
	return args, p.expectClose(RPAREN, last)
}

// keywordName returns the name of a keyword argument, x in x=value.
func (p *parser) keywordName(x Expr) *Ident {
	start, _ := x.Span()
	switch x := x.(type) {
	case *Ident:
		return x
	case *Const:
		if x.Kind != ConstEllipsis {
			p.errorAt(start, p.tok.End, "cannot assign to %s", exprName(x))
		}
	}
	p.errorAt(start, p.tok.End, `expression cannot contain assignment, perhaps you meant "=="?`)
	panic("unreachable")
}

// parseSubscript parses what is between the brackets of x[...]: an index,
// a slice, or several of them, which make a tuple.
func (p *parser) parseSubscript() Expr {
	x := p.parseSliceItem()
	if p.tok.Tok != COMMA {
		return x
	}
	elems := []Expr{x}
	for p.tok.Tok == COMMA {
		p.next()
		if p.tok.Tok == RBRACK {
			break
		}
		elems = append(elems, p.parseSliceItem())
	}
	return &Tuple{Elems: elems}
}

// parseSliceItem parses lo:hi:step, an expression or *x.
func (p *parser) parseSliceItem() Expr {
	if p.tok.Tok == STAR {
		return p.parseStarExpr()
	}
	start := p.tok.Pos
	var lo Expr
	if p.tok.Tok != COLON {
		lo = p.parseTest()
		if p.tok.Tok != COLON {
			return lo
		}
	}
	s := &Slice{StartPos: start, Lo: lo, EndPos: p.tok.End}
	p.next()
	if !endsSlicePart(p.tok.Tok) {
		s.Hi = p.parseTest()
		_, s.EndPos = s.Hi.Span()
	}
	if p.tok.Tok == COLON {
		s.EndPos = p.tok.End
		p.next()
		if !endsSlicePart(p.tok.Tok) {
			s.Step = p.parseTest()
			_, s.EndPos = s.Step.Span()
		}
	}
	return s
}

func endsSlicePart(t Token) bool { return t == COLON || t == COMMA || t == RBRACK }

// parseYield parses "yield", "yield value(s)" or "yield from value".
func (p *parser) parseYield() *Yield {
	y := &Yield{YieldPos: p.tok.Pos, EndPos: p.tok.End}
	p.next()
	switch {
	case p.tok.Tok == FROM:
		y.From = true
		p.next()
		y.Value = p.parseTest()
	case startsExpr(p.tok.Tok):
		y.Value = p.parseStarExprs()
		p.checkValue(y.Value)
	default:
		return y
	}
	_, y.EndPos = y.Value.Span()
	return y
}

// expectClose checks for the closing bracket of a display, call or
// subscript whose last element is last, moves past it and returns the
// position just past it.
func (p *parser) expectClose(closer Token, last Expr) Position {
	if p.tok.Tok != closer {
		p.junkAfter(last)
	}
	end := p.tok.End
	p.next()
	return end
}

// junkAfter reports the current token, which follows x inside brackets
// where only a comma or the closing bracket may. Like CPython, it suggests
// what was meant where that is clear. x is nil where CPython suggests
// nothing (after **mapping, or the disjunctions of a comprehension).
func (p *parser) junkAfter(x Expr) {
	bad := p.tok
	switch {
	case x == nil:
	case bad.Tok == EQ:
		p.misusedEquals(x)
	case startsOperand(bad.Tok):
		// The operand before the comma is what ends x: the body of a lambda,
		// the else branch of a conditional, what a star unpacks.
		for {
			if l, ok := x.(*Lambda); ok {
				x = l.Body
			} else if c, ok := x.(*IfExpr); ok {
				x = c.Orelse
			} else if s, ok := x.(*Starred); ok {
				x = s.X
			} else {
				break
			}
		}
		// The operand after it is the longest that parses: as CPython
		// backtracks, it may be just a primary.
		st := p.save()
		var y Expr
		if err := p.explore(func() { y = p.parseTest() }); err != nil {
			p.raiseSpecific(err)
			p.restore(st)
			if p.explore(func() { y = p.parsePrimary() }) != nil {
				p.reject(bad, false)
			}
		}
		// CPython makes no suggestion for a name before a string (a prefix
		// misspelt?) or after a soft keyword, which may start a statement.
		if !(isIdent(x) && (bad.Tok == STRING || bad.Tok == FSTRING)) && !startsWithSoftKeyword(x) {
			start, _ := x.Span()
			_, end := y.Span()
			p.errorAt(start, end, "invalid syntax. Perhaps you forgot a comma?")
		}
		p.reject(bad, false)
	}
	p.unexpected()
}

// startsWithSoftKeyword reports whether x starts with one of Python's soft
// keywords, match, case and _, which are names elsewhere.
func startsWithSoftKeyword(x Expr) bool {
	for {
		switch e := x.(type) {
		case *Ident:
			return e.Name == "_" || e.Name == "match" || e.Name == "case"
		case *Binary:
			x = e.X
		case *Compare:
			x = e.X
		case *IfExpr:
			x = e.Body
		case *Call:
			x = e.Fn
		case *Attr:
			x = e.X
		case *Index:
			x = e.X
		default:
			return false
		}
	}
}

// misusedEquals reports the '=' (the current token) after x, in a place
// where x cannot be assigned to: most likely a comparison was meant.
func (p *parser) misusedEquals(x Expr) {
	eq := p.tok
	if readsAsOperand(x) && p.comparisonFollows() {
		if isIdent(x) {
			start, _ := x.Span()
			p.errorAt(start, p.prevEnd, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?")
		}
		p.errorNode(x, "cannot assign to %s here. Maybe you meant '==' instead of '='?", exprName(x))
	}
	p.reject(eq, false)
}

func isIdent(x Expr) bool {
	_, ok := x.(*Ident)
	return ok
}
