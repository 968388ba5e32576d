// Package devices owns where tensor data lives: the Device interface, the
// buffers a device hands out and the accounting of their memory (bytes in
// use, peak, a limit). It computes nothing on the data, which is devices/cpu's
// kernels' job, and it knows nothing of dtypes or shapes, which are package
// tensor's.
package devices

import (
	"fmt"
	"unsafe"
)

// A Device allocates buffers and accounts for them.
type Device interface {
	// Name is the device's name as set_context's device_target spells it.
	Name() string
	// Alloc returns a zeroed buffer of n bytes, or an *OutOfMemoryError when
	// the buffer would take the bytes in use past the limit.
	Alloc(n int) (*Buffer, error)
	// AllocUninit is Alloc for a buffer its caller writes whole: its
	// contents are unspecified, which spares clearing a recycled block.
	AllocUninit(n int) (*Buffer, error)
	// Stats reports the memory accounting.
	Stats() Stats
	// SetLimit sets the most bytes that may be in use at once; 0 means no
	// limit.
	SetLimit(n int64)
	// ResetPeak starts a new peak measurement from the bytes now in use.
	ResetPeak()
}

// Stats is a device's memory accounting.
type Stats struct {
	InUse  int64 // bytes held by live buffers
	Peak   int64 // the most bytes in use since the last ResetPeak
	Limit  int64 // 0: unlimited
	Allocs int64 // buffers handed out
	// Cached is memory a device keeps for reuse after its buffers died:
	// not in use, and not given back to the system either.
	Cached int64
}

// A Buffer is a block of device memory. Its words are 8-byte aligned, so
// it can be viewed as a slice of any element type up to 8 bytes wide.
type Buffer struct {
	words   []uint64
	nbytes  int
	release func()
}

// NewBuffer returns a zeroed buffer of n bytes. Only devices call it: a
// buffer made elsewhere escapes the accounting.
func NewBuffer(n int) *Buffer {
	return &Buffer{words: make([]uint64, Words(n)), nbytes: n}
}

// BufferIn returns a buffer of n bytes over words, which must hold
// Words(n) words: a device that carves buffers out of larger blocks of its
// own uses it. The words are the buffer's contents as they are.
func BufferIn(words []uint64, n int) *Buffer {
	return &Buffer{words: words[:Words(n):Words(n)], nbytes: n}
}

// PlaceBuffer makes *b a buffer of n bytes over words, as BufferIn does,
// and returns b: a device that hands out many small buffers allocates
// their headers in batches.
func PlaceBuffer(b *Buffer, words []uint64, n int) *Buffer {
	*b = Buffer{words: words[:Words(n):Words(n)], nbytes: n}
	return b
}

// OnRelease sets what Release does: how b's device takes its memory back
// early. Only the device that made b calls it.
func (b *Buffer) OnRelease(f func()) { b.release = f }

// Release gives b's memory back to its device now rather than when the
// collector finds b unreachable, so that the next allocation can reuse it
// while b's holders are still reachable: a graph runner calls it when the
// last value that holds b dies. Its caller promises that nothing reads or
// writes b again; b is empty after. A buffer its device cannot take back
// early (one carved from a shared block) is left alone.
func (b *Buffer) Release() {
	if b.release == nil {
		return
	}
	r := b.release
	b.release, b.words, b.nbytes = nil, nil, 0
	r()
}

// Words is the number of 8-byte words that hold n bytes.
func Words(n int) int { return (n + 7) / 8 }

// Len is the buffer's size in bytes.
func (b *Buffer) Len() int { return b.nbytes }

// View returns the buffer as a slice of T holding as many whole elements as
// fit. The slice aliases the buffer.
func View[T any](b *Buffer) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if b.nbytes < size || len(b.words) == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b.words[0])), b.nbytes/size)
}

// An OutOfMemoryError reports an allocation refused by a device's limit.
type OutOfMemoryError struct {
	Device    string
	Requested int64
	InUse     int64
	Limit     int64
}

func (e *OutOfMemoryError) Error() string {
	return fmt.Sprintf("%s: cannot allocate %s: %s of the %s limit are in use (set_context(max_device_memory=...) raises the limit)",
		e.Device, FormatBytes(e.Requested), FormatBytes(e.InUse), FormatBytes(e.Limit))
}

// FormatBytes writes n in the largest binary unit that keeps it at least 1,
// as "1.5 GiB" or "512 B".
func FormatBytes(n int64) string {
	const units = "KMGTPE"
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	v, u := float64(n)/1024, 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	return fmt.Sprintf("%.1f %ciB", v, units[u])
}
