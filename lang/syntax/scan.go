package syntax

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the scanner, from CPython's tokenizer.
const (
	maxIndent   = 100 // levels of indentation (MAXINDENT)
	maxBrackets = 200 // nested open brackets (MAXLEVEL)
	tabSize     = 8   // a tab advances indentation to the next multiple of 8
)

// A Lexeme is one token of the input: its kind, where it starts and ends, its
// source text and, for literals and magics, its value.
//
// Value is an int64 or *big.Int for INT, a float64 for FLOAT, the decoded
// string for STRING, a *LineMagic for LINEMAGIC and a *CellMagic for
// CELLMAGIC; it is nil otherwise. An FSTRING keeps only its source text: the
// parser decodes it, since its fields are expressions.
type Lexeme struct {
	Tok   Token
	Pos   Position // the first character
	End   Position // just past the last character
	Raw   string   // the source text; "" for NEWLINE, INDENT, OUTDENT and EOF
	Value any
}

// Tokenize scans a whole file or cell into tokens, the last of which is EOF.
// On a syntax error it returns the tokens before the error and the error, a
// *Error.
func Tokenize(filename, src string) (toks []Lexeme, err error) {
	file := &filename
	src, e := prepare(file, src)
	if e != nil {
		return nil, e
	}
	defer catch(&err)
	var s scanner
	s.init(file, src, MakePosition(file, 1, 1), false)
	for {
		var t Lexeme
		s.next(&t)
		toks = append(toks, t)
		if t.Tok == EOF {
			return toks, nil
		}
	}
}

// A bailout carries a syntax error from where it is found, deep in the
// scanner or parser, up to Parse or Tokenize, which recover it. Errors are
// final (there is no recovery to report a second one), so unwinding the
// stack at once keeps every parsing function free of error plumbing.
type bailout struct{ err *Error }

// catch turns a bailout into the error result of the function that defers it.
// Any other panic is a bug and goes on.
func catch(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}

// fail raises a syntax error.
func fail(kind string, pos, end Position, incomplete bool, format string, args ...any) {
	panic(bailout{&Error{Pos: pos, End: end, Msg: fmt.Sprintf(format, args...), Kind: kind, Incomplete: incomplete}})
}

// prepare normalizes src as Python reads a source file: a leading UTF-8
// byte order mark is dropped and \r\n and \r become \n. It rejects what
// cannot be source text at all, invalid UTF-8 and NUL bytes, so that the
// scanner may take both for granted.
func prepare(file *string, src string) (string, *Error) {
	src = strings.TrimPrefix(src, "\ufeff")
	if strings.IndexByte(src, '\r') >= 0 {
		src = strings.ReplaceAll(src, "\r\n", "\n")
		src = strings.ReplaceAll(src, "\r", "\n")
	}
	if utf8.ValidString(src) && strings.IndexByte(src, 0) < 0 {
		return src, nil
	}
	bad := 0
	for {
		r, n := utf8.DecodeRuneInString(src[bad:])
		if r == 0 || r == utf8.RuneError && n == 1 {
			break
		}
		bad += n
	}
	msg := "source code cannot contain null bytes"
	if src[bad] != 0 {
		msg = fmt.Sprintf("invalid UTF-8 byte %#02x", src[bad])
	}
	lineStart := strings.LastIndexByte(src[:bad], '\n') + 1
	line := int32(strings.Count(src[:lineStart], "\n")) + 1
	pos := MakePosition(file, line, int32(utf8.RuneCountInString(src[lineStart:bad]))+1)
	end := pos
	end.Col++
	return "", &Error{Pos: pos, End: end, Msg: msg, Kind: "SyntaxError"}
}

// A scanner turns source text into tokens, one per call of next. It keeps
// the state that Python's lexical rules need: the stack of indentation
// widths, the open brackets (inside which lines do not end), and whether a
// token starts a logical line (where a line magic may be).
type scanner struct {
	file *string
	src  string
	off  int   // byte offset of the next character
	line int32 // line of src[off]
	col  int32 // column of src[off], in runes

	// exprMode scans one expression without lines or indentation, as if
	// inside brackets: ParseExpr's input and the fields of f-strings.
	exprMode bool

	indents     []int     // widths of the open indentation levels; indents[0] == 0
	altIndents  []int     // the same widths with tabs counted as one column
	dedents     int       // OUTDENTs still owed
	atLineStart bool      // the next character starts a physical line whose indentation counts
	lineStart   bool      // no token yet on this logical line: a line magic may come, and no NEWLINE is owed
	brackets    []bracket // the open brackets, innermost last
	cellMagic   int       // offset of a leading %%name line, or -1
	atEOF       bool      // the scanner has reached the end of the input
	comment     Position  // the start of a comment just skipped, which a NEWLINE takes as its position

	// failed is set when the scanner raises an error, and lexical when that
	// error is one that CPython's tokenizer raises as an exception, which
	// takes the place of a parser error found before it (see
	// parser.scanRest). Errors of indentation and line continuation are not.
	failed, lexical bool
}

