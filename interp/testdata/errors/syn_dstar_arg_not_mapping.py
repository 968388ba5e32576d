def show(**opts):
    return sorted(opts)
print(show(**{"b": 1, "a": 2}))
print(show(**["a", "b"]))
