package interp

import (
	"fmt"
	"strings"

	"msrepl/lang/compile"
	"msrepl/lang/syntax"
)

// An ErrorReport is an exception as a user sees it: the class name, the
// message, and the traceback lines Python would print.
type ErrorReport struct {
	Name    string // the exception's class, e.g. "ZeroDivisionError"
	Message string // str(exception)
	// Traceback holds the lines of the formatted report, the last one being
	// "Name: message".
	Traceback []string
	Exception *Exception
}

// Text returns the report as one block of text, with a final newline.
func (r *ErrorReport) Text() string { return strings.Join(r.Traceback, "\n") + "\n" }

// sourceLine returns line n (1-based) of src.
func sourceLine(src string, n int32) (string, bool) {
	if n < 1 {
		return "", false
	}
	for i := int32(1); i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return src, true
}

// underlined returns the source line (without its indentation) and a line
// that underlines columns [col, endCol) of it: ^ under the first
// character, ~ under the rest. A span that runs past the line is
// underlined to the end of the line.
func underlined(line string, col, endCol int32, multiline bool) (text, marks string) {
	rs := []rune(strings.TrimRight(line, " \t\r"))
	indent := 0
	for indent < len(rs) && (rs[indent] == ' ' || rs[indent] == '\t') {
		indent++
	}
	start := int(col) - 1
	end := int(endCol) - 1
	if multiline || end > len(rs) {
		end = len(rs)
	}
	if start < indent {
		start = indent
	}
	if start > len(rs) {
		start = len(rs)
	}
	if end <= start {
		end = start + 1
	}
	text = string(rs[indent:])
	marks = strings.Repeat(" ", start-indent) + "^" + strings.Repeat("~", end-start-1)
	return text, marks
}

// frameLines formats one traceback entry.
func frameLines(e TraceEntry) []string {
	code := e.Code
	var span compile.Span
	switch {
	case e.At != nil:
		span = *e.At
	case e.PC >= 0 && e.PC < len(code.Spans):
		span = code.Spans[e.PC]
	default:
		pos := code.Position(e.PC)
		return []string{fmt.Sprintf("  File \"%s\", line %d, in %s", pos.Filename(), pos.Line, code.Name)}
	}
	lines := []string{fmt.Sprintf("  File \"%s\", line %d, in %s", code.Pos.Filename(), span.Line, code.Name)}
	if src, ok := sourceLine(code.Prog.Src, span.Line); ok && strings.TrimSpace(src) != "" {
		text, marks := underlined(src, span.Col, span.EndCol, span.EndLine != span.Line)
		lines = append(lines, "    "+text, "    "+marks)
	}
	return lines
}

// tracebackLines formats the entries outermost first. As in CPython, a run
// of more than three identical entries (deep recursion) is cut to three and
// a note of how many more there were.
func tracebackLines(tb []TraceEntry) []string {
	var lines []string
	same := func(a, b TraceEntry) bool {
		return a.Code == b.Code && a.line() == b.line()
	}
	repeats := 0
	flush := func() {
		if repeats > 3 {
			n := repeats - 3
			lines = append(lines, fmt.Sprintf("  [Previous line repeated %d more time%s]", n, plural(n)))
		}
	}
	for i := len(tb) - 1; i >= 0; i-- {
		if i < len(tb)-1 && same(tb[i], tb[i+1]) {
			repeats++
			if repeats > 3 {
				continue
			}
		} else {
			flush()
			repeats = 1
		}
		lines = append(lines, frameLines(tb[i])...)
	}
	flush()
	return lines
}

// exceptionName is the class name a traceback shows: qualified with its
// module only for classes of other modules, as CPython does.
func exceptionName(c *Class) string {
	if c.Module == "builtins" || c.Module == "__main__" || c.Module == "" {
		return c.QualName
	}
	return c.Module + "." + c.QualName
}

// report formats an exception and the exceptions chained to it.
func (th *Thread) report(e *Exception) *ErrorReport {
	msg, err := th.Str(e)
	if err != nil {
		msg = fmt.Sprintf("<exception str() failed: %s>", err)
	}
	r := &ErrorReport{Name: e.class.Name, Message: msg, Exception: e}
	seen := map[*Exception]bool{}
	r.Traceback = th.formatChain(e, seen)
	return r
}