// A bracket is an open (, [ or {.
type bracket struct {
	ch  byte
	pos Position
}

// init prepares s to scan src, whose first character is at pos.
func (s *scanner) init(file *string, src string, pos Position, exprMode bool) {
	*s = scanner{
		file:        file,
		src:         src,
		line:        pos.Line,
		col:         pos.Col,
		exprMode:    exprMode,
		indents:     []int{0},
		altIndents:  []int{0},
		atLineStart: !exprMode,
		lineStart:   true,
		cellMagic:   -1,
	}
	if !exprMode {
		s.cellMagic = cellMagicOffset(src)
	}
}

func (s *scanner) pos() Position { return Position{File: s.file, Line: s.line, Col: s.col} }

// nested reports whether line ends are insignificant here.
func (s *scanner) nested() bool { return len(s.brackets) > 0 || s.exprMode }

// peek returns the byte i bytes ahead, or 0 past the end (NUL bytes were
// rejected by prepare, so 0 means the end).
func (s *scanner) peek(i int) byte {
	if s.off+i < len(s.src) {
		return s.src[s.off+i]
	}
	return 0
}

// advance moves past one character.
func (s *scanner) advance() {
	c := s.src[s.off]
	switch {
	case c == '\n':
		s.off++
		s.line++
		s.col = 1
	case c < utf8.RuneSelf:
		s.off++
		s.col++
	default:
		_, n := utf8.DecodeRuneInString(s.src[s.off:])
		s.off += n
		s.col++
	}
}

// skipTo moves forward to offset off.
func (s *scanner) skipTo(off int) {
	for s.off < off {
		s.advance()
	}
}

// raise raises an error found by the scanner.
func (s *scanner) raise(lexical bool, kind string, pos, end Position, incomplete bool, format string, args ...any) {
	s.failed, s.lexical = true, lexical
	fail(kind, pos, end, incomplete, format, args...)
}

// errorf raises a lexical SyntaxError spanning from pos to the current
// position.
func (s *scanner) errorf(pos Position, format string, args ...any) {
	s.raise(true, "SyntaxError", pos, s.pos(), false, format, args...)
}

// charError raises a SyntaxError about the character at the current position.
func (s *scanner) charError(format string, args ...any) {
	pos := s.pos()
	if s.off < len(s.src) && s.src[s.off] != '\n' {
		s.advance()
	}
	s.errorf(pos, format, args...)
}

// next scans the next token into t.
func (s *scanner) next(t *Lexeme) {
	*t = Lexeme{}
	switch {
	case s.dedents > 0:
		s.dedents--
		s.emptyToken(t, OUTDENT)
		return
	case s.cellMagic >= 0:
		s.scanCellMagic(t)
		return
	case s.atLineStart:
		s.atLineStart = false
		if s.indentation(t) {
			return
		}
	}
	s.skipSpace()
	if s.off == len(s.src) {
		s.scanEOF(t)
		return
	}
	if s.src[s.off] == '\n' {
		// The end of a logical line (blank lines were skipped with the
		// indentation). Like CPython's, the token starts at the comment that
		// ends the line, if any.
		t.Tok = NEWLINE
		t.Pos = s.pos()
		if s.comment.IsValid() {
			t.Pos = s.comment
		}
		t.End = s.pos()
		t.End.Col++
		s.advance()
		s.atLineStart = true
		s.lineStart = true
		return
	}

	first := s.lineStart
	s.lineStart = false
	start := s.off
	t.Pos = s.pos()
	c := s.src[s.off]
	switch {
	case c == '_' || isASCIILetter(c):
		s.scanIdent(t, start)
	case isDigit(c) || c == '.' && isDigit(s.peek(1)):
		s.scanNumber(t, start)
	case c == '"' || c == '\'':
		s.scanString(t, start, "")
	case c >= utf8.RuneSelf:
		r, _ := utf8.DecodeRuneInString(s.src[s.off:])
		if !isIdentStart(r) {
			s.invalidChar(r)
		}
		s.scanIdent(t, start)
	case c < ' ' || c == 0x7f:
		s.invalidChar(rune(c))
	case c == '%' && first && !s.nested() && isMagicNameStart(s.src[s.off+1:]):
		s.scanLineMagic(t, start)
		return
	default:
		s.scanOperator(t)
	}
	t.End = s.pos()
	t.Raw = s.src[start:s.off]
}

