package compile

import "fmt"

// An Opcode is a bytecode operation.
type Opcode uint8

// An Instr is one instruction: the opcode in the low 8 bits and its
// argument in the high 24 bits. Fixed-width instructions decode with a shift
// and a mask, which keeps the interpreter's dispatch loop tight.
type Instr uint32

// MaxArg is the largest instruction argument.
const MaxArg = 1<<24 - 1

// CallArgs flags the LIST_EXTEND and MAP_ADD that build the arguments of a
// call f(*a, **k): errors then name the function, which is on the stack just
// below the arguments being built.
const CallArgs = 1 << 8

// Op returns the instruction's opcode.
func (i Instr) Op() Opcode { return Opcode(i) }

// Arg returns the instruction's argument.
func (i Instr) Arg() uint32 { return uint32(i) >> 8 }

// MakeInstr encodes an instruction.
func MakeInstr(op Opcode, arg uint32) Instr { return Instr(uint32(op) | arg<<8) }

// The opcodes. Stack effects are written [before] -> [after], top on the right.
const (
	NOP Opcode = iota

	POP_TOP   // [x] -> []
	DUP_TOP   // [x] -> [x x]
	DUP_TOP2  // [x y] -> [x y x y]
	ROT_TWO   // [x y] -> [y x]
	ROT_THREE // [x y z] -> [z x y]
	ROT_FOUR  // [w x y z] -> [z w x y]

	LOAD_CONST      // [] -> [Consts[arg]]
	LOAD_FAST       // [] -> [local arg]; UnboundLocalError if unset
	STORE_FAST      // [v] -> []
	DELETE_FAST     //
	LOAD_DEREF      // [] -> [cell arg's value]
	STORE_DEREF     // [v] -> []
	DELETE_DEREF    //
	LOAD_CLOSURE    // [] -> [the cell object in slot arg]
	LOAD_GLOBAL     // [] -> [global Program.Globals[arg], else the builtin]
	STORE_GLOBAL    // [v] -> []
	DELETE_GLOBAL   //
	LOAD_NAME       // class body: namespace, then global, then builtin Program.Globals[arg]
	STORE_NAME      // class body: namespace[Program.Globals[arg]] = v
	DELETE_NAME     //
	LOAD_CLASSDEREF // class body: namespace, then the cell in slot arg

	LOAD_ATTR     // [x] -> [x.Names[arg]]
	STORE_ATTR    // [v x] -> []          x.Names[arg] = v
	DELETE_ATTR   // [x] -> []
	LOAD_METHOD   // [x] -> [f x] for a method, or [bound NULL]
	BINARY_SUBSCR // [x k] -> [x[k]]
	STORE_SUBSCR  // [v x k] -> []         x[k] = v
	DELETE_SUBSCR // [x k] -> []
	BUILD_SLICE   // [lo hi] or [lo hi step] -> [slice]; arg is 2 or 3

	UNARY     // [x] -> [op x]; arg is a syntax.Token (PLUS MINUS TILDE)
	UNARY_NOT // [x] -> [not x]
	BINARY    // [x y] -> [x op y]; arg is a syntax.Token
	INPLACE   // [x y] -> [x op= y]; arg is the binary operator's syntax.Token
	COMPARE   // [x y] -> [x op y]; arg is a syntax.Token (LT ... IS_NOT, IN, NOT_IN)

	JUMP                 // pc = arg
	POP_JUMP_IF_FALSE    // [x] -> []; if not x: pc = arg
	POP_JUMP_IF_TRUE     // [x] -> []
	JUMP_IF_FALSE_OR_POP // [x] -> [x] and jump if falsy, else []
	JUMP_IF_TRUE_OR_POP  // [x] -> [x] and jump if truthy, else []
	GET_ITER             // [x] -> [iter(x)]
	FOR_ITER             // [it] -> [it next], or [] and pc = arg when exhausted
	POP_ITER             // [it] -> []; a for loop left early, by break or return

	BUILD_TUPLE   // [x1..xn] -> [tuple]
	BUILD_LIST    // [x1..xn] -> [list]
	BUILD_SET     // [x1..xn] -> [set]
	BUILD_MAP     // [k1 v1 .. kn vn] -> [dict]
	LIST_APPEND   // [.. list at depth arg .. x] -> [..]  (comprehensions)
	SET_ADD       // same for sets
	MAP_ADD       // [.. dict at depth arg&0xff .. k v] -> [..]; arg&CallArgs: a call's keywords, where a repeat is an error
	LIST_EXTEND   // [.. list at depth arg&0xff .. iterable] -> [..]; arg&CallArgs: the list is a call's arguments
	SET_UPDATE    // [.. set at depth arg .. iterable] -> [..]
	DICT_UPDATE   // [.. dict at depth arg .. mapping] -> [..]
	DICT_MERGE    // as DICT_UPDATE for a call's keywords: a repeated key is a TypeError (f(**a, **b)); the function is just below the arguments
	LIST_TO_TUPLE // [list] -> [tuple]
	UNPACK_SEQ    // [seq] -> [xn .. x1]; arg = n
	UNPACK_EX     // [seq] -> [after .. rest-list .. before]; arg = before | after<<12

	CALL          // [f a1..an] -> [r]; arg = n
	CALL_METHOD   // [f self-or-NULL a1..an] -> [r]; arg = n
	CALL_KW       // [f a1..an names] -> [r]; names is a constant tuple of the last len(names) args' keywords; arg = n
	CALL_EX       // [f args-tuple] or [f args-tuple kwargs-dict] -> [r]; arg&1 says kwargs are present
	MAKE_FUNCTION // [defaults kwdefaults] -> [f]; arg indexes Funcs; defaults is a tuple or None, kwdefaults a dict or None
	MAKE_CLASS    // [bases-tuple] -> [class]; arg indexes Funcs (the class body)
	RETURN_VALUE  // [x] -> return x
	YIELD_VALUE   // [x] -> [sent]
	SEND          // [it v] -> [it y] when it yields y; [r] and pc = arg when it returns r (yield from)

	RAISE              // arg 0: re-raise the exception being handled; 1: [exc]; 2: [exc cause]
	RERAISE            // [exc] -> raise exc again, keeping its traceback
	PUSH_EXC_INFO      // [exc] -> [prev exc]; exc becomes the exception being handled
	POP_EXCEPT         // [prev] -> []; prev becomes the exception being handled again
	POP_EXCEPT_RERAISE // [prev exc] -> restore prev, then re-raise exc
	CHECK_EXC_MATCH    // [exc type] -> [exc bool]
	BEFORE_WITH        // [ctx] -> [exit enter-result]
	WITH_EXCEPT        // [exit prev exc] -> [exit prev exc suppress]: calls exit(type, exc, None)
	ASSERT_FAIL        // [msg] -> raise AssertionError(msg), or AssertionError() when arg is 0

	IMPORT_NAME // [] -> [module Names[arg]]
	IMPORT_TOP  // [] -> [top-level package of module Names[arg]]
	IMPORT_FROM // [module] -> [module name.Names[arg]]
	IMPORT_STAR // [module] -> [] with its public names bound as globals

	FORMAT_VALUE // [x] or [x spec] -> [str]; arg = conversion (0 none, 1 str, 2 repr, 3 ascii) | 4 if spec present
	BUILD_STRING // [s1..sn] -> [s1+..+sn]

	MAGIC // [] -> [result]; Consts[arg] is a *Magic for the session's magic table
)

