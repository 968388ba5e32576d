package interp

import (
	"fmt"

	"msrepl/lang/compile"
)

// An Exception is an instance of BaseException or of a class derived from
// it. It is also the Go error that carries a raised exception through the
// interpreter.
type Exception struct {
	class *Class
	dict  *Dict
	Args  Tuple
	// Traceback lists where the exception passed, innermost first.
	Traceback       []TraceEntry
	Cause           *Exception
	Context         *Exception
	SuppressContext bool
	// valueNeeded marks the error of code that needed a Tensor's value
	// while a graph was captured, which JIT Fallback may run later.
	valueNeeded bool
	// graphBreak, set on the error print and other I/O raise while a
	// bytecode capture emits a segment, says why the function splits.
	graphBreak string
}

// A TraceEntry is one frame of a traceback: the code and the instruction
// that was running when the exception passed.
type TraceEntry struct {
	Code *compile.Funcode
	PC   int
	// At, when set, is the place in Code instead of PC's: where graph
	// capture was when it failed, for it runs no instruction of Code.
	At *compile.Span
}

func (e *Exception) Type() *Class { return e.class }

// Error returns "Name: message" without running user code.
func (e *Exception) Error() string {
	msg := e.message(nil)
	if msg == "" {
		return e.class.Name
	}
	return e.class.Name + ": " + msg
}

// message is str(e) for the built-in exception classes. With a thread it
// can call user __str__ methods and element reprs.
func (e *Exception) message(th *Thread) string {
	if e.class.IsSubclass(OSErrorClass) && len(e.Args) == 2 {
		// OSError(errno, strerror[, filename]), as CPython prints it.
		msg := "[Errno " + strNoThread(th, e.Args[0]) + "] " + strNoThread(th, e.Args[1])
		if fn, ok := e.dict.GetStr("filename"); ok {
			msg += ": " + reprNoThread(th, fn)
		}
		return msg
	}
	switch len(e.Args) {
	case 0:
		return ""
	case 1:
		if e.class.IsSubclass(KeyErrorClass) {
			return reprNoThread(th, e.Args[0])
		}
		return strNoThread(th, e.Args[0])
	}
	return reprNoThread(th, e.Args)
}

// NewException creates an exception of class cls with the given args. It
// copies args, which may alias the interpreter's stack.
func NewException(cls *Class, args ...Value) *Exception {
	e := &Exception{class: cls, Args: append(Tuple(nil), args...)}
	e.splitOSErrorArgs()
	return e
}

// Errorf creates an exception of class cls whose message is formatted.
func Errorf(cls *Class, format string, args ...any) *Exception {
	return NewException(cls, Str(fmt.Sprintf(format, args...)))
}

// Shorthands for the common exception classes.
func TypeErrorf(format string, args ...any) *Exception {
	return Errorf(TypeErrorClass, format, args...)
}
func ValueErrorf(format string, args ...any) *Exception {
	return Errorf(ValueErrorClass, format, args...)
}
func IndexErrorf(format string, args ...any) *Exception {
	return Errorf(IndexErrorClass, format, args...)
}
func AttributeErrorf(format string, args ...any) *Exception {
	return Errorf(AttributeErrorClass, format, args...)
}
func RuntimeErrorf(format string, args ...any) *Exception {
	return Errorf(RuntimeErrorClass, format, args...)
}
func OverflowErrorf(format string, args ...any) *Exception {
	return Errorf(OverflowErrorClass, format, args...)
}
func ZeroDivisionErrorf(format string, args ...any) *Exception {
	return Errorf(ZeroDivisionErrorClass, format, args...)
}

