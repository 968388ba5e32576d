package syntax

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"
)

// dumpTokens writes tokens as "text@line:col", where text is the source
// text, or the kind for tokens without text, followed by the value of
// literals in parentheses.
func dumpTokens(toks []Lexeme) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch t.Tok {
		case NEWLINE:
			b.WriteString("NEWLINE")
		case INDENT:
			b.WriteString("INDENT")
		case OUTDENT:
			b.WriteString("OUTDENT")
		case EOF:
			b.WriteString("EOF")
		case LINEMAGIC:
			m := t.Value.(*LineMagic)
			fmt.Fprintf(&b, "%%%s(%q@%d:%d)", m.Name, m.Args, m.ArgsPos.Line, m.ArgsPos.Col)
		case CELLMAGIC:
			m := t.Value.(*CellMagic)
			fmt.Fprintf(&b, "%%%%%s(%q,%q@%d:%d)", m.Name, m.Args, m.Body, m.BodyPos.Line, m.BodyPos.Col)
		default:
			b.WriteString(t.Raw)
		}
		switch v := t.Value.(type) {
		case int64, *big.Int, float64:
			fmt.Fprintf(&b, "(%v)", v)
		case string:
			fmt.Fprintf(&b, "(%q)", v)
		}
		fmt.Fprintf(&b, "@%d:%d", t.Pos.Line, t.Pos.Col)
	}
	return b.String()
}

// checkTokenEnd checks that a token's End is just past its source text.
func checkTokenEnd(t *testing.T, tok Lexeme) {
	t.Helper()
	switch tok.Tok {
	case NEWLINE, INDENT, OUTDENT, EOF:
		return
	}
	want := tok.Pos
	if i := strings.LastIndexByte(tok.Raw, '\n'); i >= 0 {
		want.Line += int32(strings.Count(tok.Raw, "\n"))
		want.Col = 1 + int32(utf8.RuneCountInString(tok.Raw[i+1:]))
	} else {
		want.Col += int32(utf8.RuneCountInString(tok.Raw))
	}
	if tok.End != want {
		t.Errorf("token %q at %v ends at %v, want %v", tok.Raw, tok.Pos, tok.End, want)
	}
}

