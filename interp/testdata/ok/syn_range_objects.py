# range objects
r = range(2, 20, 3)
print(r, r.start, r.stop, r.step, len(r))
print(range(5).start, range(5).stop, range(5).step, range(0, -5, -1))
print(r[0], r[-1], r[1:3], r[::-1], r[::2].step)
print(list(range(-3, 3)), list(range(3, -3, -2)), len(range(0, 10, 4)), len(range(10, 0)))
print(11 in r, 12 in r, r.index(14), r.count(5), range(0) == range(5, 5), range(1, 4, 5) == range(1, 2))
print(bool(range(0)), bool(range(1)), list(range(10 ** 20, 10 ** 20 + 3)), len(range(10 ** 18)))
