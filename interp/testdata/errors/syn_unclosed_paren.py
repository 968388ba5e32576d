# an unclosed parenthesis
print("before")
total = (1 + 2
print(total)
