plain = object()
print(type(plain).__name__)
plain.label = "x"
print(plain.label)
