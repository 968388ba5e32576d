def on_return():
    try:
        return "value"
    finally:
        print("finally on return")

print(on_return())

for i in range(3):
    try:
        if i == 0:
            continue
        if i == 2:
            break
        print("body", i)
    finally:
        print("finally", i)

def nested_loops():
    out = []
    for i in range(3):
        for j in range(3):
            try:
                if j == 1:
                    break
                out.append((i, j))
            finally:
                out.append("f%d%d" % (i, j))
    return out
print(nested_loops())

def counter():
    n = 0
    while True:
        try:
            n += 1
            if n < 3:
                continue
            return n
        finally:
            print("while finally", n)
print(counter())

def value_is_computed_before_finally():
    x = [1]
    try:
        return x
    finally:
        x.append(2)        # the returned list is the same object
print(value_is_computed_before_finally())

def number_before_finally():
    x = 1
    try:
        return x
    finally:
        x = 2              # rebinding does not change what is returned
print(number_before_finally())
