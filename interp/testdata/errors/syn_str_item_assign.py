s = "hello"
print(s[0])
s[0] = "H"
