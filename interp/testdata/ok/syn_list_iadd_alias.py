# list += mutates in place; + creates a new list
a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
a = a + [4]
print(a, b, a is b)
c = [0]
d = c
c += "xy"
print(c, d)
c += range(2)
print(d)
t = (1,)
u = t
t += (2,)
print(t, u, t is u)
s = "s"
r = s
s += "t"
print(s, r)
def extend(lst):
    lst += [99]
outer = [1]
extend(outer)
print(outer)
m = [[1]] * 2
m[0] += [2]
print(m)
e = [1, 2]
e *= 2
f = e
f *= 2
print(e, f is e)
