package interp

import (
	"math"
	"runtime"
)

func init() {
	RegisterModule("sys", newSysModule)
}

// stream is sys.stdout or sys.stderr: an object with write and flush that
// goes to the session's output.
type stream struct {
	name string
}

var streamClass = finalClass("TextIOWrapper")

func (*stream) Type() *Class { return streamClass }

func (s *stream) Repr(th *Thread) (string, error) { return "<sys." + s.name + ">", nil }

func init() {
	defMethods(streamClass, map[string]BuiltinFunc{
		"write": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			if err := checkArity("write", args[1:], kwnames, 1, 1); err != nil {
				return nil, err
			}
			text, ok := args[1].(Str)
			if !ok {
				return nil, TypeErrorf("write() argument must be str, not %s", TypeName(args[1]))
			}
			w := th.stdout
			if args[0].(*stream).name == "stderr" {
				w = th.stderr
			}
			if _, err := w.Write([]byte(text)); err != nil {
				return nil, Errorf(OSErrorClass, "%v", err)
			}
			return MakeInt(int64(strLen(string(text)))), nil
		},
		"flush": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return None, nil
		},
	})
}

func newSysModule(s *Session) (*Module, error) {
	m := NewModule("sys", "System-specific parameters and functions.")
	argv := make([]Value, len(s.Argv))
	for i, a := range s.Argv {
		argv[i] = Str(a)
	}
	m.Members.Set("argv", NewList(argv))
	m.Members.Set("stdout", &stream{name: "stdout"})
	m.Members.Set("stderr", &stream{name: "stderr"})
	m.Members.Set("maxsize", MakeInt(math.MaxInt64))
	m.Members.Set("platform", Str(runtime.GOOS))
	m.Members.Set("version", Str(Version+" (msrepl; Python 3.11 semantics)"))
	m.Members.Set("version_info", Tuple{MakeInt(3), MakeInt(11), MakeInt(0)})
	m.AddFunc("exit", "(status=None, /)", "Exit by raising SystemExit(status).", builtinExit)
	m.AddFunc("getrecursionlimit", "()", "Return the current value of the recursion limit.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("getrecursionlimit", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return MakeInt(int64(th.MaxDepth)), nil
	})
	m.AddFunc("setrecursionlimit", "(limit, /)", "Set the maximum depth of nested calls.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("setrecursionlimit", args, kwnames, 1, 1); err != nil {
			return nil, err
		}
		n, err := toIndex(args[0])
		if err != nil {
			return nil, err
		}
		if n < 1 {
			return nil, ValueErrorf("recursion limit must be greater or equal than 1")
		}
		if n > MaxCallDepth {
			return nil, ValueErrorf("recursion limit must not exceed %d", MaxCallDepth)
		}
		th.MaxDepth = n
		return None, nil
	})
	return m, nil
}
