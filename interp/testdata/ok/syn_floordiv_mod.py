# // and % follow the floor convention
for a in (7, -7):
    for b in (2, -2, 3, -3):
        print(a, b, a // b, a % b, divmod(a, b), (a // b) * b + a % b == a)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 7.5 % -2)
print(7 // 2.0, -7 // 2.0, 7 % 2.5, -1 % 3.0, 1 % -3.0)
print(0 // 5, 0 % 5, -0.0 % 5, 5 % 5)
print(-1 // 10, 1 // -10, -1 % 10, 1 % -10)
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(2**70, 3), divmod(-(2**70), 7))
print(10 ** 20 // -3, 10 ** 20 % -3, -(10 ** 20) // 3, -(10 ** 20) % 3)
print(6.0 % 0.1 < 0.1, 1e300 // 1e-300 > 1e300)
