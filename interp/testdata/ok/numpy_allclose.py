# not-cpython
import numpy as np

a = np.array([1.0, 2.0, 3.0])
print(np.allclose(a, a + 1e-9), np.allclose(a, a + 1e-3), type(np.allclose(a, a)))
print(np.allclose(a, [1.0, 2.0, 3.00002]), np.allclose(a, [1.0, 2.0, 3.0001]))
print(np.allclose(a, a + 0.01, atol=0.02), np.allclose(a, a * 1.01, rtol=0.02), np.allclose(1.0, 1.0 + 1e-6))
print(np.allclose([np.inf, 1], [np.inf, 1]), np.allclose([np.inf], [-np.inf]), np.allclose([1.0], [np.inf]))
print(np.allclose([np.nan], [np.nan]), np.allclose([np.nan], [np.nan], equal_nan=True))
print(np.allclose(np.array([1, 2]), np.array([1, 2])), np.allclose(np.ones((2, 3)), 1))
f = np.array([0.1, 0.2], dtype=np.float32)
print(np.allclose(f, [0.1, 0.2]), np.allclose(f * 3, np.array([0.3, 0.6])))
print(np.array_equal(a, a), np.array_equal(a, [1, 2, 3]), np.array_equal(a, [1, 2]), np.array_equal(a, a + 1))
print(np.array_equal(np.ones((2, 2)), np.ones(4)), np.array_equal([np.nan], [np.nan]), np.array_equal([np.nan], [np.nan], equal_nan=True))
print(type(np.array_equal(a, a)), np.array_equal(np.array([True]), np.array([1])))
