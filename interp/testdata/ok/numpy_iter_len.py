# not-cpython
import numpy as np

a = np.arange(6).reshape(3, 2)
print(len(a), len(a[0]), len(np.zeros((0, 3))))
for row in a:
    print(row, type(row))
for x in np.array([1.5, 2.5], dtype=np.float32):
    print(x, type(x))
print(list(np.arange(3)), [v * 2 for v in np.array([1, 2])], sum(np.array([1, 2, 3])))
print(a.tolist(), np.array([1.5, 2.0]).tolist(), np.array([True, False]).tolist(), np.array(3).tolist())
print(type(a.tolist()[0][0]), type(np.array([1.5]).tolist()[0]), np.arange(6).item(3), np.array([[4]]).item())
print(bool(np.array([1])), bool(np.array([0.0])), bool(np.array([[5]])), bool(np.zeros(1)))
if np.array([3]) > 2:
    print("yes")
print(float(np.array([2.5])), int(np.array([[7]])), int(np.float64(3.9)), float(np.int8(4)))
print(3 in np.array([1, 2, 3]) if False else "", max(np.array([4, 9, 2])), min(np.array([4.5, 1.5])), sorted(np.array([3, 1, 2])))
d = {}
d[np.int64(3)] = "three"
print(d[3], d.get(np.float64(3.0)))
x, y = np.array([10, 20])
print(x, y, type(x))
print(np.array([[1, 2], [3, 4]])[1].tolist(), [list(r) for r in np.eye(2, dtype=int)])
print(str(np.array([1, 2])), repr(np.array([1, 2])), f"{np.array([1.5, 2])}", "%s" % np.array([3]))
