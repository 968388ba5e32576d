words = ["a", "b"]
print((" ".join(words)).upper())
print((" ".join(words)).shout())
