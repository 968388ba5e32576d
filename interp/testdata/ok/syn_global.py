# global declarations
count = 0
def bump():
    global count
    count += 1
bump()
bump()
print(count)
def read_only():
    return count * 10
print(read_only())
def create():
    global created
    created = "made in function"
create()
print(created)
def shadow():
    count = -1
    return count
print(shadow(), count)
def nested():
    def inner():
        global count
        count = 100
    inner()
nested()
print(count)
items = []
def mutate():
    items.append(1)
mutate()
print(items)
