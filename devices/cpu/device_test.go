package cpu

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"msrepl/devices"
)

func TestAllocAccounting(t *testing.T) {
	d := New(0)
	b, err := d.Alloc(1000)
	if err != nil {
		t.Fatal(err)
	}
	// 1000 bytes take the 1 KiB class.
	s := d.Stats()
	if s.InUse != 1024 || s.Peak != 1024 || s.Allocs != 1 {
		t.Fatalf("stats after one alloc = %+v", s)
	}
	runtime.KeepAlive(b)
}

func TestClassOf(t *testing.T) {
	for _, c := range []struct{ n, class int }{
		{257, 512}, {1000, 1024}, {1024, 1024}, {1025, 1280}, {1536, 1536}, {2048, 2048},
		{2049, 2560}, {100 << 10, 112 << 10}, {3 << 20, 3 << 20}, {(3 << 20) + 1, 7 << 19},
	} {
		if got := classOf(c.n); got != c.class {
			t.Errorf("classOf(%d) = %d, want %d", c.n, got, c.class)
		}
	}
}

// A dead buffer's region is reused, zeroed, by the next allocation of its
// class, and the memory it held in between shows as cached.
func TestAllocRecyclesRegions(t *testing.T) {
	d := New(0)
	b, err := d.Alloc(100 << 10)
	if err != nil {
		t.Fatal(err)
	}
	words := devices.View[uint64](b)
	for i := range words {
		words[i] = ^uint64(0)
	}
	first := &words[0]
	b, words = nil, nil
	for range 100 {
		runtime.GC()
		if d.Stats().Cached > 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	class := int64(classOf(100 << 10))
	if s := d.Stats(); s.Cached != class || s.InUse != 0 {
		t.Fatalf("after the buffer died: %+v, want %d cached and none in use", s, class)
	}
	b2, err := d.Alloc(99 << 10)
	if err != nil {
		t.Fatal(err)
	}
	again := devices.View[uint64](b2)
	if &again[0] != first {
		t.Errorf("the region was not reused")
	}
	for i, w := range again {
		if w != 0 {
			t.Fatalf("recycled word %d = %#x, want 0", i, w)
		}
	}
	if s := d.Stats(); s.Cached != 0 || s.InUse != class {
		t.Errorf("after reuse: %+v", s)
	}
	runtime.KeepAlive(b2)
}

func TestAllocLimit(t *testing.T) {
	d := New(1 << 20)
	keep, err := d.Alloc(768 << 10)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Alloc(512 << 10)
	var oom *devices.OutOfMemoryError
	if !errors.As(err, &oom) {
		t.Fatalf("allocation over the limit: err = %v, want OutOfMemoryError", err)
	}
	if oom.Requested != 512<<10 || oom.Limit != 1<<20 {
		t.Errorf("error = %+v", oom)
	}
	runtime.KeepAlive(keep)
}

// A buffer that became garbage must not count against the limit.
func TestAllocReclaimsGarbage(t *testing.T) {
	d := New(1 << 20)
	for range 10 {
		if _, err := d.Alloc(768 << 10); err != nil {
			t.Fatalf("garbage buffers still count: %v", err)
		}
	}
	if p := d.Stats().Peak; p > 1<<20 {
		t.Errorf("peak %d over the limit", p)
	}
}

// For visits every index once: split or not, with more parts than the
// pool has workers, from inside another For's chunk (which must not wait
// on a worker that is busy running it), and from many goroutines at once.
func TestFor(t *testing.T) {
	defer func(w int) { Workers = w }(Workers)
	check := func(t *testing.T, n int, cost int) {
		seen := make([]atomic.Int32, n)
		For(n, cost, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				seen[i].Add(1)
			}
		})
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Errorf("n=%d: index %d visited %d times", n, i, c)
				return
			}
		}
	}
	for _, w := range []int{1, 2, 8} {
		Workers = w
		for _, n := range []int{0, 1, 7, Grain - 1, 3*Grain + 5} {
			check(t, n, 1)
		}
		// Nested: each outer chunk runs a parallel For of its own.
		For(64, Grain, func(lo, hi int) {
			for range hi - lo {
				check(t, 2*Grain+3, 1)
			}
		})
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 10 {
					check(t, 4*Grain+1, 1)
				}
			})
		}
		wg.Wait()
		// After the helpers have parked, a caller still gets its work
		// done: it takes back what a helper has not started.
		time.Sleep(3 * helperSpin)
		check(t, 3*Grain+5, 1)
	}
}

// Small buffers share slabs, which are accounted once each; every buffer
// still gets its own zeroed, non-overlapping words.
func TestAllocSmall(t *testing.T) {
	d := New(0)
	var bufs []*devices.Buffer
	for i := range 100 {
		b, err := d.Alloc(24)
		if err != nil {
			t.Fatal(err)
		}
		v := devices.View[int64](b)
		if len(v) != 3 || v[0] != 0 || v[2] != 0 {
			t.Fatalf("buffer %d: %v", i, v)
		}
		v[0], v[2] = int64(i), int64(i)
		bufs = append(bufs, b)
	}
	for i, b := range bufs {
		if v := devices.View[int64](b); v[0] != int64(i) || v[2] != int64(i) {
			t.Fatalf("buffer %d was overwritten: %v", i, v)
		}
	}
	s := d.Stats()
	if s.Allocs != 100 || s.InUse != slabBytes {
		t.Errorf("stats = %+v, want 100 allocs in one slab", s)
	}
}

func TestAllocSmallOverLimit(t *testing.T) {
	d := New(slabBytes / 2)
	_, err := d.Alloc(16)
	var oom *devices.OutOfMemoryError
	if !errors.As(err, &oom) || oom.Requested != 16 {
		t.Fatalf("err = %v", err)
	}
}

// Buffers given back with Release do not count toward the collections
// the cache asks for: a loop that releases all it allocates forces none,
// and one that drops its buffers does.
func TestReleasedBuffersForceNoCollection(t *testing.T) {
	forced := func(drop bool) uint32 {
		d := New(0)
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 4 * cacheGCBytes / (1 << 20) {
			b, err := d.Alloc(1 << 20)
			if err != nil {
				t.Fatal(err)
			}
			if !drop {
				b.Release()
			}
		}
		for d.cache.collecting.Load() {
			time.Sleep(time.Millisecond)
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		return after.NumForcedGC - before.NumForcedGC
	}
	if n := forced(false); n != 0 {
		t.Errorf("releasing every buffer forced %d collections", n)
	}
	if n := forced(true); n == 0 {
		t.Errorf("dropping every buffer forced no collection")
	}
}

// TestBoth: both functions run, once each, before Both returns, with two
// workers (concurrently, the second on a helper) and with one.
func TestBoth(t *testing.T) {
	defer func(w int) { Workers = w }(Workers)
	for _, w := range []int{2, 1} {
		Workers = w
		var f, g atomic.Int32
		for range 100 {
			Both(func() { f.Add(1) }, func() { g.Add(1) })
		}
		if f.Load() != 100 || g.Load() != 100 {
			t.Fatalf("workers %d: f ran %d times, g %d, want 100 each", w, f.Load(), g.Load())
		}
	}
}
