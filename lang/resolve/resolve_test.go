package resolve_test

import (
	"fmt"
	"strings"
	"testing"

	"msrepl/lang/resolve"
	"msrepl/lang/syntax"
)

// scopes resolves src and lists every identifier occurrence as
// "name@line:col=scope" (with the slot for frame variables), sorted by
// position.
func scopes(t *testing.T, src string) string {
	t.Helper()
	f, err := syntax.Parse("t.py", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resolve.File(f); err != nil {
		t.Fatalf("resolve %q: %v", src, err)
	}
	var out []string
	syntax.Walk(f, func(n syntax.Node) bool {
		if id, ok := n.(*syntax.Ident); ok {
			b, _ := id.Binding.(*resolve.Binding)
			if b == nil {
				return true
			}
			s := fmt.Sprintf("%s@%d:%d=%s", id.Name, id.NamePos.Line, id.NamePos.Col, b.Scope)
			switch b.Scope {
			case resolve.Local, resolve.Cell, resolve.Free, resolve.ClassFree:
				s += fmt.Sprint(b.Index)
			}
			out = append(out, s)
		}
		return true
	})
	return strings.Join(out, " ")
}

func TestScopes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 1\nprint(x)\n", "x@1:1=global print@2:1=global x@2:7=global"},
		{"def f(a):\n    b = a\n    return b\n",
			"f@1:5=global a@1:7=local0 b@2:5=local1 a@2:9=local0 b@3:12=local1"},
		{"def f():\n    x = 1\n    def g():\n        return x\n    return g\n",
			"f@1:5=global x@2:5=cell0 g@3:9=local1 x@4:16=free0 g@5:12=local1"},
		{"def f():\n    global y\n    y = 2\n", "f@1:5=global y@3:5=global"},
		{"def f():\n    x = 0\n    def g():\n        nonlocal x\n        x += 1\n    return g\n",
			"f@1:5=global x@2:5=cell0 g@3:9=local1 x@5:9=free0 g@6:12=local1"},
		{"class A:\n    y = 1\n    z = y\n    def m(self):\n        return y\n",
			"A@1:7=global y@2:5=classlocal z@3:5=classlocal y@3:9=classlocal m@4:9=classlocal self@4:11=local0 y@5:16=global"},
		{"def f(n):\n    class B:\n        k = n\n    return B\n",
			"f@1:5=global n@1:7=cell0 B@2:11=local1 k@3:9=classlocal n@3:13=classfree0 B@4:12=local1"},
		{"[i for i in range(3)]\n", "i@1:2=local1 i@1:8=local1 range@1:13=global"},
		{"class C:\n    def m(self):\n        return super().m()\n",
			"C@1:7=global m@2:9=classlocal self@2:11=local0 super@3:16=global"},
		{"def f():\n    print(x)\n    x = 1\n", "f@1:5=global print@2:5=global x@2:11=local0 x@3:5=local0"},
	}
	for _, tt := range tests {
		if got := scopes(t, tt.src); got != tt.want {
			t.Errorf("%q\n got  %s\n want %s", tt.src, got, tt.want)
		}
	}
}

// super() in a method captures the class through an implicit __class__ cell.
func TestSuperCapturesClassCell(t *testing.T) {
	f, err := syntax.Parse("t.py", "class C:\n    def m(self):\n        return super().m()\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resolve.File(f); err != nil {
		t.Fatal(err)
	}
	class := f.Stmts[0].(*syntax.ClassStmt)
	body := class.Scope.(*resolve.Function)
	if !body.ClassCell {
		t.Fatal("class body has no __class__ cell")
	}
	m := class.Body[0].(*syntax.DefStmt).Function.(*resolve.Function)
	if len(m.FreeVars) != 1 || m.FreeVars[0].Name != "__class__" || m.FreeFrom[0] != body.ClassCellIndex {
		t.Fatalf("method free vars = %v, from %v", m.FreeVars, m.FreeFrom)
	}
}
