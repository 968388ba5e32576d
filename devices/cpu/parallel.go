package cpu

import (
	"runtime"
	"sync"
)

// Grain is the least work, in elements, worth a part on another core.
// Below it a kernel runs on the calling goroutine: handing a chunk over
// costs about a microsecond, which is what a core needs for this many
// simple elements.
const Grain = 1 << 15

// Workers is how many goroutines a large kernel is split across.
var Workers = runtime.GOMAXPROCS(0)

// For runs body over [0, n) in contiguous chunks. It splits the range
// across Workers parts when n*cost reaches Grain, where cost is the
// relative work per index (1 for an elementwise op, the row length for a
// reduction over rows): the caller's and the helpers' (helper).
func For(n, cost int, body func(lo, hi int)) {
	if cost < 1 {
		cost = 1
	}
	parts := min(Workers, n*cost/Grain)
	if parts <= 1 || n <= 1 {
		body(0, n)
		return
	}
	forParallel(n, parts, body)
}

// forParallel is For's split across the helpers and the caller, apart so
// that For itself stays small enough to inline and a small loop's body
// closure need not escape to the heap. The caller runs the first chunk;
// each other chunk goes to an idle helper, or, when none is idle (a For
// inside a chunk), to a goroutine of its own.
func forParallel(n, parts int, body func(lo, hi int)) {
	parts = min(parts, n)
	chunk := (n + parts - 1) / parts
	var wg sync.WaitGroup
	var claimed []*helper
	for lo := chunk; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		if h := claim(); h != nil {
			f := func() { body(lo, hi) }
			h.post(&f)
			claimed = append(claimed, h)
			continue
		}
		wg.Go(func() { body(lo, hi) })
	}
	body(0, min(chunk, n))
	for _, h := range claimed {
		h.collect()
	}
	wg.Wait()
}

// Both runs f on the calling goroutine and g on an idle helper, as For
// runs its chunks, and returns when both have returned; with one worker
// it runs them in turn. The caller runs two independent kernels that
// would each leave a core idle, such as a layer's two gradient products.
func Both(f, g func()) {
	if Workers < 2 {
		f()
		g()
		return
	}
	forParallel(2, 2, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if i == 0 {
				f()
			} else {
				g()
			}
		}
	})
}
