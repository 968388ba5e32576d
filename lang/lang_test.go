package lang

import "testing"

func TestIsComplete(t *testing.T) {
	tests := []struct {
		src  string
		want Completeness
	}{
		{"", Complete},
		{"1 + 1\n", Complete},
		{"x = 1", Complete},
		{"print('hi')\n", Complete},
		{"def f():\n", Incomplete},
		{"def f():\n    return 1\n", Incomplete},
		{"def f():\n    return 1\n\n", Complete},
		{"if x:\n    pass\nelse:\n", Incomplete},
		{"for i in range(3):\n    print(i)\n", Incomplete},
		{"for i in range(3):\n    print(i)\n\n", Complete},
		{"x = (1,\n", Incomplete},
		{"x = [1, 2\n", Incomplete},
		{"d = {'a':\n", Incomplete},
		{"s = '''abc\n", Incomplete},
		{"x = 1 + \\\n", Incomplete},
		{"@decorator\n", Incomplete},
		{"class A:\n", Incomplete},
		{"try:\n    pass\n", Incomplete},
		{"try:\n    pass\nexcept E:\n    pass\n", Incomplete},
		{"%%time\nx = 1\n", Incomplete},
		{"%%time\nx = 1\n\n", Complete},
		{"%time x = 1\n", Complete},
		{"x?\n", Complete},
		{"x = )\n", Invalid},
		{"1 +* 2\n", Invalid},
		{"'abc\n", Invalid},
		{"return 1\n", Invalid},
		{"def f(:\n", Invalid},
		{"   \n", Complete},
		// A Jupyter console's buffer: the typed line has no newline yet.
		{"def f():\n    return 1", Incomplete},
		{"def f():\n    return 1\n    ", Complete},
		{"def f():\n    return 1\n  \n", Complete},
		{"def f():\n    if x:\n        return 1\n        ", Complete},
	}
	for _, tt := range tests {
		if got := IsComplete(tt.src); got != tt.want {
			t.Errorf("IsComplete(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestCompileReportsPositions(t *testing.T) {
	tests := []struct {
		src       string
		line, col int32
		msg       string
	}{
		{"x = (1 +\n", 1, 5, "'(' was never closed"},
		{"def f():\n    return 1\nreturn 2\n", 3, 1, "'return' outside function"},
		{"for i in x:\n    pass\nbreak\n", 3, 1, "'break' outside loop"},
		{"def f(a, a):\n    pass\n", 1, 10, "duplicate argument 'a' in function definition"},
		{"def f():\n    x = 1\n    global x\n", 3, 12, "name 'x' is assigned to before global declaration"},
		{"nonlocal x\n", 1, 1, "nonlocal declaration not allowed at module level"},
		{"def f():\n    nonlocal y\n", 2, 14, "no binding for nonlocal 'y' found"},
		{"a, *b, *c = x\n", 1, 1, "multiple starred expressions in assignment"},
		{"x = yield 1\n", 1, 5, "'yield' outside function"},
		{"[(yield x) for x in y]\n", 1, 3, "'yield' inside list comprehension"},
		{"def f():\n    print(x)\n    global x\n", 3, 12, "name 'x' is used prior to global declaration"},
	}
	for _, tt := range tests {
		_, err := Compile("t.py", tt.src)
		if err == nil {
			t.Errorf("Compile(%q) succeeded, want %q", tt.src, tt.msg)
			continue
		}
		e, ok := err.(interface{ Error() string })
		if !ok {
			t.Fatal(err)
		}
		want := "t.py:" + itoa(tt.line) + ":" + itoa(tt.col) + ": SyntaxError: " + tt.msg
		if e.Error() != want {
			t.Errorf("Compile(%q) error\n got  %s\n want %s", tt.src, e.Error(), want)
		}
	}
}

func itoa(i int32) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
