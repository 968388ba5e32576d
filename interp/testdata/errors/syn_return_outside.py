x = 1
if x:
    return x
