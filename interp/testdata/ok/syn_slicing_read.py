# reading slices of lists, strings and tuples
L = list(range(10))
print(L[2:5], L[:3], L[7:], L[:], L[-3:], L[:-3], L[-5:-2])
print(L[::2], L[1::2], L[::-1], L[::-3], L[8:2:-2], L[2:8:-1])
print(L[100:], L[-100:2], L[5:100], L[3:3], L[5:2])
print(L[-1], L[-10], L[0])
s = "hello world"
print(s[::-1], s[:5], s[6:], s[-5:], s[::2], s[1:-1])
t = (0, 1, 2, 3, 4)
print(t[1:3], t[::-1], t[-2:], type(t[1:3]), t[:0])
print(s[None:3], s[2:None], L[None:None:-4])
r = range(0, 20, 3)
print(r[1:4], list(r[::-1]), r[-1], list(r[2:]))
i, j = 1, 4
print(L[i:j], L[i + 1:j * 2], s[len(s) // 2:])
print("abc"[5:], "abc"[-1:], "abc"[:-1], "a"[::-1])
