def power(base, exp, /):
    return base ** exp
print(power(2, 5))
power(base=2, exp=5)
