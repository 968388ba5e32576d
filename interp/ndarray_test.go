package interp

import "testing"

// The ndarray's meeting points with mindspore, which the testdata programs
// cannot cover: CPython's numpy, which checks those, has no mindspore.
func TestNDArrayTensorInterop(t *testing.T) {
	const setup = "import numpy as np\nimport mindspore as ms\na = np.array([[1.5, 2.5]], dtype=np.float32)\nt = ms.Tensor(a)\n"
	for _, tc := range []struct {
		name, code, want string
	}{
		{"Tensor keeps the array's dtype", "print(repr(t), repr(ms.Tensor(np.arange(2))))",
			"Tensor(shape=[1, 2], dtype=Float32, value=\n[[1.5 2.5]]) Tensor(shape=[2], dtype=Int64, value=[0 1])\n"},
		{"Tensor of a numpy scalar", "print(repr(ms.Tensor(np.float16(2.5))), repr(ms.Tensor(np.arange(3)[1])))",
			"Tensor(shape=[], dtype=Float16, value=2.5) Tensor(shape=[], dtype=Int64, value=1)\n"},
		{"operators give Tensors from either side", "print(type(t + a).__name__, type(a * t).__name__, repr(a - t))",
			"Tensor Tensor Tensor(shape=[1, 2], dtype=Float32, value=\n[[0. 0.]])\n"},
		{"np.array copies a Tensor", "b = np.array(t)\nb[0, 0] = 9\nprint(repr(b), t)",
			"array([[9. , 2.5]], dtype=float32) [[1.5 2.5]]\n"},
		{"asnumpy and asarray", "print(repr(t.asnumpy()), repr(np.asarray(ms.Tensor([1, 2], ms.int32))))",
			"array([[1.5, 2.5]], dtype=float32) array([1, 2], dtype=int32)\n"},
		{"numpy functions take Tensors", "print(repr(np.sum(t)), repr(np.maximum(t, 2)), np.allclose(t, a))",
			"4.0 array([[2. , 2.5]], dtype=float32) True\n"},
		{"arrays of Tensors", "print(np.array([t, t]).shape, np.stack([t, a]).dtype)", "(2, 1, 2) float32\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession()
			execOK(t, s, setup)
			if got := execOK(t, s, tc.code); got != tc.want {
				t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.code, got, tc.want)
			}
		})
	}
}

// np.random draws repeat after np.random.seed and after mindspore's
// set_seed, and the two seeds give different streams.
func TestNumpyRandomSeeds(t *testing.T) {
	for _, tc := range []struct {
		name, seedA, seedB string
		same               bool
	}{
		{"np.random.seed repeats", "np.random.seed(7)", "np.random.seed(7)", true},
		{"set_seed repeats", "ms.set_seed(7)", "ms.set_seed(7)", true},
		{"different seeds differ", "np.random.seed(7)", "np.random.seed(8)", false},
		{"the two seeds are different streams", "np.random.seed(7)", "ms.set_seed(7)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession()
			execOK(t, s, "import numpy as np\nimport mindspore as ms\n"+tc.seedA+"\nx = np.random.randn(4)\n"+
				tc.seedB+"\ny = np.random.randn(4)\n")
			want := "False\n"
			if tc.same {
				want = "True\n"
			}
			if got := execOK(t, s, "print(np.array_equal(x, y))"); got != want {
				t.Errorf("array_equal after %s and %s: %s", tc.seedA, tc.seedB, got)
			}
		})
	}
}
