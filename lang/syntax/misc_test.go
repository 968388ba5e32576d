package syntax

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

func TestParseExpr(t *testing.T) {
	for _, test := range []struct {
		src, want string
	}{
		{"x", "x"},
		{"  a.b(c)[d] ", "(index (call (. a b) c) d)"},
		{"a,\n b", "(tuple a b)"}, // line ends do not count
		{"1 +\n2", "(+ 1 2)"},
		{"*a, b", "(tuple (* a) b)"},
		{"lambda: x if y else z", "(lambda () (ifexp x y z))"},
		{"f'{x!r}'", "(f {x !r})"},
		{"np.ones((2, 3))[:, None]", "(index (call (. np ones) (tuple 2 3)) (tuple (slice _ _ _) None))"},
	} {
		x, err := ParseExpr("e", test.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", test.src, err)
			continue
		}
		if got := dump(x); got != test.want {
			t.Errorf("ParseExpr(%q) = %s, want %s", test.src, got, test.want)
		}
	}
	for _, test := range []struct {
		src, want string
	}{
		{"", "1:1-1:1 SyntaxError (incomplete): invalid syntax"},
		{"x = 1", "1:3-1:4 SyntaxError: invalid syntax"},
		{"x; y", "1:2-1:3 SyntaxError: invalid syntax"},
		{"*a", "1:1-1:3 SyntaxError: can't use starred expression here"},
		{"%time x", "1:1-1:2 SyntaxError: invalid syntax"},
		{"(x", "1:1-1:2 SyntaxError (incomplete): '(' was never closed"},
		{"x)", "1:2-1:3 SyntaxError: unmatched ')'"},
	} {
		_, err := ParseExpr("e", test.src)
		if got := errorString(err); err == nil || got != test.want {
			t.Errorf("ParseExpr(%q): got error %v, want %s", test.src, got, test.want)
		}
	}
}

func TestFile(t *testing.T) {
	f, err := Parse("cell[3]", "\ufeffx = 1\r\ny = 'é'\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if f.Path != "cell[3]" || f.Src != "x = 1\ny = 'é'\n" {
		t.Errorf("Path, Src = %q, %q", f.Path, f.Src)
	}
	if f.EOF.Line != 3 || f.EOF.Col != 1 {
		t.Errorf("EOF at %v, want 3:1", f.EOF)
	}
	if start, end := f.Span(); start.Line != 1 || start.Col != 1 || end != f.EOF {
		t.Errorf("file spans %v-%v", start, end)
	}
	// Every position of the parse names the file through one pointer.
	Walk(f, func(n Node) bool {
		start, end := n.Span()
		if start.File != f.EOF.File || end.File != f.EOF.File {
			t.Errorf("%T at %v has a file name of its own", n, start)
		}
		return true
	})
	if got := f.EOF.String(); got != "cell[3]:3:1" {
		t.Errorf("EOF.String() = %q", got)
	}

	empty, err := Parse("e", "  \n# only a comment\n")
	if err != nil || len(empty.Stmts) != 0 || empty.EOF.Line != 3 {
		t.Errorf("Parse of a blank file: %v, %v", empty, err)
	}
}

