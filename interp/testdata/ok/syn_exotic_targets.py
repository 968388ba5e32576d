# for/with targets that are subscripts and attributes; del of tuples and lists
d = {}
for d["k"] in range(3):
    pass
print(d)
class O:
    pass
o = O()
for o.attr in "xy":
    pass
print(o.attr)
a = [0, 0]
for a[0], a[1] in [(1, 2), (3, 4)]:
    pass
print(a)
class CM:
    def __enter__(self):
        return 5
    def __exit__(self, *e):
        return False
with CM() as o.val:
    pass
with CM() as a[0]:
    pass
print(o.val, a)
x, y = 1, 2
del (x, y)
p, q = 1, 2
del [p, q]
try:
    print(p)
except NameError as e:
    print(e)
lst = [[1, 2], [3, 4]]
for row in lst:
    row[0], row[1] = row[1], row[0]
print(lst)
t = 1,
print(t, (1), ((1,)), type(()), ((),), [()])
