//go:build !unix

package cpu

// mapWords allocates n zeroed words on the Go heap where there is no mmap;
// the cache still recycles them.
func mapWords(n int) ([]uint64, error) { return make([]uint64, n), nil }

// releaseWords cannot give heap memory back; the regions stay cached.
func releaseWords([]uint64) {}