// TestLiterals checks what the parser records of literals: the kind, the
// value's type and the source text of the first token.
func TestLiterals(t *testing.T) {
	for _, test := range []struct {
		src  string
		kind LiteralKind
		raw  string
		want any
	}{
		{"42", IntLit, "42", int64(42)},
		{"0o777", IntLit, "0o777", int64(511)},
		{"18446744073709551616", IntLit, "18446744073709551616", new(big.Int).Lsh(big.NewInt(1), 64)},
		{"2.5e-3", FloatLit, "2.5e-3", 2.5e-3},
		{"'a' \"b\"\\\n '''c'''", StringLit, "'a'", "abc"},
		{"r'\\d' 'x'", StringLit, "r'\\d'", `\dx`},
		{"'\\\nb'", StringLit, "'\\\nb'", "b"},
		{"'\\\n'", StringLit, "'\\\n'", ""},
	} {
		x, err := ParseExpr("e", test.src)
		if err != nil {
			t.Errorf("ParseExpr(%q): %v", test.src, err)
			continue
		}
		lit, ok := x.(*Literal)
		if !ok || lit.Kind != test.kind || lit.Raw != test.raw || fmt.Sprint(lit.Value) != fmt.Sprint(test.want) ||
			fmt.Sprintf("%T", lit.Value) != fmt.Sprintf("%T", test.want) {
			t.Errorf("ParseExpr(%q) = %#v, want kind %d, raw %q, value %#v", test.src, x, test.kind, test.raw, test.want)
		}
		if ok && lit.Kind == IntLit && lit.BigInt().String() != fmt.Sprint(test.want) {
			t.Errorf("BigInt of %q = %v", test.src, lit.BigInt())
		}
	}
}

func TestMagicPositions(t *testing.T) {
	f, err := Parse("m", "if x:\n    %ir  f --grad\n")
	if err != nil {
		t.Fatal(err)
	}
	m := f.Stmts[0].(*IfStmt).True[0].(*LineMagic)
	got := fmt.Sprintf("%s %q %d:%d %d:%d %d:%d", m.Name, m.Args, m.Percent.Line, m.Percent.Col, m.ArgsPos.Line, m.ArgsPos.Col, m.EndPos.Line, m.EndPos.Col)
	if want := `ir "f --grad" 2:5 2:10 2:18`; got != want {
		t.Errorf("line magic: got %s, want %s", got, want)
	}

	f, err = Parse("m", "\n%%graph  --name g\nx = a * b\n\ny = x\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Stmts) != 1 {
		t.Fatalf("cell magic: %d statements", len(f.Stmts))
	}
	c := f.Stmts[0].(*CellMagic)
	got = fmt.Sprintf("%s %q %q %d:%d %d:%d %d:%d", c.Name, c.Args, c.Body, c.Percent.Line, c.Percent.Col, c.BodyPos.Line, c.BodyPos.Col, c.EndPos.Line, c.EndPos.Col)
	if want := `graph "--name g" "x = a * b\n\ny = x\n" 2:1 3:1 6:1`; got != want {
		t.Errorf("cell magic: got %s, want %s", got, want)
	}
}

// TestLimits checks the bounds on nesting, which keep the parser's stack
// small whatever the input.
func TestLimits(t *testing.T) {
	deepIf := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(" ", i) + "if x:\n")
		}
		return b.String() + strings.Repeat(" ", n) + "pass\n"
	}
	for _, test := range []struct {
		src, want string // want "" means no error
	}{
		{strings.Repeat("(", 200) + strings.Repeat(")", 200), ""},
		{strings.Repeat("(", 201) + strings.Repeat(")", 201), "1:201-1:202 SyntaxError: too many nested parentheses"},
		{strings.Repeat("[", 201), "1:201-1:202 SyntaxError: too many nested parentheses"},
		{strings.Repeat("-", 200) + "x", ""},
		{strings.Repeat("-", 201) + "x", "1:201-1:202 SyntaxError: expression nested too deeply"},
		{strings.Repeat("not ", 201) + "x", "1:801-1:804 SyntaxError: expression nested too deeply"},
		{strings.Repeat("lambda: ", 201) + "x", "1:1601-1:1607 SyntaxError: expression nested too deeply"},
		{"x" + strings.Repeat("**x", 201), "1:602-1:604 SyntaxError: expression nested too deeply"},
		{"x" + strings.Repeat(" if x else x", 201), "1:2408-1:2412 SyntaxError: expression nested too deeply"},
		{strings.Repeat("-(", 100) + "x" + strings.Repeat(")", 100), ""},
		{deepIf(100), ""},
		{deepIf(101), "102:102-102:102 IndentationError: too many levels of indentation"},
		{"f'{" + strings.Repeat("(", 201) + "}'", "1:204-1:205 SyntaxError: f-string: too many nested parenthesis"},
	} {
		_, err := Parse("t", test.src)
		got := ""
		if err != nil {
			got = errorString(err)
		}
		if got != test.want {
			t.Errorf("Parse(%.40q...) = %q, want %q", test.src, got, test.want)
		}
	}
}

