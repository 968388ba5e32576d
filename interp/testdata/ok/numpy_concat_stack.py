# not-cpython
import numpy as np

a = np.array([[1, 2], [3, 4]])
b = np.array([[5, 6]])
print(np.concatenate([a, b]), np.concatenate((a, a), axis=1), np.concatenate([a, a], axis=-1))
print(np.concatenate([np.array([1, 2]), np.array([3.5])]), np.concatenate([a, b], axis=None))
print(repr(np.concatenate([np.array([1], np.int8), np.array([2], np.uint8)])))
print(repr(np.concatenate([np.array([1], np.float32), np.array([2], np.int64)])))
print(repr(np.concatenate([[1, 2], [3]])), repr(np.concatenate([a, b], dtype=np.float32)))
print(np.stack([a, a]), np.stack([a, a], axis=1), np.stack([a, a], axis=-1).shape, np.stack([a, a], axis=2).shape)
print(np.stack([np.array([1, 2]), np.array([3, 4])]), np.stack((np.arange(3), np.arange(3) * 2), axis=1))
print(repr(np.stack([np.float32(1), np.float32(2)])), repr(np.stack([1, 2.5])))
print(np.stack([np.array(1), np.array(2)]).shape, np.concatenate([np.zeros((0, 2)), a]).shape)