// emptyToken makes t a zero-width token at the current position.
func (s *scanner) emptyToken(t *Lexeme, tok Token) {
	t.Tok = tok
	t.Pos = s.pos()
	t.End = t.Pos
}

// indentation measures the indentation of the next line that is not blank,
// skipping blank and comment-only lines, and emits the INDENT or the first
// of the OUTDENTs it calls for, reporting whether it emitted one.
//
// Like CPython 3.11, it measures through backslash continuations: the
// column of the first backslash is the indentation, unless it is 0, and a
// continued line that turns out blank is blank as a whole.
func (s *scanner) indentation(t *Lexeme) bool {
	for {
		// alt measures tabs as one column: where comparing the two
		// measures disagrees, the meaning depends on the tab size, which
		// Python refuses as a TabError.
		width, alt, contWidth := 0, 0, 0
	measure:
		for s.off < len(s.src) {
			switch s.src[s.off] {
			case ' ':
				width++
				alt++
			case '\t':
				width = (width/tabSize + 1) * tabSize
				alt++
			case '\f':
				width, alt = 0, 0
			case '\\':
				if contWidth == 0 {
					contWidth = width
				}
				s.continuation()
				continue
			default:
				break measure
			}
			s.off++
			s.col++
		}
		if s.off < len(s.src) && s.src[s.off] == '#' {
			s.skipComment()
		}
		if s.off == len(s.src) {
			return false
		}
		if s.src[s.off] == '\n' {
			s.advance()
			continue
		}
		if contWidth > 0 {
			width = contWidth
		}

		top, altTop := s.indents[len(s.indents)-1], s.altIndents[len(s.altIndents)-1]
		switch {
		case width == top:
			if alt != altTop {
				s.tabError()
			}
		case width > top:
			if alt <= altTop {
				s.tabError()
			}
			if len(s.indents) > maxIndent {
				s.indentError("too many levels of indentation")
			}
			s.indents = append(s.indents, width)
			s.altIndents = append(s.altIndents, alt)
			s.emptyToken(t, INDENT)
			return true
		default:
			n := 0
			for width < s.indents[len(s.indents)-1] {
				s.indents = s.indents[:len(s.indents)-1]
				s.altIndents = s.altIndents[:len(s.altIndents)-1]
				n++
			}
			if width != s.indents[len(s.indents)-1] {
				// CPython points just past the end of the line.
				pos := s.pos()
				rest := s.src[s.off:]
				if i := strings.IndexByte(rest, '\n'); i >= 0 {
					rest = rest[:i]
				}
				pos.Col += int32(utf8.RuneCountInString(rest))
				s.raise(false, "IndentationError", pos, pos, false, "unindent does not match any outer indentation level")
			}
			if alt != s.altIndents[len(s.altIndents)-1] {
				s.tabError()
			}
			s.dedents = n - 1
			s.emptyToken(t, OUTDENT)
			return true
		}
		return false
	}
}

func (s *scanner) tabError() {
	pos := s.pos()
	pos.Col = 1 // CPython blames the whole line
	s.raise(false, "TabError", pos, pos, false, "inconsistent use of tabs and spaces in indentation")
}

func (s *scanner) indentError(msg string) {
	pos := s.pos()
	s.raise(false, "IndentationError", pos, pos, false, "%s", msg)
}

// skipComment moves to the end of the line (not past the newline).
func (s *scanner) skipComment() {
	n := strings.IndexByte(s.src[s.off:], '\n')
	if n < 0 {
		n = len(s.src) - s.off
	}
	s.col += int32(utf8.RuneCountInString(s.src[s.off : s.off+n]))
	s.off += n
}

// skipSpace skips spaces, comments and backslash continuations, and line
// ends where they do not count.
func (s *scanner) skipSpace() {
	s.comment = Position{}
	for s.off < len(s.src) {
		switch s.src[s.off] {
		case ' ', '\t', '\f':
			s.off++
			s.col++
		case '#':
			s.comment = s.pos()
			s.skipComment()
		case '\n':
			if !s.nested() {
				return
			}
			s.comment = Position{}
			s.advance()
		case '\\':
			s.continuation()
		default:
			return
		}
	}
}

