xs = [3, 1, 2]
xs.append(4)
xs.append([5])
print(xs)
xs.extend([6, 7])
xs.extend("ab")
xs.extend(range(2))
print(xs)
xs = [1, 2, 3]
xs.insert(0, "a")
xs.insert(-1, "b")
xs.insert(100, "end")
xs.insert(-100, "start")
print(xs)
xs.remove("a")
print(xs, xs.pop(), xs.pop(0), xs.pop(-2), xs)
ys = [1, 2, 3, 2, 1, 2]
print(ys.index(2), ys.index(2, 2), ys.index(1, 1, 5), ys.count(2), ys.count(9), ys.count(1))
ys.remove(2)               # removes the first occurrence only
print(ys)
ys.reverse()
print(ys, ys.reverse(), ys)
cp = ys.copy()
cp.append(99)
print(ys, cp, cp is ys)
nested = [[1], [2]]
shallow = nested.copy()
shallow[0].append("shared")
print(nested)
cp.clear()
print(cp, len(cp))
print(xs.append(1), [].extend([]))      # mutators return None
zs = [0] * 3 + [1] * 2
zs[1:3] = [7, 8, 9]
zs[::2] = ["e"] * len(zs[::2])
del zs[0]
print(zs, zs[-1], zs[1:-1], zs[::-1], [1, 2] * 2, [1] < [1, 0], [2] > [1, 9])
