xs = [5, 2, 8, 1, 9, 2]
r = xs.sort()
print(r, xs)
xs.sort(reverse=True)
print(xs)
words = ["Banana", "apple", "cherry", "Apple", "banana"]
words.sort()
print(words)
words.sort(key=str.lower)          # stable: original order among equal keys
print(words)
words.sort(key=len, reverse=True)
print(words)
recs = [("bob", 25), ("amy", 30), ("cal", 25), ("dan", 30), ("eve", 20)]
recs.sort(key=lambda r: r[1])
print(recs)
recs.sort(key=lambda r: r[1], reverse=True)   # reverse keeps equal items in order
print(recs)
recs.sort(key=lambda r: (-r[1], r[0]))
print(recs)
fl = [2.5, -1, 0, 3, -1.5]
fl.sort(key=abs)
print(fl)
empty = []
empty.sort()
print(empty, [[3, 1], [2]], sorted([[3, 1], [2], [2, 0]]))
