package cpu

import (
	"math/bits"
	"runtime"
	"sync/atomic"
)

// Buffers larger than smallBufBytes come from a caching allocator, as
// PyTorch's do: their memory is mapped outside the Go heap and, once the
// garbage collector finds a buffer unreachable, its region goes back to a
// free list of its size class for the next allocation of that class.
//
// A fresh heap block of a training step's size (a weight gradient, an
// updated parameter) cost more in page faults and zeroing than the kernel
// that filled it; recycled regions are faulted in already. Outside the
// heap, tensor data also stays out of the collector's pacing. The collector
// still decides when a buffer is dead, so the cache asks for a collection
// after every cacheGCBytes of allocation not released explicitly: that
// costs what marking the small Go heap costs, and returns a training
// loop's dead buffers to the lists.
//
// A region is reused only after its Buffer's cleanup, so code must keep a
// tensor reachable while it uses its data (ops.Eager keeps every argument
// alive across Eval).
type regionCache struct {
	free  map[int][][]uint64 // recycled regions, by class size in bytes
	chunk []uint64           // the chunk small classes are carved from
	next  int                // its first free word
	// cached is the bytes on the free lists that hold physical memory.
	cached     int64
	sinceGC    int64
	collecting atomic.Bool
}

const (
	chunkBytes = 16 << 20
	// Classes above carveBytes get a mapping of their own; a chunk wastes
	// at most carveBytes at its end.
	carveBytes   = 1 << 20
	cacheGCBytes = 32 << 20
	// Past trimBytes (or the bytes in use, if more), the free lists give
	// their physical memory back to the system; their regions stay
	// mapped and fault in again, zeroed, when reused.
	trimBytes = 256 << 20
)

// classOf rounds a size in bytes up to its class: multiples of 256 up to
// 1 KiB, then four classes per power of two, so that a recycled region
// wastes at most a quarter of itself.
func classOf(n int) int {
	if n <= 1024 {
		return roundUp(n, 256)
	}
	return roundUp(n, 1<<(bits.Len(uint(n-1))-3))
}

// take returns a region of size bytes (a class size) and whether it was
// recycled, and so holds old data. Called with the device locked.
func (c *regionCache) take(size int) ([]uint64, bool, error) {
	if list := c.free[size]; len(list) > 0 {
		r := list[len(list)-1]
		c.free[size] = list[:len(list)-1]
		c.cached = max(c.cached-int64(size), 0)
		return r, true, nil
	}
	w := size / 8
	if size > carveBytes {
		r, err := mapWords(w)
		return r, false, err
	}
	if c.chunk == nil || c.next+w > len(c.chunk) {
		chunk, err := mapWords(chunkBytes / 8)
		if err != nil {
			return nil, false, err
		}
		c.chunk, c.next = chunk, 0
	}
	r := c.chunk[c.next : c.next+w : c.next+w]
	c.next += w
	return r, false, nil
}

// put returns a region to its free list. Called with the device locked.
func (c *regionCache) put(r []uint64) {
	if c.free == nil {
		c.free = map[int][][]uint64{}
	}
	size := len(r) * 8
	c.free[size] = append(c.free[size], r)
	c.cached += int64(size)
}

// trim gives the free lists' physical memory back to the system when they
// hold more than trimBytes and more than inUse. Called with the device
// locked.
func (c *regionCache) trim(inUse int64) {
	if c.cached <= max(trimBytes, inUse) {
		return
	}
	for _, list := range c.free {
		for _, r := range list {
			releaseWords(r)
		}
	}
	c.cached = 0
}

// noteAlloc counts an allocation and reports whether a collection should
// start, to return dead buffers' regions. (The bytes in use are no guide:
// they include the dead buffers a collection would return.) Called with
// the device locked.
func (c *regionCache) noteAlloc(size int) bool {
	c.sinceGC += int64(size)
	if c.sinceGC < cacheGCBytes || !c.collecting.CompareAndSwap(false, true) {
		return false
	}
	c.sinceGC = 0
	return true
}

// givenBack uncounts a buffer its holder released (Buffer.Release): no
// collection is needed to find it dead. Without this a graph whose plan
// releases every buffer (exec.Runner) still forced a collection every
// cacheGCBytes, every 30 ms of an MLP training loop. Called with the
// device locked.
func (c *regionCache) givenBack(size int) {
	c.sinceGC = max(c.sinceGC-int64(size), 0)
}

// collectInBackground runs a collection on its own goroutine, so that the
// caller does not wait for it; the cleanups it schedules refill the free
// lists.
func (c *regionCache) collectInBackground() {
	go func() {
		runtime.GC()
		c.collecting.Store(false)
	}()
}

// roundUp is x rounded up to a multiple of m.
func roundUp(x, m int) int { return (x + m - 1) / m * m }
