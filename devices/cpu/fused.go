package cpu

import "sync"

// A Pointwise is an elementwise operation a fused program can run: a
// unary op (Arity 1) or a binary one.
type Pointwise struct {
	Arity  int
	Unary  UnaryOp
	Binary BinaryOp
}

// A FusedOp is one operation of a fused program: Op on the values in
// slots X (and Y), written to slot Out.
type FusedOp struct {
	Op   Pointwise
	X, Y int
	Out  int
}

// A FusedProgram is a chain of elementwise operations over one shape, run
// blockwise (RunFused): for each block of fusedBlock elements, every op
// runs in turn on the block, so that the values between them stay in the
// cache and only the inputs and outputs travel to memory. Slots
// [0, Inputs) hold the inputs, the next Temps the intermediates, and the
// last len(Outputs) the outputs, which are written where they belong.
type FusedProgram struct {
	Ops    []FusedOp
	Inputs int
	Temps  int
	// Outputs are the outputs' values, numbered as NewFusedProgram's.
	Outputs []int
}

// fusedBlock is the elements of a block. Each op of a program costs a
// call per block, so blocks are as large as keeps a few slots of them in
// the 1 MiB L2: on the 100-op chains (BenchmarkRunFused, interleaved runs)
// 8192 elements ran 10–15% faster than 2048, which fit the 48 KiB L1, and
// 16384 no faster.
const fusedBlock = 8192

// NewFusedProgram lays out a program given in single assignment: values
// 0 to inputs−1 are the inputs, and op k (whose Out is ignored) makes
// value inputs+k from earlier values. outputs lists the values the
// program gives. Intermediates share slots once dead, so a long chain
// needs a few blocks of scratch, not one per op; an op may write the slot
// it reads, which elementwise kernels allow.
func NewFusedProgram(inputs int, ops []FusedOp, outputs []int) *FusedProgram {
	p := &FusedProgram{Inputs: inputs, Outputs: outputs}
	last := make([]int, inputs+len(ops)) // the last op that reads each value
	for k, op := range ops {
		last[op.X] = k
		if op.Op.Arity == 2 {
			last[op.Y] = k
		}
	}
	outSlot := map[int]int{}
	for j, v := range outputs {
		outSlot[v] = j
	}
	slot := make([]int, inputs+len(ops))
	for i := range inputs {
		slot[i] = i
	}
	var free []int
	release := func(v, k int) {
		if v >= inputs && last[v] == k {
			if _, out := outSlot[v]; !out {
				free = append(free, slot[v])
			}
		}
	}
	p.Ops = make([]FusedOp, len(ops))
	for k, op := range ops {
		v := inputs + k
		op.X, op.Y = slot[op.X], slot[op.Y]
		release(ops[k].X, k)
		if op.Op.Arity == 2 && ops[k].Y != ops[k].X {
			release(ops[k].Y, k)
		}
		switch j, out := outSlot[v]; {
		case out:
			slot[v] = -1 - j // placed once Temps is known
		case len(free) > 0:
			slot[v] = free[len(free)-1]
			free = free[:len(free)-1]
		default:
			slot[v] = inputs + p.Temps
			p.Temps++
		}
		op.Out = slot[v]
		p.Ops[k] = op
	}
	outBase := inputs + p.Temps
	fix := func(s int) int {
		if s < 0 {
			return outBase - 1 - s
		}
		return s
	}
	for k := range p.Ops {
		op := &p.Ops[k]
		op.X, op.Y, op.Out = fix(op.X), fix(op.Y), fix(op.Out)
	}
	return p
}

// A FusedInput is an input of a fused program: its data, and its strides
// over the program's shape (BroadcastStrides): nil for data of that
// shape, all zero for one element read everywhere.
type FusedInput[T Float] struct {
	Data    []T
	Strides []int
}

// RunFused runs p over shape, writing outs (each of shape's size).
func RunFused[T Float](p *FusedProgram, shape []int, outs [][]T, ins []FusedInput[T]) {
	n := len(outs[0])
	blocks := (n + fusedBlock - 1) / fusedBlock
	For(blocks, len(p.Ops)*fusedBlock, func(lo, hi int) {
		w := newFusedWorker(p, shape, outs, ins, min(n, fusedBlock))
		defer w.release()
		for b := lo; b < hi; b++ {
			w.block(b*fusedBlock, min(n, (b+1)*fusedBlock))
		}
	})
}

