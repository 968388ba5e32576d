// Package cpu is the CPU device: buffer allocation with memory accounting,
// parallel loops over both cores, the GEMM interface and the kernels that
// compute on buffers. Kernels work on typed Go slices and plain shapes; they
// know nothing of tensors, dtypes or primitives, and never allocate tensor
// memory themselves (package ops hands them their outputs).
package cpu

import (
	"runtime"
	"sync"
	"time"

	"msrepl/devices"
)

// Device is the CPU device.
type Device struct {
	mu    sync.Mutex
	stats devices.Stats
	// slab is the block small buffers are carved from, and next the first
	// free word in it.
	slab []uint64
	next int
	// heads are unused buffer headers for the current slab, allocated
	// together: one allocation fewer per small tensor. A batch never
	// spans slabs, so a live small buffer still keeps one slab alive.
	heads []devices.Buffer
	// cache holds the memory of larger buffers (cache.go).
	cache regionCache
	// Poison fills every AllocUninit buffer with all-ones bytes (NaN, -1,
	// true), so that tests catch a kernel that does not write its output
	// whole, and every buffer released early, so that they catch a read
	// after the release.
	Poison bool
}

// Small buffers come out of slabs: a cleanup per buffer costs more than a
// small operation itself, so the accounting follows slabs, which the
// garbage collector frees once every buffer carved from them is garbage.
// A live small buffer can keep at most one slab alive.
const (
	slabBytes     = 8 << 10
	smallBufBytes = 256
	headBatch     = 32
)

// New returns a CPU device with the given limit in bytes (0: none).
func New(limit int64) *Device {
	return &Device{stats: devices.Stats{Limit: limit}}
}

// Name is "CPU".
func (d *Device) Name() string { return "CPU" }

// Alloc hands out a zeroed buffer and accounts for it until the garbage
// collector reclaims it. When the limit would be crossed, it first collects
// garbage, since buffers that are no longer reachable still count until
// their cleanups run.
func (d *Device) Alloc(n int) (*devices.Buffer, error) { return d.alloc(n, true) }

// AllocUninit is Alloc without clearing a recycled region.
func (d *Device) AllocUninit(n int) (*devices.Buffer, error) {
	b, err := d.alloc(n, false)
	if err == nil && d.Poison {
		bytes := devices.View[byte](b)
		for i := range bytes {
			bytes[i] = 0xff
		}
	}
	return b, err
}

func (d *Device) alloc(n int, zero bool) (*devices.Buffer, error) {
	if n <= smallBufBytes {
		return d.allocSmall(n)
	}
	size := classOf(n)
	if err := d.reserveOrCollect(int64(size)); err != nil {
		err.Requested = int64(n)
		return nil, err
	}
	d.mu.Lock()
	// Trimming zeroes the pages it gives back. Here, between two of the
	// allocating goroutine's operations, it cannot race with a kernel the
	// way it could from recycle, which runs whenever cleanups do.
	d.cache.trim(d.stats.InUse)
	r, recycled, err := d.cache.take(size)
	collect := err == nil && d.cache.noteAlloc(size)
	if err == nil {
		d.stats.Allocs++
	}
	d.mu.Unlock()
	if err != nil {
		d.release(int64(size))
		s := d.Stats()
		return nil, &devices.OutOfMemoryError{Device: d.Name(), Requested: int64(n), InUse: s.InUse, Limit: s.Limit}
	}
	if recycled && zero {
		clear(r)
	}
	if collect {
		d.cache.collectInBackground()
	}
	b := devices.BufferIn(r, n)
	cleanup := runtime.AddCleanup(b, d.recycle, r)
	b.OnRelease(func() {
		cleanup.Stop()
		if d.Poison {
			for i := range r {
				r[i] = ^uint64(0)
			}
		}
		d.mu.Lock()
		d.cache.givenBack(size)
		d.mu.Unlock()
		d.recycle(r)
	})
	return b, nil
}

// recycle is a large buffer's cleanup: its region goes back to the cache.
func (d *Device) recycle(r []uint64) {
	d.mu.Lock()
	d.stats.InUse -= int64(len(r) * 8)
	d.cache.put(r)
	d.mu.Unlock()
}

// allocSmall carves a buffer from the current slab, starting a new one
// when it is full.
func (d *Device) allocSmall(n int) (*devices.Buffer, error) {
	w := devices.Words(n)
	d.mu.Lock()
	if d.slab == nil || d.next+w > len(d.slab) {
		d.mu.Unlock()
		if err := d.reserveOrCollect(slabBytes); err != nil {
			err.Requested = int64(n)
			return nil, err
		}
		slab := make([]uint64, slabBytes/8)
		runtime.AddCleanup(&slab[0], d.release, int64(slabBytes))
		d.mu.Lock()
		d.slab, d.next, d.heads = slab, 0, nil
	}
	if len(d.heads) == 0 {
		d.heads = make([]devices.Buffer, headBatch)
	}
	b := devices.PlaceBuffer(&d.heads[0], d.slab[d.next:], n)
	d.heads = d.heads[1:]
	d.next += w
	d.stats.Allocs++
	d.mu.Unlock()
	return b, nil
}

// reserveOrCollect accounts for n more bytes, collecting garbage first if
// the limit would be crossed.
func (d *Device) reserveOrCollect(n int64) *devices.OutOfMemoryError {
	if d.reserve(n) {
		return nil
	}
	d.collect(n)
	if d.reserve(n) {
		return nil
	}
	s := d.Stats()
	return &devices.OutOfMemoryError{Device: d.Name(), Requested: n, InUse: s.InUse, Limit: s.Limit}
}

func (d *Device) reserve(n int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := &d.stats
	if s.Limit > 0 && s.InUse+n > s.Limit {
		return false
	}
	s.InUse += n
	if s.InUse > s.Peak {
		s.Peak = s.InUse
	}
	return true
}

func (d *Device) release(n int64) {
	d.mu.Lock()
	d.stats.InUse -= n
	d.mu.Unlock()
}

// collect runs the garbage collector and waits, briefly, for the cleanups
// of unreachable buffers to bring the bytes in use under the limit.
// Cleanups run on their own goroutine after a collection, so there is no
// completion to wait on; the loop stops once the count stops falling.
func (d *Device) collect(n int64) {
	prev := d.Stats().InUse
	for range 20 {
		runtime.GC()
		time.Sleep(time.Millisecond)
		s := d.Stats()
		if s.Limit == 0 || s.InUse+n <= s.Limit || s.InUse == prev {
			return
		}
		prev = s.InUse
	}
}

// Stats reports the accounting.
func (d *Device) Stats() devices.Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.stats
	s.Cached = d.cache.cached
	return s
}

// SetLimit sets the limit in bytes; 0 removes it.
func (d *Device) SetLimit(n int64) {
	d.mu.Lock()
	d.stats.Limit = n
	d.mu.Unlock()
}

// ResetPeak restarts peak tracking from the bytes in use.
func (d *Device) ResetPeak() {
	d.mu.Lock()
	d.stats.Peak = d.stats.InUse
	d.mu.Unlock()
}