// continuation moves past a backslash that continues a line, and the line
// end after it. A backslash at the end of the input leaves it incomplete,
// unless brackets are open: then the end of input reports the bracket.
func (s *scanner) continuation() {
	s.advance()
	pos := s.pos()
	switch s.peek(0) {
	case '\n':
		s.advance()
	case 0:
	default:
		end := pos
		end.Col++
		s.raise(false, "SyntaxError", pos, end, false, "unexpected character after line continuation character")
	}
	if s.off == len(s.src) && !s.nested() {
		s.raise(false, "SyntaxError", pos, pos, true, "unexpected EOF while parsing")
	}
}

// unexpectedEOF reports input that ends where a line was continued.
func (s *scanner) unexpectedEOF() {
	pos := s.pos()
	s.raise(false, "SyntaxError", pos, pos, true, "unexpected EOF while parsing")
}

// scanEOF emits what the end of input calls for: the NEWLINE of an
// unfinished last line, an OUTDENT for each open indentation level, and EOF.
func (s *scanner) scanEOF(t *Lexeme) {
	s.atEOF = true
	if n := len(s.brackets); n > 0 {
		b := s.brackets[n-1]
		end := b.pos
		end.Col++
		s.raise(false, "SyntaxError", b.pos, end, true, "'%c' was never closed", b.ch)
	}
	switch {
	case !s.lineStart && !s.exprMode:
		s.lineStart = true
		s.emptyToken(t, NEWLINE)
	case len(s.indents) > 1:
		s.indents = s.indents[:len(s.indents)-1]
		s.emptyToken(t, OUTDENT)
	default:
		s.emptyToken(t, EOF)
	}
}

// invalidChar reports a character that cannot start a token.
func (s *scanner) invalidChar(r rune) {
	if unicode.IsPrint(r) {
		s.charError("invalid character '%c' (U+%04X)", r, r)
	}
	s.charError("invalid non-printable character U+%04X", r)
}

func (s *scanner) scanIdent(t *Lexeme, start int) {
	for s.off < len(s.src) {
		c := s.src[s.off]
		if c < utf8.RuneSelf {
			if c != '_' && !isASCIILetter(c) && !isDigit(c) {
				break
			}
			s.off++
		} else {
			r, n := utf8.DecodeRuneInString(s.src[s.off:])
			if !isIdentContinue(r) {
				break
			}
			s.off += n
		}
		s.col++
	}
	word := s.src[start:s.off]
	if c := s.peek(0); (c == '"' || c == '\'') && isStringPrefix(word) {
		s.scanString(t, start, word)
		return
	}
	if tok, ok := Keywords[word]; ok {
		t.Tok = tok
	} else {
		t.Tok = IDENT
	}
}

// isStringPrefix reports whether word may prefix a string literal.
func isStringPrefix(word string) bool {
	switch strings.ToLower(word) {
	case "r", "u", "f", "b", "rf", "fr", "rb", "br":
		return true
	}
	return false
}

// scanString scans a string literal whose prefix (r, f, ...) starts at start
// and whose opening quote is at the current position.
func (s *scanner) scanString(t *Lexeme, start int, prefix string) {
	raw := strings.ContainsAny(prefix, "rR")
	fstr := strings.ContainsAny(prefix, "fF")
	q := s.src[s.off]
	triple := s.peek(1) == q && s.peek(2) == q
	quotes := 1
	if triple {
		quotes = 3
	}
	for range quotes {
		s.advance()
	}
	body := s.off
	var buf []byte // the decoded value, once an escape makes it differ from the source
	escaped := false
	chunk := s.off // start of the text not yet copied to buf
	continued := false
	for {
		if s.off == len(s.src) {
			s.unterminated(t.Pos, triple, continued)
		}
		c := s.src[s.off]
		switch {
		case c == q && (!triple || s.peek(1) == q && s.peek(2) == q):
			value := s.src[body:s.off]
			if escaped {
				value = string(append(buf, s.src[chunk:s.off]...))
			}
			for range quotes {
				s.advance()
			}
			switch {
			case strings.ContainsAny(prefix, "bB"):
				s.errorf(t.Pos, "bytes literals are not supported")
			case fstr:
				t.Tok = FSTRING
			default:
				t.Tok = STRING
				t.Value = value
			}
			return
		case c == '\n' && !triple:
			s.unterminated(t.Pos, false, false)
		case c == '\\':
			continued = s.peek(1) == '\n' || s.peek(1) == 0
			if raw || fstr {
				// The f-string's parser decodes its escapes; here they only
				// matter because \" does not end the string.
				s.advance()
				if s.off < len(s.src) {
					s.advance()
				}
				continue
			}
			escaped = true
			buf = append(buf, s.src[chunk:s.off]...)
			pos := s.pos()
			var n int
			var msg string
			buf, n, msg = unescape(buf, s.src[s.off:], s.off-body)
			s.skipTo(s.off + n)
			if msg != "" {
				// CPython finds it decoding the string, after the tokens.
				s.raise(false, "SyntaxError", pos, s.pos(), false, "%s", msg)
			}
			chunk = s.off
		default:
			continued = false
			s.advance()
		}
	}
}

