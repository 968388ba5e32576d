package syntax

import (
	"errors"
	"strings"
	"testing"
)

// fuzzSeeds returns the inputs of the other tests.
func fuzzSeeds() []string {
	var seeds []string
	for _, test := range scanTests {
		seeds = append(seeds, test.src)
	}
	for _, test := range parseTests {
		seeds = append(seeds, test.src)
	}
	for _, test := range errorTests {
		seeds = append(seeds, test.src)
	}
	return append(seeds, benchSource[:1000])
}

// inputLines returns the number of lines of src once its line ends are
// normalized.
func inputLines(src string) int32 {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	return int32(strings.Count(src, "\n")+strings.Count(src, "\r")) + 1
}

// checkPos checks that pos is a valid position in src.
func checkPos(t *testing.T, src, what string, pos Position) {
	t.Helper()
	if !pos.IsValid() || pos.Col < 1 || pos.Line > inputLines(src)+1 {
		t.Fatalf("%q: %s: invalid position %v", src, what, pos)
	}
}

// checkError checks that a parse or scan error is a *Error whose positions
// lie in src.
func checkError(t *testing.T, src string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v is a %T, not a *Error", src, err, err)
	}
	checkPos(t, src, "error "+e.Msg, e.Pos)
	if e.Kind != "SyntaxError" && e.Kind != "IndentationError" && e.Kind != "TabError" || e.Msg == "" {
		t.Fatalf("%q: bad error %#v", src, e)
	}
	if e.End.IsValid() && e.End.Before(e.Pos) {
		t.Fatalf("%q: error %q ends at %v before its start %v", src, e.Msg, e.End, e.Pos)
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		toks, err := Tokenize("fuzz.py", src)
		if err != nil {
			checkError(t, src, err)
		}
		for i, tok := range toks {
			checkPos(t, src, tok.Tok.String(), tok.Pos)
			checkPos(t, src, tok.Tok.String(), tok.End)
			if tok.End.Before(tok.Pos) || i > 0 && tok.Pos.Before(toks[i-1].Pos) {
				t.Fatalf("%q: token %d (%v %q) at %v-%v is out of order", src, i, tok.Tok, tok.Raw, tok.Pos, tok.End)
			}
		}
		if err == nil && (len(toks) == 0 || toks[len(toks)-1].Tok != EOF) {
			t.Fatalf("%q: tokens do not end with EOF", src)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if x, err := ParseExpr("fuzz.py", src); err != nil {
			checkError(t, src, err)
		} else {
			checkTree(t, src, x)
		}
		file, err := Parse("fuzz.py", src)
		if err != nil {
			checkError(t, src, err)
			return
		}
		checkTree(t, src, file)
		// What parses is made of tokens, and ends where a line may end.
		if _, err := Tokenize("fuzz.py", src); err != nil {
			t.Fatalf("%q parses, but does not tokenize: %v", src, err)
		}
		if _, err := Parse("fuzz.py", src+"\n"); err != nil {
			t.Fatalf("%q parses, but not with a newline after it: %v", src, err)
		}
	})
}

// checkTree checks the spans of every node under root: valid, in order,
// and all in the file of the root.
func checkTree(t *testing.T, src string, root Node) {
	t.Helper()
	var file *string
	Walk(root, func(n Node) bool {
		start, end := n.Span()
		checkPos(t, src, "start", start)
		checkPos(t, src, "end", end)
		if end.Before(start) {
			t.Fatalf("%q: %T spans %v-%v, which ends before it starts", src, n, start, end)
		}
		if file == nil {
			file = start.File
		}
		if start.File != file || end.File != file {
			t.Fatalf("%q: %T's positions do not share the file name", src, n)
		}
		return true
	})
}
