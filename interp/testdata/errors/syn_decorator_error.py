def logged(fn):
    def wrapper(*args):
        print("calling", fn.__name__, args)
        return fn(*args)
    return wrapper
@logged
def half(x):
    return x // 2 if x else {}["no zero"]
print(half(8))
half(0)
