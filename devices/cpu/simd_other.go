//go:build !amd64

package cpu

// Only amd64 has kernels in assembly: the elementwise ones, the gradient
// step's, the fused multiply-add's, the relu gradient, the row moves of im2col, col2im and GEMM
// packing, halving max pooling and its gradient, and the leaves of a
// pairwise sum and the extremum of a run.

func binarySIMD32(op BinaryOp, dst, x, y []float32, xs, ys int) bool { return false }

func unarySIMD32(op UnaryOp, dst, x []float32) bool { return false }

func descendSIMD32(dst, x, y []float32, alpha float32) bool { return false }

func fmaSIMD32(dst, x, y, z []float32, ys int) bool { return false }

func copyRowsSIMD32(dst, src []float32, rows, width, stride int) bool { return false }

func addRowsSIMD32(dst, src []float32, rows, width, stride int) bool { return false }

func col2imNarrowSIMD32(p Conv2DParams, cols, x []float32) bool { return false }

func im2colNarrowSIMD32(p Conv2DParams, x, cols []float32) bool { return false }

func maxPoolGradHalvingSIMD32(p Pool2DParams, x, dy, dx []float32) bool { return false }

func maxPoolHalvingSIMD32(p Pool2DParams, x, y []float32) bool { return false }

func reluGradSIMD32(dst, dout, y []float32) bool { return false }

func pairwiseLeafSIMD32(x []float32) (float32, bool) { return 0, false }

func extremumSIMD32(op ReduceOp, acc float32, run []float32) (float32, bool) { return 0, false }
