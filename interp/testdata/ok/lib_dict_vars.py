class P:
    z = 0
    def __init__(self, x, y):
        self.x = x
        self.y = y

p = P(1, 2)
print(p.__dict__)
print(vars(p))
p.w = 3
print(vars(p))
p.__dict__["v"] = 4        # writing the dict creates an attribute
print(p.v)
d = vars(p)
d["x"] = 100               # vars returns the same dict
print(p.x, d is p.__dict__)
del p.y
print(p.__dict__)
print("z" in vars(p), "z" in vars(P))
q = P(5, 6)
print(sorted(vars(q).items()))
print({k: v for k, v in vars(q).items() if v > 5})