// RunFusedReduce runs p, a program with one output, over shape and gives
// that output reduced over all its elements by op (ReduceSum, ReduceMax
// or ReduceMin) instead of writing it: the elementwise chain fused into
// the reduction it feeds, so the values reduced never reach memory. Each
// block is folded as Reduce folds a run, and the blocks' results are
// combined in order: for a sum a block is one of Reduce's sumChunk
// pieces, summed pairwise and added from 0; a max or min starts from the
// block's first element. So the result is Reduce's bit for bit. A max
// or min of no elements has no value: the caller rejects it.
func RunFusedReduce[T Float](p *FusedProgram, shape []int, op ReduceOp, ins []FusedInput[T]) T {
	n := 1
	for _, d := range shape {
		n *= d
	}
	blocks := (n + fusedBlock - 1) / fusedBlock
	parts := make([]T, blocks)
	For(blocks, len(p.Ops)*fusedBlock, func(lo, hi int) {
		w := newFusedWorker(p, shape, nil, ins, min(n, fusedBlock))
		defer w.release()
		for b := lo; b < hi; b++ {
			end := min(n, (b+1)*fusedBlock)
			w.block(b*fusedBlock, end)
			parts[b] = foldPiece(op, w.local[:end-b*fusedBlock])
		}
	})
	var start T // a sum's, from 0; a max's or min's, its first piece's
	if op != ReduceSum {
		start = parts[0]
	}
	return combinePieces(op, start, parts)
}

// RunFusedReduceRuns runs p, a program with one output, over shape and
// reduces that output by op over each run of runLen consecutive elements
// (the reduced trailing axes), writing the runs' results to dst in order:
// the elementwise chain fused into a reduction over its innermost axes.
// Each run is folded as Reduce folds it, from 0 for a sum and from its
// first element for a max or min, in pieces that start sumChunk elements
// apart (fusedBlock is sumChunk), so dst is Reduce's bit for bit. Short
// runs are computed several to a block. runLen is at least 1.
func RunFusedReduceRuns[T Float](p *FusedProgram, shape []int, op ReduceOp, ins []FusedInput[T], runLen int, dst []T) {
	if runLen <= fusedBlock {
		per := fusedBlock / runLen
		blocks := (len(dst) + per - 1) / per
		For(blocks, per*runLen*len(p.Ops), func(lo, hi int) {
			w := newFusedWorker(p, shape, nil, ins, min(len(dst), per)*runLen)
			defer w.release()
			for b := lo; b < hi; b++ {
				first, end := b*per, min(len(dst), (b+1)*per)
				w.block(first*runLen, end*runLen)
				for o := first; o < end; o++ {
					run := w.local[(o-first)*runLen : (o-first+1)*runLen]
					dst[o] = fold(op, foldStart(op, run), run)
				}
			}
		})
		return
	}
	For(len(dst), runLen*len(p.Ops), func(lo, hi int) {
		w := newFusedWorker(p, shape, nil, ins, fusedBlock)
		defer w.release()
		for o := lo; o < hi; o++ {
			var acc T
			for at := 0; at < runLen; at += fusedBlock {
				end := min(runLen, at+fusedBlock)
				w.block(o*runLen+at, o*runLen+end)
				piece := w.local[:end-at]
				if at == 0 {
					acc = foldStart(op, piece)
				}
				acc = fold(op, acc, piece)
			}
			dst[o] = acc
		}
	})
}

// foldStart is where Reduce starts folding a run: 0 for a sum, the run's
// first element for a max or min.
func foldStart[T Number](op ReduceOp, run []T) T {
	if op == ReduceMax || op == ReduceMin {
		return run[0]
	}
	return identity[T](op)
}

// A fusedWorker runs blocks of a program on one goroutine, with scratch
// blocks of its own.
type fusedWorker[T Float] struct {
	p     *FusedProgram
	shape []int
	outs  [][]T
	// local, when outs is nil, is the one output's block, in scratch: a
	// program whose output is reduced as it is made (RunFusedReduce).
	local   []T
	ins     []FusedInput[T]
	scratch *[]T
	slots   [][]T // each slot's block: views of the inputs, outputs or scratch
	scalar  []bool
	idx     []int // a gathered input's position, for gatherBlock
}

var scratchPool32, scratchPool64 sync.Pool

