def outer(n):
    def inner(k):
        return [k][n]
    return inner(n)
print(outer(0))
print(outer(3))