func (th *Thread) formatChain(e *Exception, seen map[*Exception]bool) []string {
	seen[e] = true
	var lines []string
	switch {
	case e.Cause != nil && !seen[e.Cause]:
		lines = append(th.formatChain(e.Cause, seen), "", "The above exception was the direct cause of the following exception:", "")
	case e.Context != nil && !e.SuppressContext && !seen[e.Context]:
		lines = append(th.formatChain(e.Context, seen), "", "During handling of the above exception, another exception occurred:", "")
	}
	return append(lines, th.formatOne(e)...)
}

func (th *Thread) formatOne(e *Exception) []string {
	var lines []string
	if len(e.Traceback) > 0 {
		lines = append(lines, "Traceback (most recent call last):")
		lines = append(lines, tracebackLines(e.Traceback)...)
	}
	if e.class.IsSubclass(SyntaxErrorClass) {
		lines = append(lines, syntaxErrorLines(e)...)
	}
	msg, err := th.Str(e)
	if err != nil {
		msg = "<exception str() failed>"
	}
	if e.class.IsSubclass(SyntaxErrorClass) {
		if m, ok := e.dict.GetStr("msg"); ok {
			msg = strNoThread(th, m)
		}
	}
	last := exceptionName(e.class)
	if msg != "" {
		last += ": " + msg
	}
	if s := th.suggestionFor(e); s != "" {
		last += ". Did you mean: '" + s + "'?"
	}
	return append(lines, strings.Split(last, "\n")...)
}

// suggestionFor finds the "Did you mean" name for a NameError (among the
// failing frame's locals, then the globals and builtins) or an
// AttributeError (among the object's attributes), as CPython's traceback
// printer does.
func (th *Thread) suggestionFor(e *Exception) string {
	name, ok := e.dict.GetStr("name")
	if !ok {
		return ""
	}
	n, ok := name.(Str)
	if !ok {
		return ""
	}
	switch {
	case e.class.IsSubclass(NameErrorClass):
		if len(e.Traceback) > 0 {
			fc := e.Traceback[0].Code
			if s := suggest(string(n), append(append([]string(nil), fc.Locals...), fc.FreeVars...)); s != "" {
				return s
			}
		}
		if th.session != nil {
			return suggest(string(n), append(th.session.globals.Names(), th.session.builtins.Keys()...))
		}
	case e.class.IsSubclass(AttributeErrorClass):
		if obj, ok := e.dict.GetStr("obj"); ok {
			return suggest(string(n), th.attrNames(obj))
		}
	}
	return ""
}

// syntaxErrorLines formats the location of a SyntaxError: file and line,
// the source line, and the offending text underlined.
func syntaxErrorLines(e *Exception) []string {
	get := func(name string) Value {
		v, _ := e.dict.GetStr(name)
		return v
	}
	file, _ := get("filename").(Str)
	line, _ := get("lineno").(Int)
	if line == 0 {
		return nil
	}
	lines := []string{fmt.Sprintf("  File \"%s\", line %d", file, line)}
	text, _ := get("text").(Str)
	col, _ := get("offset").(Int)
	endCol, _ := get("end_offset").(Int)
	endLine, _ := get("end_lineno").(Int)
	if strings.TrimSpace(string(text)) == "" || col == 0 {
		return lines
	}
	if endCol == 0 || endLine != line {
		endCol = col + 1
	}
	t, marks := underlined(string(text), int32(col), int32(endCol), false)
	return append(lines, "    "+t, "    "+marks)
}

// syntaxError converts a parse or compile error into a SyntaxError (or
// IndentationError) exception carrying its position.
func syntaxError(err *syntax.Error, src string) *Exception {
	cls := SyntaxErrorClass
	switch err.Kind {
	case "IndentationError":
		cls = IndentationErrorClass
	case "TabError":
		cls = TabErrorClass
	}
	e := NewException(cls, Str(err.Msg))
	d := e.instanceDict()
	d.SetStr("msg", Str(err.Msg))
	d.SetStr("filename", Str(err.Pos.Filename()))
	d.SetStr("lineno", MakeInt(int64(err.Pos.Line)))
	d.SetStr("offset", MakeInt(int64(err.Pos.Col)))
	end := err.End
	if !end.IsValid() {
		end = err.Pos
		end.Col++
	}
	d.SetStr("end_lineno", MakeInt(int64(end.Line)))
	d.SetStr("end_offset", MakeInt(int64(end.Col)))
	text, _ := sourceLine(src, err.Pos.Line)
	d.SetStr("text", Str(text))
	return e
}

// line is the line of the entry's place.
func (e TraceEntry) line() int32 {
	if e.At != nil {
		return e.At.Line
	}
	return e.Code.Position(e.PC).Line
}
