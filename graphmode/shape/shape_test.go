package shape

import (
	"strings"
	"testing"

	"msrepl/tensor"
)

func TestCanonicalForm(t *testing.T) {
	s := NewScope()
	s1, s2 := s.NewSymbol(DefaultProps, "a"), s.NewSymbol(DefaultProps, "b")
	mul, add, div := tensor.DimMul, tensor.DimAdd, tensor.DimFloorDiv
	tests := []struct {
		name       string
		got, want  int
		wantString string
	}{
		{"product commutes", mul(s1, s2), mul(s2, s1), "s1*s2"},
		{"sum commutes", add(s1, s2), add(s2, s1), "s1 + s2"},
		{"like terms collect", add(s1, s1), mul(2, s1), "2*s1"},
		{"distributes", mul(add(s1, 1), 3), add(mul(3, s1), 3), "3*s1 + 3"},
		{"cancels", tensor.DimSub(add(s1, s2), s2), s1, "s1"},
		{"exact division", div(mul(4, s1), 2), mul(2, s1), "2*s1"},
		{"division by a factor", div(mul(s1, s2), s2), s1, "s1"},
		{"floor of a sum", div(add(mul(4, s1), 3), 2), add(mul(2, s1), 1), "2*s1 + 1"},
		{"opaque floor", div(s1, 2), div(s1, 2), "s1//2"},
		{"max of equal", tensor.DimMax(s1, s1), s1, "s1"},
		{"max by a constant", tensor.DimMax(add(s1, 2), s1), add(s1, 2), "s1 + 2"},
		{"size", tensor.Shape{s1, 3, s2}.Size(), mul(mul(s2, 3), s1), "3*s1*s2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			equal(t, tt.got, tt.want, "dim")
			equal(t, tensor.DimString(tt.got), tt.wantString, "text")
		})
	}
	equal(t, tensor.Shape{s1, 3}.String(), "(s1, 3)", "shape")
}

func TestUnify(t *testing.T) {
	s := NewScope()
	s1, s2 := s.NewSymbol(DefaultProps, "argument 'x' dim 0"), s.NewSymbol(DefaultProps, "argument 'y' dim 0")
	holds(t, tensor.SameDim(s2, s1), "unify")
	s.Attribute("MatMul, line 7")
	equal(t, Resolve(s2), Resolve(s1), "unified symbols resolve to one dim")
	equal(t, tensor.DimString(s2), "s1", "s2")
	holds(t, tensor.SameDim(s1, 3), "unify")
	s.Attribute("Add, line 8")
	equal(t, Resolve(s2), 3, "s2")
	holds(t, !tensor.SameDim(s2, 4), "s2 == 4 held")
	conflict := s.TakeConflict()
	contains(t, conflict, "s2 == 4 cannot hold (it is 3 == 4)")
	contains(t, conflict, "s2 == s1 was required by MatMul, line 7")
	contains(t, conflict, "s1 == 3 was required by Add, line 8")
	var lines []string
	for _, c := range s.Constraints() {
		lines = append(lines, c.String())
	}
	equal(t, strings.Join(lines, "; "), "s2 == s1  (MatMul, line 7); s1 == 3  (Add, line 8)", "constraints")
}

func TestUnifySolves(t *testing.T) {
	s := NewScope()
	s1, s2, s3 := s.NewSymbol(DefaultProps, "a"), s.NewSymbol(DefaultProps, "b"), s.NewSymbol(DefaultProps, "c")
	holds(t, tensor.SameDim(tensor.DimMul(2, s2), tensor.DimAdd(s1, s1)), "unify")
	equal(t, Resolve(s2), Resolve(s1), "s2")
	// s1*s3 == 12 does not solve for a symbol: it is checked at run time.
	holds(t, tensor.SameDim(tensor.DimMul(s1, s3), 12), "unify")
	z := s.NewSizes()
	noError(t, z.Bind(s.Compile(s1), 3, "x"))
	noError(t, z.Bind(s.Compile(s3), 4, "z"))
	noError(t, z.Check())
	z = s.NewSizes()
	noError(t, z.Bind(s.Compile(s1), 3, "x"))
	noError(t, z.Bind(s.Compile(s3), 5, "z"))
	err := z.Check()
	holds(t, err != nil, "no error")
	contains(t, err.Error(), "break s1*s3 == 12")
}

func TestBind(t *testing.T) {
	s := NewScope()
	s1 := s.NewSymbol(Props{Min: 1, Max: 32, Divisor: 8, Remainder: 1}, "argument 'x' dim 0")
	s2 := s.NewSymbol(DefaultProps, "argument 'y' dim 0")
	holds(t, tensor.SameDim(s1, s2), "unify")
	s.Attribute("MatMul, line 3")
	tests := []struct {
		x, y    int
		wantErr string
	}{
		{9, 9, ""},
		{17, 17, ""},
		{8, 8, "argument 'x' dim 0 is 8, but s1 must be 8*N + 1 (Symbol(max=32, divisor=8, remainder=1))"},
		{41, 41, "must be at most 32"},
		{9, 17, "argument 'y' dim 0 is 17, but it must equal argument 'x' dim 0 (s1), which is 9: s1 == s2  (MatMul, line 3)"},
	}
	for _, tt := range tests {
		z := s.NewSizes()
		err := z.Bind(s.Compile(s1), tt.x, "argument 'x' dim 0")
		if err == nil {
			err = z.Bind(s.Compile(s2), tt.y, "argument 'y' dim 0")
		}
		if tt.wantErr == "" {
			noError(t, err)
			equal(t, z.Dim(tensor.DimAdd(tensor.DimMul(s2, 2), 1)), tt.x*2+1, "2*s2 + 1")
			continue
		}
		holds(t, err != nil, "no error for", tt.x, tt.y)
		contains(t, err.Error(), tt.wantErr)
	}
}

func TestSubstitutionRespectsProps(t *testing.T) {
	s := NewScope()
	s1 := s.NewSymbol(Props{Min: 1, Divisor: 8}, "a")
	holds(t, !tensor.SameDim(s1, 12), "s1 == 12 held")
	contains(t, s.TakeConflict(), "s1 is a multiple of 8 (Symbol(divisor=8)), so it cannot be 12")
	holds(t, tensor.SameDim(s1, 16), "s1 == 16 failed")
}

func equal[T comparable](t *testing.T, got, want T, what ...any) {
	t.Helper()
	if got != want {
		t.Errorf("%v: got %v, want %v", what, got, want)
	}
}

func holds(t *testing.T, ok bool, what ...any) {
	t.Helper()
	if !ok {
		t.Fatal(what...)
	}
}

func noError(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func contains(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q does not contain %q", s, sub)
	}
}
