def compute():
    return undefined_thing * 2
print("calling")
compute()