// unterminated reports a string literal that starts at pos and is not closed
// by the end of its line (or of the input, for a triple-quoted one). Input
// that ends inside a triple-quoted string, or just after a backslash that
// continues a string, is incomplete.
func (s *scanner) unterminated(pos Position, triple, continued bool) {
	line := s.line
	if s.off == len(s.src) && s.col == 1 && line > pos.Line {
		line-- // the input ends with the newline of the line that was being read
	}
	if triple {
		s.raise(true, "SyntaxError", pos, s.pos(), true, "unterminated triple-quoted string literal (detected at line %d)", line)
	}
	end := pos
	end.Col++ // CPython marks only the opening quote
	s.raise(true, "SyntaxError", pos, end, continued && s.off == len(s.src), "unterminated string literal (detected at line %d)", line)
}

// unescape decodes the escape sequence at the start of s (s[0] == '\\') and
// appends its value to buf. It returns buf, the number of bytes of s that the
// sequence takes and, if it is malformed, an error message. at is the offset
// of the sequence in the string's body, which CPython's messages mention.
// An unknown escape is not an error: as in Python, it stands for itself, so
// only the backslash is taken.
func unescape(buf []byte, s string, at int) ([]byte, int, string) {
	if len(s) < 2 {
		return append(buf, '\\'), 1, ""
	}
	switch c := s[1]; c {
	case '\n':
		return buf, 2, ""
	case '\\', '\'', '"':
		return append(buf, c), 2, ""
	case 'a':
		return append(buf, '\a'), 2, ""
	case 'b':
		return append(buf, '\b'), 2, ""
	case 'f':
		return append(buf, '\f'), 2, ""
	case 'n':
		return append(buf, '\n'), 2, ""
	case 'r':
		return append(buf, '\r'), 2, ""
	case 't':
		return append(buf, '\t'), 2, ""
	case 'v':
		return append(buf, '\v'), 2, ""
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, n := rune(0), 1
		for ; n < 4 && n < len(s) && '0' <= s[n] && s[n] <= '7'; n++ {
			v = v*8 + rune(s[n]-'0')
		}
		return utf8.AppendRune(buf, v), n, ""
	case 'x', 'u', 'U':
		digits, form := 2, `\xXX`
		switch c {
		case 'u':
			digits, form = 4, `\uXXXX`
		case 'U':
			digits, form = 8, `\UXXXXXXXX`
		}
		v, n := rune(0), 2
		for ; n < 2+digits && n < len(s) && isHexDigit(s[n]); n++ {
			v = v*16 + rune(hexValue(s[n]))
		}
		if n < 2+digits {
			return buf, n, fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: truncated %s escape", at, at+n-1, form)
		}
		if v > unicode.MaxRune {
			return buf, n, fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: illegal Unicode character", at, at+n-1)
		}
		// A lone surrogate, which Python keeps, cannot be held by a Go
		// string: AppendRune writes U+FFFD for it.
		return utf8.AppendRune(buf, v), n, ""
	case 'N':
		if len(s) > 2 && s[2] == '{' {
			if i := strings.IndexAny(s, "}\n"); i > 3 && s[i] == '}' {
				if r, ok := runeNamed(s[3:i]); ok {
					return utf8.AppendRune(buf, r), i + 1, ""
				}
				return buf, i + 1, fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: unknown Unicode character name", at, at+i)
			}
		}
		return buf, 2, fmt.Sprintf("(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: malformed \\N character escape", at, at+1)
	}
	return append(buf, '\\'), 1, ""
}

