package cpu

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// A helper is a goroutine that runs the chunks of parallel kernels for
// their callers, and between kernels keeps polling for helperSpin,
// yielding its P to any other goroutine between polls, before it parks.
// On this kind of machine (a VM), a vCPU that went idle takes 80–250 µs
// to start a new goroutine, and milliseconds once it halted, so kernels
// of a hundred microseconds (a training step's products) ran serially. Spinning is what BLAS and ML runtimes' thread pools do
// between parallel regions (OpenMP's active wait). Only the helpers'
// package state is global; callers claim an idle helper for a chunk and
// release it when they have collected it.
type helper struct {
	job    atomic.Pointer[func()]
	done   atomic.Bool
	busy   atomic.Bool // claimed by a caller, until it has collected the job
	parked atomic.Bool
	wake   chan struct{}
}

// helperSpin is how long a helper polls for work after its last job.
const helperSpin = 2 * time.Millisecond

var (
	helpersOnce sync.Once
	helpers     []*helper
)

// startHelpers starts a helper for each P but the caller's, once. Chunks
// beyond them (Workers set higher) go to goroutines.
func startHelpers() {
	helpersOnce.Do(func() {
		for range runtime.GOMAXPROCS(0) - 1 {
			h := &helper{wake: make(chan struct{}, 1)}
			helpers = append(helpers, h)
			go h.loop()
		}
	})
}

func (h *helper) loop() {
	for {
		deadline := time.Now().Add(helperSpin)
		for time.Now().Before(deadline) {
			if h.run() {
				deadline = time.Now().Add(helperSpin)
				continue
			}
			// Give the P to any other goroutine that wants it (the
			// collector's workers, cleanups) between polls.
			runtime.Gosched()
		}
		h.parked.Store(true)
		if h.run() { // posted as it parked
			h.parked.Store(false)
			continue
		}
		<-h.wake
		h.parked.Store(false)
	}
}

// run runs the posted job, if there is one.
func (h *helper) run() bool {
	f := h.job.Swap(nil)
	if f == nil {
		return false
	}
	(*f)()
	h.done.Store(true)
	return true
}

// claim finds an idle helper and reserves it, or gives nil: every helper
// is running another caller's chunk (or this caller is one of them).
func claim() *helper {
	startHelpers()
	for _, h := range helpers {
		if h.busy.CompareAndSwap(false, true) {
			return h
		}
	}
	return nil
}

// post hands f to h, waking it if it parked.
func (h *helper) post(f *func()) {
	h.done.Store(false)
	h.job.Store(f)
	if h.parked.Load() {
		select {
		case h.wake <- struct{}{}:
		default:
		}
	}
}

// collect waits for h's job after the caller's own share is done. A job
// the helper has not started, the caller takes back and runs itself, so
// a helper that is slow to wake costs nothing.
func (h *helper) collect() {
	if f := h.job.Swap(nil); f != nil {
		(*f)()
	} else {
		for !h.done.Load() {
			runtime.Gosched()
		}
	}
	h.busy.Store(false)
}
