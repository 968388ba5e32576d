package syntax

import "strings"

// F-strings follow Python 3.11: the scanner finds where an f-string ends as
// for any string, and the parser splits its body into literal text and
// replacement fields. A field's expression cannot contain a backslash, a
// comment or the f-string's own quote; it is parsed by a parser of its own,
// whose scanner starts at the field's line and column, so that its nodes
// have their true positions in the source.

// fstringParts accumulates the parts of an f-string, or of adjacent string
// literals of which one at least is an f-string.
type fstringParts struct {
	parts []FStringPart
	text  []byte // literal text not yet made a part
}

// flush makes the pending literal text a part.
func (b *fstringParts) flush() {
	if len(b.text) > 0 {
		b.parts = append(b.parts, FStringPart{Text: string(b.text)})
		b.text = b.text[:0]
	}
}

// An fstringParser splits the body of one f-string token.
type fstringParser struct {
	p   *parser
	c   scanner // a cursor over the body: only its position and advance are used
	raw bool
}

// parseFString appends the parts of the f-string token t to b.
func (p *parser) parseFString(t Lexeme, b *fstringParts) {
	quote := strings.IndexAny(t.Raw, `'"`)
	n := 1
	if q := t.Raw[quote]; len(t.Raw)-quote >= 6 && t.Raw[quote+1] == q && t.Raw[quote+2] == q {
		n = 3
	}
	f := fstringParser{p: p, raw: strings.ContainsAny(t.Raw[:quote], "rR")}
	f.c = scanner{file: t.Pos.File, src: t.Raw[quote+n : len(t.Raw)-n], line: t.Pos.Line, col: t.Pos.Col + int32(quote+n)}
	f.parse(0, b)
}

func (f *fstringParser) errorf(pos Position, format string, args ...any) {
	fail("SyntaxError", pos, f.c.pos(), false, format, args...)
}

// errorHere reports a problem with the character at the cursor.
func (f *fstringParser) errorHere(format string, args ...any) {
	f.c.charError(format, args...)
}

// parse splits literal text and fields up to the end of the body or, in a
// format spec (level 1), up to the '}' that ends the spec. Braces are
// doubled to stand for themselves only at level 0, as in CPython, so that
// the "}}" of f'{x:{w}}' closes the spec's field and then the field.
func (f *fstringParser) parse(level int, b *fstringParts) {
	c := &f.c
	chunk := c.off // where the literal text since the last field starts
	for c.off < len(c.src) {
		switch ch := c.src[c.off]; {
		case ch == '\\' && !f.raw:
			pos := c.pos()
			var n int
			var msg string
			b.text, n, msg = unescape(b.text, c.src[c.off:], c.off-chunk)
			c.skipTo(c.off + n)
			if msg != "" {
				f.errorf(pos, "%s", msg)
			}
		case ch == '{' || ch == '}':
			if level == 0 && c.peek(1) == ch {
				b.text = append(b.text, ch)
				c.advance()
				c.advance()
				continue
			}
			if ch == '}' {
				if level == 0 {
					f.errorHere("f-string: single '}' is not allowed")
				}
				return
			}
			f.parseField(level, b)
			chunk = c.off
		default:
			start := c.off
			c.advance()
			b.text = append(b.text, c.src[start:c.off]...)
		}
	}
}

// parseField parses a replacement field {expr=!c:spec}, at the '{'.
func (f *fstringParser) parseField(level int, b *fstringParts) {
	c := &f.c
	if level >= 2 {
		f.errorHere("f-string: expressions nested too deeply")
	}
	open := c.pos()
	c.advance()
	exprOff, exprPos := c.off, c.pos()
	f.skipExpr()
	expr := c.src[exprOff:c.off]
	if trimASCIISpace(expr) == "" {
		ch := c.src[c.off]
		c.advance()
		if ch == '!' || ch == ':' || ch == '=' {
			f.errorf(open, "f-string: expression required before '%c'", ch)
		}
		f.errorf(open, "f-string: empty expression not allowed")
	}
	part := FStringPart{Expr: f.p.parseFieldExpr(expr, exprPos)}
	if c.src[c.off] == '=' {
		c.advance()
		for c.off < len(c.src) && trimASCIISpace(c.src[c.off:c.off+1]) == "" {
			c.advance()
		}
		part.Debug = c.src[exprOff:c.off]
	}
	if c.off < len(c.src) && c.src[c.off] == '!' {
		c.advance()
		if c.off == len(c.src) {
			f.errorHere("f-string: expecting '}'")
		}
		if conv := c.src[c.off]; conv == 's' || conv == 'r' || conv == 'a' {
			part.Conv = conv
			c.advance()
		} else {
			f.errorHere("f-string: invalid conversion character: expected 's', 'r', or 'a'")
		}
	}
	if c.off < len(c.src) && c.src[c.off] == ':' {
		c.advance()
		var spec fstringParts
		f.parse(level+1, &spec)
		spec.flush()
		part.Spec = spec.parts
		if part.Spec == nil {
			part.Spec = []FStringPart{}
		}
	}
	if c.off == len(c.src) || c.src[c.off] != '}' {
		f.errorHere("f-string: expecting '}'")
	}
	c.advance()
	if part.Debug != "" && part.Spec == nil && part.Conv == 0 {
		part.Conv = 'r'
	}
	b.flush()
	b.parts = append(b.parts, part)
}

