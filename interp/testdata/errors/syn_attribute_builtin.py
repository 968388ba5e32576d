n = 5
s = "text"
print(s.upper())
n.append(1)
