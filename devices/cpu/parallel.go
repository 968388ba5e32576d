package cpu

import (
	"runtime"
	"sync"
)

// Grain is the least work, in elements, worth a goroutine of its own.
// Below it a kernel runs on the calling goroutine: the handoff costs about
// a microsecond, which is what a core needs for this many simple elements.
const Grain = 1 << 15

// Workers is how many goroutines a large kernel is split across.
var Workers = runtime.GOMAXPROCS(0)

// For runs body over [0, n) in contiguous chunks. It splits the range
// across Workers goroutines when n*cost reaches Grain, where cost is the
// relative work per index (1 for an elementwise op, the row length for a
// reduction over rows).
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

// forParallel is For's split across goroutines, apart so that For itself
// stays small enough to inline and a small loop's body closure need not
// escape to the heap. Every chunk gets a goroutine and the caller waits:
// when the caller ran the first chunk itself, the goroutine it had just
// started sat in its P's runnext slot, which an idle P steals only after
// a pause, and the second core started late (LeNet5's step was 20%
// slower).
func forParallel(n, parts int, body func(lo, hi int)) {
	parts = min(parts, n)
	var wg sync.WaitGroup
	chunk := (n + parts - 1) / parts
	for lo := 0; lo < n; lo += chunk {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			body(lo, hi)
		}(lo, min(lo+chunk, n))
	}
	wg.Wait()
}
