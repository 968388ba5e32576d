class Seq:
    def __init__(self, data):
        self.data = list(data)
    def __getitem__(self, i):
        print("get", i)
        return self.data[i]
    def __setitem__(self, i, v):
        print("set", i, v)
        self.data[i] = v
    def __delitem__(self, i):
        print("del", i)
        del self.data[i]

s = Seq("abcde")
print(s[0], s[-1])
print(s[1:3])
print(s[::2])
print(s[:])
s[0] = "A"
s[1:3] = ["x"]
print(s.data)
del s[0]
del s[::2]
print(s.data)

class Squares:
    def __getitem__(self, i):      # iteration falls back to __getitem__
        if i >= 4:
            raise IndexError(i)
        return i * i

print(list(Squares()))
print(9 in Squares(), 5 in Squares())
for v in Squares():
    print("v", v)

class Grid:
    def __getitem__(self, key):
        r, c = key
        return r * 10 + c
g = Grid()
print(g[1, 2], g[3, 0])
