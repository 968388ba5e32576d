# assignment and deletion through slices
L = list(range(8))
L[2:4] = ["a", "b", "c"]
print(L)
L[:2] = []
print(L)
L[len(L):] = [100, 101]
print(L)
L[1:1] = "XY"
print(L)
L[::2] = [0] * len(L[::2])
print(L)
L[:] = (9, 8)
print(L)
M = list(range(10))
del M[::3]
print(M)
del M[1:3]
print(M)
del M[-1]
print(M)
del M[:]
print(M, len(M))
N = [1, 2, 3, 4, 5]
N[::-2] = ["e", "c", "a"]
print(N)
N[-2:] = range(3)
print(N)
