package interp

import (
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

func init() {
	RegisterModule("mindspore", newMindsporeModule)
	RegisterModule("mindspore.context", newContextModule)
	RegisterModule("mindspore.common", func(s *Session) (*Module, error) {
		m := NewModule("mindspore.common", "Tensor, Parameter and dtypes.")
		importSubmodules(m)
		addDTypes(m)
		m.Members.Set("Tensor", TensorClass)
		m.Members.Set("Parameter", ParameterClass)
		m.Members.Set("Symbol", SymbolClass)
		return m, nil
	})
	RegisterModule("mindspore.common.dtype", newDTypeModule)
	RegisterModule("mindspore.dtype", newDTypeModule)
}

// importSubmodules lets m.name import the registered submodule
// "m.name", as a package's __init__ importing its submodules does:
// "import mindspore as ms; ms.ops.add" works.
func importSubmodules(m *Module) {
	m.getattr = func(th *Thread, name string) (Value, bool, error) {
		if _, ok := lookupModule(m.Name + "." + name); !ok {
			return nil, false, nil
		}
		sub, err := th.session.importModule(m.Name + "." + name)
		return sub, err == nil, err
	}
}

func addDTypes(m *Module) {
	for name, d := range mindsporeDTypeNames {
		m.Members.Set(name, dtypeValue(d))
	}
}

func newDTypeModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.common.dtype", "The dtypes of tensors.")
	addDTypes(m)
	return m, nil
}

func newMindsporeModule(s *Session) (*Module, error) {
	m := NewModule("mindspore", "MindSpore: tensors, automatic differentiation and static graphs.")
	importSubmodules(m)
	addDTypes(m)
	m.Members.Set("Tensor", TensorClass)
	m.Members.Set("Parameter", ParameterClass)
	m.Members.Set("Symbol", SymbolClass)
	m.AddFunc("ParameterTuple", "ParameterTuple(iterable)", "A tuple of Parameters.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var it Value
		if err := UnpackArgs("ParameterTuple", args, kwnames, "iterable", &it); err != nil {
			return nil, err
		}
		items, err := th.iterateAll(it)
		if err != nil {
			return nil, err
		}
		for _, p := range items {
			if t, ok := p.(*Tensor); !ok || t.param == nil {
				return nil, TypeErrorf("ParameterTuple input should be Parameter collection, but got %s.", TypeName(p))
			}
		}
		return Tuple(items), nil
	})
	m.Members.Set("__version__", Str("2.6.0"))
	addContextFuncs(m)
	addGradFuncs(m)
	addTransformFuncs(m)
	m.AddFunc("tensor", "tensor(input_data, dtype=None)", "Makes a Tensor from data.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var data, dtype Value = None, None
		if err := UnpackArgs("tensor", args, kwnames, "input_data", &data, "dtype?", &dtype); err != nil {
			return nil, err
		}
		t, err := th.tensorFromArgs("tensor", data, dtype, None, None)
		if err != nil {
			return nil, err
		}
		return NewTensor(t), nil
	})
	m.AddFunc("set_seed", "set_seed(seed)", "Seeds every random initializer, random op and numpy.random.", msSetSeed)
	m.AddFunc("get_seed", "get_seed()", "The seed set_seed set, or None.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		if err := checkArity("get_seed", args, kwnames, 0, 0); err != nil {
			return nil, err
		}
		return th.ms().seed, nil
	})
	m.AddFunc("is_tensor", "is_tensor(obj)", "Whether obj is a Tensor.", func(th *Thread, args []Value, kwnames []string) (Value, error) {
		var x Value
		if err := UnpackArgs("is_tensor", args, kwnames, "obj", &x); err != nil {
			return nil, err
		}
		_, ok := x.(*Tensor)
		return MakeBool(ok), nil
	})
	m.AddFunc("mutable", "mutable(input_data, dynamic_len=False)", "Marks a number, or the numbers in a tuple, list or dict, as variables of the graphs it is passed to: "+
		"a new value runs the same compiled graph instead of compiling another. PyNative code uses input_data as it is.", msMutable)
	m.AddFunc("jit_class", "jit_class(cls)", "Marks a class whose instances graphs use: their attributes are constants and their methods are compiled into the graph. PyNative code uses the class as it is.", msJitClass)
	m.AddFunc("jit", "jit(function=None, *, capture_mode='ast', jit_level='O0', dynamic=0, fullgraph=False, input_signature=None)",
		"Compiles a function to a static graph.", msJit)
	m.AddFunc("explain", "explain(fn, *args, **kwargs)", "Calls fn, compiled, on the arguments and explains what it compiled into: graphs, splits with their reasons and lines, JIT Fallbacks, ops per graph and guards.", msExplain)
	m.AddFunc("export", "export(net, *inputs, file_name, file_format='MINDIR')", "Compile net (a Cell or function) for inputs and write its graph and weights to file_name (.mindir is added when it has no extension). The file is msrepl's own bundle format, not MindSpore's protobuf; mindspore.load reads it.", msExport)
	m.AddFunc("load", "load(file_name, name=None)", "Read a graph written by mindspore.export or msrepl export; name picks one of several. nn.GraphCell runs it.", msLoad)
	m.AddFunc("viz", "viz(fn_or_cell=None, grad=False, collapse=False, max_nodes=300)", "A picture of the graph a jit function or Cell (or, without one, the session) last ran, or of its gradient graph: shown inline in a notebook; save(path) writes .svg, .png or .dot.", msViz)
	m.AddFunc("cache_info", "cache_info(fn_or_cell)", "A compiled function's cache: entries, compiles, hits, misses, fallbacks, compile_ms, peak_bytes and reasons.", msCacheInfo)
	return m, nil
}