// TestBadBytes checks input that is not source text at all.
func TestBadBytes(t *testing.T) {
	for _, test := range []struct {
		src, want string
	}{
		{"x = 1\x00", "1:6-1:7 SyntaxError: source code cannot contain null bytes"},
		{"x = 'é'\n\xff", "2:1-2:2 SyntaxError: invalid UTF-8 byte 0xff"},
		{"# \xc3\x28", "1:3-1:4 SyntaxError: invalid UTF-8 byte 0xc3"},
		{"\ufeff\xe2\x82", "1:1-1:2 SyntaxError: invalid UTF-8 byte 0xe2"},
	} {
		_, err := Parse("t", test.src)
		if got := errorString(err); err == nil || got != test.want {
			t.Errorf("Parse(%q): got %v, want %s", test.src, got, test.want)
		}
		if _, err := ParseExpr("t", test.src); err == nil || errorString(err) != test.want {
			t.Errorf("ParseExpr(%q): got %v, want %s", test.src, err, test.want)
		}
		if _, err := Tokenize("t", test.src); err == nil || errorString(err) != test.want {
			t.Errorf("Tokenize(%q): got %v, want %s", test.src, err, test.want)
		}
	}
}

func TestWalk(t *testing.T) {
	f, err := Parse("w", "@d\ndef f(a: int = 1) -> r:\n    return [x for x in y if x < 2]\nwith c as v: f'{e:{w}}'\n")
	if err != nil {
		t.Fatal(err)
	}
	var visited []string
	Walk(f, func(n Node) bool {
		switch n := n.(type) {
		case *Ident:
			visited = append(visited, n.Name)
		case *Comprehension:
			visited = append(visited, "[")
		}
		return true
	})
	if got, want := strings.Join(visited, " "), "d f a int r [ x x y x c v e w"; got != want {
		t.Errorf("Walk visited %q, want %q", got, want)
	}

	// Returning false skips a node's children.
	visited = nil
	Walk(f, func(n Node) bool {
		if id, ok := n.(*Ident); ok {
			visited = append(visited, id.Name)
		}
		_, isDef := n.(*DefStmt)
		return !isDef
	})
	if got, want := strings.Join(visited, " "), "c v e w"; got != want {
		t.Errorf("Walk skipping the def visited %q, want %q", got, want)
	}
}

// benchSource is about 1000 lines of typical code.
var benchSource = strings.Repeat(`import mindspore as ms
from mindspore import nn, ops

class Net(nn.Cell):
    """A small network."""

    def __init__(self, in_channels=1, num_classes=10):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(in_channels, 6, 5, pad_mode='valid')
        self.fc = nn.Dense(16 * 5 * 5, num_classes)
        self.relu = nn.ReLU()

    def construct(self, x):
        x = self.relu(self.conv1(x))
        if x.shape[0] > 1 and not self.training:
            x = x[:, None, ::2] * 2 ** -1
        for i, (a, b) in enumerate(zip(x, x)):
            print(f"step {i}: {a!r:>8} {b = }")
        return self.fc(x.reshape((x.shape[0], -1)))

def loss(logits, labels, *, eps=1e-6):
    total = sum([ops.log(p + eps) for p in logits if p is not None])
    return -total / len(labels)

`, 42)

func BenchmarkParse(b *testing.B) {
	b.SetBytes(int64(len(benchSource)))
	for b.Loop() {
		if _, err := Parse("bench.py", benchSource); err != nil {
			b.Fatal(err)
		}
	}
}
