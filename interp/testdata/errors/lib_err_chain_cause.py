def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise RuntimeError("config is broken") from e

print(load("5"))
load("five")
