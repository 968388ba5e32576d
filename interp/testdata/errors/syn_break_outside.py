def f():
    print("in f")
    break
f()
