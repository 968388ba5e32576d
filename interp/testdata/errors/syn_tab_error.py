def area(r):
	pi = 3.14
        return pi * r * r
print(area(2))