var scanTests = []struct {
	src, want string
}{
	// Lines, indentation, blank and comment lines.
	{"", "EOF@1:1"},
	{"\n\n  \n# c\n", "EOF@5:1"},
	{"x", "x@1:1 NEWLINE@1:2 EOF@1:2"},
	{"x # c\n", "x@1:1 NEWLINE@1:3 EOF@2:1"},
	{"if x:\n  y\n\n  # c\n     \n  z\nw\n",
		"if@1:1 x@1:4 :@1:5 NEWLINE@1:6 INDENT@2:3 y@2:3 NEWLINE@2:4 z@6:3 NEWLINE@6:4 OUTDENT@7:1 w@7:1 NEWLINE@7:2 EOF@8:1"},
	{"a:\n b:\n  c\nd", "a@1:1 :@1:2 NEWLINE@1:3 INDENT@2:2 b@2:2 :@2:3 NEWLINE@2:4 INDENT@3:3 c@3:3 NEWLINE@3:4 OUTDENT@4:1 OUTDENT@4:1 d@4:1 NEWLINE@4:2 EOF@4:2"},
	{"a:\n b:\n  c", "a@1:1 :@1:2 NEWLINE@1:3 INDENT@2:2 b@2:2 :@2:3 NEWLINE@2:4 INDENT@3:3 c@3:3 NEWLINE@3:4 OUTDENT@3:4 OUTDENT@3:4 EOF@3:4"},
	{"a\n\tb\n\tc", "a@1:1 NEWLINE@1:2 INDENT@2:2 b@2:2 NEWLINE@2:3 c@3:2 NEWLINE@3:3 OUTDENT@3:3 EOF@3:3"}, // a tab is one indentation level
	{"a\n  \tb", "a@1:1 NEWLINE@1:2 INDENT@2:4 b@2:4 NEWLINE@2:5 OUTDENT@2:5 EOF@2:5"},
	{"a\r\nb\rc", "a@1:1 NEWLINE@1:2 b@2:1 NEWLINE@2:2 c@3:1 NEWLINE@3:2 EOF@3:2"},
	{"\ufeffx", "x@1:1 NEWLINE@1:2 EOF@1:2"},
	// Implicit and explicit line joining.
	{"f(a,\n  b)\nc", "f@1:1 (@1:2 a@1:3 ,@1:4 b@2:3 )@2:4 NEWLINE@2:5 c@3:1 NEWLINE@3:2 EOF@3:2"},
	{"[\n\n# c\n]", "[@1:1 ]@4:1 NEWLINE@4:2 EOF@4:2"},
	{"x = 1 + \\\n    2\ny", "x@1:1 =@1:3 1(1)@1:5 +@1:7 2(2)@2:5 NEWLINE@2:6 y@3:1 NEWLINE@3:2 EOF@3:2"},
	{"if x:\n  a = \\\nb\n", "if@1:1 x@1:4 :@1:5 NEWLINE@1:6 INDENT@2:3 a@2:3 =@2:5 b@3:1 NEWLINE@3:2 OUTDENT@4:1 EOF@4:1"},
	{"\\\nx", "x@2:1 NEWLINE@2:2 EOF@2:2"},
	// Identifiers and keywords.
	{"_a1 élan 変数 if None", "_a1@1:1 élan@1:5 変数@1:10 if@1:13 None@1:16 NEWLINE@1:20 EOF@1:20"},
	{"async await", "async@1:1 await@1:7 NEWLINE@1:12 EOF@1:12"},
	// Numbers.
	{"0 00 0_0 7 1_000 0x1F 0o17 0b1_01 0X_f", "0(0)@1:1 00(0)@1:3 0_0(0)@1:6 7(7)@1:10 1_000(1000)@1:12 0x1F(31)@1:18 0o17(15)@1:23 0b1_01(5)@1:28 0X_f(15)@1:35 NEWLINE@1:39 EOF@1:39"},
	{"9223372036854775807 9223372036854775808 0xffffffffffffffffff",
		"9223372036854775807(9223372036854775807)@1:1 9223372036854775808(9223372036854775808)@1:21 0xffffffffffffffffff(4722366482869645213695)@1:41 NEWLINE@1:61 EOF@1:61"},
	{"1. .5 1.5 1e10 1E-3 1_000.5e-3 0123.5 01e2 1e400", "1.(1)@1:1 .5(0.5)@1:4 1.5(1.5)@1:7 1e10(1e+10)@1:11 1E-3(0.001)@1:16 1_000.5e-3(1.0005)@1:21 0123.5(123.5)@1:32 01e2(100)@1:39 1e400(+Inf)@1:44 NEWLINE@1:49 EOF@1:49"},
	{"1if x else 2", "1(1)@1:1 if@1:2 x@1:5 else@1:7 2(2)@1:12 NEWLINE@1:13 EOF@1:13"},
	{"1else", "1(1)@1:1 else@1:2 NEWLINE@1:6 EOF@1:6"},
	{"0xfor", "0xf(15)@1:1 or@1:4 NEWLINE@1:6 EOF@1:6"},
	{"x.y 1..real ...", "x@1:1 .@1:2 y@1:3 1.(1)@1:5 .@1:7 real@1:8 ...@1:13 NEWLINE@1:16 EOF@1:16"},
	// Strings.
	{`'a' "b" '''c''' """d""" ''`, `'a'("a")@1:1 "b"("b")@1:5 '''c'''("c")@1:9 """d"""("d")@1:17 ''("")@1:25 NEWLINE@1:27 EOF@1:27`},
	{`'\n\t\r\\\'\"\a\b\f\v\0\101\x41\u00e9\U0001F600'`, `'\n\t\r\\\'\"\a\b\f\v\0\101\x41\u00e9\U0001F600'("\n\t\r\\'\"\a\b\f\v\x00AAé😀")@1:1 NEWLINE@1:49 EOF@1:49`},
	{`'\d\{' '\777' '\1234'`, `'\d\{'("\\d\\{")@1:1 '\777'("ǿ")@1:8 '\1234'("S4")@1:15 NEWLINE@1:22 EOF@1:22`},
	{`r'\d\'' R"\n" rf'\{x}' Rb`, `r'\d\''("\\d\\'")@1:1 R"\n"("\\n")@1:9 rf'\{x}'@1:15 Rb@1:24 NEWLINE@1:26 EOF@1:26`},
	{"u'x' U'y' f'{x}' F'' fR'{1}'", "u'x'(\"x\")@1:1 U'y'(\"y\")@1:6 f'{x}'@1:11 F''@1:18 fR'{1}'@1:22 NEWLINE@1:29 EOF@1:29"},
	{"'a\\\nb' x", "'a\\\nb'(\"ab\")@1:1 x@2:4 NEWLINE@2:5 EOF@2:5"},
	{"'''a\nb''' x", "'''a\nb'''(\"a\\nb\")@1:1 x@2:6 NEWLINE@2:7 EOF@2:7"},
	{`'''a''b'''`, `'''a''b'''("a''b")@1:1 NEWLINE@1:11 EOF@1:11`},
	{"'é' x", `'é'("é")@1:1 x@1:5 NEWLINE@1:6 EOF@1:6`},
	// Operators.
	{"+ += - -= -> * *= ** **= / /= // //= % %= @ @=", "+@1:1 +=@1:3 -@1:6 -=@1:8 ->@1:11 *@1:14 *=@1:16 **@1:19 **=@1:22 /@1:26 /=@1:28 //@1:31 //=@1:34 %@1:38 %=@1:40 @@1:43 @=@1:45 NEWLINE@1:47 EOF@1:47"},
	{"& &= | |= ^ ^= ~ < <= << <<= > >= >> >>= = == != : := , ; ? ??", "&@1:1 &=@1:3 |@1:6 |=@1:8 ^@1:11 ^=@1:13 ~@1:16 <@1:18 <=@1:20 <<@1:23 <<=@1:26 >@1:30 >=@1:32 >>@1:35 >>=@1:38 =@1:42 ==@1:44 !=@1:47 :@1:50 :=@1:52 ,@1:55 ;@1:57 ?@1:59 ??@1:61 NEWLINE@1:63 EOF@1:63"},
	{"x?? ?y", "x@1:1 ??@1:2 ?@1:5 y@1:6 NEWLINE@1:7 EOF@1:7"},
	// Magics.
	{"%time x = 1", `%time("x = 1"@1:7)@1:1 NEWLINE@1:12 EOF@1:12`},
	{"%who", `%who(""@1:5)@1:1 NEWLINE@1:5 EOF@1:5`},
	{"%ir  f --pass P  # c  \nx", `%ir("f --pass P  # c"@1:6)@1:1 NEWLINE@1:23 x@2:1 NEWLINE@2:2 EOF@2:2`},
	{"%time a \\\n  b\\\nc", `%time("a    b c"@1:7)@1:1 NEWLINE@3:2 EOF@3:2`},
	{"if x:\n  %who\n", `if@1:1 x@1:4 :@1:5 NEWLINE@1:6 INDENT@2:3 %who(""@2:7)@2:3 NEWLINE@2:7 OUTDENT@3:1 EOF@3:1`},
	{"x % y\n% y\n(\n%y)", "x@1:1 %@1:3 y@1:5 NEWLINE@1:6 %@2:1 y@2:3 NEWLINE@2:4 (@3:1 %@4:1 y@4:2 )@4:3 NEWLINE@4:4 EOF@4:4"},
	{"x; %time", "x@1:1 ;@1:2 %@1:4 time@1:5 NEWLINE@1:9 EOF@1:9"},
	{"%%time\nx = 1\n  y\n", `%%time("","x = 1\n  y\n"@2:1)@1:1 EOF@4:1`},
	{"\n  \n%%timeit -n 3  \nbody", `%%timeit("-n 3","body"@4:1)@3:1 EOF@4:5`},
	{"%%html", `%%html("",""@1:7)@1:1 EOF@1:7`},
	{"x\n%%time", "x@1:1 NEWLINE@1:2 %@2:1 %@2:2 time@2:3 NEWLINE@2:7 EOF@2:7"}, // only a cell's first line
	{"  %%time", "INDENT@1:3 %@1:3 %@1:4 time@1:5 NEWLINE@1:9 OUTDENT@1:9 EOF@1:9"},
}

func TestScan(t *testing.T) {
	for _, test := range scanTests {
		toks, err := Tokenize("t.py", test.src)
		if err != nil {
			t.Errorf("Tokenize(%q): %v", test.src, err)
			continue
		}
		if got := dumpTokens(toks); got != test.want {
			t.Errorf("Tokenize(%q):\n got %s\nwant %s", test.src, got, test.want)
		}
		for _, tok := range toks {
			checkTokenEnd(t, tok)
		}
	}
}

// TestScanNewlineAtComment checks that a NEWLINE starts at the comment that
// ends its line, as CPython's does, for error positions such as "expected
// ':'".
func TestScanNewlineAtComment(t *testing.T) {
	toks, err := Tokenize("t.py", "if x  # c\n")
	if err != nil {
		t.Fatal(err)
	}
	nl := toks[2]
	if nl.Tok != NEWLINE || nl.Pos.Col != 7 || nl.End.Col != 11 {
		t.Errorf("NEWLINE at %v-%v, want 1:7-1:11", nl.Pos, nl.End)
	}
}