// The built-in exception classes, in Python's hierarchy.
var (
	BaseExceptionClass = newExceptionRoot()

	GeneratorExitClass      = exceptionClass("GeneratorExit", BaseExceptionClass)
	KeyboardInterruptClass  = exceptionClass("KeyboardInterrupt", BaseExceptionClass)
	SystemExitClass         = exceptionClass("SystemExit", BaseExceptionClass)
	StepBudgetExceededClass = exceptionClass("StepBudgetExceeded", BaseExceptionClass)
	ExceptionClass          = exceptionClass("Exception", BaseExceptionClass)

	ArithmeticErrorClass     = exceptionClass("ArithmeticError", ExceptionClass)
	FloatingPointErrorClass  = exceptionClass("FloatingPointError", ArithmeticErrorClass)
	OverflowErrorClass       = exceptionClass("OverflowError", ArithmeticErrorClass)
	ZeroDivisionErrorClass   = exceptionClass("ZeroDivisionError", ArithmeticErrorClass)
	AssertionErrorClass      = exceptionClass("AssertionError", ExceptionClass)
	AttributeErrorClass      = exceptionClass("AttributeError", ExceptionClass)
	EOFErrorClass            = exceptionClass("EOFError", ExceptionClass)
	ImportErrorClass         = exceptionClass("ImportError", ExceptionClass)
	ModuleNotFoundErrorClass = exceptionClass("ModuleNotFoundError", ImportErrorClass)
	LookupErrorClass         = exceptionClass("LookupError", ExceptionClass)
	IndexErrorClass          = exceptionClass("IndexError", LookupErrorClass)
	KeyErrorClass            = exceptionClass("KeyError", LookupErrorClass)
	MemoryErrorClass         = exceptionClass("MemoryError", ExceptionClass)
	NameErrorClass           = exceptionClass("NameError", ExceptionClass)
	UnboundLocalErrorClass   = exceptionClass("UnboundLocalError", NameErrorClass)
	OSErrorClass             = exceptionClass("OSError", ExceptionClass)
	FileNotFoundErrorClass   = exceptionClass("FileNotFoundError", OSErrorClass)
	FileExistsErrorClass     = exceptionClass("FileExistsError", OSErrorClass)
	PermissionErrorClass     = exceptionClass("PermissionError", OSErrorClass)
	IsADirectoryErrorClass   = exceptionClass("IsADirectoryError", OSErrorClass)
	TimeoutErrorClass        = exceptionClass("TimeoutError", OSErrorClass)
	RuntimeErrorClass        = exceptionClass("RuntimeError", ExceptionClass)
	NotImplementedErrorClass = exceptionClass("NotImplementedError", RuntimeErrorClass)
	RecursionErrorClass      = exceptionClass("RecursionError", RuntimeErrorClass)
	StopIterationClass       = exceptionClass("StopIteration", ExceptionClass)
	SyntaxErrorClass         = exceptionClass("SyntaxError", ExceptionClass)
	IndentationErrorClass    = exceptionClass("IndentationError", SyntaxErrorClass)
	TabErrorClass            = exceptionClass("TabError", IndentationErrorClass)
	SystemErrorClass         = exceptionClass("SystemError", ExceptionClass)
	TypeErrorClass           = exceptionClass("TypeError", ExceptionClass)
	ValueErrorClass          = exceptionClass("ValueError", ExceptionClass)
	UnicodeErrorClass        = exceptionClass("UnicodeError", ValueErrorClass)
	WarningClass             = exceptionClass("Warning", ExceptionClass)
	UserWarningClass         = exceptionClass("UserWarning", WarningClass)
	DeprecationWarningClass  = exceptionClass("DeprecationWarning", WarningClass)
	RuntimeWarningClass      = exceptionClass("RuntimeWarning", WarningClass)
	FutureWarningClass       = exceptionClass("FutureWarning", WarningClass)
)

// builtinExceptions are the exception classes that are builtins.
var builtinExceptions = []*Class{
	BaseExceptionClass, GeneratorExitClass, KeyboardInterruptClass, SystemExitClass, ExceptionClass,
	ArithmeticErrorClass, FloatingPointErrorClass, OverflowErrorClass, ZeroDivisionErrorClass,
	AssertionErrorClass, AttributeErrorClass, EOFErrorClass, ImportErrorClass, ModuleNotFoundErrorClass,
	LookupErrorClass, IndexErrorClass, KeyErrorClass, MemoryErrorClass, NameErrorClass,
	UnboundLocalErrorClass, OSErrorClass, FileNotFoundErrorClass, FileExistsErrorClass,
	PermissionErrorClass, IsADirectoryErrorClass, TimeoutErrorClass, RuntimeErrorClass,
	NotImplementedErrorClass, RecursionErrorClass, StopIterationClass, SyntaxErrorClass,
	IndentationErrorClass, TabErrorClass, SystemErrorClass, TypeErrorClass, ValueErrorClass,
	UnicodeErrorClass, WarningClass, UserWarningClass, DeprecationWarningClass, RuntimeWarningClass,
	FutureWarningClass,
}

func newExceptionRoot() *Class {
	c := NewBuiltinClass("BaseException", ObjectClass, nil)
	c.InitAfterNew = true
	return c
}

func exceptionClass(name string, base *Class) *Class {
	return NewBuiltinClass(name, base, nil)
}

// newException builds an exception instance; BaseException.__init__ then
// sets its args, as in CPython, where both take the arguments.
func newException(th *Thread, cls *Class, args []Value, kwnames []string) (Value, error) {
	n := len(args) - len(kwnames)
	e := &Exception{class: cls, Args: append(Tuple(nil), args[:n]...)}
	e.splitOSErrorArgs()
	return e, nil
}

// splitOSErrorArgs keeps OSError(errno, strerror, filename) as CPython
// does: args is (errno, strerror), the filename an attribute.
func (e *Exception) splitOSErrorArgs() {
	if e.class.IsSubclass(OSErrorClass) && len(e.Args) >= 3 && len(e.Args) <= 5 {
		e.instanceDict().SetStr("filename", e.Args[2])
		e.Args = e.Args[:2]
	}
}