func hexValue(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// scanNumber scans an integer or floating-point literal, following the rules
// (and the error messages) of CPython's tokenizer.
func (s *scanner) scanNumber(t *Lexeme, start int) {
	if s.src[s.off] == '0' {
		switch s.peek(1) {
		case 'x', 'X':
			s.scanBasedInt(t, start, 16, "hexadecimal")
			return
		case 'o', 'O':
			s.scanBasedInt(t, start, 8, "octal")
			return
		case 'b', 'B':
			s.scanBasedInt(t, start, 2, "binary")
			return
		}
	}

	isFloat := false
	if s.src[s.off] == '0' {
		// Zeros alone are an integer; other digits after a leading zero make
		// an old-style octal literal, which only a fraction or exponent saves.
		for {
			if s.peek(0) == '_' {
				s.advanceDigit()
				if !isDigit(s.peek(0)) {
					s.numberError(t.Pos, "invalid decimal literal")
				}
			}
			if s.peek(0) != '0' {
				break
			}
			s.advanceDigit()
		}
		zerosEnd := s.pos()
		nonzero := isDigit(s.peek(0))
		if nonzero {
			s.decimalTail(t.Pos)
		}
		if c := s.peek(0); nonzero && c != '.' && c != 'e' && c != 'E' && c != 'j' && c != 'J' {
			s.raise(true, "SyntaxError", t.Pos, zerosEnd, false, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
		}
	} else if s.src[s.off] != '.' {
		s.decimalTail(t.Pos)
	}
	if s.peek(0) == '.' {
		isFloat = true
		s.advanceDigit()
		if isDigit(s.peek(0)) {
			s.decimalTail(t.Pos)
		}
	}
	if c := s.peek(0); c == 'e' || c == 'E' {
		// An exponent needs digits. Without them the 'e' may start a
		// keyword, as in "1else", which CPython accepts.
		mark := *s
		s.advanceDigit()
		if c := s.peek(0); c == '+' || c == '-' {
			s.advanceDigit()
			if !isDigit(s.peek(0)) {
				s.numberError(t.Pos, "invalid decimal literal")
			}
		}
		if isDigit(s.peek(0)) {
			isFloat = true
			s.decimalTail(t.Pos)
		} else {
			*s = mark
		}
	}
	if c := s.peek(0); c == 'j' || c == 'J' {
		s.advanceDigit()
		s.verifyEnd(t.Pos, "imaginary")
		s.errorf(t.Pos, "complex literals are not supported")
	}
	s.verifyEnd(t.Pos, "decimal")

	text := s.src[start:s.off]
	if strings.IndexByte(text, '_') >= 0 {
		text = strings.ReplaceAll(text, "_", "")
	}
	if isFloat {
		// A float out of range is ±Inf or 0, as in Python, so the error of
		// ParseFloat, which can only be a range error, is ignored.
		f, _ := strconv.ParseFloat(text, 64)
		t.Tok, t.Value = FLOAT, f
		return
	}
	t.Tok, t.Value = INT, intValue(text, 10)
}

// advanceDigit moves past an ASCII character of a number.
func (s *scanner) advanceDigit() {
	s.off++
	s.col++
}

// decimalTail scans digits with single underscores between them, for the
// number that starts at start.
func (s *scanner) decimalTail(start Position) {
	for {
		for isDigit(s.peek(0)) {
			s.advanceDigit()
		}
		if s.peek(0) != '_' {
			return
		}
		s.advanceDigit()
		if !isDigit(s.peek(0)) {
			s.numberError(start, "invalid decimal literal")
		}
	}
}

// numberError reports an invalid number that starts at start, underlining
// it up to and including the offending character.
func (s *scanner) numberError(start Position, format string, args ...any) {
	if s.off < len(s.src) && s.src[s.off] != '\n' {
		s.advance()
	}
	s.errorf(start, format, args...)
}

// scanBasedInt scans a hexadecimal, octal or binary integer.
func (s *scanner) scanBasedInt(t *Lexeme, start, base int, kind string) {
	s.advanceDigit()
	s.advanceDigit()
	for {
		if s.peek(0) == '_' {
			s.advanceDigit()
		}
		if !isDigitIn(s.peek(0), base) {
			if c := s.peek(0); isDigit(c) {
				s.numberError(t.Pos, "invalid digit '%c' in %s literal", c, kind)
			}
			s.numberError(t.Pos, "invalid %s literal", kind)
		}
		for isDigitIn(s.peek(0), base) {
			s.advanceDigit()
		}
		if s.peek(0) != '_' {
			break
		}
	}
	if c := s.peek(0); isDigit(c) {
		s.numberError(t.Pos, "invalid digit '%c' in %s literal", c, kind)
	}
	s.verifyEnd(t.Pos, kind)
	text := strings.ReplaceAll(s.src[start+2:s.off], "_", "")
	t.Tok, t.Value = INT, intValue(text, base)
}

// intValue returns the value of digits in base: an int64 if it fits, else a
// *big.Int.
func intValue(digits string, base int) any {
	if v, err := strconv.ParseInt(digits, base, 64); err == nil {
		return v
	}
	v, _ := new(big.Int).SetString(digits, base)
	return v
}

// verifyEnd checks what follows a number: a letter or digit there makes the
// literal invalid, unless it starts one of the keywords that may follow a
// number in valid code ("1if x else 2"), which CPython still accepts. As in
// CPython, "if", "in" and "is" are taken for keywords whatever follows them.
func (s *scanner) verifyEnd(start Position, kind string) {
	rest := s.src[s.off:]
	for _, kw := range [...]string{"if", "in", "is"} {
		if strings.HasPrefix(rest, kw) {
			return
		}
	}
	for _, kw := range [...]string{"and", "else", "for", "not", "or"} {
		if strings.HasPrefix(rest, kw) && !isNameByte(s.peek(len(kw))) {
			return
		}
	}
	if isNameByte(s.peek(0)) {
		s.numberError(start, "invalid %s literal", kind)
	}
}

// isNameByte reports whether c may be part of a name, as CPython's
// tokenizer decides after a number: any byte of a non-ASCII character may.
func isNameByte(c byte) bool {
	return c == '_' || isASCIILetter(c) || isDigit(c) || c >= utf8.RuneSelf
}

// scanOperator scans punctuation, maintaining the stack of open brackets.
func (s *scanner) scanOperator(t *Lexeme) {
	c := s.src[s.off]
	pos := s.pos()
	s.advance()
	// with1 picks tok2 if the next character is c2, taking it, else tok1.
	with1 := func(tok1 Token, c2 byte, tok2 Token) Token {
		if s.peek(0) == c2 {
			s.advance()
			return tok2
		}
		return tok1
	}
	switch c {
	case '(', '[', '{':
		if len(s.brackets) >= maxBrackets {
			s.errorf(pos, "too many nested parentheses")
		}
		s.brackets = append(s.brackets, bracket{c, pos})
		t.Tok = [...]Token{LPAREN, LBRACK, LBRACE}[strings.IndexByte("([{", c)]
	case ')', ']', '}':
		n := len(s.brackets)
		if n == 0 {
			s.errorf(pos, "unmatched '%c'", c)
		}
		open := s.brackets[n-1]
		if want := ")]}"[strings.IndexByte("([{", open.ch)]; c != want {
			if open.pos.Line != pos.Line {
				s.errorf(pos, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, open.ch, open.pos.Line)
			}
			s.errorf(pos, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open.ch)
		}
		s.brackets = s.brackets[:n-1]
		t.Tok = [...]Token{RPAREN, RBRACK, RBRACE}[strings.IndexByte(")]}", c)]
	case ',':
		t.Tok = COMMA
	case ';':
		t.Tok = SEMI
	case '~':
		t.Tok = TILDE
	case ':':
		t.Tok = with1(COLON, '=', WALRUS)
	case '.':
		if s.peek(0) == '.' && s.peek(1) == '.' {
			s.advance()
			s.advance()
			t.Tok = ELLIPSIS
		} else {
			t.Tok = DOT
		}
	case '+':
		t.Tok = with1(PLUS, '=', PLUS_EQ)
	case '-':
		if t.Tok = with1(MINUS, '=', MINUS_EQ); t.Tok == MINUS {
			t.Tok = with1(MINUS, '>', ARROW)
		}
	case '*':
		if t.Tok = with1(STAR, '*', STARSTAR); t.Tok == STARSTAR {
			t.Tok = with1(STARSTAR, '=', STARSTAR_EQ)
		} else {
			t.Tok = with1(STAR, '=', STAR_EQ)
		}
	case '/':
		if t.Tok = with1(SLASH, '/', SLASHSLASH); t.Tok == SLASHSLASH {
			t.Tok = with1(SLASHSLASH, '=', SLASHSLASH_EQ)
		} else {
			t.Tok = with1(SLASH, '=', SLASH_EQ)
		}
	case '%':
		t.Tok = with1(PERCENT, '=', PERCENT_EQ)
	case '@':
		t.Tok = with1(AT, '=', AT_EQ)
	case '&':
		t.Tok = with1(AMP, '=', AMP_EQ)
	case '|':
		t.Tok = with1(PIPE, '=', PIPE_EQ)
	case '^':
		t.Tok = with1(CIRCUMFLEX, '=', CIRCUMFLEX_EQ)
	case '<':
		if t.Tok = with1(LT, '<', LTLT); t.Tok == LTLT {
			t.Tok = with1(LTLT, '=', LTLT_EQ)
		} else {
			t.Tok = with1(LT, '=', LE)
		}
	case '>':
		if t.Tok = with1(GT, '>', GTGT); t.Tok == GTGT {
			t.Tok = with1(GTGT, '=', GTGT_EQ)
		} else {
			t.Tok = with1(GT, '=', GE)
		}
	case '=':
		t.Tok = with1(EQ, '=', EQL)
	case '!':
		t.Tok = with1(ILLEGAL, '=', NEQ)
	case '?':
		t.Tok = QUESTION
		if s.peek(0) == '?' {
			s.advance()
		}
	default:
		// '$' and '`' are tokens that no rule accepts: CPython's parser, not
		// its tokenizer, rejects them.
		t.Tok = ILLEGAL
	}
}

// isMagicNameStart reports whether s starts with a character of a magic's name.
func isMagicNameStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return len(s) > 0 && isIdentContinue(r)
}

// scanMagicName scans the name of a magic after its '%' or "%%".
func (s *scanner) scanMagicName() string {
	start := s.off
	for s.off < len(s.src) {
		r, n := utf8.DecodeRuneInString(s.src[s.off:])
		if !isIdentContinue(r) {
			break
		}
		s.off += n
		s.col++
	}
	return s.src[start:s.off]
}

// scanLineMagic scans "%name args" to the end of the logical line. As in
// IPython, a line that ends with a backslash continues on the next one: the
// backslash is dropped and the lines are joined with a space.
func (s *scanner) scanLineMagic(t *Lexeme, start int) {
	m := &LineMagic{Percent: t.Pos}
	s.advance()
	m.Name = s.scanMagicName()
	var args strings.Builder
	for {
		lineOff := s.off
		eol := strings.IndexByte(s.src[lineOff:], '\n')
		if eol < 0 {
			eol = len(s.src) - lineOff
		}
		text := s.src[lineOff : lineOff+eol]
		trimmed := strings.TrimRight(text, " \t\f")
		continued := strings.HasSuffix(trimmed, `\`)
		if continued {
			text = trimmed[:len(trimmed)-1]
		}
		if i := strings.IndexFunc(text, isNotSpace); i >= 0 && !m.ArgsPos.IsValid() {
			s.skipTo(lineOff + i)
			m.ArgsPos = s.pos()
		}
		args.WriteString(text)
		s.skipTo(lineOff + eol)
		if !continued {
			break
		}
		if s.off+1 >= len(s.src) {
			s.unexpectedEOF()
		}
		args.WriteByte(' ')
		s.advance()
	}
	m.EndPos = s.pos()
	if !m.ArgsPos.IsValid() {
		m.ArgsPos = m.EndPos
	}
	m.Args = strings.TrimSpace(args.String())
	t.Tok = LINEMAGIC
	t.End = m.EndPos
	t.Raw = s.src[start:s.off]
	t.Value = m
}

// cellMagicOffset returns the offset of the "%%name" that starts the first
// line of src that is not blank, or -1 if that line is not a cell magic.
func cellMagicOffset(src string) int {
	off := 0
	for {
		i := off
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f') {
			i++
		}
		if i == len(src) || src[i] != '\n' {
			break
		}
		off = i + 1
	}
	if strings.HasPrefix(src[off:], "%%") && isMagicNameStart(src[off+2:]) {
		return off
	}
	return -1
}

// scanCellMagic scans a whole cell whose first line is "%%name args". The
// lines after the first are the magic's body, verbatim.
func (s *scanner) scanCellMagic(t *Lexeme) {
	s.skipTo(s.cellMagic)
	s.cellMagic = -1
	start := s.off
	m := &CellMagic{Percent: s.pos()}
	s.advance()
	s.advance()
	m.Name = s.scanMagicName()
	eol := strings.IndexByte(s.src[s.off:], '\n')
	if eol < 0 {
		eol = len(s.src) - s.off
	}
	m.Args = strings.TrimSpace(s.src[s.off : s.off+eol])
	s.skipTo(s.off + eol)
	if s.off < len(s.src) {
		s.advance()
	}
	m.BodyPos = s.pos()
	m.Body = s.src[s.off:]
	s.skipTo(len(s.src))
	m.EndPos = s.pos()
	*t = Lexeme{Tok: CELLMAGIC, Pos: m.Percent, End: m.EndPos, Raw: s.src[start:], Value: m}
}

func isNotSpace(r rune) bool { return !unicode.IsSpace(r) }

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool       { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isDigitIn reports whether c is a digit in base 2, 8 or 16.
func isDigitIn(c byte, base int) bool {
	if base == 16 {
		return isHexDigit(c)
	}
	return '0' <= c && int(c-'0') < base
}

// isIdentStart and isIdentContinue approximate Python's XID_Start and
// XID_Continue with the Unicode tables that Go provides.
func isIdentStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.In(r, unicode.Nl, unicode.Other_ID_Start)
}

func isIdentContinue(r rune) bool {
	return isIdentStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
