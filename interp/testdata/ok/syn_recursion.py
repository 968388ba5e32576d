# recursive functions
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(0), fact(5), fact(25))
def fib(n, memo={}):
    if n < 2:
        return n
    if n not in memo:
        memo[n] = fib(n - 1) + fib(n - 2)
    return memo[n]
print(fib(90))
def hanoi(n, a="A", b="B", c="C", moves=None):
    if moves is None:
        moves = []
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append(a + c)
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(10)), hanoi(2))
def flatten(x):
    if isinstance(x, list):
        return [y for item in x for y in flatten(item)]
    return [x]
print(flatten([1, [2, [3, [4, []]]], 5]))
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def perms(s):
    return [s] if len(s) <= 1 else [c + p for i, c in enumerate(s) for p in perms(s[:i] + s[i + 1:])]
print(perms("abc"))