func init() {
	BaseExceptionClass.New = newException
	defMethods(BaseExceptionClass, map[string]BuiltinFunc{
		"__init__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			e, ok := args[0].(*Exception)
			if !ok {
				return nil, TypeErrorf("descriptor '__init__' requires a 'BaseException' object")
			}
			if len(kwnames) > 0 && e.class == BaseExceptionClass {
				return nil, TypeErrorf("BaseException() takes no keyword arguments")
			}
			e.Args = append(Tuple(nil), args[1:len(args)-len(kwnames)]...)
			e.splitOSErrorArgs()
			return None, nil
		},
		"__str__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			e, ok := args[0].(*Exception)
			if !ok {
				return nil, TypeErrorf("descriptor '__str__' requires a 'BaseException' object")
			}
			return Str(e.message(th)), nil
		},
		"__repr__": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			e, ok := args[0].(*Exception)
			if !ok {
				return nil, TypeErrorf("descriptor '__repr__' requires a 'BaseException' object")
			}
			if len(e.Args) == 1 {
				return Str(e.class.Name + "(" + reprNoThread(th, e.Args[0]) + ")"), nil
			}
			return Str(e.class.Name + reprNoThread(th, e.Args)), nil
		},
		"with_traceback": func(th *Thread, args []Value, kwnames []string) (Value, error) {
			return args[0], nil
		},
	})
}

// Attr gives the built-in attributes of exceptions; others live in the
// instance dict or the class.
func (e *Exception) Attr(th *Thread, name string) (Value, bool, error) {
	switch name {
	case "args":
		return e.Args, true, nil
	case "__cause__":
		return excOrNone(e.Cause), true, nil
	case "__context__":
		return excOrNone(e.Context), true, nil
	case "__suppress_context__":
		return Bool(e.SuppressContext), true, nil
	case "__traceback__":
		return None, true, nil
	case "__dict__":
		return e.instanceDict(), true, nil
	}
	if v, ok := e.dict.GetStr(name); ok {
		return v, true, nil
	}
	switch {
	case e.class.IsSubclass(OSErrorClass) && (name == "errno" || name == "strerror"):
		if len(e.Args) == 2 {
			return e.Args[map[string]int{"errno": 0, "strerror": 1}[name]], true, nil
		}
		return None, true, nil
	case e.class.IsSubclass(OSErrorClass) && name == "filename":
		return None, true, nil
	case (name == "name" || name == "path") && e.class.IsSubclass(ImportErrorClass),
		name == "name" && (e.class.IsSubclass(NameErrorClass) || e.class.IsSubclass(AttributeErrorClass)),
		name == "obj" && e.class.IsSubclass(AttributeErrorClass):
		return None, true, nil
	case name == "value" && e.class.IsSubclass(StopIterationClass),
		name == "code" && e.class.IsSubclass(SystemExitClass):
		if len(e.Args) == 0 {
			return None, true, nil
		}
		return e.Args[0], true, nil
	}
	return nil, false, nil
}

// AttrNames lists the built-in attributes of exceptions.
func (e *Exception) AttrNames() []string {
	return append([]string{"args", "__cause__", "__context__", "__suppress_context__", "__traceback__"}, e.dict.StrKeys()...)
}

// SetAttr sets an exception attribute.
func (e *Exception) SetAttr(th *Thread, name string, v Value) error {
	switch name {
	case "args":
		t, err := th.toTuple(v)
		if err != nil {
			return err
		}
		e.Args = t
		return nil
	case "__cause__", "__context__":
		var x *Exception
		if v != None {
			var ok bool
			if x, ok = v.(*Exception); !ok {
				return TypeErrorf("exception cause must be None or derive from BaseException")
			}
		}
		if name == "__cause__" {
			e.Cause = x
			e.SuppressContext = true
		} else {
			e.Context = x
		}
		return nil
	case "__suppress_context__":
		t, err := th.Truth(v)
		e.SuppressContext = t
		return err
	}
	e.instanceDict().SetStr(name, v)
	return nil
}

func (e *Exception) instanceDict() *Dict {
	if e.dict == nil {
		e.dict = NewDict(0)
	}
	return e.dict
}

func excOrNone(e *Exception) Value {
	if e == nil {
		return None
	}
	return e
}

// asException converts an error from Go code into the exception to raise.
// Errors that are not exceptions are bugs in a builtin; they surface as
// SystemError rather than crashing the session.
func asException(err error) *Exception {
	if e, ok := err.(*Exception); ok {
		return e
	}
	return Errorf(SystemErrorClass, "%v", err)
}

// IsInstanceOf reports whether err is an exception of class cls.
func IsInstanceOf(err error, cls *Class) bool {
	e, ok := err.(*Exception)
	return ok && e.class.IsSubclass(cls)
}
