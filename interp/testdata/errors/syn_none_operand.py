def maybe():
    pass
value = maybe()
print(value)
print(value + 1)
