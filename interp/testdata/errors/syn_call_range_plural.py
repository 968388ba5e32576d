def greet(name="you"):
    return "hi " + name
print(greet())
print(greet("me"))
greet("a", "b")
