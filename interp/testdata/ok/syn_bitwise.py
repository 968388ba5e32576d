# bitwise operators, including negatives and big ints
a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a, ~0, ~-1)
print(a << 2, a >> 2, 1 << 0, 5 >> 10, -1 >> 10, -16 >> 2, -17 >> 2)
print(-5 & 3, -5 | 3, -5 ^ 3, -5 & -3, 5 & -1)
print(1 << 64, (1 << 64) - 1 & 0xFF, (1 << 100) >> 99, -(1 << 100) >> 99)
print(2 ** 70 ^ 2 ** 69, ~(2 ** 70), -(2 ** 70) & 0xFFFF)
print(True & False, True | False, True ^ True, type(True & True), ~True)
print(6 & 3 | 8, 6 | 3 & 8, 1 << 2 + 1, (1 << 2) + 1, 8 >> 1 - 1)
x = 0
for bit in (0, 3, 5):
    x |= 1 << bit
print(x, bin(x), x & (1 << 3) != 0, x & (1 << 4) != 0)
x &= ~(1 << 3)
x ^= 0b11
x <<= 1
x >>= 2
print(x)
print({1, 2, 3} & {2, 3, 4}, {1, 2} | {3}, {1, 2, 3} ^ {3, 4}, {1, 2, 3} - {2})
