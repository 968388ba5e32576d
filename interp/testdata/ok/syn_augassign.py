# augmented assignment on names, attributes and subscripts
n = 10
n += 5; print(n)
n -= 3; print(n)
n *= 2; print(n)
n /= 4; print(n)
n //= 2; print(n)
n **= 3; print(n)
n %= 5; print(n)
i = 7
i <<= 2; i >>= 1; i &= 0b1110; i |= 1; i ^= 0xF
print(i)
s = "ab"
s += "cd"
s *= 2
print(s)
class C:
    count = 0
c = C()
c.count += 1
c.count += 1
print(c.count, C.count)
d = {"k": 1}
d["k"] += 10
d["k"] *= 2
print(d)
calls = []
def key():
    calls.append("key")
    return 0
lst = [5]
lst[key()] += 1
print(lst, calls)
t = (1, 2)
t += (3,)
print(t)
