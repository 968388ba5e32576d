# default values are evaluated once
def append_to(item, target=[]):
    target.append(item)
    return target
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
print(append_to(4))
def safe_append(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target
print(safe_append(1), safe_append(2))
counter = 0
def next_id():
    global counter
    counter += 1
    return counter
def stamp(n=next_id()):
    return n
print(stamp(), stamp(), counter)
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"), greet("Bob", "Hi"), greet("Cy", punct="?"))
print(greet.__defaults__, append_to.__defaults__)
x = 5
def uses(v=x * 2):
    return v
x = 100
print(uses())
