//go:build !amd64

package cpu

// simdGemms: only amd64 has GEMMs in assembly.
func simdGemms() map[string]GEMM { return nil }
