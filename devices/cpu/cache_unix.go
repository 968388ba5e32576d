//go:build unix

package cpu

import (
	"syscall"
	"unsafe"
)

// mapWords maps n zeroed words outside the Go heap.
func mapWords(n int) ([]uint64, error) {
	b, err := syscall.Mmap(-1, 0, n*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, err
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n), nil
}

// releaseWords gives a region's physical pages back to the system; the
// region stays mapped and reads as zeros afterwards.
func releaseWords(r []uint64) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(r))), len(r)*8)
	_ = syscall.Madvise(b, syscall.MADV_DONTNEED)
}