var opcodeNames = [...]string{
	NOP:                  "NOP",
	POP_TOP:              "POP_TOP",
	DUP_TOP:              "DUP_TOP",
	DUP_TOP2:             "DUP_TOP2",
	ROT_TWO:              "ROT_TWO",
	ROT_THREE:            "ROT_THREE",
	ROT_FOUR:             "ROT_FOUR",
	LOAD_CONST:           "LOAD_CONST",
	LOAD_FAST:            "LOAD_FAST",
	STORE_FAST:           "STORE_FAST",
	DELETE_FAST:          "DELETE_FAST",
	LOAD_DEREF:           "LOAD_DEREF",
	STORE_DEREF:          "STORE_DEREF",
	DELETE_DEREF:         "DELETE_DEREF",
	LOAD_CLOSURE:         "LOAD_CLOSURE",
	LOAD_GLOBAL:          "LOAD_GLOBAL",
	STORE_GLOBAL:         "STORE_GLOBAL",
	DELETE_GLOBAL:        "DELETE_GLOBAL",
	LOAD_NAME:            "LOAD_NAME",
	STORE_NAME:           "STORE_NAME",
	DELETE_NAME:          "DELETE_NAME",
	LOAD_CLASSDEREF:      "LOAD_CLASSDEREF",
	LOAD_ATTR:            "LOAD_ATTR",
	STORE_ATTR:           "STORE_ATTR",
	DELETE_ATTR:          "DELETE_ATTR",
	LOAD_METHOD:          "LOAD_METHOD",
	BINARY_SUBSCR:        "BINARY_SUBSCR",
	STORE_SUBSCR:         "STORE_SUBSCR",
	DELETE_SUBSCR:        "DELETE_SUBSCR",
	BUILD_SLICE:          "BUILD_SLICE",
	UNARY:                "UNARY",
	UNARY_NOT:            "UNARY_NOT",
	BINARY:               "BINARY",
	INPLACE:              "INPLACE",
	COMPARE:              "COMPARE",
	JUMP:                 "JUMP",
	POP_JUMP_IF_FALSE:    "POP_JUMP_IF_FALSE",
	POP_JUMP_IF_TRUE:     "POP_JUMP_IF_TRUE",
	JUMP_IF_FALSE_OR_POP: "JUMP_IF_FALSE_OR_POP",
	JUMP_IF_TRUE_OR_POP:  "JUMP_IF_TRUE_OR_POP",
	GET_ITER:             "GET_ITER",
	FOR_ITER:             "FOR_ITER",
	POP_ITER:             "POP_ITER",
	BUILD_TUPLE:          "BUILD_TUPLE",
	BUILD_LIST:           "BUILD_LIST",
	BUILD_SET:            "BUILD_SET",
	BUILD_MAP:            "BUILD_MAP",
	LIST_APPEND:          "LIST_APPEND",
	SET_ADD:              "SET_ADD",
	MAP_ADD:              "MAP_ADD",
	LIST_EXTEND:          "LIST_EXTEND",
	SET_UPDATE:           "SET_UPDATE",
	DICT_UPDATE:          "DICT_UPDATE",
	DICT_MERGE:           "DICT_MERGE",
	LIST_TO_TUPLE:        "LIST_TO_TUPLE",
	UNPACK_SEQ:           "UNPACK_SEQ",
	UNPACK_EX:            "UNPACK_EX",
	CALL:                 "CALL",
	CALL_METHOD:          "CALL_METHOD",
	CALL_KW:              "CALL_KW",
	CALL_EX:              "CALL_EX",
	MAKE_FUNCTION:        "MAKE_FUNCTION",
	MAKE_CLASS:           "MAKE_CLASS",
	RETURN_VALUE:         "RETURN_VALUE",
	YIELD_VALUE:          "YIELD_VALUE",
	RAISE:                "RAISE",
	RERAISE:              "RERAISE",
	PUSH_EXC_INFO:        "PUSH_EXC_INFO",
	POP_EXCEPT:           "POP_EXCEPT",
	POP_EXCEPT_RERAISE:   "POP_EXCEPT_RERAISE",
	CHECK_EXC_MATCH:      "CHECK_EXC_MATCH",
	BEFORE_WITH:          "BEFORE_WITH",
	WITH_EXCEPT:          "WITH_EXCEPT",
	ASSERT_FAIL:          "ASSERT_FAIL",
	IMPORT_NAME:          "IMPORT_NAME",
	IMPORT_TOP:           "IMPORT_TOP",
	IMPORT_FROM:          "IMPORT_FROM",
	IMPORT_STAR:          "IMPORT_STAR",
	FORMAT_VALUE:         "FORMAT_VALUE",
	BUILD_STRING:         "BUILD_STRING",
	MAGIC:                "MAGIC",
}