func scratchPool[T Float]() *sync.Pool {
	var z T
	if _, ok := any(z).(float32); ok {
		return &scratchPool32
	}
	return &scratchPool64
}

// newFusedWorker makes a worker for blocks of at most block elements: a
// tensor smaller than fusedBlock needs, and fills, no more.
func newFusedWorker[T Float](p *FusedProgram, shape []int, outs [][]T, ins []FusedInput[T], block int) *fusedWorker[T] {
	slots := p.Inputs + p.Temps + len(p.Outputs)
	w := &fusedWorker[T]{p: p, shape: shape, outs: outs, ins: ins, slots: make([][]T, slots), scalar: make([]bool, slots)}
	// Scratch: a block per temporary, and per input that is not read in
	// place (one element, filled once; or broadcast, gathered per block).
	need := p.Temps
	if outs == nil {
		need++
	}
	for _, in := range ins {
		if in.Strides != nil {
			need++
		}
	}
	pool := scratchPool[T]()
	s, _ := pool.Get().(*[]T)
	if s == nil || cap(*s) < need*block {
		b := make([]T, need*block)
		s = &b
	}
	w.scratch = s
	buf := (*s)[:need*block]
	next := func() []T {
		b := buf[:block:block]
		buf = buf[block:]
		return b
	}
	for i, in := range ins {
		switch {
		case in.Strides == nil:
		case isScalar(in.Strides):
			b := next()
			for j := range b {
				b[j] = in.Data[0]
			}
			w.slots[i], w.scalar[i] = b, true
		default:
			w.slots[i] = next()
		}
	}
	for t := range p.Temps {
		w.slots[p.Inputs+t] = next()
	}
	if outs == nil {
		w.local = next()
		w.slots[p.Inputs+p.Temps] = w.local
	}
	return w
}

func (w *fusedWorker[T]) release() { scratchPool[T]().Put(w.scratch) }

func isScalar(strides []int) bool {
	for _, s := range strides {
		if s != 0 {
			return false
		}
	}
	return true
}

// block runs the program on elements [lo, hi).
func (w *fusedWorker[T]) block(lo, hi int) {
	n := hi - lo
	p := w.p
	for i, in := range w.ins {
		switch {
		case in.Strides == nil:
			w.slots[i] = in.Data[lo:hi]
		case isScalar(in.Strides):
		default:
			w.gather(w.slots[i][:n], in, lo)
		}
	}
	outBase := p.Inputs + p.Temps
	for j, o := range w.outs {
		w.slots[outBase+j] = o[lo:hi]
	}
	for _, op := range p.Ops {
		dst, x := w.slots[op.Out][:n], w.slots[op.X][:n]
		switch {
		case op.Op.Arity == 1:
			unaryRun(op.Op.Unary, dst, x)
		case w.scalar[op.Y]:
			// One element broadcast in a register reads half the memory.
			binaryRun(op.Op.Binary, dst, x, w.slots[op.Y][:1], 1, 0)
		default:
			binaryRun(op.Op.Binary, dst, x, w.slots[op.Y][:n], 1, 1)
		}
	}
}

// gather copies the elements lo, lo+1, … of a broadcast input, as laid
// out over the program's shape, to dst.
func (w *fusedWorker[T]) gather(dst []T, in FusedInput[T], lo int) {
	shape := w.shape
	last := len(shape) - 1
	if cap(w.idx) < len(shape) {
		w.idx = make([]int, len(shape))
	}
	idx := w.idx[:len(shape)]
	off, r := 0, lo
	for d := last; d >= 0; d-- {
		idx[d] = r % shape[d]
		r /= shape[d]
		off += idx[d] * in.Strides[d]
	}
	inner, rowLen := in.Strides[last], shape[last]
	for k := 0; k < len(dst); {
		run := min(rowLen-idx[last], len(dst)-k)
		if inner == 0 {
			v := in.Data[off]
			for j := range run {
				dst[k+j] = v
			}
		} else {
			copy(dst[k:k+run], in.Data[off:off+run])
		}
		k += run
		// Step to the next row: carry through the outer dims.
		off += (run - 1) * inner
		idx[last] += run - 1
		for d := last; d >= 0; d-- {
			idx[d]++
			off += in.Strides[d]
			if idx[d] < shape[d] || d == 0 {
				break
			}
			off -= idx[d] * in.Strides[d]
			idx[d] = 0
		}
	}
}
