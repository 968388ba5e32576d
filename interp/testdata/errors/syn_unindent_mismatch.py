def f():
        a = 1
    return a
print(f())