func (op Opcode) String() string {
	if int(op) < len(opcodeNames) && opcodeNames[op] != "" {
		return opcodeNames[op]
	}
	return fmt.Sprintf("Opcode(%d)", op)
}

// IsJump reports whether op's argument is an instruction index.
func (op Opcode) IsJump() bool {
	switch op {
	case JUMP, POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE, JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP, FOR_ITER, SEND:
		return true
	}
	return false
}

// stackEffect is the change in stack depth when op runs with argument arg and
// falls through to the next instruction. jumpEffect is the change when a
// jump is taken.
func stackEffect(op Opcode, arg uint32) int {
	switch op {
	case NOP, ROT_TWO, ROT_THREE, ROT_FOUR, UNARY, UNARY_NOT, GET_ITER, LOAD_ATTR, LIST_TO_TUPLE, JUMP,
		DELETE_FAST, DELETE_DEREF, DELETE_GLOBAL, DELETE_NAME, YIELD_VALUE, CHECK_EXC_MATCH, MAKE_CLASS, SEND:
		return 0
	case POP_TOP, POP_ITER, STORE_FAST, STORE_DEREF, STORE_GLOBAL, STORE_NAME, BINARY_SUBSCR, BINARY, INPLACE, COMPARE,
		POP_JUMP_IF_FALSE, POP_JUMP_IF_TRUE, JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP,
		LIST_APPEND, SET_ADD, LIST_EXTEND, SET_UPDATE, DICT_UPDATE, DICT_MERGE, DELETE_ATTR, POP_EXCEPT,
		IMPORT_STAR, MAKE_FUNCTION, RETURN_VALUE, RERAISE, ASSERT_FAIL:
		return -1
	case DUP_TOP, LOAD_CONST, LOAD_FAST, LOAD_DEREF, LOAD_CLOSURE, LOAD_GLOBAL, LOAD_NAME, LOAD_CLASSDEREF,
		LOAD_METHOD, FOR_ITER, PUSH_EXC_INFO, BEFORE_WITH, WITH_EXCEPT, IMPORT_NAME, IMPORT_TOP, IMPORT_FROM, MAGIC:
		return 1
	case DUP_TOP2:
		return 2
	case STORE_ATTR, DELETE_SUBSCR, MAP_ADD, POP_EXCEPT_RERAISE:
		return -2
	case STORE_SUBSCR:
		return -3
	case BUILD_SLICE, BUILD_TUPLE, BUILD_LIST, BUILD_SET, BUILD_STRING:
		return 1 - int(arg)
	case BUILD_MAP:
		return 1 - 2*int(arg)
	case UNPACK_SEQ:
		return int(arg) - 1
	case UNPACK_EX:
		return int(arg&0xfff) + int(arg>>12)
	case CALL:
		return -int(arg)
	case CALL_METHOD, CALL_KW:
		return -int(arg) - 1
	case CALL_EX:
		return -1 - int(arg&1)
	case RAISE:
		return -int(arg)
	case FORMAT_VALUE:
		if arg&4 != 0 {
			return -1
		}
		return 0
	}
	panic(fmt.Sprintf("stackEffect: unknown opcode %v", op))
}

func jumpEffect(op Opcode, arg uint32) int {
	switch op {
	case JUMP_IF_FALSE_OR_POP, JUMP_IF_TRUE_OR_POP:
		return 0
	case FOR_ITER, SEND:
		return -1
	}
	return stackEffect(op, arg)
}
