package interp

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"time"
	"weak"

	"msrepl/devices"
	"msrepl/devices/cpu"
	"msrepl/graphmode/capture"
	"msrepl/graphmode/compilecache"
	"msrepl/ops"
	"msrepl/tensor"
)

// msRuntime is a session's tensor runtime: the device, the builder that
// primitives are applied through, the random stream and the options that
// set_context stores.
type msRuntime struct {
	// lastGraph is the graph that ran last, which %ir without a name
	// shows.
	lastGraph *compiledGraph
	dev       *cpu.Device
	ctx       *ops.Ctx
	builder   ops.Builder
	options   *Dict
	seed      Value // the last set_seed, or None
	scalars   scalarCache
	// cellGraphs are the compiled constructs of Cells called in
	// GRAPH_MODE.
	cellGraphs map[*Instance]*jitFunction
	// cellInputs are the input signatures Cell.set_inputs gave.
	cellInputs map[*Instance]Tuple
	// captureReads collects what the capture under way reads from the
	// host, for its cache entry's guards.
	captureReads *captureReads
	// recording is the trace recording under way (capture_mode="trace").
	recording *traceRecording
	// graphCells are the %%graph cells' compiled graphs, by source.
	graphCells map[string]*graphCell
	// stdout is where the Print primitive writes: the output of the
	// thread that applied or ran it last.
	stdout io.Writer
	// params finds the Parameter whose data a tensor is, so that capture
	// makes it a weight wherever the code found it (an attribute, a
	// closure, a global). Weak on both sides: it keeps nothing alive.
	params map[weak.Pointer[tensor.Tensor]]weak.Pointer[Tensor]
	// compileStore is the compile cache on disk at compileStorePath,
	// opened on first use (compilecache.go).
	compileStore     *compilecache.Store
	compileStorePath string
}

// trackParam records p's current data as p's, for paramOf.
func (th *Thread) trackParam(p *Tensor) *Tensor {
	rt := th.ms()
	if rt.params == nil {
		rt.params = map[weak.Pointer[tensor.Tensor]]weak.Pointer[Tensor]{}
	}
	rt.params[weak.Make(p.t)] = weak.Make(p)
	return p
}

// paramOf returns the Parameter whose data t is now.
func (th *Thread) paramOf(t *tensor.Tensor) (*Tensor, bool) {
	rt := th.ms()
	w, ok := rt.params[weak.Make(t)]
	if !ok {
		return nil, false
	}
	p := w.Value()
	return p, p != nil && p.t == t
}

// graphMode reports whether set_context(mode=GRAPH_MODE) is in force.
func (rt *msRuntime) graphMode() bool {
	m, _ := rt.options.GetStr("mode")
	return m == MakeInt(graphMode)
}

// DefaultMemoryLimit is the CPU device's limit until
// set_context(max_device_memory=...) changes it.
const DefaultMemoryLimit = 8 << 30

func newMSRuntime() *msRuntime {
	dev := cpu.New(DefaultMemoryLimit)
	ctx := &ops.Ctx{Dev: dev, Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0))}
	rt := &msRuntime{dev: dev, ctx: ctx, builder: &ops.Eager{Ctx: ctx}, options: NewDict(0), seed: None,
		stdout: io.Discard}
	ctx.Print = func(text string) { io.WriteString(rt.stdout, text) }
	cacheOn, cachePath := compileCacheDefaults()
	for _, kv := range []struct {
		k string
		v Value
	}{
		{"mode", MakeInt(pynativeMode)},
		{"device_target", Str("CPU")},
		{"device_id", MakeInt(0)},
		{"jit_syntax_level", MakeInt(jitLax)},
		{"max_call_depth", MakeInt(1000)},
		{"enable_compile_cache", cacheOn},
		{"compile_cache_path", cachePath},
		{"save_graphs", False},
		{"save_graphs_path", Str(".")},
		{"max_device_memory", Str("8GB")},
	} {
		rt.options.SetStr(kv.k, kv.v)
	}
	return rt
}

// The values of set_context's mode and jit_syntax_level.
const (
	graphMode     = 0
	pynativeMode  = 1
	jitStrict     = 0
	jitCompatible = 1
	jitLax        = 2
)

// ms returns the session's tensor runtime, made on first use.
func (th *Thread) ms() *msRuntime {
	s := th.session
	if s.msrt == nil {
		s.msrt = newMSRuntime()
	}
	return s.msrt
}

// apply runs a primitive through the session's builder and returns its
// outputs as tensors.
func (th *Thread) apply(p *ops.Primitive, attrs ops.Attrs, args ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	rt := th.ms()
	rt.ctx.Context = th.ctx
	rt.stdout = th.stdout
	if e, ok := rt.builder.(*ops.Eager); ok {
		out, err := e.Run(p, attrs, args)
		if err != nil {
			return nil, opsError(err)
		}
		return out, nil
	}
	in := make([]ops.Value, len(args))
	for i, a := range args {
		in[i] = a
	}
	out, err := rt.builder.Apply(p, attrs, in...)
	if err != nil {
		return nil, opsError(err)
	}
	res := make([]*tensor.Tensor, len(out))
	for i, v := range out {
		res[i] = v.(*tensor.Tensor)
	}
	return res, nil
}

// apply1 runs a primitive and gives its first output. Eagerly it runs
// through Eager.Run1, where args does not escape: an operation on a
// small tensor allocates no slice.
func (th *Thread) apply1(p *ops.Primitive, attrs ops.Attrs, args ...*tensor.Tensor) (*tensor.Tensor, error) {
	rt := th.ms()
	if e, ok := rt.builder.(*ops.Eager); ok {
		rt.ctx.Context = th.ctx
		rt.stdout = th.stdout
		out, err := e.Run1(p, attrs, args...)
		if err != nil {
			return nil, opsError(err)
		}
		return out, nil
	}
	out, err := th.apply(p, attrs, slices.Clone(args)...)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// newTensor allocates a zeroed tensor on the session's device.
func (th *Thread) newTensor(dt tensor.DType, shape tensor.Shape) (*tensor.Tensor, error) {
	t, err := tensor.New(th.ms().dev, dt, shape)
	if err != nil {
		return nil, opsError(err)
	}
	return t, nil
}

// opsError turns the errors of primitives and devices into the Python
// exceptions the user sees.
func opsError(err error) error {
	var e *ops.Error
	if errors.As(err, &e) {
		cls := ValueErrorClass
		switch e.Kind {
		case ops.TypeError:
			cls = TypeErrorClass
		case ops.IndexError:
			cls = IndexErrorClass
		case ops.RuntimeError:
			cls = RuntimeErrorClass
		}
		msg := e.Msg
		var conflict *capture.ShapeConflict
		if errors.As(err, &conflict) {
			msg += "\nThe shapes are symbolic, and " + conflict.Conflict + "."
		}
		return Errorf(cls, "%s", msg)
	}
	var oom *devices.OutOfMemoryError
	if errors.As(err, &oom) {
		return Errorf(MemoryErrorClass, "%s", oom.Error())
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return NewException(KeyboardInterruptClass)
	}
	var exc *Exception
	if errors.As(err, &exc) {
		return exc
	}
	return Errorf(RuntimeErrorClass, "%s", err.Error())
}
