class K:
    def m(self):
        pass

print(type(1), type(1.0), type("s"), type(None), type(True), type([]), type(()), type({}), type(set()))
print(type(range(1)), type(K()), type(K), type(len), type(int), type(lambda: 0).__name__)
print(type(K().m).__name__, type(K.m).__name__, type(print).__name__, type(iter([])).__name__)
def gen():
    yield 1
print(type(gen()).__name__, type(gen).__name__, type(x for x in []).__name__)
print(type(1) == int, type(True) == int, type(True) == bool, type(K()) == K)
print(callable(K), callable(K()), callable(K().m), callable(len), callable(int), callable(None))
print(callable("str"), callable([]), callable(gen), callable(gen()), callable(type), callable(str.upper))
t = type(3)
print(t("12") + 1, type("")(5) + "!", type([])("ab"))
print(type(type), type(object), type(K).__name__)
