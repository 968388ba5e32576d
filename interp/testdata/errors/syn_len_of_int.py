def size(x):
    return len(x)
print(size("abc"))
print(size(42))
