package syntax

import (
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var parseTests = []struct {
	src, want string
}{
	// Expression statements and assignments.
	{"x", "(expr x)"},
	{"x = 1", "(= x 1)"},
	{"a = b = c", "(= a b c)"},
	{"a, b = b, a", "(= (tuple a b) (tuple b a))"},
	{"(a, b) = [c, d] = e", "(= (tuple a b) (list c d) e)"},
	{"a, *b = c", "(= (tuple a (* b)) c)"},
	{"[a, (b, *c)] = d", "(= (list a (tuple b (* c))) d)"},
	{"x.y = z[0] = w", "(= (. x y) (index z 0) w)"},
	{"x: int", "(ann x int)"},
	{"x: int = 1", "(ann x int 1)"},
	{"x.y: List[int] = []", "(ann (. x y) (index List int) (list))"},
	{"(x): int = 1", "(ann x int 1)"},
	{"x += 1", "(+= x 1)"},
	{"x -= 1; x *= 2; x /= 3; x //= 4; x %= 5; x **= 6", "(-= x 1)\n(*= x 2)\n(/= x 3)\n(//= x 4)\n(%= x 5)\n(**= x 6)"},
	{"x @= m; x &= 1; x |= 2; x ^= 3; x <<= 4; x >>= 5", "(@= x m)\n(&= x 1)\n(|= x 2)\n(^= x 3)\n(<<= x 4)\n(>>= x 5)"},
	{"x[i] += yield", "(+= (index x i) (yield))"},

	// Simple statements.
	{"pass; break; continue", "(pass)\n(break)\n(continue)"},
	{"return", "(return)"},
	{"return x", "(return x)"},
	{"return x, *y", "(return (tuple x (* y)))"},

	// Compound statements.
	{"if a: pass", "(if a {(pass)})"},
	{"if a:\n    x\nelif b:\n    y\nelif c:\n    z\nelse:\n    w", "(if a {(expr x)} {(elif b {(expr y)} {(elif c {(expr z)} {(expr w)})})})"},
	{"if a:\n    if b:\n        x\n    else:\n        y\nelse:\n    z", "(if a {(if b {(expr x)} {(expr y)})} {(expr z)})"},
	{"while x: x -= 1", "(while x {(-= x 1)})"},
	{"while True:\n    break\nelse:\n    pass", "(while True {(break)} else {(pass)})"},
	{"for x in y: pass", "(for x y {(pass)})"},
	{"for i, (a, b) in enumerate(z):\n    continue\nelse:\n    pass", "(for (tuple i (tuple a b)) (call enumerate z) {(continue)} else {(pass)})"},
	{"for x, in 1, 2: pass", "(for (tuple x) (tuple 1 2) {(pass)})"},
	{"def f(): pass", "(def f () {(pass)})"},
	{"def f(a, b=1, *args, c, d=2, **kwargs): return a", "(def f (a b=1 *args c d=2 **kwargs) {(return a)})"},
	{"def f(a, /, b, *, c): pass", "(def f (a / b * c) {(pass)})"},
	{"def f(a: int, *b: str, **c: dict) -> bool:\n    pass", "(def f (a:int *b:str **c:dict) -> bool {(pass)})"},
	{"def f(a=1, /, b=2): pass", "(def f (a=1 / b=2) {(pass)})"},
	{"@dec\ndef f(): pass", "(def @dec f () {(pass)})"},
	{"@a.b(1)\n@c\nclass C: pass", "(class @(call (. a b) 1) @c C () {(pass)})"},
	{"class C: pass", "(class C () {(pass)})"},
	{"class C(): pass", "(class C () {(pass)})"},
	{"class C(A, B, metaclass=M, *bases, **kw):\n    x = 1\n    def __init__(self):\n        super().__init__()", "(class C (A B metaclass=M *bases **kw) {(= x 1); (def __init__ (self) {(expr (call (. (call super) __init__)))})})"},

	// Imports and declarations.
	{"import a", "(import a)"},
	{"import a.b.c as d, e", "(import a.b.c as d e)"},
	{"from a import b", "(from a b)"},
	{"from a.b import c as d, e", "(from a.b c as d e)"},
	{"from a import (b, c as d,)", "(from a b c as d)"},
	{"from . import x", "(from . x)"},
	{"from .. a import *", "(from ..a *)"},
	{"from ...a.b import c", "(from ...a.b c)"},
	{"from .... import x", "(from .... x)"},
	{"global a", "(global a)"},
	{"global a, b; nonlocal c", "(global a b)\n(nonlocal c)"},
	{"del x", "(del x)"},
	{"del x, y[0], z.w", "(del x (index y 0) (. z w))"},
	{"del (x, y), [z]", "(del (tuple x y) (list z))"},
	{"del x,", "(del x)"},
	{"assert x", "(assert x)"},
	{"assert x, \"msg\"", "(assert x \"msg\")"},
	{"raise", "(raise)"},
	{"raise E", "(raise E)"},
	{"raise E(\"x\") from None", "(raise (call E \"x\") from None)"},
	{"try:\n    a\nexcept:\n    b", "(try {(expr a)} (except {(expr b)}))"},
	{"try:\n    a\nexcept E:\n    b\nexcept (A, B) as e:\n    c\nelse:\n    d\nfinally:\n    e", "(try {(expr a)} (except E {(expr b)}) (except (tuple A B) as e {(expr c)}) else {(expr d)} finally {(expr e)})"},
	{"try:\n    a\nfinally:\n    b", "(try {(expr a)} finally {(expr b)})"},
	{"with a: pass", "(with a, {(pass)})"},
	{"with a as b, c as (d, e), f: pass", "(with a as b, c as (tuple d e), f, {(pass)})"},
	{"with (a as b, c): pass", "(with a as b, c, {(pass)})"},
	{"with (a, b): pass", "(with a, b, {(pass)})"},
	{"with (a, b) as c: pass", "(with (tuple a b) as c, {(pass)})"},
	{"with (a): pass", "(with a, {(pass)})"},
	{"with (a)(b) as c, d: pass", "(with (call a b) as c, d, {(pass)})"},
	{"with (yield x) as y: pass", "(with (yield x) as y, {(pass)})"},

	// Yield.
	{"yield", "(expr (yield))"},
	{"yield x", "(expr (yield x))"},
	{"yield x, y", "(expr (yield (tuple x y)))"},
	{"yield from x", "(expr (yield-from x))"},
	{"x = yield", "(= x (yield))"},
	{"x = yield from y", "(= x (yield-from y))"},
	{"x = (yield)", "(= x (yield))"},
	{"f((yield x))", "(expr (call f (yield x)))"},

	// Lambda and conditional expressions.
	{"lambda: 0", "(expr (lambda () 0))"},
	{"lambda x: x", "(expr (lambda (x) x))"},
	{"lambda x, y=1, *a, z, **k: 0", "(expr (lambda (x y=1 *a z **k) 0))"},
	{"lambda *, x: x", "(expr (lambda (* x) x))"},
	{"lambda x: lambda y: x + y", "(expr (lambda (x) (lambda (y) (+ x y))))"},
	{"a if b else c", "(expr (ifexp a b c))"},
	{"a if b else c if d else e", "(expr (ifexp a b (ifexp c d e)))"},
	{"(a if b else c) if d else e", "(expr (ifexp (ifexp a b c) d e))"},
	{"lambda: a if b else c", "(expr (lambda () (ifexp a b c)))"},

	// Operators: precedence and associativity.
	{"a or b or c", "(expr (or (or a b) c))"},
	{"a and b and c", "(expr (and (and a b) c))"},
	{"a or b and c or d", "(expr (or (or a (and b c)) d))"},
	{"not a", "(expr (not a))"},
	{"not not a", "(expr (not (not a)))"},
	{"not a and b", "(expr (and (not a) b))"},
	{"not a == b", "(expr (not (cmp a == b)))"},
	{"a < b", "(expr (cmp a < b))"},
	{"a < b < c", "(expr (cmp a < b < c))"},
	{"a == b != c <= d >= e > f < g", "(expr (cmp a == b != c <= d >= e > f < g))"},
	{"a in b not in c is d is not e", "(expr (cmp a in b not in c is d is not e))"},
	{"a < b == c and d", "(expr (and (cmp a < b == c) d))"},
	{"a | b | c", "(expr (| (| a b) c))"},
	{"a ^ b | c ^ d", "(expr (| (^ a b) (^ c d)))"},
	{"a & b ^ c & d", "(expr (^ (& a b) (& c d)))"},
	{"a << b & c >> d", "(expr (& (<< a b) (>> c d)))"},
	{"a + b << c - d", "(expr (<< (+ a b) (- c d)))"},
	{"a * b + c / d - e // f % g @ h", "(expr (- (+ (* a b) (/ c d)) (@ (% (// e f) g) h)))"},
	{"a - b - c", "(expr (- (- a b) c))"},
	{"a / b / c", "(expr (/ (/ a b) c))"},
	{"-a", "(expr (- a))"},
	{"+a * -b", "(expr (* (+ a) (- b)))"},
	{"~a + b", "(expr (+ (~ a) b))"},
	{"-a ** b", "(expr (- (** a b)))"},
	{"a ** -b", "(expr (** a (- b)))"},
	{"a ** b ** c", "(expr (** a (** b c)))"},
	{"-a ** -b ** c", "(expr (- (** a (- (** b c)))))"},
	{"--a", "(expr (- (- a)))"},
	{"-a.b", "(expr (- (. a b)))"},

	// Primaries: attributes, calls, subscripts and slices.
	{"a.b.c", "(expr (. (. a b) c))"},
	{"a.b(c).d[e]", "(expr (index (. (call (. a b) c) d) e))"},
	{"f()", "(expr (call f))"},
	{"f(a)", "(expr (call f a))"},
	{"f(a, b)", "(expr (call f a b))"},
	{"f(a, b,)", "(expr (call f a b))"},
	{"f(a=1)", "(expr (call f a=1))"},
	{"f(a, b=1, *c, d=2, **e)", "(expr (call f a b=1 *c d=2 **e))"},
	{"f(*a, *b, c, **d, **e)", "(expr (call f *a *b c **d **e))"},
	{"f(a=1, *b)", "(expr (call f a=1 *b))"},
	{"f(x for x in y)", "(expr (call f (genexp x (for x y))))"},
	{"f((x for x in y), 1)", "(expr (call f (genexp x (for x y)) 1))"},
	{"f(*[1, 2])", "(expr (call f *(list 1 2)))"},
	{"x[0]", "(expr (index x 0))"},
	{"x[1:2]", "(expr (index x (slice 1 2 _)))"},
	{"x[:]", "(expr (index x (slice _ _ _)))"},
	{"x[::]", "(expr (index x (slice _ _ _)))"},
	{"x[1:]", "(expr (index x (slice 1 _ _)))"},
	{"x[:2]", "(expr (index x (slice _ 2 _)))"},
	{"x[::3]", "(expr (index x (slice _ _ 3)))"},
	{"x[1:2:3]", "(expr (index x (slice 1 2 3)))"},
	{"x[a, b]", "(expr (index x (tuple a b)))"},
	{"x[a,]", "(expr (index x (tuple a)))"},
	{"x[1:2, ::3]", "(expr (index x (tuple (slice 1 2 _) (slice _ _ 3))))"},
	{"x[:, None]", "(expr (index x (tuple (slice _ _ _) None)))"},
	{"x[..., 0]", "(expr (index x (tuple ... 0)))"},
	{"x[*a, b]", "(expr (index x (tuple (* a) b)))"},
	{"x[i][j]", "(expr (index (index x i) j))"},

	// Displays and comprehensions.
	{"()", "(expr (tuple))"},
	{"(a)", "(expr a)"},
	{"(a,)", "(expr (tuple a))"},
	{"(a, b)", "(expr (tuple a b))"},
	{"(a, b,)", "(expr (tuple a b))"},
	{"(*a, b)", "(expr (tuple (* a) b))"},
	{"((a))", "(expr a)"},
	{"[]", "(expr (list))"},
	{"[a]", "(expr (list a))"},
	{"[a, b,]", "(expr (list a b))"},
	{"[*a, *b, c]", "(expr (list (* a) (* b) c))"},
	{"{}", "(expr (dict))"},
	{"{a}", "(expr (set a))"},
	{"{a, b,}", "(expr (set a b))"},
	{"{*a, b}", "(expr (set (* a) b))"},
	{"{a: b}", "(expr (dict (: a b)))"},
	{"{a: b, c: d,}", "(expr (dict (: a b) (: c d)))"},
	{"{**a}", "(expr (dict (** a)))"},
	{"{**a, b: c, **d}", "(expr (dict (** a) (: b c) (** d)))"},
	{"[x for x in y]", "(expr (listcomp x (for x y)))"},
	{"[x for x in y if a if b for z in w if c]", "(expr (listcomp x (for x y) (if a) (if b) (for z w) (if c)))"},
	{"[x for x, y in z]", "(expr (listcomp x (for (tuple x y) z)))"},
	{"[x for x in a or b if c or d]", "(expr (listcomp x (for x (or a b)) (if (or c d))))"},
	{"{x for x in y}", "(expr (setcomp x (for x y)))"},
	{"{k: v for k, v in d.items()}", "(expr (dictcomp k v (for (tuple k v) (call (. d items)))))"},
	{"(x for x in y)", "(expr (genexp x (for x y)))"},
	{"[[x for x in y] for y in z]", "(expr (listcomp (listcomp x (for x y)) (for y z)))"},
	{"[x for x in lambda_]", "(expr (listcomp x (for x lambda_)))"},

	// Literals.
	{"None, True, False, ...", "(expr (tuple None True False ...))"},
	{"1, 1.5, 0x10, 1e3, 1_000_000", "(expr (tuple 1 1.5 16 1000 1000000))"},
	{"123456789012345678901234567890", "(expr 123456789012345678901234567890)"},
	{"1or x", "(expr (or 1 x))"},
	{"[1for x in y]", "(expr (listcomp 1 (for x y)))"},
	{"'a'", "(expr \"a\")"},
	{"'a' 'b'", "(expr \"ab\")"},
	{"'a' \"b\" '''c'''", "(expr \"abc\")"},
	{"r'\\n' '\\n'", "(expr \"\\\\n\\n\")"},

	// F-strings.
	{"f'x'", "(expr (f \"x\"))"},
	{"f'{x}'", "(expr (f {x}))"},
	{"f'a{x}b{y}c'", "(expr (f \"a\" {x} \"b\" {y} \"c\"))"},
	{"f'{x!r}'", "(expr (f {x !r}))"},
	{"f'{x!s:>10}'", "(expr (f {x !s :( \">10\" )}))"},
	{"f'{x:{w}.{p}f}'", "(expr (f {x :( {w} \".\" {p} \"f\" )}))"},
	{"f'{x=}'", "(expr (f {x debug=\"x=\" !r}))"},
	{"f'{x = }'", "(expr (f {x debug=\"x = \" !r}))"},
	{"f'{x=!s}'", "(expr (f {x debug=\"x=\" !s}))"},
	{"f'{x=:>5}'", "(expr (f {x debug=\"x=\" :( \">5\" )}))"},
	{"f'{{}}'", "(expr (f \"{}\"))"},
	{"f'{{{x}}}'", "(expr (f \"{\" {x} \"}\"))"},
	{"f'{a!=b}'", "(expr (f {(cmp a != b)}))"},
	{"f'{a == b}'", "(expr (f {(cmp a == b)}))"},
	{"f'{a<b}'", "(expr (f {(cmp a < b)}))"},
	{"f'{(lambda: 1)()}'", "(expr (f {(call (lambda () 1))}))"},
	{"f'{d[\"k\"]}'", "(expr (f {(index d \"k\")}))"},
	{"f'{x:{{}}}'", "(expr (f {x :( {(dict)} )}))"},
	{"f'\\n{x}\\t'", "(expr (f \"\\n\" {x} \"\\t\"))"},
	{"rf'\\n{x}'", "(expr (f \"\\\\n\" {x}))"},
	{"f'\\{x}'", "(expr (f \"\\\\\" {x}))"},
	{"'a' f'{b}' 'c'", "(expr (f \"a\" {b} \"c\"))"},
	{"f'{x}' f'{y}'", "(expr (f {x} {y}))"},
	{"f'{f\"{x}\"}'", "(expr (f {(f {x})}))"},
	{"f'''{\nx\n+ y\n}'''", "(expr (f {(+ x y)}))"},
	{"f'{a, b}'", "(expr (f {(tuple a b)}))"},
	{"f'{x:}'", "(expr (f {x :( )}))"},
	{"f'{x:=b}'", "(expr (f {x :( \"=b\" )}))"},
	{"f''", "(expr (f))"},

	// Help and magics.
	{"x?", "(? x)"},
	{"x??", "(?? x)"},
	{"?x", "(? x)"},
	{"??x.y", "(?? (. x y))"},
	{"x.y.z?", "(? (. (. x y) z))"},
	{"%time x = 1", "(%time \"x = 1\")"},
	{"%who", "(%who \"\")"},
	{"if x:\n    %time f()\n    y", "(if x {(%time \"f()\"); (expr y)})"},
	{"%%time\nx = 1", "(%%time \"\" \"x = 1\")"},
	{"\n%%capture out\nprint(1)", "(%%capture \"out\" \"print(1)\")"},

	// Statements on one line.
	{"print(1)", "(expr (call print 1))"},
	{"a = 1; b = 2;", "(= a 1)\n(= b 2)"},
	{"if x: a; b", "(if x {(expr a); (expr b)})"},
	{"for x in y: a; b\n", "(for x y {(expr a); (expr b)})"},
}

func TestParse(t *testing.T) {
	for _, test := range parseTests {
		f, err := Parse("t.py", test.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", test.src, err)
			continue
		}
		if got := dump(f); got != test.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", test.src, got, test.want)
		}
	}
}

// TestSpans compares the span of every node of the inputs in
// testdata/spans.txt with the spans recorded there.
func TestSpans(t *testing.T) {
	const golden = "testdata/spans.txt"
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	header, cases, _ := strings.Cut(string(data), "\n\n")
	var out strings.Builder
	out.WriteString(header + "\n\n")
	for _, c := range strings.Split(strings.TrimSuffix(cases, "=====\n"), "=====\n") {
		src, want, ok := strings.Cut(c, "-----\n")
		if !ok {
			t.Fatalf("%s: case without a ----- line: %q", golden, c)
		}
		src = strings.TrimSuffix(src, "\n")
		f, err := Parse("t.py", src)
		if err != nil {
			t.Errorf("Parse(%q): %v", src, err)
			continue
		}
		got := dumpSpans(f)
		if got != want && !*update {
			t.Errorf("spans of %q:\n got:\n%s\nwant:\n%s", src, got, want)
		}
		out.WriteString(src + "\n-----\n" + got + "=====\n")
	}
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