func newContextModule(s *Session) (*Module, error) {
	m := NewModule("mindspore.context", "The execution context: mode, device and compile options.")
	addContextFuncs(m)
	return m, nil
}

func addContextFuncs(m *Module) {
	m.Members.Set("GRAPH_MODE", MakeInt(graphMode))
	m.Members.Set("PYNATIVE_MODE", MakeInt(pynativeMode))
	m.Members.Set("STRICT", MakeInt(jitStrict))
	m.Members.Set("COMPATIBLE", MakeInt(jitCompatible))
	m.Members.Set("LAX", MakeInt(jitLax))
	m.AddFunc("set_context", "set_context(**kwargs)", "Sets context options: mode, device_target, jit_syntax_level, max_device_memory, ...", msSetContext)
	m.AddFunc("get_context", "get_context(attr_key)", "Returns a context option.", msGetContext)
}

func msSetSeed(th *Thread, args []Value, kwnames []string) (Value, error) {
	var seed Value
	if err := UnpackArgs("set_seed", args, kwnames, "seed", &seed); err != nil {
		return nil, err
	}
	n, ok := seed.(Int)
	if !ok || n < 0 {
		return nil, ValueErrorf("The seed must be a non-negative integer, but got %s.", reprOrType(seed))
	}
	rt := th.ms()
	rt.seed = n
	rt.ctx.Rand = rand.New(rand.NewPCG(uint64(n), 0x6d737265706c))
	return None, nil
}

func msSetContext(th *Thread, args []Value, kwnames []string) (Value, error) {
	if len(args) != len(kwnames) {
		return nil, TypeErrorf("set_context() takes 0 positional arguments but %d were given", len(args)-len(kwnames))
	}
	rt := th.ms()
	pos := len(args) - len(kwnames)
	for i, k := range kwnames {
		v := args[pos+i]
		if _, known := rt.options.GetStr(k); !known {
			return nil, ValueErrorf("For 'context.set_context', the keyword argument %s is not recognized! The valid keys are %s.", k, strings.Join(contextKeys(rt), ", "))
		}
		switch k {
		case "mode":
			n, ok := v.(Int)
			if !ok || (n != graphMode && n != pynativeMode) {
				return nil, ValueErrorf("For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but got %s.", reprOrType(v))
			}
		case "device_target":
			s, ok := v.(Str)
			if !ok || s != "CPU" {
				return nil, ValueErrorf("For 'context.set_context', the argument 'device_target' must be one of the available devices ['CPU'], but got %s.", reprOrType(v))
			}
		case "jit_syntax_level":
			if n, ok := v.(Int); !ok || n < jitStrict || n > jitLax {
				return nil, ValueErrorf("For 'context.set_context', the argument 'jit_syntax_level' must be STRICT, COMPATIBLE or LAX, but got %s.", reprOrType(v))
			}
		case "max_call_depth":
			n, ok := v.(Int)
			if !ok || n <= 0 {
				return nil, ValueErrorf("For 'context.set_context', the argument 'max_call_depth' must be a positive integer, but got %s.", reprOrType(v))
			}
		case "max_device_memory":
			s, ok := v.(Str)
			limit, err := parseMemorySize(string(s))
			if !ok || err != nil {
				return nil, ValueErrorf("For 'context.set_context', the argument 'max_device_memory' must be a size such as \"4GB\" or \"512MB\", but got %s.", reprOrType(v))
			}
			rt.dev.SetLimit(limit)
		case "enable_compile_cache":
			if _, ok := v.(Bool); !ok {
				return nil, TypeErrorf("For 'context.set_context', the argument '%s' must be bool, but got %s.", k, TypeName(v))
			}
		case "compile_cache_path":
			if _, ok := v.(Str); !ok {
				return nil, TypeErrorf("For 'context.set_context', the argument '%s' must be str, but got %s.", k, TypeName(v))
			}
		}
		rt.options.SetStr(k, v)
	}
	return None, nil
}

func contextKeys(rt *msRuntime) []string {
	var keys []string
	for _, k := range rt.options.Keys() {
		keys = append(keys, string(k.(Str)))
	}
	sort.Strings(keys)
	return keys
}

// parseMemorySize reads "4GB", "512MB", "1.5GB" or a plain byte count;
// MindSpore's units are binary.
func parseMemorySize(s string) (int64, error) {
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"TB", 1 << 40}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(s), u.suffix) {
			s, mult = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 {
		return 0, strconv.ErrSyntax
	}
	return int64(f * float64(mult)), nil
}

func msGetContext(th *Thread, args []Value, kwnames []string) (Value, error) {
	var key Value
	if err := UnpackArgs("get_context", args, kwnames, "attr_key", &key); err != nil {
		return nil, err
	}
	k, _ := key.(Str)
	v, ok := th.ms().options.GetStr(string(k))
	if !ok {
		return nil, ValueErrorf("For 'context.get_context', the argument %s is not recognized! The valid keys are %s.", reprOrType(key), strings.Join(contextKeys(th.ms()), ", "))
	}
	return v, nil
}
