def depth(n):
    if n < 0:
        return n
    return depth(n + 1)

print(depth(-5))
depth(0)
