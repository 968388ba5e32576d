# / always gives a float
print(10 / 2, 7 / 2, -7 / 2, 1 / 3, 0 / 5, -0 / 5)
print(type(4 / 2), 4 / 2 == 2, 9 / 3)
print(2 ** 70 / 2 ** 69, 10 ** 20 / 10 ** 10, (2 ** 60 + 1) / 2)
print(1 / 7 * 7, 0.1 / 3, 1e308 / 1e-10 if False else 1e300 / 10)
print(5 / 2.0, 5.0 / 2, True / 2, -True / 4)
print(10 ** 400 // 10 ** 399, 10 ** 30 / 10 ** 28)
print(abs(-7 / 2), round(7 / 2), int(7 / 2), 7 // 2)
