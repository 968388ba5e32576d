def greet(name, greeting="hi"):
    return greeting + " " + name
print(greet("a", greeting="yo"))
print(greet("b", greting="yo"))