// skipExpr moves the cursor over the expression of a field, to the '=',
// '!', ':' or '}' that ends it, as CPython 3.11 finds it: brackets and
// strings inside the expression are skipped whole, and '!=', '==', '<=' and
// '>=' are operators, not ends.
func (f *fstringParser) skipExpr() {
	c := &f.c
	var quote byte
	triple := false
	var open []byte
	for c.off < len(c.src) {
		ch := c.src[c.off]
		switch {
		case ch == '\\':
			f.errorHere("f-string expression part cannot include a backslash")
		case quote != 0:
			if ch == quote && (!triple || c.peek(1) == quote && c.peek(2) == quote) {
				if triple {
					c.advance()
					c.advance()
				}
				quote = 0
			}
		case ch == '\'' || ch == '"':
			quote = ch
			triple = c.peek(1) == ch && c.peek(2) == ch
			if triple {
				c.advance()
				c.advance()
			}
		case ch == '(' || ch == '[' || ch == '{':
			if len(open) >= maxBrackets {
				f.errorHere("f-string: too many nested parenthesis")
			}
			open = append(open, ch)
		case ch == '#':
			f.errorHere("f-string expression part cannot include '#'")
		case len(open) == 0 && strings.IndexByte("!:}=<>", ch) >= 0:
			if strings.IndexByte("!=<>", ch) >= 0 && c.peek(1) == '=' {
				c.advance()
			} else if ch != '<' && ch != '>' {
				return
			}
		case ch == ')' || ch == ']' || ch == '}':
			if len(open) == 0 {
				f.errorHere("f-string: unmatched '%c'", ch)
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			if want := ")]}"[strings.IndexByte("([{", o)]; ch != want {
				f.errorHere("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, o)
			}
		}
		c.advance()
	}
	switch {
	case quote != 0:
		f.errorHere("f-string: unterminated string")
	case len(open) > 0:
		f.errorHere("f-string: unmatched '%c'", open[len(open)-1])
	}
	f.errorHere("f-string: expecting '}'")
}

// parseFieldExpr parses the expression of an f-string's field, src, which
// starts at pos. Its syntax errors say that they are in an f-string (its
// tokens' errors do not, as in CPython, which finds them first), and never
// that the input is incomplete: the f-string is whole.
func (p *parser) parseFieldExpr(src string, pos Position) Expr {
	var sc scanner
	sc.init(pos.File, src, pos, true)
	for t := (Lexeme{}); t.Tok != EOF; {
		sc.next(&t)
	}
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(bailout); ok {
				b.err.Incomplete = false
				if !strings.HasPrefix(b.err.Msg, "f-string") {
					b.err.Msg = "f-string: " + b.err.Msg
				}
			}
			panic(r)
		}
	}()
	sub := &parser{depth: p.depth, late: p.late}
	sub.sc.init(pos.File, src, pos, true)
	sub.next()
	x := sub.parseStarExprsOrYield()
	if sub.tok.Tok != EOF {
		sub.junkAfter(x)
	}
	if _, ok := x.(*Starred); ok {
		sub.errorNode(x, "cannot use starred expression here")
	}
	p.late = sub.late
	return x
}

// trimASCIISpace trims the white space that Python's isspace accepts in
// bytes: what a field may hold around its expression.
func trimASCIISpace(s string) string {
	return strings.Trim(s, " \t\n\r\f\v")
}
