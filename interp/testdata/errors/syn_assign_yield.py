def gen():
    yield = 1
    return 2
