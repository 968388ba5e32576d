# return/break/continue inside finally, and catching RecursionError
def swallow():
    try:
        1 / 0
    finally:
        return "swallowed"
print(swallow())
def brk():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            break
    return i
print(brk())
def cont():
    out = []
    for i in range(3):
        try:
            if i == 1:
                raise KeyError
            out.append(i)
        finally:
            continue
    return out
print(cont())
def deep(n):
    return deep(n + 1)
try:
    deep(0)
except RecursionError as e:
    print("caught", e)
def depth_probe(n):
    try:
        return depth_probe(n + 1)
    except RecursionError:
        return n
print(depth_probe(0) > 900)
print("still running")
